#include "widgets/autograd/computation_graph_capture.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "core/autograd/autograd_meta.h"
#include "core/nn/module.h"
#include "core/ops/view.h"
#include "core/script/interpreter.h"

namespace tessera::widgets {

namespace {

Tensor makeInput(const CaptureInput& in) {
    std::int64_t numel = 1;
    for (auto s : in.sizes) numel *= s;
    if (static_cast<std::int64_t>(in.values.size()) != numel)
        throw ValueError("input '" + in.name + "': " + std::to_string(in.values.size()) + " values for " +
                         std::to_string(numel) + " elements");
    Tensor t = Tensor::fromVector<double>(in.values, in.sizes);
    if (in.dtype != DType::Float64) t = ops::to(t, in.dtype);
    if (in.requiresGrad) {
        if (!isFloating(in.dtype))
            throw ValueError("input '" + in.name + "': only floating point tensors can require gradients");
        t.setRequiresGrad(true);
    }
    return t;
}

}  // namespace

CapturedGraph fromSnapshot(autograd::GraphSnapshot snapshot) {
    CapturedGraph g;
    g.snapshot = std::move(snapshot);
    return g;
}

CapturedGraph fromTrainingStep(autograd::GraphSnapshot snapshot) {
    CapturedGraph g = fromSnapshot(std::move(snapshot));
    if (g.snapshot.roots.empty()) return g;
    g.backwardTarget = kLossName;
    CapturedTensor c;
    c.name = kLossName;
    c.value = g.snapshot.rootTensors[0];
    c.value.name = kLossName;
    c.node = static_cast<std::ptrdiff_t>(g.snapshot.roots[0]);
    c.isLeaf = false;
    c.requiresGrad = true;
    g.tensors.push_back(std::move(c));
    return g;
}

CapturedGraph captureScript(const std::string& script, const std::vector<CaptureInput>& inputs,
                            const std::string& backwardTarget) {
    script::Interpreter interp;
    std::vector<std::pair<std::string, Tensor>> named;
    for (const auto& in : inputs) {
        Tensor t = makeInput(in);
        if (t.requiresGrad()) autograd::autogradMeta(t).name = in.name;
        interp.setVariable(in.name, script::Value(t));
        named.emplace_back(in.name, t);
    }
    // Every op's output as it was computed, also those the script does not name: (a * 3).mean()'s a * 3.
    autograd::ForwardRecorder forward(/*withValues=*/true);
    interp.run(script, "playground");

    // Script variables that are tensors, in order of first assignment (an input reassigned by the
    // script is its new value).
    for (const auto& name : interp.assignedNames()) {
        const script::Value* v = interp.variable(name);
        if (!v || !v->isTensor()) continue;
        const Tensor& t = v->asTensor();
        auto it = std::find_if(named.begin(), named.end(), [&](const auto& p) { return p.first == name; });
        if (it != named.end())
            it->second = t;
        else
            named.emplace_back(name, t);
        if (t.isLeaf() && t.requiresGrad()) {
            auto& meta = autograd::autogradMeta(t);
            if (meta.name.empty()) meta.name = name;
        }
    }

    CapturedGraph g;
    std::optional<Tensor> target;
    if (!backwardTarget.empty()) {
        const script::Value* v = interp.variable(backwardTarget);
        if (!v) throw ValueError("backward: the script assigns no variable '" + backwardTarget + "'");
        if (!v->isTensor())
            throw ValueError("backward: '" + backwardTarget + "' is a " + v->typeName() + ", not a Tensor");
        if (!v->asTensor().gradFn())
            throw ValueError("backward: '" + backwardTarget + "' does not require grad (it has no grad_fn)");
        target = v->asTensor();
        g.backwardTarget = backwardTarget;
    } else {
        const auto& assigned = interp.assignedNames();
        for (auto it = assigned.rbegin(); it != assigned.rend() && !target; ++it) {
            const script::Value* v = interp.variable(*it);
            if (v && v->isTensor() && v->asTensor().gradFn() && v->asTensor().numel() == 1) {
                target = v->asTensor();
                g.backwardTarget = *it;
            }
        }
    }

    autograd::TensorList roots;
    if (target) {
        // Named tensors outside the target's graph (a check computed beside it) are drawn as roots too.
        roots.push_back(*target);
        std::set<std::uint64_t> reached;
        auto reach = [&reached](const Tensor& root) {
            const autograd::GraphRecorder probe({root});
            for (const auto& n : probe.snapshot().nodes) reached.insert(n.sequenceNr);
        };
        reach(*target);
        for (const auto& [name, t] : named)
            if (t.gradFn() && !reached.count(t.gradFn()->sequenceNr())) {
                roots.push_back(t);
                reach(t);
            }
    } else {
        for (const auto& [name, t] : named)
            if (t.gradFn()) roots.push_back(t);
    }
    std::vector<autograd::SnapshotTensor> before;
    for (const auto& [name, t] : named) before.push_back(autograd::describeTensor(t.grad(), "grad", true));
    autograd::GraphRecorder recorder(roots, /*withValues=*/true, &forward);
    if (target) {
        autograd::ObserveBackward observe(recorder);
        target->backward();
    }
    g.snapshot = recorder.snapshot();

    // Named tensors are tied to their grad_fn by sequence number (unique within a run) and to a leaf's
    // AccumulateGrad by the leaf's name.
    std::map<std::uint64_t, std::size_t> bySequence;
    std::map<std::string, std::size_t> leafByName;
    for (std::size_t i = 0; i < g.snapshot.nodes.size(); ++i) {
        const auto& n = g.snapshot.nodes[i];
        if (n.isLeafAccumulator)
            leafByName.emplace(n.variable.name, i);
        else
            bySequence.emplace(n.sequenceNr, i);
    }
    for (std::size_t i = 0; i < named.size(); ++i) {
        const auto& [name, t] = named[i];
        CapturedTensor c;
        c.name = name;
        c.value = autograd::describeTensor(t.detach(), name, true);
        c.value.storageId = reinterpret_cast<std::uintptr_t>(t.storage().get());
        c.grad = autograd::describeTensor(t.grad(), "grad", true);
        c.gradBefore = before[i];
        c.isLeaf = t.isLeaf();
        c.requiresGrad = t.requiresGrad();
        c.isInput = std::any_of(inputs.begin(), inputs.end(), [&](const auto& in) { return in.name == name; });
        if (auto fn = t.gradFn()) {
            auto it = bySequence.find(fn->sequenceNr());
            if (it != bySequence.end()) c.node = static_cast<std::ptrdiff_t>(it->second);
            c.outputNr = t.outputNr();
        } else if (c.requiresGrad) {
            const auto* meta = autograd::autogradMetaIfAny(t);
            auto it = leafByName.find(meta ? meta->name : name);
            if (it != leafByName.end()) c.node = static_cast<std::ptrdiff_t>(it->second);
        }
        g.tensors.push_back(std::move(c));
    }
    return g;
}

CapturedGraph captureStep(const nn::Module& module, const std::function<Tensor()>& loss) {
    for (const auto& [name, p] : module.namedParameters()) autograd::autogradMeta(p).name = name;
    autograd::ForwardRecorder forward(/*withValues=*/true);
    const Tensor value = loss();
    if (!value.gradFn()) throw ValueError("captureStep: the loss does not require grad (it has no grad_fn)");
    autograd::GraphRecorder recorder({value}, /*withValues=*/true, &forward);
    {
        autograd::ObserveBackward observe(recorder);
        value.backward();
    }
    return fromTrainingStep(recorder.snapshot());
}

}  // namespace tessera::widgets
