// The layers by torch's class name, each with its parameter schema, built from a JSON object of
// torch's keyword arguments. The model graph, the designer's property editor, the docs and the torch
// conformance tests all read this one table.
//
//   Generator gen(1);
//   auto fc = nn::buildLayer("Linear", io::parseJson(R"({"in_features": 4, "out_features": 3})", "opts"), gen);
//   const nn::LayerInfo& info = nn::layerInfo("Conv2d");     // category, help, params with defaults
//   io::Json full = nn::resolveOptions("Linear", opts);      // {"in_features": 4, "out_features": 3, "bias": true}
//   for (const auto& type : nn::registeredLayers()) …        // "AdaptiveAvgPool2d", "AvgPool2d", …
//
// Each layer registers itself at namespace scope in its own .cpp (static LayerRegistration). Options
// are checked against the schema: an unknown key, a value of the wrong type or out of range and a
// missing required key are ValueErrors naming the layer type, the key and the cause
// ("Linear: option 'out_features' must be an integer ≥ 1, got -3").
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/json.h"
#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

enum class ParamType {
    Int,
    Float,
    Bool,
    String,
    Choice,         // one of `choices`
    IntOrTuple,     // 3 or [3, 3] (tupleSize elements; 0 = any length ≥ 1); a string from `choices` too
    OptionalInt,    // an integer or null
    OptionalFloat,  // a number or null
    Layers,         // an array of {"type": "Linear", "options": {…}} (Sequential's children)
};

std::string_view paramTypeName(ParamType type);  // "int", "float", "int or tuple", …

struct ParamSpec {
    std::string name{};  // torch's keyword: "in_features"
    ParamType type = ParamType::Int;
    bool required = false;
    io::Json defaultValue{};  // torch's default when not required; null (None) also makes null a valid value
    std::optional<double> min{}, max{};
    std::vector<std::string> choices{};
    int tupleSize = 0;          // IntOrTuple only
    bool nullElements = false;  // IntOrTuple only: list elements may be null (torch's None, "keep that size")
    std::string help{};
};

using LayerBuilder = std::function<std::shared_ptr<Module>(const io::Json& options, Generator& gen)>;

struct LayerInfo {
    std::string type{};      // torch's class: "Linear"
    std::string category{};  // "Linear", "Convolution", "Pooling", "Normalization", "Activation",
                             // "Regularization", "Embedding", "Reshape", "Attention", "Recurrent", "Container"
    std::string help{};
    std::vector<ParamSpec> params{};
    // Receives the resolved options (every key present, checked against params).
    LayerBuilder build{};
};

// Adds a layer type; a type registered twice throws ValueError.
void registerLayer(LayerInfo info);
// Throws ValueError "unknown layer type 'Foo'" listing close names.
const LayerInfo& layerInfo(std::string_view type);
bool isRegisteredLayer(std::string_view type);
std::vector<std::string> registeredLayers();  // sorted
// Options with torch's defaults filled in, in schema order; checked as described above.
io::Json resolveOptions(std::string_view type, const io::Json& options);
// Resolves the options and builds the layer, initialised from `gen` as torch initialises it.
std::shared_ptr<Module> buildLayer(std::string_view type, const io::Json& options, Generator& gen);

// For a layer's .cpp: `static const LayerRegistration reg{LayerInfo{…}};`
struct LayerRegistration {
    explicit LayerRegistration(LayerInfo info) { registerLayer(std::move(info)); }
};

// Reading resolved options in a builder: IntOrTuple values as a list of `n` integers (an int repeats;
// a null element reads as -1).
std::vector<std::int64_t> intList(const io::Json& value, std::size_t n);
std::optional<double> optionalNumber(const io::Json& value);
std::optional<std::int64_t> optionalInteger(const io::Json& value);

}  // namespace tessera::nn
