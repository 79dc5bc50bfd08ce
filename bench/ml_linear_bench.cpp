// core/ml's linear targets of issue 20 side by side with sklearn 1.2.1 (bench/ml_linear_sklearn.py,
// run by this program): LinearRegression and Ridge fit+predict on 20000×50, and the
// StandardScaler → PolynomialFeatures(2) → Ridge pipeline fit+predict on 20000×20 (231 columns after
// the expansion), and LogisticRegression() (lbfgs, multinomial) fit on 20000×50 with 3 classes. Both
// sides draw their own normal data of those sizes; the logistic data are the same on both sides
// (ml::RandomState(1) repeats NumPy's RandomState(1).randn), so both solvers face one problem, and the
// iteration counts are printed beside the times.
//
//   build/core/bench/ml_linear_bench --threads 2 --rounds 5 --reps 3
//   build/core/bench/ml_linear_bench --threads 1 --only ridge --tessera-only    (cases whose name starts so; for
//   profiling)
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <random>

#include "bench/side_by_side.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/pipeline.h"
#include "core/ml/random_state.h"

using namespace tessera;

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 5, .reps = 3, .warmup = 1});
    kernels::setNumThreads(s.threads);
    std::mt19937_64 gen(0);
    std::normal_distribution<double> normal;
    const std::int64_t n = 20000, p = 50, pp = 20;
    std::vector<double> x(n * p), xp(n * pp), w(p), y(n);
    for (auto& v : x) v = normal(gen);
    for (auto& v : w) v = normal(gen);
    for (std::int64_t i = 0; i < n; ++i) {
        double t = 0.1 * normal(gen);
        for (std::int64_t j = 0; j < p; ++j) t += x[i * p + j] * w[j];
        y[i] = t;
        for (std::int64_t j = 0; j < pp; ++j) xp[i * pp + j] = x[i * p + j];
    }
    const Tensor X = Tensor::fromVector<double>(x, {n, p}), Xp = Tensor::fromVector<double>(xp, {n, pp});
    const ml::Array Y(Tensor::fromVector<double>(y, {n}));
    // y = argmax(X W + noise) for X [n, 50], W [50, 3], noise [n, 3], drawn in NumPy's order.
    ml::RandomState rs(1);
    const std::vector<double> xl = rs.standardNormal(n * p), wl = rs.standardNormal(p * 3),
                              noise = rs.standardNormal(n * 3);
    std::vector<std::int64_t> labels(n);
    for (std::int64_t i = 0; i < n; ++i) {
        double best = -1e300;
        for (std::int64_t k = 0; k < 3; ++k) {
            double s = noise[i * 3 + k];
            for (std::int64_t j = 0; j < p; ++j) s += xl[i * p + j] * wl[j * 3 + k];
            if (s > best) {
                best = s;
                labels[i] = k;
            }
        }
    }
    const Tensor Xl = Tensor::fromVector<double>(xl, {n, p});
    const ml::Array Yl(Tensor::fromVector<std::int64_t>(labels, {n}));
    std::int64_t logisticIter = 0;
    auto& reg = ml::EstimatorRegistry::instance();
    double sink = 0;
    const std::map<std::string, std::function<void()>> cases = {
        {"linear_regression_fit_predict",
         [&] { sink += reg.create("LinearRegression")->fit(X, Y).predict(X).tensor().data<double>()[0]; }},
        {"ridge_fit_predict", [&] { sink += reg.create("Ridge")->fit(X, Y).predict(X).tensor().data<double>()[0]; }},
        {"pipeline_scaler_poly2_ridge_fit_predict",
         [&] {
             auto pipe = ml::makePipeline(
                 {reg.create("StandardScaler"), reg.create("PolynomialFeatures"), reg.create("Ridge")});
             sink += pipe->fit(Xp, Y).predict(Xp).tensor().data<double>()[0];
         }},
        {"logistic_multinomial_fit",
         [&] {
             auto m = reg.create("LogisticRegression");
             m->fit(Xl, Yl);
             logisticIter = m->attribute("n_iter_").tensor().toVector<std::int64_t>()[0];
             sink += m->attribute("coef_").tensor().data<double>()[0];
         }},
    };
    std::string only;
    bool tesseraOnly = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        tesseraOnly = tesseraOnly || !std::strcmp(argv[i], "--tessera-only");
    }
    std::map<std::string, double> ours;
    for (const auto& [name, fn] : cases)
        if (name.rfind(only, 0) == 0) ours[name] = bench::bestOfMicros(fn, s);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto ref = tesseraOnly ? std::map<std::string, double>{} : bench::runReference("ml_linear_sklearn.py", s);
    std::printf("| case | Tessera ms | sklearn 1.2.1 ms | speed-up |\n| --- | ---: | ---: | ---: |\n");
    for (const auto& [name, us] : ours) {
        const double theirs = bench::valueOr0(ref, name);
        std::printf("| %s | %.1f | %.1f | %.2f |\n", name.c_str(), us / 1000, theirs / 1000,
                    us > 0 ? theirs / us : 0.0);
    }
    std::printf("LogisticRegression lbfgs iterations: Tessera %lld, sklearn %.0f\n",
                static_cast<long long>(logisticIter), bench::valueOr0(ref, "logistic_n_iter"));
    std::printf("peak RSS: Tessera %ld MB, sklearn (python process) %.0f MB  (threads %d, checksum %.6g)\n",
                usage.ru_maxrss / 1024, bench::valueOr0(ref, "peak_rss_kb") / 1024, s.threads, sink);
    return 0;
}
