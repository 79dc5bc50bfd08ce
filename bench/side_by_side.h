// What the side-by-side benchmarks share: the command line (--threads N --rounds R --reps K --cpu-time), the
// timing rule (best of R rounds of K calls, after a few warm-up calls) and running the Python reference,
// which prints one `NAME VALUE` line per case and is timed by the same rule (bench/side_by_side.py).
// --cpu-time (one thread only) times both sides with the calling thread's CPU clock, which leaves out the
// time a busy machine did not run the benchmark.
//
//   const bench::Settings s = bench::parseSettings(argc, argv, {.reps = 20});
//   const double us = bench::bestOfMicros([&] { work(); }, s);
//   const auto torch = bench::runReference("conv_bench_torch.py", s);  // {"conv2d_1to8_forward": 812.4, …}
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>

namespace tessera::bench {

struct Settings {
    int threads = 1;
    int rounds = 5;
    int reps = 10;
    int warmup = 3;
    bool cpuTime = false;
};

// Reads --threads, --rounds and --reps over the given defaults; other arguments are left to the caller.
inline Settings parseSettings(int argc, char** argv, Settings defaults) {
    for (int i = 1; i + 1 < argc; ++i) {
        int* target = !std::strcmp(argv[i], "--threads")  ? &defaults.threads
                      : !std::strcmp(argv[i], "--rounds") ? &defaults.rounds
                      : !std::strcmp(argv[i], "--reps")   ? &defaults.reps
                                                          : nullptr;
        if (target) *target = std::atoi(argv[++i]);
    }
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--cpu-time")) defaults.cpuTime = true;
    if (defaults.cpuTime && defaults.threads != 1) {
        std::fprintf(stderr, "%s: --cpu-time measures one thread; use it with --threads 1\n", argv[0]);
        std::exit(2);
    }
    return defaults;
}

// Seconds on the clock the settings name: the thread's CPU clock with --cpu-time, else steady wall time.
inline double nowSeconds(const Settings& s) {
    if (s.cpuTime) {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Microseconds per call (wall clock, or CPU time with --cpu-time): the best round of `reps` calls.
template <typename Fn>
double bestOfMicros(Fn&& fn, const Settings& s) {
    for (int i = 0; i < s.warmup; ++i) fn();
    double best = 1e300;
    for (int r = 0; r < s.rounds; ++r) {
        const double start = nowSeconds(s);
        for (int i = 0; i < s.reps; ++i) fn();
        best = std::min(best, (nowSeconds(s) - start) / s.reps);
    }
    return best * 1e6;
}

// Runs bench/SCRIPT with /usr/bin/python3 as `SCRIPT THREADS ROUNDS REPS WARMUP [cpu]` and collects its
// `NAME VALUE` lines; an empty map when the reference could not run (the table then shows 0).
inline std::map<std::string, double> runReference(const std::string& script, const Settings& s) {
    std::map<std::string, double> out;
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/" + script + " " +
                            std::to_string(s.threads) + " " + std::to_string(s.rounds) + " " + std::to_string(s.reps) +
                            " " + std::to_string(s.warmup) + (s.cpuTime ? " cpu" : "");
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return out;
    char name[128];
    double value = 0;
    while (std::fscanf(pipe, "%127s %lf", name, &value) == 2) out[name] = value;
    pclose(pipe);
    return out;
}

inline double valueOr0(const std::map<std::string, double>& values, const std::string& key) {
    const auto it = values.find(key);
    return it == values.end() ? 0.0 : it->second;
}

}  // namespace tessera::bench
