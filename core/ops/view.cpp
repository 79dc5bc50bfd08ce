#include "core/ops/view.h"

#include <algorithm>
#include <optional>

#include <cstring>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/autograd/saved_variable.h"
#include "core/kernels/copy.h"
#include "core/kernels/layout.h"
#include "core/ops/dispatch.h"
#include "core/tensor/factory.h"

namespace tessera::ops {

namespace {
const OpInfo& kView = registerOp({"view", OpCategory::View, zeroCost});
const OpInfo& kReshape = registerOp({"reshape", OpCategory::View, zeroCost});
const OpInfo& kTranspose = registerOp({"transpose", OpCategory::View, zeroCost});
const OpInfo& kT = registerOp({"t", OpCategory::View, zeroCost});
const OpInfo& kPermute = registerOp({"permute", OpCategory::View, zeroCost});
const OpInfo& kSlice = registerOp({"slice", OpCategory::View, zeroCost});
const OpInfo& kNarrow = registerOp({"narrow", OpCategory::View, zeroCost});
const OpInfo& kSelect = registerOp({"select", OpCategory::View, zeroCost});
const OpInfo& kExpand = registerOp({"expand", OpCategory::View, zeroCost});
const OpInfo& kSqueeze = registerOp({"squeeze", OpCategory::View, zeroCost});
const OpInfo& kUnsqueeze = registerOp({"unsqueeze", OpCategory::View, zeroCost});
const OpInfo& kFlatten = registerOp({"flatten", OpCategory::View, zeroCost});
const OpInfo& kAlias = registerOp({"alias", OpCategory::View, zeroCost});
const OpInfo& kContiguous = registerOp({"contiguous", OpCategory::View, elementwiseCost});
const OpInfo& kClone = registerOp({"clone", OpCategory::View, elementwiseCost});
const OpInfo& kTo = registerOp({"to", OpCategory::View, elementwiseCost});
const OpInfo& kSliceBackward = registerOp({"slice_backward", OpCategory::Backward, elementwiseCost});
const OpInfo& kSelectBackward = registerOp({"select_backward", OpCategory::Backward, elementwiseCost});

using autograd::Node;
using autograd::TensorList;

// Backward Nodes of the views (names as torch 1.13 shows them in grad_fn).

// ViewBackward0, ReshapeAliasBackward0 and UnsafeViewBackward0 share one formula.
struct ReshapeBackward final : Node {
    std::string_view nodeName;
    Shape selfSizes;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {reshape(grads[0], selfSizes)}; }
};

struct TransposeBackward0 final : Node {
    std::int64_t dim0 = 0, dim1 = 0;
    std::string_view name() const override { return "TransposeBackward0"; }
    TensorList apply(TensorList&& grads) override { return {transpose(grads[0], dim0, dim1)}; }
};

struct TBackward0 final : Node {
    std::string_view name() const override { return "TBackward0"; }
    TensorList apply(TensorList&& grads) override { return {t(grads[0])}; }
};

struct PermuteBackward0 final : Node {
    Shape inverse;
    std::string_view name() const override { return "PermuteBackward0"; }
    TensorList apply(TensorList&& grads) override { return {permute(grads[0], inverse)}; }
};

struct SliceBackward0 final : Node {
    Shape selfSizes;
    std::int64_t dim = 0, start = 0, end = 0, step = 1;
    std::string_view name() const override { return "SliceBackward0"; }
    TensorList apply(TensorList&& grads) override {
        return {sliceBackward(grads[0], selfSizes, dim, start, end, step)};
    }
};

struct SliceBackwardBackward0 final : Node {
    std::int64_t dim = 0, start = 0, end = 0, step = 1;
    std::string_view name() const override { return "SliceBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override { return {slice(grads[0], dim, start, end, step)}; }
};

struct SelectBackward0 final : Node {
    Shape selfSizes;
    std::int64_t dim = 0, index = 0;
    std::string_view name() const override { return "SelectBackward0"; }
    TensorList apply(TensorList&& grads) override { return {selectBackward(grads[0], selfSizes, dim, index)}; }
};

struct SelectBackwardBackward0 final : Node {
    std::int64_t dim = 0, index = 0;
    std::string_view name() const override { return "SelectBackwardBackward0"; }
    TensorList apply(TensorList&& grads) override { return {select(grads[0], dim, index)}; }
};

struct ExpandBackward0 final : Node {
    Shape selfSizes;
    std::string_view name() const override { return "ExpandBackward0"; }
    TensorList apply(TensorList&& grads) override { return {autograd::sumToSize(grads[0], selfSizes)}; }
};

// SqueezeBackward0 (all dims) and SqueezeBackward1 (one dim): put the removed size-1 dims back.
struct SqueezeBackward final : Node {
    std::string_view nodeName;
    Shape selfSizes;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {reshape(grads[0], selfSizes)}; }
};

struct UnsqueezeBackward0 final : Node {
    std::int64_t dim = 0;
    std::string_view name() const override { return "UnsqueezeBackward0"; }
    TensorList apply(TensorList&& grads) override { return {squeeze(grads[0], dim)}; }
};

// CloneBackward0 and ToCopyBackward0: the gradient passes through (the engine casts it to the input's dtype).
struct IdentityBackward final : Node {
    std::string_view nodeName;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override { return {grads[0]}; }
};

// Gives `out` a NodeT grad_fn filled by `fill` when x requires grad.
template <class NodeT, class Fill>
Tensor withHistory(const Tensor& x, Tensor out, Fill&& fill) {
    if (auto node = autograd::makeNode<NodeT>(x)) {
        fill(*node);
        autograd::setHistory(out, node);
    }
    return out;
}

Tensor reshapeNode(const Tensor& x, Tensor out, std::string_view nodeName) {
    return withHistory<ReshapeBackward>(x, std::move(out), [&](ReshapeBackward& n) {
        n.nodeName = nodeName;
        n.selfSizes = x.sizes();
    });
}

Tensor makeView(const Tensor& x, const Shape& sizes, const Shape& strides, std::int64_t offset) {
    return Tensor::fromStorage(x.storage(), sizes, strides, offset, x.dtype());
}

// PyTorch's computeStride: the strides of a view of `x` with `newSizes`, if one exists.
std::optional<Shape> viewStrides(const Shape& oldSizes, const Shape& oldStrides, const Shape& newSizes) {
    if (oldSizes.empty()) return Shape(newSizes.size(), 1);
    const std::int64_t numel = shapeNumel(oldSizes);
    if (numel == 0 && oldSizes == newSizes) return oldStrides;
    Shape newStrides(newSizes.size());
    if (numel == 0) {
        // Any strides work for an empty tensor; use contiguous ones.
        return contiguousStrides(newSizes);
    }
    std::int64_t viewD = static_cast<std::int64_t>(newSizes.size()) - 1;
    std::int64_t chunkBase = oldStrides.back();
    std::int64_t tensorNumel = 1, viewNumel = 1;
    for (std::int64_t d = static_cast<std::int64_t>(oldSizes.size()) - 1; d >= 0; --d) {
        tensorNumel *= oldSizes[d];
        if (d == 0 || (oldSizes[d - 1] != 1 && oldStrides[d - 1] != tensorNumel * chunkBase)) {
            while (viewD >= 0 && (viewNumel < tensorNumel || newSizes[viewD] == 1)) {
                newStrides[viewD] = viewNumel * chunkBase;
                viewNumel *= newSizes[viewD];
                --viewD;
            }
            if (viewNumel != tensorNumel) return std::nullopt;
            if (d > 0) {
                chunkBase = oldStrides[d - 1];
                tensorNumel = 1;
                viewNumel = 1;
            }
        }
    }
    if (viewD != -1) return std::nullopt;
    return newStrides;
}

}  // namespace

Shape inferSize(const Shape& sizes, std::int64_t numel, const char* op) {
    Shape out = sizes;
    std::int64_t known = 1;
    std::optional<std::size_t> inferred;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == -1) {
            if (inferred) throw ShapeError(std::string(op) + ": only one dimension can be inferred");
            inferred = i;
        } else if (sizes[i] < 0) {
            throw ShapeError(std::string(op) + ": invalid shape dimension " + std::to_string(sizes[i]));
        } else {
            known *= sizes[i];
        }
    }
    if (inferred) {
        if (known == 0 || numel % known != 0)
            throw ShapeError(std::string(op) + ": shape '" + shapeToString(sizes) + "' is invalid for input of size " +
                             std::to_string(numel));
        out[*inferred] = numel / known;
    } else if (known != numel) {
        throw ShapeError(std::string(op) + ": shape '" + shapeToString(sizes) + "' is invalid for input of size " +
                         std::to_string(numel));
    }
    return out;
}

Tensor view(const Tensor& x, const Shape& sizes) {
    OpCall call(kView, x);
    const Shape shape = inferSize(sizes, x.numel(), "view");
    auto strides = viewStrides(x.sizes(), x.strides(), shape);
    if (!strides)
        throw ShapeError("view: view size " + shapeToString(shape) + " is not compatible with input tensor's size " +
                         shapeToString(x.sizes()) + " and stride " + shapeToString(x.strides()) +
                         " (at least one dimension spans across two contiguous subspaces). Use .reshape(...) "
                         "instead.");
    return call.finish(reshapeNode(x, makeView(x, shape, *strides, x.storageOffset()), "ViewBackward0"));
}

Tensor reshape(const Tensor& x, const Shape& sizes) {
    OpCall call(kReshape, x);
    const Shape shape = inferSize(sizes, x.numel(), "reshape");
    if (auto strides = viewStrides(x.sizes(), x.strides(), shape))
        return call.finish(reshapeNode(x, makeView(x, shape, *strides, x.storageOffset()), "ReshapeAliasBackward0"));
    // Not expressible as a view: copy, then view the copy (torch's clone(contiguous_format) +
    // _unsafe_view; x is not contiguous here, so contiguous() copies and records CloneBackward0).
    Tensor c = contiguous(x);
    return call.finish(reshapeNode(c, makeView(c, shape, contiguousStrides(shape), 0), "UnsafeViewBackward0"));
}

Tensor transpose(const Tensor& x, std::int64_t dim0, std::int64_t dim1) {
    OpCall call(kTranspose, x);
    const auto nd = x.dim();
    dim0 = Tensor::wrapDim(dim0, nd, "transpose");
    dim1 = Tensor::wrapDim(dim1, nd, "transpose");
    Shape sizes = x.sizes(), strides = x.strides();
    if (nd > 0) {
        std::swap(sizes[dim0], sizes[dim1]);
        std::swap(strides[dim0], strides[dim1]);
    }
    return call.finish(
        withHistory<TransposeBackward0>(x, makeView(x, sizes, strides, x.storageOffset()), [&](TransposeBackward0& n) {
            n.dim0 = dim0;
            n.dim1 = dim1;
        }));
}

Tensor t(const Tensor& x) {
    OpCall call(kT, x);
    if (x.dim() > 2)
        throw ShapeError("t: expects a tensor with <= 2 dimensions, but self is " + std::to_string(x.dim()) + "D");
    Tensor out = x.dim() < 2 ? makeView(x, x.sizes(), x.strides(), x.storageOffset())
                             : makeView(x, {x.size(1), x.size(0)}, {x.stride(1), x.stride(0)}, x.storageOffset());
    return call.finish(withHistory<TBackward0>(x, out, [](TBackward0&) {}));
}

Tensor permute(const Tensor& x, const Shape& dims) {
    OpCall call(kPermute, x);
    const auto nd = x.dim();
    if (static_cast<std::int64_t>(dims.size()) != nd)
        throw ShapeError("permute: number of dims don't match in permute (input has " + std::to_string(nd) +
                         " dims, got " + std::to_string(dims.size()) + ")");
    Shape sizes(nd), strides(nd);
    std::vector<bool> seen(nd, false);
    for (std::int64_t i = 0; i < nd; ++i) {
        const auto d = Tensor::wrapDim(dims[i], nd, "permute");
        if (seen[d])
            throw ShapeError("permute: repeated dim " + std::to_string(dims[i]) + " in " + shapeToString(dims));
        seen[d] = true;
        sizes[i] = x.size(d);
        strides[i] = x.stride(d);
    }
    Shape inverse(nd);
    for (std::int64_t i = 0; i < nd; ++i) inverse[Tensor::wrapDim(dims[i], nd, "permute")] = i;
    return call.finish(withHistory<PermuteBackward0>(x, makeView(x, sizes, strides, x.storageOffset()),
                                                     [&](PermuteBackward0& n) { n.inverse = inverse; }));
}

Tensor slice(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step) {
    OpCall call(kSlice, x);
    if (x.dim() == 0) throw IndexError("slice: cannot slice a 0-d tensor");
    dim = Tensor::wrapDim(dim, x.dim(), "slice");
    if (step <= 0) throw ValueError("slice: slice step must be positive, got " + std::to_string(step));
    const std::int64_t n = x.size(dim);
    auto clampIndex = [n](std::int64_t i) {
        if (i < 0) i += n;
        return std::clamp<std::int64_t>(i, 0, n);
    };
    start = clampIndex(start);
    end = clampIndex(end);
    const std::int64_t len = end > start ? (end - start + step - 1) / step : 0;
    Shape sizes = x.sizes(), strides = x.strides();
    sizes[dim] = len;
    strides[dim] *= step;
    const std::int64_t offset = x.storageOffset() + (len > 0 ? start * x.stride(dim) : 0);
    return call.finish(withHistory<SliceBackward0>(x, makeView(x, sizes, strides, offset), [&](SliceBackward0& n) {
        n.selfSizes = x.sizes();
        n.dim = dim;
        n.start = start;
        n.end = end;
        n.step = step;
    }));
}

Tensor narrow(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t length) {
    OpCall call(kNarrow, x);
    if (x.dim() == 0) throw IndexError("narrow: narrow() cannot be applied to a 0-dim tensor");
    dim = Tensor::wrapDim(dim, x.dim(), "narrow");
    const std::int64_t n = x.size(dim);
    if (start < 0) start += n;
    if (start < 0 || start > n)
        throw IndexError("narrow: start (" + std::to_string(start) + ") is out of bounds for dimension " +
                         std::to_string(dim) + " of size " + std::to_string(n));
    if (length < 0 || start + length > n)
        throw IndexError("narrow: start (" + std::to_string(start) + ") + length (" + std::to_string(length) +
                         ") exceeds dimension size (" + std::to_string(n) + ")");
    Shape sizes = x.sizes();
    sizes[dim] = length;
    // torch implements narrow as a slice, so its grad_fn is SliceBackward0.
    return call.finish(withHistory<SliceBackward0>(
        x, makeView(x, sizes, x.strides(), x.storageOffset() + start * x.stride(dim)), [&](SliceBackward0& n) {
            n.selfSizes = x.sizes();
            n.dim = dim;
            n.start = start;
            n.end = start + length;
        }));
}

Tensor select(const Tensor& x, std::int64_t dim, std::int64_t index) {
    OpCall call(kSelect, x);
    if (x.dim() == 0) throw IndexError("select: select() cannot be applied to a 0-dim tensor");
    dim = Tensor::wrapDim(dim, x.dim(), "select");
    const std::int64_t n = x.size(dim);
    if (index < -n || index >= n)
        throw IndexError("select: index " + std::to_string(index) + " is out of bounds for dimension " +
                         std::to_string(dim) + " with size " + std::to_string(n));
    if (index < 0) index += n;
    Shape sizes = x.sizes(), strides = x.strides();
    const std::int64_t offset = x.storageOffset() + index * strides[dim];
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    return call.finish(withHistory<SelectBackward0>(x, makeView(x, sizes, strides, offset), [&](SelectBackward0& n) {
        n.selfSizes = x.sizes();
        n.dim = dim;
        n.index = index;
    }));
}

Tensor expand(const Tensor& x, const Shape& sizes) {
    OpCall call(kExpand, x);
    const auto nd = static_cast<std::int64_t>(sizes.size());
    if (nd < x.dim())
        throw ShapeError("expand: the number of sizes provided (" + std::to_string(nd) +
                         ") must be greater or equal to the number of dimensions in the tensor (" +
                         std::to_string(x.dim()) + ")");
    Shape outSizes(nd), outStrides(nd);
    for (std::int64_t i = nd - 1; i >= 0; --i) {
        const std::int64_t j = i - (nd - x.dim());
        const std::int64_t have = j >= 0 ? x.size(j) : 1;
        const std::int64_t want = sizes[i];
        if (j < 0 && want == -1)
            throw ShapeError("expand: -1 is not allowed in a leading, non-existing dimension " + std::to_string(i));
        if (want == -1 || want == have) {
            outSizes[i] = have;
            outStrides[i] = j >= 0 ? x.stride(j) : 0;
        } else if (have == 1 && want >= 0) {
            outSizes[i] = want;
            outStrides[i] = 0;
        } else {
            throw ShapeError("expand: the expanded size of the tensor (" + std::to_string(want) +
                             ") must match the existing size (" + std::to_string(have) +
                             ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
                             shapeToString(sizes) + ".  Tensor sizes: " + shapeToString(x.sizes()));
        }
    }
    return call.finish(withHistory<ExpandBackward0>(x, makeView(x, outSizes, outStrides, x.storageOffset()),
                                                    [&](ExpandBackward0& n) { n.selfSizes = x.sizes(); }));
}

Tensor squeeze(const Tensor& x) {
    OpCall call(kSqueeze, x);
    Shape sizes, strides;
    for (std::int64_t d = 0; d < x.dim(); ++d)
        if (x.size(d) != 1) {
            sizes.push_back(x.size(d));
            strides.push_back(x.stride(d));
        }
    return call.finish(
        withHistory<SqueezeBackward>(x, makeView(x, sizes, strides, x.storageOffset()), [&](SqueezeBackward& n) {
            n.nodeName = "SqueezeBackward0";
            n.selfSizes = x.sizes();
        }));
}

Tensor squeeze(const Tensor& x, std::int64_t dim) {
    OpCall call(kSqueeze, x);
    dim = Tensor::wrapDim(dim, x.dim(), "squeeze");
    Shape sizes = x.sizes(), strides = x.strides();
    if (x.dim() > 0 && sizes[dim] == 1) {
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
    }
    return call.finish(
        withHistory<SqueezeBackward>(x, makeView(x, sizes, strides, x.storageOffset()), [&](SqueezeBackward& n) {
            n.nodeName = "SqueezeBackward1";
            n.selfSizes = x.sizes();
        }));
}

Tensor unsqueeze(const Tensor& x, std::int64_t dim) {
    OpCall call(kUnsqueeze, x);
    dim = Tensor::wrapDim(dim, x.dim() + 1, "unsqueeze");
    Shape sizes = x.sizes(), strides = x.strides();
    const std::int64_t stride = dim < x.dim() ? x.stride(dim) * x.size(dim) : 1;
    sizes.insert(sizes.begin() + dim, 1);
    strides.insert(strides.begin() + dim, stride);
    return call.finish(withHistory<UnsqueezeBackward0>(x, makeView(x, sizes, strides, x.storageOffset()),
                                                       [&](UnsqueezeBackward0& n) { n.dim = dim; }));
}

Tensor alias(const Tensor& x) {
    OpCall call(kAlias, x);
    return call.finish(withHistory<IdentityBackward>(x, makeView(x, x.sizes(), x.strides(), x.storageOffset()),
                                                     [](IdentityBackward& n) { n.nodeName = "AliasBackward0"; }));
}

Tensor flatten(const Tensor& x, std::int64_t startDim, std::int64_t endDim) {
    OpCall call(kFlatten, x);
    if (x.dim() == 0) return call.finish(reshape(x, {1}));
    startDim = Tensor::wrapDim(startDim, x.dim(), "flatten");
    endDim = Tensor::wrapDim(endDim, x.dim(), "flatten");
    if (startDim > endDim) throw ShapeError("flatten: start_dim cannot come after end_dim");
    if (startDim == endDim) return x;
    Shape sizes(x.sizes().begin(), x.sizes().begin() + startDim);
    std::int64_t n = 1;
    for (std::int64_t d = startDim; d <= endDim; ++d) n *= x.size(d);
    sizes.push_back(n);
    sizes.insert(sizes.end(), x.sizes().begin() + endDim + 1, x.sizes().end());
    return call.finish(reshape(x, sizes));
}

Tensor contiguous(const Tensor& x) {
    if (x.isContiguous()) return x;
    OpCall call(kContiguous, x);
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    kernels::copy(out, x);
    return call.finish(
        withHistory<IdentityBackward>(x, out, [](IdentityBackward& n) { n.nodeName = "CloneBackward0"; }));
}

Tensor clone(const Tensor& x) {
    OpCall call(kClone, x);
    Tensor out = kernels::emptyPreserving(x, x.dtype());  // torch.preserve_format
    kernels::copy(out, x);
    return call.finish(
        withHistory<IdentityBackward>(x, out, [](IdentityBackward& n) { n.nodeName = "CloneBackward0"; }));
}

Tensor to(const Tensor& x, DType dtype) {
    if (x.dtype() == dtype) return x;
    OpCall call(kTo, x);
    Tensor out = kernels::emptyPreserving(x, dtype);  // torch.preserve_format
    kernels::copy(out, x);
    if (!isFloating(dtype)) return call.finish(out);  // integer results carry no gradient
    return call.finish(
        withHistory<IdentityBackward>(x, out, [](IdentityBackward& n) { n.nodeName = "ToCopyBackward0"; }));
}

Tensor sliceBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, std::int64_t start,
                     std::int64_t end, std::int64_t step) {
    OpCall call(kSliceBackward, grad);
    Tensor out = zeros(inputSizes, grad.dtype());
    {
        autograd::NoGradGuard noGrad;
        kernels::copy(slice(out, dim, start, end, step), grad);
    }
    return call.finish(withHistory<SliceBackwardBackward0>(grad, out, [&](SliceBackwardBackward0& n) {
        n.dim = dim;
        n.start = start;
        n.end = end;
        n.step = step;
    }));
}

Tensor selectBackward(const Tensor& grad, const Shape& inputSizes, std::int64_t dim, std::int64_t index) {
    OpCall call(kSelectBackward, grad);
    Tensor out = zeros(inputSizes, grad.dtype());
    {
        autograd::NoGradGuard noGrad;
        kernels::copy(select(out, dim, index), grad);
    }
    return call.finish(withHistory<SelectBackwardBackward0>(grad, out, [&](SelectBackwardBackward0& n) {
        n.dim = dim;
        n.index = index;
    }));
}

}  // namespace tessera::ops
