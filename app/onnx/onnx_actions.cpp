#include "app/onnx/onnx_actions.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

#include "app/onnx/onnx_view.h"
#include "app/onnx/training_task_dialog.h"
#include "app/project/project_document.h"
#include "app/training/training_page.h"
#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_import.h"
#include "core/onnx/onnx_inspect.h"
#include "core/onnx/onnx_project.h"
#include "core/tensor/error.h"
#include "widgets/common/messages_model.h"

namespace tessera::app {

namespace {

QString weightsIn(const QString& runFolder) {
    const QString file = QDir(runFolder).filePath(QStringLiteral("weights.safetensors"));
    return QFileInfo(file).isFile() ? file : QString();
}

}  // namespace

OnnxActions::OnnxActions(ProjectDocument* document, TrainingPage* training, widgets::MessagesModel* messages,
                         WindowHooks hooks, QWidget* parent)
    : QObject(parent),
      m_parent(parent),
      m_document(document),
      m_training(training),
      m_messages(messages),
      m_hooks(std::move(hooks)),
      m_export(new QAction(tr("E&xport ONNX…"), this)),
      m_open(new QAction(tr("O&pen ONNX…"), this)) {
    m_export->setObjectName(QStringLiteral("exportOnnxAction"));
    m_open->setObjectName(QStringLiteral("openOnnxAction"));
    m_open->setStatusTip(tr("View an ONNX model, or import it as a new project and open it in the designer"));
    m_askModel = [this](const QString& suggestion) {
        return QFileDialog::getOpenFileName(m_parent, tr("Open ONNX"), suggestion,
                                            tr("ONNX models (*.onnx);;All files (*)"));
    };
    m_askProject = [this](const QString& suggestion) {
        return QFileDialog::getSaveFileName(m_parent, tr("Save Imported Project As"), suggestion,
                                            tr("Tessera projects (*.tessera);;All files (*)"));
    };
    m_askOpen = [this](const QString& model) {
        QMessageBox box(QMessageBox::Question, tr("Open ONNX"),
                        tr("Open %1 to view it (read-only: every node, attribute and weight) or import it as a "
                           "new project?")
                            .arg(QFileInfo(model).fileName()),
                        QMessageBox::Cancel, m_parent);
        QPushButton* view = box.addButton(tr("&View"), QMessageBox::AcceptRole);
        QPushButton* import = box.addButton(tr("&Import as Project…"), QMessageBox::AcceptRole);
        box.setDefaultButton(view);
        box.exec();
        return box.clickedButton() == view     ? OpenChoice::View
               : box.clickedButton() == import ? OpenChoice::Import
                                               : OpenChoice::Cancel;
    };
    m_askTask = [this](const std::vector<onnx::TrainingTask>& choices,
                       const QString& shape) -> std::optional<onnx::TrainingTask> {
        TrainingTaskDialog dialog(choices, shape, m_parent);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        return dialog.task();
    };
    connect(m_export, &QAction::triggered, this, &OnnxActions::exportDialog);
    connect(m_open, &QAction::triggered, this, &OnnxActions::openDialog);
    connect(m_document, &ProjectDocument::contentReplaced, this, &OnnxActions::updateActions);
    connect(m_document, &ProjectDocument::filePathChanged, this, &OnnxActions::updateActions);
    connect(m_training->controller(), &TrainingController::finished, this, &OnnxActions::updateActions);
    connect(m_training, &TrainingPage::selectedRunChanged, this, &OnnxActions::updateActions);
    updateActions();
}

OnnxActions::Source OnnxActions::source() const {
    const QString runs = m_training->runsFolder();
    if (const QString selected = m_training->selectedRun(); !selected.isEmpty())
        return {Source::Kind::Selected, weightsIn(QDir(runs).filePath(selected)), selected};
    const TrainingController* controller = m_training->controller();
    if (!controller->isActive() && !controller->runFolder().isEmpty() &&
        QFileInfo(controller->runFolder()).absolutePath() == QFileInfo(runs).absoluteFilePath()) {
        if (QString w = weightsIn(controller->runFolder()); !w.isEmpty())
            return {Source::Kind::Latest, w, QFileInfo(controller->runFolder()).fileName()};
    }
    for (const QString& run : m_training->pastRuns()) {
        if (QString w = weightsIn(QDir(runs).filePath(run)); !w.isEmpty()) return {Source::Kind::Latest, w, run};
    }
    if (!m_document->isUntitled()) {
        const QString beside =
            QString::fromStdString(onnx::projectWeightsFile(m_document->filePath().toStdString()).string());
        if (QFileInfo(beside).isFile()) return {Source::Kind::Imported, beside, {}};
    }
    return {};
}

QString OnnxActions::exportWeights() const { return source().weights; }

void OnnxActions::updateActions() {
    const Source from = source();
    QString text = tr("E&xport ONNX…"), tip;
    switch (from.kind) {
        case Source::Kind::Selected:
            if (from.weights.isEmpty()) {
                tip = tr("%1, selected in the run list, has no trained weights to export").arg(from.run);
            } else {
                text = tr("E&xport ONNX (%1)…").arg(from.run);
                tip = tr("Write the model with the weights of %1, the run selected in the run list, as an ONNX file "
                         "(opset %2)")
                          .arg(from.run)
                          .arg(onnx::kOpsetVersion);
            }
            break;
        case Source::Kind::Latest:
            text = tr("E&xport ONNX (%1)…").arg(from.run);
            tip = tr("Write the model with the weights of %1, the latest run (select another in the run list), as an "
                     "ONNX file (opset %2)")
                      .arg(from.run)
                      .arg(onnx::kOpsetVersion);
            break;
        case Source::Kind::Imported:
            tip = tr("Write the model with its imported weights (%1) as an ONNX file (opset %2)")
                      .arg(QFileInfo(from.weights).fileName())
                      .arg(onnx::kOpsetVersion);
            break;
        case Source::Kind::None:
            tip = tr("No trained weights to export yet: train the project first (Run → Run)");
            break;
    }
    m_export->setText(text);
    m_export->setStatusTip(tip);
    m_export->setToolTip(tip);
    m_export->setEnabled(!from.weights.isEmpty());
}

bool OnnxActions::exportTo(const QString& onnxFile) {
    const Source from = source();
    const QString& weights = from.weights;
    if (weights.isEmpty() && from.kind == Source::Kind::Selected) {
        emit errorReported(tr("Export ONNX: the selected run %1 has no trained weights (%2 is missing); select a "
                              "finished run, or none for the latest")
                               .arg(from.run, QStringLiteral("weights.safetensors")),
                           onnxFile);
        return false;
    }
    if (weights.isEmpty()) {
        emit errorReported(tr("Export ONNX: \"%1\" has no trained weights yet; train it first (Run → Run)")
                               .arg(m_document->displayName()),
                           onnxFile);
        return false;
    }
    try {
        onnx::exportProjectOnnx(m_document->project(), weights.toStdString(), onnxFile.toStdString());
    } catch (const Error& e) {
        emit errorReported(tr("Export ONNX failed: %1").arg(QString::fromUtf8(e.what())), onnxFile);
        return false;
    }
    m_messages->add(widgets::Severity::Info,
                    tr("Exported ONNX model %1 (IR %2, opset %3) with the weights of %4")
                        .arg(onnxFile)
                        .arg(onnx::kIrVersion)
                        .arg(onnx::kOpsetVersion)
                        .arg(weights),
                    onnxFile);
    return true;
}

bool OnnxActions::importTo(const QString& onnxFile, const QString& projectFile,
                           const std::optional<onnx::TrainingTask>& task) {
    onnx::ImportedProject imported;
    try {
        imported = onnx::importOnnxProject(onnxFile.toStdString(), projectFile.toStdString(), task);
    } catch (const Error& e) {
        emit errorReported(tr("Open ONNX failed: %1").arg(QString::fromUtf8(e.what())), onnxFile);
        return false;
    }
    if (!m_hooks.openProject(projectFile)) return false;
    m_messages->add(widgets::Severity::Info,
                    tr("Imported %1 as %2: %3 nodes, weights in %4; trained as %5")
                        .arg(onnxFile, projectFile)
                        .arg(imported.nodes)
                        .arg(QString::fromStdString(imported.weights.string()), trainingTaskText(imported.task)),
                    projectFile);
    updateActions();
    return true;
}

void OnnxActions::exportDialog() {
    const QString folder =
        m_document->isUntitled() ? QDir::homePath() : QFileInfo(m_document->filePath()).absolutePath();
    const QString suggestion = QDir(folder).filePath(QString::fromStdString(m_document->project().name) + ".onnx");
    QString path = QFileDialog::getSaveFileName(m_parent, tr("Export ONNX"), suggestion,
                                                tr("ONNX models (*.onnx);;All files (*)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".onnx");
    exportTo(path);
}

std::optional<onnx::ImportedModel> OnnxActions::readModel(const QString& onnxFile) {
    try {
        return onnx::importOnnxFile(onnxFile.toStdString());
    } catch (const Error& e) {
        emit errorReported(tr("Open ONNX failed: %1").arg(QString::fromUtf8(e.what())), onnxFile);
        return std::nullopt;
    }
}

OnnxView* OnnxActions::currentView() const { return m_view.data(); }

OnnxView* OnnxActions::view(const QString& onnxFile) {
    onnx::InspectedModel model;
    try {
        model = onnx::inspectOnnxFile(onnxFile.toStdString());
    } catch (const Error& e) {
        emit errorReported(tr("Open ONNX failed: %1").arg(QString::fromUtf8(e.what())), onnxFile);
        return nullptr;
    }
    auto* view = new OnnxView(std::move(model), m_parent);
    view->setAttribute(Qt::WA_DeleteOnClose);
    connect(view, &OnnxView::importRequested, this, &OnnxActions::importDialog);
    m_view = view;
    view->show();
    return view;
}

void OnnxActions::setFileQuestions(FileQuestion model, FileQuestion project) {
    m_askModel = std::move(model);
    m_askProject = std::move(project);
}

void OnnxActions::openDialog() {
    const QString model = m_askModel(QString());
    if (model.isEmpty()) return;
    switch (m_askOpen(model)) {
        case OpenChoice::View:
            view(model);
            break;
        case OpenChoice::Import:
            importDialog(model);
            break;
        case OpenChoice::Cancel:
            break;
    }
}

void OnnxActions::importDialog(const QString& onnxFile) {
    if (!m_hooks.mayReplace()) return;
    const std::optional<onnx::ImportedModel> model = readModel(onnxFile);
    if (!model) return;
    const std::optional<onnx::TrainingTask> task =
        m_askTask(onnx::trainingTaskChoices(*model), QString::fromStdString(onnx::outputShapeText(model->graph)));
    if (!task) return;
    const QFileInfo info(onnxFile);
    QString project = m_askProject(info.dir().filePath(info.completeBaseName() + ".tessera"));
    if (project.isEmpty()) return;
    if (QFileInfo(project).suffix().isEmpty()) project += QStringLiteral(".tessera");
    if (importTo(onnxFile, project, task) && m_view && m_view->file() == onnxFile) m_view->close();
}

}  // namespace tessera::app
