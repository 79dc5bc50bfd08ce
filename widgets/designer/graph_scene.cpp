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
#include "widgets/designer/graph_layout.h"
#include "widgets/designer/graph_model.h"

namespace tessera::widgets {

namespace {

constexpr double kHeader = 24;
constexpr double kPortSpacing = 20;
constexpr double kPortRadius = 5;
constexpr double kLineHeight = 17;
constexpr double kLabelRoom = 70;
// Auto-layout folds long chains into rows to fill a canvas about this much wider than high.
constexpr double kLayoutAspect = 1.3;  // space kept right of a node for its outgoing edges' labels

QColor categoryColor(const QString& category) {
    static const std::map<QString, QColor> colors = {
        {"Input/Output", QColor(0x4c, 0x8b, 0xf5)}, {"Linear", QColor(0x2e, 0x9e, 0x6b)},
        {"Convolution", QColor(0x8e, 0x5c, 0xd9)},  {"Pooling", QColor(0xb5, 0x6a, 0xd0)},
        {"Activation", QColor(0xe0, 0x8a, 0x1e)},   {"Normalization", QColor(0x1f, 0x9c, 0xb0)},
        {"Loss", QColor(0xd0, 0x4a, 0x4a)},         {"Regularization", QColor(0x8a, 0x8a, 0x8a)},
        {"Reshape", QColor(0x6b, 0x7f, 0x99)},      {"Recurrent", QColor(0xc0, 0x5c, 0x8e)},
        {"Attention", QColor(0xa0, 0x4f, 0xb8)},    {"Merge", QColor(0x5f, 0x8a, 0x3c)}};
    const auto it = colors.find(category);
    return it == colors.end() ? QColor(0x70, 0x78, 0x88) : it->second;
}

QFont smallFont(double points) {
    QFont f = QApplication::font();
    f.setPointSizeF(points);
    return f;
}

}  // namespace

// ---------------------------------------------------------------------------------------------- NodeItem

NodeItem::NodeItem(GraphScene* scene, QString id) : m_scene(scene), m_id(std::move(id)) {
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    refresh();
}

QSizeF NodeItem::sizeFor(int inputs, int outputs) {
    const double ports = std::max(inputs, outputs);
    return {kWidth, std::max(kHeader + 3 * kLineHeight + 10, kHeader + ports * kPortSpacing + 8)};
}

void NodeItem::refresh() {
    const GraphModel* model = m_scene->model();
    m_inputs = model->nodeData(m_id, GraphModel::InputCountRole).toInt();
    m_outputs = model->nodeData(m_id, GraphModel::OutputCountRole).toInt();
    m_inputNames = model->nodeData(m_id, GraphModel::InputNamesRole).toStringList();
    const QSizeF size = sizeFor(m_inputs, m_outputs);
    if (size != m_size) {
        prepareGeometryChange();
        m_size = size;
    }
    const QString type = model->nodeData(m_id, GraphModel::TypeRole).toString();
    QString tip = QStringLiteral("<b>%1</b> (%2)").arg(m_id.toHtmlEscaped(), type.toHtmlEscaped());
    if (const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type.toStdString()))
        tip += QStringLiteral("<br>%1").arg(QString::fromStdString(t->help).toHtmlEscaped());
    const QStringList shapes = model->nodeData(m_id, GraphModel::OutputShapesRole).toStringList();
    if (!shapes.isEmpty()) tip += QStringLiteral("<br>→ %1").arg(shapes.join(", ").toHtmlEscaped());
    const QString problems = model->nodeData(m_id, GraphModel::ShapeErrorRole).toString();
    if (!problems.isEmpty())
        tip += QStringLiteral("<br><span style='color:#c62828'>%1</span>")
                   .arg(problems.toHtmlEscaped().replace('\n', QStringLiteral("<br>")));
    setToolTip(tip);
    update();
}

QRectF NodeItem::boundingRect() const {
    return QRectF(QPointF(-kPortRadius - 1, -1), m_size + QSizeF(2 * kPortRadius + 2, 2));
}

QPointF NodeItem::inputPort(int port) const {
    const double body = m_size.height() - kHeader;
    return {0, kHeader + body * (port + 0.5) / std::max(1, m_inputs)};
}

QPointF NodeItem::outputPort(int port) const {
    const double body = m_size.height() - kHeader;
    return {m_size.width(), kHeader + body * (port + 0.5) / std::max(1, m_outputs)};
}

int NodeItem::inputPortAt(QPointF scenePos, bool nearest) const {
    const QPointF p = mapFromScene(scenePos);
    int best = -1;
    double bestDistance = nearest ? 1e9 : 2.5 * kPortRadius;
    for (int i = 0; i < m_inputs; ++i) {
        const double d = QLineF(p, inputPort(i)).length();
        if (d < bestDistance) {
            best = i;
            bestDistance = d;
        }
    }
    return best;
}

int NodeItem::outputPortAt(QPointF scenePos) const {
    const QPointF p = mapFromScene(scenePos);
    for (int i = 0; i < m_outputs; ++i) {
        if (QLineF(p, outputPort(i)).length() <= 2.5 * kPortRadius) return i;
    }
    return -1;
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const GraphModel* model = m_scene->model();
    // Red for a node that is wrong itself; grey and dashed for one whose inputs are not known yet.
    const bool error = model->nodeData(m_id, GraphModel::HasErrorRole).toBool();
    const bool inferred = model->nodeData(m_id, GraphModel::ValidRole).toBool() || error;
    const bool valid = !error;
    const QColor color = categoryColor(model->nodeData(m_id, GraphModel::CategoryRole).toString());
    const QRectF rect(QPointF(0, 0), m_size);
    painter->setRenderHint(QPainter::Antialiasing);

    QPen border(isSelected() ? QColor(0x19, 0x76, 0xd2) : valid ? QColor(0x9e, 0xa4, 0xae) : QColor(0xd3, 0x2f, 0x2f));
    border.setWidthF(isSelected() || !valid ? 2.2 : 1.0);
    if (!inferred) border.setStyle(Qt::DashLine);
    painter->setPen(border);
    painter->setBrush(valid ? QColor(0xfd, 0xfd, 0xfe) : QColor(0xff, 0xf1, 0xf0));
    painter->drawRoundedRect(rect, 6, 6);

    QPainterPath header;
    header.setFillRule(Qt::WindingFill);
    header.addRoundedRect(QRectF(0.5, 0.5, m_size.width() - 1, kHeader), 6, 6);
    header.addRect(QRectF(0.5, kHeader / 2, m_size.width() - 1, kHeader / 2));
    painter->fillPath(header.simplified(), color);

    QFont bold = smallFont(10);
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(Qt::white);
    const QRectF title(8, 0, m_size.width() - 16 - (valid ? 0 : 16), kHeader);
    painter->drawText(title, Qt::AlignVCenter | Qt::AlignLeft,
                      QFontMetricsF(bold).elidedText(m_id, Qt::ElideRight, title.width()));
    if (!valid) {
        const QRectF badge(m_size.width() - 20, 4, 14, 14);
        painter->setBrush(QColor(0xd3, 0x2f, 0x2f));
        painter->setPen(QPen(Qt::white, 1.2));
        painter->drawEllipse(badge);
        painter->drawText(badge, Qt::AlignCenter, QStringLiteral("!"));
    }

    const QFont body = smallFont(8.5);
    painter->setFont(body);
    const QFontMetricsF fm(body);
    const double textLeft = 10 + (m_inputNames.size() > 1 ? 40 : 0);
    const double textWidth = m_size.width() - textLeft - 10;
    const QString type = model->nodeData(m_id, GraphModel::TypeRole).toString();
    const QString params = model->nodeData(m_id, GraphModel::KeyParamsRole).toString();
    const qint64 count = model->nodeData(m_id, GraphModel::ParametersRole).toLongLong();
    const qint64 macs = model->nodeData(m_id, GraphModel::MacsRole).toLongLong();
    QStringList lines{type, params, QObject::tr("%1 params · %2 MACs").arg(shortCount(count), shortCount(macs))};
    double y = kHeader + 4;
    for (int i = 0; i < lines.size(); ++i) {
        painter->setPen(i == 0 ? QColor(0x26, 0x32, 0x38) : QColor(0x5f, 0x63, 0x68));
        painter->drawText(QRectF(textLeft, y, textWidth, kLineHeight), Qt::AlignVCenter | Qt::AlignLeft,
                          fm.elidedText(lines[i], Qt::ElideRight, textWidth));
        y += kLineHeight;
    }

    painter->setPen(QPen(QColor(0x45, 0x4f, 0x5a), 1));
    for (int i = 0; i < m_inputs; ++i) {
        painter->setBrush(QColor(0xff, 0xff, 0xff));
        painter->drawEllipse(inputPort(i), kPortRadius, kPortRadius);
        if (m_inputNames.size() > 1) {
            painter->setPen(QColor(0x78, 0x80, 0x88));
            painter->setFont(smallFont(8));
            painter->drawText(QRectF(kPortRadius + 3, inputPort(i).y() - 7, 36, 14), Qt::AlignVCenter | Qt::AlignLeft,
                              m_inputNames[i]);
            painter->setPen(QPen(QColor(0x45, 0x4f, 0x5a), 1));
        }
    }
    for (int i = 0; i < m_outputs; ++i) {
        painter->setBrush(color);
        painter->drawEllipse(outputPort(i), kPortRadius, kPortRadius);
    }

    if (const auto heat = m_scene->m_heat.constFind(m_id); heat != m_scene->m_heat.constEnd()) {
        // Translucent over the body, so the text stays readable; the share on a tag in the header's
        // right end (node ids are short; the body's lines run the full width).
        const double t = *heat / std::max(maxShare(m_scene->m_heat), 1e-12);
        QColor tint = heatColor(t);
        const QString share = QObject::tr("%1% of step").arg(100.0 * *heat, 0, 'f', 1);
        const QRectF tag(m_size.width() - fm.horizontalAdvance(share) - 14, (kHeader - kLineHeight) / 2,
                         fm.horizontalAdvance(share) + 10, kLineHeight);
        tint.setAlphaF(0.45f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(tint);
        painter->drawRoundedRect(QRectF(1, kHeader, m_size.width() - 2, m_size.height() - kHeader - 1), 5, 5);
        tint.setAlphaF(1.0f);
        painter->setBrush(tint);
        painter->drawRoundedRect(tag, 4, 4);
        painter->setPen(t > 0.6 ? QColor(Qt::white) : QColor(0x26, 0x32, 0x38));
        painter->setFont(body);
        painter->drawText(tag, Qt::AlignCenter, share);
    }
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionChange && m_scene->snapToGrid() && !m_scene->m_syncing)
        return m_scene->snapped(value.toPointF());
    if (change == ItemPositionHasChanged) m_scene->nodeItemMoved(m_id);
    return QGraphicsItem::itemChange(change, value);
}

// ---------------------------------------------------------------------------------------------- EdgeItem

EdgeItem::EdgeItem(GraphScene* scene, graph::Edge edge) : m_scene(scene), m_edge(std::move(edge)) {
    setFlags(ItemIsSelectable);
    setZValue(-1);
    refresh();
}

void EdgeItem::refresh() {
    prepareGeometryChange();
    m_from = m_scene->outputPortPos(QString::fromStdString(m_edge.from), m_edge.fromPort);
    m_to = m_scene->inputPortPos(QString::fromStdString(m_edge.to), m_edge.toPort);
    m_label = m_scene->model()->edgeLabel(m_edge);
    setToolTip(QStringLiteral("%1 → %2: %3")
                   .arg(QString::fromStdString(m_edge.from), QString::fromStdString(m_edge.to), m_label));
    update();
}

QPainterPath EdgeItem::path() const {
    QPainterPath p(m_from);
    const double dx = std::max(40.0, std::abs(m_to.x() - m_from.x()) / 2);
    p.cubicTo(m_from + QPointF(dx, 0), m_to - QPointF(dx, 0), m_to);
    return p;
}

QRectF EdgeItem::labelRect() const {
    const QFontMetricsF fm(smallFont(8));
    const QSizeF size(fm.horizontalAdvance(m_label) + 8, fm.height() + 2);
    // On the straight part leaving the source, so labels of edges that meet do not pile up.
    const QPointF anchor = m_from + QPointF(10, 0);
    return QRectF(QPointF(anchor.x(), anchor.y() - size.height() - 2), size);
}

QRectF EdgeItem::boundingRect() const { return path().boundingRect().adjusted(-3, -3, 3, 3).united(labelRect()); }

QPainterPath EdgeItem::shape() const {
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    QPainterPath s = stroker.createStroke(path());
    s.addRect(labelRect());
    return s;
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    const bool known = m_label != QStringLiteral("?");
    QPen pen(isSelected() ? QColor(0x19, 0x76, 0xd2) : QColor(0x60, 0x6a, 0x75), isSelected() ? 2.4 : 1.4);
    if (!known) pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());
    const QRectF label = labelRect();
    painter->setPen(QPen(QColor(0xc5, 0xcb, 0xd3), 0.8));
    painter->setBrush(QColor(0xf4, 0xf6, 0xf8));
    painter->drawRoundedRect(label, 3, 3);
    painter->setFont(smallFont(8));
    painter->setPen(known ? QColor(0x26, 0x32, 0x38) : QColor(0xd3, 0x2f, 0x2f));
    painter->drawText(label, Qt::AlignCenter, m_label);
}

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
    const QSizeF size = NodeItem::sizeFor(m_model->nodeData(id, GraphModel::InputCountRole).toInt(),
                                          m_model->nodeData(id, GraphModel::OutputCountRole).toInt());
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
    const QFontMetricsF fm(smallFont(8));
    for (const graph::Edge& e : m_model->graph().edges())
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(m_model->edgeLabel(e)) + 8);
    const auto positions = layoutGraph(
        m_model->graph(),
        [this](const std::string& id) {
            const QString key = QString::fromStdString(id);
            return NodeItem::sizeFor(m_model->nodeData(key, GraphModel::InputCountRole).toInt(),
                                     m_model->nodeData(key, GraphModel::OutputCountRole).toInt());
        },
        labelWidth, kLayoutAspect);
    QStringList ids;
    QList<QPointF> points;
    for (const auto& [id, pos] : positions) {
        ids << QString::fromStdString(id);
        points << snapped(pos);
    }
    if (undoable) {
        m_model->moveNodes(ids, points);
        return;
    }
    graph::ModelGraph g = m_model->graph();
    for (qsizetype i = 0; i < ids.size(); ++i) g.setPosition(ids[i].toStdString(), points[i].x(), points[i].y());
    m_model->setGraph(std::move(g));
}

bool GraphScene::isCrowded() const {
    const QStringList ids = m_model->nodeIds();
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const QRectF a = nodeRect(ids[i]).adjusted(0, 0, kLabelRoom, 10);
        for (qsizetype j = i + 1; j < ids.size(); ++j) {
            if (a.intersects(nodeRect(ids[j]).adjusted(0, 0, kLabelRoom, 10))) return true;
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
