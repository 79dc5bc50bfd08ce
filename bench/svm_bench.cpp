// SVC() (rbf, gamma='scale') fit on make_classification(5000, 20) and predict on the same rows, beside
// sklearn 1.2.1 (bench/svm_sklearn.py, run first: it writes the data and its decision values, which
// ours must match within 1e-4 at the default tol). Prints both times, the ratios (sklearn / Tessera),
// the support-vector counts and each process's peak RSS.
//
//   build/bench/svm_bench [--threads 1] [--rounds 3] [--reps 1] [--cpu-time]
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bench/side_by_side.h"
#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"

using namespace tessera;

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 1, .rounds = 3, .reps = 1, .warmup = 1});
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_svm_bench";
    std::filesystem::create_directories(dir);
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/svm_sklearn.py " +
                            std::to_string(s.threads) + " " + std::to_string(s.rounds) + " " + std::to_string(s.reps) +
                            " " + std::to_string(s.warmup) + " " + dir.string() + (s.cpuTime ? " cpu" : "");
    std::map<std::string, double> ref;
    if (FILE* pipe = popen(cmd.c_str(), "r")) {
        char name[128];
        double value = 0;
        while (std::fscanf(pipe, "%127s %lf", name, &value) == 2) ref[name] = value;
        pclose(pipe);
    }
    if (ref.empty()) {
        std::fprintf(stderr, "svm_bench: the sklearn side did not run\n");
        return 1;
    }
    const Tensor X = io::readNpy(dir / "X.npy"), skDecision = io::readNpy(dir / "decision.npy");
    const ml::Array y(io::readNpy(dir / "y.npy"));
    kernels::setNumThreads(s.threads);
    std::shared_ptr<ml::Estimator> svc;
    const double fitUs = bench::bestOfMicros(
        [&] {
            svc = ml::EstimatorRegistry::instance().create("SVC");
            svc->fit(X, y);
        },
        s);
    const double predictUs = bench::bestOfMicros([&] { svc->predict(X); }, s);
    const std::vector<double> ours = svc->decisionFunction(X).toVector<double>(),
                              theirs = skDecision.toVector<double>();
    double maxDiff = ours.size() == theirs.size() ? 0 : INFINITY;
    for (std::size_t i = 0; i < ours.size() && i < theirs.size(); ++i)
        maxDiff = std::max(maxDiff, std::fabs(ours[i] - theirs[i]));
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double skFit = bench::valueOr0(ref, "svc_fit"), skPredict = bench::valueOr0(ref, "svc_predict");
    std::printf("SVC() rbf fit and predict on 5000x20, %d thread(s)\n", s.threads);
    std::printf("  fit      sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f  support vectors %.0f / %lld\n",
                skFit / 1000, fitUs / 1000, skFit / fitUs, bench::valueOr0(ref, "n_support"),
                static_cast<long long>(svc->attribute("support_").tensor().numel()));
    std::printf("  predict  sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f  max |decision difference| %.2e\n",
                skPredict / 1000, predictUs / 1000, skPredict / predictUs, maxDiff);
    std::printf("  peak RSS sklearn %.0f MiB (python process), Tessera %.0f MiB\n",
                bench::valueOr0(ref, "peak_rss_kib") / 1024, static_cast<double>(usage.ru_maxrss) / 1024);
    std::filesystem::remove_all(dir);
    return maxDiff < 1e-4 ? 0 : 2;
}
