// The neighbours estimators against sklearn 1.2.1 on data with ties (a coarse grid, duplicated rows):
// KNeighborsClassifier/Regressor for every algorithm, weights and p; NearestNeighbors.kneighbors with
// and without X; RadiusNeighborsClassifier with outlier labels; string labels; parameters checked by
// name; a save/load round trip.
#include <QtTest>
#include <functional>

#include "core/kernels/parallel.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/persistence.h"
#include "core/ml/base/registry.h"
#include "core/ml/neighbors/neighbors.h"
#include "core/ml/random_state.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

struct Data {
    Tensor X, Q, y, yr;
    std::vector<std::string> ys;
};

Data makeData() {
    RandomState r(11);
    Data d;
    std::vector<double> x, q, yr;
    std::vector<std::int64_t> y;
    for (int i = 0; i < 120; ++i) {
        for (int j = 0; j < 3; ++j) x.push_back(static_cast<double>(r.randint(0, 5)) * 0.5);
        y.push_back(r.randint(0, 3) * 2 + 1);
        yr.push_back(r.standardNormal());
        d.ys.push_back(y.back() == 1 ? "ant" : (y.back() == 3 ? "bee" : "cat"));
    }
    // Every fourth query is a training row (distance 0: ties between neighbours).
    for (int i = 0; i < 50; ++i)
        for (int j = 0; j < 3; ++j) q.push_back(i % 4 == 0 ? x[((i * 5) % 120) * 3 + j] : r.uniform(-0.5, 2.5));
    d.X = Tensor::fromVector<double>(x, {120, 3});
    d.Q = Tensor::fromVector<double>(q, {50, 3});
    d.y = Tensor::fromVector<std::int64_t>(y, {120});
    d.yr = Tensor::fromVector<double>(yr, {120});
    return d;
}

QString line(const Tensor& t) {
    QStringList parts;
    if (t.dtype() == DType::Int64)
        for (auto v : t.toVector<std::int64_t>()) parts << QString::number(v);
    else
        for (auto v : t.toVector<double>()) parts << QString::asprintf("%a", v);
    return parts.join(' ');
}

bool sameValues(const Tensor& ours, const QString& theirs) {
    if (ours.dtype() == DType::Int64) return line(ours) == theirs;
    const auto a = ours.toVector<double>();
    const auto b = hexDoubles(theirs);
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!closeRel(a[i], b[i])) return false;
    return true;
}

const QString kPrelude =
    "import numpy as np\nfrom threadpoolctl import threadpool_limits\nthreadpool_limits(2, user_api='openmp')\n"
    "from sklearn.neighbors import *\n"
    "def out(v):\n"
    "    v = np.asarray(v)\n"
    "    print(' '.join(float(x).hex() for x in v.ravel()) if v.dtype.kind == 'f' else ' '.join(map(str, "
    "v.ravel())))\n";

}  // namespace

class TestNeighborsEstimators : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { kernels::setNumThreads(2); }

    void classifiersAndRegressorsEqualSklearn() {
        const Data d = makeData();
        struct Case {
            QString kwargs;
            ParamList params;
        };
        std::vector<Case> cases;
        for (const char* algorithm : {"auto", "brute", "kd_tree"})
            for (const char* weights : {"uniform", "distance"})
                for (int p : {1, 2})
                    for (int k : {1, 4, 7})
                        cases.push_back(
                            {QString("n_neighbors=%1, weights='%2', p=%3, algorithm='%4'")
                                 .arg(k)
                                 .arg(weights)
                                 .arg(p)
                                 .arg(algorithm),
                             {{"n_neighbors", k}, {"weights", weights}, {"p", p}, {"algorithm", algorithm}}});
        QString script = kPrelude + "X = " + pyArray(d.X) + "\nQ = " + pyArray(d.Q) + "\ny = " + pyArray(d.y) +
                         "\nyr = " + pyArray(d.yr) + "\n";
        for (const auto& c : cases)
            script += "m = KNeighborsClassifier(" + c.kwargs +
                      ").fit(X, y)\nout(m.predict(Q))\nout(m.predict_proba(Q))\n" + "out(KNeighborsRegressor(" +
                      c.kwargs + ").fit(X, yr).predict(Q))\n";
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), static_cast<qsizetype>(3 * cases.size()));
        auto& reg = EstimatorRegistry::instance();
        int at = 0;
        for (const auto& c : cases) {
            for (int threads : {1, 2}) {
                kernels::setNumThreads(threads);
                auto clf = reg.create("KNeighborsClassifier", c.params);
                clf->fit(d.X, Array(d.y));
                QVERIFY2(sameValues(clf->predict(d.Q).tensor(), lines[at]), qPrintable(c.kwargs + " predict"));
                QVERIFY2(sameValues(clf->predictProba(d.Q), lines[at + 1]), qPrintable(c.kwargs + " predict_proba"));
                auto regr = reg.create("KNeighborsRegressor", c.params);
                regr->fit(d.X, Array(d.yr));
                QVERIFY2(sameValues(regr->predict(d.Q).tensor(), lines[at + 2]), qPrintable(c.kwargs + " regressor"));
            }
            at += 3;
        }
    }

    void kneighborsWithAndWithoutX() {
        const Data d = makeData();
        const QStringList lines = runSklearn(kPrelude + "X = " + pyArray(d.X) + "\nQ = " + pyArray(d.Q) + "\n" +
                                             "for a in ('brute', 'kd_tree'):\n"
                                             "    m = NearestNeighbors(n_neighbors=4, algorithm=a).fit(X)\n"
                                             "    dist, ind = m.kneighbors(Q); out(ind); out(dist)\n"
                                             "    dist, ind = m.kneighbors(n_neighbors=3); out(ind); out(dist)\n"
                                             "    dist, ind = m.radius_neighbors(Q, radius=0.6, sort_results=True)\n"
                                             "    out(np.concatenate(ind)); out(np.concatenate(dist))\n");
        QCOMPARE(lines.size(), 12);
        int at = 0;
        for (const char* a : {"brute", "kd_tree"}) {
            auto m = EstimatorRegistry::instance().create("NearestNeighbors", {{"n_neighbors", 4}, {"algorithm", a}});
            m->fit(d.X);
            const auto r = neighbors::kneighbors(*m, &d.Q);
            QVERIFY(sameValues(r.indices, lines[at]));
            QVERIFY(sameValues(r.distances, lines[at + 1]));
            const auto self = neighbors::kneighbors(*m, nullptr, 3);
            QVERIFY2(sameValues(self.indices, lines[at + 2]), a);
            QVERIFY(sameValues(self.distances, lines[at + 3]));
            const auto rn = neighbors::radiusNeighbors(*m, &d.Q, 0.6, true);
            std::vector<std::int64_t> ind;
            std::vector<double> dist;
            for (std::size_t i = 0; i < rn.indices.size(); ++i) {
                ind.insert(ind.end(), rn.indices[i].begin(), rn.indices[i].end());
                dist.insert(dist.end(), rn.distances[i].begin(), rn.distances[i].end());
            }
            QVERIFY(sameValues(Tensor::fromVector<std::int64_t>(ind, {static_cast<std::int64_t>(ind.size())}),
                               lines[at + 4]));
            QVERIFY(
                sameValues(Tensor::fromVector<double>(dist, {static_cast<std::int64_t>(dist.size())}), lines[at + 5]));
            at += 6;
        }
    }

    void radiusClassifierEqualsSklearn() {
        const Data d = makeData();
        QString script = kPrelude + "X = " + pyArray(d.X) + "\nQ = " + pyArray(d.Q) + "\ny = " + pyArray(d.y) + "\n";
        const std::vector<std::pair<QString, ParamList>> cases{
            {"radius=0.8, outlier_label='most_frequent'", {{"radius", 0.8}, {"outlier_label", "most_frequent"}}},
            {"radius=0.6, weights='distance', outlier_label=3, algorithm='brute'",
             {{"radius", 0.6}, {"weights", "distance"}, {"outlier_label", 3}, {"algorithm", "brute"}}},
            {"radius=2.5, p=1", {{"radius", 2.5}, {"p", 1}}},
        };
        for (const auto& [kwargs, params] : cases)
            script +=
                "m = RadiusNeighborsClassifier(" + kwargs + ").fit(X, y)\nout(m.predict(Q))\nout(m.predict_proba(Q))\n";
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), 6);
        int at = 0;
        for (const auto& [kwargs, params] : cases) {
            auto m = EstimatorRegistry::instance().create("RadiusNeighborsClassifier", params);
            m->fit(d.X, Array(d.y));
            QVERIFY2(sameValues(m->predict(d.Q).tensor(), lines[at]), qPrintable(kwargs));
            QVERIFY2(sameValues(m->predictProba(d.Q), lines[at + 1]), qPrintable(kwargs));
            at += 2;
        }
        auto strict = EstimatorRegistry::instance().create("RadiusNeighborsClassifier", {{"radius", 0.05}});
        strict->fit(d.X, Array(d.y));
        QVERIFY(errorOf<ValueError>([&] {
                    strict->predict(d.Q);
                }).startsWith("No neighbors found for test samples array(["));
    }

    void stringLabelsAndScore() {
        const Data d = makeData();
        auto m = EstimatorRegistry::instance().create("KNeighborsClassifier", {{"n_neighbors", 3}});
        m->fit(d.X, Array(d.ys));
        auto n = EstimatorRegistry::instance().create("KNeighborsClassifier", {{"n_neighbors", 3}});
        n->fit(d.X, Array(d.y));
        const auto a = m->predict(d.Q).strings();
        const auto b = n->predict(d.Q).tensor().toVector<std::int64_t>();
        for (std::size_t i = 0; i < a.size(); ++i)
            QCOMPARE(QString::fromStdString(a[i]), QString(b[i] == 1 ? "ant" : (b[i] == 3 ? "bee" : "cat")));
        QCOMPARE(m->attribute("classes_").strings(), (std::vector<std::string>{"ant", "bee", "cat"}));
        QCOMPARE(m->score(d.X, Array(d.ys)), n->score(d.X, Array(d.y)));
    }

    void refusalsNameTheCause() {
        const Data d = makeData();
        auto& reg = EstimatorRegistry::instance();
        QCOMPARE(errorOf<ValueError>([&] {
                     reg.create("KNeighborsClassifier", {{"metric", "cosine"}})->fit(d.X, Array(d.y));
                 }),
                 QString("KNeighborsClassifier: metric='cosine' is not available in Tessera (minkowski with p=1 or 2, "
                         "euclidean, l2, manhattan, cityblock and l1 are)"));
        QCOMPARE(
            errorOf<ValueError>([&] {
                reg.create("KNeighborsClassifier", {{"algorithm", "ball_tree"}})->fit(d.X, Array(d.y));
            }),
            QString("KNeighborsClassifier: algorithm='ball_tree' is not available in Tessera (auto, kd_tree and brute "
                    "are)"));
        QCOMPARE(errorOf<ValueError>([&] {
                     reg.create("KNeighborsClassifier", {{"n_neighbors", 200}})->fit(d.X, Array(d.y)).predict(d.Q);
                 }),
                 QString("Expected n_neighbors <= n_samples,  but n_samples = 120, n_neighbors = 200"));
        QCOMPARE(errorOf<InvalidParameterError>([&] {
                     reg.create("KNeighborsRegressor", {{"n_neighbors", 0}})->fit(d.X, Array(d.yr));
                 }),
                 QString("The 'n_neighbors' parameter of KNeighborsRegressor must be an int in the range [1, inf) or "
                         "None. Got 0 instead."));
    }

    void persistenceRoundTrip() {
        const Data d = makeData();
        const QString path = QDir::temp().filePath("tessera_knn_roundtrip.safetensors");
        auto m = EstimatorRegistry::instance().create("KNeighborsClassifier",
                                                      {{"weights", "distance"}, {"algorithm", "kd_tree"}});
        m->fit(d.X, Array(d.y));
        saveEstimator(path.toStdString(), *m);
        auto back = loadEstimator(path.toStdString());
        QCOMPARE(line(back->predictProba(d.Q)), line(m->predictProba(d.Q)));
        QFile::remove(path);
    }
};

QTEST_APPLESS_MAIN(TestNeighborsEstimators)
#include "test_neighbors_estimators.moc"
