#include "widgets/autograd/computation_graph_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace tessera::widgets {

namespace {

std::mutex& graphvizMutex() {
    static std::mutex m;
    return m;
}

QString quoted(QString s) {
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    s.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QString inches(double points) { return QString::number(points / 72.0, 'f', 4); }

}  // namespace

QString layoutDot(const LayoutRequest& request, bool withLabels) {
    QString dot = QStringLiteral(
        "digraph autograd {\n"
        "  graph [rankdir=TB, nodesep=0.25, ranksep=0.35, fontname=\"sans\", fontsize=11];\n"
        "  node [shape=box, style=\"filled\", fixedsize=true, fontname=\"monospace\", fontsize=10];\n");
    auto nodeLine = [&](std::size_t i) {
        const auto& n = request.nodes[i];
        QString line = QStringLiteral("n%1 [width=%2, height=%3, fillcolor=%4")
                           .arg(i)
                           .arg(inches(n.size.width()), inches(n.size.height()), quoted(n.fill.name()));
        line += withLabels ? QStringLiteral(", label=%1]").arg(quoted(n.label)) : QStringLiteral(", label=\"\"]");
        return line;
    };
    // A cluster sits inside the cluster of its nearest enclosing path ("encoder" holds "encoder/ffn").
    const auto count = static_cast<std::size_t>(request.clusters.size());
    std::vector<int> parent(count, -1);
    for (std::size_t c = 0; c < count; ++c)
        for (std::size_t p = 0; p < count; ++p) {
            const QString& path = request.clusters[qsizetype(p)];
            if (p != c && request.clusters[qsizetype(c)].startsWith(path + QLatin1Char('/')) &&
                (parent[c] < 0 || path.size() > request.clusters[parent[c]].size()))
                parent[c] = int(p);
        }
    std::function<void(std::size_t, const QString&)> emitCluster = [&](std::size_t c, const QString& indent) {
        const QString& path = request.clusters[qsizetype(c)];
        const QString label = parent[c] < 0 ? path : path.mid(request.clusters[parent[c]].size() + 1);
        dot += indent + QStringLiteral("subgraph cluster_%1 {\n").arg(c) + indent +
               QStringLiteral("  label=%1; style=\"rounded,filled\"; fillcolor=\"#f4f4fb\";\n").arg(quoted(label));
        for (std::size_t i = 0; i < request.nodes.size(); ++i)
            if (request.nodes[i].cluster == int(c))
                dot += indent + QStringLiteral("  ") + nodeLine(i) + QStringLiteral(";\n");
        for (std::size_t i = 0; i < request.nodes.size(); ++i)
            if (request.nodes[i].cluster == int(c) && request.nodes[i].besideOf >= 0)
                dot += indent + QStringLiteral("  {rank=same; n%1; n%2;}\n").arg(request.nodes[i].besideOf).arg(i);
        for (std::size_t child = 0; child < count; ++child)
            if (parent[child] == int(c)) emitCluster(child, indent + QStringLiteral("  "));
        dot += indent + QStringLiteral("}\n");
    };
    for (std::size_t c = 0; c < count; ++c)
        if (parent[c] < 0) emitCluster(c, QStringLiteral("  "));
    for (std::size_t i = 0; i < request.nodes.size(); ++i)
        if (request.nodes[i].cluster < 0) dot += QStringLiteral("  ") + nodeLine(i) + QStringLiteral(";\n");
    for (std::size_t e = 0; e < request.edges.size(); ++e) {
        const auto& edge = request.edges[e];
        dot += QStringLiteral("  n%1 -> n%2 [id=\"e%3\"%4%5];\n")
                   .arg(edge.from)
                   .arg(edge.to)
                   .arg(e)
                   .arg(edge.dashed ? QStringLiteral(", style=dashed, arrowhead=none") : QString())
                   .arg(edge.weight != 1 ? QStringLiteral(", weight=%1").arg(edge.weight) : QString());
    }
    dot += QStringLiteral("}\n");
    return dot;
}

LayoutResult layoutGraph(const LayoutRequest& request) {
    const QByteArray dot = layoutDot(request, /*withLabels=*/false).toUtf8();
    std::lock_guard lock(graphvizMutex());
    std::unique_ptr<GVC_t, int (*)(GVC_t*)> gvc(gvContext(), gvFreeContext);
    Agraph_t* g = agmemread(dot.constData());
    if (!g) throw std::runtime_error("Graphviz could not read the graph");
    std::unique_ptr<Agraph_t, int (*)(Agraph_t*)> graph(g, agclose);
    if (gvLayout(gvc.get(), g, "dot") != 0) throw std::runtime_error("Graphviz could not lay out the graph");

    LayoutResult r;
    const boxf bb = GD_bb(g);
    const double top = bb.UR.y;
    auto flip = [top](pointf p) { return QPointF(p.x, top - p.y); };
    r.bounds = QRectF(QPointF(bb.LL.x, 0), QPointF(bb.UR.x, top - bb.LL.y));
    r.centers.resize(request.nodes.size());
    for (std::size_t i = 0; i < request.nodes.size(); ++i) {
        QByteArray name = "n" + QByteArray::number(qulonglong(i));
        if (Agnode_t* n = agnode(g, name.data(), 0)) r.centers[i] = flip(ND_coord(n));
    }
    r.edges.resize(request.edges.size());
    r.arrowTips.resize(request.edges.size());
    for (Agnode_t* n = agfstnode(g); n; n = agnxtnode(g, n)) {
        for (Agedge_t* e = agfstout(g, n); e; e = agnxtout(g, e)) {
            char idKey[] = "id";
            const QByteArray id(agget(e, idKey));
            if (!id.startsWith('e')) continue;
            const std::size_t k = id.mid(1).toULongLong();
            if (k >= request.edges.size() || !ED_spl(e) || ED_spl(e)->size == 0) continue;
            const bezier& bz = ED_spl(e)->list[0];
            QPainterPath path;
            if (bz.size > 0) {
                path.moveTo(flip(bz.list[0]));
                for (int j = 1; j + 2 < bz.size; j += 3)
                    path.cubicTo(flip(bz.list[j]), flip(bz.list[j + 1]), flip(bz.list[j + 2]));
            }
            r.arrowTips[k] = bz.eflag ? flip(bz.ep) : path.currentPosition();
            if (bz.eflag) path.lineTo(r.arrowTips[k]);
            r.edges[k] = path;
        }
    }
    r.clusters.resize(static_cast<std::size_t>(request.clusters.size()));
    std::function<void(Agraph_t*)> readClusters = [&](Agraph_t* parentGraph) {
        for (Agraph_t* sg = agfstsubg(parentGraph); sg; sg = agnxtsubg(sg)) {
            const QByteArray name(agnameof(sg));
            if (!name.startsWith("cluster_")) continue;
            const std::size_t c = name.mid(8).toULongLong();
            if (c < r.clusters.size()) {
                const boxf cb = GD_bb(sg);
                r.clusters[c] = QRectF(flip(cb.LL), flip(cb.UR)).normalized();
            }
            readClusters(sg);
        }
    };
    readClusters(g);
    gvFreeLayout(gvc.get(), g);
    return r;
}

}  // namespace tessera::widgets
