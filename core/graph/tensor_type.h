// What flows along an edge of the model graph, as shape inference sees it: a dtype and a shape whose
// dimensions are numbers or symbols. The batch dimension is the symbol "N"; a symbol may also be a
// product that inference could not resolve ("N*8").
//
//   TensorType t{{Dim::symbol("N"), 8, 14, 14}};
//   toString(t.shape);            // "[N, 8, 14, 14]"
//   t.shape[1].isKnown();         // true; t.shape[0].size is -1
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "core/tensor/dtype.h"

namespace tessera::graph {

struct Dim {
    std::int64_t size = -1;  // ≥ 0 when known
    std::string name;        // the symbol when unknown: "N"

    Dim() = default;
    Dim(std::int64_t n) : size(n) {}  // NOLINT: a number is a known dimension
    static Dim symbol(std::string name) {
        Dim d;
        d.name = std::move(name);
        return d;
    }
    bool isKnown() const { return size >= 0; }
    friend bool operator==(const Dim&, const Dim&) = default;
};

using SymShape = std::vector<Dim>;

inline constexpr const char* kBatchDim = "N";

std::string toString(const Dim& d);
std::string toString(const SymShape& shape);  // "[N, 8, 14, 14]"
// [N, s0, s1, …]
SymShape batched(const std::vector<std::int64_t>& sampleShape);
// The product of the dims; a symbol when any is unknown ("N*64").
Dim product(const SymShape& shape, std::size_t begin, std::size_t end);

struct TensorType {
    SymShape shape;
    DType dtype = DType::Float32;
    // For int64 class-index tensors (a classification Target): the number of classes.
    std::optional<std::int64_t> classes;

    friend bool operator==(const TensorType&, const TensorType&) = default;
};

// "[N, 3] float32", "[N] int64 (10 classes)"
std::string describe(const TensorType& t);

}  // namespace tessera::graph
