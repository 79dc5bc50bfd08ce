// Shared dims handling of the reduction ops (sum, mean, var, amax, logsumexp, …): which dims a call
// reduces and the shapes of its result, with torch's rules and errors.
//
//   ReductionDims r = reductionDims(x, {0, -1}, "sum");    // x: [2, 3, 4]
//   r.shape(false) == Shape{3};  r.shape(true) == Shape{1, 3, 1};
#pragma once

#include <vector>

#include "core/ops/dispatch.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

struct ReductionDims {
    std::vector<bool> reduced;  // per input dim
    Shape kept;                 // result shape with keepdim=false
    Shape keptDims;             // result shape with keepdim=true
    const Shape& shape(bool keepdim) const { return keepdim ? keptDims : kept; }
};

// `dims` empty reduces every dim (torch's rule for dim=[]); negative dims count from the end; a dim
// given twice is an error naming `op`.
ReductionDims reductionDims(const Tensor& x, const Shape& dims, const char* op);
ReductionDims reductionDim(const Tensor& x, std::int64_t dim, const char* op);

// Profiler cost of a reduction: one flop per input element, the bytes of inputs and outputs.
OpCost reductionCost(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs);

}  // namespace tessera::ops
