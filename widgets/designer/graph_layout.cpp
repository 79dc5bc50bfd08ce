#include "widgets/designer/graph_layout.h"

#include <graphviz/gvc.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace tessera::widgets {

namespace {

constexpr double kPointsPerInch = 72.0;

// The Graphviz C API takes char* for names and values it never modifies.
char* cstr(const std::string& s) { return const_cast<char*>(s.c_str()); }

void set(void* object, const std::string& name, const std::string& value) {
    agsafeset(object, cstr(name), cstr(value), cstr(std::string()));
}

}  // namespace

GraphLayout layoutGraph(const graph::ModelGraph& graph, const std::function<QSizeF(const std::string& id)>& nodeSize,
                        double labelWidth) {
    GraphLayout result;
    if (graph.nodes().empty()) return result;
    const std::unique_ptr<GVC_t, decltype(&gvFreeContext)> gvc(gvContext(), &gvFreeContext);
    Agraph_t* g = agopen(cstr("model"), Agdirected, nullptr);
    set(g, "rankdir", "LR");
    set(g, "nodesep", std::to_string(0.45));
    set(g, "ranksep", std::to_string(std::max(0.6, (labelWidth + 40) / kPointsPerInch)));
    // Splines routed around nodes; edges leave on the right and enter on the left, where the ports are.
    set(g, "splines", "spline");
    std::map<std::string, Agnode_t*> nodes;
    for (const graph::Node& n : graph.nodes()) {
        Agnode_t* node = agnode(g, cstr(n.id), 1);
        const QSizeF size = nodeSize(n.id);
        set(node, "shape", "box");
        set(node, "fixedsize", "true");
        set(node, "label", "");
        set(node, "width", std::to_string(size.width() / kPointsPerInch));
        set(node, "height", std::to_string(size.height() / kPointsPerInch));
        nodes[n.id] = node;
    }
    std::vector<std::pair<graph::Edge, Agedge_t*>> edges;
    for (const graph::Edge& e : graph.edges()) {
        const auto from = nodes.find(e.from), to = nodes.find(e.to);
        if (from == nodes.end() || to == nodes.end()) continue;
        // A name per edge: two edges between the same nodes (x + x) are two edges, not one.
        const std::string key = std::to_string(edges.size());
        Agedge_t* edge = agedge(g, from->second, to->second, cstr(key), 1);
        set(edge, "tailport", "e");
        set(edge, "headport", "w");
        edges.emplace_back(e, edge);
    }
    gvLayout(gvc.get(), g, "dot");
    // Graphviz's y grows upwards: flip with the bounding box so the first rank sits at the top left.
    const boxf bb = GD_bb(g);
    const auto flip = [&](pointf p) { return QPointF(p.x - bb.LL.x, bb.UR.y - p.y); };
    for (const auto& [id, node] : nodes) {
        const pointf c = ND_coord(node);
        const double w = ND_width(node) * kPointsPerInch, h = ND_height(node) * kPointsPerInch;
        result.positions[id] = QPointF(std::round(c.x - bb.LL.x - w / 2), std::round(bb.UR.y - c.y - h / 2));
    }
    for (const auto& [e, edge] : edges) {
        const splines* spl = ED_spl(edge);
        if (!spl || spl->size < 1 || spl->list[0].size < 4) continue;
        const bezier& bz = spl->list[0];
        EdgeRoute route{e, {}};
        for (int i = 0; i < static_cast<int>(bz.size); ++i) route.points.push_back(flip(bz.list[i]));
        // dot may stop a spline short of the node and mark the end point separately (sflag/eflag).
        if (bz.sflag) route.points.front() = flip(bz.sp);
        if (bz.eflag) route.points.back() = flip(bz.ep);
        result.routes.push_back(std::move(route));
    }
    gvFreeLayout(gvc.get(), g);
    agclose(g);
    return result;
}

}  // namespace tessera::widgets
