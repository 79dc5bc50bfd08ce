// Training metrics on a batch's predictions and targets, and their exact accumulation over an
// epoch: accuracy, top-k accuracy for classification; MSE, MAE and R² for regression (sklearn's
// definitions; R² averages the outputs' scores uniformly, as r2_score's default).
//
//   double acc = train::accuracy(logits, labels);            // logits [N, C], labels int64 [N]
//   double top3 = train::topKAccuracy(logits, labels, 3);
//   train::MetricAccumulator epoch(train::Task::Regression);
//   for (…) epoch.add(prediction, target, loss.item<float>());
//   train::Metrics m = epoch.result();                        // m.loss, m.mse, m.mae, m.r2
//
// Predictions may require grad; they are read, never differentiated. Classification predictions are
// logits or probabilities of shape [N, C] (class = argmax, first of ties) with int64 class targets
// [N]; a single output ([N] or [N, 1]) is a binary logit (class 1 when > 0, as BCEWithLogitsLoss
// reads it) against 0/1 targets of any dtype. A mismatch of shapes or dtypes is a ShapeError or
// TypeError naming the metric and both shapes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/io/json.h"
#include "core/tensor/tensor.h"

namespace tessera::train {

using data::Task;

double accuracy(const Tensor& prediction, const Tensor& target);
// The fraction of samples whose target is among the k largest scores (ties broken by lower index).
double topKAccuracy(const Tensor& prediction, const Tensor& target, std::int64_t k);
double meanSquaredError(const Tensor& prediction, const Tensor& target);
double meanAbsoluteError(const Tensor& prediction, const Tensor& target);
// 1 - SS_res / SS_tot per output column, averaged; an output with constant targets scores 1 when
// predicted exactly and 0 otherwise (sklearn's convention).
double r2Score(const Tensor& prediction, const Tensor& target);

// An epoch's metrics. `loss` is the sample-weighted mean of the batch losses; the task's metrics
// are set, the other task's stay empty.
struct Metrics {
    std::int64_t samples = 0;
    double loss = 0;
    std::optional<double> accuracy;      // classification
    std::optional<double> mse, mae, r2;  // regression
};

// Sums per-sample statistics in double over batches, so an epoch's metric equals the metric of the
// concatenated batches (up to rounding) whatever the batch size.
class MetricAccumulator {
public:
    explicit MetricAccumulator(Task task) : m_task(task) {}
    // `loss` is the batch's mean loss; it is weighted by the batch's sample count.
    void add(const Tensor& prediction, const Tensor& target, double loss);
    Metrics result() const;
    void reset();
    // The running sums as JSON (numbers read back to the same doubles), so a checkpoint taken in the
    // middle of an epoch resumes its metrics exactly; loadState throws IoError for a malformed state.
    io::Json state() const;
    void loadState(const io::Json& state);
    Task task() const { return m_task; }

private:
    Task m_task;
    std::int64_t m_samples = 0;
    double m_lossSum = 0;
    std::int64_t m_correct = 0;
    double m_squaredError = 0, m_absoluteError = 0;
    std::int64_t m_values = 0;  // regression elements seen (samples × outputs)
    // Per output column: the targets' mean and Σ(y - mean)² (merged batch by batch with Chan's
    // formula, which keeps SS_tot accurate where Σy² - n·mean² would cancel), and Σ(y - ŷ)².
    std::vector<double> m_targetMean, m_targetM2, m_residualSum;
};

}  // namespace tessera::train
