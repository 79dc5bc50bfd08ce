#include "core/ops/cross_entropy.h"

#include <string>

#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/gather.h"
#include "core/ops/index_put.h"
#include "core/ops/masked_select.h"
#include "core/ops/mul.h"
#include "core/ops/nll_loss.h"
#include "core/ops/scalar_overload.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"

namespace tessera::ops {

namespace {
const OpInfo& kCrossEntropy = registerOp({"cross_entropy", OpCategory::Loss, elementwiseCost});

// The class weight shaped to broadcast along the class dim of an input with `dims` dims.
Tensor classWeightView(const Tensor& weight, std::int64_t dims, std::int64_t classDim) {
    Shape sizes(static_cast<std::size_t>(dims), 1);
    sizes[static_cast<std::size_t>(classDim)] = weight.numel();
    return view(weight, sizes);
}

void checkSmoothing(double labelSmoothing) {
    if (labelSmoothing > 1.0)
        throw ValueError("cross_entropy: label_smoothing must be between 0.0 and 1.0. Got: " +
                         std::to_string(labelSmoothing));
}

Tensor probabilityTargets(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                          double labelSmoothing) {
    const std::int64_t classDim = input.dim() == 1 ? 0 : 1;
    const std::int64_t classes = input.size(classDim);
    if (weight.defined() && (weight.dim() != 1 || weight.numel() != classes))
        throw ShapeError("cross_entropy: weight tensor should be defined either for all " + std::to_string(classes) +
                         " classes or no classes but got weight tensor of shape: " + shapeToString(weight.sizes()));
    const Tensor logp = logSoftmax(input, classDim);
    Tensor t = target;
    if (labelSmoothing > 0) {
        checkSmoothing(labelSmoothing);
        t = addScalarOverload(mulScalarOverload(target, 1 - labelSmoothing),
                              labelSmoothing / static_cast<double>(classes));
    }
    Tensor terms = mul(logp, t);
    if (weight.defined()) terms = mul(terms, input.dim() > 1 ? classWeightView(weight, input.dim(), 1) : weight);
    switch (reduction) {
        case Reduction::Mean:
            // torch divides by the number of class vectors, numel / C (NaN for an empty batch).
            return divScalarOverload(neg(sum(terms)), classes == 0 ? 0 : input.numel() / classes);
        case Reduction::Sum:
            return neg(sum(terms));
        case Reduction::None:
            break;
    }
    return neg(sum(terms, {classDim}));
}

// torch 1.13's cross_entropy_loss_label_smoothing (aten/src/ATen/native/LossNLL.cpp) op for op, so the
// graph has its nodes and edges: the smoothing term -Σ_c w_c log p_c is zeroed at ignored targets in
// place (smooth_loss.index_put_({ignore_mask}, 0.0): IndexPutBackward0, CopySlices for an unbatched
// input); 'mean' divides its sum by the gathered weights of the counted targets, or without weights
// takes masked_select(~ignore_mask).mean() (NaN when every target is ignored, as nll_loss).
Tensor labelSmoothed(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                     std::int64_t ignoreIndex, double labelSmoothing) {
    checkSmoothing(labelSmoothing);
    const std::int64_t classDim = input.dim() == 1 ? 0 : 1;
    const Tensor logp = logSoftmax(input, classDim);
    const Tensor nll = nllLoss(logp, target, weight, reduction, ignoreIndex);
    const std::int64_t classes = logp.size(classDim);
    const Tensor smooth = weight.defined()
                              ? neg(sum(mul(logp, classWeightView(weight, logp.dim(), classDim)), {classDim}))
                              : neg(sum(logp, {classDim}));
    const Tensor ignored = eq(target, ignoreIndex);
    setItem_(smooth, ignored, 0.0);
    // ~ignore_mask: integer work that autograd does not record.
    const Tensor counted = ne(target, ignoreIndex);
    Tensor ret;
    switch (reduction) {
        case Reduction::Mean:
            ret = weight.defined() ? div(sum(smooth), sum(gather(weight, 0, flatten(maskedSelect(target, counted)))))
                                   : mean(maskedSelect(smooth, counted));
            break;
        case Reduction::Sum:
            ret = sum(smooth);
            break;
        case Reduction::None:
            ret = smooth;
            break;
    }
    return add(mulScalarOverload(nll, 1 - labelSmoothing),
               mulScalarOverload(ret, labelSmoothing / static_cast<double>(classes)));
}
}  // namespace

Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                    std::int64_t ignoreIndex, double labelSmoothing) {
    OpCall call(kCrossEntropy, input, target, weight);
    if (input.sizes() == target.sizes()) {
        // Same shapes: the target holds class probabilities.
        if (!isFloating(target.dtype()))
            throw TypeError("cross_entropy: Expected floating point type for target with class probabilities, got " +
                            std::string(dtypeName(target.dtype())));
        if (ignoreIndex >= 0)
            throw ValueError("cross_entropy: ignore_index is not supported for floating point target");
        return call.finish(probabilityTargets(input, target, weight, reduction, labelSmoothing));
    }
    if (labelSmoothing > 0)
        return call.finish(labelSmoothed(input, target, weight, reduction, ignoreIndex, labelSmoothing));
    if (input.dim() == 0) throw ValueError("cross_entropy: Expected 1 or more dimensions (got 0)");
    return call.finish(nllLoss(logSoftmax(input, input.dim() == 1 ? 0 : 1), target, weight, reduction, ignoreIndex));
}

}  // namespace tessera::ops
