#include "core/ops/view.h"

#include <algorithm>
#include <optional>

#include "core/kernels/copy.h"
#include "core/ops/dispatch.h"

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
const OpInfo& kContiguous = registerOp({"contiguous", OpCategory::View, elementwiseCost});
const OpInfo& kClone = registerOp({"clone", OpCategory::View, elementwiseCost});
const OpInfo& kTo = registerOp({"to", OpCategory::View, elementwiseCost});

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
    return call.finish(makeView(x, shape, *strides, x.storageOffset()));
}

Tensor reshape(const Tensor& x, const Shape& sizes) {
    OpCall call(kReshape, x);
    const Shape shape = inferSize(sizes, x.numel(), "reshape");
    if (auto strides = viewStrides(x.sizes(), x.strides(), shape))
        return call.finish(makeView(x, shape, *strides, x.storageOffset()));
    Tensor c = clone(x);
    return call.finish(makeView(c, shape, contiguousStrides(shape), 0));
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
    return call.finish(makeView(x, sizes, strides, x.storageOffset()));
}

Tensor t(const Tensor& x) {
    OpCall call(kT, x);
    if (x.dim() > 2)
        throw ShapeError("t: expects a tensor with <= 2 dimensions, but self is " + std::to_string(x.dim()) + "D");
    if (x.dim() < 2) return call.finish(makeView(x, x.sizes(), x.strides(), x.storageOffset()));
    return call.finish(makeView(x, {x.size(1), x.size(0)}, {x.stride(1), x.stride(0)}, x.storageOffset()));
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
    return call.finish(makeView(x, sizes, strides, x.storageOffset()));
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
    return call.finish(makeView(x, sizes, strides, offset));
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
    return call.finish(makeView(x, sizes, x.strides(), x.storageOffset() + start * x.stride(dim)));
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
    return call.finish(makeView(x, sizes, strides, offset));
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
    return call.finish(makeView(x, outSizes, outStrides, x.storageOffset()));
}

Tensor squeeze(const Tensor& x) {
    OpCall call(kSqueeze, x);
    Shape sizes, strides;
    for (std::int64_t d = 0; d < x.dim(); ++d)
        if (x.size(d) != 1) {
            sizes.push_back(x.size(d));
            strides.push_back(x.stride(d));
        }
    return call.finish(makeView(x, sizes, strides, x.storageOffset()));
}

Tensor squeeze(const Tensor& x, std::int64_t dim) {
    OpCall call(kSqueeze, x);
    dim = Tensor::wrapDim(dim, x.dim(), "squeeze");
    Shape sizes = x.sizes(), strides = x.strides();
    if (x.dim() > 0 && sizes[dim] == 1) {
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
    }
    return call.finish(makeView(x, sizes, strides, x.storageOffset()));
}

Tensor unsqueeze(const Tensor& x, std::int64_t dim) {
    OpCall call(kUnsqueeze, x);
    dim = Tensor::wrapDim(dim, x.dim() + 1, "unsqueeze");
    Shape sizes = x.sizes(), strides = x.strides();
    const std::int64_t stride = dim < x.dim() ? x.stride(dim) * x.size(dim) : 1;
    sizes.insert(sizes.begin() + dim, 1);
    strides.insert(strides.begin() + dim, stride);
    return call.finish(makeView(x, sizes, strides, x.storageOffset()));
}

Tensor flatten(const Tensor& x, std::int64_t startDim, std::int64_t endDim) {
    OpCall call(kFlatten, x);
    if (x.dim() == 0) return call.finish(reshape(x, {1}));
    startDim = Tensor::wrapDim(startDim, x.dim(), "flatten");
    endDim = Tensor::wrapDim(endDim, x.dim(), "flatten");
    if (startDim > endDim) throw ShapeError("flatten: start_dim cannot come after end_dim");
    if (startDim == endDim) return call.finish(makeView(x, x.sizes(), x.strides(), x.storageOffset()));
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
    return call.finish(out);
}

Tensor clone(const Tensor& x) {
    OpCall call(kClone, x);
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    kernels::copy(out, x);
    return call.finish(out);
}

Tensor to(const Tensor& x, DType dtype) {
    if (x.dtype() == dtype) return x;
    OpCall call(kTo, x);
    Tensor out = Tensor::empty(x.sizes(), dtype);
    kernels::copy(out, x);
    return call.finish(out);
}

}  // namespace tessera::ops
