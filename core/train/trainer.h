// Trainer: the epoch/step loop over an nn::Module, as the GUI's worker thread and tessera-cli run it.
// It builds the optimiser and LR scheduler from the project's training settings, trains on the
// training loader, validates each epoch, stops early when told to, reports through plain callbacks,
// and saves or resumes from a single checkpoint file.
//
//   train::Trainer trainer(model, train::withLoss(model, lossFn), config, trainLoader, &valLoader,
//                          data::Task::Classification);
//   trainer.callbacks().onEpochEnd = [](const train::EpochRecord& r) { plot(r.epoch, r.valLoss); };
//   std::thread worker([&] { trainer.run(); });        // returns when done, stopped or early-stopped
//   trainer.control().pause();                          // from the UI thread: blocks between batches
//   trainer.control().step();                           // one batch, then paused again
//   trainer.control().resume();
//   trainer.control().stop();                           // the loop ends after the current batch
//   worker.join();
//   trainer.saveCheckpoint("run/checkpoint");           // resume in a fresh process: loadCheckpoint
//
// Note [Training reproducibility]: a run is a pure function of the model's initial weights, the
// data, the settings and the seed, whatever the thread count (the kernels chunk reductions
// independently of it). Batch order is the loader's (seed, epoch) permutation; before each step the
// default generator (dropout's) is reseeded with a mix of the seed and the global step number. So
// the state to resume exactly is small — weights, optimiser and scheduler state, loader position,
// epoch and step, early-stopping record and the epoch's running sums — and a run stopped anywhere
// and resumed from its checkpoint ends with the same bytes as one that never stopped.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/autograd/graph_snapshot.h"
#include "core/data/data_loader.h"
#include "core/nn/module.h"
#include "core/optim/lr_scheduler.h"
#include "core/optim/optimizer.h"
#include "core/train/metrics.h"
#include "core/train/non_finite.h"
#include "core/train/training_config.h"

namespace tessera::train {

// prediction, target → 0-d loss.
using LossFunction = std::function<Tensor(const Tensor& prediction, const Tensor& target)>;

// What one forward pass gives the trainer: the prediction its metrics read and the loss it minimises.
struct Forward {
    Tensor prediction;
    Tensor loss;
};
// A batch's features and targets → its Forward (a graph model computes both in one pass).
using ForwardFunction = std::function<Forward(const Tensor& features, const Tensor& targets)>;
// {model(features), loss(that, targets)}.
ForwardFunction withLoss(nn::Module& model, LossFunction loss);

// Stop, pause and single-step requests, safe to call from any thread. The trainer checks them
// between batches; a paused trainer sleeps on a condition variable (no busy waiting).
class TrainingControl {
public:
    void stop();
    void pause();
    void resume();
    // Lets exactly one more batch run, then pauses (also when called while running).
    void step();
    bool stopRequested() const { return m_stop.load(); }
    bool paused() const;
    // Clears a stop request, so the same trainer can run again (e.g. after resuming a checkpoint).
    void reset();

    // Called by the trainer before each batch: blocks while paused (calling `onBlock` first, on this
    // thread, when it is about to); false when the run must stop.
    bool waitForNextBatch(const std::function<void()>& onBlock = {});

private:
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false;
    std::int64_t m_stepsAllowed = 0;  // batches that may run while paused
};

// Where one step's time went, measured by the trainer around its phases (the profiler sees the ops
// inside forward and backward, not the optimiser's update or the loader's copy).
struct StepTimings {
    std::int64_t dataNs = 0;       // fetching the batch from the loader
    std::int64_t forwardNs = 0;    // zero_grad, forward and loss
    std::int64_t backwardNs = 0;   // loss.backward()
    std::int64_t optimizerNs = 0;  // gradient clipping, optimizer.step(), a per-step scheduler
    std::int64_t metricsNs = 0;    // reading the loss and accumulating the metrics
};

struct StepRecord {
    std::int64_t epoch = 0;  // 0-based
    std::int64_t batch = 0;  // 0-based index within the epoch
    std::int64_t batchesPerEpoch = 0;
    std::int64_t step = 0;           // optimiser steps taken so far, this one included
    double loss = 0;                 // this batch's loss
    std::optional<double> accuracy;  // this batch's accuracy (classification)
    double lr = 0;                   // the learning rate this step used (group 0)
    std::int64_t samples = 0;        // samples in this batch
    double elapsedMs = 0;            // training time so far, across resumes
    StepTimings timings;
};

// One row of metrics.csv: the epoch's training metrics (accumulated over its batches), the
// validation metrics (when there is a validation loader) and the learning rate of its last step.
struct EpochRecord {
    std::int64_t epoch = 0;  // 1-based: the number of completed epochs
    std::int64_t step = 0;   // optimiser steps so far
    Metrics train;
    std::optional<Metrics> validation;
    double lr = 0;
    double elapsedMs = 0;
    bool improved = false;  // early stopping: this epoch is the best so far
};

// NonFinite: the loss (always checked) or, with setDetectAnomaly(true), any op's output or gradient
// held a NaN or an infinity; that step's update was not applied (see TrainResult::nonFinite).
enum class FinishReason { Completed, EarlyStopped, Stopped, NonFinite };

struct TrainResult {
    FinishReason reason = FinishReason::Completed;
    std::int64_t epochs = 0;  // completed epochs
    std::int64_t steps = 0;
    std::vector<EpochRecord> history;          // every completed epoch, across resumes
    std::optional<std::int64_t> bestEpoch;     // with early stopping: the epoch whose weights were kept
    std::optional<NonFiniteReport> nonFinite;  // with FinishReason::NonFinite
};

struct TrainerCallbacks {
    std::function<void(const StepRecord&)> onStep;
    std::function<void(const EpochRecord&)> onEpochEnd;
    std::function<void(const TrainResult&)> onFinished;
    // The autograd graph of the step after captureGraph() was called, recorded with values.
    std::function<void(const autograd::GraphSnapshot&)> onGraphCaptured;
    // The run is about to wait while paused (worker thread; the model does not change until it resumes).
    std::function<void()> onPaused;
    // For a NaN/Inf report: the layer whose output first went bad on this batch ("" when unknown).
    std::function<std::string(const Tensor& features, const Tensor& targets)> locateNonFinite;
};

class Trainer {
public:
    // Builds the optimiser over model.parameters() and the scheduler from `config`; throws
    // ValueError naming the optimiser or scheduler keyword that is wrong. The loaders and the model
    // must outlive the trainer; `validation` may be null.
    // `model` is the module whose parameters are trained and saved; `forward` runs it on a batch.
    Trainer(nn::Module& model, ForwardFunction forward, TrainingConfig config, data::DataLoader& training,
            data::DataLoader* validation, data::Task task);
    ~Trainer();
    Trainer(const Trainer&) = delete;
    Trainer& operator=(const Trainer&) = delete;

    TrainerCallbacks& callbacks() { return m_callbacks; }
    TrainingControl& control() { return m_control; }

    // Trains until config.epochs epochs are complete (counting resumed ones), early stopping ends
    // the run, or control().stop() is called. May be called again after a stop to continue.
    TrainResult run();
    // Records the autograd graph of the next training step (delivered to onGraphCaptured).
    void captureGraph() { m_captureGraph.store(true); }
    // Anomaly mode during each step (torch.autograd.detect_anomaly): every forward op's output and every
    // backward Node's gradient is checked, so a NaN/Inf stops the run at the op that made it. Off, only
    // the loss is checked (and a bad loss is traced back to its op afterwards). Safe from any thread.
    void setDetectAnomaly(bool on) { m_detectAnomaly.store(on); }
    bool detectAnomaly() const { return m_detectAnomaly.load(); }

    // Loss and metrics of the model on every batch of `loader`, in eval mode and without autograd.
    Metrics evaluate(data::DataLoader& loader);

    // The whole training state in one file, written atomically (safetensors: the tensors by name,
    // the rest as JSON in __metadata__; see Note [Checkpoint layout] in trainer.cpp).
    void saveCheckpoint(const std::filesystem::path& file) const;
    // Restores a checkpoint written by a trainer with the same model, settings and data; IoError or
    // ValueError naming the file and what does not match.
    void loadCheckpoint(const std::filesystem::path& file);

    const TrainingConfig& config() const { return m_config; }
    optim::Optimizer& optimizer() { return *m_optimizer; }
    optim::LRScheduler* scheduler() { return m_scheduler.get(); }
    std::int64_t epoch() const { return m_epoch; }
    std::int64_t globalStep() const { return m_step; }
    const std::vector<EpochRecord>& history() const { return m_history; }
    // Time spent in run() so far in ms, across resumes from checkpoints (the records' elapsedMs).
    double elapsedMs() const;

private:
    struct EarlyStoppingState {
        std::optional<double> best;
        std::int64_t bestEpoch = 0;
        std::int64_t badEpochs = 0;
        nn::NamedTensors bestWeights;
    };

    // False when the step found a NaN/Inf (m_nonFinite says where) and applied no update.
    bool trainStep(const data::Batch& batch, std::int64_t batchIndex, std::int64_t batchesPerEpoch,
                   std::int64_t dataNs);
    // Reruns the bad step's forward and backward in anomaly mode to name the op, and locates the layer.
    void diagnoseNonFinite(const data::Batch& batch, NonFiniteReport& report);
    EpochRecord finishEpoch();
    // True when early stopping ends the run after `record`.
    bool updateEarlyStopping(EpochRecord& record);
    double currentLr() const;

    nn::Module& m_model;
    ForwardFunction m_forward;
    TrainingConfig m_config;
    data::DataLoader& m_training;
    data::DataLoader* m_validation;
    data::Task m_task;
    std::unique_ptr<optim::Optimizer> m_optimizer;
    std::unique_ptr<optim::LRScheduler> m_scheduler;
    TrainerCallbacks m_callbacks;
    TrainingControl m_control;
    std::atomic<bool> m_captureGraph{false};
    std::atomic<bool> m_detectAnomaly{false};
    std::optional<NonFiniteReport> m_nonFinite;

    std::int64_t m_epoch = 0;  // the epoch in progress (0-based) = completed epochs
    std::int64_t m_batch = 0;  // batches of m_epoch already trained
    std::int64_t m_step = 0;
    MetricAccumulator m_epochMetrics;
    double m_lastLr = 0;
    double m_elapsedBeforeMs = 0;  // time of earlier sessions of this run
    std::int64_t m_sessionStartNs = 0;
    bool m_running = false;
    std::vector<EpochRecord> m_history;
    EarlyStoppingState m_early;
    bool m_finished = false;
    FinishReason m_finishReason = FinishReason::Completed;
};

// "completed", "early-stopped", "stopped".
std::string finishReasonName(FinishReason reason);

}  // namespace tessera::train
