// GridSearchCV side by side with sklearn 1.2.1 (issue 20's search target): 5 alphas × 5 folds of
// StandardScaler → PolynomialFeatures(2) → Ridge on 20000×50 (1326 columns after the expansion), plus
// the refit, one timed run per side: Tessera with n_jobs=2 on 2 threads, then
// bench/search_bench_sklearn.py with n_jobs=2 (joblib's loky workers). Both sides draw the same data
// from RandomState(0) (ml::RandomState is NumPy's stream), so best_score_ is printed for both.
//
//   build/release/bench/search_bench --threads 2
//   build/release/bench/search_bench --threads 2 --tessera-only    (no sklearn run: for profiling)
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "bench/side_by_side.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/pipeline.h"
#include "core/ml/random_state.h"

using namespace tessera;

namespace {

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 1, .reps = 1, .warmup = 0});
    kernels::setNumThreads(s.threads);
    const std::int64_t n = 20000, p = 50;
    ml::RandomState rng(0);
    const std::vector<double> x = rng.standardNormal(n * p), w = rng.standardNormal(p), noise = rng.standardNormal(n);
    std::vector<double> y(n);
    for (std::int64_t i = 0; i < n; ++i) {
        double t = 0;
        for (std::int64_t j = 0; j < p; ++j) t += x[i * p + j] * w[j];
        // A little curvature, so that the polynomial terms matter.
        y[i] = t + 0.3 * x[i * p] * x[i * p + 1] + noise[i];
    }
    const Tensor X = Tensor::fromVector<double>(x, {n, p});
    const ml::Array Y(Tensor::fromVector<double>(y, {n}));
    auto& reg = ml::EstimatorRegistry::instance();
    auto pipe = ml::makePipeline({reg.create("StandardScaler"), reg.create("PolynomialFeatures"), reg.create("Ridge")});
    auto search =
        reg.create("GridSearchCV",
                   {{"estimator", pipe},
                    {"param_grid",
                     ml::ParamValue::dict({{"ridge__alpha", ml::ParamValue::list({0.1, 1.0, 10.0, 100.0, 1000.0})}})},
                    {"cv", 5},
                    {"n_jobs", s.threads}});
    const double cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    search->fit(X, Y);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpuSeconds() - cpu0;
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double bestScore = search->attribute("best_score_").tensor().item<double>();
    const double bestAlpha = search->attribute("best_params_.ridge__alpha").tensor().item<double>();

    bool tesseraOnly = false;
    for (int i = 1; i < argc; ++i) tesseraOnly = tesseraOnly || std::string(argv[i]) == "--tessera-only";
    const auto ref = tesseraOnly ? std::map<std::string, double>{} : bench::runReference("search_bench_sklearn.py", s);
    const double skWall = bench::valueOr0(ref, "wall_s"), skCpu = bench::valueOr0(ref, "cpu_s");
    std::printf(
        "| side | wall s | CPU s | peak RSS MB | best alpha | best_score_ |\n| --- | ---: | ---: | ---: | ---: | ---: "
        "|\n");
    std::printf("| Tessera (n_jobs=%d, %d threads) | %.2f | %.2f | %ld | %g | %.12f |\n", s.threads, s.threads, wall,
                cpu, usage.ru_maxrss / 1024, bestAlpha, bestScore);
    std::printf("| sklearn 1.2.1 (n_jobs=%d) | %.2f | %.2f | %.0f | %g | %.12f |\n", s.threads, skWall, skCpu,
                bench::valueOr0(ref, "peak_rss_kb") / 1024, bench::valueOr0(ref, "best_alpha"),
                bench::valueOr0(ref, "best_score"));
    std::printf("speed-up (wall): %.2f, (CPU): %.2f\n", wall > 0 ? skWall / wall : 0.0, cpu > 0 ? skCpu / cpu : 0.0);
    return 0;
}
