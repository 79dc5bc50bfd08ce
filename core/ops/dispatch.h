// The single dispatch point of forward ops and the op registry.
//
// Every op file registers an OpInfo and opens an OpCall around its work; the OpCall records a profiler
// event when profiling is on (one branch when off). No op author writes timing code.
//
//   namespace { const OpInfo kAdd = registerOp({"add", OpCategory::Elementwise, elementwiseCost}); }
//   Tensor add(const Tensor& a, const Tensor& b) {
//       OpCall call(kAdd, a, b);
//       Tensor out = …;                 // shape rule + kernel
//       return call.finish(out);        // records the event (with FLOPs/bytes) if profiling is on
//   }
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/profile/profiler.h"
#include "core/tensor/small_vector.h"
#include "core/tensor/tensor.h"

namespace tessera::ops {

// Backward: ops that exist to make a backward formula differentiable (slice_backward, …); they are
// covered by the gradient checks of the op they serve, not by their own conformance case.
enum class OpCategory { Factory, View, Elementwise, Reduction, Linalg, Nn, Loss, Shape, Random, Backward };

// An op's cost is computed from the shapes and dtypes of its inputs and outputs (profile::Operand:
// defined(), dim(), size(d), numel(), nbytes(), dtype()) when the profiler's events are read.
using OpCost = profile::Cost;
using CostOperand = profile::Operand;
using CostOperands = std::span<const CostOperand>;
using CostFn = profile::CostFn;

// Default cost: one flop per output element; bytes of every input and output.
using profile::elementwiseCost;
// Views move no data and compute nothing.
OpCost zeroCost(CostOperands inputs, CostOperands outputs);

struct OpInfo {
    std::string_view name;  // PyTorch's name of the op: "add", "conv2d", "cross_entropy"; a literal (the
                            // registry and profiler events keep the view)
    OpCategory category = OpCategory::Elementwise;
    CostFn cost = elementwiseCost;
    bool differentiable = true;  // has a backward (integer results and comparisons do not)
};

// Adds `info` to the registry and returns it; call at namespace scope in the op's file.
const OpInfo& registerOp(const OpInfo& info);
// Every registered op, sorted by name.
std::vector<OpInfo> registeredOps();
const OpInfo* findOp(std::string_view name);

namespace detail {
extern constinit thread_local const OpInfo* t_currentOp;
}
// The op whose OpCall is innermost on this thread now (nullptr outside any): the op that creates a
// grad_fn Node while it runs, so the autograd views name a forward step "mul" or "conv2d" after it.
inline const OpInfo* currentOp() noexcept { return detail::t_currentOp; }

class OpCall {
public:
    // Inputs are tensors or vectors of tensors (cat, stack); they are looked at only when profiling.
    template <class... Ts>
    explicit OpCall(const OpInfo& op, const Ts&... inputs)
        : m_op(op), m_on(profile::enabled()), m_outer(detail::t_currentOp) {
        detail::t_currentOp = &op;
        if (m_on) [[unlikely]] {
            (collect(inputs), ...);
            m_start = profile::ticks();
        }
    }
    ~OpCall() { detail::t_currentOp = m_outer; }
    OpCall(const OpCall&) = delete;
    OpCall& operator=(const OpCall&) = delete;

    // Records the event for this call (if profiling is on), checks the result for NaN/Inf in anomaly
    // mode, and returns `out`.
    Tensor finish(Tensor out) {
        if (autograd::AnomalyMode::isEnabled()) [[unlikely]]
            checkFinite(out);
        if (m_on) [[unlikely]] {
            const Tensor* output = &out;
            end({&output, 1});
        }
        return out;
    }
    // For ops with several outputs (max with indices, split, …).
    template <class Container>
    Container finishMany(Container outs) {
        if (autograd::AnomalyMode::isEnabled()) [[unlikely]]
            for (const auto& t : outs) checkFinite(t);
        if (m_on) [[unlikely]] {
            SmallVector<const Tensor*, 4> outputs;
            for (const auto& t : outs) outputs.push_back(&t);
            end(outputs);
        }
        return outs;
    }

private:
    // The inputs are the caller's arguments, alive until the op returns: pointers to them suffice. Their
    // shapes are read when the call ends, as an in-place op leaves them.
    void collect(const Tensor& t) { m_inputs.push_back(&t); }
    void collect(const std::vector<Tensor>& ts) {
        for (const auto& t : ts) m_inputs.push_back(&t);
    }
    void end(std::span<const Tensor* const> outputs);
    // Raises AutogradError naming this op if `t` holds a NaN or an infinity.
    void checkFinite(const Tensor& t) const;

    const OpInfo& m_op;
    bool m_on;
    const OpInfo* m_outer;  // the op this call runs inside, current again when it returns
    std::int64_t m_start = 0;
    SmallVector<const Tensor*, 4> m_inputs;
};

}  // namespace tessera::ops
