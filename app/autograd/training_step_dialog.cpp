#include "app/autograd/training_step_dialog.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <optional>

#include "core/train/project_session.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"

namespace tessera::app {

widgets::CapturedGraph captureTrainingStep(const io::Project& project, const std::filesystem::path& projectFile) {
    train::ProjectSession session(project, projectFile);
    // The trainer's first step: epoch 0's first batch, in the loader's (seeded, maybe shuffled) order.
    const data::Batch batch = session.loader("train").batch(0, 0);
    graph::GraphModule& model = session.model();
    model.train();
    return widgets::captureStep(model, [&] { return model.forwardWithLoss(batch.x, batch.y).loss; });
}

struct TrainingStepDialog::Outcome {
    std::optional<widgets::CapturedGraph> graph;
    QString error;
};

TrainingStepDialog::TrainingStepDialog(io::Project project, const QString& projectFile, QWidget* parent)
    : QDialog(parent),
      m_project(std::move(project)),
      m_model(new widgets::ComputationGraphModel(this)),
      m_view(new widgets::ComputationGraphView),
      m_status(new QLabel) {
    setUp(QString::fromStdString(m_project.name));
    m_status->setText(tr("Building the model and data of %1 and recording one training step…").arg(m_name));
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Outcome>>::finished, this, &TrainingStepDialog::finish);
    // The worker owns copies of everything it reads, so closing the dialog mid-capture is safe: the
    // result is then dropped with the watcher.
    const std::string file = (projectFile.isEmpty() ? m_name : projectFile).toStdString();
    m_watcher.setFuture(QtConcurrent::run([project = m_project, file] {
        auto outcome = std::make_shared<Outcome>();
        try {
            outcome->graph = captureTrainingStep(project, file);
        } catch (const std::exception& e) {
            outcome->error = QString::fromUtf8(e.what());
        }
        return outcome;
    }));
}

TrainingStepDialog::TrainingStepDialog(const QString& projectName, QWidget* parent)
    : QDialog(parent),
      m_model(new widgets::ComputationGraphModel(this)),
      m_view(new widgets::ComputationGraphView),
      m_status(new QLabel) {
    setUp(projectName);
    m_status->setText(tr("Waiting for the next training step of %1…").arg(m_name));
}

void TrainingStepDialog::setUp(const QString& name) {
    m_name = name;
    setWindowTitle(tr("%1: Autograd Graph of a Training Step — Tessera").arg(name));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    m_view->setModel(m_model);
    // Saved tensors repeat the layer inputs and weights already drawn; the panel still lists them.
    m_view->setShowSaved(false);
    m_status->setObjectName(QStringLiteral("trainingStepStatus"));
    m_status->setWordWrap(true);
    m_status->setContentsMargins(8, 4, 8, 0);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);
    resize(1400, 900);
}

TrainingStepDialog::~TrainingStepDialog() = default;

void TrainingStepDialog::finish() {
    const std::shared_ptr<Outcome> outcome = m_watcher.result();
    m_capturing = false;
    if (!outcome->graph) {
        m_status->setText(outcome->error);
        emit failed(outcome->error);
        close();
        return;
    }
    showGraph(std::move(*outcome->graph), tr("the first training step"));
}

void TrainingStepDialog::setStatusText(const QString& text) { m_status->setText(text); }

void TrainingStepDialog::showGraph(widgets::CapturedGraph graph, const QString& what) {
    m_capturing = false;
    const std::size_t nodes = graph.snapshot.nodes.size();
    std::optional<double> loss;
    if (!graph.snapshot.rootTensors.empty() && graph.snapshot.rootTensors[0].values.size() == 1)
        loss = graph.snapshot.rootTensors[0].values[0];
    m_model->setGraph(std::move(graph));
    const bool collapse = m_layers == Layers::Collapsed || (m_layers == Layers::Automatic && nodes > kCollapseAbove);
    if (collapse) m_view->collapseAll();
    m_status->setText(tr("%1: %2, loss %3 — %4 autograd Nodes in %5 layers. %6")
                          .arg(m_name, what)
                          .arg(loss ? QString::number(*loss, 'g', 6) : tr("unknown"))
                          .arg(nodes)
                          .arg(m_model->scopes().size())
                          .arg(collapse ? tr("Layers are collapsed: double-click one to open it.")
                                        : tr("Double-click a layer's box to collapse it.")));
    emit captured();
}

}  // namespace tessera::app
