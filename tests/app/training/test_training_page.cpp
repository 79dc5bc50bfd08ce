// The Training page: a central tab of the main window with curves large enough to read, and run
// settings, split, loss and data set edited into the project as undo steps (modified, saved, undone);
// Run → Detect NaN/Inf and the Tensors tab's box are one setting; a weights file the model starts
// from that no longer fits is named with a way out (Clear, in the settings and on the Project tab).
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/project/project_page.h"
#include "app/training/run_settings.h"
#include "app/training/training_page.h"
#include "core/graph/model_graph.h"
#include "core/io/json.h"
#include "core/io/project.h"
#include "core/train/project_session.h"
#include "tests/app/example_projects.h"
#include "widgets/data/csv_import_dialog.h"
#include "widgets/data/data_panel.h"
#include "widgets/designer/graph_model.h"
#include "widgets/training/loss_plot.h"
#include "widgets/training/metrics_view.h"
#include "widgets/training/run_panel.h"
#include "widgets/training/tensor_inspector.h"

using namespace tessera;
using app::ProjectDocument;
using app::TrainingPage;
using Section = ProjectDocument::Section;

namespace {

double lr(const io::Project& p) { return p.training.at("optimizer").at("lr").asNumber(); }

// The settings column's spin box after `label` in its form.
template <typename T>
T* field(widgets::RunPanel* panel, const QString& label) {
    for (QWidget* w : panel->findChildren<QWidget*>()) {
        auto* buddy = qobject_cast<QLabel*>(w);
        if (buddy && buddy->text() == label && buddy->buddy()) return qobject_cast<T*>(buddy->buddy());
    }
    return nullptr;
}

}  // namespace

class TestTrainingPage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The document's section edits, without any widget: one undo step per field, merged while the same
    // field is edited, undo restoring the project as loaded.
    void sectionEditsAreUndoSteps() {
        ProjectDocument doc;
        doc.replace(io::loadProject(examplePath("moons-mlp").toStdString()), {});
        const io::Project loaded = doc.project();
        QSignalSpy changed(&doc, &ProjectDocument::sectionChanged);
        io::Json t = doc.section(Section::Training);
        io::Json optimizer = t.at("optimizer");
        optimizer.set("lr", 0.02);
        t.set("optimizer", optimizer);
        doc.setSection(Section::Training, t, "Change Run Settings", "optimizer.lr");
        optimizer.set("lr", 0.03);
        t.set("optimizer", optimizer);
        doc.setSection(Section::Training, t, "Change Run Settings", "optimizer.lr");
        QCOMPARE(doc.undoStack()->count(), 1);  // merged
        t.set("epochs", 7);
        doc.setSection(Section::Training, t, "Change Run Settings", "epochs");
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.setSection(Section::Training, t, "Change Run Settings", "epochs");  // unchanged: nothing
        QCOMPARE(doc.undoStack()->count(), 2);
        QCOMPARE(changed.size(), 3);
        QVERIFY(doc.isModified());
        QCOMPARE(lr(doc.project()), 0.03);
        doc.undoStack()->undo();
        QCOMPARE(doc.project().training.at("epochs").asInteger(), loaded.training.at("epochs").asInteger());
        doc.undoStack()->undo();
        QVERIFY(doc.project() == loaded);
        QVERIFY(!doc.isModified());
    }

    // The page's edits as plain functions.
    void runSettingsFunctions() {
        const io::Json a = io::parseJson(R"({"optimizer": {"type": "Adam", "lr": 0.01}, "epochs": 5})", "a");
        const io::Json b = io::parseJson(R"({"optimizer": {"type": "Adam", "lr": 0.02}, "epochs": 5, "seed": 1})", "b");
        QCOMPARE(app::changedPaths(a, b), (QStringList{"optimizer.lr", "seed"}));
        QVERIFY(app::changedPaths(a, a).isEmpty());
        const io::Json moons =
            io::parseJson(R"({"dataset": "moons", "noise": 0.2, "testFraction": 0.3, "seed": 4})", "d");
        const io::Json iris = app::builtinDataSpec(moons, "iris");
        QCOMPARE(iris.size(), std::size_t(3));
        QCOMPARE(iris.at("dataset").asString(), std::string("iris"));
        QCOMPARE(iris.at("testFraction").asNumber(), 0.3);
        QCOMPARE(iris.at("seed").asInteger(), 4);
        QCOMPARE(app::withSplit(moons, 0.1, 0.25).at("testFraction").asNumber(), 0.25);
        QVERIFY(!app::withoutSplit(moons).contains("testFraction"));
        QVERIFY(app::lossTypes().contains("MSELoss"));
        const io::Project p = io::loadProject(examplePath("moons-mlp").toStdString());
        QCOMPARE(app::lossNodeId(p), std::string("loss"));
        graph::ModelGraph g = graph::ModelGraph::fromProject(p);
        const auto inputs = g.inputEdges("loss");
        app::replaceLoss(g, "loss", "NLLLoss");
        QCOMPARE(g.node("loss").type, std::string("NLLLoss"));
        QVERIFY(g.inputEdges("loss") == inputs);
        const io::Json t = io::parseJson(R"({"epochs": 5, "initialWeights": "m.safetensors", "seed": 1})", "t");
        QVERIFY(app::withoutInitialWeights(t) == io::parseJson(R"({"epochs": 5, "seed": 1})", "t"));
        QCOMPARE(app::explainRunError("p.tessera: data.csv: no such file"),
                 QStringLiteral("p.tessera: data.csv: no such file"));
        QVERIFY(app::explainRunError("p.tessera: training.initialWeights: m.safetensors: no such file")
                    .endsWith(". p.tessera: training.initialWeights: m.safetensors: no such file"));
    }

    void isACentralTabWithLargeCurves() {
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openFile(examplePath("moons-mlp")));
        QStringList tabs;
        for (int i = 0; i < w.pages()->count(); ++i) tabs << w.pages()->tabText(i);
        QCOMPARE(tabs, (QStringList{"Designer", "Training", "Project"}));
        QTemporaryDir runs;
        w.trainingPage()->setRunsRoot(runs.path());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.designerPage()));
        QSignalSpy finished(w.trainingPage()->controller(), &app::TrainingController::finished);
        QVERIFY(w.trainingPage()->run({.epochs = 1}));
        QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.trainingPage()));  // a run brings its page forward
        QVERIFY(finished.wait(60000));
        const QSize plot = w.trainingPage()->plot()->size();
        QVERIFY2(plot.width() >= 600 && plot.height() >= 400,
                 qPrintable(QStringLiteral("%1x%2").arg(plot.width()).arg(plot.height())));
        QVERIFY(w.trainingPage()->showView("metrics"));
        QCOMPARE(w.trainingPage()->tabs()->currentWidget(), static_cast<QWidget*>(w.trainingPage()->metricsView()));
        QVERIFY(w.trainingPage()->showView("Settings"));
        QVERIFY(!w.trainingPage()->showView("nope"));
    }

    // Offscreen: the settings column, split, loss and data set choice go into the project through the
    // undo stack; Save writes them; undo brings the form back.
    void settingsAreSavedIntoTheProject() {
        QTemporaryDir dir;
        const QString file = dir.filePath("moons.tessera");
        QVERIFY(QFile::copy(examplePath("moons-mlp"), file));
        ProjectDocument doc;
        doc.replace(io::loadProject(file.toStdString()), file);
        TrainingPage page(&doc);
        page.loadSettings();
        widgets::RunPanel* panel = page.runPanel();
        const double before = lr(doc.project());

        auto* rate = field<QDoubleSpinBox>(panel, "Learning rate");
        QVERIFY(rate);
        QCOMPARE(rate->value(), before);
        rate->setValue(0.05);
        rate->setValue(0.06);  // the same field: one step
        QVERIFY(doc.isModified());
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(lr(doc.project()), 0.06);
        auto* epochs = field<QSpinBox>(panel, "Epochs");
        epochs->setValue(3);
        QCOMPARE(doc.project().training.at("epochs").asInteger(), 3);
        QCOMPARE(doc.undoStack()->count(), 2);

        auto* val = field<QDoubleSpinBox>(panel, "Validation split");
        val->setValue(0.25);
        QCOMPARE(doc.project().data.at("valFraction").asNumber(), 0.25);
        QCOMPARE(doc.project().data.at("dataset").asString(), std::string("moons"));  // the rest stays

        auto* loss = field<QComboBox>(panel, "Loss");
        QCOMPARE(loss->currentText(), QStringLiteral("CrossEntropyLoss"));
        loss->setCurrentText("NLLLoss");
        const io::NodeSpec* lossNode = nullptr;
        for (const io::NodeSpec& n : doc.project().nodes)
            if (n.type == "NLLLoss") lossNode = &n;
        QVERIFY(lossNode != nullptr);
        QCOMPARE(doc.project().edges.size(), io::loadProject(file.toStdString()).edges.size());  // still wired

        // Save writes the settings; the file reads back with them.
        doc.saveAs(file);
        QVERIFY(!doc.isModified());
        const io::Project saved = io::loadProject(file.toStdString());
        QCOMPARE(lr(saved), 0.06);
        QCOMPARE(saved.training.at("epochs").asInteger(), 3);
        QCOMPARE(saved.data.at("valFraction").asNumber(), 0.25);

        // Undo, step by step, restores the form and the project.
        doc.undoStack()->undo();  // loss
        QCOMPARE(loss->currentText(), QStringLiteral("CrossEntropyLoss"));
        doc.undoStack()->undo();  // split
        QCOMPARE(val->value(), 0.1);
        QVERIFY(!doc.project().data.contains("valFraction"));
        doc.undoStack()->undo();  // epochs
        QCOMPARE(epochs->value(),
                 static_cast<int>(
                     io::loadProject(examplePath("moons-mlp").toStdString()).training.at("epochs").asInteger()));
        doc.undoStack()->undo();  // learning rate
        QCOMPARE(rate->value(), before);
        QCOMPARE(lr(doc.project()), before);

        // Another built-in data set, chosen in the Data tab, is one step too.
        auto* source = page.dataPanel()->findChild<QComboBox*>();
        const int iris = source->findData("iris");
        QVERIFY(iris >= 0);
        source->setCurrentIndex(iris);
        emit source->activated(iris);
        QCOMPARE(doc.project().data.at("dataset").asString(), std::string("iris"));
        QVERIFY(!doc.project().data.contains("noise"));
        QVERIFY(page.dataPanel()->summary().startsWith("iris"));
        doc.undoStack()->undo();
        QCOMPARE(doc.project().data.at("dataset").asString(), std::string("moons"));
        QCOMPARE(page.dataPanel()->source(), QStringLiteral("moons"));
    }

    // Run → Detect NaN/Inf and the Tensors tab's box set the controller's one setting; each follows the
    // other, and a run started with the menu item checked checks every op (the exploding run stops in
    // the forward pass, not at the loss).
    void detectNanInfIsOneSettingInTheRunMenuAndTheTensorsTab() {
        QTemporaryDir runs;
        ProjectDocument doc;
        io::Project p = exampleProject("moons-mlp");
        p.training = io::parseJson(R"({"optimizer": {"type": "SGD", "lr": 1e30}, "epochs": 3, "batchSize": 64})", "t");
        doc.replace(p, {});
        TrainingPage page(&doc);
        page.setRunsRoot(runs.path());
        QAction* action = page.detectAnomalyAction();
        QVERIFY(page.runMenu()->actions().contains(action));
        QVERIFY(action->isCheckable());
        QCheckBox* box = page.findChild<widgets::TensorInspector*>()->detectAnomalyBox();
        QVERIFY(!action->isChecked() && !box->isChecked() && !page.controller()->detectAnomaly());
        action->trigger();
        QVERIFY(action->isChecked() && box->isChecked() && page.controller()->detectAnomaly());
        box->click();
        QVERIFY(!action->isChecked() && !box->isChecked() && !page.controller()->detectAnomaly());
        box->click();
        QVERIFY(action->isChecked() && box->isChecked() && page.controller()->detectAnomaly());

        QSignalSpy finished(page.controller(), &app::TrainingController::finished);
        QVERIFY(page.run());
        QVERIFY(finished.wait(60000));
        QVERIFY2(page.controller()->lastError().startsWith("Inf in the forward pass at step 2"),
                 qPrintable(page.controller()->lastError()));
    }

    // An imported model's weights (training.initialWeights) stop fitting when a layer's shape changes:
    // the run is refused with a message that says where to clear them; Clear — in the settings column
    // or on the Project tab — is one undo step, and then the run starts from weights drawn from the seed.
    void initialWeightsThatNoLongerFitCanBeCleared() {
        QTemporaryDir dir;
        const QString file = dir.filePath("moons.tessera");
        io::Project p = exampleProject("moons-mlp");
        {
            train::ProjectSession s(p, file.toStdString());
            s.saveWeights(dir.filePath("moons.safetensors").toStdString());
        }
        p.training.set("initialWeights", "moons.safetensors");
        io::saveProject(p, file.toStdString());

        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        w.trainingPage()->setRunsRoot(dir.filePath("runs"));
        QVERIFY(w.openFile(file));
        widgets::RunPanel* panel = w.trainingPage()->runPanel();
        app::ProjectPage* projectTab = w.projectPage();
        QCOMPARE(panel->initialWeights(), QStringLiteral("moons.safetensors"));
        QVERIFY(panel->clearInitialWeightsButton()->isVisibleTo(panel));
        QCOMPARE(projectTab->initialWeightsLabel()->text(), QStringLiteral("moons.safetensors"));
        QVERIFY(projectTab->clearInitialWeightsButton()->isVisibleTo(projectTab));

        QVERIFY(w.document()->graphModel()->setParam("fc1", "out_features", io::Json(7)));
        QVERIFY(w.document()->graphModel()->setParam("fc2", "in_features", io::Json(7)));
        QSignalSpy errors(&w, &app::MainWindow::errorReported);
        QVERIFY(!w.trainingPage()->run({.epochs = 1}));
        QVERIFY(!errors.isEmpty());
        const QString refusal = errors.last().at(0).toString();
        QVERIFY2(refusal.startsWith("The run cannot start from the project's initial weights: press Clear beside "
                                    "“Initial weights” in the run settings (Training page) or on the Project tab to "
                                    "start from weights drawn from the seed. ") &&
                     refusal.contains("training.initialWeights: ") && refusal.contains("size mismatch for fc1.weight"),
                 qPrintable(refusal));

        QUndoStack* undo = w.document()->undoStack();
        const int steps = undo->count();
        panel->clearInitialWeightsButton()->click();
        QVERIFY(!w.document()->project().training.contains("initialWeights"));
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Clear Initial Weights"));
        QVERIFY(!panel->clearInitialWeightsButton()->isVisibleTo(panel));
        QVERIFY(!projectTab->clearInitialWeightsButton()->isVisibleTo(projectTab));

        undo->undo();
        QCOMPARE(w.document()->project().training.at("initialWeights").asString(), std::string("moons.safetensors"));
        QCOMPARE(panel->initialWeights(), QStringLiteral("moons.safetensors"));
        QVERIFY(projectTab->clearInitialWeightsButton()->isVisibleTo(projectTab));
        projectTab->clearInitialWeightsButton()->click();
        QVERIFY(!w.document()->project().training.contains("initialWeights"));
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Clear Initial Weights"));
        QVERIFY(panel->initialWeights().isEmpty());

        QSignalSpy finished(w.trainingPage()->controller(), &app::TrainingController::finished);
        QVERIFY2(w.trainingPage()->run({.epochs = 1}), qPrintable(w.trainingPage()->controller()->lastError()));
        QVERIFY(finished.wait(60000));
        QCOMPARE(w.trainingPage()->controller()->finishReason(), train::FinishReason::Completed);
    }

    // Data → Import CSV…: a bad file cannot be imported and shows where its problems are; a good one,
    // with an id column ignored through its combo box, becomes the project's data (one undo step).
    void importsACsvWithColumnRoles() {
        QTemporaryDir dir;
        const QString file = dir.filePath("p.tessera");
        QVERIFY(QFile::copy(examplePath("moons-mlp"), file));
        for (const char* name : {"flowers.csv", "flowers_bad.csv"})
            QVERIFY(QFile::copy(QStringLiteral(TESSERA_SOURCE_DIR "/tests/data/csv/") + name, dir.filePath(name)));
        ProjectDocument doc;
        doc.replace(io::loadProject(file.toStdString()), file);
        TrainingPage page(&doc);
        page.loadSettings();

        widgets::CsvImportDialog* bad = page.importCsvFile(dir.filePath("flowers_bad.csv"));
        QVERIFY(bad && bad->isVisible());
        QCOMPARE(bad->problemList()->count(), 4);
        QVERIFY(!bad->importButton()->isEnabled());
        bad->problemList()->setCurrentRow(2);  // in line order: 'five' on line 7, column 3 is the third
        QCOMPARE(bad->preview()->currentIndex().data().toString(), QStringLiteral("five"));
        bad->reject();
        QVERIFY(!doc.isModified());

        QVERIFY(!page.importCsvFile(dir.filePath("nothing.csv")));

        widgets::CsvImportDialog* good = page.importCsvFile(dir.filePath("flowers.csv"));
        QVERIFY(good);
        QCOMPARE(good->roleBox(4)->currentText(), QStringLiteral("target"));
        good->roleBox(0)->setCurrentIndex(2);
        emit good->roleBox(0)->activated(2);  // as a click on "ignore" does
        QVERIFY(good->importButton()->isEnabled());
        good->importButton()->click();
        const io::Json& data = doc.project().data;
        QCOMPARE(data.at("csv").asString(), std::string("flowers.csv"));  // beside the project file
        QCOMPARE(data.at("target").asString(), std::string("species"));
        QCOMPARE(data.at("ignore").asArray()[0].asString(), std::string("id"));
        QCOMPARE(data.at("testFraction").asNumber(), 0.2);  // the split stays
        QVERIFY(!data.contains("dataset"));
        QVERIFY(page.dataPanel()->summary().startsWith("flowers: 12 samples, 5 features"));
        QCOMPARE(page.dataPanel()->source(), QStringLiteral("csv:flowers.csv"));
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QCOMPARE(doc.project().data.at("dataset").asString(), std::string("moons"));
    }
};

QTEST_MAIN(TestTrainingPage)
#include "test_training_page.moc"
