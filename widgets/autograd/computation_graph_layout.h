// Lays out a directed graph with Graphviz's dot (top to bottom, in clusters) without touching any
// widget, so it can run on a worker thread. Sizes and coordinates are in points, y down.
//
//   LayoutRequest request;
//   request.nodes = {{.size = {80, 24}, .label = "MulBackward0"}, {.size = {60, 40}, .label = "a"}};
//   request.edges = {{1, 0}};                     // a → MulBackward0
//   LayoutResult r = layoutGraph(request);        // r.centers[0], r.edges[0] (a spline), r.bounds
//   QString dot = layoutDot(request);             // the same graph as DOT, for export
#pragma once

#include <QColor>
#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <vector>

namespace tessera::widgets {

struct LayoutNode {
    QSizeF size;
    QString label;  // only for the exported DOT; the layout uses `size`
    QColor fill = Qt::white;
    int cluster = -1;   // index into LayoutRequest::clusters, -1 for none
    int besideOf = -1;  // drawn on the same rank as this node (of the same cluster), -1 for anywhere
};

struct LayoutEdge {
    int from = 0;
    int to = 0;
    bool dashed = false;  // only for the exported DOT
    int weight = 1;       // Graphviz's edge weight: heavier edges are kept shorter and straighter
};

struct LayoutRequest {
    std::vector<LayoutNode> nodes;
    std::vector<LayoutEdge> edges;
    QStringList clusters;  // cluster labels (layer scopes)
};

struct LayoutResult {
    std::vector<QPointF> centers;     // per node
    std::vector<QPainterPath> edges;  // per edge, from the tail's border to the arrow's tip
    std::vector<QPointF> arrowTips;   // per edge, where the head arrow points (the path's last point)
    std::vector<QRectF> clusters;     // per cluster
    QRectF bounds;
};

// Thread-safe (Graphviz's own global state is guarded); throws std::runtime_error when Graphviz fails.
LayoutResult layoutGraph(const LayoutRequest& request);
QString layoutDot(const LayoutRequest& request, bool withLabels = true);

}  // namespace tessera::widgets
