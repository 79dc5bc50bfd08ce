// Training metrics against scikit-learn 1.2.1's (values computed there once and written down), their
// accumulation over batches, and the errors for batches that do not fit the task.
#include <QTest>

#include "core/tensor/error.h"
#include "core/train/metrics.h"

using namespace tessera;

namespace {

Tensor floats(const std::vector<float>& v, const Shape& sizes) { return Tensor::fromVector<float>(v, sizes); }
Tensor labels(const std::vector<std::int64_t>& v) {
    return Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())});
}

// y = [[1, 2], [2, .5], [3, 1], [4.5, -1]], ŷ = [[1.1, 1.5], [1.8, .7], [3.3, 0], [4, -.5]]:
// sklearn r2_score 0.8065744548286604, mean_squared_error 0.24125, mean_absolute_error 0.4125.
Tensor regressionTarget() { return floats({1, 2, 2, 0.5f, 3, 1, 4.5f, -1}, {4, 2}); }
Tensor regressionPrediction() { return floats({1.1f, 1.5f, 1.8f, 0.7f, 3.3f, 0, 4, -0.5f}, {4, 2}); }

}  // namespace

class TestMetrics : public QObject {
    Q_OBJECT

private slots:
    void accuracyOfClassScores() {
        Tensor scores = floats({0.1f, 0.5f, 0.4f, 0.3f, 0.3f, 0.4f, 0.9f, 0.05f, 0.05f, 0.2f, 0.2f, 0.6f}, {4, 3});
        QCOMPARE(train::accuracy(scores, labels({1, 2, 0, 1})), 0.75);
        // Tied scores pick the lower class, as argmax does.
        QCOMPARE(train::accuracy(floats({1, 1}, {1, 2}), labels({0})), 1.0);
    }

    void topKAgreesWithSklearn() {
        Tensor scores = floats({0.1f, 0.5f, 0.4f, 0.3f, 0.3f, 0.4f, 0.9f, 0.05f, 0.05f, 0.2f, 0.2f, 0.6f}, {4, 3});
        QCOMPARE(train::topKAccuracy(scores, labels({2, 0, 0, 1}), 2), 0.75);  // top_k_accuracy_score
        QCOMPARE(train::topKAccuracy(scores, labels({2, 0, 0, 1}), 3), 1.0);
        QVERIFY_THROWS_EXCEPTION(ValueError, train::topKAccuracy(scores, labels({2, 0, 0, 1}), 4));
    }

    void binaryLogitsThresholdAtZero() {
        Tensor logits = floats({-2, 0.5f, 3, -0.1f}, {4, 1});
        Tensor target = floats({0, 1, 0, 0}, {4, 1});
        QCOMPARE(train::accuracy(logits, target), 0.75);
    }

    void regressionAgreesWithSklearn() {
        QVERIFY(std::abs(train::r2Score(regressionPrediction(), regressionTarget()) - 0.8065744548286604) < 1e-6);
        QVERIFY(std::abs(train::meanSquaredError(regressionPrediction(), regressionTarget()) - 0.24125) < 1e-6);
        QVERIFY(std::abs(train::meanAbsoluteError(regressionPrediction(), regressionTarget()) - 0.4125) < 1e-6);
    }

    void accumulationEqualsTheWholeBatch() {
        train::MetricAccumulator acc(train::Task::Regression);
        Tensor p = regressionPrediction(), y = regressionTarget();
        std::vector<float> pv = p.toVector<float>(), yv = y.toVector<float>();
        // Batches of 3 and 1 rows, with losses 1.0 and 5.0: the epoch loss weighs them 3:1.
        acc.add(floats({pv.begin(), pv.begin() + 6}, {3, 2}), floats({yv.begin(), yv.begin() + 6}, {3, 2}), 1.0);
        acc.add(floats({pv.begin() + 6, pv.end()}, {1, 2}), floats({yv.begin() + 6, yv.end()}, {1, 2}), 5.0);
        train::Metrics m = acc.result();
        QCOMPARE(m.samples, std::int64_t{4});
        QCOMPARE(m.loss, 2.0);
        QVERIFY(!m.accuracy);
        QVERIFY(std::abs(*m.r2 - 0.8065744548286604) < 1e-6);
        QVERIFY(std::abs(*m.mse - 0.24125) < 1e-6);
        QVERIFY(std::abs(*m.mae - 0.4125) < 1e-6);

        train::MetricAccumulator cls(train::Task::Classification);
        cls.add(floats({2, 1, 0, 3}, {2, 2}), labels({0, 0}), 0.5);
        cls.add(floats({0, 1}, {1, 2}), labels({1}), 0.2);
        QVERIFY(std::abs(*cls.result().accuracy - 2.0 / 3.0) < 1e-12);
        cls.reset();
        QCOMPARE(cls.result().samples, std::int64_t{0});
    }

    void constantTargetsFollowSklearn() {
        // sklearn: r2 is 1 for a perfect prediction of constant targets, 0 otherwise.
        QCOMPARE(train::r2Score(floats({2, 2}, {2, 1}), floats({2, 2}, {2, 1})), 1.0);
        QCOMPARE(train::r2Score(floats({2, 3}, {2, 1}), floats({2, 2}, {2, 1})), 0.0);
    }

    void badBatchesNameTheMetricAndShapes() {
        try {
            train::accuracy(floats({1, 2, 3, 4, 5, 6}, {2, 3}), labels({0, 1, 2}));
            QFAIL("expected ShapeError");
        } catch (const ShapeError& e) {
            QVERIFY2(std::string(e.what()).find("accuracy: prediction [2, 3] and target [3]") != std::string::npos,
                     e.what());
        }
        QVERIFY_THROWS_EXCEPTION(TypeError, train::accuracy(floats({1, 2, 3, 4}, {2, 2}), floats({0, 1}, {2})));
        QVERIFY_THROWS_EXCEPTION(ValueError, train::accuracy(floats({1, 2, 3, 4}, {2, 2}), labels({0, 5})));
        QVERIFY_THROWS_EXCEPTION(ShapeError, train::r2Score(floats({1, 2, 3}, {3}), floats({1, 2}, {2})));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"
