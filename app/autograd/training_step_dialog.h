// The window of View → Autograd Graph of a Training Step: the autograd graph of one training step of
// a project, built as tessera-cli trains it (train::ProjectSession: the data set and its splits, the
// graph's module with its initial weights, the first training batch, the project's loss), captured on
// a worker thread and drawn by widgets::ComputationGraphView with its step-through. Big graphs open
// with their layers collapsed.
//
//   auto* d = new TrainingStepDialog(document->project(), document->filePath(), mainWindow);
//   connect(d, &TrainingStepDialog::failed, this, report);   // the dialog then closes itself
//   d->show();                                                // captured() once the graph is drawn
//
//   widgets::CapturedGraph g = captureTrainingStep(project, "digits-cnn.tessera");   // same, headless
//
// During a run the graph comes from the trainer instead (TrainingController::captureNextStep()):
//
//   auto* d = new TrainingStepDialog(QStringLiteral("digits-cnn"), mainWindow);   // "waiting for …"
//   d->showGraph(widgets::fromSnapshot(snapshot), tr("step 120 of the run"));
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <filesystem>
#include <memory>

#include "core/io/project.h"
#include "widgets/autograd/computation_graph_capture.h"

class QLabel;

namespace tessera::widgets {
class ComputationGraphModel;
class ComputationGraphView;
}  // namespace tessera::widgets

namespace tessera::app {

// One training step of `project` on its first training batch (the trainer's first step), recorded with
// values. `projectFile` resolves relative data paths and names the project in errors. Throws the data
// set's, the split's, the graph's (naming the node) or the training settings' error.
widgets::CapturedGraph captureTrainingStep(const io::Project& project, const std::filesystem::path& projectFile);

class TrainingStepDialog : public QDialog {
    Q_OBJECT
public:
    // Layers start collapsed when the step has more than this many autograd Nodes.
    static constexpr std::size_t kCollapseAbove = 40;
    enum class Layers { Automatic, Collapsed, Expanded };

    // Starts the capture at once; deletes itself when closed.
    TrainingStepDialog(io::Project project, const QString& projectFile, QWidget* parent = nullptr);
    // Captures nothing itself: waits for showGraph() (a step of a running training of `projectName`).
    explicit TrainingStepDialog(const QString& projectName, QWidget* parent = nullptr);
    ~TrainingStepDialog() override;

    // Draws `graph`, the step described by `what` ("the first training step", "step 120 of the run").
    void showGraph(widgets::CapturedGraph graph, const QString& what);
    // Replaces the status line above the graph (e.g. why no graph is coming).
    void setStatusText(const QString& text);

    widgets::ComputationGraphView* graphView() const { return m_view; }
    widgets::ComputationGraphModel* graphModel() const { return m_model; }
    bool isCapturing() const { return m_capturing; }  // until captured() or failed()
    // Applied when the graph arrives.
    void setLayers(Layers layers) { m_layers = layers; }

signals:
    void captured();                      // the graph is in graphModel(); its layout has started
    void failed(const QString& message);  // the capture threw; the dialog closes

private:
    struct Outcome;
    void setUp(const QString& name);
    void finish();

    io::Project m_project;
    QString m_name;
    widgets::ComputationGraphModel* m_model;
    widgets::ComputationGraphView* m_view;
    QLabel* m_status;
    Layers m_layers = Layers::Automatic;
    bool m_capturing = true;
    QFutureWatcher<std::shared_ptr<Outcome>> m_watcher;
};

}  // namespace tessera::app
