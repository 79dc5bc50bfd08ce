#include "core/ops/index_put.h"

#include <string>
#include <type_traits>
#include <vector>

#include "core/autograd/function.h"
#include "core/kernels/copy.h"
#include "core/kernels/elementwise.h"
#include "core/kernels/layout.h"
#include "core/ops/dispatch.h"
#include "core/ops/elementwise_support.h"
#include "core/ops/loss_common.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::ops {

namespace {
// aten::index serves index_put's backward (the values' gradient); the expression language's `x[tensor]`
// does not reach it, so index_put's gradient checks cover it.
const OpInfo& kIndex = registerOp({"index", OpCategory::Backward, elementwiseCost});
const OpInfo& kIndexPut = registerOp({"index_put", OpCategory::Shape, elementwiseCost});
const OpInfo& kIndexPutInplace = registerOp({"index_put_", OpCategory::Shape, elementwiseCost});

// Where the elements of self[indices] live: the result's sizes and, per result element in row-major
// order, its offset from self's first element (through self's strides).
struct IndexPlan {
    Shape sizes;
    std::vector<std::int64_t> offsets;
};

std::string shapesList(const std::vector<Shape>& shapes) {
    std::string s;
    for (const auto& shape : shapes) s += (s.empty() ? "" : ", ") + shapeToString(shape);
    return s;
}

IndexPlan planIndex(std::string_view op, const Tensor& self, const std::vector<Tensor>& indices) {
    const std::string name(op);
    if (indices.empty()) throw IndexError(name + ": expected at least one index tensor, got none");
    if (static_cast<std::int64_t>(indices.size()) > self.dim())
        throw IndexError(name + ": too many indices for tensor of dimension " + std::to_string(self.dim()) + " (got " +
                         std::to_string(indices.size()) + ")");
    // Each mask becomes one int64 index per dim it covers (its nonzero() positions); `dims[k]` is the
    // dim of self that index k addresses.
    std::vector<Tensor> expanded;
    std::vector<std::int64_t> dims;
    std::int64_t dim = 0;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const Tensor& idx = indices[k];
        if (!idx.defined()) throw IndexError(name + ": index " + std::to_string(k) + " is None; pass a tensor");
        if (idx.dtype() == DType::Int64) {
            expanded.push_back(idx);
            dims.push_back(dim++);
            continue;
        }
        if (idx.dtype() != DType::Bool)
            throw IndexError(name + ": tensors used as indices must be long, byte or bool tensors (index " +
                             std::to_string(k) + " is " + std::string(dtypeName(idx.dtype())) + ")");
        if (idx.dim() == 0)
            throw IndexError(name + ": a 0-dim bool index (index " + std::to_string(k) +
                             ") is not supported; give the mask the dims it covers");
        if (dim + idx.dim() > self.dim())
            throw IndexError(name + ": too many indices for tensor of dimension " + std::to_string(self.dim()) +
                             " (the mask of shape " + shapeToString(idx.sizes()) + " at index " + std::to_string(k) +
                             " covers dims " + std::to_string(dim) + " to " + std::to_string(dim + idx.dim() - 1) +
                             ")");
        for (std::int64_t j = 0; j < idx.dim(); ++j)
            if (idx.size(j) != self.size(dim + j))
                throw IndexError(name + ": The shape of the mask " + shapeToString(idx.sizes()) + " at index " +
                                 std::to_string(j) + " does not match the shape of the indexed tensor " +
                                 shapeToString(self.sizes()) + " at index " + std::to_string(dim + j));
        const auto flags = idx.toVector<std::int64_t>();
        const Shape maskStrides = contiguousStrides(idx.sizes());
        std::vector<std::vector<std::int64_t>> positions(static_cast<std::size_t>(idx.dim()));
        for (std::size_t i = 0; i < flags.size(); ++i) {
            if (!flags[i]) continue;
            auto rest = static_cast<std::int64_t>(i);
            for (std::int64_t j = 0; j < idx.dim(); ++j) {
                positions[static_cast<std::size_t>(j)].push_back(rest / maskStrides[static_cast<std::size_t>(j)]);
                rest %= maskStrides[static_cast<std::size_t>(j)];
            }
        }
        for (auto& p : positions) {
            const auto n = static_cast<std::int64_t>(p.size());
            expanded.push_back(Tensor::fromVector<std::int64_t>(p, {n}));
            dims.push_back(dim++);
        }
    }

    Shape broadcast;
    std::vector<Shape> shapes;
    for (const auto& e : expanded) shapes.push_back(e.sizes());
    for (const auto& shape : shapes) {
        try {
            broadcast = kernels::broadcastShapes(op, broadcast, shape);
        } catch (const ShapeError&) {
            throw IndexError(name + ": shape mismatch: indexing tensors could not be broadcast together with shapes " +
                             shapesList(shapes));
        }
    }
    const std::int64_t count = shapeNumel(broadcast);

    // Offsets of the addressed places along the indexed dims, bounds-checked.
    std::vector<std::int64_t> indexed(static_cast<std::size_t>(count), 0);
    for (std::size_t k = 0; k < expanded.size(); ++k) {
        const Tensor values = detail::materialize(expanded[k], broadcast, DType::Int64);
        const std::int64_t* v = values.data<std::int64_t>();
        const std::int64_t size = self.size(dims[k]), stride = self.stride(dims[k]);
        for (std::int64_t i = 0; i < count; ++i) {
            std::int64_t at = v[i];
            if (at < -size || at >= size)
                throw IndexError(name + ": index " + std::to_string(at) + " is out of bounds for dimension " +
                                 std::to_string(dims[k]) + " with size " + std::to_string(size));
            if (at < 0) at += size;
            indexed[static_cast<std::size_t>(i)] += at * stride;
        }
    }

    // Offsets of the elements of the dims after the indexed ones, in row-major order.
    Shape restSizes(self.sizes().begin() + dim, self.sizes().end());
    std::vector<std::int64_t> rest{0};
    for (std::int64_t d = dim; d < self.dim(); ++d) {
        std::vector<std::int64_t> next;
        next.reserve(rest.size() * static_cast<std::size_t>(self.size(d)));
        for (std::int64_t base : rest)
            for (std::int64_t i = 0; i < self.size(d); ++i) next.push_back(base + i * self.stride(d));
        rest = std::move(next);
    }

    IndexPlan plan;
    plan.sizes = broadcast;
    plan.sizes.insert(plan.sizes.end(), restSizes.begin(), restSizes.end());
    plan.offsets.reserve(indexed.size() * rest.size());
    for (std::int64_t base : indexed)
        for (std::int64_t r : rest) plan.offsets.push_back(base + r);
    return plan;
}

// Writes (or adds) `values` broadcast to the plan's sizes into `dst` at the planned places, in
// row-major order: with repeated places and no accumulation the last value wins, as torch on the CPU.
void scatterInto(std::string_view op, const Tensor& dst, const IndexPlan& plan, const Tensor& values, bool accumulate) {
    if (values.dtype() != dst.dtype())
        throw TypeError(std::string(op) + ": Index put requires the source and destination dtypes match, got " +
                        std::string(detail::torchTypeName(dst.dtype())) + " for the destination and " +
                        std::string(detail::torchTypeName(values.dtype())) + " for the source.");
    bool fits = values.dim() <= static_cast<std::int64_t>(plan.sizes.size());
    for (std::int64_t d = 1; fits && d <= values.dim(); ++d) {
        const std::int64_t v = values.size(values.dim() - d);
        fits = v == 1 || v == plan.sizes[plan.sizes.size() - static_cast<std::size_t>(d)];
    }
    if (!fits)
        throw ShapeError(std::string(op) + ": shape mismatch: value tensor of shape " + shapeToString(values.sizes()) +
                         " cannot be broadcast to indexing result of shape " + shapeToString(plan.sizes));
    if (plan.offsets.empty()) return;
    const Tensor v = detail::materialize(values, plan.sizes, values.dtype());
    visitDType(dst.dtype(), [&]<class T>() {
        T* out = static_cast<T*>(dst.rawData());
        const T* in = v.data<T>();
        for (std::size_t i = 0; i < plan.offsets.size(); ++i) {
            if constexpr (std::is_same_v<T, bool>) {
                out[plan.offsets[i]] = accumulate ? (out[plan.offsets[i]] || in[i]) : in[i];
            } else {
                out[plan.offsets[i]] = accumulate ? out[plan.offsets[i]] + in[i] : in[i];
            }
        }
    });
}

std::vector<autograd::SavedVariable> saveAll(const std::vector<Tensor>& indices) {
    std::vector<autograd::SavedVariable> saved;
    for (const auto& i : indices) saved.emplace_back(i);
    return saved;
}

std::vector<Tensor> unpackAll(std::vector<autograd::SavedVariable>& saved, const autograd::Node* node) {
    std::vector<Tensor> out;
    for (auto& s : saved) out.push_back(s.unpack(node));
    return out;
}

// The gradient of index_put: self's gradient is grad with the overwritten places zeroed (all of grad
// when accumulating); values' gradient is grad at the addressed places (the engine sums it back to
// the shape of a broadcast value).
struct IndexPutBackward0 final : autograd::Node {
    std::vector<autograd::SavedVariable> indices;
    Shape valuesSizes;
    bool accumulate = false;
    std::string_view name() const override { return "IndexPutBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const std::vector<Tensor> idx = unpackAll(indices, this);
        autograd::TensorList out(2);
        if (shouldComputeOutput(0))
            out[0] = accumulate ? grads[0] : indexPut(grads[0], idx, zeros(valuesSizes, grads[0].dtype()));
        if (shouldComputeOutput(1)) out[1] = index(grads[0], idx);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override {
        for (auto& i : indices) visit("indices", i);
    }
};

struct IndexBackward0 final : autograd::Node {
    std::vector<autograd::SavedVariable> indices;
    Shape selfSizes;
    std::string_view name() const override { return "IndexBackward0"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        return {indexPut(zeros(selfSizes, grads[0].dtype()), unpackAll(indices, this), grads[0], true)};
    }
    void visitSaved(const SavedVisitor& visit) override {
        for (auto& i : indices) visit("indices", i);
    }
};

// torch's node for an in-place op applied through a view of a tensor: here the view is base.unsqueeze(0)
// and the op index_put_ with one int64 index (setItem_'s 0-dim mask). The base's gradient is the
// view's gradient under that index_put_, squeezed back.
struct CopySlices final : autograd::Node {
    autograd::SavedVariable index;
    std::string_view name() const override { return "CopySlices"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        const Tensor idx = index.unpack(this);
        autograd::TensorList out(2);
        if (shouldComputeOutput(0))
            out[0] = squeeze(indexPut(unsqueeze(grads[0], 0), {idx}, zeros({}, grads[0].dtype())), 0);
        return out;
    }
    void visitSaved(const SavedVisitor& visit) override { visit("index", index); }
};

void recordIndexPut(const Tensor& out, const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                    bool accumulate) {
    if (!isFloating(out.dtype())) return;
    if (auto node = autograd::makeNode<IndexPutBackward0>(self, values)) {
        node->indices = saveAll(indices);
        node->valuesSizes = values.sizes();
        node->accumulate = accumulate;
        autograd::setHistory(out, node);
    }
}

void checkValues(std::string_view op, const Tensor& values) {
    if (!values.defined()) throw ValueError(std::string(op) + ": values must be a tensor");
}
}  // namespace

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) {
    OpCall call(kIndex, self, indices);
    const IndexPlan plan = planIndex("index", self, indices);
    Tensor out = Tensor::empty(plan.sizes, self.dtype());
    visitDType(self.dtype(), [&]<class T>() {
        const T* in = static_cast<const T*>(self.rawData());
        T* o = out.data<T>();
        for (std::size_t i = 0; i < plan.offsets.size(); ++i) o[i] = in[plan.offsets[i]];
    });
    if (isFloating(self.dtype()))
        if (auto node = autograd::makeNode<IndexBackward0>(self)) {
            node->indices = saveAll(indices);
            node->selfSizes = self.sizes();
            autograd::setHistory(out, node);
        }
    return call.finish(out);
}

Tensor indexPut(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
    OpCall call(kIndexPut, self, indices, values);
    checkValues(kIndexPut.name, values);
    // self.clone(preserve_format), as torch: a dense copy, laid out as self when self is dense.
    Tensor out = kernels::emptyPreserving(self, self.dtype());
    kernels::copy(out, self);
    // Planned on the copy: self may be expanded (a gradient often is).
    const IndexPlan plan = planIndex(kIndexPut.name, out, indices);
    scatterInto(kIndexPut.name, out, plan, values, accumulate);
    recordIndexPut(out, self, indices, values, accumulate);
    return call.finish(out);
}

Tensor indexPut_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
    OpCall call(kIndexPutInplace, self, indices, values);
    checkValues(kIndexPutInplace.name, values);
    kernels::checkInPlace(kIndexPutInplace.name, self);
    detail::checkInplaceAutograd(kIndexPutInplace.name, self);
    const IndexPlan plan = planIndex(kIndexPutInplace.name, self, indices);
    // A value that shares memory with self is read before anything is written.
    const Tensor source = values.defined() && values.sharesStorageWith(self) ? clone(values.detach()) : values;
    scatterInto(kIndexPutInplace.name, self, plan, source, accumulate);
    self.bumpVersion();
    recordIndexPut(self, self, indices, values, accumulate);
    return call.finish(self);
}

Tensor setItem_(const Tensor& self, const Tensor& mask, const Scalar& value) {
    if (mask.dtype() != DType::Bool)
        throw TypeError("index_put_: setItem_ takes a bool mask, got " + std::string(dtypeName(mask.dtype())));
    Tensor v = Tensor::empty({}, self.dtype());
    visitDType(self.dtype(), [&]<class T>() { *v.data<T>() = value.to<T>(); });
    if (mask.dim() != 0) return indexPut_(self, {mask}, v);
    OpCall call(kIndexPutInplace, self, mask);
    kernels::checkInPlace(kIndexPutInplace.name, self);
    detail::checkInplaceAutograd(kIndexPutInplace.name, self);
    const Tensor at = mask.item<bool>() ? Tensor::fromVector<std::int64_t>({0}, {1}) : Tensor::empty({0}, DType::Int64);
    Shape sizes = self.sizes(), strides = self.strides();
    sizes.insert(sizes.begin(), 1);
    strides.insert(strides.begin(), 1);
    const Tensor view = Tensor::fromStorage(self.storage(), sizes, strides, self.storageOffset(), self.dtype());
    scatterInto(kIndexPutInplace.name, view, planIndex(kIndexPutInplace.name, view, {at}), v, false);
    self.bumpVersion();
    if (isFloating(self.dtype()))
        if (auto node = autograd::makeNode<CopySlices>(self, Tensor())) {
            node->index = autograd::SavedVariable(at);
            autograd::setHistory(self, node);
        }
    return call.finish(self);
}

}  // namespace tessera::ops
