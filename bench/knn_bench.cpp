// KNeighborsClassifier(n_neighbors=5) fit + predict, 16000 -> 4000 rows x 20 features, beside sklearn
// 1.2.1 (bench/knn_bench_sklearn.py, run first: it writes the data and its predictions, which ours must
// equal). Prints both times, the ratio (sklearn / Tessera) and each process's peak RSS.
//
//   build/bench/knn_bench [--threads 2] [--rounds 5] [--reps 3]
#include <sys/resource.h>

#include <cstdio>
#include <filesystem>

#include "bench/side_by_side.h"
#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"

using namespace tessera;

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 5, .reps = 3, .warmup = 1});
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_knn_bench";
    std::filesystem::create_directories(dir);
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/knn_bench_sklearn.py " +
                            std::to_string(s.threads) + " " + std::to_string(s.rounds) + " " + std::to_string(s.reps) +
                            " " + std::to_string(s.warmup) + " " + dir.string();
    std::map<std::string, double> ref;
    if (FILE* pipe = popen(cmd.c_str(), "r")) {
        char name[128];
        double value = 0;
        while (std::fscanf(pipe, "%127s %lf", name, &value) == 2) ref[name] = value;
        pclose(pipe);
    }
    if (ref.empty()) {
        std::fprintf(stderr, "knn_bench: the sklearn side did not run\n");
        return 1;
    }
    const Tensor Xtr = io::readNpy(dir / "X_train.npy"), ytr = io::readNpy(dir / "y_train.npy");
    const Tensor Xte = io::readNpy(dir / "X_test.npy"), skPred = io::readNpy(dir / "pred.npy");
    kernels::setNumThreads(s.threads);
    Tensor pred;
    const double us = bench::bestOfMicros(
        [&] {
            auto knn = ml::EstimatorRegistry::instance().create("KNeighborsClassifier", {{"n_neighbors", 5}});
            knn->fit(Xtr, ml::Array(ytr));
            pred = knn->predict(Xte).tensor();
        },
        s);
    const bool same = pred.toVector<std::int64_t>() == skPred.toVector<std::int64_t>();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double sk = bench::valueOr0(ref, "knn_fit_predict");
    std::printf("KNeighborsClassifier(5) fit+predict 16000->4000x20, %d thread(s)\n", s.threads);
    std::printf("  sklearn  %10.1f ms   peak RSS %7.0f MiB (python process)\n", sk / 1000,
                bench::valueOr0(ref, "peak_rss_kib") / 1024);
    std::printf("  Tessera  %10.1f ms   peak RSS %7.0f MiB   predictions equal sklearn's: %s\n", us / 1000,
                static_cast<double>(usage.ru_maxrss) / 1024, same ? "yes" : "NO");
    std::printf("  ratio (sklearn / Tessera) %.2f\n", sk / us);
    std::filesystem::remove_all(dir);
    return same ? 0 : 2;
}
