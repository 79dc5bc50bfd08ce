// KMeans(n_clusters=8, n_init=4, random_state=0) fit on 20000x20, PCA() fit_transform on 20000x50 and
// DBSCAN(eps=2.0, min_samples=10) fit on 20000x10 blobs and TSNE(random_state=0) fit_transform on
// 2000x50 blobs (timed once on each side: one sklearn fit takes tens of seconds), beside sklearn 1.2.1
// (bench/cluster_decomposition_sklearn.py, run first: it writes the data and its KMeans and DBSCAN
// labels, which ours must equal). Prints both times, the ratios (sklearn / Tessera), both inertias, both
// TSNE KL divergences and each process's peak RSS.
//
//   build/bench/cluster_decomposition_bench [--threads 2] [--rounds 3] [--reps 1]
//   OPENBLAS_NUM_THREADS=1 build/bench/cluster_decomposition_bench --threads 1 --cpu-time
//
// --cpu-time times both sides on their thread's CPU clock; PCA's SVD runs in the system LAPACK
// (OpenBLAS) on both sides, so OPENBLAS_NUM_THREADS=1 keeps that work on the timed thread.
#include <sys/resource.h>

#include <cstdio>
#include <filesystem>

#include "bench/side_by_side.h"
#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"

using namespace tessera;

int main(int argc, char** argv) {
    const bench::Settings s = bench::parseSettings(argc, argv, {.threads = 2, .rounds = 3, .reps = 1, .warmup = 1});
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tessera_cluster_decomposition_bench";
    std::filesystem::create_directories(dir);
    const std::string cmd = std::string(TESSERA_PYTHON3) + " " + TESSERA_SOURCE_DIR +
                            "/bench/cluster_decomposition_sklearn.py " + std::to_string(s.threads) + " " +
                            std::to_string(s.rounds) + " " + std::to_string(s.reps) + " " + std::to_string(s.warmup) +
                            " " + dir.string() + (s.cpuTime ? " cpu" : "");
    std::map<std::string, double> ref;
    if (FILE* pipe = popen(cmd.c_str(), "r")) {
        char name[128];
        double value = 0;
        while (std::fscanf(pipe, "%127s %lf", name, &value) == 2) ref[name] = value;
        pclose(pipe);
    }
    if (ref.empty()) {
        std::fprintf(stderr, "cluster_decomposition_bench: the sklearn side did not run\n");
        return 1;
    }
    const Tensor Xk = io::readNpy(dir / "X_kmeans.npy"), Xp = io::readNpy(dir / "X_pca.npy");
    const Tensor skLabels = io::readNpy(dir / "kmeans_labels.npy");
    const Tensor Xd = io::readNpy(dir / "X_dbscan.npy"), skDbscan = io::readNpy(dir / "dbscan_labels.npy");
    kernels::setNumThreads(s.threads);
    std::shared_ptr<ml::Estimator> km;
    const double kmUs = bench::bestOfMicros(
        [&] {
            km = ml::EstimatorRegistry::instance().create("KMeans",
                                                          {{"n_clusters", 8}, {"n_init", 4}, {"random_state", 0}});
            km->fit(Xk);
        },
        s);
    const bool same = km->attribute("labels_").tensor().toVector<std::int64_t>() == skLabels.toVector<std::int64_t>();
    const double inertia = km->attribute("inertia_").tensor().item<double>();
    const double pcaUs = bench::bestOfMicros(
        [&] {
            auto pca = ml::EstimatorRegistry::instance().create("PCA");
            pca->fitTransform(Xp);
        },
        s);
    std::shared_ptr<ml::Estimator> db;
    const double dbUs = bench::bestOfMicros(
        [&] {
            db = ml::EstimatorRegistry::instance().create("DBSCAN", {{"eps", 2.0}, {"min_samples", 10}});
            db->fit(Xd);
        },
        s);
    const Tensor Xt = io::readNpy(dir / "X_tsne.npy");
    std::shared_ptr<ml::Estimator> ts;
    const double tsUs = bench::bestOfMicros(
        [&] {
            ts = ml::EstimatorRegistry::instance().create("TSNE", {{"random_state", 0}});
            ts->fitTransform(Xt);
        },
        {.threads = s.threads, .rounds = 1, .reps = 1, .warmup = 0, .cpuTime = s.cpuTime});
    const bool sameDb = db->attribute("labels_").tensor().toVector<std::int64_t>() == skDbscan.toVector<std::int64_t>();
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double skKm = bench::valueOr0(ref, "kmeans_fit"), skPca = bench::valueOr0(ref, "pca_fit_transform");
    std::printf(
        "KMeans(8, n_init=4) fit 20000x20, PCA() fit_transform 20000x50, DBSCAN(2.0, 10) fit 20000x10, "
        "%d thread(s)\n",
        s.threads);
    std::printf("  KMeans  sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f  inertia %.6f / %.6f  labels equal: %s\n",
                skKm / 1000, kmUs / 1000, skKm / kmUs, bench::valueOr0(ref, "kmeans_inertia"), inertia,
                same ? "yes" : "NO");
    std::printf("  PCA     sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f\n", skPca / 1000, pcaUs / 1000,
                skPca / pcaUs);
    const double skDb = bench::valueOr0(ref, "dbscan_fit");
    std::printf("  DBSCAN  sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f  labels equal: %s\n", skDb / 1000,
                dbUs / 1000, skDb / dbUs, sameDb ? "yes" : "NO");
    const double skTs = bench::valueOr0(ref, "tsne_fit_transform");
    io::writeNpy(dir / "tsne_ours.npy", ts->attribute("embedding_").tensor());
    const std::string trustCmd =
        std::string(TESSERA_PYTHON3) +
        " -c \"import numpy as np, sys; from sklearn.manifold import trustworthiness as t; "
        "d = sys.argv[1]; X = np.load(d + '/X_tsne.npy'); "
        "print(t(X, np.load(d + '/tsne_embedding.npy')), t(X, np.load(d + '/tsne_ours.npy')))\" " +
        dir.string();
    double skTrust = 0, ourTrust = 0;
    if (FILE* pipe = popen(trustCmd.c_str(), "r")) {
        if (std::fscanf(pipe, "%lf %lf", &skTrust, &ourTrust) != 2) skTrust = ourTrust = 0;
        pclose(pipe);
    }
    std::printf(
        "  TSNE    sklearn %9.1f ms  Tessera %9.1f ms  ratio %.2f  KL %.4f / %.4f  trustworthiness %.4f / %.4f\n",
        skTs / 1000, tsUs / 1000, skTs / tsUs, bench::valueOr0(ref, "tsne_kl"),
        ts->attribute("kl_divergence_").tensor().item<double>(), skTrust, ourTrust);
    std::printf("  peak RSS sklearn %.0f MiB (python process), Tessera %.0f MiB\n",
                bench::valueOr0(ref, "peak_rss_kib") / 1024, static_cast<double>(usage.ru_maxrss) / 1024);
    std::filesystem::remove_all(dir);
    return same && sameDb ? 0 : 2;
}
