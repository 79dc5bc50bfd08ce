#include "app/training_step_dialog.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <optional>

#include "core/train/project_session.h"
#include "widgets/computation_graph_model.h"
#include "widgets/computation_graph_view.h"

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
    const QString name = QString::fromStdString(m_project.name);
    setWindowTitle(tr("%1: Autograd Graph of a Training Step — Tessera").arg(name));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    m_view->setModel(m_model);
    m_status->setObjectName(QStringLiteral("trainingStepStatus"));
    m_status->setWordWrap(true);
    m_status->setContentsMargins(8, 4, 8, 0);
    m_status->setText(tr("Building the model and data of %1 and recording one training step…").arg(name));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);
    resize(1400, 900);

    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Outcome>>::finished, this, &TrainingStepDialog::finish);
    // The worker owns copies of everything it reads, so closing the dialog mid-capture is safe: the
    // result is then dropped with the watcher.
    const std::string file = (projectFile.isEmpty() ? name : projectFile).toStdString();
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
    const std::size_t nodes = outcome->graph->snapshot.nodes.size();
    const double loss = outcome->graph->tensors.empty() || outcome->graph->tensors[0].value.values.empty()
                            ? 0.0
                            : outcome->graph->tensors[0].value.values[0];
    m_model->setGraph(std::move(*outcome->graph));
    const bool collapse = m_layers == Layers::Collapsed || (m_layers == Layers::Automatic && nodes > kCollapseAbove);
    if (collapse) m_view->collapseAll();
    m_status->setText(tr("%1: the first training step, loss %2 — %3 autograd Nodes in %4 layers. %5")
                          .arg(QString::fromStdString(m_project.name))
                          .arg(loss, 0, 'g', 6)
                          .arg(nodes)
                          .arg(m_model->scopes().size())
                          .arg(collapse ? tr("Layers are collapsed: double-click one to open it.")
                                        : tr("Double-click a layer's box to collapse it.")));
    emit captured();
}

}  // namespace tessera::app
