#include "core/ops/join.h"

#include <cstring>
#include <string>

#include "core/autograd/function.h"
#include "core/kernels/copy.h"
#include "core/ops/dispatch.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::ops {

namespace {

using autograd::Node;
using autograd::TensorList;

// Data movement only.
OpCost moveCost(CostOperands inputs, CostOperands outputs) {
    OpCost c = elementwiseCost(inputs, outputs);
    c.flops = 0;
    return c;
}

const OpInfo& kCat = registerOp({"cat", OpCategory::Shape, moveCost});
const OpInfo& kStack = registerOp({"stack", OpCategory::Shape, moveCost});
const OpInfo& kSplit = registerOp({"split", OpCategory::View, zeroCost});
const OpInfo& kChunk = registerOp({"chunk", OpCategory::View, zeroCost});

// x[start : start + length] along dim, as a plain view (no history, no profiler event).
Tensor narrowView(const Tensor& x, std::int64_t dim, std::int64_t start, std::int64_t length) {
    Shape sizes = x.sizes();
    sizes[dim] = length;
    return Tensor::fromStorage(x.storage(), sizes, x.strides(),
                               x.storageOffset() + (length > 0 ? start * x.stride(dim) : 0), x.dtype());
}

// torch's legacy rule: a 1-D tensor of size [0] may be concatenated with anything and is skipped.
bool skippedInCat(const Tensor& t) { return t.dim() == 1 && t.size(0) == 0; }

struct CatBackward0 final : Node {
    std::int64_t dim = 0;
    std::vector<Shape> sizes;  // of every input
    std::string_view name() const override { return "CatBackward0"; }
    TensorList apply(TensorList&& grads) override {
        TensorList out(sizes.size());
        std::int64_t offset = 0;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            if (sizes[i].size() == 1 && sizes[i][0] == 0 && grads[0].dim() != 1) continue;
            const std::int64_t len = sizes[i][dim];
            if (shouldComputeOutput(i)) out[i] = narrow(grads[0], dim, offset, len);
            offset += len;
        }
        return out;
    }
};

struct StackBackward0 final : Node {
    std::int64_t dim = 0;
    std::size_t count = 0;
    std::string_view name() const override { return "StackBackward0"; }
    TensorList apply(TensorList&& grads) override {
        TensorList out(count);
        for (std::size_t i = 0; i < count; ++i)
            if (shouldComputeOutput(i)) out[i] = select(grads[0], dim, static_cast<std::int64_t>(i));
        return out;
    }
};

// SplitBackward0 and SplitWithSizesBackward0: the output gradients joined back (zeros where an output
// got none).
struct SplitBackward final : Node {
    std::string_view nodeName;
    std::int64_t dim = 0;
    std::string_view name() const override { return nodeName; }
    TensorList apply(TensorList&& grads) override {
        TensorList parts;
        for (std::size_t i = 0; i < grads.size(); ++i)
            parts.push_back(grads[i].defined() ? grads[i] : zeros(outputMeta()[i].shape(), outputMeta()[i].dtype));
        return {cat(parts, dim)};
    }
};

std::vector<Tensor> splitImpl(const Tensor& x, const Shape& sizes, std::int64_t dim, std::string_view nodeName) {
    std::vector<Tensor> outs;
    std::int64_t offset = 0;
    for (auto len : sizes) {
        outs.push_back(narrowView(x, dim, offset, len));
        offset += len;
    }
    if (auto node = autograd::makeNode<SplitBackward>(x)) {
        node->nodeName = nodeName;
        node->dim = dim;
        for (const auto& o : outs) autograd::setHistory(o, node);
    }
    return outs;
}

Shape splitSizes(const Tensor& x, std::int64_t splitSize, std::int64_t dim, const char* op) {
    const std::int64_t n = x.size(dim);
    if (splitSize < 0)
        throw ValueError(std::string(op) +
                         ": split expects split_size be non-negative, but got split_size=" + std::to_string(splitSize));
    if (splitSize == 0 && n != 0)
        throw ValueError(std::string(op) +
                         ": split_size can only be 0 if dimension size is 0, but got dimension size of " +
                         std::to_string(n));
    const std::int64_t parts = splitSize == 0 ? 1 : std::max<std::int64_t>((n + splitSize - 1) / splitSize, 1);
    Shape sizes(parts, splitSize);
    if (parts > 0) sizes.back() = n - splitSize * (parts - 1);
    return sizes;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, std::int64_t dim) {
    OpCall call(kCat, tensors);
    if (tensors.empty()) throw ValueError("cat: expected a non-empty list of Tensors");
    const Tensor* ref = nullptr;
    DType dtype = tensors[0].dtype();
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = tensors[i];
        if (t.dim() == 0)
            throw ShapeError("cat: zero-dimensional tensor (at position " + std::to_string(i) +
                             ") cannot be concatenated");
        dtype = promoteTypes(dtype, t.dtype());
        if (!ref && !skippedInCat(t)) ref = &t;
    }
    Shape outSizes{0};
    if (ref) {
        const std::int64_t nd = ref->dim();
        dim = Tensor::wrapDim(dim, nd, "cat");
        outSizes = ref->sizes();
        outSizes[dim] = 0;
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const Tensor& t = tensors[i];
            if (skippedInCat(t)) continue;
            if (t.dim() != nd)
                throw ShapeError("cat: Tensors must have same number of dimensions: got " + std::to_string(nd) +
                                 " and " + std::to_string(t.dim()));
            for (std::int64_t d = 0; d < nd; ++d)
                if (d != dim && t.size(d) != ref->size(d))
                    throw ShapeError("cat: Sizes of tensors must match except in dimension " + std::to_string(dim) +
                                     ". Expected size " + std::to_string(ref->size(d)) + " but got size " +
                                     std::to_string(t.size(d)) + " for tensor number " + std::to_string(i) +
                                     " in the list.");
            outSizes[dim] += t.size(dim);
        }
    } else {
        dim = Tensor::wrapDim(dim, 1, "cat");
    }
    Tensor out = Tensor::empty(outSizes, dtype);
    std::int64_t offset = 0;
    for (const auto& t : tensors) {
        if (skippedInCat(t) && ref) continue;
        kernels::copy(narrowView(out, dim, offset, t.size(dim)), t);
        offset += t.size(dim);
    }
    if (isFloating(dtype))
        if (auto node = autograd::makeNode<CatBackward0>(tensors)) {
            node->dim = dim;
            for (const auto& t : tensors) node->sizes.push_back(t.sizes());
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor stack(const std::vector<Tensor>& tensors, std::int64_t dim) {
    OpCall call(kStack, tensors);
    if (tensors.empty()) throw ValueError("stack: stack expects a non-empty TensorList");
    const Tensor& first = tensors[0];
    dim = Tensor::wrapDim(dim, first.dim() + 1, "stack");
    DType dtype = first.dtype();
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        if (tensors[i].sizes() != first.sizes())
            throw ShapeError("stack: stack expects each tensor to be equal size, but got " +
                             shapeToString(first.sizes()) + " at entry 0 and " + shapeToString(tensors[i].sizes()) +
                             " at entry " + std::to_string(i));
        dtype = promoteTypes(dtype, tensors[i].dtype());
    }
    Shape outSizes = first.sizes();
    outSizes.insert(outSizes.begin() + dim, static_cast<std::int64_t>(tensors.size()));
    Tensor out = Tensor::empty(outSizes, dtype);
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        Shape sizes = out.sizes(), strides = out.strides();
        const std::int64_t offset = static_cast<std::int64_t>(i) * strides[dim];
        sizes.erase(sizes.begin() + dim);
        strides.erase(strides.begin() + dim);
        kernels::copy(Tensor::fromStorage(out.storage(), sizes, strides, out.numel() == 0 ? 0 : offset, dtype),
                      tensors[i]);
    }
    if (isFloating(dtype))
        if (auto node = autograd::makeNode<StackBackward0>(tensors)) {
            node->dim = dim;
            node->count = tensors.size();
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

std::vector<Tensor> split(const Tensor& x, std::int64_t splitSize, std::int64_t dim) {
    OpCall call(kSplit, x);
    if (x.dim() == 0) throw ShapeError("split: split expects at least a 1-dimensional tensor");
    dim = Tensor::wrapDim(dim, x.dim(), "split");
    return call.finishMany(splitImpl(x, splitSizes(x, splitSize, dim, "split"), dim, "SplitBackward0"));
}

std::vector<Tensor> splitWithSizes(const Tensor& x, const Shape& sizes, std::int64_t dim) {
    OpCall call(kSplit, x);
    if (x.dim() == 0) throw ShapeError("split: split expects at least a 1-dimensional tensor");
    dim = Tensor::wrapDim(dim, x.dim(), "split");
    std::int64_t total = 0;
    for (auto s : sizes) {
        if (s < 0)
            throw ValueError(
                "split: split_with_sizes expects split_sizes have only non-negative entries, but got "
                "split_sizes=" +
                shapeToString(sizes));
        total += s;
    }
    if (total != x.size(dim))
        throw ValueError("split: split_with_sizes expects split_sizes to sum exactly to " +
                         std::to_string(x.size(dim)) + " (input tensor's size at dimension " + std::to_string(dim) +
                         "), but got split_sizes=" + shapeToString(sizes));
    return call.finishMany(splitImpl(x, sizes, dim, "SplitWithSizesBackward0"));
}

std::vector<Tensor> chunk(const Tensor& x, std::int64_t chunks, std::int64_t dim) {
    OpCall call(kChunk, x);
    if (x.dim() == 0) throw ShapeError("chunk: chunk expects at least a 1-dimensional tensor");
    if (chunks <= 0)
        throw ValueError("chunk: chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
    dim = Tensor::wrapDim(dim, x.dim(), "chunk");
    const std::int64_t n = x.size(dim);
    const std::int64_t splitSize = (n + chunks - 1) / chunks;
    // torch: a zero split size (empty dim) still gives `chunks` empty pieces.
    Shape sizes = splitSize == 0 ? Shape(chunks, 0) : splitSizes(x, splitSize, dim, "chunk");
    return call.finishMany(splitImpl(x, sizes, dim, "SplitBackward0"));
}

}  // namespace tessera::ops
