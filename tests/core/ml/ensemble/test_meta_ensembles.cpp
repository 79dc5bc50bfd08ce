// The meta-estimators of any estimator (Voting*, Bagging*, Stacking*) beyond one sklearn fit, which the
// conformance cases compare: Bagging's warm_start adds the members a fit from scratch would have drawn,
// nested parameters reach the members, held estimators list the fitted clones, and the methods a
// configuration lacks are refused as sklearn refuses them.
#include <QtTest>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/random_state.h"
#include "tests/core/ml/ensemble/ensemble_data.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

using testing::Data;
using testing::makeData;

// The same attributes with the same values, bit for bit (in any order: a warm fit appends).
QString sameState(const Estimator& a, const Estimator& b) {
    if (a.attributes().size() != b.attributes().size())
        return QString("%1 attributes, %2").arg(a.attributes().size()).arg(b.attributes().size());
    for (const auto& [name, value] : a.attributes())
        if (!b.hasAttribute(name) || !(b.attribute(name) == value))
            return QString::fromStdString("attribute " + name + " differs");
    return {};
}

ParamValue member(const std::string& name, const std::string& cls, const ParamList& params = {}) {
    return ParamValue::tuple({name, ParamValue(EstimatorRegistry::instance().create(cls, params))});
}

}  // namespace

class TestMetaEnsembles : public QObject {
    Q_OBJECT

private slots:
    void baggingWarmStartDrawsTheMembersOfAFreshFit_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("classes");
        QTest::newRow("BaggingClassifier") << "BaggingClassifier" << true;
        QTest::newRow("BaggingRegressor") << "BaggingRegressor" << false;
    }

    void baggingWarmStartDrawsTheMembersOfAFreshFit() {
        QFETCH(QString, name);
        QFETCH(bool, classes);
        const Data d = makeData(80, 4, classes, 23);
        auto& reg = EstimatorRegistry::instance();
        const ParamList params = {{"n_estimators", 3},
                                  {"warm_start", true},
                                  {"random_state", 9},
                                  {"max_samples", 0.8},
                                  {"max_features", 0.75}};
        auto warm = reg.create(name.toStdString(), params);
        warm->fit(d.X, d.y);
        QCOMPARE(warm->heldEstimators().at(0).items.size(), size_t(3));
        warm->setParams({{"n_estimators", 7}});
        warm->fit(d.X, d.y);
        auto fresh = reg.create(name.toStdString(), params);
        fresh->setParams({{"n_estimators", 7}, {"warm_start", false}});
        fresh->fit(d.X, d.y);
        const QString diff = sameState(*warm, *fresh);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(warm->predict(d.X) == fresh->predict(d.X));

        warm->setParams({{"n_estimators", 2}});
        try {
            warm->fit(d.X, d.y);
            QFAIL("fewer members than fitted must be refused");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()),
                     QString("n_estimators=2 must be larger or equal to len(estimators_)=7 when warm_start==True"));
        }
    }

    void votingHoldsItsFittedClones() {
        const Data d = makeData(60, 3, true, 5);
        auto voting = EstimatorRegistry::instance().create(
            "VotingClassifier",
            {{"estimators", ParamValue::list({member("nb", "GaussianNB"), ParamValue::tuple({"off", "drop"}),
                                              member("knn", "KNeighborsClassifier", {{"n_neighbors", 3}})})},
             {"voting", "soft"}});
        voting->setParams({{"knn__n_neighbors", 5}});
        voting->fit(d.X, d.y);
        const auto held = voting->heldEstimators();
        QCOMPARE(held.size(), size_t(3));
        QCOMPARE(held[0].attribute, std::string("estimators_"));
        QCOMPARE(held[0].items.size(), size_t(2));
        QCOMPARE(held[1].attribute, std::string("named_estimators_"));
        QCOMPARE(held[1].items[1].first, std::string("knn"));
        QCOMPARE(held[1].items[1].second->param("n_neighbors").asInt(), int64_t(5));
        QCOMPARE(held[2].attribute, std::string("le_"));
        // The clones are fitted, the templates in `estimators` are not.
        QVERIFY(held[0].items[0].second->isFitted());
        QVERIFY(!voting->param("estimators").items()[0].items()[1].asEstimator()->isFitted());
        QCOMPARE(voting->attribute("n_features_in_").tensor().item<int64_t>(), int64_t(3));
    }

    void methodsAConfigurationLacksAreRefused() {
        const Data d = makeData(40, 3, true, 6);
        auto& reg = EstimatorRegistry::instance();
        auto hard = reg.create("VotingClassifier", {{"estimators", ParamValue::list({member("nb", "GaussianNB")})}});
        hard->fit(d.X, d.y);
        try {
            hard->predictProba(d.X);
            QFAIL("hard voting has no predict_proba");
        } catch (const AttributeError& e) {
            QCOMPARE(QString(e.what()), QString("predict_proba is not available when voting='hard'"));
        }
        auto bagging = reg.create("BaggingClassifier", {{"n_estimators", 2}, {"random_state", 0}});
        bagging->fit(d.X, d.y);
        try {
            bagging->decisionFunction(d.X);
            QFAIL("a bagging of trees has no decision_function");
        } catch (const AttributeError& e) {
            QCOMPARE(QString(e.what()), QString("This 'BaggingClassifier' has no attribute 'decision_function'"));
        }
    }

    void stackingRegressorRefusesTheRidgeCvDefault() {
        const Data d = makeData(40, 3, false, 7);
        auto stack = EstimatorRegistry::instance().create(
            "StackingRegressor", {{"estimators", ParamValue::list({member("ridge", "Ridge")})}});
        try {
            stack->fit(d.X, d.y);
            QFAIL("final_estimator=None (RidgeCV) must be refused");
        } catch (const ValueError& e) {
            QVERIFY(QString(e.what()).contains("RidgeCV(), which is not available in Tessera"));
        }
        stack->setParams({{"final_estimator", ParamValue(EstimatorRegistry::instance().create("LinearRegression"))}});
        stack->fit(d.X, d.y);
        QCOMPARE(stack->transform(d.X).size(1), int64_t(1));
        QVERIFY(stack->hasAttribute("final_estimator_.coef_"));
    }
};

QTEST_APPLESS_MAIN(TestMetaEnsembles)
#include "test_meta_ensembles.moc"
