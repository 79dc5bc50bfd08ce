#include "core/train/trainer.h"

#include <chrono>
#include <cmath>
#include <optional>
#include <utility>

#include "core/autograd/autograd_meta.h"
#include "core/autograd/grad_mode.h"
#include "core/data/mix_seed.h"
#include "core/io/safetensors.h"
#include "core/kernels/parallel.h"
#include "core/ops/view.h"
#include "core/optim/clip_grad.h"
#include "core/optim/optim_state.h"
#include "core/optim/optimizer_registry.h"
#include "core/optim/scheduler_registry.h"
#include "core/profile/profiler.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

namespace tessera::train {

// ---------------------------------------------------------------------------------------------
// TrainingControl

void TrainingControl::stop() {
    m_stop.store(true);
    std::lock_guard lock(m_mutex);
    m_wake.notify_all();
}

void TrainingControl::pause() {
    std::lock_guard lock(m_mutex);
    m_paused = true;
    m_stepsAllowed = 0;
}

void TrainingControl::resume() {
    std::lock_guard lock(m_mutex);
    m_paused = false;
    m_stepsAllowed = 0;
    m_wake.notify_all();
}

void TrainingControl::step() {
    std::lock_guard lock(m_mutex);
    m_paused = true;
    ++m_stepsAllowed;
    m_wake.notify_all();
}

bool TrainingControl::paused() const {
    std::lock_guard lock(m_mutex);
    return m_paused;
}

void TrainingControl::reset() { m_stop.store(false); }

bool TrainingControl::waitForNextBatch(const std::function<void()>& onBlock) {
    std::unique_lock lock(m_mutex);
    const auto ready = [&] { return m_stop.load() || !m_paused || m_stepsAllowed > 0; };
    if (!ready() && onBlock) {
        // Unlocked: the hook may take a while, and resume() must not wait for it.
        lock.unlock();
        onBlock();
        lock.lock();
    }
    m_wake.wait(lock, ready);
    if (m_stop.load()) return false;
    if (m_paused) --m_stepsAllowed;
    return true;
}

// ---------------------------------------------------------------------------------------------
// Trainer

namespace {

// Salt of the per-step dropout seeds, so they never coincide with the loader's epoch seeds.
constexpr std::uint64_t kStepSeedSalt = 0x7472616E5F737470ULL;

nn::NamedTensors cloneState(const nn::NamedTensors& state) {
    autograd::NoGradGuard guard;
    nn::NamedTensors out;
    for (const auto& [name, t] : state) out.emplace_back(name, t.defined() ? ops::clone(t.detach()) : Tensor());
    return out;
}

std::optional<double> monitoredValue(const EpochRecord& r, const std::string& monitor) {
    const Metrics* m = monitor.starts_with("val_") ? (r.validation ? &*r.validation : nullptr) : &r.train;
    if (!m) return std::nullopt;
    if (monitor.ends_with("_loss")) return m->loss;
    if (monitor.ends_with("_acc")) return m->accuracy;
    return m->r2;
}

}  // namespace

ForwardFunction withLoss(nn::Module& model, LossFunction loss) {
    return [&model, loss = std::move(loss)](const Tensor& features, const Tensor& targets) {
        Tensor prediction = model(features);
        return Forward{prediction, loss(prediction, targets)};
    };
}

Trainer::Trainer(nn::Module& model, ForwardFunction forward, TrainingConfig config, data::DataLoader& training,
                 data::DataLoader* validation, data::Task task)
    : m_model(model),
      m_forward(std::move(forward)),
      m_config(std::move(config)),
      m_training(training),
      m_validation(validation),
      m_task(task),
      m_epochMetrics(task) {
    if (m_config.earlyStopping) {
        const std::string& monitor = m_config.earlyStopping->monitor;
        if (monitor.starts_with("val_") && !m_validation)
            throw ValueError("training.earlyStopping.monitor: \"" + monitor +
                             "\" needs a validation split, and this run has none (set data.valFraction > 0)");
        bool accuracyMetric = monitor.ends_with("_acc");
        if (accuracyMetric != (task == data::Task::Classification) && !monitor.ends_with("_loss"))
            throw ValueError("training.earlyStopping.monitor: \"" + monitor + "\" is not a metric of a " +
                             std::string(data::taskName(task)) + " task");
    }
    // The optimiser's and scheduler's own messages are torch's ("Invalid learning rate: -1"); say which
    // setting of the project they are about.
    try {
        m_optimizer = optim::makeOptimizer(m_config.optimizer.type, {optim::ParamGroup{m_model.parameters(), {}}},
                                           m_config.optimizer.options);
    } catch (const ValueError& e) {
        throw ValueError(std::string("training.optimizer: ") + e.what());
    }
    if (m_config.scheduler) {
        io::Json options = m_config.scheduler->options;
        // OneCycleLR needs the run's length; give it the trainer's unless the project states it.
        if (m_config.scheduler->type == "OneCycleLR" && !options.contains("total_steps") &&
            !options.contains("epochs")) {
            bool perStep = m_config.scheduler->interval == SchedulerConfig::Interval::Step;
            options.set("epochs", m_config.epochs);
            options.set("steps_per_epoch", perStep ? m_training.batchesPerEpoch() : std::int64_t{1});
        }
        try {
            m_scheduler = optim::makeScheduler(m_config.scheduler->type, *m_optimizer, options);
        } catch (const ValueError& e) {
            throw ValueError(std::string("training.scheduler: ") + e.what());
        }
    }
    m_lastLr = currentLr();
}

Trainer::~Trainer() = default;

double Trainer::currentLr() const { return m_optimizer->paramGroups().front().get("lr"); }

double Trainer::elapsedMs() const {
    double session = m_running ? static_cast<double>(profile::nowNs() - m_sessionStartNs) / 1e6 : 0.0;
    return m_elapsedBeforeMs + session;
}

namespace {

// Anomaly mode for the scope of one step, put back as it was afterwards (it is process-wide).
class AnomalyScope {
public:
    explicit AnomalyScope(bool on) : m_previous(autograd::AnomalyMode::isEnabled()) {
        if (on) autograd::AnomalyMode::setEnabled(true);
    }
    ~AnomalyScope() { autograd::AnomalyMode::setEnabled(m_previous); }
    AnomalyScope(const AnomalyScope&) = delete;
    AnomalyScope& operator=(const AnomalyScope&) = delete;

private:
    bool m_previous;
};

}  // namespace

bool Trainer::trainStep(const data::Batch& batch, std::int64_t batchIndex, std::int64_t batchesPerEpoch,
                        std::int64_t dataNs) {
    StepTimings timings;
    timings.dataNs = dataNs;
    std::int64_t mark = profile::nowNs();
    auto lap = [&mark] {
        std::int64_t now = profile::nowNs(), d = now - mark;
        mark = now;
        return d;
    };
    manualSeed(data::mixSeed(m_config.seed ^ kStepSeedSalt, static_cast<std::uint64_t>(m_step)));
    m_optimizer->zeroGrad(true);
    // A captured step keeps every op's forward output and names the parameters as the state dict does.
    std::optional<autograd::ForwardRecorder> recordForward;
    if (m_captureGraph.exchange(false)) {
        recordForward.emplace(/*withValues=*/true);
        for (const auto& [name, p] : m_model.namedParameters()) {
            auto& meta = autograd::autogradMeta(p);
            if (meta.name.empty()) meta.name = name;
        }
    }
    Forward forward;
    double lossValue = 0;
    bool inBackward = false;  // an op inside a backward Node reports as an op, not as the Node
    try {
        AnomalyScope anomaly(m_detectAnomaly.load());
        forward = m_forward(batch.x, batch.y);
        timings.forwardNs = lap();
        // Read before backward: a NaN loss stops the run with the weights it had before this step.
        lossValue = forward.loss.item<double>();
        if (!std::isfinite(lossValue)) {
            recordForward.reset();
            NonFiniteReport report;
            report.step = m_step + 1;
            report.nan = std::isnan(lossValue);
            diagnoseNonFinite(batch, report);
            m_nonFinite = report;
            return false;
        }
        inBackward = true;
        if (recordForward) {
            autograd::GraphRecorder recorder({forward.loss}, /*withValues=*/true, &*recordForward);
            recordForward.reset();
            {
                autograd::ObserveBackward observe(recorder);
                forward.loss.backward();
            }
            if (m_callbacks.onGraphCaptured) m_callbacks.onGraphCaptured(recorder.snapshot());
        } else {
            forward.loss.backward();
        }
    } catch (const AutogradError& e) {
        recordForward.reset();
        NonFiniteReport report;
        report.step = m_step + 1;
        if (!parseAnomaly(e.what(), report)) throw;
        manualSeed(data::mixSeed(m_config.seed ^ kStepSeedSalt, static_cast<std::uint64_t>(m_step)));
        if (inBackward) {
            // The forward was finite, so no layer's output names the place: the bad Node's own scope does.
            m_optimizer->zeroGrad(true);
            describeBadGradient(report,
                                firstNonFiniteGradient(m_model, [&] { m_forward(batch.x, batch.y).loss.backward(); }));
        } else if (m_callbacks.locateNonFinite) {
            report.layer = m_callbacks.locateNonFinite(batch.x, batch.y);
        }
        m_optimizer->zeroGrad(true);
        m_nonFinite = report;
        return false;
    }
    const Tensor& prediction = forward.prediction;
    timings.backwardNs = lap();
    if (m_config.clipGradNorm > 0) optim::clipGradNorm(m_model.parameters(), m_config.clipGradNorm);
    m_lastLr = currentLr();
    m_optimizer->step();
    if (m_scheduler && m_config.scheduler->interval == SchedulerConfig::Interval::Step) m_scheduler->step();
    ++m_step;
    ++m_batch;
    timings.optimizerNs = lap();

    m_epochMetrics.add(prediction, batch.y, lossValue);
    timings.metricsNs = lap();
    if (m_callbacks.onStep) {
        StepRecord r;
        r.epoch = m_epoch;
        r.batch = batchIndex;
        r.batchesPerEpoch = batchesPerEpoch;
        r.step = m_step;
        r.loss = lossValue;
        if (m_task == data::Task::Classification) r.accuracy = accuracy(prediction, batch.y);
        r.lr = m_lastLr;
        r.samples = batch.x.size(0);
        r.elapsedMs = elapsedMs();
        r.timings = timings;
        m_callbacks.onStep(r);
    }
    return true;
}

void Trainer::diagnoseNonFinite(const data::Batch& batch, NonFiniteReport& report) {
    // The same step again (same dropout draws), now with every op's output checked.
    manualSeed(data::mixSeed(m_config.seed ^ kStepSeedSalt, static_cast<std::uint64_t>(m_step)));
    m_optimizer->zeroGrad(true);
    try {
        AnomalyScope anomaly(true);
        Forward again = m_forward(batch.x, batch.y);
        again.loss.backward();
    } catch (const AutogradError& e) {
        const bool nan = report.nan;
        parseAnomaly(e.what(), report);
        // It was the loss that went bad (as NaN or Inf); the op is where a bad value first appeared.
        report.where = NonFiniteReport::Where::Loss;
        report.nan = nan;
    }
    m_optimizer->zeroGrad(true);
    if (m_callbacks.locateNonFinite) {
        manualSeed(data::mixSeed(m_config.seed ^ kStepSeedSalt, static_cast<std::uint64_t>(m_step)));
        report.layer = m_callbacks.locateNonFinite(batch.x, batch.y);
    }
}

Metrics Trainer::evaluate(data::DataLoader& loader) {
    bool wasTraining = m_model.isTraining();
    m_model.eval();
    autograd::NoGradGuard noGrad;
    MetricAccumulator acc(m_task);
    // Epoch 0's order every time: the metrics do not depend on which epoch asks.
    for (std::int64_t i = 0; i < loader.batchesPerEpoch(); ++i) {
        data::Batch batch = loader.batch(0, i);
        Forward f = m_forward(batch.x, batch.y);
        acc.add(f.prediction, batch.y, f.loss.item<double>());
    }
    m_model.train(wasTraining);
    return acc.result();
}

EpochRecord Trainer::finishEpoch() {
    EpochRecord r;
    r.epoch = m_epoch + 1;
    r.step = m_step;
    r.train = m_epochMetrics.result();
    if (m_validation) r.validation = evaluate(*m_validation);
    r.lr = m_lastLr;
    if (m_scheduler && m_config.scheduler->interval == SchedulerConfig::Interval::Epoch) m_scheduler->step();
    ++m_epoch;
    m_batch = 0;
    m_epochMetrics.reset();
    r.elapsedMs = elapsedMs();
    return r;
}

bool Trainer::updateEarlyStopping(EpochRecord& record) {
    if (!m_config.earlyStopping) return false;
    const EarlyStoppingConfig& cfg = *m_config.earlyStopping;
    std::optional<double> value = monitoredValue(record, cfg.monitor);
    if (!value || std::isnan(*value)) {
        ++m_early.badEpochs;
    } else {
        double v = monitorMaximises(cfg.monitor) ? *value : -*value;
        if (!m_early.best || v > *m_early.best + cfg.minDelta) {
            m_early.best = v;
            m_early.bestEpoch = record.epoch;
            m_early.badEpochs = 0;
            if (cfg.restoreBest) m_early.bestWeights = cloneState(m_model.stateDict());
            record.improved = true;
        } else {
            ++m_early.badEpochs;
        }
    }
    return m_early.badEpochs >= cfg.patience;
}

TrainResult Trainer::run() {
    if (m_config.threads > 0) kernels::setNumThreads(m_config.threads);
    m_sessionStartNs = profile::nowNs();
    m_running = true;
    m_nonFinite.reset();
    m_model.train();
    // A completed run continues when it is given more epochs (e.g. resumed with a larger --epochs);
    // an early-stopped one stays finished.
    if (m_finished && m_finishReason == FinishReason::Completed && m_epoch < m_config.epochs) m_finished = false;
    bool stopped = false;
    while (!m_finished && m_epoch < m_config.epochs) {
        const std::int64_t batches = m_training.batchesPerEpoch();
        while (m_batch < batches) {
            if (!m_control.waitForNextBatch(m_callbacks.onPaused)) {
                stopped = true;
                break;
            }
            std::int64_t fetchStart = profile::nowNs();
            data::Batch batch = m_training.batch(m_epoch, m_batch);
            if (!trainStep(batch, m_batch, batches, profile::nowNs() - fetchStart)) {
                stopped = true;
                break;
            }
        }
        if (stopped) break;
        EpochRecord record = finishEpoch();
        bool stopEarly = updateEarlyStopping(record);
        m_history.push_back(record);
        if (m_callbacks.onEpochEnd) m_callbacks.onEpochEnd(record);
        if (stopEarly) {
            m_finished = true;
            m_finishReason = FinishReason::EarlyStopped;
        }
    }
    if (!stopped && !m_finished) {
        m_finished = true;
        m_finishReason = FinishReason::Completed;
    }
    if (m_finished && m_config.earlyStopping && m_config.earlyStopping->restoreBest && !m_early.bestWeights.empty()) {
        m_model.loadStateDict(m_early.bestWeights);
        m_early.bestWeights.clear();
    }
    m_elapsedBeforeMs = elapsedMs();
    m_running = false;

    TrainResult result;
    result.reason = stopped ? (m_nonFinite ? FinishReason::NonFinite : FinishReason::Stopped) : m_finishReason;
    result.nonFinite = m_nonFinite;
    result.epochs = m_epoch;
    result.steps = m_step;
    result.history = m_history;
    if (m_config.earlyStopping && m_early.best) result.bestEpoch = m_early.bestEpoch;
    if (m_callbacks.onFinished) m_callbacks.onFinished(result);
    return result;
}

// ---------------------------------------------------------------------------------------------
// Checkpoints
//
// Note [Checkpoint layout]: one safetensors file. Tensors: "model.<name>" for every entry of the
// model's state dict, "optim.<name>" for the optimiser state (core/optim/optim_state.h), and
// "best.<name>" for the best epoch's weights while early stopping holds them. __metadata__:
//   "format": "tessera.checkpoint", "version": "1",
//   "trainer": JSON {"epoch", "batch", "step", "seed", "elapsed_ms", "last_lr", "finished",
//                    "finish_reason", "epoch_metrics" (MetricAccumulator state), "history" [rows],
//                    "early_stopping" {"best", "best_epoch", "bad_epochs"}, "task", "loader" {"epoch",
//                    "position", "batches_per_epoch", "batch_size"}, "training" (the settings)},
//   "optim": JSON (optim::encodeOptimState's metadata).
// The generator needs no state of its own (Note [Training reproducibility]).

namespace {

constexpr const char* kCheckpointFormat = "tessera.checkpoint";
constexpr int kCheckpointVersion = 1;

io::Json metricsToJson(const Metrics& m) {
    io::Json j = io::Json::object();
    j.set("samples", m.samples);
    j.set("loss", m.loss);
    if (m.accuracy) j.set("accuracy", *m.accuracy);
    if (m.mse) j.set("mse", *m.mse);
    if (m.mae) j.set("mae", *m.mae);
    if (m.r2) j.set("r2", *m.r2);
    return j;
}

Metrics metricsFromJson(const io::Json& j) {
    Metrics m;
    m.samples = j.at("samples").asInteger();
    m.loss = j.at("loss").asNumber();
    if (const io::Json* v = j.find("accuracy")) m.accuracy = v->asNumber();
    if (const io::Json* v = j.find("mse")) m.mse = v->asNumber();
    if (const io::Json* v = j.find("mae")) m.mae = v->asNumber();
    if (const io::Json* v = j.find("r2")) m.r2 = v->asNumber();
    return m;
}

io::Json recordToJson(const EpochRecord& r) {
    io::Json j = io::Json::object();
    j.set("epoch", r.epoch);
    j.set("step", r.step);
    j.set("train", metricsToJson(r.train));
    if (r.validation) j.set("validation", metricsToJson(*r.validation));
    j.set("lr", r.lr);
    j.set("elapsed_ms", r.elapsedMs);
    j.set("improved", r.improved);
    return j;
}

EpochRecord recordFromJson(const io::Json& j) {
    EpochRecord r;
    r.epoch = j.at("epoch").asInteger();
    r.step = j.at("step").asInteger();
    r.train = metricsFromJson(j.at("train"));
    if (const io::Json* v = j.find("validation")) r.validation = metricsFromJson(*v);
    r.lr = j.at("lr").asNumber();
    r.elapsedMs = j.at("elapsed_ms").asNumber();
    r.improved = j.at("improved").asBool();
    return r;
}

nn::NamedTensors withPrefix(const std::string& prefix, const nn::NamedTensors& tensors) {
    nn::NamedTensors out;
    for (const auto& [name, t] : tensors)
        if (t.defined()) out.emplace_back(prefix + name, t);
    return out;
}

nn::NamedTensors takePrefix(const std::string& prefix, const nn::NamedTensors& tensors) {
    nn::NamedTensors out;
    for (const auto& [name, t] : tensors)
        if (name.starts_with(prefix)) out.emplace_back(name.substr(prefix.size()), t);
    return out;
}

}  // namespace

std::string finishReasonName(FinishReason reason) {
    switch (reason) {
        case FinishReason::Completed:
            return "completed";
        case FinishReason::EarlyStopped:
            return "early-stopped";
        case FinishReason::Stopped:
            return "stopped";
        case FinishReason::NonFinite:
            return "non-finite";
    }
    return "?";
}

void Trainer::saveCheckpoint(const std::filesystem::path& file) const {
    io::Json trainer = io::Json::object();
    trainer.set("epoch", m_epoch);
    trainer.set("batch", m_batch);
    trainer.set("step", m_step);
    trainer.set("seed", static_cast<std::int64_t>(m_config.seed));
    trainer.set("elapsed_ms", elapsedMs());
    trainer.set("last_lr", m_lastLr);
    trainer.set("finished", m_finished);
    trainer.set("finish_reason", finishReasonName(m_finishReason));
    trainer.set("task", std::string(data::taskName(m_task)));
    trainer.set("epoch_metrics", m_epochMetrics.state());
    io::Json history = io::Json::array();
    for (const EpochRecord& r : m_history) history.asArray().push_back(recordToJson(r));
    trainer.set("history", history);
    io::Json early = io::Json::object();
    early.set("best", m_early.best ? io::Json(*m_early.best) : io::Json());
    early.set("best_epoch", m_early.bestEpoch);
    early.set("bad_epochs", m_early.badEpochs);
    trainer.set("early_stopping", early);
    io::Json loader = io::Json::object();
    loader.set("epoch", m_epoch);
    loader.set("position", m_batch);
    loader.set("batches_per_epoch", m_training.batchesPerEpoch());
    loader.set("batch_size", m_training.options().batchSize);
    trainer.set("loader", loader);
    trainer.set("training", trainingConfigToJson(m_config));

    std::optional<optim::SchedulerState> scheduler;
    if (m_scheduler) scheduler = m_scheduler->state();
    optim::EncodedState optim = optim::encodeOptimState(m_optimizer->state(), scheduler ? &*scheduler : nullptr);
    nn::NamedTensors tensors = withPrefix("model.", m_model.stateDict());
    for (auto& t : withPrefix("optim.", optim.tensors)) tensors.push_back(std::move(t));
    for (auto& t : withPrefix("best.", m_early.bestWeights)) tensors.push_back(std::move(t));
    io::saveSafetensors(file, tensors,
                        {{"format", kCheckpointFormat},
                         {"version", std::to_string(kCheckpointVersion)},
                         {"trainer", io::writeJson(trainer, 0)},
                         {"optim", io::writeJson(optim.metadata, 0)}});
}

void Trainer::loadCheckpoint(const std::filesystem::path& file) {
    const std::string where = file.string();
    io::SafetensorsFile f = io::loadSafetensors(file);
    auto meta = [&](const std::string& key) -> const std::string& {
        auto it = f.metadata.find(key);
        if (it == f.metadata.end())
            throw IoError(where + ": not a Tessera checkpoint (no '" + key + "' in its metadata)");
        return it->second;
    };
    if (meta("format") != kCheckpointFormat)
        throw IoError(where + ": not a Tessera checkpoint (format '" + meta("format") + "')");
    if (meta("version") != std::to_string(kCheckpointVersion))
        throw IoError(where + ": checkpoint version " + meta("version") + " is not supported (this build reads " +
                      std::to_string(kCheckpointVersion) + ")");
    io::Json trainer = io::parseJson(meta("trainer"), where + " (trainer metadata)");
    io::Json optimMeta = io::parseJson(meta("optim"), where + " (optimizer metadata)");
    try {
        if (trainer.at("task").asString() != data::taskName(m_task))
            throw ValueError(where + ": the checkpoint is of a " + trainer.at("task").asString() +
                             " run, this project trains a " + std::string(data::taskName(m_task)) + " model");
        const io::Json& loader = trainer.at("loader");
        if (loader.at("batches_per_epoch").asInteger() != m_training.batchesPerEpoch() ||
            loader.at("batch_size").asInteger() != m_training.options().batchSize)
            throw ValueError(where + ": the checkpoint was taken with " +
                             std::to_string(loader.at("batch_size").asInteger()) + "-sample batches, " +
                             std::to_string(loader.at("batches_per_epoch").asInteger()) + " per epoch; this run has " +
                             std::to_string(m_training.options().batchSize) + " and " +
                             std::to_string(m_training.batchesPerEpoch()) + " — the data or batch size changed");
        if (static_cast<std::uint64_t>(trainer.at("seed").asInteger()) != m_config.seed)
            throw ValueError(where + ": the checkpoint was trained with seed " +
                             std::to_string(trainer.at("seed").asInteger()) + ", this run uses seed " +
                             std::to_string(m_config.seed));

        nn::NamedTensors model = takePrefix("model.", f.tensors);
        try {
            m_model.loadStateDict(model);
        } catch (const Error& e) {
            throw ValueError(where + ": the weights do not fit this model: " + e.what());
        }
        optim::DecodedState decoded = optim::decodeOptimState(takePrefix("optim.", f.tensors), optimMeta);
        m_optimizer->loadState(decoded.optimizer);
        if (m_scheduler) {
            if (!decoded.scheduler)
                throw ValueError(where + ": the checkpoint has no scheduler state, this run uses " +
                                 m_scheduler->name());
            m_scheduler->loadState(*decoded.scheduler);
        }

        m_epoch = trainer.at("epoch").asInteger();
        m_batch = trainer.at("batch").asInteger();
        m_step = trainer.at("step").asInteger();
        m_elapsedBeforeMs = trainer.at("elapsed_ms").asNumber();
        m_lastLr = trainer.at("last_lr").asNumber();
        m_finished = trainer.at("finished").asBool();
        std::string reason = trainer.at("finish_reason").asString();
        m_finishReason = reason == "early-stopped" ? FinishReason::EarlyStopped : FinishReason::Completed;
        m_epochMetrics.loadState(trainer.at("epoch_metrics"));
        m_history.clear();
        for (const io::Json& r : trainer.at("history").asArray()) m_history.push_back(recordFromJson(r));
        const io::Json& early = trainer.at("early_stopping");
        m_early = {};
        if (!early.at("best").isNull()) m_early.best = early.at("best").asNumber();
        m_early.bestEpoch = early.at("best_epoch").asInteger();
        m_early.badEpochs = early.at("bad_epochs").asInteger();
        m_early.bestWeights = takePrefix("best.", f.tensors);
    } catch (const Error& e) {
        // Every error names the file: the optimizer's and scheduler's state readers do not know it
        // (found by the checkpoint fuzzer: "optimizer state: the tensor 'state.2.exp_avg_sq' is missing").
        std::string message = e.what();
        if (message.starts_with(where)) throw;
        throw IoError(where + ": malformed checkpoint: " + message);
    }
    m_control.reset();
}

}  // namespace tessera::train
