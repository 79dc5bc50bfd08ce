// AdaBoost beyond the conformance cases: the last stage of every staged output is the unstaged output,
// staged_score is the score stage by stage, a fit leaves no trace of a previous one, the classes
// without staged outputs refuse them in Python's words, and NumPy's argsort (the weighted median's
// order of tied predictions) is NumPy's.
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/ml/base/errors.h"
#include "core/ml/base/numpy_sort.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/staged.h"
#include "tests/core/ml/ensemble/ensemble_data.h"

using namespace tessera;
using namespace tessera::ml;

class TestAdaBoost : public QObject {
    Q_OBJECT

private slots:
    void lastStageIsTheUnstagedOutput_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("SAMME.R") << "SAMME.R";
        QTest::newRow("SAMME") << "SAMME";
    }

    void lastStageIsTheUnstagedOutput() {
        QFETCH(QString, algorithm);
        const auto d = testing::makeData(90, 4, /*classes=*/true, 11);
        auto ada = EstimatorRegistry::instance().create(
            "AdaBoostClassifier", {{"algorithm", algorithm.toStdString()}, {"n_estimators", 7}, {"random_state", 1}});
        ada->fit(d.X, d.y);
        using ensemble::StagedOutput;
        const auto proba = ensemble::staged(*ada, d.X, StagedOutput::PredictProba);
        const auto decision = ensemble::staged(*ada, d.X, StagedOutput::DecisionFunction);
        const auto labels = ensemble::staged(*ada, d.X, StagedOutput::Predict);
        const auto members = static_cast<std::size_t>(ada->attribute("estimator_weights_").tensor().numel());
        QVERIFY(!proba.empty() && proba.size() <= members);
        QCOMPARE(labels.size(), proba.size());
        QVERIFY(labels.back() == ada->predict(d.X));
        const auto near = [](const Tensor& a, const Tensor& b) {
            const auto x = a.toVector<double>(), y = b.toVector<double>();
            if (x.size() != y.size()) return false;
            for (std::size_t i = 0; i < x.size(); ++i)
                if (std::abs(x[i] - y[i]) > 1e-12) return false;
            return true;
        };
        // The staged norm is summed in turn, decision_function's by NumPy's pairwise sum.
        QVERIFY(near(proba.back().tensor(), ada->predictProba(d.X)));
        QVERIFY(near(decision.back().tensor(), ada->decisionFunction(d.X)));
        const auto scores = ensemble::stagedScore(*ada, d.X, d.y);
        QCOMPARE(scores.size(), labels.size());
        QCOMPARE(scores.back(), ada->score(d.X, d.y));
    }

    void regressorStagesEndAtPredict() {
        const auto d = testing::makeData(80, 3, /*classes=*/false, 12);
        auto ada = EstimatorRegistry::instance().create("AdaBoostRegressor",
                                                        {{"n_estimators", 9}, {"loss", "square"}, {"random_state", 2}});
        ada->fit(d.X, d.y);
        const auto stages = ensemble::staged(*ada, d.X, ensemble::StagedOutput::Predict);
        QVERIFY(!stages.empty());
        QVERIFY(stages.back() == ada->predict(d.X));
        QVERIFY_THROWS_EXCEPTION(AttributeError, ensemble::staged(*ada, d.X, ensemble::StagedOutput::DecisionFunction));
    }

    void refitStartsAfresh() {
        const auto d = testing::makeData(60, 3, /*classes=*/true, 13);
        auto& reg = EstimatorRegistry::instance();
        auto a = reg.create("AdaBoostClassifier", {{"n_estimators", 5}, {"random_state", 0}});
        auto b = reg.create("AdaBoostClassifier", {{"n_estimators", 5}, {"random_state", 0}});
        a->fit(testing::makeData(60, 3, true, 99).X, testing::makeData(60, 3, true, 99).y);
        a->fit(d.X, d.y);
        b->fit(d.X, d.y);
        QCOMPARE(a->attributes().size(), b->attributes().size());
        for (std::size_t i = 0; i < a->attributes().size(); ++i) QVERIFY(a->attributes()[i] == b->attributes()[i]);
    }

    void stagedOutputsOnlyWhereSklearnHasThem() {
        const auto d = testing::makeData(40, 3, /*classes=*/true, 14);
        auto& reg = EstimatorRegistry::instance();
        auto gb = reg.create("GradientBoostingClassifier", {{"n_estimators", 3}});
        gb->fit(d.X, d.y);
        QVERIFY_THROWS_EXCEPTION(AttributeError, ensemble::stagedScore(*gb, d.X, d.y));
        auto forest = reg.create("RandomForestClassifier", {{"n_estimators", 2}});
        forest->fit(d.X, d.y);
        QVERIFY_THROWS_EXCEPTION(AttributeError, ensemble::staged(*forest, d.X, ensemble::StagedOutput::Predict));
        QVERIFY_THROWS_EXCEPTION(
            NotFittedError, ensemble::staged(*reg.create("AdaBoostClassifier"), d.X, ensemble::StagedOutput::Predict));
    }

    // np.argsort((np.arange(40) * 7 % 5).astype(float)) with element 3 set to NaN, from NumPy 1.24.
    void argsortIsNumpys() {
        std::vector<double> v;
        for (int i = 0; i < 40; ++i) v.push_back(static_cast<double>(i * 7 % 5));
        v[3] = std::numeric_limits<double>::quiet_NaN();
        const std::vector<std::int64_t> numpy{0,  20, 15, 10, 5,  30, 25, 35, 33, 8,  23, 13, 38, 18,
                                              28, 26, 21, 1,  6,  11, 31, 16, 36, 34, 29, 19, 14, 9,
                                              4,  24, 39, 22, 27, 17, 12, 32, 7,  2,  37, 3};
        QCOMPARE(numpyArgsort(v), numpy);
    }
};

QTEST_APPLESS_MAIN(TestAdaBoost)
#include "test_adaboost.moc"
