// Trains the open project on a worker thread and reports to the UI as throttled Qt signals.
// The controller builds the run from an io::Project with train::ProjectSession (as tessera-cli
// does), runs Trainer::run() on a std::thread, and drains the trainer's plain callbacks on the UI thread at most 30
// times a second into two RunRecordsModels (steps, epochs). Pause, resume, step and stop are the trainer's control
// tokens: the UI thread never waits on a batch. Each run is kept in its own folder: run.json (settings, data, outcome),
// steps.csv, metrics.csv, checkpoint.safetensors (resumable) and weights.safetensors (the model's state dict).
//
//   TrainingController controller;
//   connect(&controller, &TrainingController::progressChanged, bar, [&](const TrainingProgress& p) { … });
//   if (!controller.start(project, "/home/ana/moons.tessera", "/home/ana/moons.runs"))
//       qWarning() << controller.lastError();
//   controller.pause();  controller.stepOnce();  controller.resume();  controller.stop();
//   // finished(reason) arrives once the run has ended and its folder is written.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/io/project.h"
#include "core/profile/profiler.h"
#include "core/train/project_session.h"
#include "core/train/trainer.h"
#include "widgets/training/evaluation.h"

namespace tessera::widgets {
class RunRecordsModel;
}

namespace tessera::app {

class RunInspection;

struct TrainingProgress {
    std::int64_t epoch = 0;  // completed epochs
    std::int64_t epochs = 0;
    std::int64_t batch = 0;  // batches done in the epoch in progress
    std::int64_t batchesPerEpoch = 0;
    std::int64_t step = 0;
    std::int64_t totalSteps = 0;
    double samplesPerSecond = 0;
    std::optional<double> etaSeconds;
    double elapsedMs = 0;
    std::optional<double> loss;  // the last step's
};

// Every op the profiler saw during a window of consecutive training steps.
struct ProfileWindow {
    std::vector<profile::Event> events;
    double stepNs = 0;  // the steps' own time (data, forward, backward, optimiser, metrics)
    std::int64_t steps = 0;
};

// Whether an epoch end may take the live metrics (the test split's confusion matrix, the decision
// boundary): only while all evaluations of this launch, the next one included (assumed to cost what
// the last one did), stay within a small share of the run's time since launch.
struct LiveEvaluationBudget {
    static constexpr double kShare = 0.02;
    double runStartMs = 0;  // the trainer's elapsed time at launch (a resumed run's is not 0)
    double spentMs = 0;
    double lastMs = 0;
    bool allows(double elapsedMs) const { return spentMs + lastMs <= kShare * (elapsedMs - runStartMs); }
    void spent(double ms) {
        spentMs += ms;
        lastMs = ms;
    }
};

// How often the views take the worker's records while a run streams. On a machine whose cores all
// train, each millisecond the UI thread works is taken from a kernel thread, and a GUI run must keep
// ≥ 0.9× the CLI's speed (issue 8). So the UI thread's whole CPU time between two refreshes (the
// drain, the redraws it causes, anything else) sets the wait before the next: a share of one core,
// never more often than 30 times a second nor less than once a second.
struct RefreshPacing {
    static constexpr double kShare = 0.03;
    static constexpr int kMinIntervalMs = 33;
    static constexpr int kMaxIntervalMs = 1000;
    static int intervalMs(double uiCpuMs);
};

struct RunOptions {
    std::optional<std::int64_t> epochs{};  // overrides training.epochs
    bool startPaused{false};               // no batch runs until resume() or stepOnce()
};

class TrainingController : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Paused, Finished, Failed };
    Q_ENUM(State)

    explicit TrainingController(QObject* parent = nullptr);
    // Stops a run in progress and waits for the current batch to end.
    ~TrainingController() override;

    // Builds the run on the calling thread as tessera-cli does (train::ProjectSession: data, splits,
    // model, trainer), so a GUI run and `tessera-cli train` of the same project and seed give the same
    // weights; then trains on a worker.
    // `projectFile` resolves relative data paths; the run's folder is the next free runsFolder/run-NNN.
    // Returns false with lastError() when a run is active or the project cannot be built.
    bool start(const io::Project& project, const QString& projectFile, const QString& runsFolder,
               RunOptions options = {});
    // Continues the run in `runFolder` from its checkpoint, with the settings in its run.json (a
    // stopped run resumes exactly where it stopped; a completed one when given more epochs).
    bool resumeRun(const io::Project& project, const QString& projectFile, const QString& runFolder,
                   RunOptions options = {});
    void pause();
    void resume();
    void stop();
    // Runs exactly one more batch, then stays paused.
    void stepOnce();
    // Forgets the last run — records, evaluation, profile, inspection, folder, state back to Idle — so
    // no view shows it: another project was opened, and every view shows the open project's runs or
    // nothing. A run in progress is stopped, still writes its own folder, and is forgotten once it has
    // ended (without finished()). forgotten() then.
    void forgetRun();
    // Records every op of the next `steps` training steps (profiled() then brings them); a window
    // cut short by the end of the run brings the steps it had.
    void profileSteps(int steps);
    // Records the autograd graph of the next training step on the worker thread — every op's output,
    // the gradients in the engine's order, the parameters named as in the state dict — and delivers it
    // by graphCaptured(). When paused, runs that one step. False when no run is active.
    bool captureNextStep();

    State state() const { return m_state; }
    bool isActive() const { return m_state == State::Running || m_state == State::Paused; }
    TrainingProgress progress() const { return m_progress; }
    widgets::RunRecordsModel* steps() const { return m_steps; }
    widgets::RunRecordsModel* epochs() const { return m_epochs; }
    QString runFolder() const { return m_runFolder; }
    QString lastError() const { return m_lastError; }
    std::optional<train::FinishReason> finishReason() const { return m_finishReason; }
    // The state is Failed because the last start() or resumeRun() could not build the run (bad data,
    // an invalid graph), not because a run failed while training.
    bool startFailed() const { return m_state == State::Failed && m_startFailed; }
    // The trained model and data of the last run; only while no run is active (else null).
    train::ProjectSession* session() const;

    // The model on the test split (else validation), taken after each epoch on the worker thread and
    // again when the run ends; and for two-feature classification, the decision boundary.
    const widgets::Evaluation& evaluation() const { return m_evaluation; }
    const widgets::BoundaryGrid& boundary() const { return m_boundary; }
    const ProfileWindow& profile() const { return m_profile; }
    // Tensor samples and weight snapshots of the run, for the tensor inspector and the try-the-model view.
    RunInspection* inspection() const { return m_inspection; }
    // Anomaly mode for the runs (also the one in progress): a NaN/Inf stops at the op that made it.
    void setDetectAnomaly(bool on);
    bool detectAnomaly() const { return m_detectAnomaly; }
    // With finishReason() NonFinite: where the NaN/Inf came from.
    const std::optional<train::NonFiniteReport>& nonFinite() const { return m_nonFinite; }

    static QString stateName(State state);

signals:
    void stateChanged(tessera::app::TrainingController::State state);
    void progressChanged(const tessera::app::TrainingProgress& progress);
    // New rows in steps() / epochs(); at most 30 times a second.
    void recordsChanged();
    // The run ended ("completed", "early-stopped", "stopped") and its folder is written.
    void finished(const QString& reason);
    void failed(const QString& message);
    // forgetRun() has cleared the run: the views show none.
    void forgotten();
    // evaluation() and boundary() changed.
    void evaluated();
    // profile() holds a new window.
    void profiled();
    // The graph asked for by captureNextStep(), of the run's step number `step` (from 1).
    void graphCaptured(std::shared_ptr<const tessera::autograd::GraphSnapshot> graph, qint64 step);

private:
    void setState(State state);
    void clearRun();                    // forgetRun() once no run is active
    bool fail(const QString& message);  // reports a run that could not start
    bool launch(const QString& folder, const RunOptions& options, const std::vector<std::vector<double>>& steps,
                const std::vector<std::vector<double>>& epochs);
    void drain();       // moves the worker's pending records into the models
    void drainPaced();  // drain(), then the next drain after RefreshPacing's wait
    void onWorkerDone(std::optional<train::FinishReason> reason, const QString& error, const QString& saveError,
                      std::optional<train::NonFiniteReport> nonFinite);
    // Once the run's last files are written: the state, finished() or failed().
    void finishRun(std::optional<train::FinishReason> reason, const QString& error, const QString& problem);
    // Worker thread, once the run has ended: the final evaluation (into the pending slot), the
    // checkpoint and the weights; returns the first problem, if any.
    QString finishOnWorker();
    // A run folder's text files: taken on the UI thread (they read the models), written on a worker.
    struct RunFiles {
        std::string runJson, steps, metrics;
    };
    RunFiles runFiles(const QString& status) const;
    static void writeRunFiles(const std::filesystem::path& folder, const RunFiles& files);
    // Runs on whichever thread owns the model at the time (the worker between batches, or the UI
    // thread once the worker has ended).
    // Worker thread, after each step: starts, counts and ends a requested profile window.
    void profileStep(const train::StepRecord& record);
    void endProfileWindow();
    void takeEvaluation(std::int64_t epoch, widgets::Evaluation& evaluation, widgets::BoundaryGrid& boundary) const;

    State m_state = State::Idle;
    TrainingProgress m_progress;
    widgets::RunRecordsModel* m_steps;
    widgets::RunRecordsModel* m_epochs;
    QTimer m_drainTimer;
    double m_uiCpuAtDrainMs = 0;  // the UI thread's CPU clock at the end of the last paced drain
    QString m_runFolder;
    QString m_lastError;
    std::optional<train::FinishReason> m_finishReason;
    widgets::Evaluation m_evaluation;
    widgets::BoundaryGrid m_boundary;
    ProfileWindow m_profile;
    RunInspection* m_inspection;
    bool m_detectAnomaly = false;
    bool m_forgetWhenDone = false;  // forgetRun() during a run: clear when it has ended
    bool m_startFailed = false;     // the last start() or resumeRun() could not build the run
    std::optional<train::NonFiniteReport> m_nonFinite;
    std::atomic<int> m_profileRequest{0};
    // Used by the worker thread only.
    LiveEvaluationBudget m_liveEvaluation;
    int m_profileLeft = 0;
    ProfileWindow m_profiling;
    std::unique_ptr<train::ProjectSession> m_session;
    std::thread m_worker;

    std::mutex m_pendingMutex;  // guards the three members below, written by the worker
    std::vector<train::StepRecord> m_pendingSteps;
    std::vector<train::EpochRecord> m_pendingEpochs;
    std::optional<std::pair<widgets::Evaluation, widgets::BoundaryGrid>> m_pendingEvaluation;
    std::optional<ProfileWindow> m_pendingProfile;
};

}  // namespace tessera::app

Q_DECLARE_METATYPE(tessera::app::TrainingProgress)
