// The runs table (TensorBoard's HParams view): one row per run folder with its status, the settings
// that tell the runs apart and its final metrics, sortable by number; a run that cannot be read says
// why in its row.
#include <QDir>
#include <QFile>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/training/runs_table.h"

using tessera::widgets::RunsTable;
using tessera::widgets::RunsTableModel;

namespace {

void write(const QString& path, const QByteArray& text) {
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

void writeRun(const QDir& runs, const QString& name, double lr, const QByteArray& lastEpoch) {
    write(runs.filePath(name + "/run.json"),
          QString(R"({"status": "completed", "epochs": 2, "training": {"optimizer": {"type": "Adam", "lr": %1},)"
                  R"( "epochs": 2, "batchSize": 32, "seed": 0}})")
              .arg(lr)
              .toUtf8());
    write(runs.filePath(name + "/metrics.csv"),
          "epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms\n"
          "1,10,0.9,0.95,0.5,0.45,0.01,1000\n" +
              lastEpoch + "\n");
}

}  // namespace

class TestRunsTable : public QObject {
    Q_OBJECT
private slots:
    void runsSideBySide() {
        QTemporaryDir dir;
        const QDir runs(dir.path());
        writeRun(runs, "run-001", 0.01, "2,20,0.5,0.6,0.8,0.7,0.01,2500");
        writeRun(runs, "run-002", 0.1, "2,20,0.3,0.4,0.9,0.85,0.1,2400");
        write(runs.filePath("run-003/run.json"), "{broken");
        RunsTableModel model;
        model.setRunsFolder(dir.path());
        QCOMPARE(model.rowCount(), 3);
        // Only the learning rate tells the readable runs apart.
        QCOMPARE(model.settingKeys(), QStringList{"optimizer.lr"});
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QString("learning rate"));
        QCOMPARE(model.index(0, 0).data().toString(), QString("run-003"));  // newest first
        QCOMPARE(model.index(0, 1).data().toString(), QString("unreadable"));
        QVERIFY(model.index(0, 1).data(Qt::ToolTipRole).toString().contains("run.json"));
        QCOMPARE(model.index(1, 0).data().toString(), QString("run-002"));
        QCOMPARE(model.index(1, 1).data().toString(), QString("completed"));
        QCOMPARE(model.index(1, 2).data().toString(), QString("0.1"));
        QCOMPARE(model.index(1, 2).data(Qt::UserRole).toDouble(), 0.1);
        const QStringList metrics{"Epochs run",           "Final train loss",   "Final val loss",
                                  "Final train accuracy", "Final val accuracy", "Time (s)"};
        for (int i = 0; i < metrics.size(); ++i)
            QCOMPARE(model.headerData(3 + i, Qt::Horizontal).toString(), metrics[i]);
        QCOMPARE(model.index(1, 3).data().toString(), QString("2"));
        QCOMPARE(model.index(1, 5).data().toString(), QString("0.4000"));
        QCOMPARE(model.index(2, 7).data(Qt::UserRole).toDouble(), 0.7);
        QCOMPARE(model.index(2, 8).data().toString(), QString("2.5"));
        QCOMPARE(model.index(0, 5).data().toString(), QString("–"));

        // The view sorts by the numbers: best validation loss first.
        RunsTable table;
        table.setRunsFolder(dir.path());
        table.view()->sortByColumn(5, Qt::AscendingOrder);
        QCOMPARE(table.view()->model()->index(0, 0).data().toString(), QString("run-002"));
    }
    void oneRunShowsEverySetting() {
        QTemporaryDir dir;
        writeRun(QDir(dir.path()), "run-001", 0.01, "2,20,0.5,0.6,0.8,0.7,0.01,2500");
        RunsTableModel model;
        model.setRunsFolder(dir.path());
        QCOMPARE(model.settingKeys(), (QStringList{"batchSize", "epochs", "optimizer.lr", "optimizer.type", "seed"}));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QString("batch size"));
    }
};

QTEST_MAIN(TestRunsTable)
#include "test_runs_table.moc"
