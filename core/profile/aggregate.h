// Per-op statistics of a list of profiler events, and their export as Chrome trace-event JSON (opens
// in Perfetto and chrome://tracing).
//
//   profile::start();
//   … run some steps …
//   auto events = profile::stop();
//   for (const auto& row : profile::aggregate(events)) print(row.name, row.phase, row.p95Ns);
//   io::writeFileAtomically("trace.json", profile::chromeTrace(events));
#pragma once

#include <string>
#include <vector>

#include "core/profile/profiler.h"

namespace tessera::profile {

struct OpStats {
    std::string name;  // op or backward Node name
    Phase phase = Phase::Forward;
    std::string scope;  // layer path when grouped by layer, "" otherwise
    std::int64_t calls = 0;
    double totalNs = 0;
    double meanNs = 0;
    double p50Ns = 0;  // percentiles of single calls, nearest-rank
    double p95Ns = 0;
    double p99Ns = 0;
    double flops = 0;  // summed over calls
    double bytes = 0;
};

// One row per (name, phase), or per (scope, name, phase) when byScope; sorted by total time, largest
// first.
std::vector<OpStats> aggregate(const std::vector<Event>& events, bool byScope = false);

// Chrome trace-event JSON: one complete ("ph": "X") event per op, in microseconds from the first event,
// with the phase as category, the thread as tid, and shapes, FLOPs, bytes and scope in args.
std::string chromeTrace(const std::vector<Event>& events);

}  // namespace tessera::profile
