// File → Export ONNX… and File → Open ONNX…: the workbench's side of core/onnx/onnx_project.h, the code
// `tessera-cli export-onnx` / `import-onnx` run. Export writes the open project's model with the weights
// of the run selected in the Training page's run list; with none selected, of its latest trained run
// (the run the Training page holds when it belongs to this project, else the newest run folder with
// weights, else the weights file an imported project keeps beside it). The action names that run in its
// text ("Export ONNX (run-002)…") and is enabled only when such weights exist. Open ONNX imports a model
// as a new project (its weights beside it) and opens it in the designer. Results and errors go to the
// Messages dock; the file dialogs are thin wrappers around exportTo() / importTo(), which tests call
// with paths.
//
//   auto* onnx = new OnnxActions(document, trainingPage, messages,
//                                {.mayReplace = [&] { return window.maybeSave(); },
//                                 .openProject = [&](const QString& f) { return window.openFile(f); }}, &window);
//   fileMenu->addAction(onnx->exportAction());
//   onnx->exportTo("/home/ana/digits.onnx");                       // as the dialog does
//   onnx->importTo("/home/ana/model.onnx", "/home/ana/model.tessera");
#pragma once

#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QWidget;

namespace tessera::widgets {
class MessagesModel;
}

namespace tessera::app {

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
    // Imports `onnxFile` as the project `projectFile` (weights in its .safetensors beside it) and opens
    // it. Unsupported operators are named in one message through errorReported.
    bool importTo(const QString& onnxFile, const QString& projectFile);
    // Reads and converts `onnxFile` without writing anything; a file that cannot be imported (not
    // ONNX, unsupported operators) is reported through errorReported. Open ONNX… calls it before it
    // asks where to save the project, so nobody picks a place for a model that cannot be opened.
    bool checkModel(const QString& onnxFile);

    // The questions openDialog() asks (file dialogs by default; tests answer them): the model to
    // open, and the project file to create given a suggestion. "" cancels.
    using FileQuestion = std::function<QString(const QString& suggestion)>;
    void setFileQuestions(FileQuestion model, FileQuestion project);

public slots:
    void exportDialog();  // asks for the .onnx file to write
    void openDialog();    // asks about unsaved changes, for the model, checks it, then for the project file
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

    QWidget* m_parent;
    ProjectDocument* m_document;
    TrainingPage* m_training;
    widgets::MessagesModel* m_messages;
    WindowHooks m_hooks;
    QAction* m_export;
    QAction* m_open;
    FileQuestion m_askModel;
    FileQuestion m_askProject;
};

}  // namespace tessera::app
