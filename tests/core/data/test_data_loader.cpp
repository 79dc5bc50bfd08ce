// DataLoader: batch counts, drop_last, epoch-indexed shuffling (Note [Epoch-indexed shuffling]) and
// resuming from a saved state.
#include <QtTest>

#include <algorithm>
#include <set>

#include "core/data/data_loader.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;

namespace {

Dataset rows(std::int64_t n) {
    Dataset d;
    d.name = "rows";
    std::vector<float> x;
    std::vector<std::int64_t> y;
    for (std::int64_t i = 0; i < n; ++i) {
        x.insert(x.end(), {float(i), float(-i), float(i * i)});
        y.push_back(i % 2);
    }
    d.features = Tensor::fromVector<float>(x, {n, 3});
    d.targets = Tensor::fromVector<std::int64_t>(y, {n});
    d.featureNames = {"a", "b", "c"};
    d.classNames = {"even", "odd"};
    d.sampleShape = {3, 1};
    return d;
}

std::vector<std::vector<std::int64_t>> epochRows(DataLoader& loader, std::int64_t epoch) {
    std::vector<std::vector<std::int64_t>> out;
    loader.startEpoch(epoch);
    Batch b;
    while (loader.next(b)) out.push_back(b.rows);
    return out;
}

}  // namespace

class TestDataLoader : public QObject {
    Q_OBJECT
private slots:
    void batchesInOrderWithoutShuffle() {
        DataLoader loader(rows(10), {.batchSize = 4, .shuffle = false});
        QCOMPARE(loader.batchesPerEpoch(), std::int64_t(3));
        auto batches = epochRows(loader, 0);
        QCOMPARE(batches.size(), std::size_t(3));
        QCOMPARE(batches[2], (std::vector<std::int64_t>{8, 9}));
        Batch b = loader.batch(0, 1);
        QCOMPARE(b.x.sizes(), (Shape{4, 3}));
        QCOMPARE(b.x.toVector<float>()[0], 4.0f);
        QCOMPARE(b.y.toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 0, 1}));
    }
    void dropLast() {
        DataLoader loader(rows(10), {.batchSize = 4, .shuffle = true, .dropLast = true, .seed = 1});
        QCOMPARE(loader.batchesPerEpoch(), std::int64_t(2));
        for (auto& b : epochRows(loader, 0)) QCOMPARE(b.size(), std::size_t(4));
    }
    void shuffleIsAPermutationPerEpoch() {
        DataLoader loader(rows(50), {.batchSize = 7, .shuffle = true, .seed = 3});
        std::set<std::int64_t> seen;
        for (auto& b : epochRows(loader, 0)) seen.insert(b.begin(), b.end());
        QCOMPARE(seen.size(), std::size_t(50));
        QVERIFY(loader.order(0) != loader.order(1));
        std::vector<std::int64_t> sorted = loader.order(0);
        QVERIFY(!std::is_sorted(sorted.begin(), sorted.end()));
    }
    void epochOrderDependsOnlyOnSeedAndEpoch() {
        DataLoader a(rows(30), {.batchSize = 8, .seed = 5});
        DataLoader b(rows(30), {.batchSize = 8, .seed = 5});
        DataLoader c(rows(30), {.batchSize = 8, .seed = 6});
        epochRows(a, 0);
        epochRows(a, 1);
        QCOMPARE(epochRows(a, 2), epochRows(b, 2));  // b never ran epochs 0 and 1
        QVERIFY(epochRows(a, 2) != epochRows(c, 2));
    }
    void resumeFromState() {
        DataLoader a(rows(23), {.batchSize = 5, .seed = 9});
        a.startEpoch(4);
        Batch batch;
        a.next(batch);
        a.next(batch);
        DataLoaderState saved = a.state();
        QCOMPARE(saved, (DataLoaderState{4, 2}));
        std::vector<std::vector<std::int64_t>> rest;
        while (a.next(batch)) rest.push_back(batch.rows);

        DataLoader b(rows(23), {.batchSize = 5, .seed = 9});
        b.setState(saved);
        std::vector<std::vector<std::int64_t>> resumed;
        while (b.next(batch)) resumed.push_back(batch.rows);
        QCOMPARE(resumed, rest);
        QCOMPARE(resumed.size(), std::size_t(3));
    }
    void randomAccessMatchesIteration() {
        DataLoader loader(rows(37), {.batchSize = 6, .seed = 2});
        auto iterated = epochRows(loader, 3);
        for (std::int64_t i = 0; i < loader.batchesPerEpoch(); ++i) {
            QCOMPARE(loader.batch(3, i).rows, iterated[static_cast<std::size_t>(i)]);
            QCOMPARE(loader.batch(1, i).rows, epochRows(loader, 1)[static_cast<std::size_t>(i)]);
        }
    }
    void badOptionsAndStates() {
        QVERIFY_THROWS_EXCEPTION(ValueError, DataLoader(rows(3), {.batchSize = 0}));
        DataLoader loader(rows(3), {.batchSize = 2});
        try {
            loader.setState({0, 3});
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("DataLoader: position 3 is outside [0, 2] for epoch 0"));
        }
        QVERIFY_THROWS_EXCEPTION(IndexError, loader.batch(0, 2));
    }
};

QTEST_APPLESS_MAIN(TestDataLoader)
#include "test_data_loader.moc"
