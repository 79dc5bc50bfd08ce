#include "core/profile/aggregate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

namespace tessera::profile {

namespace {

double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

void appendEscaped(std::ostringstream& os, const std::string& s) {
    os << '"';
    for (char c : s) {
        switch (c) {
            case '"':
                os << "\\\"";
                break;
            case '\\':
                os << "\\\\";
                break;
            case '\n':
                os << "\\n";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    os << buf;
                } else {
                    os << c;
                }
        }
    }
    os << '"';
}

}  // namespace

std::vector<OpStats> aggregate(const std::vector<Event>& events, bool byScope) {
    using Key = std::tuple<std::string, std::string, Phase>;
    std::map<Key, std::vector<const Event*>> groups;
    for (const auto& e : events) groups[{byScope ? scopePath(e.scope) : std::string(), e.name, e.phase}].push_back(&e);
    std::vector<OpStats> rows;
    for (const auto& [key, list] : groups) {
        OpStats s;
        s.scope = std::get<0>(key);
        s.name = std::get<1>(key);
        s.phase = std::get<2>(key);
        std::vector<double> durations;
        for (const Event* e : list) {
            const double d = static_cast<double>(e->endNs - e->startNs);
            durations.push_back(d);
            s.totalNs += d;
            s.flops += e->flops;
            s.bytes += e->bytes;
        }
        std::sort(durations.begin(), durations.end());
        s.calls = static_cast<std::int64_t>(list.size());
        s.meanNs = s.totalNs / static_cast<double>(s.calls);
        s.p50Ns = percentile(durations, 50);
        s.p95Ns = percentile(durations, 95);
        s.p99Ns = percentile(durations, 99);
        rows.push_back(std::move(s));
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const OpStats& a, const OpStats& b) { return a.totalNs > b.totalNs; });
    return rows;
}

std::string chromeTrace(const std::vector<Event>& events) {
    std::int64_t origin = 0;
    if (!events.empty()) {
        origin = events.front().startNs;
        for (const auto& e : events) origin = std::min(origin, e.startNs);
    }
    std::ostringstream os;
    os.precision(15);
    os << "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [";
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        os << (i ? ",\n" : "\n") << "{\"name\": ";
        appendEscaped(os, e.name);
        os << ", \"cat\": \"" << phaseName(e.phase) << "\", \"ph\": \"X\", \"pid\": 1, \"tid\": " << e.thread
           << ", \"ts\": " << static_cast<double>(e.startNs - origin) / 1000.0
           << ", \"dur\": " << static_cast<double>(e.endNs - e.startNs) / 1000.0 << ", \"args\": {\"scope\": ";
        appendEscaped(os, scopePath(e.scope));
        os << ", \"flops\": " << e.flops << ", \"bytes\": " << e.bytes << ", \"input_shapes\": [";
        for (std::size_t s = 0; s < e.inputShapes.size(); ++s) {
            os << (s ? ", " : "") << '[';
            for (std::size_t d = 0; d < e.inputShapes[s].size(); ++d) os << (d ? ", " : "") << e.inputShapes[s][d];
            os << ']';
        }
        os << "]}}";
    }
    os << "\n]}\n";
    return os.str();
}

}  // namespace tessera::profile
