#include "app/training/training_page.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProgressBar>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include "app/project/project_document.h"
#include "app/training/inspect_views.h"
#include "app/training/run_inspection.h"
#include "app/training/run_settings.h"
#include "core/data/load_dataset.h"
#include "core/io/atomic_file.h"
#include "core/tensor/error.h"
#include "widgets/common/core_messages.h"
#include "widgets/common/core_text.h"
#include "widgets/data/csv_import_dialog.h"
#include "widgets/data/csv_import_model.h"
#include "widgets/data/data_panel.h"
#include "widgets/data/data_settings.h"
#include "widgets/designer/graph_model.h"
#include "widgets/training/loss_plot.h"
#include "widgets/training/metrics_view.h"
#include "widgets/training/profile_view.h"
#include "widgets/training/run_panel.h"
#include "widgets/training/run_records_model.h"
#include "widgets/training/runs_table.h"
#include "widgets/training/tensor_inspector.h"
#include "widgets/training/try_model.h"

namespace tessera::app {

namespace {

QString duration(double seconds) {
    const auto s = static_cast<qint64>(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

TrainingPage::TrainingPage(ProjectDocument* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_controller(new TrainingController(this)),
      m_plot(new widgets::LossPlot(this)),
      m_runPanel(new widgets::RunPanel(this)),
      m_dataPanel(new widgets::DataPanel(this)),
      m_metrics(new widgets::MetricsView(this)),
      m_profile(new widgets::ProfileView(this)),
      m_tabs(new QTabWidget(this)),
      m_settings(new QScrollArea(this)),
      m_statusBox(new QWidget(this)),
      m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_runs(new QListWidget(this)),
      m_runsTable(new widgets::RunsTable(this)),
      m_menu(new QMenu(tr("&Run"), this)),
      m_toolBar(new QToolBar(tr("Run"), this)) {
    setObjectName(QStringLiteral("TrainingPage"));
    m_toolBar->setObjectName(QStringLiteral("RunToolBar"));

    m_run = m_menu->addAction(tr("&Run"), this, [this] { run(); });
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_run->setToolTip(tr("Train the project (or resume a paused run)"));
    m_pause = m_menu->addAction(tr("&Pause"), this, &TrainingPage::pause);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_step = m_menu->addAction(tr("&Step One Batch"), this, &TrainingPage::stepOnce);
    m_step->setShortcut(QKeySequence(Qt::Key_F10));
    m_stop = m_menu->addAction(tr("S&top"), this, &TrainingPage::stop);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_menu->addSeparator();
    m_resumeRun = m_menu->addAction(tr("Resume Selected Run from Checkpoint"), this, [this] {
        if (const QString name = selectedRun(); !name.isEmpty()) resumeRun(name);
    });
    m_menu->addSeparator();
    m_detectAnomaly = m_menu->addAction(tr("&Detect NaN/Inf"));
    m_detectAnomaly->setObjectName(QStringLiteral("detectAnomalyAction"));
    m_detectAnomaly->setStatusTip(
        tr("Check every op's output and every gradient for NaN/Inf and stop at the first (slower steps)"));
    m_toolBar->addActions({m_run, m_pause, m_step, m_stop});

    m_status->setText(tr("No run yet: Run (F5) trains the open project."));
    // Drawn flat: Fusion's gradient bar took ten times as long to paint (0.56 against 0.06 ms at
    // 1100 px), and it repaints at every refresh of a run.
    m_progress->setStyleSheet(
        QStringLiteral("QProgressBar { border: 1px solid palette(dark); border-radius: 3px; text-align: center;"
                       " background: palette(base); }"
                       "QProgressBar::chunk { background: palette(highlight); border-radius: 2px; }"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_runs->setToolTip(tr("This project's runs; tick one to overlay its curves, double-click to resume it"));
    connect(m_runs, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) { resumeRun(item->text()); });
    connect(m_runs, &QListWidget::itemSelectionChanged, this, [this] { emit selectedRunChanged(selectedRun()); });

    // Curves fill the page; the runs list sits beside them, narrow, as TensorBoard's run selector.
    auto* runsBox = new QWidget(this);
    auto* runsLayout = new QVBoxLayout(runsBox);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(new QLabel(tr("Runs"), runsBox));
    runsLayout->addWidget(m_runs);
    auto* curves = new QSplitter(Qt::Horizontal, this);
    curves->addWidget(m_plot);
    curves->addWidget(runsBox);
    curves->setStretchFactor(0, 1);
    curves->setStretchFactor(1, 0);
    curves->setSizes({10000, 140});
    m_tabs->addTab(curves, tr("Curves"));
    m_tabs->addTab(m_metrics, tr("Metrics"));
    m_tabs->addTab(m_profile, tr("Profile"));
    auto* tensors = new widgets::TensorInspector(m_controller->inspection()->tensors(), this);
    auto* tryModel = new widgets::TryModelView(this);
    connectInspectViews(m_controller, tensors, tryModel, m_detectAnomaly);
    m_tabs->addTab(tensors, tr("Tensors"));
    m_tabs->addTab(tryModel, tr("Try"));
    m_tabs->addTab(m_dataPanel, tr("Data"));
    m_tabs->addTab(m_runsTable, tr("Runs"));
    // showView() finds a view by these untranslated names, whatever the interface language.
    const QStringList viewNames{"curves", "metrics", "profile", "tensors", "try", "data", "runs"};
    for (int i = 0; i < m_tabs->count(); ++i) m_tabs->tabBar()->setTabData(i, viewNames.value(i));

    auto* views = new QWidget(this);
    auto* viewsLayout = new QVBoxLayout(views);
    viewsLayout->setContentsMargins(4, 4, 4, 0);
    // The status line changes with every drain. A label in a layout asks the whole window to lay out
    // again on each new text, and the relayout repainted most of the page (~80 times a second while
    // digits-cnn trained); in a box of its own without a layout, a new text repaints the line alone.
    m_statusBox->setFixedHeight(m_status->sizeHint().height());
    m_statusBox->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_status->setParent(m_statusBox);
    m_statusBox->installEventFilter(this);
    viewsLayout->addWidget(m_statusBox);
    viewsLayout->addWidget(m_progress);
    viewsLayout->addWidget(m_tabs, 1);

    // The settings stay in view while a run is watched, so a change and the next Run are one glance apart.
    m_settings->setWidget(m_runPanel);
    m_settings->setWidgetResizable(true);
    m_settings->setFrameShape(QFrame::NoFrame);
    m_settings->setMinimumWidth(m_runPanel->sizeHint().width() + 24);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_settings);
    split->addWidget(views);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);
    split->setSizes({m_settings->minimumWidth(), 10000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    QStringList datasets;
    for (const std::string& name : data::datasetNames()) datasets << QString::fromStdString(name);
    m_dataPanel->setSources(datasets);

    m_plot->setSmoothing(0.6);  // TensorBoard's default: per-batch losses are noisy
    m_plot->addRun(tr("current"), m_controller->steps(), m_controller->epochs());
    connect(m_controller, &TrainingController::stateChanged, this, &TrainingPage::updateActions);
    connect(m_controller, &TrainingController::progressChanged, this, &TrainingPage::updateProgress);
    connect(m_controller, &TrainingController::failed, this, [this](const QString& message) {
        emit errorReported(explainRunError(message), m_document->displayName());
    });
    connect(m_controller, &TrainingController::finished, this, [this](const QString&) {
        refreshRuns();
        if (m_controller->nonFinite()) emit errorReported(m_controller->lastError(), m_document->displayName());
    });
    connect(m_controller, &TrainingController::evaluated, this, [this] {
        m_metrics->setEvaluation(m_controller->evaluation());
        m_metrics->setBoundary(m_controller->boundary());
    });
    connect(m_profile, &widgets::ProfileView::profileRequested, this, &TrainingPage::profile);
    connect(m_controller, &TrainingController::profiled, this, [this] {
        const ProfileWindow& w = m_controller->profile();
        m_profile->setEvents(w.events, w.stepNs, w.steps);
    });
    connect(m_runs, &QListWidget::itemChanged, this,
            [this](QListWidgetItem* item) { showPastRun(item->text(), item->checkState() == Qt::Checked); });
    // Another project: every view shows its runs or nothing — the controller's run, the curves overlaid
    // from the old project's folder and the status line belong to the project they were made for.
    connect(m_document, &ProjectDocument::contentReplaced, this, [this] {
        m_controller->forgetRun();
        removePastRuns();
        refreshRuns();
        m_loadedData.reset();
        loadSettings();
    });
    connect(m_controller, &TrainingController::forgotten, this, [this] {
        m_currentRun.clear();
        m_status->setText(tr("No run yet: Run (F5) trains the open project."));
        m_status->setToolTip(QString());
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
    });
    // Edits from the settings column go into the project as undo steps; undo and redo come back here.
    connect(m_runPanel, &widgets::RunPanel::changed, this, &TrainingPage::editTraining);
    connect(m_runPanel, &widgets::RunPanel::splitChanged, this, &TrainingPage::editSplit);
    connect(m_runPanel, &widgets::RunPanel::lossChanged, this, &TrainingPage::changeLoss);
    connect(m_dataPanel, &widgets::DataPanel::datasetChosen, this, &TrainingPage::chooseDataset);
    connect(m_dataPanel, &widgets::DataPanel::importCsvRequested, this, &TrainingPage::importCsv);
    connect(m_dataPanel->settings(), &widgets::DataSettings::edited, this, [this](const QString& key) {
        m_document->setSection(ProjectDocument::Section::Data, m_dataPanel->settings()->spec(),
                               tr("Change Data Settings"), QStringLiteral("data:") + key);
    });
    connect(m_document, &ProjectDocument::sectionChanged, this, [this](ProjectDocument::Section section) {
        if (section == ProjectDocument::Section::Data) {
            showData();
        } else if (m_document->project().training != m_shownTraining) {
            showTraining();
        }
    });
    connect(m_document, &ProjectDocument::graphChanged, this, &TrainingPage::showLosses);
    // A run that could not start because of the graph: its status line is stale once the graph is
    // valid (and the data loads).
    connect(m_document, &ProjectDocument::graphChanged, this, [this] {
        if (m_controller->startFailed() && m_dataProblem.isEmpty() && !m_document->graphModel()->report().hasErrors())
            m_controller->forgetRun();
    });
    connect(m_document, &ProjectDocument::filePathChanged, this, &TrainingPage::refreshRuns);
    updateActions();
    // The project open when the page is made (a new one: no data set yet, which Problems then says).
    loadSettings();
}

TrainingPage::~TrainingPage() = default;

QString TrainingPage::runsFolder() const {
    const QString name = QString::fromStdString(m_document->project().name);
    if (!m_runsRoot.isEmpty()) return QDir(m_runsRoot).filePath(name + ".runs");
    if (!m_document->isUntitled()) {
        const QFileInfo file(m_document->filePath());
        return file.dir().filePath(file.completeBaseName() + ".runs");
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("runs/") + name);
}

QString TrainingPage::projectFileForData() const {
    return m_document->isUntitled() ? QDir::current().filePath(QStringLiteral("untitled.tessera"))
                                    : m_document->filePath();
}

bool TrainingPage::run(RunOptions options) {
    if (m_controller->state() == TrainingController::State::Paused) {
        m_controller->resume();
        return true;
    }
    // The settings column writes into the project as it is edited, so the project is what runs.
    if (!m_controller->start(m_document->project(), projectFileForData(), runsFolder(), options)) return false;
    m_currentRun = QFileInfo(m_controller->runFolder()).fileName();
    refreshRuns();
    return true;
}

bool TrainingPage::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_statusBox && event->type() == QEvent::Resize) m_status->setGeometry(m_statusBox->rect());
    return QWidget::eventFilter(watched, event);
}

bool TrainingPage::showView(const QString& name) {
    if (name.compare(QStringLiteral("settings"), Qt::CaseInsensitive) == 0) {
        m_settings->setFocus();
        return true;
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->tabBar()->tabData(i).toString().compare(name, Qt::CaseInsensitive) == 0) {
            m_tabs->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

bool TrainingPage::resumeRun(const QString& name) {
    showPastRun(name, false);
    const QString folder = QDir(runsFolder()).filePath(name);
    if (!m_controller->resumeRun(m_document->project(), projectFileForData(), folder)) return false;
    m_currentRun = name;
    refreshRuns();
    return true;
}

void TrainingPage::pause() { m_controller->pause(); }

void TrainingPage::stepOnce() {
    if (!m_controller->isActive() && !run({.startPaused = true})) return;
    m_controller->stepOnce();
}

void TrainingPage::stop() { m_controller->stop(); }

void TrainingPage::profile(int steps) {
    if (!m_controller->isActive() && !run()) return;
    m_controller->profileSteps(steps);
}

void TrainingPage::updateActions() {
    const auto state = m_controller->state();
    const bool active = m_controller->isActive();
    m_run->setText(state == TrainingController::State::Paused ? tr("&Resume") : tr("&Run"));
    m_run->setEnabled(state != TrainingController::State::Running);
    m_pause->setEnabled(state == TrainingController::State::Running);
    m_step->setEnabled(state != TrainingController::State::Running);
    m_stop->setEnabled(active);
    m_resumeRun->setEnabled(!active);
    // Selectable text is a rich-text document laid out again at each change: while batches stream in
    // (a new text at each refresh) that was a tenth of the UI thread's time; a stopped run's text,
    // an error above all, can be selected and copied.
    m_status->setTextInteractionFlags(state == TrainingController::State::Running ? Qt::NoTextInteraction
                                                                                  : Qt::TextSelectableByMouse);
    if (!active) updateProgress(m_controller->progress());
}

void TrainingPage::updateProgress(const TrainingProgress& p) {
    const auto state = m_controller->state();
    QString text = TrainingController::stateName(state);
    if (state == TrainingController::State::Failed) {
        m_status->setText(text + QStringLiteral(": ") + explainRunError(m_controller->lastError()));
        m_status->setToolTip(m_status->text());  // a long error is cut at the page's edge
        return;
    }
    if (state == TrainingController::State::Idle) return;
    if (state == TrainingController::State::Finished && m_controller->finishReason())
        text = tr("Finished (%1)").arg(widgets::coreText(train::finishReasonName(*m_controller->finishReason())));
    if (m_controller->nonFinite()) text = tr("Stopped: %1").arg(m_controller->lastError());
    text += tr(" · %1 · epoch %2/%3 · step %4/%5")
                .arg(m_currentRun)
                .arg(std::min(p.epoch + (state == TrainingController::State::Finished ? 0 : 1), p.epochs))
                .arg(p.epochs)
                .arg(p.step)
                .arg(p.totalSteps);
    if (p.loss) text += tr(" · loss %1").arg(*p.loss, 0, 'g', 4);
    if (p.samplesPerSecond > 0) text += tr(" · %1 samples/s").arg(p.samplesPerSecond, 0, 'f', 0);
    if (p.etaSeconds && state != TrainingController::State::Finished)
        text += tr(" · ETA %1").arg(duration(*p.etaSeconds));
    m_status->setText(text);
    // QProgressBar::setValue repaints at once (a synchronous paint and flush of the window) whenever
    // its text changes; with updates off it only marks itself for the next window update, which the
    // status line's new text needs anyway: one window update per drain instead of two.
    m_progress->setUpdatesEnabled(false);
    m_progress->setRange(0, static_cast<int>(std::max<std::int64_t>(p.totalSteps, 1)));
    m_progress->setValue(static_cast<int>(p.step));
    m_progress->setUpdatesEnabled(true);
}

void TrainingPage::loadSettings() {
    showTraining();
    showData();
    showLosses();
}

void TrainingPage::showTraining() {
    try {
        m_runPanel->setTraining(m_document->project().training, m_document->displayName().toStdString());
    } catch (const Error& e) {
        emit errorReported(QString::fromUtf8(e.what()), m_document->displayName());
    }
    m_shownTraining = m_runPanel->training();
}

void TrainingPage::showData() {
    const io::Json& spec = m_document->project().data;
    m_runPanel->setSplit(dataNumber(spec, "valFraction", 0.1), dataNumber(spec, "testFraction", 0.2));
    const io::Json* dataset = spec.find("dataset");
    const io::Json* csv = spec.find("csv");
    m_dataPanel->setSource(dataset && dataset->isString() ? QString::fromStdString(dataset->asString()) : QString(),
                           csv && csv->isString() ? QString::fromStdString(csv->asString()) : QString());
    m_dataPanel->settings()->setSpec(spec);
    // Only a different data set is loaded again; a new split of the same one is not.
    const io::Json loaded = withoutSplit(spec);
    if (m_loadedData && *m_loadedData == loaded) return;
    m_loadedData = loaded;
    QString problem;
    if (!dataset && !csv) {
        problem = tr("No data set: choose one in Training → Data, or import a CSV file (Data → Import CSV…)");
        m_dataPanel->showProblem(problem);
    } else {
        try {
            m_dataPanel->setDataset(data::loadDataset(spec, projectFileForData().toStdString()));
        } catch (const Error& e) {
            problem = widgets::coreMessage(e.what());
            m_dataPanel->showProblem(problem);
        }
    }
    setDataProblem(problem);
}

void TrainingPage::setDataProblem(const QString& problem) {
    // A run that could not start says why on the status line until the project changes; once its
    // data loads, that line is stale.
    if (problem.isEmpty() && m_controller->startFailed()) m_controller->forgetRun();
    if (problem == m_dataProblem) return;
    m_dataProblem = problem;
    emit dataProblemChanged(problem);
}

void TrainingPage::showLosses() {
    const std::string current = lossNodeType(m_document->project());
    m_runPanel->setLosses(lossTypes(), QString::fromStdString(current));
}

void TrainingPage::editTraining() {
    io::Json next = m_runPanel->training();
    const QString key = changedPaths(m_shownTraining, next).join(QLatin1Char(','));
    m_shownTraining = next;
    const QString text = key == kInitialWeightsKey ? clearInitialWeightsText() : tr("Change Run Settings");
    m_document->setSection(ProjectDocument::Section::Training, std::move(next), text, key);
}

void TrainingPage::editSplit() {
    m_document->setSection(ProjectDocument::Section::Data,
                           withSplit(m_document->project().data, m_runPanel->valFraction(), m_runPanel->testFraction()),
                           tr("Change Split"), QStringLiteral("split"));
}

void TrainingPage::chooseDataset(const QString& name) {
    // The old set's own keys (noise, csv, target, …) go.
    m_document->setSection(ProjectDocument::Section::Data,
                           builtinDataSpec(m_document->project().data, name.toStdString()),
                           tr("Choose Data Set %1").arg(name));
}

void TrainingPage::importCsv() {
    const QString start = m_document->isUntitled() ? QDir::homePath() : QFileInfo(m_document->filePath()).path();
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Import CSV"), start, tr("CSV files (*.csv *.tsv *.txt);;All files (*)"));
    if (!file.isEmpty()) importCsvFile(file);
}

widgets::CsvImportDialog* TrainingPage::importCsvFile(const QString& file) {
    auto* dialog = new widgets::CsvImportDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!dialog->model()->load(file)) {
        emit errorReported(dialog->model()->error(), file);
        dialog->deleteLater();
        return nullptr;
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog, file] {
        // Written relative to the project file, so the project and its data can move together.
        const QString path = m_document->isUntitled() ? QFileInfo(file).absoluteFilePath()
                                                      : QFileInfo(m_document->filePath()).dir().relativeFilePath(file);
        m_document->setSection(ProjectDocument::Section::Data,
                               keepSplit(dialog->model()->dataSpec(path), m_document->project().data),
                               tr("Import CSV %1").arg(QFileInfo(file).fileName()));
    });
    dialog->show();
    return dialog;
}

void TrainingPage::changeLoss(const QString& type) {
    const std::string id = lossNodeId(m_document->project());
    if (id.empty() || type.isEmpty()) return;
    const std::string newType = type.toStdString();
    const bool changed = m_document->graphModel()->edit(
        tr("Change Loss to %1").arg(type), [id, newType](graph::ModelGraph& g) { replaceLoss(g, id, newType); });
    if (!changed && !m_document->graphModel()->lastError().isEmpty())
        emit errorReported(m_document->graphModel()->lastError(), m_document->displayName());
}

QStringList TrainingPage::pastRuns() const {
    QStringList names = QDir(runsFolder()).entryList({QStringLiteral("run-*")}, QDir::Dirs, QDir::Name);
    std::reverse(names.begin(), names.end());
    return names;
}

QString TrainingPage::selectedRun() const {
    const QList<QListWidgetItem*> selected = m_runs->selectedItems();
    return selected.isEmpty() ? QString() : selected.front()->text();
}

void TrainingPage::refreshRuns() {
    QSignalBlocker block(m_runs);
    QStringList shown;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked) shown << m_runs->item(i)->text();
    // By folder, so a run of the same name in another project's list is not selected for it.
    const QList<QListWidgetItem*> selected = m_runs->selectedItems();
    const QString selectedFolder = selected.isEmpty() ? QString() : selected.front()->data(Qt::UserRole).toString();
    m_runs->clear();
    m_runsTable->setRunsFolder(runsFolder());
    const QDir folder(runsFolder());
    for (const QString& name : pastRuns()) {
        auto* item = new QListWidgetItem(name, m_runs);
        const bool current = name == m_currentRun && m_controller->runFolder().startsWith(runsFolder());
        // Selectable, so File → Export ONNX… and Resume act on the run picked here.
        item->setFlags(current ? Qt::ItemIsEnabled | Qt::ItemIsSelectable
                               : Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setData(Qt::UserRole, folder.filePath(name));
        if (current) {
            item->setToolTip(tr("The run on the curves as \"current\""));
            item->setText(name);
        } else {
            item->setCheckState(shown.contains(name) ? Qt::Checked : Qt::Unchecked);
        }
        if (!selectedFolder.isEmpty() && folder.filePath(name) == selectedFolder) item->setSelected(true);
    }
    block.unblock();
    emit selectedRunChanged(selectedRun());
}

void TrainingPage::removePastRuns() {
    const QSignalBlocker block(m_runs);
    for (int i = 0; i < m_runs->count(); ++i) m_runs->item(i)->setCheckState(Qt::Unchecked);
    m_runs->clear();
    for (auto* model : findChildren<widgets::RunRecordsModel*>(Qt::FindDirectChildrenOnly)) {
        if (!model->objectName().startsWith(QStringLiteral("past:"))) continue;
        m_plot->removeRun(model->objectName().mid(5));
        model->deleteLater();
    }
}

bool TrainingPage::showPastRun(const QString& name, bool shown) {
    // Each overlaid run owns its models; they are children of the page and go with removeRun.
    const QString objectName = QStringLiteral("past:") + name;
    for (auto* model : findChildren<widgets::RunRecordsModel*>(objectName, Qt::FindDirectChildrenOnly)) {
        m_plot->removeRun(name);
        model->deleteLater();
    }
    if (!shown) return true;
    const QDir folder(QDir(runsFolder()).filePath(name));
    auto* steps = new widgets::RunRecordsModel(widgets::RunRecordsModel::Kind::Steps, this);
    auto* epochs = new widgets::RunRecordsModel(widgets::RunRecordsModel::Kind::Epochs, this);
    steps->setObjectName(objectName);
    epochs->setObjectName(objectName);
    try {
        for (auto* model : {steps, epochs}) {
            const QString file =
                folder.filePath(model == steps ? QStringLiteral("steps.csv") : QStringLiteral("metrics.csv"));
            const QString text = QString::fromStdString(io::readFile(file.toStdString()));
            model->append(widgets::RunRecordsModel::parseCsv(model->kind(), text, file));
        }
    } catch (const Error& e) {
        delete steps;
        delete epochs;
        emit errorReported(QString::fromUtf8(e.what()), folder.path());
        return false;
    }
    m_plot->addRun(name, steps, epochs);
    return true;
}

}  // namespace tessera::app
