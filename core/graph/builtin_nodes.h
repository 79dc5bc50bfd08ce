// Internal to core/graph: the registration of the built-in node types and helpers their shape rules
// share. Node types are used through node_type_registry.h.
#pragma once

#include <cstdint>
#include <string>

#include "core/graph/node_type_registry.h"

namespace tessera::graph::detail {

// Input, Target, Output, Normalize, Add, Mul, Concat, SelectLast, Reshape, PositionalEncoding, losses.
void registerBuiltinNodes(NodeTypeRegistry& registry);
// One node type per layer of the nn layer registry, with its shape rule.
void registerLayerNodes(NodeTypeRegistry& registry);

// "the type 'name'" wording used in messages: "Linear", "Conv2d".
std::string shapeText(const TensorType& t);  // "[N, 8, 14, 14]"

// Wraps a possibly negative dim for a tensor of `rank` dims; NodeProblem naming `param` when out of range.
std::int64_t wrapDim(const NodeContext& ctx, std::int64_t dim, std::size_t rank, const std::string& param);

// Throws NodeProblem on `port` unless the input has `rank` dims, or between minRank and maxRank:
// "Conv2d expects a 4-d input [N, C, H, W], gets [N, 64] — …".
void requireRank(const NodeContext& ctx, int port, std::size_t minRank, std::size_t maxRank, const std::string& layout);

// Throws NodeProblem on `port` unless the input is floating.
void requireFloat(const NodeContext& ctx, int port);

// Product of a shape's known dims from `begin`; -1 when one of them is unknown.
std::int64_t knownProduct(const SymShape& shape, std::size_t begin);

}  // namespace tessera::graph::detail
