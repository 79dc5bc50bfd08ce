#include "core/ml/metrics/labels.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/tensor/error.h"

namespace tessera::ml {

std::vector<double> labelValues(const Tensor& y, const std::string& where, const std::string& what) {
    if (!y.defined()) throw ValueError(where + ": " + what + " is missing");
    if (y.dim() != 1 && !(y.dim() == 2 && y.size(1) == 1))
        throw ShapeError(where + ": " + what + " must be 1-D, got shape " + shapeToString(y.sizes()));
    if (y.dtype() == DType::Float32) throw TypeError(where + ": " + what + " must be float64 or int64, got float32");
    return y.toVector<double>();
}

std::vector<double> numericVector(const Tensor& y, const std::string& where, const std::string& what) {
    if (!y.defined()) throw ValueError(where + ": " + what + " is missing");
    if (y.dim() != 1 && !(y.dim() == 2 && y.size(1) == 1))
        throw ShapeError(where + ": " + what + " must be 1-D, got shape " + shapeToString(y.sizes()));
    return y.toVector<double>();
}

LabelValueCodes encodeLabelValues(const Tensor& y, const std::string& where, const std::string& what) {
    LabelValueCodes out;
    const auto values = labelValues(y, where, what);
    out.dtype = y.dtype();
    std::vector<std::int64_t> order(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int64_t>(i);
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return values[a] < values[b]; });
    out.codes.assign(values.size(), 0);
    for (std::size_t r = 0; r < order.size(); ++r) {
        const double v = values[order[r]];
        if (std::isnan(v)) throw ValueError(where + ": " + what + " contains NaN");
        if (out.classes.empty() || out.classes.back() != v) {
            out.classes.push_back(v);
            out.firstIndex.push_back(order[r]);
        }
        out.codes[order[r]] = static_cast<std::int64_t>(out.classes.size()) - 1;
    }
    out.integral = std::all_of(out.classes.begin(), out.classes.end(), [](double v) { return v == std::floor(v); });
    return out;
}

std::vector<std::int64_t> codesIn(const std::vector<double>& values, const std::vector<double>& classes) {
    // `classes` may be in any order (labels= as given): look values up in a sorted copy that remembers
    // each class's position.
    std::vector<std::pair<double, std::int64_t>> sorted;
    for (std::size_t i = 0; i < classes.size(); ++i) sorted.emplace_back(classes[i], static_cast<std::int64_t>(i));
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::int64_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), values[i],
                                         [](const auto& e, double v) { return e.first < v; });
        out[i] = (it != sorted.end() && it->first == values[i]) ? it->second : -1;
    }
    return out;
}

std::vector<double> uniqueUnion(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> all(a);
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

std::string pyRepr(double v, bool asInt) {
    if (asInt && std::abs(v) < 9.007199254740992e15) return std::to_string(static_cast<long long>(v));
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, res.ptr);
    if (s.find_first_of(".eninf") == std::string::npos) s += ".0";
    return s;
}

}  // namespace tessera::ml
