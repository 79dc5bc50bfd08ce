// A trained model's predictions on a split, summarised for the metrics views: the confusion matrix
// (classification) or predicted and actual values with R² (regression), and for data sets with two
// features the predicted class over a grid of the plane (the decision boundary).
//
//   auto predict = [&](const Tensor& x) { return model(x); };        // eval mode, no grad: the caller's
//   Evaluation e = evaluate(predict, split.test, "test");
//   e.confusion[actual][predicted];  e.accuracy();
//   if (hasBoundary(split.train)) BoundaryGrid g = boundaryGrid(predict, split.train, 64);
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/data/dataset.h"
#include "core/tensor/tensor.h"

namespace tessera::widgets {

using PredictFunction = std::function<Tensor(const Tensor& features)>;

struct Evaluation {
    QString split;           // "test", "val"
    std::int64_t epoch = 0;  // completed epochs when it was taken
    data::Task task = data::Task::Classification;
    QStringList classNames;
    std::vector<std::vector<std::int64_t>> confusion;  // [actual][predicted]
    QVector<double> actual, predicted;                 // regression: the first output column
    double r2 = 0;                                     // regression: sklearn's r2_score over all outputs
    // Binary classification: each sample's probability of class 1 and its actual class.
    QVector<double> scores;
    QVector<int> labels;
    bool empty() const { return confusion.empty() && actual.isEmpty(); }
    std::int64_t samples() const;
    double accuracy() const;  // classification: the diagonal's share
};

// Class of each prediction row: argmax of [N, C] scores, or logit > 0 for a single output, as
// train::accuracy reads them; with the winning probability (softmax or sigmoid).
void classify(const Tensor& prediction, std::vector<int>& classes, std::vector<float>& confidence);

Evaluation evaluate(const PredictFunction& predict, const data::Dataset& split, const QString& name);

// sklearn's roc_curve (with drop_intermediate=False) and roc_auc_score, and precision_recall_curve
// and average_precision_score, for scores of class 1 and 0/1 labels. Both classes must be present.
struct RocPr {
    QVector<double> fpr, tpr;           // from (0, 0) to (1, 1)
    QVector<double> recall, precision;  // from recall 0 to 1
    double rocAuc = 0;
    double averagePrecision = 0;
};
RocPr rocPr(const QVector<double>& scores, const QVector<int>& labels);

struct BoundaryGrid {
    int size = 0;  // size × size cells, row 0 at the smallest y
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    int classes = 0;
    std::vector<int> cellClass;
    std::vector<float> cellConfidence;
    QVector<double> px, py;  // the data set's points
    std::vector<int> pointClass;
    bool empty() const { return size == 0; }
};

// A classification data set with exactly two features.
bool hasBoundary(const data::Dataset& dataset);
// The predicted class over the points' bounding box (with a margin), evaluated at cell centres.
BoundaryGrid boundaryGrid(const PredictFunction& predict, const data::Dataset& points, int size);

}  // namespace tessera::widgets
