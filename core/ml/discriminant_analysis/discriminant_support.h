// What LinearDiscriminantAnalysis and QuadraticDiscriminantAnalysis share (internal to
// core/ml/discriminant_analysis): y encoded into sorted classes, the priors_ sklearn derives or takes,
// per-class means, and the classifier outputs from decision scores.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml::detail {

struct ClassData {
    Array classes;
    std::vector<std::int64_t> codes;
    std::int64_t k = 0;
    std::vector<std::int64_t> counts;
};
ClassData classData(const Array& y, std::string_view estimator);

// priors=None: class frequencies; else the given list (length checked).
std::vector<double> priorsOf(const ParamValue& priors, const ClassData& c, std::int64_t n, std::string_view estimator);

// _class_means: per-class sums in row order divided by the counts; [k, p] row-major.
std::vector<double> classMeans(const Tensor& X, const ClassData& c);

// Rows of X by class, in class order then row order (as X[y == group] for each group).
std::vector<std::int64_t> rowsOfClass(const ClassData& c, std::int64_t cls);

// Column-major copy of a row-major [rows, cols] matrix, and back.
std::vector<double> toColumnMajor(const std::vector<double>& rowMajor, std::int64_t rows, std::int64_t cols);
std::vector<double> toRowMajor(const std::vector<double>& colMajor, std::int64_t rows, std::int64_t cols);

// sklearn's softmax (max subtracted, exp, divided by the row sum) of [n, k] scores, row-major.
std::vector<double> softmaxRows(std::vector<double> scores, std::int64_t n, std::int64_t k);

}  // namespace tessera::ml::detail
