#include "core/train/non_finite.h"

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/graph/node_type_registry.h"
#include "core/ops/view.h"

namespace tessera::train {

std::string NonFiniteReport::message() const {
    const char* place = where == Where::Loss      ? " in the loss"
                        : where == Where::Forward ? " in the forward pass"
                                                  : " in a gradient";
    std::string m = std::string(nan ? "NaN" : "Inf") + place + " at step " + std::to_string(step);
    if (!detail.empty()) m += ": " + detail;
    if (!layer.empty()) m += " (layer '" + layer + "')";
    return m;
}

namespace {

bool hasNonFinite(const Tensor& t) {
    if (!t.defined() || !isFloating(t.dtype())) return false;
    for (double v : ops::to(t, DType::Float64).toVector<double>())
        if (!std::isfinite(v)) return true;
    return false;
}

}  // namespace

std::string firstNonFiniteNode(graph::GraphModule& model, const Tensor& features, const Tensor& targets) {
    autograd::NoGradGuard noGrad;
    // Batch norm in training mode updates its running statistics: put them back afterwards.
    nn::NamedTensors state;
    for (const auto& [name, t] : model.stateDict())
        if (t.defined()) state.emplace_back(name, ops::clone(t.detach()));
    std::map<std::string, std::vector<Tensor>> outputs;
    try {
        outputs = model.evaluate(features, &targets);
    } catch (const std::exception&) {
        // A forward that fails on other grounds names no layer.
    }
    model.loadStateDict(state, /*strict=*/false);
    const auto& registry = graph::NodeTypeRegistry::instance();
    for (const graph::Node& node : model.graph().nodes()) {
        const graph::NodeType* type = registry.find(node.type);
        if (!type || type->role == graph::NodeRole::Input || type->role == graph::NodeRole::Target) continue;
        auto it = outputs.find(node.id);
        if (it == outputs.end()) continue;
        for (const Tensor& t : it->second)
            if (hasNonFinite(t)) return node.id;
    }
    return {};
}

bool parseAnomaly(const std::string& what, NonFiniteReport& report) {
    const bool forward = what.starts_with("Anomaly detected: op '");
    const bool backward = what.starts_with("Function '") && what.find("returned nan values") != std::string::npos;
    if (!forward && !backward) return false;
    report.detail = what;
    const auto open = what.find('\'');
    const auto close = open == std::string::npos ? open : what.find('\'', open + 1);
    if (close != std::string::npos) report.op = what.substr(open + 1, close - open - 1);
    // The engine's message ("Function 'XBackward0' returned nan values …") is torch's; it only says nan.
    report.where = forward ? NonFiniteReport::Where::Forward : NonFiniteReport::Where::Backward;
    report.nan = what.find(" inf ") == std::string::npos;
    return true;
}

}  // namespace tessera::train
