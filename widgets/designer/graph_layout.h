// Auto-layout of a model graph with Graphviz's dot, left to right: nodes in ranks by depth along the
// data flow (a chain is one straight row; Target sits beside the output it is compared with, one rank
// before the loss), with room between ranks for the shape labels of the edges, and every edge routed
// by dot as a spline around the nodes it passes (a residual edge bends around the block it skips).
//
//   GraphLayout laid = layoutGraph(graph, [&](const std::string& id) { return sizeOf(id); }, 110);
//   for (const auto& [id, topLeft] : laid.positions) …
//   for (const EdgeRoute& r : laid.routes) path.moveTo(r.points[0]); …   // cubic Bézier pieces
#pragma once

#include <QPointF>
#include <QSizeF>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/graph/model_graph.h"

namespace tessera::widgets {

// One edge's route: 3n+1 points of cubic Bézier pieces (start, two controls and end per piece), in
// scene units, from the source node's right side to the target's left side.
struct EdgeRoute {
    graph::Edge edge;
    std::vector<QPointF> points;
};

struct GraphLayout {
    std::map<std::string, QPointF> positions;  // top-left corners, y down, the first rank at x = 0
    std::vector<EdgeRoute> routes;
};

// `labelWidth` is the widest edge label, kept clear between ranks.
GraphLayout layoutGraph(const graph::ModelGraph& graph, const std::function<QSizeF(const std::string& id)>& nodeSize,
                        double labelWidth);

}  // namespace tessera::widgets
