// Tessera's main window: File/Edit/View/Run/Help menus, the Designer, Training and Project pages as
// tabs in the middle, the Project, Messages and Problems docks. Errors go to the Messages dock (and errorReported),
// never into a modal dialog, so the window can be driven by tests and by `tessera --screenshot`.
//
//   MainWindow window({.persistent = false, .pluginFolders = {}});   // no QSettings, no plugins
//   if (!window.openFile("moons.tessera")) qWarning() << window.lastError();
//   window.document()->setName("Moons");
//   window.save();
#pragma once

#include <QMainWindow>
#include <QStringList>
#include <functional>
#include <memory>

class QDockWidget;
class QMenu;
class QTabWidget;
class QTreeView;

namespace tessera::plugins {
class PluginLoader;
}
namespace tessera::widgets {
class MessagesModel;
class ProjectModel;
}  // namespace tessera::widgets

namespace tessera::app {

class Autosave;
class DesignerPage;
class OnnxActions;
class ProjectDocument;
class ProjectPage;
class TrainingPage;
class TrainingStepDialog;

struct MainWindowOptions {
    // Read and write window geometry, dock layout and recent files in QSettings. Off for
    // screenshots and tests, which must neither depend on nor change a user's settings.
    bool persistent = true;
    // Folders scanned for plugins at start-up.
    QStringList pluginFolders;
    // Autosave interval in seconds (app/autosave.h); 0 turns autosave off (screenshots, tests).
    int autosaveSeconds = 0;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class UnsavedChoice { Save, Discard, Cancel };
    // Asked before unsaved changes would be lost (close, New, Open). The default shows a dialog;
    // tests install their own answer.
    using UnsavedPrompt = std::function<UnsavedChoice(const QString& documentName)>;

    explicit MainWindow(MainWindowOptions options, QWidget* parent = nullptr);
    ~MainWindow() override;

    ProjectDocument* document() const { return m_document; }
    widgets::MessagesModel* messages() const { return m_messages; }
    ProjectPage* projectPage() const { return m_page; }
    DesignerPage* designerPage() const { return m_designer; }
    QDockWidget* problemsDock() const { return m_problemsDock; }
    QDockWidget* messagesDock() const { return m_messagesDock; }
    QDockWidget* projectDock() const { return m_projectDock; }
    TrainingPage* trainingPage() const { return m_trainingPage; }
    QTabWidget* pages() const { return m_pages; }
    OnnxActions* onnxActions() const { return m_onnx; }
    QStringList recentFiles() const { return m_recent; }
    QString lastError() const { return m_lastError; }
    void setUnsavedPrompt(UnsavedPrompt prompt) { m_prompt = std::move(prompt); }
    // Asked whether to restore an autosaved copy left by a window that crashed; true restores it.
    using RecoveryPrompt = std::function<bool(const QString& description)>;
    void setRecoveryPrompt(RecoveryPrompt prompt) { m_recoveryPrompt = std::move(prompt); }
    Autosave* autosave() const { return m_autosave; }

    // The built-in examples ("breast-cancer-logreg", …, sorted) and the resource each is read from.
    static QStringList exampleNames();
    static QString exampleResource(const QString& name);

    // Each returns false on failure, with the message in the Messages dock and lastError(); the
    // document is left exactly as it was. None of them asks about unsaved changes.
    bool openFile(const QString& path);
    bool openExample(const QString& name);  // as an untitled copy: Save asks for a new file
    bool saveTo(const QString& path);
    void newProject();
    // Offers the newest autosaved copy left by a crashed window; true when it was restored (as a
    // modified document). Copies that are declined are deleted.
    bool offerRecovery();

public slots:
    bool save();    // Save As… when untitled
    bool saveAs();  // asks for a file name
    void open();    // asks for a file
    void openExampleDialog();
    void about();
    // View → Autograd Graph of a Training Step, for the document as it is now (unsaved edits
    // included); a capture error goes to the Messages dock.
    TrainingStepDialog* showTrainingStep();
    // Run → Show Autograd Graph of the Next Step: the next step of the run in progress (one step is
    // run when paused), recorded by the trainer on its thread; null when no run is active.
    TrainingStepDialog* showNextTrainingStep();

signals:
    void errorReported(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    // A small window (1024×700) gives the docks less room, so the canvas keeps most of it.
    void resizeEvent(QResizeEvent* event) override;

private:
    void createActions();
    void createDocks();
    void updateTitle();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void loadPlugins(const QStringList& folders);
    void fitDocks();
    void reportError(const QString& message, const QString& source);
    bool maybeSave();  // false: the user cancelled

    MainWindowOptions m_options;
    ProjectDocument* m_document;
    widgets::MessagesModel* m_messages;
    widgets::ProjectModel* m_projectModel;
    ProjectPage* m_page;
    DesignerPage* m_designer;
    QDockWidget* m_problemsDock = nullptr;
    QDockWidget* m_projectDock = nullptr;
    QDockWidget* m_messagesDock = nullptr;
    TrainingPage* m_trainingPage = nullptr;
    QTabWidget* m_pages = nullptr;
    OnnxActions* m_onnx = nullptr;
    QTreeView* m_projectTree = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QStringList m_recent;
    QString m_lastError;
    UnsavedPrompt m_prompt;
    RecoveryPrompt m_recoveryPrompt;
    Autosave* m_autosave = nullptr;
    std::unique_ptr<plugins::PluginLoader> m_plugins;
    // What the docks were last sized for (-1: not yet; Note [Small windows] in main_window.cpp).
    int m_dockState = -1;
    bool m_projectDockFolded = false;     // hidden by fitDocks(), not by the user
    QDockWidget* m_bottomDock = nullptr;  // Messages or Problems, whichever tab is on top
};

}  // namespace tessera::app
