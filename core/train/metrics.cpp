#include "core/train/metrics.h"

#include <algorithm>
#include <cmath>

#include "core/tensor/error.h"

namespace tessera::train {
namespace {

// A classification batch read as plain numbers: n samples of c scores (c == 1: a binary logit).
struct ClassBatch {
    std::int64_t n = 0;
    std::int64_t c = 0;
    std::vector<double> scores;
    std::vector<std::int64_t> labels;
};

ClassBatch readClassBatch(const Tensor& prediction, const Tensor& target, const char* metric) {
    ClassBatch b;
    const Shape& p = prediction.sizes();
    auto mismatch = [&](const std::string& cause) {
        return ShapeError(std::string(metric) + ": prediction " + shapeToString(p) + " and target " +
                          shapeToString(target.sizes()) + " " + cause);
    };
    if (p.size() == 2 && p[1] > 1) {
        b.n = p[0];
        b.c = p[1];
        if (target.dim() != 1 || target.size(0) != b.n)
            throw mismatch("do not match: class scores [N, C] need class indices [N]");
        if (target.dtype() != DType::Int64)
            throw TypeError(std::string(metric) + ": class targets must be int64, found " +
                            std::string(dtypeName(target.dtype())));
    } else if (p.size() == 1 || (p.size() == 2 && p[1] == 1)) {
        b.n = p[0];
        b.c = 1;
        if (target.numel() != b.n || target.dim() > 2)
            throw mismatch("do not match: a binary logit per sample needs one 0/1 target per sample");
    } else {
        throw mismatch("are not a classification batch ([N, C] scores or [N] binary logits)");
    }
    b.scores = prediction.detach().toVector<double>();
    for (double t : target.detach().toVector<double>()) {
        auto label = static_cast<std::int64_t>(t);
        if (static_cast<double>(label) != t || label < 0 || label >= std::max<std::int64_t>(b.c, 2))
            throw ValueError(std::string(metric) + ": target " + std::to_string(t) + " is not a class in [0, " +
                             std::to_string(std::max<std::int64_t>(b.c, 2)) + ")");
        b.labels.push_back(label);
    }
    return b;
}

std::int64_t predictedClass(const ClassBatch& b, std::int64_t i) {
    if (b.c == 1) return b.scores[static_cast<std::size_t>(i)] > 0 ? 1 : 0;
    const double* row = b.scores.data() + i * b.c;
    std::int64_t best = 0;
    for (std::int64_t j = 1; j < b.c; ++j)
        if (row[j] > row[best] || (std::isnan(row[j]) && !std::isnan(row[best]))) best = j;
    return best;
}

std::int64_t countCorrect(const ClassBatch& b) {
    std::int64_t correct = 0;
    for (std::int64_t i = 0; i < b.n; ++i) correct += predictedClass(b, i) == b.labels[static_cast<std::size_t>(i)];
    return correct;
}

// Regression operands: prediction and target of equal element count; [N] and [N, 1] line up.
struct RegressionBatch {
    std::int64_t n = 0;
    std::int64_t outputs = 0;
    std::vector<double> predicted;
    std::vector<double> actual;
};

RegressionBatch readRegressionBatch(const Tensor& prediction, const Tensor& target, const char* metric) {
    if (prediction.numel() != target.numel() || prediction.dim() == 0 ||
        (prediction.sizes() != target.sizes() && prediction.numel() != prediction.size(0)))
        throw ShapeError(std::string(metric) + ": prediction " + shapeToString(prediction.sizes()) + " and target " +
                         shapeToString(target.sizes()) + " do not have the same shape");
    if (!isFloating(prediction.dtype()) || !isFloating(target.dtype()))
        throw TypeError(std::string(metric) + ": prediction and target must be floating point, found " +
                        std::string(dtypeName(prediction.dtype())) + " and " + std::string(dtypeName(target.dtype())));
    RegressionBatch b;
    b.n = prediction.size(0);
    b.outputs = b.n == 0 ? 0 : prediction.numel() / b.n;
    b.predicted = prediction.detach().toVector<double>();
    b.actual = target.detach().toVector<double>();
    return b;
}

}  // namespace

double accuracy(const Tensor& prediction, const Tensor& target) {
    ClassBatch b = readClassBatch(prediction, target, "accuracy");
    return b.n == 0 ? 0.0 : static_cast<double>(countCorrect(b)) / static_cast<double>(b.n);
}

double topKAccuracy(const Tensor& prediction, const Tensor& target, std::int64_t k) {
    ClassBatch b = readClassBatch(prediction, target, "top-k accuracy");
    if (k < 1 || k > std::max<std::int64_t>(b.c, 2))
        throw ValueError("top-k accuracy: k = " + std::to_string(k) + " is out of range [1, " +
                         std::to_string(std::max<std::int64_t>(b.c, 2)) + "] for " + std::to_string(b.c) +
                         " class scores");
    if (b.c == 1) return k >= 2 ? 1.0 : accuracy(prediction, target);
    std::int64_t hits = 0;
    for (std::int64_t i = 0; i < b.n; ++i) {
        const double* row = b.scores.data() + i * b.c;
        std::int64_t label = b.labels[static_cast<std::size_t>(i)];
        // Rank of the target: classes scoring higher, or equal with a lower index, come first.
        std::int64_t ahead = 0;
        for (std::int64_t j = 0; j < b.c; ++j)
            if (row[j] > row[label] || (row[j] == row[label] && j < label)) ++ahead;
        hits += ahead < k;
    }
    return b.n == 0 ? 0.0 : static_cast<double>(hits) / static_cast<double>(b.n);
}

double meanSquaredError(const Tensor& prediction, const Tensor& target) {
    RegressionBatch b = readRegressionBatch(prediction, target, "mean squared error");
    double sum = 0;
    for (std::size_t i = 0; i < b.actual.size(); ++i)
        sum += (b.predicted[i] - b.actual[i]) * (b.predicted[i] - b.actual[i]);
    return b.actual.empty() ? 0.0 : sum / static_cast<double>(b.actual.size());
}

double meanAbsoluteError(const Tensor& prediction, const Tensor& target) {
    RegressionBatch b = readRegressionBatch(prediction, target, "mean absolute error");
    double sum = 0;
    for (std::size_t i = 0; i < b.actual.size(); ++i) sum += std::abs(b.predicted[i] - b.actual[i]);
    return b.actual.empty() ? 0.0 : sum / static_cast<double>(b.actual.size());
}

double r2Score(const Tensor& prediction, const Tensor& target) {
    MetricAccumulator acc(Task::Regression);
    acc.add(prediction, target, 0.0);
    return acc.result().r2.value_or(0.0);
}

void MetricAccumulator::add(const Tensor& prediction, const Tensor& target, double loss) {
    if (m_task == Task::Classification) {
        ClassBatch b = readClassBatch(prediction, target, "accuracy");
        m_samples += b.n;
        m_lossSum += loss * static_cast<double>(b.n);
        m_correct += countCorrect(b);
        return;
    }
    RegressionBatch b = readRegressionBatch(prediction, target, "regression metrics");
    if (b.n == 0) return;
    if (m_values > 0 && static_cast<std::int64_t>(m_targetMean.size()) != b.outputs)
        throw ShapeError("regression metrics: a batch has " + std::to_string(b.outputs) +
                         " outputs per sample, earlier ones " + std::to_string(m_targetMean.size()));
    auto outputs = static_cast<std::size_t>(b.outputs);
    m_targetMean.resize(outputs, 0.0);
    m_targetM2.resize(outputs, 0.0);
    m_residualSum.resize(outputs, 0.0);
    std::vector<double> batchMean(outputs, 0.0), batchM2(outputs, 0.0);
    for (std::size_t i = 0; i < b.actual.size(); ++i) batchMean[i % outputs] += b.actual[i];
    for (double& v : batchMean) v /= static_cast<double>(b.n);
    for (std::size_t i = 0; i < b.actual.size(); ++i) {
        std::size_t col = i % outputs;
        double err = b.predicted[i] - b.actual[i];
        double dev = b.actual[i] - batchMean[col];
        m_squaredError += err * err;
        m_absoluteError += std::abs(err);
        m_residualSum[col] += err * err;
        batchM2[col] += dev * dev;
    }
    {
        double na = static_cast<double>(m_samples), nb = static_cast<double>(b.n);
        for (std::size_t col = 0; col < outputs; ++col) {
            double delta = batchMean[col] - m_targetMean[col];
            m_targetM2[col] += batchM2[col] + delta * delta * na * nb / (na + nb);
            m_targetMean[col] += delta * nb / (na + nb);
        }
    }
    m_samples += b.n;
    m_lossSum += loss * static_cast<double>(b.n);
    m_values += static_cast<std::int64_t>(b.actual.size());
}

Metrics MetricAccumulator::result() const {
    Metrics m;
    m.samples = m_samples;
    if (m_samples == 0) return m;
    m.loss = m_lossSum / static_cast<double>(m_samples);
    if (m_task == Task::Classification) {
        m.accuracy = static_cast<double>(m_correct) / static_cast<double>(m_samples);
        return m;
    }
    m.mse = m_squaredError / static_cast<double>(m_values);
    m.mae = m_absoluteError / static_cast<double>(m_values);
    double total = 0;
    for (std::size_t col = 0; col < m_targetM2.size(); ++col) {
        if (m_targetM2[col] > 0)
            total += 1.0 - m_residualSum[col] / m_targetM2[col];
        else
            total += m_residualSum[col] == 0 ? 1.0 : 0.0;
    }
    m.r2 = m_targetM2.empty() ? 0.0 : total / static_cast<double>(m_targetM2.size());
    return m;
}

void MetricAccumulator::reset() { *this = MetricAccumulator(m_task); }

namespace {

io::Json numbers(const std::vector<double>& values) {
    io::Json::Array out;
    for (double v : values) out.emplace_back(v);
    return io::Json::array(std::move(out));
}

std::vector<double> readNumbers(const io::Json& state, std::string_view key) {
    std::vector<double> out;
    for (const io::Json& v : state.at(key).asArray()) out.push_back(v.asNumber());
    return out;
}

}  // namespace

io::Json MetricAccumulator::state() const {
    io::Json s = io::Json::object();
    s.set("samples", m_samples);
    s.set("loss_sum", m_lossSum);
    s.set("correct", m_correct);
    s.set("squared_error", m_squaredError);
    s.set("absolute_error", m_absoluteError);
    s.set("values", m_values);
    s.set("target_mean", numbers(m_targetMean));
    s.set("target_m2", numbers(m_targetM2));
    s.set("residual_sum", numbers(m_residualSum));
    return s;
}

void MetricAccumulator::loadState(const io::Json& state) {
    try {
        MetricAccumulator next(m_task);
        next.m_samples = state.at("samples").asInteger();
        next.m_lossSum = state.at("loss_sum").asNumber();
        next.m_correct = state.at("correct").asInteger();
        next.m_squaredError = state.at("squared_error").asNumber();
        next.m_absoluteError = state.at("absolute_error").asNumber();
        next.m_values = state.at("values").asInteger();
        next.m_targetMean = readNumbers(state, "target_mean");
        next.m_targetM2 = readNumbers(state, "target_m2");
        next.m_residualSum = readNumbers(state, "residual_sum");
        *this = std::move(next);
    } catch (const ValueError& e) {
        throw IoError(std::string("metric state: ") + e.what());
    }
}

}  // namespace tessera::train
