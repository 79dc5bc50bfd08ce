// The per-op profiler. Ops never time themselves: the single dispatch point (core/ops/dispatch.h)
// and the autograd engine record one Event per forward op and per backward Node while profiling is on.
// Off, the cost is one relaxed atomic load and a branch; on, an event is appended to its thread's own
// log without a lock or an allocation, and turned into an Event when stop() reads the logs.
//
//   profile::start();
//   { profile::Scope layer("conv1"); y = ops::conv2d(x, w, b, …); }   // events carry scope "conv1"
//   std::vector<profile::Event> events = profile::stop();
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::profile {

enum class Phase : std::uint8_t { Forward, Backward };

constexpr std::string_view phaseName(Phase p) { return p == Phase::Forward ? "forward" : "backward"; }

// Interned "outer/inner" path of the layer scopes open when an op ran; 0 is the empty (top) scope.
using ScopeId = std::uint32_t;

struct Event {
    std::string name;  // op name ("mm", "conv2d") or backward Node name ("MmBackward0")
    Phase phase = Phase::Forward;
    std::vector<Shape> inputShapes;
    double flops = 0;  // floating point operations (a multiply-add counts 2)
    double bytes = 0;  // bytes read and written
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t thread = 0;  // small per-process thread number, 0 for the first thread seen
    ScopeId scope = 0;
};

namespace detail {
extern std::atomic<bool> g_enabled;
extern std::atomic<bool> g_tscTicks;  // whether ticks() reads the TSC; set when the library loads
}  // namespace detail

inline bool enabled() noexcept { return detail::g_enabled.load(std::memory_order_relaxed); }

// Clears previous events and starts recording (from every thread).
void start();
// Stops recording and returns the events in the order they finished.
std::vector<Event> stop();
// A tensor an event saw (an op's input or output, a Node's incoming or outgoing gradient) as cost
// functions read it: shape and dtype, no data. It views sizes owned elsewhere (the tensor's, or the
// event log's when stop() prices the event).
class Operand {
public:
    Operand() noexcept = default;  // an undefined tensor (an absent optional input)
    explicit Operand(const Tensor& t) noexcept {
        if (!t.defined()) return;
        m_sizes = t.sizes().data();
        m_rank = static_cast<std::uint32_t>(t.sizes().size());
        m_dtype = t.dtype();
        m_defined = true;
    }
    Operand(std::span<const std::int64_t> sizes, DType dtype) noexcept
        : m_sizes(sizes.data()), m_rank(static_cast<std::uint32_t>(sizes.size())), m_dtype(dtype), m_defined(true) {}

    bool defined() const noexcept { return m_defined; }
    std::int64_t dim() const noexcept { return m_rank; }
    std::span<const std::int64_t> sizes() const noexcept { return {m_sizes, m_rank}; }
    std::int64_t size(std::int64_t d) const { return m_sizes[Tensor::wrapDim(d, dim(), "size")]; }
    std::int64_t numel() const noexcept {
        std::int64_t n = 1;
        for (std::uint32_t i = 0; i < m_rank; ++i) n *= m_sizes[i];
        return n;
    }
    std::size_t nbytes() const noexcept { return static_cast<std::size_t>(numel()) * itemSize(m_dtype); }
    DType dtype() const noexcept { return m_dtype; }

private:
    const std::int64_t* m_sizes = nullptr;
    std::uint32_t m_rank = 0;
    DType m_dtype = DType::Float32;
    bool m_defined = false;
};

// FLOPs and bytes of one call, computed from its operands when the events are read (stop()), so the
// hot path only copies shapes.
struct Cost {
    double flops = 0;
    double bytes = 0;
};
using CostFn = Cost (*)(std::span<const Operand> inputs, std::span<const Operand> outputs);
// One flop per output element; bytes of every input and output. Backward Nodes are charged this.
Cost elementwiseCost(std::span<const Operand> inputs, std::span<const Operand> outputs);

// One finished call as the dispatch point and Node's call operator hand it to recordEvent.
struct EventInfo {
    std::string_view name;
    bool nameIsStatic = false;  // true: `name` lives as long as the program (an OpInfo's), not copied
    Phase phase = Phase::Forward;
    std::int64_t startTicks = 0;
    std::int64_t endTicks = 0;
    CostFn cost = nullptr;  // nullptr: no FLOPs, no bytes
};
// Appends an event, under the calling thread's current scope, to its log: the operands' shapes and
// dtypes are copied (the Event's input shapes, and what `cost` prices at stop()), and the name unless
// it is static. No lock; no allocation once the log has grown to the size of a profiling window.
// Called by the dispatch point (inputs and outputs of an op call) and Node's call operator (the
// gradients it received, copied because apply() consumes them, and those it returned) only.
void recordEvent(const EventInfo& info, std::span<const Tensor* const> inputs, std::span<const Tensor* const> outputs);
void recordEvent(const EventInfo& info, std::span<const Operand> inputs, std::span<const Tensor> outputs);

// Monotonic clock in nanoseconds.
std::int64_t nowNs() noexcept;
// Small number of the calling thread.
std::uint32_t threadNumber() noexcept;

// A cheap timestamp (the TSC on x86-64, else nowNs()); stop() turns ticks into nowNs()'s nanoseconds.
inline std::int64_t ticks() noexcept {
#if defined(__x86_64__)
    // Where the kernel itself keeps time with the TSC (it is then constant-rate and synchronised
    // across cores), reading it costs less than half of a steady_clock::now().
    if (detail::g_tscTicks.load(std::memory_order_relaxed)) [[likely]]
        return static_cast<std::int64_t>(__builtin_ia32_rdtsc());
#endif
    return nowNs();
}

// RAII layer scope on the calling thread. Scopes nest: Scope a("model"); Scope b("conv1") → "model/conv1".
class Scope {
public:
    explicit Scope(std::string_view name);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

private:
    ScopeId m_previous;
};

// The scope open on this thread now; stored by autograd Nodes so backward events keep their layer.
ScopeId currentScope() noexcept;
// Makes `id` the current scope of this thread until destroyed (used by backward, which runs Nodes
// under the scope that created them).
class ScopeRestore {
public:
    explicit ScopeRestore(ScopeId id) noexcept;
    ~ScopeRestore();
    ScopeRestore(const ScopeRestore&) = delete;
    ScopeRestore& operator=(const ScopeRestore&) = delete;

private:
    ScopeId m_previous;
};
// The path of an interned scope ("" for 0).
std::string scopePath(ScopeId id);

}  // namespace tessera::profile
