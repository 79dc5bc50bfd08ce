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

constexpr double kRowGap = 60;

// Cuts the ranks (columns of equal x) into rows stacked top to bottom, choosing the number of rows
// whose width/height ratio comes closest to `aspect`.
std::map<std::string, QPointF> fold(const std::map<std::string, QPointF>& at,
                                    const std::function<QSizeF(const std::string& id)>& nodeSize, double aspect) {
    std::vector<double> ranks;
    double right = 0, bottom = 0;
    for (const auto& [id, p] : at) {
        ranks.push_back(p.x());
        const QSizeF size = nodeSize(id);
        right = std::max(right, p.x() + size.width());
        bottom = std::max(bottom, p.y() + size.height());
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    const std::size_t count = ranks.size();
    std::size_t bestRows = 1;
    double bestError = 1e18;
    for (std::size_t rows = 1; rows <= count; ++rows) {
        const std::size_t perRow = (count + rows - 1) / rows;
        const double width = perRow == count ? right : ranks[perRow] - ranks[0];
        const double height = static_cast<double>(rows) * bottom + static_cast<double>(rows - 1) * kRowGap;
        const double error = std::abs(std::log(width / height / aspect));
        if (error < bestError) {
            bestError = error;
            bestRows = rows;
        }
    }
    const std::size_t perRow = (count + bestRows - 1) / bestRows;
    std::map<std::string, QPointF> result;
    for (const auto& [id, p] : at) {
        const auto rank = static_cast<std::size_t>(std::lower_bound(ranks.begin(), ranks.end(), p.x()) - ranks.begin());
        const std::size_t row = rank / perRow;
        const double x = ranks[rank] - ranks[row * perRow];
        result[id] = QPointF(x, p.y() + static_cast<double>(row) * (bottom + kRowGap));
    }
    return result;
}

}  // namespace

std::map<std::string, QPointF> layoutGraph(const graph::ModelGraph& graph,
                                           const std::function<QSizeF(const std::string& id)>& nodeSize,
                                           double labelWidth, double aspect) {
    std::map<std::string, QPointF> result;
    if (graph.nodes().empty()) return result;
    const std::unique_ptr<GVC_t, decltype(&gvFreeContext)> gvc(gvContext(), &gvFreeContext);
    Agraph_t* g = agopen(cstr("model"), Agdirected, nullptr);
    set(g, "rankdir", "LR");
    set(g, "nodesep", std::to_string(0.45));
    set(g, "ranksep", std::to_string(std::max(0.6, (labelWidth + 40) / kPointsPerInch)));
    set(g, "splines", "false");
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
    for (const graph::Edge& e : graph.edges()) {
        const auto from = nodes.find(e.from), to = nodes.find(e.to);
        if (from != nodes.end() && to != nodes.end()) agedge(g, from->second, to->second, nullptr, 1);
    }
    gvLayout(gvc.get(), g, "dot");
    // Graphviz's y grows upwards: flip with the bounding box so the first rank sits at the top left.
    const boxf bb = GD_bb(g);
    for (const auto& [id, node] : nodes) {
        const pointf c = ND_coord(node);
        const double w = ND_width(node) * kPointsPerInch, h = ND_height(node) * kPointsPerInch;
        result[id] = QPointF(std::round(c.x - bb.LL.x - w / 2), std::round(bb.UR.y - c.y - h / 2));
    }
    gvFreeLayout(gvc.get(), g);
    agclose(g);
    return aspect > 0 ? fold(result, nodeSize, aspect) : result;
}

}  // namespace tessera::widgets
