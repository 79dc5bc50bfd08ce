// Auto-layout of a model graph with Graphviz's dot, left to right: nodes in ranks along the data
// flow, with room between ranks for the shape labels of the edges.
//
//   std::map<std::string, QPointF> at = layoutGraph(graph, [&](const std::string& id) { return sizeOf(id); },
//   110, 1.6); for (const auto& [id, topLeft] : at) …
#pragma once

#include <QPointF>
#include <QSizeF>
#include <functional>
#include <map>
#include <string>

#include "core/graph/model_graph.h"

namespace tessera::widgets {

// Top-left corners (scene units, y down, the first rank at x = 0) for every node; `labelWidth` is
// the widest edge label, kept clear between ranks. A long chain is folded into rows (the ranks
// continue below, left to right again) so that the picture is about `aspect` times as wide as high;
// aspect 0 keeps one row.
std::map<std::string, QPointF> layoutGraph(const graph::ModelGraph& graph,
                                           const std::function<QSizeF(const std::string& id)>& nodeSize,
                                           double labelWidth, double aspect = 0);

}  // namespace tessera::widgets
