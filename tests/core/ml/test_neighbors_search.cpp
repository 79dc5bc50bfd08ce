// The brute-force neighbour search against sklearn 1.2.1's NearestNeighbors(algorithm='brute'):
// indices equal (including ties from duplicated training rows, broken as sklearn's heap and sort
// break them) and distances within 1e-10, for p=2 through GEMM, p=1, and radius queries; the same
// results on 1 and 2 threads.
#include <QtTest>
#include <cstdio>

#include "core/kernels/parallel.h"
#include "core/ml/neighbors/kd_tree.h"
#include "core/ml/neighbors/neighbors_search.h"
#include "core/ml/random_state.h"
#include "sklearn_reference.h"

using namespace tessera;
using namespace tessera::ml::neighbors;

namespace {

// 300 training rows in 4 features on a coarse grid (many exact ties), 90 query rows, some of them
// training rows themselves (zero distances).
struct Data {
    Tensor fit, query;
};

Data makeData() {
    ml::RandomState r(7);
    std::vector<double> fit, query;
    for (int i = 0; i < 300; ++i)
        for (int j = 0; j < 4; ++j) fit.push_back(static_cast<double>(r.randint(0, 4)) * 0.5 + (j == 3 ? 10.0 : 0.0));
    for (int i = 0; i < 90; ++i)
        for (int j = 0; j < 4; ++j)
            query.push_back(i % 3 == 0 ? fit[(i * 7 % 300) * 4 + j] : r.uniform(-0.5, 2.5) + (j == 3 ? 10.0 : 0.0));
    return {Tensor::fromVector<double>(fit, {300, 4}), Tensor::fromVector<double>(query, {90, 4})};
}

// sklearn's tie order depends on its OpenMP thread count; the search reproduces it run on 2 threads.
const QString kPrelude =
    "import numpy as np\nfrom threadpoolctl import threadpool_limits\nthreadpool_limits(2, user_api='openmp')\n"
    "from sklearn.neighbors import NearestNeighbors\n";

QString ints(const std::vector<std::int64_t>& v) {
    QStringList p;
    for (auto x : v) p << QString::number(x);
    return p.join(' ');
}

}  // namespace

class TestNeighborsSearch : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { kernels::setNumThreads(2); }

    void kneighborsEqualSklearn() {
        const Data d = makeData();
        const int ks[] = {1, 3, 5, 8};
        QString script = kPrelude;
        script += "F = " + pyArray(d.fit) + "\nQ = " + pyArray(d.query) + "\n";
        for (int p : {2, 1})
            for (int k : ks)
                script +=
                    QString(
                        "dist, ind = NearestNeighbors(n_neighbors=%1, p=%2, algorithm='brute').fit(F).kneighbors(Q)\n"
                        "print(' '.join(map(str, ind.ravel())))\n"
                        "print(' '.join(float(x).hex() for x in dist.ravel()))\n")
                        .arg(k)
                        .arg(p);
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), 16);
        int at = 0;
        for (Metric metric : {Metric::Euclidean, Metric::Manhattan})
            for (int k : ks) {
                for (int threads : {1, 2}) {
                    kernels::setNumThreads(threads);
                    const NeighborSearch search(d.fit, metric, true);
                    const KNeighbors nn = search.kneighbors(d.query, k);
                    QCOMPARE(ints(nn.indices), lines[at]);
                    const auto theirs = hexDoubles(lines[at + 1]);
                    QCOMPARE(theirs.size(), nn.distances.size());
                    for (std::size_t i = 0; i < theirs.size(); ++i)
                        QVERIFY2(closeRel(nn.distances[i], theirs[i]), qPrintable(QString::number(i)));
                }
                at += 2;
            }
    }

    void manyQueriesTakeSklearnsOtherStrategy() {
        // More than 4 * 256 * 2 query rows: sklearn's parallel_on_X, one heap per row.
        const Data d = makeData();
        std::vector<double> q;
        const auto f = d.fit.toVector<double>();
        for (int i = 0; i < 2100; ++i)
            for (int j = 0; j < 4; ++j) q.push_back(f[(i * 13 % 300) * 4 + j] + (i % 2 ? 0.25 : 0.0));
        const Tensor query = Tensor::fromVector<double>(q, {2100, 4});
        const QStringList lines =
            runSklearn(kPrelude + "F = " + pyArray(d.fit) + "\nQ = " + pyArray(query) +
                       "\nind = NearestNeighbors(n_neighbors=6, algorithm='brute').fit(F).kneighbors(Q)[1]\n"
                       "print(' '.join(map(str, ind.ravel())))\n");
        QCOMPARE(lines.size(), 1);
        QCOMPARE(ints(NeighborSearch(d.fit, Metric::Euclidean, true).kneighbors(query, 6).indices), lines[0]);
    }

    void radiusNeighborsEqualSklearn() {
        const Data d = makeData();
        QString script = kPrelude;
        script += "F = " + pyArray(d.fit) + "\nQ = " + pyArray(d.query) + "\n";
        for (int p : {2, 1})
            script += QString(
                          "dist, ind = NearestNeighbors(radius=0.75, p=%1, "
                          "algorithm='brute').fit(F).radius_neighbors(Q, sort_results=True)\n"
                          "for a, b in zip(dist, ind):\n"
                          "    print(' '.join(map(str, b)) or '-')\n"
                          "    print(' '.join(float(x).hex() for x in a) or '-')\n")
                          .arg(p);
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), 2 * 2 * 90);
        int at = 0;
        for (Metric metric : {Metric::Euclidean, Metric::Manhattan}) {
            const RadiusNeighbors rn = NeighborSearch(d.fit, metric, true).radiusNeighbors(d.query, 0.75, true);
            for (int i = 0; i < 90; ++i) {
                const QString ind = rn.indices[i].empty() ? "-" : ints(rn.indices[i]);
                QCOMPARE(ind, lines[at]);
                if (!rn.indices[i].empty()) {
                    const auto theirs = hexDoubles(lines[at + 1]);
                    for (std::size_t j = 0; j < theirs.size(); ++j) QVERIFY(closeRel(rn.distances[i][j], theirs[j]));
                }
                at += 2;
            }
        }
    }

    void kdTreeEqualsSklearnsKdTree() {
        // The tree's index array, k-neighbours (with ties) and unsorted radius results in sklearn's
        // traversal order, for two leaf sizes and p = 2 and 1.
        const Data d = makeData();
        QString script = kPrelude + "from sklearn.neighbors import KDTree\nF = " + pyArray(d.fit) +
                         "\nQ = " + pyArray(d.query) + "\n";
        for (const char* metric : {"euclidean", "manhattan"})
            for (int leaf : {30, 7})
                script += QString(
                              "t = KDTree(F, leaf_size=%1, metric='%2')\n"
                              "print(' '.join(map(str, t.get_arrays()[1])))\n"
                              "dist, ind = t.query(Q, k=5)\n"
                              "print(' '.join(map(str, ind.ravel())))\n"
                              "print(' '.join(float(x).hex() for x in dist.ravel()))\n"
                              "ind, dist = t.query_radius(Q, r=0.8, return_distance=True)\n"
                              "print(' '.join(' '.join(map(str, a)) + ' |' for a in ind))\n")
                              .arg(leaf)
                              .arg(metric);
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), 16);
        int at = 0;
        for (Metric metric : {Metric::Euclidean, Metric::Manhattan})
            for (int leaf : {30, 7}) {
                const KdTree tree(d.fit, leaf, metric);
                QCOMPARE(ints(tree.indexArray()), lines[at]);
                const KNeighbors nn = tree.query(d.query, 5);
                QCOMPARE(ints(nn.indices), lines[at + 1]);
                const auto theirs = hexDoubles(lines[at + 2]);
                QCOMPARE(theirs.size(), nn.distances.size());
                for (std::size_t i = 0; i < theirs.size(); ++i) QVERIFY(closeRel(nn.distances[i], theirs[i]));
                const RadiusNeighbors rn = tree.queryRadius(d.query, 0.8, false);
                QStringList rows;
                for (const auto& r : rn.indices) rows << ints(r) + " |";
                QCOMPARE(rows.join(' '), lines[at + 3]);
                at += 4;
            }
    }

    void simultaneousSortKeepsPairs() {
        std::vector<double> v{3, 1, 2, 1, 5, 0, 2};
        std::vector<std::int64_t> idx{0, 1, 2, 3, 4, 5, 6};
        simultaneousSort(v.data(), idx.data(), 7);
        QVERIFY(std::is_sorted(v.begin(), v.end()));
        for (std::size_t i = 0; i < v.size(); ++i) QCOMPARE(v[i], (std::vector<double>{3, 1, 2, 1, 5, 0, 2})[idx[i]]);
    }
};

QTEST_APPLESS_MAIN(TestNeighborsSearch)
#include "test_neighbors_search.moc"
