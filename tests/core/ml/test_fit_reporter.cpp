// ml::FitMonitor and ml::FitReporter (core/ml/base/fit_monitor.h): no monitor, no reports; progress in
// units with nesting depth; stop requests as FitStopped naming what was done; scopes restore the previous
// monitor.
#include <QtTest>

#include "../error_of.h"
#include "core/ml/base/fit_monitor.h"

using namespace tessera;
using namespace tessera::ml;

class TestFitReporter : public QObject {
    Q_OBJECT

private slots:
    void withoutMonitorNothingIsReported() {
        FitReporter report("KMeans", "restarts", 3);
        QVERIFY(!report.active());
        report.advance();
        report.checkStop();  // no monitor: never stops
        QVERIFY(currentFitMonitor() == nullptr);
    }

    void progressAndCurvesNest() {
        FitMonitor monitor;
        std::vector<FitProgress> progress;
        std::vector<CurvePoint> curves;
        monitor.onProgress = [&](const FitProgress& p) { progress.push_back(p); };
        monitor.onCurve = [&](const CurvePoint& c) { curves.push_back(c); };
        {
            FitMonitorScope scope(&monitor);
            FitReporter search("GridSearchCV", "fits", 2);
            for (int i = 0; i < 2; ++i) {
                FitReporter forest("RandomForestClassifier", "trees", 3);
                for (int t = 0; t < 3; ++t) forest.advance();
                forest.curve("oob_score", i, 0.5 + i);
                search.advance();
            }
        }
        QVERIFY(currentFitMonitor() == nullptr);
        // start + 2 × (start + 3 trees) + 2 fits
        QCOMPARE(progress.size(), std::size_t{11});
        QCOMPARE(progress.front().depth, 0);
        QCOMPARE(progress[1].estimator, std::string("RandomForestClassifier"));
        QCOMPARE(progress[1].depth, 1);
        QCOMPARE(progress[4].done, 3);
        QCOMPARE(progress[4].total, 3);
        QCOMPARE(progress.back().unit, std::string("fits"));
        QCOMPARE(progress.back().done, 2);
        QCOMPARE(curves.size(), std::size_t{2});
        QCOMPARE(curves[1].value, 1.5);
        QCOMPARE(curves[1].depth, 1);
    }

    void stopNamesWhatWasDone() {
        FitMonitor monitor;
        FitMonitorScope scope(&monitor);
        FitReporter report("RandomForestClassifier", "trees", 100);
        for (int i = 0; i < 12; ++i) report.advance();
        report.checkStop();
        monitor.requestStop();
        QCOMPARE(errorOf<FitStopped>([&] { report.checkStop(); }),
                 "RandomForestClassifier: fit stopped after 12 of 100 trees");
        FitReporter open("SVC", "iterations", 0);
        QCOMPARE(errorOf<FitStopped>([&] { open.checkStop(); }), "SVC: fit stopped after 0 iterations");
    }

    void scopesRestoreThePreviousMonitor() {
        FitMonitor outer, inner;
        FitMonitorScope a(&outer);
        {
            FitMonitorScope b(&inner);
            QVERIFY(currentFitMonitor() == &inner);
            FitMonitorScope none(nullptr);
            QVERIFY(currentFitMonitor() == nullptr);
        }
        QVERIFY(currentFitMonitor() == &outer);
    }
};

QTEST_GUILESS_MAIN(TestFitReporter)
#include "test_fit_reporter.moc"
