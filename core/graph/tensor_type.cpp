#include "core/graph/tensor_type.h"

namespace tessera::graph {

std::string toString(const Dim& d) { return d.isKnown() ? std::to_string(d.size) : d.name; }

std::string toString(const SymShape& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += toString(shape[i]);
    }
    return s + "]";
}

SymShape batched(const std::vector<std::int64_t>& sampleShape) {
    SymShape s{Dim::symbol(kBatchDim)};
    for (auto n : sampleShape) s.emplace_back(n);
    return s;
}

Dim product(const SymShape& shape, std::size_t begin, std::size_t end) {
    std::int64_t known = 1;
    std::string symbols;
    for (std::size_t i = begin; i < end && i < shape.size(); ++i) {
        if (shape[i].isKnown()) {
            known *= shape[i].size;
        } else {
            symbols += (symbols.empty() ? "" : "*") + shape[i].name;
        }
    }
    if (symbols.empty()) return Dim(known);
    return Dim::symbol(known == 1 ? symbols : symbols + "*" + std::to_string(known));
}

std::string describe(const TensorType& t) {
    std::string s = toString(t.shape) + " " + std::string(dtypeName(t.dtype));
    if (t.classes) s += " (" + std::to_string(*t.classes) + " classes)";
    return s;
}

}  // namespace tessera::graph
