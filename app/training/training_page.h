// The Training page (a tab of the main window beside the Designer) and the Run menu: Run / Pause /
// Step one batch / Stop for the open project; the run settings on the left; on the right a progress
// line (epoch, step, samples/s, ETA) and bar over the views — the learning curves with the project's
// past runs (any of which can be overlaid), metrics, profile and the data set. Runs are kept beside
// the project file, in NAME.runs/run-NNN (untitled projects: in the application's data folder).
//
//   auto* page = new TrainingPage(document, mainWindow);
//   pages->addTab(page, tr("Training"));
//   menuBar()->addMenu(page->runMenu());
//   page->run();                              // as Run → Run
//   page->showView("metrics");                // Curves, Metrics, Profile, Data or Settings
#pragma once

#include <QString>
#include <QWidget>
#include <optional>

#include "core/io/json.h"

#include "app/training/training_controller.h"

class QAction;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QMenu;
class QProgressBar;
class QScrollArea;
class QTabWidget;
class QToolBar;

namespace tessera::widgets {
class CsvImportDialog;
class DataPanel;
class LossPlot;
class MetricsView;
class ProfileView;
class RunPanel;
class RunRecordsModel;
class RunsTable;
}  // namespace tessera::widgets

namespace tessera::app {

class ProjectDocument;

class TrainingPage : public QWidget {
    Q_OBJECT
public:
    TrainingPage(ProjectDocument* document, QWidget* parent = nullptr);
    ~TrainingPage() override;

    TrainingController* controller() const { return m_controller; }
    widgets::LossPlot* plot() const { return m_plot; }
    widgets::RunPanel* runPanel() const { return m_runPanel; }
    widgets::DataPanel* dataPanel() const { return m_dataPanel; }
    widgets::MetricsView* metricsView() const { return m_metrics; }
    widgets::ProfileView* profileView() const { return m_profile; }
    // The views beside the settings: Curves, Metrics, Profile, Data.
    QTabWidget* tabs() const { return m_tabs; }
    // Brings a view forward by its name (case-insensitive; "settings" focuses the settings column);
    // false for an unknown name.
    bool showView(const QString& name);
    QMenu* runMenu() const { return m_menu; }
    QToolBar* toolBar() const { return m_toolBar; }
    QAction* runAction() const { return m_run; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stepAction() const { return m_step; }
    QAction* stopAction() const { return m_stop; }
    QAction* resumeRunAction() const { return m_resumeRun; }
    // Run → Detect NaN/Inf: the same setting as the Tensors tab's box (the controller's detectAnomaly).
    QAction* detectAnomalyAction() const { return m_detectAnomaly; }

    // The folder that holds this project's runs.
    QString runsFolder() const;
    // Keeps runs under `folder` instead (screenshots and tests, which must not write into a user's
    // folders).
    void setRunsRoot(const QString& folder) { m_runsRoot = folder; }
    // The runs listed (folder names, newest first).
    QStringList pastRuns() const;
    // The list beside the curves, and the run selected in it ("" when none is).
    QListWidget* runsList() const { return m_runs; }
    widgets::RunsTable* runsTable() const { return m_runsTable; }
    QString selectedRun() const;
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
    // Data → Import CSV…: asks for a file, then opens it in the import window.
    void importCsv();
    // Opens `file` in the CSV import window (preview, column roles and types, problems); Import points
    // the project's data at the file as set up there (one undo step). Returns the window, shown.
    widgets::CsvImportDialog* importCsvFile(const QString& file);
    // Shows the open project's training settings and data set in the settings column and Data tab.
    void loadSettings();

public:
    // Why the open project's data cannot be loaded ("No data set: …", a CSV file that is missing),
    // "" when it can.
    QString dataProblem() const { return m_dataProblem; }

signals:
    void errorReported(const QString& message, const QString& source);
    // Another run (or none: "") is selected in the run list, or the list was read again.
    void selectedRunChanged(const QString& name);
    // dataProblem() changed.
    void dataProblemChanged(const QString& problem);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showTraining();
    // Takes every overlaid past run off the curves and empties the runs list (another project).
    void removePastRuns();
    void showData();
    void setDataProblem(const QString& problem);
    void showLosses();
    void editTraining();
    void editSplit();
    void chooseDataset(const QString& name);
    void changeLoss(const QString& type);
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
    QScrollArea* m_settings;
    QWidget* m_statusBox;  // holds m_status without a layout
    QLabel* m_status;
    QProgressBar* m_progress;
    QListWidget* m_runs;
    widgets::RunsTable* m_runsTable;
    QMenu* m_menu;
    QToolBar* m_toolBar;
    QAction *m_run, *m_pause, *m_step, *m_stop, *m_resumeRun, *m_detectAnomaly;
    QString m_runsRoot;
    QString m_dataProblem;
    QString m_currentRun;                  // name of the run the controller holds
    io::Json m_shownTraining;              // the settings column's values, as the project format writes them
    std::optional<io::Json> m_loadedData;  // the data spec (split aside) the Data tab shows
};

}  // namespace tessera::app
