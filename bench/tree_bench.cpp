// Trees and forests side by side with scikit-learn 1.2.1 (issue 22), on the same files:
// make_classification(20000, 20, n_informative=10, random_state=0), 16000 rows to train, 4000 to test.
//   RandomForestClassifier(100, max_depth=8) fit at --threads N, test accuracy
//   DecisionTreeClassifier(max_depth=12) fit
//   predict_proba of the forest on 100000 rows at --threads N
//   GradientBoostingClassifier(n_estimators=100, random_state=0) fit (issue 23; one thread on both sides:
//   boosting stages are sequential), test accuracy
// and each side's peak resident memory. Run: tree_bench [--threads 2] [--rounds 3]. Rounds alternate
// between the sides (one Tessera round, then one sklearn process) so both see the same machine load;
// each figure is the best round. The forest's
// draws (splitter seeds, bootstrap counts) come from ml::RandomState(0) as sklearn derives them from
// random_state=0, so both sides grow the same 100 trees.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>

#include "core/io/npy.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/forest.h"
#include "core/ml/tree/predictor.h"
#include "side_by_side.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// Wall-clock and CPU seconds (all threads of the process) of one call.
struct Timing {
    double wall = 1e300;
    double cpu = 1e300;
    void keepBest(const Timing& o) {
        wall = std::min(wall, o.wall);
        cpu = std::min(cpu, o.cpu);
    }
};

template <class Fn>
Timing timeOnce(Fn&& fn) {
    const double cpu0 = cpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    fn();
    const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    return {d.count(), cpuSeconds() - cpu0};
}

double accuracy(const std::vector<double>& proba, int64_t classes, const double* y, int64_t rows) {
    int64_t right = 0;
    for (int64_t r = 0; r < rows; ++r) {
        const double* p = proba.data() + r * classes;
        const int64_t arg = std::max_element(p, p + classes) - p;
        right += arg == static_cast<int64_t>(y[r]);
    }
    return static_cast<double>(right) / rows;
}

}  // namespace

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 3, .reps = 1, .warmup = 0});
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_tree_bench";
    std::filesystem::create_directories(dir);
    const std::string py = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR + "/bench/tree_bench_sklearn.py ";
    if (std::system((py + "data " + dir.string()).c_str()) != 0) {
        std::fprintf(stderr, "tree_bench: the data script failed\n");
        return 1;
    }
    const Tensor X = io::readNpy(dir / "X.npy"), y = io::readNpy(dir / "y.npy"), Xp = io::readNpy(dir / "Xp.npy");
    const int64_t cols = X.sizes()[1], nTrain = 16000, nTest = X.sizes()[0] - nTrain, nPredict = Xp.sizes()[0];
    const double* xd = X.data<double>();
    const std::vector<double> ytr(y.data<double>(), y.data<double>() + nTrain);
    std::vector<float> Xte(xd + nTrain * cols, xd + (nTrain + nTest) * cols);
    std::vector<float> Xpf(Xp.data<double>(), Xp.data<double>() + nPredict * cols);

    tree::TreeParams rfp;
    rfp.maxDepth = 8;
    rfp.maxFeatures = 4;  // sqrt(20)

    tree::TreeParams dtp;
    dtp.maxDepth = 12;
    dtp.seed = 209652396;  // RandomState(0).randint(0, RAND_R_MAX)

    const Tensor Xtr = Tensor::fromVector<double>(std::vector<double>(xd, xd + nTrain * cols), {nTrain, cols});
    const Tensor XteT = Tensor::fromVector<double>(
        std::vector<double>(xd + nTrain * cols, xd + (nTrain + nTest) * cols), {nTest, cols});
    const Array ytrA(Tensor::fromVector<double>(ytr, {nTrain}));
    auto gb = EstimatorRegistry::instance().create("GradientBoostingClassifier",
                                                   {{"n_estimators", 100}, {"random_state", 0}});

    std::vector<tree::Tree> forest;
    tree::Tree dt;
    Timing rfFit, rfPredict, dtFit, gbFit;
    std::map<std::string, double> sk;
    for (int round = 0; round < s.rounds; ++round) {
        rfFit.keepBest(timeOnce([&] {
            RandomState rng(0);  // random_state=0
            const std::vector<ensemble::TreeDraw> draws = ensemble::sklearnDraws(rng, 100, nTrain, nTrain, true);
            const tree::TrainingData data = tree::TrainingData::fromRowMajor(xd, nTrain, cols);
            forest = ensemble::growForest(data, ytr, {2}, {}, rfp, draws, s.threads);
        }));
        rfPredict.keepBest(timeOnce([&] {
            const tree::FlatForest f(forest, tree::LeafOutput::Probability);
            (void)f.predictMean(Xpf.data(), nPredict, s.threads);
        }));
        dtFit.keepBest(timeOnce([&] {
            const tree::TrainingData data = tree::TrainingData::fromRowMajor(xd, nTrain, cols);
            dt = tree::buildTree(data, ytr, {2}, {}, dtp);
        }));
        gbFit.keepBest(timeOnce([&] { gb->fit(Xtr, ytrA); }));
        const std::string cmd = py + dir.string() + " " + std::to_string(s.threads) + " 1";
        FILE* pipe = popen(cmd.c_str(), "r");
        char name[128];
        double value = 0;
        while (pipe && std::fscanf(pipe, "%127s %lf", name, &value) == 2) {
            const bool seconds =
                std::string(name).find("accuracy") == std::string::npos && std::string(name) != "peak_mib";
            sk[name] = seconds && sk.count(name) ? std::min(sk[name], value) : value;
        }
        if (pipe) pclose(pipe);
    }
    tree::FlatForest flat(forest, tree::LeafOutput::Probability);
    const double rfAcc = accuracy(flat.predictMean(Xte.data(), nTest, s.threads), 2, y.data<double>() + nTrain, nTest);
    const double dtAcc = accuracy(tree::FlatForest({&dt}, tree::LeafOutput::Probability).predictMean(Xte.data(), nTest),
                                  2, y.data<double>() + nTrain, nTest);
    const std::vector<double> gbPred = gb->predict(XteT).tensor().toVector<double>();
    int64_t gbRight = 0;
    for (int64_t r = 0; r < nTest; ++r) gbRight += gbPred[r] == y.data<double>()[nTrain + r];
    const double gbAcc = static_cast<double>(gbRight) / static_cast<double>(nTest);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double peak = usage.ru_maxrss / 1024.0;

    std::printf("tree_bench: %d threads, best of %d alternating rounds; wall seconds and CPU seconds (all threads)\n",
                s.threads, s.rounds);
    std::printf("%-34s %9s %9s %7s | %9s %9s %7s\n", "case", "tessera", "sklearn", "speedup", "cpu tess", "cpu skl",
                "ratio");
    auto row = [&](const char* name, const Timing& ours, const std::string& key) {
        const double wall = bench::valueOr0(sk, key), cpu = bench::valueOr0(sk, key + "_cpu");
        std::printf("%-34s %9.4f %9.4f %6.2fx | %9.4f %9.4f %6.2fx\n", name, ours.wall, wall, wall / ours.wall,
                    ours.cpu, cpu, cpu / ours.cpu);
    };
    row("RandomForest 100 trees depth 8 fit", rfFit, "rf_fit");
    row("DecisionTree depth 12 fit", dtFit, "dt_fit");
    row("forest predict_proba 100k rows", rfPredict, "rf_predict_100k");
    row("GradientBoosting 100 stages fit", gbFit, "gb_fit");
    std::printf("%-34s %10.4f %10.4f\n", "RandomForest test accuracy", rfAcc, bench::valueOr0(sk, "rf_accuracy"));
    std::printf("%-34s %10.4f %10.4f\n", "DecisionTree test accuracy", dtAcc, bench::valueOr0(sk, "dt_accuracy"));
    std::printf("%-34s %10.4f %10.4f\n", "GradientBoosting test accuracy", gbAcc, bench::valueOr0(sk, "gb_accuracy"));
    std::printf("%-34s %10.1f %10.1f\n", "peak resident MiB (process)", peak, bench::valueOr0(sk, "peak_mib"));
    return 0;
}
