#include "app/training/run_inspection.h"

#include "core/data/dataset.h"
#include "widgets/training/tensor_inspector.h"

namespace tessera::app {

namespace {

// Rows whose activations are sampled: enough to show a distribution (a conv layer's output on 16
// digits is thousands of values), few enough to cost little — the UI thread summarises every value
// of every sample while the run trains (64 rows cost the GUI run ~5 % of its speed on digits-cnn).
constexpr std::int64_t kProbeRows = 16;
// Samples waiting for the UI thread; older ones are dropped if it falls this far behind.
constexpr std::size_t kMaxPending = 256;

}  // namespace

RunInspection::RunInspection(QObject* parent) : QObject(parent), m_tensors(new widgets::TensorHistoryModel(this)) {}

RunInspection::~RunInspection() = default;

void RunInspection::attach(graph::GraphModule& model, const data::Split& split, const QString& runName) {
    const data::Dataset& rows = split.val.size() > 0 ? split.val : split.test.size() > 0 ? split.test : split.train;
    std::vector<std::int64_t> first;
    for (std::int64_t i = 0; i < std::min<std::int64_t>(kProbeRows, static_cast<std::int64_t>(rows.size())); ++i)
        first.push_back(i);
    m_probe = std::make_unique<train::TensorProbe>(model, rows.subset(first).features);
    m_graph = model.graph();
    m_tryData = split.test.size() > 0 ? split.test : split.val.size() > 0 ? split.val : split.train;
    m_runName = runName;
    {
        std::lock_guard lock(m_mutex);
        m_pending.clear();
        m_pendingWeights.reset();
    }
    m_tensors->clear();
    m_lastTaken.store(-1);
    // The starting weights, so the model can be tried before the first sample.
    m_weights = m_probe->state();
    m_weightsStep = 0;
    emit attached();
    emit weightsChanged();
}

void RunInspection::detach() {
    m_probe.reset();
    m_graph = {};
    m_tryData = {};
    m_runName.clear();
    m_weights.clear();
    m_weightsStep = -1;
    {
        std::lock_guard lock(m_mutex);
        m_pending.clear();
        m_pendingWeights.reset();
    }
    m_tensors->clear();
    m_lastTaken.store(-1);
    emit detached();
}

void RunInspection::take(std::int64_t step, bool tensors, bool always) {
    if (!m_probe) return;
    if (!always && step == m_lastTaken.load()) {
        // The history has this step already; only the weights may have changed (early stopping).
        tensors = false;
    }
    if (tensors) m_lastTaken.store(step);
    train::ProbeSample sample;
    if (tensors) {
        sample = m_probe->sample(step);
    } else {
        sample.step = step;
        sample.state = m_probe->state();
    }
    std::lock_guard lock(m_mutex);
    // The weights go to the Try tab, the tensors to the history: each part moved, never copied.
    m_pendingWeights = train::ProbeSample{.step = sample.step, .tensors = {}, .state = std::move(sample.state)};
    if (tensors) {
        m_pending.push_back(std::move(sample));
        if (m_pending.size() > kMaxPending) m_pending.erase(m_pending.begin());
    }
}

void RunInspection::afterStep(std::int64_t step) {
    if (step % m_every.load() == 0) take(step, true);
}

void RunInspection::beforePause(std::int64_t step) { take(step, false); }

void RunInspection::drain() {
    std::vector<train::ProbeSample> samples;
    std::optional<train::ProbeSample> weights;
    {
        std::lock_guard lock(m_mutex);
        samples.swap(m_pending);
        weights.swap(m_pendingWeights);
    }
    for (train::ProbeSample& s : samples) m_tensors->append(std::move(s));
    if (!samples.empty()) emit sampled();
    if (weights) {
        m_weights = std::move(weights->state);
        m_weightsStep = weights->step;
        emit weightsChanged();
    }
}

void RunInspection::finish(std::int64_t step) { take(step, true, /*always=*/false); }

}  // namespace tessera::app
