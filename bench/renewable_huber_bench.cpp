// RenewableHuberRegressor.partial_fit on a stream of 5000 x 20 batches (5 % gross outliers) beside the
// NumPy implementation of the same updates (renewable_huber_numpy.py, OpenBLAS) in the same run; one
// Newton iteration against one weighted XᵀWX product of the batch; and the cost of early and late batches
// (flat: the state is p x p whatever the stream's length).
//
//   renewable_huber_bench [--batches 40] [--threads 1]
#include <Eigen/Dense>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include "core/io/npy.h"
#include "core/ml/base/registry.h"

using namespace tessera;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

int main(int argc, char** argv) {
    int batches = 40, threads = 1;
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--batches")) batches = std::atoi(argv[++i]);
        if (!std::strcmp(argv[i], "--threads")) threads = std::atoi(argv[++i]);
    }
    const std::int64_t n = 5000, d = 20;
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_rh_bench";
    std::filesystem::create_directories(dir);
    std::mt19937_64 rng(42);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> unit;
    std::vector<Tensor> Xs, ys;
    for (int b = 0; b < batches; ++b) {
        std::vector<double> X(n * d), y(n);
        for (std::int64_t i = 0; i < n; ++i) {
            double t = 0.5;
            for (std::int64_t j = 0; j < d; ++j) {
                X[i * d + j] = normal(rng);
                t += X[i * d + j] * (1.0 - 0.1 * static_cast<double>(j));
            }
            y[i] = t + normal(rng) + (unit(rng) < 0.05 ? 50.0 : 0.0);
        }
        Xs.push_back(Tensor::fromVector<double>(X, {n, d}));
        ys.push_back(Tensor::fromVector<double>(y, {n}));
        io::writeNpy(dir / ("X_" + std::to_string(b) + ".npy"), Xs.back());
        io::writeNpy(dir / ("y_" + std::to_string(b) + ".npy"), ys.back());
    }
    auto m = ml::EstimatorRegistry::instance().create("RenewableHuberRegressor",
                                                      {{"n_jobs", static_cast<std::int64_t>(threads)}});
    m->partialFit(Xs[0], ml::Array(ys[0]));
    std::vector<double> perBatch;
    std::int64_t iters = 0;
    for (int b = 1; b < batches; ++b) {
        const double t0 = now();
        m->partialFit(Xs[b], ml::Array(ys[b]));
        perBatch.push_back(now() - t0);
        iters += m->attribute("n_iter_").tensor().item<std::int64_t>();
    }
    double total = 0;
    for (double t : perBatch) total += t;
    const double ours = total / perBatch.size() * 1e6;
    const int q = std::max<int>(1, static_cast<int>(perBatch.size()) / 4);
    double early = 0, late = 0;
    for (int i = 0; i < q; ++i) {
        early += perBatch[i];
        late += perBatch[perBatch.size() - 1 - i];
    }

    // The floor of forming the curvature: one weighted XᵀWX of the batch with the intercept column.
    Eigen::MatrixXd A(n, d + 1);
    for (std::int64_t i = 0; i < n; ++i) {
        for (std::int64_t j = 0; j < d; ++j) A(i, j) = Xs[0].data<double>()[i * d + j];
        A(i, d) = 1.0;
    }
    const Eigen::VectorXd w = Eigen::VectorXd::Random(n).cwiseAbs();
    double best = 1e9;
    volatile double sink = 0;  // keeps the product from being optimised away
    for (int r = 0; r < 20; ++r) {
        const double t0 = now();
        const Eigen::MatrixXd H = A.transpose() * (w.asDiagonal() * A);
        best = std::min(best, now() - t0);
        sink = sink + H(0, 0);
    }
    // A batch runs n_iter Newton iterations plus one curvature pass for J (and halving checks, rare
    // after the first batch): per iteration = batch time / (n_iter + 1).
    const double perIter = ours / (static_cast<double>(iters) / perBatch.size() + 1);

    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR +
                            "/bench/renewable_huber_numpy.py " + dir.string() + " " + std::to_string(batches);
    double numpy = 0;
    if (FILE* p = popen(cmd.c_str(), "r")) {
        char name[64];
        if (std::fscanf(p, "%63s %lf", name, &numpy) != 2) numpy = 0;
        pclose(p);
    }
    std::printf("partial_fit 5000x20 (mean of %d batches, n_jobs=%d): tessera %.0f us, numpy %.0f us, ratio %.2fx\n",
                batches - 1, threads, ours, numpy, numpy / ours);
    std::printf("Newton iterations per batch %.2f; one iteration %.0f us vs weighted XtWX %.0f us: %.2fx\n",
                static_cast<double>(iters) / perBatch.size(), perIter, best * 1e6, perIter / (best * 1e6));
    std::printf("flat cost: first %d batches %.0f us/batch, last %d batches %.0f us/batch\n", q, early / q * 1e6, q,
                late / q * 1e6);
    std::filesystem::remove_all(dir);
    return 0;
}
