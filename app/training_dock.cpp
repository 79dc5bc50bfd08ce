#include "app/training_dock.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProgressBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include "app/inspect_views.h"
#include "app/project_document.h"
#include "app/run_inspection.h"
#include "core/data/load_dataset.h"
#include "core/io/atomic_file.h"
#include "core/tensor/error.h"
#include "widgets/data_panel.h"
#include "widgets/loss_plot.h"
#include "widgets/metrics_view.h"
#include "widgets/profile_view.h"
#include "widgets/run_panel.h"
#include "widgets/run_records_model.h"
#include "widgets/tensor_inspector.h"
#include "widgets/try_model.h"

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

TrainingDock::TrainingDock(ProjectDocument* document, QWidget* parent)
    : QDockWidget(tr("Training"), parent),
      m_document(document),
      m_controller(new TrainingController(this)),
      m_plot(new widgets::LossPlot(this)),
      m_runPanel(new widgets::RunPanel(this)),
      m_dataPanel(new widgets::DataPanel(this)),
      m_metrics(new widgets::MetricsView(this)),
      m_profile(new widgets::ProfileView(this)),
      m_tabs(new QTabWidget(this)),
      m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_runs(new QListWidget(this)),
      m_menu(new QMenu(tr("&Run"), this)),
      m_toolBar(new QToolBar(tr("Run"), this)) {
    setObjectName(QStringLiteral("TrainingDock"));
    m_toolBar->setObjectName(QStringLiteral("RunToolBar"));

    m_run = m_menu->addAction(tr("&Run"), this, [this] { run(); });
    m_run->setShortcut(QKeySequence(Qt::Key_F5));
    m_run->setToolTip(tr("Train the project (or resume a paused run)"));
    m_pause = m_menu->addAction(tr("&Pause"), this, &TrainingDock::pause);
    m_pause->setShortcut(QKeySequence(Qt::Key_F6));
    m_step = m_menu->addAction(tr("&Step One Batch"), this, &TrainingDock::stepOnce);
    m_step->setShortcut(QKeySequence(Qt::Key_F10));
    m_stop = m_menu->addAction(tr("S&top"), this, &TrainingDock::stop);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_menu->addSeparator();
    m_resumeRun = m_menu->addAction(tr("Resume Selected Run from Checkpoint"), this, [this] {
        if (QListWidgetItem* item = m_runs->currentItem()) resumeRun(item->text());
    });
    m_toolBar->addActions({m_run, m_pause, m_step, m_stop});

    m_status->setText(tr("No run yet: Run (F5) trains the open project."));
    m_status->setWordWrap(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_runs->setToolTip(tr("This project's runs; tick one to overlay its curves, double-click to resume it"));
    connect(m_runs, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) { resumeRun(item->text()); });

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(4, 4, 4, 0);
    topLayout->addWidget(m_status);
    topLayout->addWidget(m_progress);
    topLayout->addWidget(m_plot, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_runs);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    m_tabs->addTab(split, tr("Curves"));
    m_tabs->addTab(m_metrics, tr("Metrics"));
    m_tabs->addTab(m_profile, tr("Profile"));
    auto* tensors = new widgets::TensorInspector(m_controller->inspection()->tensors(), this);
    auto* tryModel = new widgets::TryModelView(this);
    connectInspectViews(m_controller, tensors, tryModel);
    m_tabs->addTab(tensors, tr("Tensors"));
    m_tabs->addTab(tryModel, tr("Try"));
    m_tabs->addTab(m_runPanel, tr("Settings"));
    m_tabs->addTab(m_dataPanel, tr("Data"));
    setWidget(m_tabs);

    m_plot->setSmoothing(0.6);  // TensorBoard's default: per-batch losses are noisy
    m_plot->addRun(tr("current"), m_controller->steps(), m_controller->epochs());
    connect(m_controller, &TrainingController::stateChanged, this, &TrainingDock::updateActions);
    connect(m_controller, &TrainingController::progressChanged, this, &TrainingDock::updateProgress);
    connect(m_controller, &TrainingController::failed, this,
            [this](const QString& message) { emit errorReported(message, m_document->displayName()); });
    connect(m_controller, &TrainingController::finished, this, [this](const QString&) {
        refreshRuns();
        if (m_controller->nonFinite()) emit errorReported(m_controller->lastError(), m_document->displayName());
    });
    connect(m_controller, &TrainingController::evaluated, this, [this] {
        m_metrics->setEvaluation(m_controller->evaluation());
        m_metrics->setBoundary(m_controller->boundary());
    });
    connect(m_profile, &widgets::ProfileView::profileRequested, this, &TrainingDock::profile);
    connect(m_controller, &TrainingController::profiled, this, [this] {
        const ProfileWindow& w = m_controller->profile();
        m_profile->setEvents(w.events, w.stepNs, w.steps);
    });
    connect(m_runs, &QListWidget::itemChanged, this,
            [this](QListWidgetItem* item) { showPastRun(item->text(), item->checkState() == Qt::Checked); });
    connect(m_document, &ProjectDocument::contentReplaced, this, &TrainingDock::refreshRuns);
    connect(m_document, &ProjectDocument::contentReplaced, this, &TrainingDock::loadSettings);
    connect(m_document, &ProjectDocument::filePathChanged, this, &TrainingDock::refreshRuns);
    updateActions();
}

TrainingDock::~TrainingDock() = default;

QString TrainingDock::runsFolder() const {
    const QString name = QString::fromStdString(m_document->project().name);
    if (!m_runsRoot.isEmpty()) return QDir(m_runsRoot).filePath(name + ".runs");
    if (!m_document->isUntitled()) {
        const QFileInfo file(m_document->filePath());
        return file.dir().filePath(file.completeBaseName() + ".runs");
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("runs/") + name);
}

QString TrainingDock::projectFileForData() const {
    return m_document->isUntitled() ? QDir::current().filePath(QStringLiteral("untitled.tessera"))
                                    : m_document->filePath();
}

bool TrainingDock::run(RunOptions options) {
    if (m_controller->state() == TrainingController::State::Paused) {
        m_controller->resume();
        return true;
    }
    io::Project project = m_document->project();
    project.training = m_runPanel->training();
    if (!m_controller->start(project, projectFileForData(), runsFolder(), options)) return false;
    m_currentRun = QFileInfo(m_controller->runFolder()).fileName();
    refreshRuns();
    show();
    return true;
}

bool TrainingDock::resumeRun(const QString& name) {
    showPastRun(name, false);
    const QString folder = QDir(runsFolder()).filePath(name);
    if (!m_controller->resumeRun(m_document->project(), projectFileForData(), folder)) return false;
    m_currentRun = name;
    refreshRuns();
    show();
    return true;
}

void TrainingDock::pause() { m_controller->pause(); }

void TrainingDock::stepOnce() {
    if (!m_controller->isActive() && !run({.startPaused = true})) return;
    m_controller->stepOnce();
}

void TrainingDock::stop() { m_controller->stop(); }

void TrainingDock::profile(int steps) {
    if (!m_controller->isActive() && !run()) return;
    m_controller->profileSteps(steps);
}

void TrainingDock::updateActions() {
    const auto state = m_controller->state();
    const bool active = m_controller->isActive();
    m_run->setText(state == TrainingController::State::Paused ? tr("&Resume") : tr("&Run"));
    m_run->setEnabled(state != TrainingController::State::Running);
    m_pause->setEnabled(state == TrainingController::State::Running);
    m_step->setEnabled(state != TrainingController::State::Running);
    m_stop->setEnabled(active);
    m_resumeRun->setEnabled(!active);
    if (!active) updateProgress(m_controller->progress());
}

void TrainingDock::updateProgress(const TrainingProgress& p) {
    const auto state = m_controller->state();
    QString text = TrainingController::stateName(state);
    if (state == TrainingController::State::Failed) {
        m_status->setText(text + QStringLiteral(": ") + m_controller->lastError());
        return;
    }
    if (state == TrainingController::State::Idle) return;
    if (state == TrainingController::State::Finished && m_controller->finishReason())
        text = tr("Finished (%1)").arg(QString::fromStdString(train::finishReasonName(*m_controller->finishReason())));
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
    m_progress->setRange(0, static_cast<int>(std::max<std::int64_t>(p.totalSteps, 1)));
    m_progress->setValue(static_cast<int>(p.step));
}

void TrainingDock::loadSettings() {
    try {
        m_runPanel->setTraining(m_document->project().training, m_document->displayName().toStdString());
    } catch (const Error& e) {
        emit errorReported(QString::fromUtf8(e.what()), m_document->displayName());
    }
    try {
        m_dataPanel->setDataset(data::loadDataset(m_document->project().data, projectFileForData().toStdString()));
    } catch (const Error& e) {
        m_dataPanel->showProblem(QString::fromUtf8(e.what()));
    }
}

QStringList TrainingDock::pastRuns() const {
    QStringList names = QDir(runsFolder()).entryList({QStringLiteral("run-*")}, QDir::Dirs, QDir::Name);
    std::reverse(names.begin(), names.end());
    return names;
}

void TrainingDock::refreshRuns() {
    QSignalBlocker block(m_runs);
    QStringList shown;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked) shown << m_runs->item(i)->text();
    m_runs->clear();
    for (const QString& name : pastRuns()) {
        auto* item = new QListWidgetItem(name, m_runs);
        const bool current = name == m_currentRun && m_controller->runFolder().startsWith(runsFolder());
        item->setFlags(current ? Qt::ItemIsEnabled : Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        if (current) {
            item->setToolTip(tr("The run on the curves as \"current\""));
            item->setText(name);
        } else {
            item->setCheckState(shown.contains(name) ? Qt::Checked : Qt::Unchecked);
        }
    }
}

bool TrainingDock::showPastRun(const QString& name, bool shown) {
    // Each overlaid run owns its models; they are children of the dock and go with removeRun.
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
