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
    Shape dims;                 // the reduced dims, wrapped and ascending
    Shape kept;                 // result shape with keepdim=false
    Shape keptDims;             // result shape with keepdim=true
    const Shape& shape(bool keepdim) const { return keepdim ? keptDims : kept; }
    // Number of input elements that reduce into one output.
    std::int64_t count(const Shape& inputSizes) const;
};

// `dims` empty reduces every dim (torch's rule for dim=[]); negative dims count from the end; a dim
// given twice is an error naming `op`.
ReductionDims reductionDims(const Tensor& x, const Shape& dims, const char* op);
ReductionDims reductionDim(const Tensor& x, std::int64_t dim, const char* op);

// The gradient of a reduction's output broadcast back to the input: `grad` (shape kept or keptDims) is
// viewed with the reduced dims as size 1, then expanded to `inputSizes`. Views only, so differentiable.
Tensor expandReduced(const Tensor& grad, const Shape& inputSizes, const ReductionDims& r);

// A reduction's result (or its gradient) viewed with the reduced dims kept as size 1, so that it
// broadcasts against the input.
Tensor keepReduced(const Tensor& t, const ReductionDims& r);

// Profiler cost of a reduction: one flop per input element, the bytes of inputs and outputs.
OpCost reductionCost(CostOperands inputs, CostOperands outputs);

}  // namespace tessera::ops
