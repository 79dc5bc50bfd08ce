// The forest and boosting estimators beyond one sklearn fit (which the conformance cases compare):
// warm_start adds the trees a fit from scratch would have grown, n_jobs changes no bit, and estimators_
// holds fitted DecisionTree*/ExtraTree* objects carrying the ensemble's trees.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "core/io/npy.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/gradient_boosting.h"
#include "core/ml/random_state.h"
#include "tests/core/ml/ensemble/ensemble_data.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

using testing::Data;
using testing::makeData;

// Every attribute equal, bit for bit, names in the same order.
QString sameState(const Estimator& a, const Estimator& b) {
    if (a.attributes().size() != b.attributes().size())
        return QString("%1 attributes, %2").arg(a.attributes().size()).arg(b.attributes().size());
    for (size_t i = 0; i < a.attributes().size(); ++i) {
        if (a.attributes()[i].first != b.attributes()[i].first ||
            !(a.attributes()[i].second == b.attributes()[i].second))
            return QString::fromStdString("attribute " + a.attributes()[i].first + " differs");
    }
    return {};
}

}  // namespace

class TestForestEstimators : public QObject {
    Q_OBJECT

private slots:
    void warmStartGrowsTheTreesOfAFreshFit_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("classes");
        QTest::newRow("RandomForestClassifier") << "RandomForestClassifier" << true;
        QTest::newRow("ExtraTreesRegressor") << "ExtraTreesRegressor" << false;
        QTest::newRow("IsolationForest") << "IsolationForest" << false;
        QTest::newRow("GradientBoostingClassifier") << "GradientBoostingClassifier" << true;
        QTest::newRow("GradientBoostingRegressor") << "GradientBoostingRegressor" << false;
    }

    void warmStartGrowsTheTreesOfAFreshFit() {
        QFETCH(QString, name);
        QFETCH(bool, classes);
        const Data d = makeData(120, 5, classes, 11);
        auto& reg = EstimatorRegistry::instance();
        ParamList params = {{"n_estimators", 3}, {"warm_start", true}, {"random_state", 4}};
        if (name != "IsolationForest") params.emplace_back("max_depth", 5);
        auto warm = reg.create(name.toStdString(), params);
        warm->fit(d.X, d.y);
        const size_t perStage = name == "GradientBoostingClassifier" ? 3 : 1;  // one tree per class
        QCOMPARE(warm->heldEstimators().at(0).items.size(), 3 * perStage);
        warm->setParams({{"n_estimators", 7}});
        warm->fit(d.X, d.y);
        auto fresh = reg.create(name.toStdString(), params);
        fresh->setParams({{"n_estimators", 7}, {"warm_start", false}});
        fresh->fit(d.X, d.y);
        const QString diff = sameState(*warm, *fresh);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));

        warm->setParams({{"n_estimators", 2}});
        try {
            warm->fit(d.X, d.y);
            QFAIL("fewer trees than fitted must be refused");
        } catch (const ValueError& e) {
            const QString what = name.startsWith("GradientBoosting") ? "estimators_.shape[0]" : "len(estimators_)";
            QCOMPARE(QString(e.what()),
                     QString("n_estimators=2 must be larger or equal to %1=7 when warm_start==True").arg(what));
        }
    }

    void threadsChangeNoBit_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("classes");
        QTest::newRow("RandomForestRegressor") << "RandomForestRegressor" << false;
        QTest::newRow("ExtraTreesClassifier") << "ExtraTreesClassifier" << true;
        QTest::newRow("IsolationForest") << "IsolationForest" << false;
    }

    void threadsChangeNoBit() {
        QFETCH(QString, name);
        QFETCH(bool, classes);
        const Data d = makeData(200, 6, classes, 12);
        auto& reg = EstimatorRegistry::instance();
        ParamList params = {{"n_estimators", 8}, {"random_state", 9}, {"n_jobs", 1}};
        if (name != "IsolationForest") {
            params.emplace_back("oob_score", true);
            params.emplace_back("bootstrap", true);
        }
        auto one = reg.create(name.toStdString(), params);
        one->fit(d.X, d.y);
        auto two = reg.create(name.toStdString(), params);
        two->setParams({{"n_jobs", 2}});
        two->fit(d.X, d.y);
        const QString diff = sameState(*one, *two);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (name == "IsolationForest") {
            QVERIFY(Array(one->scoreSamples(d.X)) == Array(two->scoreSamples(d.X)));
        } else {
            QVERIFY(one->predict(d.X) == two->predict(d.X));
        }
    }

    // estimators_[i] is a fitted tree estimator of sklearn's class whose own predictions average to the
    // forest's.
    void heldTreesPredictLikeTheForest() {
        const Data d = makeData(150, 4, true, 13);
        auto forest = EstimatorRegistry::instance().create(
            "ExtraTreesClassifier", {{"n_estimators", 4}, {"max_depth", 6}, {"random_state", 2}});
        forest->fit(d.X, d.y);
        const auto held = forest->heldEstimators();
        QCOMPARE(held.size(), size_t{1});
        QCOMPARE(held[0].attribute, std::string("estimators_"));
        QCOMPARE(held[0].items.size(), size_t{4});
        const std::vector<double> proba = forest->predictProba(d.X).toVector<double>();
        std::vector<double> mean(proba.size(), 0.0);
        for (size_t i = 0; i < held[0].items.size(); ++i) {
            const Estimator& t = *held[0].items[i].second;
            QCOMPARE(t.className(), std::string("ExtraTreeClassifier"));
            QVERIFY(t.param("random_state").isInt());
            const std::string prefix = "estimators_." + std::to_string(i) + ".";
            QVERIFY(t.attribute("tree_.threshold") == forest->attribute(prefix + "tree_.threshold"));
            const std::vector<double> p = t.predictProba(d.X).toVector<double>();
            for (size_t j = 0; j < p.size(); ++j) mean[j] += p[j];
        }
        for (double& v : mean) v /= 4.0;
        QVERIFY(mean == proba);
    }

    // GradientBoostingClassifier: K trees per stage, held stage by stage as DecisionTreeRegressor objects.
    void boostingHoldsRegressionTrees() {
        const Data d = makeData(150, 4, true, 14);
        auto gb = EstimatorRegistry::instance().create("GradientBoostingClassifier",
                                                       {{"n_estimators", 5}, {"max_depth", 2}, {"random_state", 1}});
        gb->fit(d.X, d.y);
        const auto held = gb->heldEstimators();
        QCOMPARE(held.at(0).items.size(), size_t{15});  // 5 stages x 3 classes
        const Estimator& last = *held[0].items.back().second;
        QCOMPARE(last.className(), std::string("DecisionTreeRegressor"));
        QVERIFY(last.attribute("tree_.value") == gb->attribute("estimators_.4.2.tree_.value"));
        // A loaded model has no generator to continue, so warm_start refuses it.
        auto loaded = EstimatorRegistry::instance().create("GradientBoostingClassifier", gb->getParams(false));
        loaded->restoreAttributes(gb->attributes());
        loaded->setParams({{"warm_start", true}, {"n_estimators", 8}});
        QVERIFY_THROWS_EXCEPTION(ValueError, loaded->fit(d.X, d.y));
    }

    // staged_predict_proba / staged_decision_function / staged_predict against sklearn's, stage by stage.
    void stagedOutputsAreSklearns() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/ml/ensemble/sklearn_staged.py"), dir.path()});
        QVERIFY(python.waitForFinished(120000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        const std::string d = dir.path().toStdString();
        const Tensor X = io::readNpy(d + "/X.npy");
        auto near = [](const std::vector<Array>& got, const Tensor& want) {
            const std::vector<double> w = want.toVector<double>();
            std::vector<double> g;
            for (const Array& a : got)
                for (const double v : a.tensor().toVector<double>()) g.push_back(v);
            if (g.size() != w.size()) return false;
            for (size_t i = 0; i < g.size(); ++i)
                if (!(std::abs(g[i] - w[i]) <= 1e-10 * std::max(1.0, std::abs(w[i])))) return false;
            return true;
        };
        auto& reg = EstimatorRegistry::instance();
        auto c = reg.create("GradientBoostingClassifier", {{"n_estimators", 6}, {"max_depth", 2}, {"random_state", 0}});
        c->fit(X, Array(io::readNpy(d + "/y_class.npy")));
        const auto proba = ensemble::staged(*c, X, ensemble::StagedOutput::PredictProba);
        QCOMPARE(proba.size(), size_t{6});
        QVERIFY(near(proba, io::readNpy(d + "/staged_proba.npy")));
        QVERIFY(near(ensemble::staged(*c, X, ensemble::StagedOutput::DecisionFunction),
                     io::readNpy(d + "/staged_decision.npy")));
        QVERIFY(near(ensemble::staged(*c, X, ensemble::StagedOutput::Predict), io::readNpy(d + "/staged_class.npy")));
        QVERIFY(proba.back() == Array(c->predictProba(X)));

        auto r = reg.create("GradientBoostingRegressor", {{"loss", "huber"}, {"n_estimators", 6}, {"random_state", 0}});
        r->fit(X, Array(io::readNpy(d + "/y_reg.npy")));
        QVERIFY(near(ensemble::staged(*r, X, ensemble::StagedOutput::Predict), io::readNpy(d + "/staged_reg.npy")));
        QVERIFY_THROWS_EXCEPTION(AttributeError, ensemble::staged(*r, X, ensemble::StagedOutput::PredictProba));
        QVERIFY_THROWS_EXCEPTION(
            AttributeError, ensemble::staged(*reg.create("RandomForestRegressor"), X, ensemble::StagedOutput::Predict));
    }
};

QTEST_APPLESS_MAIN(TestForestEstimators)
#include "test_forest_estimators.moc"
