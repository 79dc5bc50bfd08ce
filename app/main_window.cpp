#include "app/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QResizeEvent>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>
#include <algorithm>

#include "app/autograd/autograd_dialogs.h"
#include "app/autograd/training_step_dialog.h"
#include "app/autosave.h"
#include "app/designer/designer_page.h"
#include "app/onnx/onnx_actions.h"
#include "app/preferences.h"
#include "app/project/project_document.h"
#include "app/project/project_page.h"
#include "app/training/training_page.h"
#include "app/versions.h"
#include "core/tensor/error.h"
#include "plugins/plugin_loader.h"
#include "widgets/common/messages_model.h"
#include "widgets/common/messages_view.h"
#include "widgets/common/project_model.h"
#include "widgets/common/tree_expansion.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/problems_view.h"
#include "widgets/training/profile_view.h"

namespace tessera::app {

namespace {

constexpr int kMaxRecentFiles = 8;
QString projectFilter() { return MainWindow::tr("Tessera projects (*.tessera);;All files (*)"); }

}  // namespace

MainWindow::MainWindow(MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent),
      m_options(std::move(options)),
      m_document(new ProjectDocument(this)),
      m_messages(new widgets::MessagesModel(this)),
      m_projectModel(new widgets::ProjectModel(this)),
      m_page(new ProjectPage(m_document, m_projectModel, this)),
      m_designer(new DesignerPage(m_document, this)),
      m_plugins(std::make_unique<plugins::PluginLoader>()) {
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/tessera.svg")));
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("Pages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_designer, tr("Designer"));
    setCentralWidget(m_pages);
    m_prompt = [this](const QString& name) {
        const auto answer =
            QMessageBox::warning(this, tr("Unsaved Changes"), tr("\"%1\" has unsaved changes. Save them?").arg(name),
                                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save      ? UnsavedChoice::Save
               : answer == QMessageBox::Discard ? UnsavedChoice::Discard
                                                : UnsavedChoice::Cancel;
    };

    m_recoveryPrompt = [this](const QString& description) {
        return QMessageBox::question(this, tr("Recover Unsaved Work"), description, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::Yes) == QMessageBox::Yes;
    };

    // A new project opens at its sections; an edit of the same one keeps what the user opened.
    connect(m_document, &ProjectDocument::contentReplaced, this, [this] {
        if (m_projectTree) m_projectTree->collapseAll();
        m_projectModel->setProject(m_document->project());
        if (m_projectTree) m_projectTree->expandToDepth(0);
        updateTitle();
    });
    connect(m_document, &ProjectDocument::fieldChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::sectionChanged, this, [this] {
        m_projectModel->setProject(m_document->project());
        updateTitle();
    });
    connect(m_document, &ProjectDocument::graphChanged, this, [this] {
        m_projectModel->setProject(m_document->project());
        updateTitle();
    });
    connect(m_designer, &DesignerPage::hintRequested, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_document, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::filePathChanged, this, &MainWindow::updateTitle);

    createDocks();
    createActions();
    bool restored = false;
    if (m_options.persistent) {
        QSettings settings;
        m_recent = settings.value(QStringLiteral("recentFiles")).toStringList();
        restored = restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    }
    if (!restored) resize(1280, 800);
    rebuildRecentMenu();
    newProject();
    if (m_options.autosaveSeconds > 0) m_autosave = new Autosave(m_document, m_options.autosaveSeconds, this);
    loadPlugins(m_options.pluginFolders);
    statusBar()->showMessage(tr("Ready"));
}

MainWindow::~MainWindow() {
    // The docks and their lists are destroyed after this body: their signals must not reach fitDocks().
    for (QObject* sender : std::initializer_list<QObject*>{m_messages, m_designer->problemsView()->model(),
                                                           m_messagesDock, m_problemsDock})
        sender->disconnect(this);
}

QStringList MainWindow::exampleNames() {
    // resources/tessera.qrc is the one list of examples.
    QStringList names;
    for (const QFileInfo& file : QDir(QStringLiteral(":/examples")).entryInfoList({QStringLiteral("*.tessera")}))
        names << file.completeBaseName();
    return names;
}

QString MainWindow::exampleResource(const QString& name) { return QStringLiteral(":/examples/%1.tessera").arg(name); }

void MainWindow::createDocks() {
    m_projectTree = new QTreeView(this);
    m_projectTree->setModel(m_projectModel);
    m_projectTree->setUniformRowHeights(true);
    m_projectTree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_projectTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_projectTree->expandToDepth(0);
    widgets::keepExpansion(m_projectTree);
    m_projectDock = new QDockWidget(tr("Project"), this);
    m_projectDock->setObjectName(QStringLiteral("ProjectDock"));
    m_projectDock->setWidget(m_projectTree);
    addDockWidget(Qt::LeftDockWidgetArea, m_projectDock);

    m_messagesDock = new QDockWidget(tr("Messages"), this);
    m_messagesDock->setObjectName(QStringLiteral("MessagesDock"));
    m_messagesDock->setWidget(new widgets::MessagesView(m_messages, m_messagesDock));
    addDockWidget(Qt::BottomDockWidgetArea, m_messagesDock);

    m_problemsDock = new QDockWidget(tr("Problems"), this);
    m_problemsDock->setObjectName(QStringLiteral("ProblemsDock"));
    m_problemsDock->setWidget(m_designer->problemsView());
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    // Their lists may shrink to nothing, so that in a low window an empty one leaves the room to the
    // canvas (Note [Small windows]).
    m_messagesDock->widget()->setMinimumHeight(1);
    m_problemsDock->widget()->setMinimumHeight(1);
    tabifyDockWidget(m_messagesDock, m_problemsDock);
    m_problemsDock->raise();
    m_bottomDock = m_problemsDock;

    // Training is a page of its own beside the Designer: both get the window's width.
    m_trainingPage = new TrainingPage(m_document, this);
    m_pages->addTab(m_trainingPage, tr("Training"));
    m_pages->addTab(m_page, tr("Project"));
    connect(m_trainingPage, &TrainingPage::errorReported, this, &MainWindow::reportError);
    // Problems lists what keeps the project from training that is not the graph's: its data.
    const auto showDataProblem = [this](const QString& problem) {
        m_designer->problemsView()->setProjectProblems(problem.isEmpty() ? QStringList() : QStringList{problem});
    };
    connect(m_trainingPage, &TrainingPage::dataProblemChanged, this, showDataProblem);
    showDataProblem(m_trainingPage->dataProblem());
    connect(m_trainingPage->controller(), &TrainingController::stateChanged, this,
            [this](TrainingController::State state) {
                if (state == TrainingController::State::Running) m_pages->setCurrentWidget(m_trainingPage);
            });
    resizeDocks({m_projectDock}, {280}, Qt::Horizontal);
    resizeDocks({m_messagesDock}, {130}, Qt::Vertical);
    for (QAbstractItemModel* model :
         {static_cast<QAbstractItemModel*>(m_messages), m_designer->problemsView()->model()}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &MainWindow::fitDocks);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::fitDocks);
        connect(model, &QAbstractItemModel::modelReset, this, &MainWindow::fitDocks);
    }
    // The tab on top of the Messages/Problems docks: a low window gives it little room while it is empty.
    for (QDockWidget* dock : {m_messagesDock, m_problemsDock}) {
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (!visible) return;
            m_bottomDock = dock;
            fitDocks();
        });
    }
    // Closed by hand, the Project dock stays closed in a wider window too.
    connect(m_projectDock->toggleViewAction(), &QAction::triggered, this, [this] { m_projectDockFolded = false; });
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    fitDocks();
}

void MainWindow::fitDocks() {
    // Note [Small windows]: below 1100 pixels the Training page's settings and views leave the Project
    // dock too little width to read (it holds what the Project tab shows), so it folds away and comes
    // back in a wider window — unless it was closed by hand; below 1280 it is narrower. In a window
    // lower than 800 pixels the Messages/Problems docks take only their title's and tab bar's room
    // while the one on top is empty, and their usual height when it is not. Sizes change only when one of those
    // conditions does, so a dock dragged wider stays so.
    const bool narrow = width() < 1280, folded = width() < 1100, low = height() < 800;
    const bool empty =
        m_bottomDock == m_problemsDock ? m_designer->problemsView()->count() == 0 : m_messages->rowCount() == 0;
    const int state = (narrow ? 1 : 0) | (folded ? 2 : 0) | (low && empty ? 4 : 0);
    if (state == m_dockState) return;
    m_dockState = state;
    if (folded && !m_projectDock->isHidden()) {
        m_projectDock->hide();
        m_projectDockFolded = true;
    } else if (!folded && m_projectDockFolded) {
        m_projectDock->show();
        m_projectDockFolded = false;
    }
    // After the layout has taken the new size: sized during the resize, the docks are squeezed again.
    QTimer::singleShot(0, this, [this, narrow, low, empty] {
        if (!m_projectDock->isHidden())
            resizeDocks({m_projectDock}, {narrow ? std::max(170, width() / 6) : 280}, Qt::Horizontal);
        resizeDocks({m_messagesDock}, {low && empty ? 1 : 130}, Qt::Vertical);
    });
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newAction = file->addAction(tr("&New"), this, [this] {
        if (maybeSave()) newProject();
    });
    newAction->setShortcut(QKeySequence::New);
    file->addAction(tr("&Open…"), this, &MainWindow::open)->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Example…"), this, &MainWindow::openExampleDialog);
    QMenu* templates = file->addMenu(tr("New from &Template"));
    for (const QString& name : exampleNames()) {
        templates->addAction(name, this, [this, name] {
            if (maybeSave()) openExample(name);
        });
    }
    file->addSeparator();
    file->addAction(tr("&Save"), this, &MainWindow::save)->setShortcut(QKeySequence::Save);
    file->addAction(tr("Save &As…"), this, &MainWindow::saveAs)->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    m_onnx =
        new OnnxActions(m_document, m_trainingPage, m_messages,
                        {[this] { return maybeSave(); }, [this](const QString& path) { return openFile(path); }}, this);
    connect(m_onnx, &OnnxActions::errorReported, this, &MainWindow::reportError);
    connect(file, &QMenu::aboutToShow, m_onnx, &OnnxActions::updateActions);
    file->addAction(m_onnx->exportAction());
    file->addAction(m_onnx->openAction());
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addActions(m_designer->editActions());
    edit->addSeparator();
    // Tests and screenshots (not persistent) see the dialog but never write a user's settings.
    QAction* preferences = edit->addAction(tr("&Preferences…"), this, [this] {
        PreferencesDialog dialog(m_options.persistent ? loadPreferences() : Preferences{}, this);
        if (dialog.exec() == QDialog::Accepted && m_options.persistent) savePreferences(dialog.preferences());
    });
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_projectDock->toggleViewAction());
    m_viewMenu->addAction(m_messagesDock->toggleViewAction());
    m_viewMenu->addAction(m_problemsDock->toggleViewAction());

    menuBar()->addMenu(m_trainingPage->runMenu());
    addToolBar(m_trainingPage->toolBar());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("Autograd &Graph of a Training Step"), this, &MainWindow::showTrainingStep)
        ->setObjectName(QStringLiteral("trainingStepAction"));
    QAction* nextStep = m_trainingPage->runMenu()->addAction(tr("Show Autograd &Graph of the Next Step"), this,
                                                             &MainWindow::showNextTrainingStep);
    nextStep->setObjectName(QStringLiteral("nextStepGraphAction"));
    nextStep->setEnabled(false);
    connect(m_trainingPage->controller(), &TrainingController::stateChanged, nextStep,
            [this, nextStep] { nextStep->setEnabled(m_trainingPage->controller()->isActive()); });
    // Operator timings as heat on the designer's nodes, switched here or in the Profile tab.
    widgets::ProfileView* profile = m_trainingPage->profileView();
    QAction* heat = m_viewMenu->addAction(tr("Operator &Timings on Nodes"));
    heat->setObjectName(QStringLiteral("nodeHeatAction"));
    heat->setCheckable(true);
    connect(heat, &QAction::toggled, profile, &widgets::ProfileView::setHeatShown);
    connect(profile, &widgets::ProfileView::heatChanged, this, [this, heat](const QHash<QString, double>& shares) {
        heat->setChecked(m_trainingPage->profileView()->heatShown());
        m_designer->scene()->setNodeHeat(shares);
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Autograd &Playground"), this, [this] { (new PlaygroundDialog(this))->show(); });
    help->addAction(tr("Autograd &Lessons"), this, [this] { (new LessonsDialog(this))->show(); });
    help->addAction(tr("&About Tessera"), this, &MainWindow::about)->setMenuRole(QAction::AboutRole);
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — Tessera").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
    const io::Project& p = m_document->project();
    statusBar()->showMessage(
        tr("%1: %2 nodes, %3 edges").arg(QString::fromStdString(p.name)).arg(p.nodes.size()).arg(p.edges.size()));
}

void MainWindow::reportError(const QString& message, const QString& source) {
    m_lastError = message;
    m_messages->add(widgets::Severity::Error, message, source);
    m_messagesDock->show();
    statusBar()->showMessage(message);
    emit errorReported(message);
}

void MainWindow::newProject() {
    io::Project project;
    project.name = tr("Untitled").toStdString();
    m_document->replace(std::move(project), {});
}

bool MainWindow::offerRecovery() {
    const QList<Autosave::Orphan> orphans = Autosave::findOrphans();
    if (orphans.isEmpty()) return false;
    const Autosave::Orphan& newest = orphans.first();
    const QString what = newest.originalPath.isEmpty()
                             ? tr("an untitled project \"%1\"").arg(QString::fromStdString(newest.project.name))
                             : newest.originalPath;
    const bool restore = m_recoveryPrompt(
        tr("Tessera did not close properly. Unsaved changes to %1 were autosaved. Recover them?").arg(what));
    if (restore) {
        m_document->replace(newest.project, newest.originalPath);
        // Recovered work is not on disk yet.
        m_document->undoStack()->resetClean();
        m_messages->add(widgets::Severity::Info, tr("Recovered autosaved changes to %1").arg(what), newest.file);
    }
    for (const Autosave::Orphan& orphan : orphans) Autosave::discard(orphan);
    return restore;
}

bool MainWindow::openFile(const QString& path) {
    io::Project project;
    try {
        project = ProjectDocument::readFile(path);
    } catch (const Error& e) {
        reportError(QString::fromUtf8(e.what()), path);
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_document->replace(std::move(project), absolute);
    addRecent(absolute);
    m_messages->add(widgets::Severity::Info, tr("Opened %1").arg(absolute), absolute);
    if (const QString data = m_document->dataFile(); !data.isEmpty() && !QFileInfo(data).isFile()) {
        m_messages->add(widgets::Severity::Warning, tr("%1: the data file %2 does not exist").arg(absolute, data),
                        absolute);
    }
    return true;
}

bool MainWindow::openExample(const QString& name) {
    if (!exampleNames().contains(name)) {
        reportError(tr("There is no example named \"%1\" (examples: %2)").arg(name, exampleNames().join(", ")), name);
        return false;
    }
    io::Project project;
    try {
        project = ProjectDocument::readFile(exampleResource(name));
    } catch (const Error& e) {
        reportError(QString::fromUtf8(e.what()), name);
        return false;
    }
    m_document->replace(std::move(project), {});
    m_messages->add(widgets::Severity::Info, tr("Opened example \"%1\" as an untitled copy").arg(name), name);
    return true;
}

bool MainWindow::saveTo(const QString& path) {
    try {
        m_document->saveAs(path);
    } catch (const Error& e) {
        reportError(QString::fromUtf8(e.what()), path);
        return false;
    }
    addRecent(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

bool MainWindow::save() { return m_document->isUntitled() ? saveAs() : saveTo(m_document->filePath()); }

bool MainWindow::saveAs() {
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) {
        suggestion = QDir::home().filePath(QString::fromStdString(m_document->project().name) + ".tessera");
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Project As"), suggestion, projectFilter());
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".tessera");
    return saveTo(path);
}

void MainWindow::open() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), {}, projectFilter());
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::openExampleDialog() {
    if (!maybeSave()) return;
    bool ok = false;
    const QString name = QInputDialog::getItem(
        this, tr("Open Example"), tr("Built-in example (opens as an untitled copy):"), exampleNames(), 0, false, &ok);
    if (ok && !name.isEmpty()) openExample(name);
}

void MainWindow::about() {
    QString rows;
    for (const auto& [library, version] : libraryVersions()) {
        rows += QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;%2</td></tr>")
                    .arg(library.toHtmlEscaped(), version.toHtmlEscaped());
    }
    QMessageBox::about(
        this, tr("About Tessera"),
        tr("<h3>Tessera %1</h3><p>A workbench for building and inspecting models.</p>").arg(tesseraVersion()) +
            QStringLiteral("<table>%1</table>").arg(rows));
}

TrainingStepDialog* MainWindow::showTrainingStep() {
    const QString source = m_document->isUntitled() ? m_document->displayName() : m_document->filePath();
    auto* dialog = new TrainingStepDialog(m_document->project(), m_document->filePath(), this);
    connect(dialog, &TrainingStepDialog::failed, this,
            [this, source](const QString& message) { reportError(message, source); });
    dialog->show();
    return dialog;
}

TrainingStepDialog* MainWindow::showNextTrainingStep() {
    TrainingController* controller = m_trainingPage->controller();
    if (!controller->isActive()) return nullptr;
    auto* dialog = new TrainingStepDialog(QString::fromStdString(m_document->project().name), this);
    // One graph per window: the first delivery after the request is this window's.
    auto delivery = std::make_shared<QMetaObject::Connection>();
    *delivery = connect(controller, &TrainingController::graphCaptured, dialog,
                        [dialog, delivery](std::shared_ptr<const autograd::GraphSnapshot> graph, qint64 step) {
                            QObject::disconnect(*delivery);
                            dialog->showGraph(widgets::fromTrainingStep(*graph), tr("step %1 of the run").arg(step));
                        });
    connect(controller, &TrainingController::stateChanged, dialog, [dialog, controller] {
        if (dialog->isCapturing() && !controller->isActive())
            dialog->setStatusText(tr("The run ended before another step was recorded."));
    });
    controller->captureNextStep();
    dialog->show();
    return dialog;
}

void MainWindow::addRecent(const QString& path) {
    m_recent.removeAll(path);
    m_recent.prepend(path);
    while (m_recent.size() > kMaxRecentFiles) m_recent.removeLast();
    if (m_options.persistent) QSettings().setValue(QStringLiteral("recentFiles"), m_recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    for (const QString& path : std::as_const(m_recent)) {
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                        [this, path] {
                            if (maybeSave()) openFile(path);
                        })
            ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!m_recent.isEmpty());
    if (!m_recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Recent Files"), this, [this] {
            m_recent.clear();
            if (m_options.persistent) QSettings().remove(QStringLiteral("recentFiles"));
            rebuildRecentMenu();
        });
    }
}

void MainWindow::loadPlugins(const QStringList& folders) {
    for (const plugins::PluginInfo& info : m_plugins->load(folders)) {
        if (info.ok()) {
            m_messages->add(widgets::Severity::Info, tr("Loaded plugin %1 %2").arg(info.name, info.version), info.file);
        } else {
            m_messages->add(widgets::Severity::Warning, tr("Plugin %1 was not loaded: %2").arg(info.file, info.error),
                            info.file);
        }
    }
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified()) return true;
    switch (m_prompt(m_document->displayName())) {
        case UnsavedChoice::Save:
            return save();
        case UnsavedChoice::Discard:
            return true;
        case UnsavedChoice::Cancel:
            return false;
    }
    return false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (m_options.persistent) {
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
    }
    event->accept();
}

}  // namespace tessera::app
