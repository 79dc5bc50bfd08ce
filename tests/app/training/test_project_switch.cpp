// Every view of the Training tab shows the open project's runs or nothing: after a run of one
// project, opening another (an example, a new project) leaves no curve, metric, decision boundary,
// profile, tensor sample, Try model or status line of the old run — also when the old run is still
// training as the other project opens (it is stopped, still writes its own folder, and is forgotten).
// A run that could not start for want of data stops saying so once the data is there.
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/training/run_inspection.h"
#include "app/training/training_controller.h"
#include "app/training/training_page.h"
#include "widgets/designer/problems_view.h"
#include "widgets/training/loss_plot.h"
#include "widgets/training/metrics_view.h"
#include "widgets/training/run_records_model.h"
#include "widgets/training/tensor_inspector.h"
#include "widgets/training/try_model.h"

using namespace tessera;
using app::TrainingController;
using app::TrainingPage;

namespace {

widgets::TryModelView* tryView(TrainingPage* page) {
    for (int i = 0; i < page->tabs()->count(); ++i)
        if (page->tabs()->tabBar()->tabData(i).toString() == "try")
            return qobject_cast<widgets::TryModelView*>(page->tabs()->widget(i));
    return nullptr;
}

// Any label of the page that names `run`.
bool pageNames(TrainingPage* page, const QString& run) {
    for (const QLabel* label : page->findChildren<QLabel*>())
        if (label->text().contains(run)) return true;
    return false;
}

// What of a run the views show: rows of curves, a confusion matrix, a boundary, tensor samples, a
// model to try.
int shownPieces(TrainingPage* page) {
    TrainingController* c = page->controller();
    int pieces = 0;
    pieces += c->steps()->rowCount() > 0;
    pieces += c->epochs()->rowCount() > 0;
    pieces += page->metricsView()->confusionModel()->rowCount() > 0;
    pieces += !page->metricsView()->boundaryView()->grid().empty();
    pieces += c->inspection()->tensors()->rowCount() > 0;
    pieces += tryView(page)->model()->hasModel();
    return pieces;
}

}  // namespace

class TestProjectSwitch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void anotherProjectShowsNoneOfTheOldRun() {
        QTemporaryDir dir;
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        TrainingPage* page = w.trainingPage();
        page->setRunsRoot(dir.filePath("runs"));
        QVERIFY(w.openExample("moons-mlp"));
        QSignalSpy finished(page->controller(), &TrainingController::finished);
        QVERIFY2(page->run({.epochs = 2}), qPrintable(page->controller()->lastError()));
        QVERIFY(finished.wait(60000));
        QCOMPARE(shownPieces(page), 6);  // the run is on every view
        QVERIFY(pageNames(page, "run-001"));
        QCOMPARE(page->runsList()->count(), 1);

        for (const QString& other : {QStringLiteral("iris-mlp"), QString()}) {
            if (other.isEmpty())
                w.newProject();
            else
                QVERIFY(w.openExample(other));
            QCOMPARE(page->controller()->state(), TrainingController::State::Idle);
            QCOMPARE(shownPieces(page), 0);
            QVERIFY(!pageNames(page, "run-001"));
            QCOMPARE(page->runsList()->count(), 0);
            QCOMPARE(page->plot()->runs(), QStringList{"current"});
            QVERIFY(page->controller()->runFolder().isEmpty());
        }
    }

    void aRunStillTrainingIsStoppedAndForgotten() {
        QTemporaryDir dir;
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        TrainingPage* page = w.trainingPage();
        page->setRunsRoot(dir.filePath("runs"));
        QVERIFY(w.openExample("moons-mlp"));
        QSignalSpy forgotten(page->controller(), &TrainingController::forgotten);
        QSignalSpy finished(page->controller(), &TrainingController::finished);
        QVERIFY(page->run({.epochs = 100000, .startPaused = true}));
        page->stepOnce();
        QVERIFY(QTest::qWaitFor([&] { return page->controller()->steps()->rowCount() > 0; }, 30000));
        const QString folder = page->controller()->runFolder();
        QVERIFY(w.openExample("iris-mlp"));
        QVERIFY(forgotten.wait(60000));
        QVERIFY(finished.isEmpty());
        QCOMPARE(page->controller()->state(), TrainingController::State::Idle);
        QCOMPARE(shownPieces(page), 0);
        // The old run wrote its own folder before it was forgotten.
        QVERIFY(QFile::exists(folder + "/run.json"));
    }

    void aMissingDataSetIsAProblemAndItsFailureClears() {
        QTemporaryDir dir;
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        TrainingPage* page = w.trainingPage();
        page->setRunsRoot(dir.filePath("runs"));
        w.newProject();
        QVERIFY(page->dataProblem().startsWith("No data set"));
        widgets::ProblemsView* problems = w.findChild<widgets::ProblemsView*>("ProblemsView");
        QVERIFY(problems);
        QCOMPARE(problems->projectProblems(), QStringList{page->dataProblem()});
        QVERIFY(!page->run({.epochs = 1}));
        QCOMPARE(page->controller()->state(), TrainingController::State::Failed);
        QVERIFY(page->controller()->startFailed());
        w.document()->setSection(app::ProjectDocument::Section::Data,
                                 io::parseJson(R"({"dataset": "moons", "samples": 100})", "data"), "Choose Data");
        QVERIFY(page->dataProblem().isEmpty());
        QVERIFY(problems->projectProblems().isEmpty());
        // The stale "Failed: data: …" line is gone.
        QCOMPARE(page->controller()->state(), TrainingController::State::Idle);
        QVERIFY(!pageNames(page, "Failed"));
    }
};

QTEST_MAIN(TestProjectSwitch)
#include "test_project_switch.moc"
