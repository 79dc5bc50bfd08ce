#include "core/optim/optim_support.h"

#include <sstream>

#include "core/tensor/error.h"
#include "core/tensor/factory.h"

namespace tessera::optim::detail {

Options withDefaults(const std::string& optimizer, Options base, const Options& given) {
    for (const auto& [key, value] : given) {
        const auto it = base.find(key);
        if (it == base.end() && key != "lr")
            throw ValueError(optimizer + ": __init__() got an unexpected keyword argument '" + key + "'");
        base[key] = value;
    }
    return base;
}

namespace {
std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}
}  // namespace

void checkAtLeast(const std::string& what, double value, double low) {
    if (!(low <= value)) throw ValueError("Invalid " + what + ": " + number(value));
}

void checkRange(const std::string& what, double value, double low, double high) {
    if (!(low <= value && value < high)) throw ValueError("Invalid " + what + ": " + number(value));
}

std::vector<ParamGroup> oneGroup(std::vector<Tensor> params) {
    std::vector<ParamGroup> groups(1);
    groups[0].params = std::move(params);
    return groups;
}

Tensor& stateBuffer(ParamState& state, const std::string& key, const Tensor& param) {
    auto it = state.buffers.find(key);
    if (it == state.buffers.end()) it = state.buffers.emplace(key, zerosLike(param)).first;
    return it->second;
}

}  // namespace tessera::optim::detail
