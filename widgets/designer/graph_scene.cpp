#include "widgets/designer/graph_scene.h"

#include <QApplication>
#include <QClipboard>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QMimeData>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "core/graph/node_type_registry.h"
#include "core/io/project.h"
#include "core/tensor/error.h"
#include "widgets/common/layer_heat.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_layout.h"
#include "widgets/designer/graph_model.h"

namespace tessera::widgets {

namespace {

// Auto-layout folds long chains into rows to fill a canvas about this much wider than high.

}  // namespace

// ---------------------------------------------------------------------------------------------- GraphScene

GraphScene::GraphScene(GraphModel* model, QObject* parent) : QGraphicsScene(parent), m_model(model) {
    setItemIndexMethod(QGraphicsScene::NoIndex);
    connect(model, &GraphModel::nodeAdded, this, &GraphScene::addNodeItem);
    connect(model, &GraphModel::nodeRemoved, this, &GraphScene::removeNodeItem);
    connect(model, &GraphModel::edgeAdded, this, &GraphScene::addEdgeItem);
    connect(model, &GraphModel::edgeRemoved, this, &GraphScene::removeEdgeItem);
    connect(model, &GraphModel::nodeMoved, this, [this](const QString& id) {
        if (NodeItem* item = m_nodes.value(id)) {
            m_syncing = true;
            item->setPos(m_model->nodeData(id, GraphModel::PositionRole).toPointF());
            m_syncing = false;
        }
    });
    connect(model, &GraphModel::analysisChanged, this, &GraphScene::refreshAll);
    rebuild();
}

GraphScene::~GraphScene() {
    // The items go while the tables naming them still exist, and without telling views (which may
    // be going away too) that the selection changed.
    blockSignals(true);
    clear();
}

void GraphScene::rebuild() {
    for (const QString& id : m_nodes.keys()) removeNodeItem(id);
    for (const QString& id : m_model->nodeIds()) addNodeItem(id);
    for (const graph::Edge& e : m_model->graph().edges()) addEdgeItem(e);
}

void GraphScene::addNodeItem(const QString& id) {
    if (m_nodes.contains(id)) return;
    auto* item = new NodeItem(this, id);
    m_syncing = true;
    item->setPos(m_model->nodeData(id, GraphModel::PositionRole).toPointF());
    m_syncing = false;
    addItem(item);
    m_nodes.insert(id, item);
}

void GraphScene::removeNodeItem(const QString& id) {
    NodeItem* item = m_nodes.take(id);
    const std::string key = id.toStdString();
    for (EdgeItem* e : QList<EdgeItem*>(m_edges)) {
        if (e->edge().from == key || e->edge().to == key) removeEdgeItem(e->edge());
    }
    delete item;
}

void GraphScene::addEdgeItem(const graph::Edge& edge) {
    if (edgeItem(edge) || !m_nodes.contains(QString::fromStdString(edge.from)) ||
        !m_nodes.contains(QString::fromStdString(edge.to)))
        return;
    auto* item = new EdgeItem(this, edge);
    addItem(item);
    m_edges << item;
}

void GraphScene::removeEdgeItem(const graph::Edge& edge) {
    if (EdgeItem* item = edgeItem(edge)) {
        m_edges.removeOne(item);
        delete item;
    }
}

EdgeItem* GraphScene::edgeItem(const graph::Edge& edge) const {
    for (EdgeItem* e : m_edges) {
        if (e->edge() == edge) return e;
    }
    return nullptr;
}

QList<EdgeItem*> GraphScene::edgeItems() const { return m_edges; }

void GraphScene::refreshAll() {
    for (NodeItem* n : std::as_const(m_nodes)) n->refresh();
    for (EdgeItem* e : std::as_const(m_edges)) e->refresh();
}

void GraphScene::nodeItemMoved(const QString& id) {
    const std::string key = id.toStdString();
    for (EdgeItem* e : std::as_const(m_edges)) {
        if (e->edge().from == key || e->edge().to == key) e->refresh();
    }
}

QRectF GraphScene::nodeRect(const QString& id) const {
    const NodeItem* item = m_nodes.value(id);
    if (!item) return {};
    const QSizeF size = NodeItem::sizeFor(*m_model, id);
    return QRectF(item->pos(), size);
}

QPointF GraphScene::inputPortPos(const QString& id, int port) const {
    const NodeItem* item = m_nodes.value(id);
    return item ? item->mapToScene(item->inputPort(port)) : QPointF();
}

QPointF GraphScene::outputPortPos(const QString& id, int port) const {
    const NodeItem* item = m_nodes.value(id);
    return item ? item->mapToScene(item->outputPort(port)) : QPointF();
}

QPointF GraphScene::snapped(QPointF p) const {
    return {std::round(p.x() / kGrid) * kGrid, std::round(p.y() / kGrid) * kGrid};
}

QStringList GraphScene::selectedNodeIds() const {
    QStringList ids;
    // In graph order, so that copies and deletions are deterministic.
    for (const QString& id : m_model->nodeIds()) {
        if (const NodeItem* item = m_nodes.value(id); item && item->isSelected()) ids << id;
    }
    return ids;
}

void GraphScene::selectNodes(const QStringList& ids) {
    clearSelection();
    for (const QString& id : ids) {
        if (NodeItem* item = m_nodes.value(id)) item->setSelected(true);
    }
}

void GraphScene::deleteSelection() {
    const QStringList ids = selectedNodeIds();
    std::vector<graph::Edge> edges;
    for (const EdgeItem* e : std::as_const(m_edges)) {
        if (e->isSelected()) edges.push_back(e->edge());
    }
    if (ids.isEmpty() && edges.empty()) return;
    const QString text = ids.isEmpty() ? tr("Delete %n Edges", "", static_cast<int>(edges.size()))
                                       : tr("Delete %n Nodes", "", static_cast<int>(ids.size()));
    m_model->edit(text, [ids, edges](graph::ModelGraph& g) {
        for (const graph::Edge& e : edges) g.disconnect(e.to, e.toPort);
        for (const QString& id : ids) g.removeNode(id.toStdString());
    });
}

graph::ModelGraph GraphScene::selectionGraph() const {
    graph::ModelGraph g;
    const QStringList ids = selectedNodeIds();
    for (const QString& id : ids) {
        const graph::Node& n = m_model->graph().node(id.toStdString());
        g.addNode(n.type, n.params, n.id, n.x, n.y);
    }
    for (const graph::Edge& e : m_model->graph().edges()) {
        if (g.findNode(e.from) && g.findNode(e.to)) g.connect(e.from, e.fromPort, e.to, e.toPort);
    }
    return g;
}

void GraphScene::copySelection() const {
    const graph::ModelGraph g = selectionGraph();
    if (g.nodes().empty()) return;
    io::Project p;
    p.name = "clipboard";
    g.toProject(p);
    auto* mime = new QMimeData;
    const std::string json = io::projectToJson(p);
    mime->setData(kClipboardMime, QByteArray(json.data(), static_cast<qsizetype>(json.size())));
    QApplication::clipboard()->setMimeData(mime);
}

void GraphScene::paste() {
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime || !mime->hasFormat(kClipboardMime)) return;
    const QByteArray bytes = mime->data(kClipboardMime);
    try {
        const io::Project p = io::parseProject(std::string_view(bytes.constData(), bytes.size()), "clipboard");
        pasteGraph(graph::ModelGraph::fromProject(p), QPointF(40, 40) * ++m_pasteCount);
    } catch (const Error& e) {
        emit hintRequested(tr("Cannot paste: %1").arg(QString::fromUtf8(e.what())));
    }
}

void GraphScene::duplicateSelection() { pasteGraph(selectionGraph(), QPointF(40, 40)); }

void GraphScene::pasteGraph(const graph::ModelGraph& g, QPointF offset) {
    const QStringList ids = m_model->pasteNodes(g.nodes(), g.edges(), offset);
    if (!ids.isEmpty()) selectNodes(ids);
}

void GraphScene::autoLayout(bool undoable) {
    double labelWidth = 0;
    const QFontMetricsF fm(EdgeItem::labelFont());
    for (const graph::Edge& e : m_model->graph().edges())
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(m_model->edgeLabel(e)) + 8);
    const GraphLayout laid = layoutGraph(
        m_model->graph(),
        [this](const std::string& id) { return NodeItem::sizeFor(*m_model, QString::fromStdString(id)); }, labelWidth);
    QStringList ids;
    QList<QPointF> points;
    QHash<QString, QPointF> at;
    for (const auto& [id, pos] : laid.positions) {
        ids << QString::fromStdString(id);
        points << snapped(pos);
        at.insert(ids.back(), points.back());
    }
    // dot's routes hold while both ends stay where it put them (edgeRoute checks).
    m_routes.clear();
    for (const EdgeRoute& r : laid.routes) {
        const QString from = QString::fromStdString(r.edge.from), to = QString::fromStdString(r.edge.to);
        m_routes.push_back({r.edge, at.value(from), at.value(to), r.points});
    }
    if (undoable) {
        m_model->moveNodes(ids, points);
    } else {
        graph::ModelGraph g = m_model->graph();
        for (qsizetype i = 0; i < ids.size(); ++i) g.setPosition(ids[i].toStdString(), points[i].x(), points[i].y());
        m_model->setGraph(std::move(g));
    }
    // Nodes already where dot puts them do not move, but their edges take the new routes.
    for (EdgeItem* e : m_edges) e->refresh();
}

const std::vector<QPointF>* GraphScene::edgeRoute(const graph::Edge& edge) const {
    const NodeItem* from = m_nodes.value(QString::fromStdString(edge.from));
    const NodeItem* to = m_nodes.value(QString::fromStdString(edge.to));
    if (!from || !to) return nullptr;
    for (const Route& r : m_routes)
        if (r.edge == edge) return r.from == from->pos() && r.to == to->pos() ? &r.points : nullptr;
    return nullptr;
}

bool GraphScene::isCrowded() const {
    const QStringList ids = m_model->nodeIds();
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const QRectF a = nodeRect(ids[i]).adjusted(0, 0, NodeItem::kLabelRoom, 10);
        for (qsizetype j = i + 1; j < ids.size(); ++j) {
            if (a.intersects(nodeRect(ids[j]).adjusted(0, 0, NodeItem::kLabelRoom, 10))) return true;
        }
    }
    return false;
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem* item : items(event->scenePos())) {
            auto* node = dynamic_cast<NodeItem*>(item);
            if (!node) continue;
            if (const int port = node->outputPortAt(event->scenePos()); port >= 0) {
                startWire(node->id(), port, event->scenePos());
                event->accept();
                return;
            }
            // Pressing a connected input port picks up the edge's end.
            const int input = node->inputPortAt(event->scenePos(), false);
            const std::string to = node->id().toStdString();
            if (input < 0) break;
            for (const graph::Edge& e : m_model->graph().edges()) {
                if (e.to != to || e.toPort != input) continue;
                m_detached = e;
                if (EdgeItem* edge = edgeItem(e)) edge->hide();
                startWire(QString::fromStdString(e.from), e.fromPort, event->scenePos());
                event->accept();
                return;
            }
            // A free input port: the wire is drawn backwards, to the output it should come from.
            m_wireTo = node->id();
            m_wireToPort = input;
            m_wire = addLine(QLineF(inputPortPos(m_wireTo, input), event->scenePos()),
                             QPen(QColor(0x19, 0x76, 0xd2), 1.6, Qt::DashLine));
            m_wire->setZValue(10);
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
}

void GraphScene::startWire(const QString& from, int port, QPointF at) {
    m_wireFrom = from;
    m_wireFromPort = port;
    const QPointF start = outputPortPos(from, port);
    m_wire = addLine(QLineF(start, at), QPen(QColor(0x19, 0x76, 0xd2), 1.6, Qt::DashLine));
    m_wire->setZValue(10);
}

void GraphScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
    if (m_wire) {
        m_wire->setLine(QLineF(m_wire->line().p1(), event->scenePos()));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void GraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    if (m_wire) {
        delete m_wire;
        m_wire = nullptr;
        const std::optional<graph::Edge> detached = std::exchange(m_detached, std::nullopt);
        const QString wireTo = std::exchange(m_wireTo, QString());
        NodeItem* target = nullptr;
        for (QGraphicsItem* item : items(event->scenePos())) {
            if ((target = dynamic_cast<NodeItem*>(item))) break;
        }
        event->accept();
        if (!wireTo.isEmpty()) {
            // Drawn from an input port: the node let go on feeds it from its output under the pointer,
            // or its first output.
            if (!target || target->id() == wireTo) {
                if (!target) emit hintRequested(tr("Drop the connection on the node that should feed %1").arg(wireTo));
                return;
            }
            const int output = std::max(0, target->outputPortAt(event->scenePos()));
            if (!m_model->connectPorts(target->id(), output, wireTo, m_wireToPort))
                emit hintRequested(tr("Not connected: %1").arg(m_model->lastError()));
            return;
        }
        const int port = target ? target->inputPortAt(event->scenePos(), true) : -1;
        if (detached) {
            // Dropped on empty canvas: disconnected. On an input port: moved there.
            const QString to = target ? target->id() : QString();
            const bool same = target && to.toStdString() == detached->to && port == detached->toPort;
            if (!same && (!target || port >= 0) && m_model->moveEdgeEnd(*detached, to, port)) return;
            if (EdgeItem* edge = edgeItem(*detached)) edge->show();
            if (!same) {
                const QString why = port < 0 ? tr("%1 has no input port").arg(to) : m_model->lastError();
                if (!why.isEmpty()) emit hintRequested(tr("Not reconnected: %1").arg(why));
            }
            return;
        }
        if (!target) {
            emit hintRequested(tr("Drop the connection on a node's input port"));
            return;
        }
        if (port < 0 || !m_model->connectPorts(m_wireFrom, m_wireFromPort, target->id(), port)) {
            const QString why = port < 0 ? tr("%1 has no input port").arg(target->id()) : m_model->lastError();
            if (!why.isEmpty()) emit hintRequested(tr("Not connected: %1").arg(why));
        }
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    // A drag of one or more nodes ends here: record it as one step.
    QStringList ids;
    QList<QPointF> points;
    for (const QString& id : selectedNodeIds()) {
        const QPointF now = m_nodes.value(id)->pos();
        if (now != m_model->nodeData(id, GraphModel::PositionRole).toPointF()) {
            ids << id;
            points << now;
        }
    }
    if (!ids.isEmpty()) m_model->moveNodes(ids, points);
}

void GraphScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (auto* node = dynamic_cast<NodeItem*>(item)) {
            emit nodeActivated(node->id());
            event->accept();
            return;
        }
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void GraphScene::setNodeHeat(QHash<QString, double> shares) {
    m_heat = std::move(shares);
    for (NodeItem* item : std::as_const(m_nodes)) item->update();
}

void GraphScene::drawBackground(QPainter* painter, const QRectF& rect) {
    painter->fillRect(rect, QColor(0xf7, 0xf8, 0xfa));
    const double step = kGrid * 5;
    painter->setPen(QPen(QColor(0xe6, 0xe9, 0xed), 0));
    for (double x = std::floor(rect.left() / step) * step; x < rect.right(); x += step)
        painter->drawLine(QLineF(x, rect.top(), x, rect.bottom()));
    for (double y = std::floor(rect.top() / step) * step; y < rect.bottom(); y += step)
        painter->drawLine(QLineF(rect.left(), y, rect.right(), y));
}

}  // namespace tessera::widgets
