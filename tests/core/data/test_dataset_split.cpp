// Dataset::subset and validate, stratified splits (sizes, class proportions, disjointness, seeds) and
// standardisation with training statistics.
#include <QtTest>

#include <algorithm>
#include <numeric>
#include <set>

#include "core/data/dataset.h"
#include "core/data/split.h"
#include "core/io/json.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;

namespace {

// n rows, feature row i = (i, 2i), class i % classes (or regression target i).
Dataset toy(std::int64_t n, std::int64_t classes) {
    Dataset d;
    d.name = "toy";
    std::vector<float> x;
    for (std::int64_t i = 0; i < n; ++i) {
        x.push_back(float(i));
        x.push_back(float(2 * i));
    }
    d.features = Tensor::fromVector<float>(x, {n, 2});
    d.featureNames = {"a", "b"};
    d.sampleShape = {2};
    if (classes > 0) {
        std::vector<std::int64_t> y;
        for (std::int64_t i = 0; i < n; ++i) y.push_back(i % classes);
        d.targets = Tensor::fromVector<std::int64_t>(y, {n});
        for (std::int64_t c = 0; c < classes; ++c) d.classNames.push_back("c" + std::to_string(c));
    } else {
        d.task = Task::Regression;
        std::vector<float> y(static_cast<std::size_t>(n));
        std::iota(y.begin(), y.end(), 0.0f);
        d.targets = Tensor::fromVector<float>(y, {n, 1});
    }
    d.validate();
    return d;
}

std::vector<std::int64_t> classCountsOf(const Dataset& d) { return d.classCounts(); }

}  // namespace

class TestDatasetSplit : public QObject {
    Q_OBJECT
private slots:
    void subsetCopiesRowsInOrder() {
        Dataset d = toy(10, 2);
        Dataset s = d.subset({7, 2, 2});
        QCOMPARE(s.size(), std::size_t(3));
        QCOMPARE(s.features.toVector<float>(), (std::vector<float>{7, 14, 2, 4, 2, 4}));
        QCOMPARE(s.targets.toVector<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 0}));
        QCOMPARE(s.classNames, d.classNames);
        QVERIFY(!s.features.sharesStorageWith(d.features));
    }
    void takeRowsOfAView() {
        Tensor t = Tensor::fromVector<float>({0, 1, 2, 3, 4, 5}, {2, 3});
        Tensor columnsAsRows = ops::transpose(t, 0, 1);  // [3, 2], not contiguous
        QCOMPARE(takeRows(columnsAsRows, {2, 0}).toVector<float>(), (std::vector<float>{2, 5, 0, 3}));
    }
    void subsetRejectsBadRow() {
        Dataset d = toy(4, 2);
        try {
            d.subset({0, 4});
            QFAIL("no error");
        } catch (const IndexError& e) {
            QCOMPARE(QString(e.what()),
                     QString("Dataset::subset: row 4 is out of range for data set 'toy' with 4 rows"));
        }
    }
    void validateNamesTheBrokenRule() {
        Dataset d = toy(4, 2);
        d.sampleShape = {3};
        QVERIFY_THROWS_EXCEPTION(ValueError, d.validate());
        d = toy(4, 2);
        d.targets = Tensor::fromVector<std::int64_t>({0, 1, 2, 0}, {4});
        try {
            d.validate();
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("data set 'toy': row 2 has class 2, outside [0, 2)"));
        }
    }
    void splitSizesAndStrata() {
        Dataset d = toy(150, 3);
        Split s = stratifiedSplit(d, 0.1, 0.2, 0);
        QCOMPARE(s.test.size(), std::size_t(30));
        QCOMPARE(s.val.size(), std::size_t(15));
        QCOMPARE(s.train.size(), std::size_t(105));
        QCOMPARE(classCountsOf(s.test), (std::vector<std::int64_t>{10, 10, 10}));
        QCOMPARE(classCountsOf(s.val), (std::vector<std::int64_t>{5, 5, 5}));
        QCOMPARE(classCountsOf(s.train), (std::vector<std::int64_t>{35, 35, 35}));
    }
    void splitIsDisjointAndComplete() {
        Dataset d = toy(97, 4);
        Split s = stratifiedSplit(d, 0.15, 0.25, 3);
        std::set<std::int64_t> all;
        for (auto* rows : {&s.trainRows, &s.valRows, &s.testRows}) all.insert(rows->begin(), rows->end());
        QCOMPARE(all.size(), std::size_t(97));
        QCOMPARE(s.trainRows.size() + s.valRows.size() + s.testRows.size(), std::size_t(97));
        QCOMPARE(s.testRows.size(), std::size_t(25));  // ceil(0.25 · 97)
        QCOMPARE(s.valRows.size(), std::size_t(15));   // ceil(0.15 · 97)
        // Each split's rows carry their original features.
        for (std::size_t i = 0; i < s.testRows.size(); ++i)
            QCOMPARE(s.test.features.toVector<float>()[2 * i], float(s.testRows[i]));
        // Per class, test counts differ from the exact proportion by less than one.
        std::vector<std::int64_t> total = d.classCounts(), test = s.test.classCounts();
        for (std::size_t c = 0; c < total.size(); ++c)
            QVERIFY(std::abs(double(test[c]) - 0.25 * 97 * total[c] / 97.0) < 1.0);
    }
    void splitIsSeeded() {
        Dataset d = toy(60, 3);
        Split a = stratifiedSplit(d, 0.1, 0.2, 7), b = stratifiedSplit(d, 0.1, 0.2, 7),
              c = stratifiedSplit(d, 0.1, 0.2, 8);
        QCOMPARE(a.trainRows, b.trainRows);
        QCOMPARE(a.testRows, b.testRows);
        QVERIFY(a.testRows != c.testRows);
        // Rows are shuffled, not grouped by class.
        QVERIFY(!std::is_sorted(a.trainRows.begin(), a.trainRows.end()));
    }
    void regressionSplitShuffles() {
        Dataset d = toy(50, 0);
        Split s = stratifiedSplit(d, 0.0, 0.2, 1);
        QCOMPARE(s.test.size(), std::size_t(10));
        QCOMPARE(s.val.size(), std::size_t(0));
        QCOMPARE(s.train.targets.sizes(), (Shape{40, 1}));
        QCOMPARE(s.train.targets.toVector<float>()[0], float(s.trainRows[0]));
    }
    void badFractions() {
        Dataset d = toy(10, 2);
        QVERIFY_THROWS_EXCEPTION(ValueError, stratifiedSplit(d, -0.1, 0.2, 0));
        QVERIFY_THROWS_EXCEPTION(ValueError, stratifiedSplit(d, 0.5, 0.5, 0));
        try {
            stratifiedSplit(d, 0.0, 1.5, 0);
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("data.testFraction: expected a fraction in [0, 1), got 1.500000"));
        }
        QVERIFY_THROWS_EXCEPTION(ValueError, stratifiedSplit(toy(2, 2), 0.4, 0.4, 0));
    }
    void standardizeUsesTrainingStatistics() {
        Dataset d = toy(40, 2);
        Split s =
            splitFromSpec(d, io::parseJson(R"({"testFraction": 0.25, "valFraction": 0, "standardize": true})", "spec"));
        std::vector<float> x = s.train.features.toVector<float>();
        double mean = 0, sq = 0;
        for (std::size_t i = 0; i < x.size(); i += 2) mean += x[i];
        mean /= double(x.size() / 2);
        for (std::size_t i = 0; i < x.size(); i += 2) sq += (x[i] - mean) * (x[i] - mean);
        QVERIFY(std::abs(mean) < 1e-5);
        QVERIFY(std::abs(sq / double(x.size() / 2) - 1.0) < 1e-4);
        // The test split is transformed with the training mean/std, so its mean is not exactly 0.
        std::vector<float> t = s.test.features.toVector<float>();
        double tm = 0;
        for (std::size_t i = 0; i < t.size(); i += 2) tm += t[i];
        QVERIFY(std::abs(tm / double(t.size() / 2)) > 1e-4);
    }
    void specErrorsNameTheKey() {
        Dataset d = toy(10, 2);
        try {
            splitFromSpec(d, io::parseJson(R"({"seed": -1})", "spec"));
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("data.seed: expected a non-negative integer, found -1"));
        }
        try {
            splitFromSpec(d, io::parseJson(R"({"standardize": "yes"})", "spec"));
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("data.standardize: expected a boolean, found a string"));
        }
    }
};

QTEST_APPLESS_MAIN(TestDatasetSplit)
#include "test_dataset_split.moc"
