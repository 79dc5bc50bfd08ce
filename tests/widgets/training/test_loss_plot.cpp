// LossPlot offscreen over hand-made records: which curves each metric and axis draw, TensorBoard's
// smoothing, log scale, overlay of runs, the hover read-out and the three exports.
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "widgets/training/loss_plot.h"
#include "widgets/training/run_records_model.h"

using namespace tessera;
using widgets::LossPlot;
using widgets::RunRecordsModel;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Steps: step, epoch, loss, accuracy, lr, elapsed_ms. Epochs: epoch, step, train_loss, val_loss,
// train_acc, val_acc, lr, elapsed_ms.
void fill(RunRecordsModel& steps, RunRecordsModel& epochs, double scale) {
    steps.append({{1, 1, 1.0 * scale, 0.5, 0.1, 1},
                  {2, 1, 0.8 * scale, 0.6, 0.1, 2},
                  {3, 2, 0.6 * scale, 0.7, 0.05, 3},
                  {4, 2, 0.5 * scale, 0.8, 0.05, 4}});
    epochs.append(
        {{1, 2, 0.9 * scale, 0.95 * scale, 0.55, 0.5, 0.1, 2}, {2, 4, 0.55 * scale, kNaN, 0.75, kNaN, 0.05, 4}});
}

}  // namespace

class TestLossPlot : public QObject {
    Q_OBJECT
private slots:
    void curvesFollowMetricAndAxis() {
        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        fill(steps, epochs, 1);
        LossPlot plot;
        plot.addRun("run-001", &steps, &epochs);
        QCOMPARE(plot.curves().size(), 2);
        QCOMPARE(plot.curves()[0].name, QStringLiteral("run-001 · train loss"));
        QCOMPARE(plot.curves()[0].x, (QVector<double>{1, 2, 3, 4}));
        QCOMPARE(plot.curves()[0].y, (QVector<double>{1.0, 0.8, 0.6, 0.5}));
        // Validation at the step its epoch ended; the missing value is left out, not drawn as 0.
        QCOMPARE(plot.curves()[1].x, (QVector<double>{2}));
        QCOMPARE(plot.curves()[1].y, (QVector<double>{0.95}));
        QCOMPARE(plot.graphCount(), 2);

        plot.setAxis(LossPlot::Axis::Epoch);
        QCOMPARE(plot.curves()[0].x, (QVector<double>{1, 2}));
        QCOMPARE(plot.curves()[0].y, (QVector<double>{0.9, 0.55}));
        plot.setMetric(LossPlot::Metric::Accuracy);
        QCOMPARE(plot.curves()[0].name, QStringLiteral("run-001 · train accuracy"));
        QCOMPARE(plot.curves()[0].y, (QVector<double>{0.55, 0.75}));
        plot.setMetric(LossPlot::Metric::LearningRate);
        QCOMPARE(plot.curves().size(), 1);
        QCOMPARE(plot.curves()[0].y, (QVector<double>{0.1, 0.05}));
        plot.setAxis(LossPlot::Axis::Step);
        QCOMPARE(plot.curves()[0].x, (QVector<double>{1, 2, 3, 4}));
    }

    void redrawsWhenRowsArrive() {
        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        LossPlot plot;
        plot.addRun("live", &steps, &epochs);
        QVERIFY(plot.curves().isEmpty());
        fill(steps, epochs, 1);
        QTRY_COMPARE(plot.curves().size(), 2);
        QCOMPARE(plot.curves()[0].x.size(), 4);
    }

    void smoothingIsTensorBoards() {
        // last = 0.5·last + 0.5·v, divided by 1 − 0.5^n.
        const QVector<double> s = LossPlot::smooth({1, 2, 3, kNaN, 4}, 0.5);
        QCOMPARE(s[0], 1.0);
        QCOMPARE(s[1], 1.25 / 0.75);
        QCOMPARE(s[2], 2.125 / 0.875);
        QVERIFY(std::isnan(s[3]));
        QCOMPARE(s[4], 3.0625 / 0.9375);
        QCOMPARE(LossPlot::smooth({3, 1, 2}, 0), (QVector<double>{3, 1, 2}));

        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        fill(steps, epochs, 1);
        LossPlot plot;
        plot.addRun("run-001", &steps, &epochs);
        QVERIFY(plot.rawCurves().isEmpty());
        plot.setSmoothing(0.5);
        QCOMPARE(plot.curves()[0].y[1], (0.25 + 0.4) / 0.75);
        // The raw values stay drawn beneath, in the run's colour but faint, and out of the legend.
        QCOMPARE(plot.rawCurves().size(), plot.curves().size());
        QCOMPARE(plot.rawCurves()[0].name, QStringLiteral("run-001 · train loss (raw)"));
        QCOMPARE(plot.rawCurves()[0].y, (QVector<double>{1.0, 0.8, 0.6, 0.5}));
        QCOMPARE(plot.graphCount(), 4);
        const QColor raw = plot.graphColour(0), smoothed = plot.graphColour(2);
        QCOMPARE(raw.rgb(), smoothed.rgb());
        QVERIFY(raw.alpha() < smoothed.alpha() / 2);
        plot.setSmoothing(0);
        QVERIFY(plot.rawCurves().isEmpty());
        QCOMPARE(plot.graphCount(), 2);
    }

    void curvesAgainstWallTime() {
        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        fill(steps, epochs, 1);
        LossPlot plot;
        plot.addRun("run-001", &steps, &epochs);
        plot.setAxis(LossPlot::Axis::WallTime);
        QCOMPARE(plot.curves()[0].name, QStringLiteral("run-001 · train loss"));
        QVector<double> seconds;
        for (double ms : steps.values("elapsed_ms")) seconds << ms / 1000.0;
        QCOMPARE(plot.curves()[0].x, seconds);
        QCOMPARE(plot.curves()[0].y, (QVector<double>{1.0, 0.8, 0.6, 0.5}));
    }

    void logScaleAndOverlay() {
        RunRecordsModel s1(RunRecordsModel::Kind::Steps), e1(RunRecordsModel::Kind::Epochs);
        RunRecordsModel s2(RunRecordsModel::Kind::Steps), e2(RunRecordsModel::Kind::Epochs);
        fill(s1, e1, 1);
        fill(s2, e2, 2);
        s2.append({{5, 3, 0.0, 0.9, 0.05, 5}});
        LossPlot plot;
        plot.addRun("a", &s1, &e1);
        plot.addRun("b", &s2, &e2);
        QCOMPARE(plot.runs(), (QStringList{"a", "b"}));
        QCOMPARE(plot.curves().size(), 4);
        QCOMPARE(plot.curves()[2].name, QStringLiteral("b · train loss"));
        QCOMPARE(plot.curves()[2].y.size(), 5);
        plot.setLogScale(true);
        QVERIFY(plot.logAxis());
        QCOMPARE(plot.curves()[2].y.size(), 4);  // a zero loss has no place on a log axis
        plot.removeRun("a");
        QCOMPARE(plot.curves().size(), 2);
        QCOMPARE(plot.curves()[0].name, QStringLiteral("b · train loss"));
    }

    void readoutNamesTheNearestPoint() {
        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        fill(steps, epochs, 1);
        LossPlot plot;
        plot.resize(800, 500);
        plot.show();
        plot.addRun("run-001", &steps, &epochs);
        const QPoint p = plot.pixelOf(3, 0.6);
        QCOMPARE(plot.readoutAt(p), QStringLiteral("run-001 · train loss · step 3: 0.6"));
        QCOMPARE(plot.readoutAt(QPoint(-500, -500)), QString());
    }

    void exports() {
        RunRecordsModel steps(RunRecordsModel::Kind::Steps), epochs(RunRecordsModel::Kind::Epochs);
        fill(steps, epochs, 1);
        LossPlot plot;
        plot.addRun("run-001", &steps, &epochs);
        QTemporaryDir dir;
        QVERIFY(plot.exportPng(dir.filePath("c.png"), 640, 400));
        QImage png(dir.filePath("c.png"));
        QCOMPARE(png.size(), QSize(640, 400));
        QVERIFY(plot.exportSvg(dir.filePath("c.svg")));
        QFile svg(dir.filePath("c.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QVERIFY(plot.exportCsv(dir.filePath("c.csv")));
        QFile csv(dir.filePath("c.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 4 + 1);
        QCOMPARE(lines[0], QStringLiteral("curve,x,y"));
        QCOMPARE(lines[1], QStringLiteral("\"run-001 · train loss\",1,1"));
        QVERIFY(!plot.exportPng("/nonexistent-folder/c.png"));
    }
};

QTEST_MAIN(TestLossPlot)
#include "test_loss_plot.moc"
