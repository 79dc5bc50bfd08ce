// Helpers shared by the metric files: sklearn's target checks (_check_targets, type_of_target for
// label vectors), sample weights and np.average. Internal to core/ml/metrics.
#pragma once

#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml::metrics {

struct Targets {
    std::vector<double> yTrue, yPred;
    std::string type;          // "binary" or "multiclass"
    bool integerDtype = true;  // both Int64: labels print as ints
};

// _check_targets for 1-D label vectors: equal lengths, no continuous values; "binary" when the union
// has at most two values.
Targets checkTargets(const Tensor& yTrue, const Tensor& yPred, const std::string& where);
// type_of_target of sorted distinct values: "binary", "multiclass" or "continuous".
std::string targetType(const std::vector<double>& classes);
// The classes for which sklearn's pos_label=None means 1: {0, 1}, {-1, 1}, {0}, {-1}, {1}.
bool standardBinaryClasses(const std::vector<double>& classes);
// A checked 1-D sample_weight of n values, or empty for None.
std::vector<double> sampleWeights(const Tensor& sampleWeight, std::size_t n, const std::string& where);
void checkLengths(std::size_t a, std::size_t b, const std::string& where);

double mean(const std::vector<double>& v);
// np.average(v, weights=w): the plain mean when w is empty; ZeroDivisionError's message when w sums to 0.
double average1(const std::vector<double>& v, const std::vector<double>& w);
// sklearn's _weighted_sum(score, sample_weight, normalize).
double weightedSum(const std::vector<double>& v, const std::vector<double>& w, bool normalize);

}  // namespace tessera::ml::metrics
