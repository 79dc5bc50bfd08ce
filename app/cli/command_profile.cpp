// tessera-cli profile PROJECT --steps N [--trace out.json] [--by-layer] [--warmup W] [--seed S]
//                     [--threads T]
// Trains the project for W unprofiled warm-up steps, then N steps with the profiler on, and prints
// the per-op table (forward and backward rows; per layer with --by-layer) with the trainer's own
// phases (data, optimizer, metrics), their total against the wall clock, and writes the Chrome
// trace (docs/cli.md).
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/profile/aggregate.h"
#include "core/profile/profiler.h"
#include "core/tensor/error.h"
#include "core/train/limits.h"
#include "core/train/project_session.h"

namespace tessera::cli {
namespace {

constexpr std::string_view kName = "profile";

// Time covered by the outermost events of each thread: an op that runs inside another (a composite
// op's parts, a module's ops) is counted once, through its outermost call.
double outermostNs(const std::vector<profile::Event>& events) {
    std::map<std::uint32_t, std::vector<std::pair<std::int64_t, std::int64_t>>> byThread;
    for (const auto& e : events) byThread[e.thread].emplace_back(e.startNs, e.endNs);
    double total = 0;
    for (auto& [thread, spans] : byThread) {
        std::sort(spans.begin(), spans.end());
        std::int64_t end = std::numeric_limits<std::int64_t>::min();
        for (const auto& [s, e] : spans) {
            if (s >= end) {
                total += static_cast<double>(e - s);
                end = e;
            } else if (e > end) {
                total += static_cast<double>(e - end);
                end = e;
            }
        }
    }
    return total;
}

std::string formatRow(const std::string& name, const std::string& phase, std::int64_t calls, double totalNs,
                      double meanNs, double p50Ns, double p95Ns, double p99Ns, double share, double flops,
                      double bytes) {
    char line[512];
    const double seconds = totalNs / 1e9;
    std::snprintf(line, sizeof line, "%-44s %-9s %7" PRId64 " %10.3f %10.1f %10.1f %10.1f %10.1f %6.1f%% %8.2f %8.2f\n",
                  name.c_str(), phase.c_str(), calls, totalNs / 1e6, meanNs / 1e3, p50Ns / 1e3, p95Ns / 1e3,
                  p99Ns / 1e3, 100.0 * share, seconds > 0 ? flops / seconds / 1e9 : 0.0,
                  seconds > 0 ? bytes / seconds / 1e9 : 0.0);
    return line;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a;
    std::int64_t steps = 0, warmup = 1;
    train::SessionOverrides overrides;
    try {
        a = parseArguments(args, {"--steps", "--trace", "--warmup", "--seed", "--threads"}, {"--by-layer"});
        a.project();
        a.required("--steps");
        steps = *a.integer("--steps", 1);
        warmup = a.integer("--warmup", 0).value_or(1);
        if (auto seed = a.integer("--seed", 0)) overrides.seed = static_cast<std::uint64_t>(*seed);
        if (auto threads = a.integer("--threads", 1, train::kMaxThreads))
            overrides.threads = static_cast<int>(*threads);
    } catch (const UsageError& e) {
        return usageError(err, kName, e.what());
    }
    const std::filesystem::path projectFile = a.project();
    io::Project project = io::loadProject(projectFile);
    {
        // Enough epochs for the steps, whatever the project's own count.
        train::ProjectSession probe(project, projectFile, overrides);
        const std::int64_t perEpoch = probe.loader("train").batchesPerEpoch();
        overrides.epochs = (warmup + steps + perEpoch - 1) / perEpoch + 1;
    }
    train::ProjectSession session(project, projectFile, overrides);
    train::Trainer& trainer = session.trainer();

    std::int64_t stopAt = warmup;
    std::map<std::string, std::pair<std::int64_t, std::vector<double>>> phases;  // trainer phases: calls, ns
    bool profiling = false;
    trainer.callbacks().onStep = [&](const train::StepRecord& r) {
        if (profiling) {
            for (auto [name, ns] :
                 {std::pair{"data.batch", r.timings.dataNs}, std::pair{"optimizer.step", r.timings.optimizerNs},
                  std::pair{"metrics", r.timings.metricsNs}}) {
                phases[name].first += 1;
                phases[name].second.push_back(static_cast<double>(ns));
            }
        }
        if (r.step >= stopAt) trainer.control().stop();
    };
    if (warmup > 0) trainer.run();
    trainer.control().reset();
    stopAt = warmup + steps;
    profiling = true;
    profile::start();
    const std::int64_t wallStart = profile::nowNs();
    trainer.run();
    const double wallNs = static_cast<double>(profile::nowNs() - wallStart);
    const std::vector<profile::Event> events = profile::stop();

    const bool byLayer = a.flag("--by-layer");
    const std::int64_t ran = trainer.globalStep() - warmup;
    out << "profile of " << ran << " training steps of " << project.name << " (" << events.size() << " op events, "
        << (byLayer ? "by layer" : "by op") << ")\n";
    char header[512];
    std::snprintf(header, sizeof header, "%-44s %-9s %7s %10s %10s %10s %10s %10s %7s %8s %8s\n",
                  byLayer ? "layer / op" : "op", "phase", "calls", "total ms", "mean us", "p50 us", "p95 us", "p99 us",
                  "share", "GFLOP/s", "GB/s");
    out << header;
    for (const auto& row : profile::aggregate(events, byLayer)) {
        std::string name = byLayer && !row.scope.empty() ? row.scope + " / " + row.name : row.name;
        out << formatRow(name, std::string(profile::phaseName(row.phase)), row.calls, row.totalNs, row.meanNs,
                         row.p50Ns, row.p95Ns, row.p99Ns, row.totalNs / wallNs, row.flops, row.bytes);
    }
    double trainerNs = 0;
    for (auto& [name, entry] : phases) {
        auto& [calls, samples] = entry;
        std::sort(samples.begin(), samples.end());
        double total = 0;
        for (double v : samples) total += v;
        auto rank = [&](double p) {
            std::size_t i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(samples.size())));
            return samples[std::min(samples.size() - 1, i == 0 ? 0 : i - 1)];
        };
        trainerNs += total;
        out << formatRow(name, "trainer", calls, total, total / static_cast<double>(calls), rank(0.5), rank(0.95),
                         rank(0.99), total / wallNs, 0, 0);
    }
    const double opsNs = outermostNs(events);
    const double covered = opsNs + trainerNs;
    char summary[512];
    std::snprintf(summary, sizeof summary,
                  "total: ops %.3f ms (outermost calls) + trainer %.3f ms = %.3f ms; wall clock %.3f ms (%.1f%%)\n",
                  opsNs / 1e6, trainerNs / 1e6, covered / 1e6, wallNs / 1e6, 100.0 * covered / wallNs);
    out << summary;
    if (auto trace = a.value("--trace")) {
        io::writeFileAtomically(*trace, profile::chromeTrace(events));
        out << "wrote " << *trace << "\n";
    }
    return 0;
}

[[maybe_unused]] const bool registered = registerCommand(
    {kName, "PROJECT --steps N [--trace out.json] [--by-layer] [--warmup W] [--seed S] [--threads T]",
     "Profile N training steps: per-op table (forward and backward, by layer on request) and a Chrome trace.", run});

}  // namespace
}  // namespace tessera::cli
