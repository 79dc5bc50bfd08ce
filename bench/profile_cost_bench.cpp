// What recording every op costs a training step (issue 8: profiling on costs ≤ 5% of step time).
// Trains digits-cnn and moons-mlp with the project's settings and switches the profiler on and off in
// alternate blocks of steps, so both sides see the same machine load, weights and batch sizes; each
// step's own time (data, forward, backward, optimiser, metrics: StepRecord::timings) goes to its side,
// and the medians are compared. The events of each profiled block are collected between steps, as
// the GUI's profile window does. Then the tensor inspector's sample (train::TensorProbe on 64
// validation rows, as the GUI takes it every N steps) is timed on the trained model.
//
//   build/bench/profile_cost_bench [--steps N] [--block B] [--threads T] [PROJECT…]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/io/project.h"
#include "core/profile/profiler.h"
#include "core/train/project_session.h"
#include "core/train/tensor_probe.h"

using namespace tessera;

namespace {

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string loadAverage() {
    std::ifstream in("/proc/loadavg");
    std::string one, five, fifteen;
    in >> one >> five >> fifteen;
    return one + " " + five + " " + fifteen;
}

struct Result {
    std::vector<double> offUs, onUs;
    std::size_t events = 0;
    std::vector<double> probeUs;  // one TensorProbe::sample each
};

Result measure(const std::filesystem::path& file, std::int64_t steps, std::int64_t block, int threads) {
    io::Project project = io::loadProject(file);
    train::ProjectSession session(project, file, {.epochs = 100000, .threads = threads});
    Result r;
    bool on = false;
    std::int64_t inBlock = 0;
    // The first block warms caches and allocator pools up and is not counted.
    std::int64_t seen = 0;
    session.trainer().callbacks().onStep = [&](const train::StepRecord& s) {
        const auto& t = s.timings;
        const double us =
            static_cast<double>(t.dataNs + t.forwardNs + t.backwardNs + t.optimizerNs + t.metricsNs) / 1e3;
        if (seen++ >= block) (on ? r.onUs : r.offUs).push_back(us);
        if (++inBlock == block) {
            inBlock = 0;
            if (on) r.events += profile::stop().size();
            on = !on;
            if (on) profile::start();
        }
        if (seen >= steps + block) session.trainer().control().stop();
    };
    session.trainer().run();
    if (on) r.events += profile::stop().size();
    const data::Dataset& val = session.split().val.size() > 0 ? session.split().val : session.split().train;
    std::vector<std::int64_t> rows;
    for (std::int64_t i = 0; i < std::min<std::int64_t>(64, static_cast<std::int64_t>(val.size())); ++i)
        rows.push_back(i);
    train::TensorProbe probe(session.model(), val.subset(rows).features);
    for (int i = 0; i < 60; ++i) {
        const std::int64_t start = profile::nowNs();
        (void)probe.sample(i);
        if (i >= 10) r.probeUs.push_back(static_cast<double>(profile::nowNs() - start) / 1e3);
    }
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    std::int64_t steps = 600, block = 10;
    int threads = 1;
    std::vector<std::string> projects;
    for (int i = 1; i < argc; ++i) {
        const bool value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--steps") && value) {
            steps = std::atoll(argv[++i]);
        } else if (!std::strcmp(argv[i], "--block") && value) {
            block = std::atoll(argv[++i]);
        } else if (!std::strcmp(argv[i], "--threads") && value) {
            threads = std::atoi(argv[++i]);
        } else {
            projects.emplace_back(argv[i]);
        }
    }
    if (projects.empty())
        for (const char* name : {"digits-cnn", "moons-mlp"})
            projects.push_back(std::string(TESSERA_SOURCE_DIR) + "/resources/examples/" + name + ".tessera");
    std::printf(
        "profile_cost_bench: %lld steps per project in blocks of %lld, profiler off/on alternating, "
        "%d thread(s), load average %s\n",
        static_cast<long long>(steps), static_cast<long long>(block), threads, loadAverage().c_str());
    std::printf("%-14s %8s %8s %12s %12s %9s %12s %14s\n", "project", "off", "on", "off µs/step", "on µs/step", "cost",
                "events/step", "probe µs");
    for (const std::string& p : projects) {
        Result r;
        try {
            r = measure(p, steps, block, threads);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "profile_cost_bench: %s\n", e.what());
            return 1;
        }
        const double off = median(r.offUs), on = median(r.onUs);
        std::printf("%-14s %8zu %8zu %12.1f %12.1f %+8.1f%% %12.1f %14.1f\n",
                    std::filesystem::path(p).stem().string().c_str(), r.offUs.size(), r.onUs.size(), off, on,
                    100.0 * (on / off - 1.0), r.onUs.empty() ? 0.0 : static_cast<double>(r.events) / r.onUs.size(),
                    median(r.probeUs));
    }
    std::printf("load average after: %s\n", loadAverage().c_str());
    return 0;
}
