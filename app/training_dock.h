// The Training dock and the Run menu: Run / Pause / Step one batch / Stop for the open project, a
// progress line (epoch, step, samples/s, ETA) and bar, the learning curves, and the project's past
// runs, any of which can be overlaid on the curves. Runs are kept beside the project file, in
// NAME.runs/run-NNN (untitled projects: in the application's data folder).
//
//   auto* dock = new TrainingDock(document, mainWindow);
//   mainWindow->addDockWidget(Qt::RightDockWidgetArea, dock);
//   menuBar()->addMenu(dock->runMenu());
//   dock->run();                              // as Run → Run
#pragma once

#include <QDockWidget>
#include <QString>

#include "app/training_controller.h"

class QAction;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QMenu;
class QProgressBar;
class QTabWidget;
class QToolBar;

namespace tessera::widgets {
class DataPanel;
class LossPlot;
class MetricsView;
class ProfileView;
class RunPanel;
class RunRecordsModel;
}  // namespace tessera::widgets

namespace tessera::app {

class ProjectDocument;

class TrainingDock : public QDockWidget {
    Q_OBJECT
public:
    TrainingDock(ProjectDocument* document, QWidget* parent = nullptr);
    ~TrainingDock() override;

    TrainingController* controller() const { return m_controller; }
    widgets::LossPlot* plot() const { return m_plot; }
    widgets::RunPanel* runPanel() const { return m_runPanel; }
    widgets::DataPanel* dataPanel() const { return m_dataPanel; }
    widgets::MetricsView* metricsView() const { return m_metrics; }
    widgets::ProfileView* profileView() const { return m_profile; }
    QTabWidget* tabs() const { return m_tabs; }
    QMenu* runMenu() const { return m_menu; }
    QToolBar* toolBar() const { return m_toolBar; }
    QAction* runAction() const { return m_run; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stepAction() const { return m_step; }
    QAction* stopAction() const { return m_stop; }
    QAction* resumeRunAction() const { return m_resumeRun; }

    // The folder that holds this project's runs.
    QString runsFolder() const;
    // Keeps runs under `folder` instead (screenshots and tests, which must not write into a user's
    // folders).
    void setRunsRoot(const QString& folder) { m_runsRoot = folder; }
    // The runs listed (folder names, newest first).
    QStringList pastRuns() const;
    // Overlays a past run's curves (read from its steps.csv and metrics.csv); false with the message
    // reported when they cannot be read.
    bool showPastRun(const QString& name, bool shown = true);

public slots:
    // Starts a run of the open project (or resumes a paused one); `options` as TrainingController's.
    bool run(tessera::app::RunOptions options = {});
    void pause();
    void stepOnce();
    void stop();
    // Continues a past run (by folder name) from its checkpoint; its curves become the current ones.
    bool resumeRun(const QString& name);
    // Profiles the next `steps` steps, starting a run first when none is active.
    void profile(int steps);
    void refreshRuns();
    // Shows the open project's training settings and data set in the Settings and Data tabs.
    void loadSettings();

signals:
    void errorReported(const QString& message, const QString& source);

private:
    void updateActions();
    void updateProgress(const TrainingProgress& progress);
    QString projectFileForData() const;

    ProjectDocument* m_document;
    TrainingController* m_controller;
    widgets::LossPlot* m_plot;
    widgets::RunPanel* m_runPanel;
    widgets::DataPanel* m_dataPanel;
    widgets::MetricsView* m_metrics;
    widgets::ProfileView* m_profile;
    QTabWidget* m_tabs;
    QLabel* m_status;
    QProgressBar* m_progress;
    QListWidget* m_runs;
    QMenu* m_menu;
    QToolBar* m_toolBar;
    QAction *m_run, *m_pause, *m_step, *m_stop, *m_resumeRun;
    QString m_runsRoot;
    QString m_currentRun;  // name of the run the controller holds
};

}  // namespace tessera::app
