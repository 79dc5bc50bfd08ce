#include "core/train/non_finite.h"

#include <cmath>
#include <vector>

#include "core/autograd/engine.h"
#include "core/autograd/grad_mode.h"
#include "core/graph/node_type_registry.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"

namespace tessera::train {

std::string NonFiniteReport::message() const {
    const char* place = where == Where::Loss      ? " in the loss"
                        : where == Where::Forward ? " in the forward pass"
                                                  : " in a gradient";
    std::string m = std::string(nan ? "NaN" : "Inf") + place + " at step " + std::to_string(step);
    if (!detail.empty()) m += ": " + detail;
    std::vector<std::string> parts;
    if (where == Where::Backward && !op.empty() && detail.find("'" + op + "'") == std::string::npos)
        parts.push_back(op);
    if (!layer.empty()) parts.push_back("layer '" + layer + "'");
    if (!scope.empty()) parts.push_back("scope '" + scope + "'");
    for (std::size_t i = 0; i < parts.size(); ++i) m += (i == 0 ? " (" : ", ") + parts[i];
    if (!parts.empty()) m += ")";
    return m;
}

namespace {

// The first NaN or infinity in `t`, if any.
std::optional<double> firstNonFinite(const Tensor& t) {
    if (!t.defined() || !isFloating(t.dtype())) return std::nullopt;
    for (double v : ops::to(t, DType::Float64).toVector<double>())
        if (!std::isfinite(v)) return v;
    return std::nullopt;
}

bool hasNonFinite(const Tensor& t) { return firstNonFinite(t).has_value(); }

nn::NamedTensors cloneState(nn::Module& model) {
    nn::NamedTensors state;
    for (const auto& [name, t] : model.stateDict())
        if (t.defined()) state.emplace_back(name, ops::clone(t.detach()));
    return state;
}

// The engine checks a Node's gradients only where an edge leads on (validateOutputs); so does this.
class GradientWatch final : public autograd::BackwardObserver {
public:
    void nodeEvaluated(const autograd::Node& node, const autograd::TensorList&,
                       const autograd::TensorList& gradsOut) override {
        if (m_found) return;
        const auto& edges = node.nextEdges();
        for (std::size_t i = 0; i < gradsOut.size() && i < edges.size(); ++i) {
            if (!edges[i].isValid()) continue;
            if (auto bad = firstNonFinite(gradsOut[i])) {
                m_found = BadGradient{std::string(node.name()), profile::scopePath(node.scope()), std::isnan(*bad)};
                return;
            }
        }
    }
    const std::optional<BadGradient>& found() const { return m_found; }

private:
    std::optional<BadGradient> m_found;
};

// Anomaly mode off while the watched step runs (it would stop the backward at the Node the watch is
// looking for, before the watch sees it), put back afterwards.
class AnomalyOff {
public:
    AnomalyOff() : m_previous(autograd::AnomalyMode::isEnabled()) { autograd::AnomalyMode::setEnabled(false); }
    ~AnomalyOff() { autograd::AnomalyMode::setEnabled(m_previous); }
    AnomalyOff(const AnomalyOff&) = delete;
    AnomalyOff& operator=(const AnomalyOff&) = delete;

private:
    bool m_previous;
};

}  // namespace

void describeBadGradient(NonFiniteReport& report, const std::optional<BadGradient>& bad) {
    report.where = NonFiniteReport::Where::Backward;
    if (!bad) return;
    report.op = bad->op;
    report.nan = bad->nan;
    report.layer = bad->layer();
    report.scope = bad->scope == report.layer ? std::string() : bad->scope;
}

std::string BadGradient::layer() const { return scope.substr(0, scope.find('/')); }

std::optional<BadGradient> firstNonFiniteGradient(nn::Module& model, const std::function<void()>& step) {
    const nn::NamedTensors state = cloneState(model);
    GradientWatch watch;
    try {
        AnomalyOff off;
        autograd::ObserveBackward observe(watch);
        step();
    } catch (const std::exception&) {
        // A step that fails on other grounds after the bad gradient still leaves it found.
    }
    model.loadStateDict(state, /*strict=*/false);
    return watch.found();
}

std::string firstNonFiniteNode(graph::GraphModule& model, const Tensor& features, const Tensor& targets) {
    autograd::NoGradGuard noGrad;
    // Batch norm in training mode updates its running statistics: put them back afterwards.
    const nn::NamedTensors state = cloneState(model);
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
