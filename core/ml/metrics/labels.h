// Label vectors as core/ml's metrics and splitters read them: a 1-D Float64 or Int64 tensor, turned
// into codes 0..k-1 in sorted order of the values (numpy.unique's classes and inverse).
//
//   LabelValueCodes c = encodeLabelValues(y, "StratifiedKFold.split", "y");
//   // c.classes: the sorted distinct values; c.codes[i]: the position of y[i] in them
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::ml {

struct LabelValueCodes {
    std::vector<double> classes;           // sorted distinct values (int64 labels are exact below 2**53)
    std::vector<std::int64_t> codes;       // one per sample
    std::vector<std::int64_t> firstIndex;  // numpy.unique's return_index: the first sample of each class
    bool integral = true;                  // every value is a whole number (or the tensor is Int64)
    DType dtype = DType::Int64;
};

// The values of a 1-D Float64/Int64/Bool tensor as doubles; TypeError/ShapeError naming `where` and
// `what` otherwise.
std::vector<double> labelValues(const Tensor& y, const std::string& where, const std::string& what);
// A 1-D Float64 tensor of any float or integer tensor of `n` values (1-D or (n, 1)).
std::vector<double> numericVector(const Tensor& y, const std::string& where, const std::string& what);

LabelValueCodes encodeLabelValues(const Tensor& y, const std::string& where, const std::string& what);
// Positions of values in a list of classes in any order (the union of two label vectors, or
// `labels=`); -1 for a value not among them.
std::vector<std::int64_t> codesIn(const std::vector<double>& values, const std::vector<double>& classes);
// The sorted union of the distinct values of a and b (sklearn's unique_labels for two vectors).
std::vector<double> uniqueUnion(const std::vector<double>& a, const std::vector<double>& b);

// Python's repr of a number as sklearn's messages print it ("1", "0.25", "1.0" for a float label).
std::string pyRepr(double v, bool asInt);

}  // namespace tessera::ml
