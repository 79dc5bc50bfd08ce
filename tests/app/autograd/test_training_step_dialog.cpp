// View → Autograd Graph of a Training Step, offscreen: the open project (unsaved edits included) is
// built as tessera-cli builds it, one training step is captured off the UI thread and drawn; graph and
// data errors reach the Messages dock naming the node or data set, and the window closes. Run → Show
// Autograd Graph of the Next Step shows a step in the middle of a run, recorded by the trainer.
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "app/autograd/training_step_dialog.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/training/training_controller.h"
#include "app/training/training_page.h"
#include "tests/widgets/autograd/root_names.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/common/messages_model.h"

using namespace tessera;
using app::MainWindow;
using app::TrainingStepDialog;

namespace {

constexpr int kCaptureTimeoutMs = 120000;  // a loaded shared machine; the capture itself takes < 1 s

QStringList nodeNames(const widgets::ComputationGraphModel& model) {
    QStringList names;
    for (const auto& node : model.graph().snapshot.nodes) names << QString::fromStdString(node.name);
    return names;
}

// Triggers the menu action the way a user does and returns the window it opened.
TrainingStepDialog* triggerTrainingStep(MainWindow& window) {
    auto* action = window.findChild<QAction*>(QStringLiteral("trainingStepAction"));
    if (!action) qFatal("no trainingStepAction in the main window");
    action->trigger();
    const auto dialogs = window.findChildren<TrainingStepDialog*>();
    return dialogs.isEmpty() ? nullptr : dialogs.last();
}

}  // namespace

class TestTrainingStepDialog : public QObject {
    Q_OBJECT
private slots:
    void digitsCnnStepIsCapturedAndDrawn() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        TrainingStepDialog* dialog = triggerTrainingStep(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->isCapturing());  // the UI thread returned before the step was recorded
        QSignalSpy captured(dialog, &TrainingStepDialog::captured);
        QVERIFY(captured.wait(kCaptureTimeoutMs));
        QVERIFY(!dialog->isCapturing());

        const widgets::ComputationGraphModel& model = *dialog->graphModel();
        const QStringList names = nodeNames(model);
        // torch 1.13's grad_fn names for conv2d, max_pool2d and linear's addmm.
        QVERIFY2(names.contains("ConvolutionBackward0"), qPrintable(names.join(", ")));
        QVERIFY2(names.contains("MaxPool2DWithIndicesBackward0"), qPrintable(names.join(", ")));
        QVERIFY2(names.contains("AddmmBackward0"), qPrintable(names.join(", ")));
        QCOMPARE(names.count("ConvolutionBackward0"), 2);
        const QStringList scopes = model.scopes();
        QVERIFY2(scopes.contains("conv1") && scopes.contains("conv2") && scopes.contains("fc"),
                 qPrintable(scopes.join(", ")));
        // Parameters carry their state-dict names; the batch is the project's (64 rows).
        QVERIFY(!model.find(QStringLiteral("conv1.weight")).isEmpty());
        QVERIFY(!model.find(QStringLiteral("fc.bias")).isEmpty());
        QCOMPARE(model.graph().backwardTarget, std::string("loss"));

        // 17 Nodes: drawn expanded, laid out without blocking, and steppable.
        widgets::ComputationGraphView& view = *dialog->graphView();
        QVERIFY(!view.isCollapsed(QStringLiteral("conv1")));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLayoutPending(), kCaptureTimeoutMs);
        // The root is the loss, as the status line calls it.
        const QString wrong = widgets::testing::rootNameDisagreement(view, QStringLiteral("loss"));
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("trainingStepStatus"))->text().contains("loss "));
        view.restartSteps();
        view.step();
        QCOMPARE(view.currentStep(), 0);
        QVERIFY(view.highlightedRow() >= 0);
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("trainingStepStatus"))->text().contains("digits-cnn"));
        QCOMPARE(window.messages()->rowCount(), 1);  // only "Opened example": no error
    }

    void aStepOfARunningTrainingIsShown() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        auto* action = window.findChild<QAction*>(QStringLiteral("nextStepGraphAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled());  // no run yet
        QTemporaryDir runs;
        app::TrainingController* controller = window.trainingPage()->controller();
        QVERIFY2(controller->start(window.document()->project(), {}, runs.path(), {.startPaused = true}),
                 qPrintable(controller->lastError()));
        QVERIFY(action->isEnabled());
        controller->stepOnce();  // the run is in its middle: one step done, paused
        QTRY_COMPARE_WITH_TIMEOUT(controller->progress().step, 1, kCaptureTimeoutMs);

        action->trigger();
        const auto dialogs = window.findChildren<TrainingStepDialog*>();
        QVERIFY(!dialogs.isEmpty());
        TrainingStepDialog* dialog = dialogs.last();
        QVERIFY(dialog->isVisible());
        QSignalSpy captured(dialog, &TrainingStepDialog::captured);
        QVERIFY(dialog->isCapturing() ? captured.wait(kCaptureTimeoutMs) : true);
        QVERIFY(!dialog->isCapturing());
        QTRY_COMPARE_WITH_TIMEOUT(controller->progress().step, 2, kCaptureTimeoutMs);  // the paused run made one step
        QVERIFY(controller->isActive());
        const QString status = dialog->findChild<QLabel*>(QStringLiteral("trainingStepStatus"))->text();
        QVERIFY2(status.contains("step 2 of the run"), qPrintable(status));

        const widgets::ComputationGraphModel& model = *dialog->graphModel();
        const QStringList names = nodeNames(model);
        QCOMPARE(names.count("ConvolutionBackward0"), 2);
        QVERIFY2(names.contains("AddmmBackward0"), qPrintable(names.join(", ")));
        QVERIFY(!model.find(QStringLiteral("conv1.weight")).isEmpty());
        QVERIFY(model.scopes().contains("conv1"));
        // Every op's forward output was kept, and backward ran with gradients recorded.
        for (const auto& node : model.graph().snapshot.nodes) {
            if (node.isLeafAccumulator) continue;
            QVERIFY2(!node.outputs.empty() && !node.outputs[0].values.empty(), node.name.c_str());
            QVERIFY2(node.backwardOrder >= 0 && !node.gradsIn.empty(), node.name.c_str());
        }
        QVERIFY(!model.stepTensors(0).empty());
        QCOMPARE(model.stepTensors(0).front().kind, widgets::StepTensor::Kind::Output);
        // Its root has the name the first step's window gives it.
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->graphView()->isLayoutPending(), kCaptureTimeoutMs);
        const QString wrong = widgets::testing::rootNameDisagreement(*dialog->graphView(), QStringLiteral("loss"));
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));

        QSignalSpy finished(controller, &app::TrainingController::finished);
        controller->stop();
        QVERIFY(finished.wait(kCaptureTimeoutMs));
        QVERIFY(!action->isEnabled());
    }
    void layersCanStartCollapsed() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        TrainingStepDialog* dialog = triggerTrainingStep(window);
        QVERIFY(dialog);
        dialog->setLayers(TrainingStepDialog::Layers::Collapsed);
        QSignalSpy captured(dialog, &TrainingStepDialog::captured);
        QVERIFY(captured.wait(kCaptureTimeoutMs));
        widgets::ComputationGraphView& view = *dialog->graphView();
        QVERIFY(view.isCollapsed(QStringLiteral("conv1")));
        QVERIFY(view.isCollapsed(QStringLiteral("fc")));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLayoutPending(), kCaptureTimeoutMs);
        const auto collapsedRows = view.visibleRows().size();
        view.expandAll();
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLayoutPending(), kCaptureTimeoutMs);
        QVERIFY(view.visibleRows().size() > collapsedRows);
    }

    void unsavedEditsAreUsed() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        io::Project project = window.document()->project();
        for (auto& node : project.nodes)
            if (node.id == "conv1") node.params.set("out_channels", 4);
        for (auto& node : project.nodes)
            if (node.id == "conv2") node.params.set("in_channels", 4);
        window.document()->replace(project, {});
        window.document()->setName(QStringLiteral("narrower"));
        QVERIFY(window.document()->isModified());
        TrainingStepDialog* dialog = triggerTrainingStep(window);
        QVERIFY(dialog);
        QSignalSpy captured(dialog, &TrainingStepDialog::captured);
        QVERIFY(captured.wait(kCaptureTimeoutMs));
        const auto rows = dialog->graphModel()->find(QStringLiteral("conv1.weight"));
        QVERIFY(!rows.isEmpty());
        QCOMPARE(dialog->graphModel()->data(dialog->graphModel()->index(rows.first()),
                                            widgets::ComputationGraphModel::ShapeRole),
                 QVariant(QStringLiteral("(4, 1, 3, 3)")));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("trainingStepStatus"))->text().contains("narrower"));
    }

    void graphErrorNamesTheNode() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        io::Project project = window.document()->project();
        for (auto& node : project.nodes)
            if (node.id == "conv2") node.params.set("in_channels", 3);
        window.document()->replace(project, {});
        QSignalSpy errors(&window, &MainWindow::errorReported);
        QPointer<TrainingStepDialog> dialog = triggerTrainingStep(window);
        QVERIFY(dialog);
        QVERIFY(errors.wait(kCaptureTimeoutMs));
        const QString message = errors.first().first().toString();
        QVERIFY2(message.contains("conv2"), qPrintable(message));
        QCOMPARE(window.messages()
                     ->data(window.messages()->index(window.messages()->rowCount() - 1, 0),
                            widgets::MessagesModel::SeverityRole)
                     .toInt(),
                 static_cast<int>(widgets::Severity::Error));
        QTRY_VERIFY(dialog.isNull());  // the window closed itself
    }

    void dataErrorNamesTheDataSet() {
        MainWindow window({.persistent = false, .pluginFolders = {}});
        QVERIFY(window.openExample(QStringLiteral("digits-cnn")));
        io::Project project = window.document()->project();
        project.data.set("dataset", "no-such-digits");
        window.document()->replace(project, {});
        QSignalSpy errors(&window, &MainWindow::errorReported);
        QVERIFY(triggerTrainingStep(window));
        QVERIFY(errors.wait(kCaptureTimeoutMs));
        const QString message = errors.first().first().toString();
        QVERIFY2(message.contains("no-such-digits"), qPrintable(message));
    }
};

QTEST_MAIN(TestTrainingStepDialog)
#include "test_training_step_dialog.moc"
