#include "widgets/training/evaluation.h"

#include <algorithm>
#include <cmath>

#include "core/tensor/factory.h"
#include "core/train/metrics.h"

namespace tessera::widgets {

std::int64_t Evaluation::samples() const {
    if (task == data::Task::Regression) return actual.size();
    std::int64_t n = 0;
    for (const auto& row : confusion)
        for (std::int64_t v : row) n += v;
    return n;
}

double Evaluation::accuracy() const {
    std::int64_t n = samples(), right = 0;
    for (std::size_t i = 0; i < confusion.size(); ++i) right += confusion[i][i];
    return n > 0 ? static_cast<double>(right) / static_cast<double>(n) : 0.0;
}

void classify(const Tensor& prediction, std::vector<int>& classes, std::vector<float>& confidence) {
    const std::vector<float> v = prediction.toVector<float>();
    const std::int64_t n = prediction.dim() == 0 ? 1 : prediction.size(0);
    const std::int64_t c = n > 0 ? static_cast<std::int64_t>(v.size()) / n : 0;
    classes.assign(static_cast<std::size_t>(n), 0);
    confidence.assign(static_cast<std::size_t>(n), 1.0f);
    for (std::int64_t i = 0; i < n; ++i) {
        const float* row = v.data() + i * c;
        if (c == 1) {
            const float p = 1.0f / (1.0f + std::exp(-row[0]));
            classes[i] = row[0] > 0 ? 1 : 0;
            confidence[i] = std::max(p, 1 - p);
            continue;
        }
        const auto best = static_cast<int>(std::max_element(row, row + c) - row);  // first of ties
        double sum = 0;
        for (std::int64_t j = 0; j < c; ++j) sum += std::exp(static_cast<double>(row[j] - row[best]));
        classes[i] = best;
        confidence[i] = static_cast<float>(1.0 / sum);
    }
}

Evaluation evaluate(const PredictFunction& predict, const data::Dataset& split, const QString& name) {
    Evaluation e;
    e.split = name;
    e.task = split.task;
    if (split.size() == 0) return e;
    const Tensor prediction = predict(split.features);
    if (split.task == data::Task::Classification) {
        const auto classes = static_cast<std::size_t>(split.numClasses());
        for (const std::string& c : split.classNames) e.classNames << QString::fromStdString(c);
        e.confusion.assign(classes, std::vector<std::int64_t>(classes, 0));
        std::vector<int> predicted;
        std::vector<float> confidence;
        classify(prediction, predicted, confidence);
        const std::vector<std::int64_t> actual = split.targets.toVector<std::int64_t>();
        for (std::size_t i = 0; i < actual.size(); ++i) {
            const auto p = static_cast<std::size_t>(predicted[i]);
            if (p < classes) ++e.confusion[static_cast<std::size_t>(actual[i])][p];
            if (classes == 2) {
                e.scores << (predicted[i] == 1 ? confidence[i] : 1.0 - confidence[i]);
                e.labels << static_cast<int>(actual[i]);
            }
        }
        return e;
    }
    const std::vector<float> p = prediction.toVector<float>(), y = split.targets.toVector<float>();
    const std::size_t width = static_cast<std::size_t>(split.targetWidth());
    for (std::size_t i = 0; i < split.size(); ++i) {
        e.actual << y[i * width];
        e.predicted << p[i * width];
    }
    e.r2 = train::r2Score(prediction, split.targets);
    return e;
}

RocPr rocPr(const QVector<double>& scores, const QVector<int>& labels) {
    RocPr r;
    std::vector<qsizetype> order(static_cast<std::size_t>(scores.size()));
    for (qsizetype i = 0; i < scores.size(); ++i) order[static_cast<std::size_t>(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return scores[a] > scores[b]; });
    double positives = 0;
    for (int l : labels) positives += l == 1;
    const double negatives = static_cast<double>(labels.size()) - positives;
    if (positives == 0 || negatives == 0) return r;
    r.fpr << 0;
    r.tpr << 0;
    r.recall << 0;
    r.precision << 1;
    double tp = 0, fp = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const qsizetype i = order[k];
        (labels[i] == 1 ? tp : fp) += 1;
        // One point per distinct score: tied samples cross the threshold together.
        if (k + 1 < order.size() && scores[order[k + 1]] == scores[i]) continue;
        r.fpr << fp / negatives;
        r.tpr << tp / positives;
        const double recall = tp / positives, precision = tp / (tp + fp);
        r.averagePrecision += (recall - r.recall.back()) * precision;
        r.recall << recall;
        r.precision << precision;
    }
    for (qsizetype i = 1; i < r.fpr.size(); ++i) r.rocAuc += (r.fpr[i] - r.fpr[i - 1]) * (r.tpr[i] + r.tpr[i - 1]) / 2;
    return r;
}

bool hasBoundary(const data::Dataset& d) {
    return d.features.defined() && d.task == data::Task::Classification && d.numFeatures() == 2;
}

BoundaryGrid boundaryGrid(const PredictFunction& predict, const data::Dataset& points, int size) {
    BoundaryGrid g;
    if (!hasBoundary(points) || points.size() == 0 || size < 2) return g;
    const std::vector<float> f = points.features.toVector<float>();
    const std::vector<std::int64_t> t = points.targets.toVector<std::int64_t>();
    double x0 = f[0], x1 = f[0], y0 = f[1], y1 = f[1];
    for (std::size_t i = 0; i < points.size(); ++i) {
        x0 = std::min<double>(x0, f[2 * i]);
        x1 = std::max<double>(x1, f[2 * i]);
        y0 = std::min<double>(y0, f[2 * i + 1]);
        y1 = std::max<double>(y1, f[2 * i + 1]);
        g.px << f[2 * i];
        g.py << f[2 * i + 1];
        g.pointClass.push_back(static_cast<int>(t[i]));
    }
    const double mx = 0.1 * (x1 - x0) + 1e-3, my = 0.1 * (y1 - y0) + 1e-3;
    g.x0 = x0 - mx, g.x1 = x1 + mx, g.y0 = y0 - my, g.y1 = y1 + my;
    g.size = size;
    g.classes = static_cast<int>(points.numClasses());
    Tensor grid = zeros({static_cast<std::int64_t>(size) * size, 2});
    float* cells = grid.data<float>();
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) {
            cells[2 * (r * size + c)] = static_cast<float>(g.x0 + (c + 0.5) * (g.x1 - g.x0) / size);
            cells[2 * (r * size + c) + 1] = static_cast<float>(g.y0 + (r + 0.5) * (g.y1 - g.y0) / size);
        }
    classify(predict(grid), g.cellClass, g.cellConfidence);
    return g;
}

}  // namespace tessera::widgets
