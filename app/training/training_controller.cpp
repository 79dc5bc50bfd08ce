#include "app/training/training_controller.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <ctime>

#include "app/training/run_inspection.h"
#include "core/data/split.h"
#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/tensor/error.h"
#include "core/train/training_config.h"
#include "widgets/training/run_records_model.h"

namespace tessera::app {

namespace {

std::unique_ptr<train::ProjectSession> buildSession(const io::Project& project, const QString& projectFile,
                                                    const RunOptions& options) {
    return std::make_unique<train::ProjectSession>(project, std::filesystem::path(projectFile.toStdString()),
                                                   train::SessionOverrides{.epochs = options.epochs});
}

QString nextRunFolder(const QString& runsFolder) {
    QDir root(runsFolder);
    for (int i = 1;; ++i) {
        const QString name = QStringLiteral("run-%1").arg(i, 3, 10, QLatin1Char('0'));
        if (!root.exists(name)) return root.filePath(name);
    }
}

// Decision boundary resolution: 64² cells, one forward pass of 4096 rows.
constexpr int kBoundaryCells = 64;

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double stepNs(const train::StepTimings& t) {
    return static_cast<double>(t.dataNs + t.forwardNs + t.backwardNs + t.optimizerNs + t.metricsNs);
}

}  // namespace

TrainingController::TrainingController(QObject* parent)
    : QObject(parent),
      m_steps(new widgets::RunRecordsModel(widgets::RunRecordsModel::Kind::Steps, this)),
      m_epochs(new widgets::RunRecordsModel(widgets::RunRecordsModel::Kind::Epochs, this)),
      m_inspection(new RunInspection(this)) {
    qRegisterMetaType<TrainingProgress>();
    m_drainTimer.setSingleShot(true);
    connect(&m_drainTimer, &QTimer::timeout, this, &TrainingController::drainPaced);
}

int RefreshPacing::intervalMs(double uiCpuMs) {
    return static_cast<int>(std::clamp(std::ceil(uiCpuMs / kShare), double(kMinIntervalMs), double(kMaxIntervalMs)));
}

TrainingController::~TrainingController() {
    if (m_session) m_session->trainer().control().stop();
    if (m_worker.joinable()) m_worker.join();
}

QString TrainingController::stateName(State state) {
    switch (state) {
        case State::Idle:
            return tr("Idle");
        case State::Running:
            return tr("Running");
        case State::Paused:
            return tr("Paused");
        case State::Finished:
            return tr("Finished");
        case State::Failed:
            return tr("Failed");
    }
    return {};
}

train::ProjectSession* TrainingController::session() const { return isActive() ? nullptr : m_session.get(); }

bool TrainingController::fail(const QString& message) {
    m_lastError = message;
    m_startFailed = true;
    m_session.reset();
    setState(State::Failed);
    emit failed(m_lastError);
    return false;
}

bool TrainingController::start(const io::Project& project, const QString& projectFile, const QString& runsFolder,
                               RunOptions options) {
    if (isActive()) {
        m_lastError = tr("A run is already in progress; stop it first");
        return false;
    }
    if (m_worker.joinable()) m_worker.join();
    try {
        m_session = buildSession(project, projectFile, options);
    } catch (const std::exception& e) {
        return fail(QString::fromUtf8(e.what()));
    }
    const QString folder = nextRunFolder(runsFolder);
    if (!QDir().mkpath(folder)) return fail(tr("Cannot create the run folder %1").arg(folder));
    return launch(folder, options, {}, {});
}

bool TrainingController::resumeRun(const io::Project& project, const QString& projectFile, const QString& runFolder,
                                   RunOptions options) {
    if (isActive()) {
        m_lastError = tr("A run is already in progress; stop it first");
        return false;
    }
    if (m_worker.joinable()) m_worker.join();
    const std::filesystem::path folder = runFolder.toStdString();
    std::vector<std::vector<double>> steps, epochs;
    try {
        // The run continues with its own settings, whatever the project says now.
        io::Project p = project;
        const io::Json run = io::parseJson(io::readFile(folder / "run.json"), (folder / "run.json").string());
        p.training = run.at("training");
        m_session = buildSession(p, projectFile, options);
        m_session->trainer().loadCheckpoint(folder / "checkpoint.safetensors");
        const QString stepsFile = QDir(runFolder).filePath(QStringLiteral("steps.csv"));
        const QString metricsFile = QDir(runFolder).filePath(QStringLiteral("metrics.csv"));
        steps = widgets::RunRecordsModel::parseCsv(widgets::RunRecordsModel::Kind::Steps,
                                                   QString::fromStdString(io::readFile(stepsFile.toStdString())),
                                                   stepsFile);
        epochs = widgets::RunRecordsModel::parseCsv(widgets::RunRecordsModel::Kind::Epochs,
                                                    QString::fromStdString(io::readFile(metricsFile.toStdString())),
                                                    metricsFile);
    } catch (const std::exception& e) {
        return fail(QString::fromUtf8(e.what()));
    }
    // Records the checkpoint does not cover (written after it) would be counted twice.
    const auto step = static_cast<double>(m_session->trainer().globalStep());
    std::erase_if(steps, [step](const std::vector<double>& row) { return row[0] > step; });
    std::erase_if(epochs, [step](const std::vector<double>& row) { return row[1] > step; });
    return launch(runFolder, options, steps, epochs);
}

bool TrainingController::launch(const QString& folder, const RunOptions& options,
                                const std::vector<std::vector<double>>& steps,
                                const std::vector<std::vector<double>>& epochs) {
    m_startFailed = false;
    m_runFolder = folder;
    m_steps->clear();
    m_epochs->clear();
    m_steps->append(steps);
    m_epochs->append(epochs);
    m_finishReason.reset();
    m_nonFinite.reset();
    m_lastError.clear();
    m_evaluation = {};
    m_boundary = {};
    m_profileRequest.store(0);
    m_profileLeft = 0;
    emit evaluated();
    {
        std::lock_guard lock(m_pendingMutex);
        m_pendingSteps.clear();
        m_pendingEpochs.clear();
        m_pendingEvaluation.reset();
        m_pendingProfile.reset();
    }
    train::Trainer& trainer = m_session->trainer();
    m_progress = TrainingProgress{};
    m_progress.epochs = m_session->config().epochs;
    m_progress.batchesPerEpoch = m_session->loader("train").batchesPerEpoch();
    m_progress.totalSteps = m_progress.epochs * m_progress.batchesPerEpoch;
    m_progress.epoch = trainer.epoch();
    m_progress.step = trainer.globalStep();
    m_progress.batch = trainer.globalStep() - trainer.epoch() * m_progress.batchesPerEpoch;
    // Files are written on the worker: an atomic write waits for the disk (fsync), and the UI
    // thread never waits.
    RunFiles initial = runFiles(QStringLiteral("running"));

    trainer.control().reset();
    m_inspection->attach(m_session->model(), m_session->split(), QFileInfo(folder).fileName());
    trainer.setDetectAnomaly(m_detectAnomaly);
    trainer.callbacks().onPaused = [this, &trainer] { m_inspection->beforePause(trainer.globalStep()); };
    trainer.callbacks().locateNonFinite = [model = &m_session->model()](const Tensor& x, const Tensor& y) {
        return train::firstNonFiniteNode(*model, x, y);
    };
    trainer.callbacks().onStep = [this](const train::StepRecord& r) {
        profileStep(r);
        m_inspection->afterStep(r.step);
        std::lock_guard lock(m_pendingMutex);
        m_pendingSteps.push_back(r);
    };
    // The live metrics are work `tessera-cli train` does not do, on the training thread: a GUI run must
    // keep ≥ 0.9× the CLI's speed (issue 8), and the window's drawing needs most of that margin. The
    // run's last evaluation (finishOnWorker) is always taken.
    m_liveEvaluation = LiveEvaluationBudget{.runStartMs = trainer.elapsedMs()};
    trainer.callbacks().onEpochEnd = [this](const train::EpochRecord& r) {
        std::optional<std::pair<widgets::Evaluation, widgets::BoundaryGrid>> taken;
        if (m_liveEvaluation.allows(r.elapsedMs)) {
            const std::int64_t start = profile::nowNs();
            taken.emplace();
            takeEvaluation(r.epoch, taken->first, taken->second);
            m_liveEvaluation.spent(static_cast<double>(profile::nowNs() - start) / 1e6);
        }
        std::lock_guard lock(m_pendingMutex);
        m_pendingEpochs.push_back(r);
        if (taken) m_pendingEvaluation = std::move(taken);
    };
    if (options.startPaused) trainer.control().pause();
    setState(options.startPaused ? State::Paused : State::Running);
    emit recordsChanged();
    emit progressChanged(m_progress);
    m_uiCpuAtDrainMs = threadCpuMs();
    m_drainTimer.start(RefreshPacing::kMinIntervalMs);
    m_worker = std::thread([this, &trainer, initial = std::move(initial)] {
        std::optional<train::FinishReason> reason;
        std::optional<train::NonFiniteReport> nonFinite;
        QString error;
        try {
            writeRunFiles(m_runFolder.toStdString(), initial);
            train::TrainResult result = trainer.run();
            reason = result.reason;
            nonFinite = result.nonFinite;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        if (m_profileLeft > 0) endProfileWindow();
        // The run's last evaluation and its files are work of the run, not of the UI thread (they
        // stalled the event loop by ~100 ms at the end of a digits-cnn run).
        QString saveError = reason ? finishOnWorker() : QString();
        QMetaObject::invokeMethod(
            this, [this, reason, error, saveError, nonFinite] { onWorkerDone(reason, error, saveError, nonFinite); },
            Qt::QueuedConnection);
    });
    return true;
}

void TrainingController::pause() {
    if (m_state != State::Running) return;
    m_session->trainer().control().pause();
    setState(State::Paused);
}

void TrainingController::resume() {
    if (m_state != State::Paused) return;
    m_session->trainer().control().resume();
    setState(State::Running);
}

void TrainingController::stepOnce() {
    if (!isActive()) return;
    m_session->trainer().control().step();
    setState(State::Paused);
}

void TrainingController::profileSteps(int steps) { m_profileRequest.store(std::max(steps, 1)); }

bool TrainingController::captureNextStep() {
    if (!isActive()) return false;
    train::Trainer& trainer = m_session->trainer();
    // Installed by the first request of a run: the worker reads the callback only after captureGraph()
    // below, so it is never read while being written.
    if (!trainer.callbacks().onGraphCaptured)
        trainer.callbacks().onGraphCaptured = [this, &trainer](const autograd::GraphSnapshot& g) {
            auto graph = std::make_shared<const autograd::GraphSnapshot>(g);
            const qint64 step = trainer.globalStep() + 1;
            QMetaObject::invokeMethod(
                this, [this, graph, step] { emit graphCaptured(graph, step); }, Qt::QueuedConnection);
        };
    trainer.captureGraph();
    if (m_state == State::Paused) stepOnce();
    return true;
}

void TrainingController::profileStep(const train::StepRecord& record) {
    if (m_profileLeft > 0) {
        m_profiling.stepNs += stepNs(record.timings);
        ++m_profiling.steps;
        if (--m_profileLeft == 0) endProfileWindow();
        return;
    }
    // A window starts after a step ends, so it holds whole steps.
    const int requested = m_profileRequest.exchange(0);
    if (requested <= 0) return;
    m_profiling = ProfileWindow{};
    m_profileLeft = requested;
    profile::start();
}

void TrainingController::endProfileWindow() {
    m_profileLeft = 0;
    m_profiling.events = profile::stop();
    std::lock_guard lock(m_pendingMutex);
    m_pendingProfile = std::move(m_profiling);
}

void TrainingController::setDetectAnomaly(bool on) {
    m_detectAnomaly = on;
    if (isActive()) m_session->trainer().setDetectAnomaly(on);
}

void TrainingController::stop() {
    if (isActive()) m_session->trainer().control().stop();
}

void TrainingController::forgetRun() {
    if (isActive() || m_worker.joinable()) {
        m_forgetWhenDone = true;
        stop();
        return;
    }
    clearRun();
}

void TrainingController::clearRun() {
    m_forgetWhenDone = false;
    m_startFailed = false;
    m_session.reset();
    m_steps->clear();
    m_epochs->clear();
    m_evaluation = {};
    m_boundary = {};
    m_profile = {};
    m_runFolder.clear();
    m_lastError.clear();
    m_finishReason.reset();
    m_nonFinite.reset();
    m_progress = {};
    m_inspection->detach();
    setState(State::Idle);
    emit recordsChanged();
    emit progressChanged(m_progress);
    emit evaluated();
    emit profiled();
    emit forgotten();
}

void TrainingController::setState(State state) {
    if (state == m_state) return;
    m_state = state;
    emit stateChanged(state);
}

void TrainingController::drainPaced() {
    drain();
    const double now = threadCpuMs();
    m_drainTimer.start(RefreshPacing::intervalMs(now - m_uiCpuAtDrainMs));
    m_uiCpuAtDrainMs = now;
}

void TrainingController::drain() {
    m_inspection->drain();
    std::vector<train::StepRecord> steps;
    std::vector<train::EpochRecord> epochs;
    std::optional<std::pair<widgets::Evaluation, widgets::BoundaryGrid>> evaluation;
    std::optional<ProfileWindow> profile;
    {
        std::lock_guard lock(m_pendingMutex);
        profile.swap(m_pendingProfile);
        steps.swap(m_pendingSteps);
        epochs.swap(m_pendingEpochs);
        evaluation.swap(m_pendingEvaluation);
    }
    if (profile) {
        m_profile = std::move(*profile);
        emit profiled();
    }
    if (evaluation) {
        m_evaluation = std::move(evaluation->first);
        m_boundary = std::move(evaluation->second);
        emit evaluated();
    }
    if (steps.empty() && epochs.empty()) return;
    std::vector<std::vector<double>> stepRows, epochRows;
    double samples = 0, ns = 0;
    for (const train::StepRecord& r : steps) {
        stepRows.push_back(widgets::stepRow(r));
        samples += static_cast<double>(r.samples);
        ns += stepNs(r.timings);
    }
    for (const train::EpochRecord& r : epochs) epochRows.push_back(widgets::epochRow(r));
    m_steps->append(stepRows);
    m_epochs->append(epochRows);

    if (!steps.empty()) {
        const train::StepRecord& last = steps.back();
        m_progress.step = last.step;
        m_progress.batch = last.batch + 1;
        m_progress.loss = last.loss;
        m_progress.elapsedMs = last.elapsedMs;
        // Speed from the steps' own timings, so time spent paused does not count.
        if (ns > 0) {
            double rate = samples / (ns / 1e9);
            m_progress.samplesPerSecond =
                m_progress.samplesPerSecond > 0 ? 0.7 * m_progress.samplesPerSecond + 0.3 * rate : rate;
            double secondsPerStep = ns / 1e9 / static_cast<double>(steps.size());
            m_progress.etaSeconds = secondsPerStep * static_cast<double>(m_progress.totalSteps - m_progress.step);
        }
    }
    if (!epochs.empty()) {
        m_progress.epoch = epochs.back().epoch;
        if (m_progress.batch >= m_progress.batchesPerEpoch) m_progress.batch = 0;
    }
    emit recordsChanged();
    emit progressChanged(m_progress);
}

QString TrainingController::finishOnWorker() {
    QString problem;
    // The tensors and weights the run ends with (delivered by the last drain()).
    try {
        m_inspection->finish(m_session->trainer().globalStep());
    } catch (const std::exception& e) {
        problem = QString::fromUtf8(e.what());
    }
    // Early stopping may have restored the best epoch's weights since the last epoch's evaluation.
    try {
        std::pair<widgets::Evaluation, widgets::BoundaryGrid> taken;
        takeEvaluation(m_session->trainer().epoch(), taken.first, taken.second);
        std::lock_guard lock(m_pendingMutex);
        m_pendingEvaluation = std::move(taken);
    } catch (const std::exception& e) {
        problem = QString::fromUtf8(e.what());
    }
    try {
        const std::filesystem::path folder = m_runFolder.toStdString();
        m_session->trainer().saveCheckpoint(folder / "checkpoint.safetensors");
        m_session->saveWeights(folder / "weights.safetensors");
    } catch (const std::exception& e) {
        problem = QString::fromUtf8(e.what());
    }
    return problem;
}

void TrainingController::onWorkerDone(std::optional<train::FinishReason> reason, const QString& error,
                                      const QString& saveError, std::optional<train::NonFiniteReport> nonFinite) {
    m_nonFinite = std::move(nonFinite);
    if (m_worker.joinable()) m_worker.join();
    m_drainTimer.stop();
    drain();
    if (reason && *reason == train::FinishReason::Completed) m_progress.etaSeconds = 0;
    const QString status = reason ? QString::fromStdString(train::finishReasonName(*reason)) : QStringLiteral("failed");
    // The last files go to disk on a thread of their own; the run is over once they are written.
    m_worker = std::thread([this, reason, error, saveError, files = runFiles(status)] {
        QString problem = saveError;
        try {
            writeRunFiles(m_runFolder.toStdString(), files);
        } catch (const std::exception& e) {
            if (problem.isEmpty()) problem = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, reason, error, problem] { finishRun(reason, error, problem); }, Qt::QueuedConnection);
    });
}

void TrainingController::finishRun(std::optional<train::FinishReason> reason, const QString& error,
                                   const QString& problem) {
    if (m_worker.joinable()) m_worker.join();
    if (m_forgetWhenDone) {
        clearRun();
        return;
    }
    if (!reason) {
        // The run's own error is the one to report; one about its folder would hide it.
        m_lastError = error;
        setState(State::Failed);
        emit failed(error);
        return;
    }
    m_finishReason = reason;
    if (!problem.isEmpty()) m_lastError = problem;
    if (m_nonFinite) m_lastError = QString::fromStdString(m_nonFinite->message());
    emit progressChanged(m_progress);
    setState(State::Finished);
    emit finished(QString::fromStdString(train::finishReasonName(*reason)));
}

void TrainingController::takeEvaluation(std::int64_t epoch, widgets::Evaluation& evaluation,
                                        widgets::BoundaryGrid& boundary) const {
    graph::GraphModule& model = m_session->model();
    const widgets::PredictFunction predict = [&model](const Tensor& x) { return train::predict(model, x); };
    const data::Split& split = m_session->split();
    const bool test = split.test.size() > 0;
    evaluation = widgets::evaluate(predict, test ? split.test : split.val, test ? "test" : "val");
    evaluation.epoch = epoch;
    boundary = widgets::hasBoundary(split.train) ? widgets::boundaryGrid(predict, split.train, kBoundaryCells)
                                                 : widgets::BoundaryGrid{};
}

TrainingController::RunFiles TrainingController::runFiles(const QString& status) const {
    io::Json run = io::Json::object();
    run.set("status", status.toStdString());
    run.set("epochs", m_progress.epoch);
    run.set("steps", m_progress.step);
    run.set("written", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString());
    run.set("project", m_session->project().name);
    run.set("data", m_session->project().data);
    run.set("training", train::trainingConfigToJson(m_session->config()));
    if (m_nonFinite) run.set("error", m_nonFinite->message());
    return {io::writeJson(run), m_steps->toCsv().toStdString(), m_epochs->toCsv().toStdString()};
}

void TrainingController::writeRunFiles(const std::filesystem::path& folder, const RunFiles& files) {
    io::writeFileAtomically(folder / "run.json", files.runJson);
    io::writeFileAtomically(folder / "steps.csv", files.steps);
    io::writeFileAtomically(folder / "metrics.csv", files.metrics);
}

}  // namespace tessera::app
