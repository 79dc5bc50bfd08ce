#include "core/ops/reduction.h"

#include <string>

#include "core/ops/view.h"

namespace tessera::ops {

ReductionDims reductionDims(const Tensor& x, const Shape& dims, const char* op) {
    const std::int64_t nd = x.dim();
    ReductionDims r;
    r.reduced.assign(static_cast<std::size_t>(nd), dims.empty());
    for (std::int64_t d : dims) {
        const std::int64_t w = Tensor::wrapDim(d, nd, op);
        if (nd == 0) continue;
        if (r.reduced[w])
            throw ShapeError(std::string(op) + ": dim " + std::to_string(w) +
                             " appears multiple times in the list of dims");
        r.reduced[w] = true;
    }
    for (std::int64_t d = 0; d < nd; ++d) {
        if (r.reduced[d]) r.dims.push_back(d);
        if (!r.reduced[d]) r.kept.push_back(x.sizes()[d]);
        r.keptDims.push_back(r.reduced[d] ? 1 : x.sizes()[d]);
    }
    return r;
}

ReductionDims reductionDim(const Tensor& x, std::int64_t dim, const char* op) {
    return reductionDims(x, Shape{dim}, op);
}

std::int64_t ReductionDims::count(const Shape& inputSizes) const {
    std::int64_t n = 1;
    for (std::size_t d = 0; d < inputSizes.size(); ++d)
        if (reduced[d]) n *= inputSizes[d];
    return n;
}

Tensor keepReduced(const Tensor& t, const ReductionDims& r) { return reshape(t, r.keptDims); }

Tensor expandReduced(const Tensor& grad, const Shape& inputSizes, const ReductionDims& r) {
    return expand(reshape(grad, r.keptDims), inputSizes);
}

OpCost reductionCost(CostOperands inputs, CostOperands outputs) {
    double flops = 0, bytes = 0;
    for (const auto& t : inputs)
        if (t.defined()) {
            flops += static_cast<double>(t.numel());
            bytes += static_cast<double>(t.nbytes());
        }
    for (const auto& t : outputs)
        if (t.defined()) bytes += static_cast<double>(t.nbytes());
    return {flops, bytes};
}

}  // namespace tessera::ops
