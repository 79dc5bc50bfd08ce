#include "core/ops/nll_loss.h"

#include <string>

#include "core/autograd/function.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
OpCost nllLossCost(CostOperands inputs, CostOperands outputs) {
    // One multiply-add per target element; only the picked input elements are read.
    const double n = inputs.size() > 1 && inputs[1].defined() ? static_cast<double>(inputs[1].numel()) : 0;
    double bytes = 0;
    for (const auto& t : outputs)
        if (t.defined()) bytes += static_cast<double>(t.nbytes());
    if (inputs.size() > 1 && inputs[1].defined()) bytes += static_cast<double>(inputs[1].nbytes());
    return {2 * n, bytes + n * 8};
}

const OpInfo& kNllLoss = registerOp({"nll_loss", OpCategory::Loss, nllLossCost});
const OpInfo& kNllLossBackward = registerOp({"nll_loss_backward", OpCategory::Backward, elementwiseCost});

// The (N, C, S) layout of a 1-d (C), 2-d (N, C) or 4-d (N, C, H, W) input.
struct Layout {
    std::int64_t n = 1, c = 1, s = 1;
};
Layout layoutOf(const Tensor& input) {
    if (input.dim() == 1) return {1, input.size(0), 1};
    Layout l{input.size(0), input.size(1), 1};
    for (std::int64_t d = 2; d < input.dim(); ++d) l.s *= input.size(d);
    return l;
}

struct NllLossBackward final : autograd::Node {
    std::string_view nodeName;
    autograd::SavedVariable self, target, weight;
    Reduction reduction = Reduction::Mean;
    std::int64_t ignoreIndex = -100;
    double totalWeight = 0;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {nllLossBackward(grads[0], self.unpack(this), target.unpack(this), weight.unpack(this), reduction,
                                ignoreIndex, totalWeight)};
    }
    void visitSaved(const SavedVisitor& visit) override {
        visit("self", self);
        visit("target", target);
        visit("weight", weight);
    }
};

// NllLossBackwardBackward0 / NllLoss2DBackwardBackward0: nll_loss_backward is linear in its gradient
// argument, so the gradient for it is nll_loss of the incoming gradient (torch's formula); the input
// (only its shape mattered) gets none.
struct NllLossBackwardBackward final : autograd::Node {
    std::string_view nodeName;
    autograd::SavedVariable target, weight;
    Reduction reduction = Reduction::Mean;
    std::int64_t ignoreIndex = -100;
    std::string_view name() const override { return nodeName; }
    autograd::TensorList apply(autograd::TensorList&& grads) override;
    void visitSaved(const SavedVisitor& visit) override {
        visit("target", target);
        visit("weight", weight);
    }
};

// The forward on a 1-d, 2-d or 4-d input whose target was checked against it; `outSizes` shapes the
// 'none' output. Targets are validated before any work. Attaches NllLossBackward0 (or the 2D node).
Tensor nllForward(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                  std::int64_t ignoreIndex, const Shape& outSizes) {
    // Plain variables, not a structured binding: clang 14 (the fuzz build) cannot capture one.
    const Layout layout = layoutOf(input);
    const std::int64_t n = layout.n, c = layout.c, s = layout.s;
    const Tensor tgt = detail::materialize(target);
    const std::int64_t* tp = tgt.data<std::int64_t>();
    const std::int64_t count = n * s;
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t t = tp[i];
        if (t != ignoreIndex && (t < 0 || t >= c))
            throw IndexError("nll_loss: Target " + std::to_string(t) + " is out of bounds.");
    }
    double totalWeight = 0;
    Tensor out = visitFloating(input.dtype(), "nll_loss", [&]<class T>() {
        const Tensor x = detail::materialize(input);
        const T* xp = x.data<T>();
        Tensor w;
        const T* wp = nullptr;
        if (weight.defined()) {
            w = detail::materialize(weight);
            wp = w.data<T>();
        }
        totalWeight = detail::chunkedSum(count, [&](std::int64_t lo, std::int64_t hi) {
            double acc = 0;
            for (std::int64_t i = lo; i < hi; ++i)
                if (tp[i] != ignoreIndex) acc += wp ? static_cast<double>(wp[tp[i]]) : 1.0;
            return acc;
        });
        auto term = [=](std::int64_t i) -> T {
            const std::int64_t t = tp[i];
            if (t == ignoreIndex) return T(0);
            const std::int64_t b = i / s, k = i % s;
            return -(wp ? wp[t] : T(1)) * xp[(b * c + t) * s + k];
        };
        if (reduction == Reduction::None) return detail::reducePointwise<T>(outSizes, Reduction::None, term);
        double total = detail::chunkedSum(count, [&](std::int64_t lo, std::int64_t hi) {
            double acc = 0;
            for (std::int64_t i = lo; i < hi; ++i) acc += static_cast<double>(term(i));
            return acc;
        });
        if (reduction == Reduction::Mean) total /= totalWeight;
        return Tensor::scalar<T>(static_cast<T>(total));
    });
    if (auto node = autograd::makeNode<NllLossBackward>(input)) {
        node->nodeName = input.dim() == 4 ? "NllLoss2DBackward0" : "NllLossBackward0";
        node->self = autograd::SavedVariable(input);
        node->target = autograd::SavedVariable(target);
        node->weight = autograd::SavedVariable(weight);
        node->reduction = reduction;
        node->ignoreIndex = ignoreIndex;
        node->totalWeight = totalWeight;
        autograd::setHistory(out, node);
    }
    return out;
}

autograd::TensorList NllLossBackwardBackward::apply(autograd::TensorList&& grads) {
    autograd::TensorList out(2);
    if (shouldComputeOutput(0)) {
        const Tensor& gg = grads[0];
        const Tensor t = target.unpack(this);
        const Shape outSizes = gg.dim() == 1 ? Shape{} : gg.dim() == 2 ? Shape{gg.size(0)} : t.sizes();
        out[0] = nllForward(gg, t, weight.unpack(this), reduction, ignoreIndex, outSizes);
    }
    return out;
}

void checkWeight(const Tensor& input, const Tensor& weight, std::int64_t c) {
    if (!weight.defined()) return;
    if (weight.dim() != 1 || weight.numel() != c)
        throw ShapeError("nll_loss: weight tensor should be defined either for all " + std::to_string(c) +
                         " classes or no classes but got weight tensor of shape: " + shapeToString(weight.sizes()));
    if (weight.dtype() != input.dtype())
        throw TypeError(std::string("nll_loss: expected scalar type ") +
                        std::string(detail::torchTypeName(input.dtype())) + " but found " +
                        std::string(detail::torchTypeName(weight.dtype())));
    detail::checkNotDifferentiable(weight, "nll_loss_forward", "weight");
}

}  // namespace

Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
               std::int64_t ignoreIndex) {
    OpCall call(kNllLoss, input, target, weight);
    const std::int64_t nd = input.dim();
    if (nd < 1) throw ValueError("nll_loss: Expected 1 or more dimensions (got " + std::to_string(nd) + ")");
    if (nd != 1 && (target.dim() == 0 || input.size(0) != target.size(0)))
        throw ValueError("nll_loss: Expected input batch_size (" + std::to_string(input.size(0)) +
                         ") to match target batch_size (" +
                         (target.dim() == 0 ? std::string("none") : std::to_string(target.size(0))) + ").");
    const std::int64_t c = nd == 1 ? input.size(0) : input.size(1);
    // After the shape checks, as torch: dtypes are checked by its kernels.
    auto checkTypes = [&] {
        checkWeight(input, weight, c);
        if (target.dtype() != DType::Int64)
            throw TypeError(std::string("nll_loss: expected scalar type Long but found ") +
                            std::string(detail::torchTypeName(target.dtype())));
        if (!isFloating(input.dtype()))
            throw TypeError(std::string("nll_loss: \"nll_loss_out_frame\" not implemented for '") +
                            std::string(detail::torchTypeName(input.dtype())) + "'");
    };

    if (nd <= 2) {
        if (target.dim() > 1) throw ShapeError("nll_loss: 0D or 1D target tensor expected, multi-target not supported");
        const bool noBatch = nd == 1 && target.dim() == 0;
        if (!noBatch && input.size(0) != target.size(0))
            throw ShapeError("nll_loss: size mismatch (got input: " + shapeToString(input.sizes()) +
                             ", target: " + shapeToString(target.sizes()) + ")");
        checkTypes();
        const Shape outSizes = nd == 1 ? Shape{} : Shape{input.size(0)};
        return call.finish(nllForward(input, target, weight, reduction, ignoreIndex, outSizes));
    }
    if (nd == 4) {
        // torch's nll_loss2d.
        if (target.dim() != 3)
            throw ShapeError(
                "nll_loss: only batches of spatial targets supported (3D tensors) but got targets of dimension: " +
                std::to_string(target.dim()));
        if (input.size(2) != target.size(1) || input.size(3) != target.size(2))
            throw ShapeError("nll_loss: size mismatch (got input: " + shapeToString(input.sizes()) +
                             " , target: " + shapeToString(target.sizes()));
        checkTypes();
        return call.finish(nllForward(input, target, weight, reduction, ignoreIndex, target.sizes()));
    }
    // 3 or more than 4 dims: torch views the input as (N, C, 1, S) and runs nll_loss2d.
    const std::int64_t n = input.size(0);
    Shape outSizes(input.sizes().begin() + 2, input.sizes().end());
    if (Shape(target.sizes().begin() + 1, target.sizes().end()) != outSizes) {
        outSizes.insert(outSizes.begin(), n);
        throw ShapeError("nll_loss: Expected target size " + shapeToString(outSizes) + ", got " +
                         shapeToString(target.sizes()));
    }
    outSizes.insert(outSizes.begin(), n);
    checkTypes();
    const Tensor in4 =
        input.numel() > 0 ? view(contiguous(input), {n, c, 1, -1}) : view(contiguous(input), {n, c, 0, 0});
    const Tensor t3 = target.numel() > 0 ? view(contiguous(target), {n, 1, -1}) : view(contiguous(target), {n, 0, 0});
    Tensor out = nllForward(in4, t3, weight, reduction, ignoreIndex, t3.sizes());
    if (reduction == Reduction::None) out = view(out, outSizes);
    return call.finish(out);
}

Tensor nllLossBackward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                       Reduction reduction, std::int64_t ignoreIndex, double totalWeight) {
    OpCall call(kNllLossBackward, grad, input, target, weight);
    const Layout layout = layoutOf(input);  // not a structured binding: see nllForward
    const std::int64_t n = layout.n, c = layout.c, s = layout.s;
    Tensor out = tessera::zeros(input.sizes(), input.dtype());
    const std::int64_t count = n * s;
    if (count > 0 && c > 0) {
        const Tensor tgt = detail::materialize(target);
        const std::int64_t* tp = tgt.data<std::int64_t>();
        visitFloating(input.dtype(), "nll_loss_backward", [&]<class T>() {
            T* op = out.data<T>();
            Tensor w;
            const T* wp = nullptr;
            if (weight.defined()) {
                w = detail::materialize(weight, weight.sizes(), input.dtype());
                wp = w.data<T>();
            }
            Tensor g;
            const T* gp = nullptr;
            T g0 = 0;
            if (reduction == Reduction::None) {
                g = detail::materialize(grad, grad.sizes(), input.dtype());
                gp = g.data<T>();
            } else {
                g0 = grad.item<T>();
                if (reduction == Reduction::Mean) g0 /= static_cast<T>(totalWeight);
            }
            kernels::parallelFor(0, count, detail::kLossGrain, [&](std::int64_t lo, std::int64_t hi) {
                for (std::int64_t i = lo; i < hi; ++i) {
                    const std::int64_t t = tp[i];
                    if (t == ignoreIndex) continue;
                    const std::int64_t b = i / s, k = i % s;
                    op[(b * c + t) * s + k] = -(wp ? wp[t] : T(1)) * (gp ? gp[i] : g0);
                }
            });
        });
    }
    if (auto node = autograd::makeNode<NllLossBackwardBackward>(grad, input)) {
        node->nodeName = input.dim() == 4 ? "NllLoss2DBackwardBackward0" : "NllLossBackwardBackward0";
        node->target = autograd::SavedVariable(target);
        node->weight = autograd::SavedVariable(weight);
        node->reduction = reduction;
        node->ignoreIndex = ignoreIndex;
        autograd::setHistory(out, node);
    }
    return call.finish(out);
}

}  // namespace tessera::ops
