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
}

inline bool enabled() noexcept { return detail::g_enabled.load(std::memory_order_relaxed); }

// Clears previous events and starts recording (from every thread).
void start();
// Stops recording and returns the events in the order they finished.
std::vector<Event> stop();
// One finished call as the dispatch point and Node's call operator hand it to recordEvent.
struct EventInfo {
    std::string_view name;  // copied: it may belong to a Node that is gone before stop()
    Phase phase = Phase::Forward;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    double flops = 0;
    double bytes = 0;
    ScopeId scope = 0;
};
// The sizes of one input of an event (empty for an undefined tensor); copied by recordEvent.
using ShapeView = std::span<const std::int64_t>;
// Appends an event to the calling thread's log (no lock; no allocation once the log has grown to the
// size of a profiling window). Called by the dispatch point and Node's call operator only.
void recordEvent(const EventInfo& info, std::span<const ShapeView> inputShapes);

// Monotonic clock in nanoseconds.
std::int64_t nowNs() noexcept;
// Small number of the calling thread.
std::uint32_t threadNumber() noexcept;

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
