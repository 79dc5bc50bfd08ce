// TSNE against sklearn 1.2.1 on the same data: sklearn.manifold.trustworthiness of Tessera's embedding
// within 0.01 of sklearn's own embedding's, the KL divergence close to sklearn's, for Barnes–Hut and
// exact, PCA and random initialisation and other metrics; the same embedding on 1 and 2 threads;
// sklearn's errors.
#include <unistd.h>
#include <QtTest>
#include <filesystem>

#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "tests/core/error_of.h"
#include "tests/core/ml/sklearn_reference.h"

using namespace tessera;
using namespace tessera::ml;
namespace fs = std::filesystem;

namespace {

struct Reference {
    double ourTrust, skTrust, skKl;
    std::int64_t skIter;
};

// Writes X and our embedding, and lets sklearn fit the same TSNE and score both embeddings.
Reference compareWithSklearn(const fs::path& dir, const Tensor& X, const Tensor& ours, const QString& kwargs,
                             const QString& trustMetric = "euclidean") {
    io::writeNpy(dir / "X.npy", X);
    io::writeNpy(dir / "ours.npy", ours);
    const QString d = QString::fromStdString(dir.string());
    const QStringList lines = runSklearn(
        "import numpy as np\n"
        "from sklearn.manifold import TSNE, trustworthiness\n"
        "X = np.load('" +
        d + "/X.npy'); ours = np.load('" + d +
        "/ours.npy')\n"
        "t = TSNE(" +
        kwargs +
        ")\n"
        "E = t.fit_transform(X)\n"
        "m = '" +
        trustMetric +
        "'\n"
        "print(trustworthiness(X, ours, n_neighbors=5, metric=m).hex())\n"
        "print(trustworthiness(X, E, n_neighbors=5, metric=m).hex())\n"
        "print(float(t.kl_divergence_).hex())\n"
        "print(t.n_iter_)\n");
    if (lines.size() != 4) return {0, 1, 0, 0};
    return {hexDouble(lines[0]), hexDouble(lines[1]), hexDouble(lines[2]), lines[3].toLongLong()};
}

// Gaussian blobs: `centers` centres in a box of ±10, unit spread, from sklearn's make_blobs.
Tensor blobs(const fs::path& dir, int rows, int features, int centers, int seed) {
    const QString d = QString::fromStdString(dir.string());
    runSklearn(QString("import numpy as np\nfrom sklearn.datasets import make_blobs\n"
                       "X, _ = make_blobs(%1, %2, centers=%3, random_state=%4)\n"
                       "np.save('%5/blobs.npy', X)\n")
                   .arg(rows)
                   .arg(features)
                   .arg(centers)
                   .arg(seed)
                   .arg(d));
    return io::readNpy(dir / "blobs.npy");
}

std::shared_ptr<Estimator> tsne(ParamList params) { return EstimatorRegistry::instance().create("TSNE", params); }

}  // namespace

class TestTsne : public QObject {
    Q_OBJECT
    fs::path m_dir;

private slots:
    void initTestCase() {
        m_dir = fs::temp_directory_path() / ("tessera-tsne-" + std::to_string(::getpid()));
        fs::create_directories(m_dir);
    }
    void cleanupTestCase() { fs::remove_all(m_dir); }

    void trustworthinessMatchesSklearn_data() {
        QTest::addColumn<QString>("kwargs");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("features");
        QTest::addColumn<double>("klTol");
        QTest::newRow("barnes_hut pca") << "random_state=0" << 250 << 10 << 0.1;
        QTest::newRow("barnes_hut random 3d")
            << "n_components=3, init='random', random_state=1, perplexity=20.0" << 200 << 8 << 0.15;
        QTest::newRow("barnes_hut angle 0.2") << "angle=0.2, random_state=2, perplexity=10.0" << 250 << 6 << 0.1;
        QTest::newRow("exact pca") << "method='exact', random_state=3, perplexity=15.0" << 150 << 5 << 0.1;
        QTest::newRow("exact random") << "method='exact', init='random', random_state=4" << 120 << 4 << 0.15;
        QTest::newRow("exact manhattan") << "method='exact', metric='manhattan', random_state=5, perplexity=12.0" << 120
                                         << 6 << 0.1;
        QTest::newRow("barnes_hut cosine") << "metric='cosine', init='random', random_state=6" << 200 << 7 << 0.15;
        QTest::newRow("learning rate, short run")
            << "learning_rate=100.0, n_iter=300, random_state=7" << 200 << 5 << 0.15;
    }

    void trustworthinessMatchesSklearn() {
        QFETCH(QString, kwargs);
        QFETCH(int, rows);
        QFETCH(int, features);
        QFETCH(double, klTol);
        const Tensor X = blobs(m_dir, rows, features, 5, rows + features);
        ParamList params;
        // The same keywords on our side, parsed from the Python call.
        for (const QString& kv : kwargs.split(", ")) {
            const QString key = kv.section('=', 0, 0), value = kv.section('=', 1);
            if (value.startsWith('\'')) {
                params.emplace_back(key.toStdString(), value.mid(1, value.size() - 2).toStdString());
            } else if (value.contains('.')) {
                params.emplace_back(key.toStdString(), value.toDouble());
            } else {
                params.emplace_back(key.toStdString(), static_cast<std::int64_t>(value.toLongLong()));
            }
        }
        auto est = tsne(params);
        const Tensor E = est->fitTransform(X);
        std::string metric = "euclidean";
        for (const auto& [k, v] : params)
            if (k == "metric") metric = v.asString();
        const Reference ref = compareWithSklearn(m_dir, X, E, kwargs, QString::fromStdString(metric));
        const double kl = est->attribute("kl_divergence_").tensor().item<double>();
        qInfo("trustworthiness ours %.4f sklearn %.4f, KL ours %.4f sklearn %.4f", ref.ourTrust, ref.skTrust, kl,
              ref.skKl);
        QVERIFY2(ref.ourTrust >= ref.skTrust - 0.01,
                 qPrintable(QString("trustworthiness %1 against sklearn's %2").arg(ref.ourTrust).arg(ref.skTrust)));
        QVERIFY2(std::abs(kl - ref.skKl) <= klTol * std::max(1.0, ref.skKl),
                 qPrintable(QString("KL divergence %1 against sklearn's %2").arg(kl).arg(ref.skKl)));
        QCOMPARE(est->attribute("n_iter_").tensor().item<std::int64_t>(), ref.skIter);
        QCOMPARE(E.size(0), static_cast<std::int64_t>(rows));
    }

    void sameEmbeddingOnOneAndTwoThreads() {
        const int threads = kernels::numThreads();
        const Tensor X = blobs(m_dir, 300, 6, 4, 11);
        for (const char* method : {"barnes_hut", "exact"}) {
            kernels::setNumThreads(1);
            const std::vector<double> one =
                tsne({{"method", method}, {"random_state", 0}, {"n_iter", 300}})->fitTransform(X).toVector<double>();
            kernels::setNumThreads(2);
            const std::vector<double> two =
                tsne({{"method", method}, {"random_state", 0}, {"n_iter", 300}})->fitTransform(X).toVector<double>();
            QVERIFY2(one == two, method);
        }
        kernels::setNumThreads(threads);
    }

    void attributesAsSklearn() {
        const Tensor X = blobs(m_dir, 60, 3, 2, 5);
        auto est = tsne({{"random_state", 0}, {"perplexity", 5.0}});
        est->fit(X);
        QCOMPARE(est->attribute("n_features_in_").tensor().item<std::int64_t>(), std::int64_t(3));
        // learning_rate='auto': max(60 / 12 / 4, 50).
        QCOMPARE(est->attribute("learning_rate_").tensor().item<double>(), 50.0);
        QCOMPARE(est->attribute("embedding_").tensor().sizes(), (std::vector<std::int64_t>{60, 2}));
        QCOMPARE(est->attribute("n_iter_").tensor().item<std::int64_t>(), std::int64_t(999));
    }

    void errorsAsSklearn() {
        const Tensor X = blobs(m_dir, 20, 3, 2, 5);
        QCOMPARE(errorOf<std::exception>([&] { tsne({})->fitTransform(X); }),
                 QString("perplexity must be less than n_samples"));
        QCOMPARE(errorOf<std::exception>([&] {
                     tsne({{"n_components", 4}, {"perplexity", 5.0}})->fitTransform(X);
                 }),
                 QString("'n_components' should be inferior to 4 for the barnes_hut algorithm as it relies on "
                         "quad-tree or oct-tree."));
        QCOMPARE(errorOf<std::exception>([&] {
                     tsne({{"metric", "precomputed"}, {"perplexity", 5.0}})->fitTransform(X);
                 }),
                 QString("The parameter init=\"pca\" cannot be used with metric=\"precomputed\"."));
        QCOMPARE(errorOf<std::exception>([&] {
                     tsne({{"metric", "precomputed"}, {"init", "random"}, {"perplexity", 2.0}})->fitTransform(X);
                 }),
                 QString("X should be a square distance matrix"));
        QVERIFY(errorOf<std::exception>([&] {
                    tsne({{"n_iter", 100}})->fitTransform(X);
                }).contains("'n_iter' parameter of TSNE"));
    }

    void precomputedDistancesAsSklearn() {
        const Tensor X = blobs(m_dir, 150, 4, 3, 9);
        const std::int64_t n = X.size(0), d = X.size(1);
        const std::vector<double> x = X.toVector<double>();
        std::vector<double> D(static_cast<std::size_t>(n * n));
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < n; ++j) {
                double s = 0;
                for (std::int64_t c = 0; c < d; ++c) s += (x[i * d + c] - x[j * d + c]) * (x[i * d + c] - x[j * d + c]);
                D[i * n + j] = std::sqrt(s);
            }
        const Tensor Dt = Tensor::fromVector<double>(D, {n, n});
        auto est = tsne({{"metric", "precomputed"}, {"init", "random"}, {"random_state", 3}, {"perplexity", 10.0}});
        const Tensor E = est->fitTransform(Dt);
        io::writeNpy(m_dir / "X.npy", X);
        io::writeNpy(m_dir / "D.npy", Dt);
        io::writeNpy(m_dir / "ours.npy", E);
        const QString dd = QString::fromStdString(m_dir.string());
        const QStringList lines = runSklearn(
            "import numpy as np\nfrom sklearn.manifold import TSNE, trustworthiness\n"
            "X = np.load('" +
            dd + "/X.npy'); D = np.load('" + dd + "/D.npy'); ours = np.load('" + dd +
            "/ours.npy')\n"
            "E = TSNE(metric='precomputed', init='random', random_state=3, perplexity=10.0).fit_transform(D)\n"
            "print(trustworthiness(X, ours).hex()); print(trustworthiness(X, E).hex())\n");
        QCOMPARE(lines.size(), 2);
        QVERIFY2(hexDouble(lines[0]) >= hexDouble(lines[1]) - 0.01,
                 qPrintable(lines[0] + " against sklearn's " + lines[1]));
    }
};

QTEST_APPLESS_MAIN(TestTsne)
#include "test_tsne.moc"
