#include "core/ops/loss_common.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/kernels/copy.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"

namespace tessera::ops {

Reduction parseReduction(std::string_view name) {
    if (name == "none") return Reduction::None;
    if (name == "mean") return Reduction::Mean;
    if (name == "sum") return Reduction::Sum;
    throw ValueError(std::string(name) + " is not a valid value for reduction");
}

std::string_view reductionName(Reduction r) {
    switch (r) {
        case Reduction::None:
            return "none";
        case Reduction::Mean:
            return "mean";
        case Reduction::Sum:
            return "sum";
    }
    return "?";
}

namespace detail {

Shape broadcastShapes(const Shape& a, const Shape& b, const char* op) {
    const std::size_t nd = std::max(a.size(), b.size());
    Shape out(nd);
    for (std::size_t i = 0; i < nd; ++i) {
        const std::int64_t sa = i < nd - a.size() ? 1 : a[i - (nd - a.size())];
        const std::int64_t sb = i < nd - b.size() ? 1 : b[i - (nd - b.size())];
        if (sa != sb && sa != 1 && sb != 1)
            throw ShapeError(std::string(op) + ": The size of tensor a (" + std::to_string(sa) +
                             ") must match the size of tensor b (" + std::to_string(sb) +
                             ") at non-singleton dimension " + std::to_string(i));
        out[i] = sa == 1 ? sb : sa;
    }
    return out;
}

std::pair<Tensor, Tensor> broadcastOperands(const Tensor& input, const Tensor& target, const char* op) {
    const Shape sizes = broadcastShapes(input.sizes(), target.sizes(), op);
    return {input.sizes() == sizes ? input : expand(input, sizes),
            target.sizes() == sizes ? target : expand(target, sizes)};
}

Tensor applyReduction(const Tensor& x, Reduction reduction) {
    switch (reduction) {
        case Reduction::Mean:
            return mean(x);
        case Reduction::Sum:
            return sum(x);
        case Reduction::None:
            break;
    }
    return x;
}

Tensor materialize(const Tensor& x, const Shape& sizes, DType dtype) {
    if (x.sizes() == sizes && x.dtype() == dtype && x.isContiguous()) return x;
    Tensor src = x;
    if (x.sizes() != sizes) {
        // An expanded view: stride 0 along broadcast dims. The caller has checked the shapes.
        const std::size_t lead = sizes.size() - x.sizes().size();
        Shape strides(sizes.size(), 0);
        for (std::size_t i = 0; i < x.sizes().size(); ++i) strides[lead + i] = x.sizes()[i] == 1 ? 0 : x.strides()[i];
        src = Tensor::fromStorage(x.storage(), sizes, strides, x.storageOffset(), x.dtype());
    }
    Tensor out = Tensor::empty(sizes, dtype);
    kernels::copy(out, src);
    return out;
}

Tensor materialize(const Tensor& x) { return materialize(x, x.sizes(), x.dtype()); }

void checkNotDifferentiable(const Tensor& t, const char* op, const char* argument) {
    if (t.defined() && autograd::GradMode::isEnabled() && t.requiresGrad())
        throw AutogradError(std::string("The function '") + op + "' is not differentiable with respect to argument '" +
                            argument + "'. This input cannot have requires_grad True.");
}

Tensor gradOutputGradient(const Tensor& gg, const Tensor& gradOutput, Reduction reduction,
                          const std::function<Tensor(const Tensor&)>& backward) {
    if (reduction == Reduction::None) return backward(gg);
    return sum(mul(backward(ones(gradOutput.sizes(), gradOutput.dtype())), gg));
}

double chunkedSum(std::int64_t n, const std::function<double(std::int64_t, std::int64_t)>& partial) {
    if (n <= 0) return 0;
    const std::int64_t chunks = (n + kLossGrain - 1) / kLossGrain;
    std::vector<double> sums(static_cast<std::size_t>(chunks), 0.0);
    kernels::parallelFor(0, chunks, 1, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t c = lo; c < hi; ++c)
            sums[static_cast<std::size_t>(c)] = partial(c * kLossGrain, std::min(n, (c + 1) * kLossGrain));
    });
    double total = 0;
    for (double s : sums) total += s;
    return total;
}

}  // namespace detail
}  // namespace tessera::ops
