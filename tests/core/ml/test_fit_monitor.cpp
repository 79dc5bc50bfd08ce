// Fit callbacks in the long fits (core/ml/base/fit_monitor.h): progress counts the real units (trees,
// boosting iterations, members, restarts, steps, inits, folds, fits), boosting streams train_score_ /
// validation_score_ as loss curves, a monitor changes no result by a bit, a stop between units throws
// FitStopped and leaves the estimator as it was, and a search's members report one level down, on any
// thread count.
#include <QtTest>

#include "core/ml/base/fit_monitor.h"
#include "core/ml/base/registry.h"
#include "tests/core/ml/ensemble/ensemble_data.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

struct Recorded {
    std::vector<FitProgress> progress;
    std::vector<CurvePoint> curves;

    // The last `done` reported by `estimator` at `depth`.
    std::int64_t done(const std::string& estimator, int depth = 0) const {
        std::int64_t out = -1;
        for (const auto& p : progress)
            if (p.estimator == estimator && p.depth == depth) out = p.done;
        return out;
    }
    std::vector<double> curve(const std::string& name) const {
        std::vector<double> out;
        for (const auto& c : curves)
            if (c.curve == name) out.push_back(c.value);
        return out;
    }
};

Recorded fitMonitored(Estimator& e, const testing::Data& d) {
    Recorded r;
    FitMonitor monitor;
    monitor.onProgress = [&](const FitProgress& p) { r.progress.push_back(p); };
    monitor.onCurve = [&](const CurvePoint& c) { r.curves.push_back(c); };
    FitMonitorScope scope(&monitor);
    e.fit(d.X, d.y);
    return r;
}

bool sameAttributes(const Estimator& a, const Estimator& b) {
    if (a.attributes().size() != b.attributes().size()) return false;
    for (std::size_t i = 0; i < a.attributes().size(); ++i)
        if (!(a.attributes()[i] == b.attributes()[i])) return false;
    return true;
}

std::vector<double> values(const Estimator& e, const char* name) {
    return e.attribute(name).tensor().toVector<double>();
}

}  // namespace

class TestFitMonitor : public QObject {
    Q_OBJECT

private slots:
    void progressCountsTheRealUnits_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("classes");
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<int>("units");
        QTest::newRow("RandomForestClassifier") << "RandomForestClassifier" << true << "n_estimators=7"
                                                << "trees" << 7;
        QTest::newRow("ExtraTreesRegressor") << "ExtraTreesRegressor" << false << "n_estimators=5"
                                             << "trees" << 5;
        QTest::newRow("GradientBoostingClassifier") << "GradientBoostingClassifier" << true << "n_estimators=6"
                                                    << "iterations" << 6;
        QTest::newRow("BaggingRegressor") << "BaggingRegressor" << false << "n_estimators=4"
                                          << "estimators" << 4;
        QTest::newRow("AdaBoostRegressor") << "AdaBoostRegressor" << false << "n_estimators=5"
                                           << "iterations" << 5;
        QTest::newRow("KMeans") << "KMeans" << false << "n_init=3"
                                << "restarts" << 3;
        QTest::newRow("GaussianMixture") << "GaussianMixture" << false << "n_init=2"
                                         << "inits" << 2;
    }

    void progressCountsTheRealUnits() {
        QFETCH(QString, name);
        QFETCH(bool, classes);
        QFETCH(QString, params);
        QFETCH(QString, unit);
        QFETCH(int, units);
        const auto kv = params.split('=');
        auto& reg = EstimatorRegistry::instance();
        const ParamList p{{kv[0].toStdString(), static_cast<std::int64_t>(kv[1].toInt())}, {"random_state", 0}};
        auto monitored = reg.create(name.toStdString(), p);
        auto plain = reg.create(name.toStdString(), p);
        const auto d = testing::makeData(120, 4, classes, 21);
        const Recorded r = fitMonitored(*monitored, d);
        plain->fit(d.X, d.y);
        QVERIFY(sameAttributes(*monitored, *plain));  // a monitor changes no result
        QCOMPARE(r.done(name.toStdString()), static_cast<std::int64_t>(units));
        QCOMPARE(r.progress.front().done, std::int64_t{0});
        QCOMPARE(r.progress.front().unit, unit.toStdString());
        QCOMPARE(r.progress.back().total, static_cast<std::int64_t>(units));
    }

    void miniBatchKMeansCountsItsSteps() {
        auto km = EstimatorRegistry::instance().create("MiniBatchKMeans",
                                                       {{"n_clusters", 3}, {"n_init", 3}, {"random_state", 0}});
        const Recorded r = fitMonitored(*km, testing::makeData(200, 3, false, 22));
        QCOMPARE(r.done("MiniBatchKMeans"), km->attribute("n_steps_").tensor().item<std::int64_t>());
    }

    void sgdCountsItsEpochs() {
        auto& reg = EstimatorRegistry::instance();
        auto sgd = reg.create("SGDRegressor", {{"max_iter", 40}, {"random_state", 0}});
        auto plain = reg.create("SGDRegressor", {{"max_iter", 40}, {"random_state", 0}});
        const auto d = testing::makeData(80, 3, false, 28);
        const Recorded r = fitMonitored(*sgd, d);
        plain->fit(d.X, d.y);
        QVERIFY(sameAttributes(*sgd, *plain));
        const auto epochs = sgd->attribute("n_iter_").tensor().item<std::int64_t>();
        QCOMPARE(r.done("SGDRegressor"), epochs);
        QCOMPARE(r.curve("train_loss").size(), static_cast<std::size_t>(epochs));
        auto multi = reg.create("SGDClassifier", {{"max_iter", 30}, {"random_state", 0}});
        const Recorded m = fitMonitored(*multi, testing::makeData(90, 3, true, 29));
        QVERIFY(m.done("SGDClassifier") >= multi->attribute("n_iter_").tensor().item<std::int64_t>());
    }

    void gradientBoostingStreamsItsTrainScore() {
        auto gb = EstimatorRegistry::instance().create(
            "GradientBoostingRegressor",
            {{"n_estimators", 30}, {"n_iter_no_change", 2}, {"validation_fraction", 0.3}, {"random_state", 0}});
        const Recorded r = fitMonitored(*gb, testing::makeData(150, 4, false, 23));
        QCOMPARE(r.curve("train_loss"), values(*gb, "train_score_"));
        QCOMPARE(r.curve("validation_loss").size(), values(*gb, "train_score_").size());
        QCOMPARE(r.done("GradientBoostingRegressor"), gb->attribute("n_estimators_").tensor().item<std::int64_t>());
    }

    void histGradientBoostingStreamsTrainAndValidationLoss() {
        auto hgb = EstimatorRegistry::instance().create(
            "HistGradientBoostingClassifier",
            {{"max_iter", 25}, {"early_stopping", true}, {"n_iter_no_change", 3}, {"random_state", 0}});
        const Recorded r = fitMonitored(*hgb, testing::makeData(300, 4, true, 24));
        std::vector<double> train = values(*hgb, "train_score_"), validation = values(*hgb, "validation_score_");
        for (double& v : train) v = -v;  // scores are negative losses
        for (double& v : validation) v = -v;
        QCOMPARE(r.curve("train_loss"), train);
        QCOMPARE(r.curve("validation_loss"), validation);
        QCOMPARE(r.done("HistGradientBoostingClassifier"), hgb->attribute("n_iter_").tensor().item<std::int64_t>());
    }

    void stopLeavesTheEstimatorAsItWas() {
        auto& reg = EstimatorRegistry::instance();
        const auto d = testing::makeData(100, 4, true, 25);
        const auto other = testing::makeData(100, 4, true, 26);
        auto stopAfter = [](FitMonitor& m, std::int64_t units) {
            m.onProgress = [&m, units](const FitProgress& p) {
                if (p.depth == 0 && p.done >= units) m.requestStop();
            };
        };
        for (const char* name : {"RandomForestClassifier", "GradientBoostingClassifier", "AdaBoostClassifier",
                                 "BaggingClassifier", "HistGradientBoostingClassifier", "SGDClassifier"}) {
            auto fresh = reg.create(name, {{"random_state", 0}});
            {
                FitMonitor monitor;
                stopAfter(monitor, 3);
                FitMonitorScope scope(&monitor);
                QVERIFY_THROWS_EXCEPTION(FitStopped, fresh->fit(d.X, d.y));
            }
            QVERIFY2(!fresh->isFitted(), name);

            auto fitted = reg.create(name, {{"random_state", 0}});
            fitted->fit(other.X, other.y);
            auto reference = reg.create(name, {{"random_state", 0}});
            reference->fit(other.X, other.y);
            {
                FitMonitor monitor;
                stopAfter(monitor, 2);
                FitMonitorScope scope(&monitor);
                QVERIFY_THROWS_EXCEPTION(FitStopped, fitted->fit(d.X, d.y));
            }
            QVERIFY2(sameAttributes(*fitted, *reference), name);
            QVERIFY2(fitted->predict(d.X) == reference->predict(d.X), name);
        }
    }

    void searchMembersReportOneLevelDown_data() {
        QTest::addColumn<int>("jobs");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
    }

    void searchMembersReportOneLevelDown() {
        QFETCH(int, jobs);
        auto& reg = EstimatorRegistry::instance();
        auto search =
            reg.create("GridSearchCV",
                       {{"estimator",
                         ParamValue(reg.create("RandomForestClassifier", {{"n_estimators", 3}, {"random_state", 0}}))},
                        {"param_grid", ParamValue::dict({{"max_depth", ParamValue::list({2, 4})}})},
                        {"cv", 3},
                        {"n_jobs", static_cast<std::int64_t>(jobs)}});
        const auto d = testing::makeData(90, 4, true, 27);
        Recorded r;
        FitMonitor monitor;
        monitor.onProgress = [&](const FitProgress& p) { r.progress.push_back(p); };
        {
            FitMonitorScope scope(&monitor);
            search->fit(d.X, d.y);
        }
        QCOMPARE(r.done("GridSearchCV"), std::int64_t{6});  // 2 candidates × 3 folds
        std::int64_t trees = 0;
        for (const auto& p : r.progress) {
            QVERIFY(p.estimator == "GridSearchCV" ? p.depth == 0 : p.depth == 1);
            if (p.estimator == "RandomForestClassifier" && p.done > 0) ++trees;
        }
        QCOMPARE(trees, std::int64_t{7 * 3});  // 6 fold fits and the refit, 3 trees each
    }
};

QTEST_APPLESS_MAIN(TestFitMonitor)
#include "test_fit_monitor.moc"
