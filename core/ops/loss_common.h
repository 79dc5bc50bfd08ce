// What the loss ops share: the reduction mode ('none' | 'mean' | 'sum', as in torch.nn.functional) and
// the helpers their kernels use to line operands up and to reduce deterministically.
//
//   Reduction r = ops::parseReduction("mean");   // ValueError for any other word, as torch
//   Tensor loss = ops::mseLoss(input, target, r);
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

#include "core/kernels/parallel.h"
#include "core/tensor/factory.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

enum class Reduction { None, Mean, Sum };

// "none", "mean" or "sum"; anything else throws ValueError ("foo is not a valid value for reduction").
Reduction parseReduction(std::string_view name);
std::string_view reductionName(Reduction r);

namespace detail {

// The sizes of a and b broadcast together (NumPy's rule); throws ShapeError naming `op` otherwise.
Shape broadcastShapes(const Shape& a, const Shape& b, const char* op);

// F.mse_loss and its siblings first broadcast input and target against each other with
// torch.broadcast_tensors: an operand whose sizes differ goes through ops::expand (so autograd records
// ExpandBackward0 as torch does), an operand of the right sizes passes unchanged.
std::pair<Tensor, Tensor> broadcastOperands(const Tensor& input, const Tensor& target, const char* op);

// torch's apply_loss_reduction for losses written with ops (l1_loss, cross_entropy): x, sum(x) or mean(x).
Tensor applyReduction(const Tensor& x, Reduction reduction);

// `x` broadcast to `sizes`, in `dtype`, contiguous: `x` itself when it already is, else a fresh copy.
// Loss kernels read their operands through this so they index plain arrays. It is a kernel-level
// helper: it records no profiler event and no autograd history.
Tensor materialize(const Tensor& x, const Shape& sizes, DType dtype);
Tensor materialize(const Tensor& x);  // contiguous, same sizes and dtype

// Sum of partial(lo, hi) over [0, n) split into fixed chunks (Note [Deterministic chunking]), the
// chunk results added in index order: the same bits for every thread count.
double chunkedSum(std::int64_t n, const std::function<double(std::int64_t, std::int64_t)>& partial);

inline constexpr std::int64_t kLossGrain = 1 << 14;

// The pointwise loss(i) of n = numel(sizes) elements: the 'none' tensor of `sizes`, or its sum or mean
// as a 0-d tensor of T (the mean of zero elements is NaN, as torch). Terms are added in double.
template <class T, class F>
Tensor reducePointwise(const Shape& sizes, Reduction reduction, F&& loss) {
    const std::int64_t n = shapeNumel(sizes);
    if (reduction == Reduction::None) {
        Tensor out = Tensor::empty(sizes, dtypeOf<T>);
        T* o = out.data<T>();
        kernels::parallelFor(0, n, kLossGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i) o[i] = loss(i);
        });
        return out;
    }
    double total = chunkedSum(n, [&](std::int64_t lo, std::int64_t hi) {
        double acc = 0;
        for (std::int64_t i = lo; i < hi; ++i) acc += static_cast<double>(loss(i));
        return acc;
    });
    if (reduction == Reduction::Mean) total /= static_cast<double>(n);
    return Tensor::scalar<T>(static_cast<T>(total));
}

// The gradient of a pointwise loss with respect to its first operand: out[i] = dloss(i, g_i), where g_i
// is grad[i] for 'none' (grad has `sizes`), grad / numel for 'mean' and grad for 'sum' (grad is 0-d).
template <class T, class F>
Tensor pointwiseLossGrad(const Tensor& grad, const Shape& sizes, Reduction reduction, F&& dloss) {
    const std::int64_t n = shapeNumel(sizes);
    Tensor out = Tensor::empty(sizes, dtypeOf<T>);
    T* o = out.data<T>();
    if (reduction == Reduction::None) {
        const Tensor g = materialize(grad, sizes, dtypeOf<T>);
        const T* gp = g.data<T>();
        kernels::parallelFor(0, n, kLossGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i) o[i] = dloss(i, gp[i]);
        });
        return out;
    }
    T g = grad.item<T>();
    if (reduction == Reduction::Mean) g /= static_cast<T>(n);
    kernels::parallelFor(0, n, kLossGrain, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i) o[i] = dloss(i, g);
    });
    return out;
}

// torch's forward-time error for an argument (a class weight, pos_weight) the op has no gradient for:
// throws AutogradError when grad mode is on and `t` requires grad.
void checkNotDifferentiable(const Tensor& t, const char* op, const char* argument);

// The double-backward term for the gradient argument of a pointwise loss backward
// f(grad_output, …) = grad_output ⊙ slope(…): with gg the gradient of f's output, torch's
// *_double_backward_grad_output: `backward(gg)` for 'none', else sum(backward(ones) ⊙ gg).
Tensor gradOutputGradient(const Tensor& gg, const Tensor& gradOutput, Reduction reduction,
                          const std::function<Tensor(const Tensor&)>& backward);

}  // namespace detail
}  // namespace tessera::ops
