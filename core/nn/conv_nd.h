// What Conv1d and Conv2d share (torch's _ConvNd): options, the weight [out, in/groups, *kernel] and
// bias with torch's default initialisation, argument checks and the repr.
//
//   nn::Conv2d conv({.inChannels = 1, .outChannels = 8, .kernelSize = {3}, .padding = {1}}, gen);
//   nn::Conv1d same({.inChannels = 4, .outChannels = 4, .kernelSize = {5}, .paddingString = "same"}, gen);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/nn/layer_registry.h"
#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

// Sizes hold one value for every spatial dim or one per dim.
struct ConvOptions {
    std::int64_t inChannels = 0;
    std::int64_t outChannels = 0;
    Shape kernelSize{};
    Shape stride{1};
    Shape padding{0};
    std::string paddingString{};  // "same" or "valid" instead of `padding`; empty when padding is numeric
    Shape dilation{1};
    std::int64_t groups = 1;
    bool bias = true;
    std::string paddingMode = "zeros";  // or "reflect", "replicate", "circular"
};

class ConvNd : public Module {
public:
    std::string extraRepr() const override;
    // Options with every size expanded to one value per spatial dim.
    const ConvOptions& options() const { return m_options; }
    Tensor weight, bias;

protected:
    ConvNd(std::string typeName, std::size_t spatialDims, const ConvOptions& options, Generator& gen);
    // For a padding_mode other than zeros: the input padded by that mode (torch pads with F.pad and
    // then convolves without padding).
    Tensor padInput(const Tensor& input) const;

private:
    ConvOptions m_options;
};

// The registry schema and option reading both convolutions share.
std::vector<ParamSpec> convParams(int spatialDims);
ConvOptions convOptionsFromJson(const io::Json& options);

}  // namespace tessera::nn
