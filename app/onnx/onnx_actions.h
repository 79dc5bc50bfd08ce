// File → Export ONNX… and File → Open ONNX…: the workbench's side of core/onnx/onnx_project.h, the code
// `tessera-cli export-onnx` / `import-onnx` run. Export writes the open project's model with the weights
// of the run selected in the Training page's run list; with none selected, of its latest trained run
// (the run the Training page holds when it belongs to this project, else the newest run folder with
// weights, else the weights file an imported project keeps beside it). The action names that run in its
// text ("Export ONNX (run-002)…") and is enabled only when such weights exist. Open ONNX asks for a model,
// then whether to view it (OnnxView: every node, attribute and weight, read-only, also when Tessera cannot
// import some of its operators) or to import it as a new project (its weights beside it, a Target and loss
// confirmed in TrainingTaskDialog) and open it in the designer; the viewer imports only when its button is
// pressed. Results and errors go to the Messages dock; the dialogs are thin wrappers around view(),
// exportTo() and importTo(), which tests call with paths.
//
//   auto* onnx = new OnnxActions(document, trainingPage, messages,
//                                {.mayReplace = [&] { return window.maybeSave(); },
//                                 .openProject = [&](const QString& f) { return window.openFile(f); }}, &window);
//   fileMenu->addAction(onnx->exportAction());
//   onnx->exportTo("/home/ana/digits.onnx");                       // as the dialog does
//   onnx->importTo("/home/ana/model.onnx", "/home/ana/model.tessera");   // the task its output implies
//   OnnxView* view = onnx->view("/home/ana/resnet.onnx");                 // read-only
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

#include "core/onnx/onnx_task.h"

class QAction;
class QWidget;

namespace tessera::widgets {
class MessagesModel;
}

namespace tessera::app {

class OnnxView;
class ProjectDocument;
class TrainingPage;

class OnnxActions : public QObject {
    Q_OBJECT
public:
    struct WindowHooks {
        // Asked before Open ONNX… replaces the open project (unsaved changes); false cancels.
        std::function<bool()> mayReplace;
        // Opens a project file in the window; false when it could not (the window reports why).
        std::function<bool(const QString&)> openProject;
    };

    OnnxActions(ProjectDocument* document, TrainingPage* training, widgets::MessagesModel* messages, WindowHooks hooks,
                QWidget* parent);

    QAction* exportAction() const { return m_export; }
    QAction* openAction() const { return m_open; }

    // The weights an export would use (see above); empty when the project has none, or when the run
    // selected has none.
    QString exportWeights() const;
    // Exports the open project with exportWeights() to `onnxFile`. Success is reported in the Messages
    // dock with the path; a failure (no weights, weights that do not fit the edited graph, a node without
    // an ONNX mapping) through errorReported, and nothing is written.
    bool exportTo(const QString& onnxFile);
    // Imports `onnxFile` as the project `projectFile` (weights in its .safetensors beside it) with the
    // Target and loss of `task` (by default the first of onnx::trainingTaskChoices()) and opens it.
    // Unsupported operators are named in one message through errorReported.
    bool importTo(const QString& onnxFile, const QString& projectFile,
                  const std::optional<onnx::TrainingTask>& task = std::nullopt);
    // Opens the read-only viewer of `onnxFile` (a window of its own; the project stays open); null, with
    // the reason through errorReported, when the file is not an ONNX model.
    OnnxView* view(const QString& onnxFile);
    OnnxView* currentView() const;  // the viewer opened last, while it is open

    // The questions openDialog() asks (file dialogs by default; tests answer them): the model to
    // open, and the project file to create given a suggestion. "" cancels.
    using FileQuestion = std::function<QString(const QString& suggestion)>;
    void setFileQuestions(FileQuestion model, FileQuestion project);
    // Asked after the model is chosen: view it or import it (a message box by default).
    enum class OpenChoice { View, Import, Cancel };
    using OpenQuestion = std::function<OpenChoice(const QString& model)>;
    void setOpenQuestion(OpenQuestion question) { m_askOpen = std::move(question); }
    // Asked before an import: the training task among the model's choices (TrainingTaskDialog by
    // default); nullopt cancels.
    using TaskQuestion = std::function<std::optional<onnx::TrainingTask>(const std::vector<onnx::TrainingTask>& choices,
                                                                         const QString& outputShape)>;
    void setTaskQuestion(TaskQuestion question) { m_askTask = std::move(question); }

public slots:
    void exportDialog();  // asks for the .onnx file to write
    void openDialog();    // asks for the model, then whether to view or import it
    // The import questions for a chosen model: unsaved changes, the model checked, its training task,
    // the project file. The viewer's "Import as Project…" runs this.
    void importDialog(const QString& onnxFile);
    void updateActions();

signals:
    void errorReported(const QString& message, const QString& source);

private:
    // Where the weights of an export come from.
    struct Source {
        enum class Kind { None, Selected, Latest, Imported };
        Kind kind = Kind::None;
        QString weights;  // the file; "" for None and for a selected run without weights
        QString run;      // the run folder's name (Selected, Latest)
    };
    Source source() const;
    // The model converted for import, without writing anything; nullopt, reported through errorReported,
    // when it cannot be imported (not ONNX, unsupported operators). importDialog() reads it before any
    // other question, so nobody picks a place for a model that cannot be opened.
    std::optional<onnx::ImportedModel> readModel(const QString& onnxFile);

    QWidget* m_parent;
    ProjectDocument* m_document;
    TrainingPage* m_training;
    widgets::MessagesModel* m_messages;
    WindowHooks m_hooks;
    QAction* m_export;
    QAction* m_open;
    FileQuestion m_askModel;
    FileQuestion m_askProject;
    OpenQuestion m_askOpen;
    TaskQuestion m_askTask;
    QPointer<OnnxView> m_view;
};

}  // namespace tessera::app
