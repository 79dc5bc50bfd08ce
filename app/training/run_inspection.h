// RunInspection: what the inspecting views get from a training run, gathered without slowing it or
// racing it. On the worker thread, every N steps (and when the run pauses) it copies the model's
// tensors out with a train::TensorProbe; on the UI thread, at most 30 times a second (the
// controller's drain), it appends them to a TensorHistoryModel and passes the newest weights to the
// try-the-model view, which predicts with its own copy of the network. The last weights are taken
// again when the run ends (early stopping may have restored older ones).
//
//   RunInspection* inspection = controller->inspection();
//   inspection->setSampleEvery(5);
//   connect(inspection, &RunInspection::weightsChanged, view, [&] {
//       view->model()->setWeights(inspection->weights());
//   });
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/data/dataset.h"
#include "core/data/split.h"
#include "core/graph/graph_module.h"
#include "core/graph/model_graph.h"
#include "core/nn/module.h"
#include "core/train/tensor_probe.h"

namespace tessera::widgets {
class TensorHistoryModel;
}

namespace tessera::app {

class RunInspection : public QObject {
    Q_OBJECT
public:
    explicit RunInspection(QObject* parent = nullptr);
    ~RunInspection() override;

    // UI thread, before the worker starts: probes `model` (activations on the first 64 rows of the
    // validation split, else test, else train), tries it on the test split and clears the history.
    void attach(graph::GraphModule& model, const data::Split& split, const QString& runName);
    // Worker thread, after each step / when the run is about to wait while paused.
    void afterStep(std::int64_t step);
    void beforePause(std::int64_t step);
    // UI thread: moves the samples taken so far into tensors() and the newest weights into weights().
    void drain();
    // The thread that owns the model once training has ended: takes a last sample of the final weights
    // (early stopping may have restored older ones), delivered by the next drain().
    void finish(std::int64_t step);

    // UI thread, no run active: forgets the run (its model, samples, weights and name): another
    // project was opened. detached() then.
    void detach();

    void setSampleEvery(int steps) { m_every.store(std::max(steps, 1)); }
    int sampleEvery() const { return m_every.load(); }

    widgets::TensorHistoryModel* tensors() const { return m_tensors; }
    // The network, weights and test rows to try; weights() is empty before the first sample.
    const graph::ModelGraph& graph() const { return m_graph; }
    const nn::NamedTensors& weights() const { return m_weights; }
    const data::Dataset& tryData() const { return m_tryData; }
    std::int64_t weightsStep() const { return m_weightsStep; }
    QString runName() const { return m_runName; }

signals:
    // A new run: graph(), tryData() and weights() describe it now.
    void attached();
    // No run any more: graph(), tryData() and weights() are empty.
    void detached();
    // tensors() has new samples.
    void sampled();
    // weights() holds newer weights (also the first time, after attach()).
    void weightsChanged();

private:
    // `always`: even when the history already ends at this step.
    void take(std::int64_t step, bool tensors, bool always = true);

    widgets::TensorHistoryModel* m_tensors;
    std::unique_ptr<train::TensorProbe> m_probe;
    std::atomic<int> m_every{20};
    std::atomic<std::int64_t> m_lastTaken{-1};  // step of the last tensor sample taken
    graph::ModelGraph m_graph;
    data::Dataset m_tryData;
    QString m_runName;
    nn::NamedTensors m_weights;
    std::int64_t m_weightsStep = -1;

    std::mutex m_mutex;  // guards the pending samples, written by the worker
    std::vector<train::ProbeSample> m_pending;
    std::optional<train::ProbeSample> m_pendingWeights;
};

}  // namespace tessera::app
