// HistGradientBoostingClassifier against scikit-learn 1.2.1 and XGBoost 1.7.4 (issue 23): on tree_bench's
// make_classification(20000, 20, n_informative=10, random_state=0) data, 16000 rows to train and 4000
// to test, max_iter 200 with early_stopping off, every side at --threads N (default 2). Each round fits
// Tessera, then runs hgb_bench_reference.py (sklearn, then XGBoost hist with the same trees); the best
// wall and process CPU seconds of the rounds are printed side by side.
//
//   build/release/bench/hgb_bench --threads 2 --rounds 3
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>

#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "side_by_side.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 3, .reps = 1, .warmup = 0});
    kernels::setNumThreads(s.threads);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_hgb_bench";
    std::filesystem::create_directories(dir);
    const std::string src = std::string(TESSERA_SOURCE_DIR) + "/bench/";
    if (std::system(
            (std::string(TESSERA_PYTHON3) + " " + src + "tree_bench_sklearn.py data " + dir.string()).c_str()) != 0) {
        std::fprintf(stderr, "hgb_bench: the data script failed\n");
        return 1;
    }
    const Tensor X = io::readNpy(dir / "X.npy"), y = io::readNpy(dir / "y.npy");
    const int64_t cols = X.size(1), nTrain = 16000, nTest = X.size(0) - nTrain;
    const double* xd = X.data<double>();
    const Tensor Xtr = Tensor::fromVector<double>(std::vector<double>(xd, xd + nTrain * cols), {nTrain, cols});
    const Tensor Xte =
        Tensor::fromVector<double>(std::vector<double>(xd + nTrain * cols, xd + X.size(0) * cols), {nTest, cols});
    const Array ytr(
        Tensor::fromVector<double>(std::vector<double>(y.data<double>(), y.data<double>() + nTrain), {nTrain}));
    auto hgb = EstimatorRegistry::instance().create(
        "HistGradientBoostingClassifier", {{"max_iter", 200}, {"early_stopping", false}, {"random_state", 0}});

    double wall = 1e300, cpu = 1e300;
    std::map<std::string, double> ref;
    for (int round = 0; round < s.rounds; ++round) {
        const double c0 = cpuSeconds();
        const auto w0 = std::chrono::steady_clock::now();
        hgb->fit(Xtr, ytr);
        wall = std::min(wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
        cpu = std::min(cpu, cpuSeconds() - c0);
        const std::string cmd = std::string(TESSERA_PYTHON3) + " " + src + "hgb_bench_reference.py " + dir.string() +
                                " " + std::to_string(s.threads);
        FILE* pipe = popen(cmd.c_str(), "r");
        char name[128];
        double value = 0;
        while (pipe && std::fscanf(pipe, "%127s %lf", name, &value) == 2) {
            const bool seconds = std::string(name).find("_fit") != std::string::npos;
            ref[name] = seconds && ref.count(name) ? std::min(ref[name], value) : value;
        }
        if (pipe) pclose(pipe);
    }
    const std::vector<double> pred = hgb->predict(Xte).tensor().toVector<double>();
    int64_t right = 0;
    for (int64_t r = 0; r < nTest; ++r) right += pred[r] == y.data<double>()[nTrain + r];
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);

    std::printf("hgb_bench: %d threads, best of %d alternating rounds; wall seconds and process CPU seconds\n",
                s.threads, s.rounds);
    std::printf("%-30s %9s %9s %9s | %8s %8s\n", "HistGradientBoosting 200 it", "wall", "cpu", "accuracy", "wall x",
                "cpu x");
    std::printf("%-30s %9.4f %9.4f %9.4f |\n", "tessera", wall, cpu, static_cast<double>(right) / nTest);
    for (const char* side : {"sklearn_hgb", "xgboost_hist"}) {
        const std::string k = side;
        const double w = bench::valueOr0(ref, k + "_fit"), c = bench::valueOr0(ref, k + "_fit_cpu");
        std::printf("%-30s %9.4f %9.4f %9.4f | %7.2fx %7.2fx\n", side, w, c, bench::valueOr0(ref, k + "_accuracy"),
                    w / wall, c / cpu);
    }
    std::printf("%-30s %9.1f %9.1f\n", "peak resident MiB (process)", usage.ru_maxrss / 1024.0,
                bench::valueOr0(ref, "peak_mib"));
    return 0;
}
