#include "widgets/designer/graph_items.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "core/graph/node_type_registry.h"
#include "core/tensor/error.h"
#include "widgets/common/core_text.h"
#include "widgets/common/layer_heat.h"
#include "widgets/common/node_colours.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"

namespace tessera::widgets {

namespace {

constexpr double kHeader = 24;
constexpr double kPortSpacing = 20;
constexpr double kPortRadius = 5;
constexpr double kLineHeight = 19;

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

QFont NodeItem::bodyFont() { return smallFont(10); }

QSizeF NodeItem::sizeFor(int inputs, int outputs, int paramLines) {
    const double ports = std::max(inputs, outputs);
    const double lines = 2 + std::max(paramLines, 1);
    return {kWidth, std::max(kHeader + lines * kLineHeight + 10, kHeader + ports * kPortSpacing + 8)};
}

QSizeF NodeItem::sizeFor(const GraphModel& model, const QString& id) {
    const bool namedInputs = model.nodeData(id, GraphModel::InputNamesRole).toStringList().size() > 1;
    const QStringList params = wrapParams(model.nodeData(id, GraphModel::KeyParamsRole).toString(), namedInputs);
    return sizeFor(model.nodeData(id, GraphModel::InputCountRole).toInt(),
                   model.nodeData(id, GraphModel::OutputCountRole).toInt(), static_cast<int>(params.size()));
}

QStringList NodeItem::wrapParams(const QString& params, bool namedInputs) {
    const QFontMetricsF fm(bodyFont());
    const double width = kWidth - 20 - (namedInputs ? 40 : 0);
    QStringList lines;
    QString line;
    for (const QString& token : params.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString joined = line.isEmpty() ? token : line + QLatin1Char(' ') + token;
        if (fm.horizontalAdvance(joined) <= width) {
            line = joined;
            continue;
        }
        if (!line.isEmpty()) lines << line;
        // A single parameter wider than the node ("k=(3, 3, 3)") breaks between characters.
        line.clear();
        for (const QChar c : token) {
            if (!line.isEmpty() && fm.horizontalAdvance(line + c) > width) {
                lines << line;
                line.clear();
            }
            line += c;
        }
    }
    if (!line.isEmpty() || lines.isEmpty()) lines << line;
    return lines;
}

void NodeItem::refresh() {
    const GraphModel* model = m_scene->model();
    m_inputs = model->nodeData(m_id, GraphModel::InputCountRole).toInt();
    m_outputs = model->nodeData(m_id, GraphModel::OutputCountRole).toInt();
    m_inputNames = model->nodeData(m_id, GraphModel::InputNamesRole).toStringList();
    m_paramLines = wrapParams(model->nodeData(m_id, GraphModel::KeyParamsRole).toString(), m_inputNames.size() > 1);
    const QSizeF size = sizeFor(m_inputs, m_outputs, static_cast<int>(m_paramLines.size()));
    if (size != m_size) {
        prepareGeometryChange();
        m_size = size;
    }
    const QString type = model->nodeData(m_id, GraphModel::TypeRole).toString();
    QString tip = QStringLiteral("<b>%1</b> (%2)").arg(m_id.toHtmlEscaped(), type.toHtmlEscaped());
    if (const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type.toStdString()))
        tip += QStringLiteral("<br>%1").arg(coreText(t->help).toHtmlEscaped());
    const QString params = model->nodeData(m_id, GraphModel::KeyParamsRole).toString();
    if (!params.isEmpty()) tip += QStringLiteral("<br>%1").arg(params.toHtmlEscaped());
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
    const QColor color = categoryColour(model->nodeData(m_id, GraphModel::CategoryRole).toString());
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

    QFont bold = smallFont(11);
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

    const QFont body = bodyFont();
    painter->setFont(body);
    const QFontMetricsF fm(body);
    const double textLeft = 10 + (m_inputNames.size() > 1 ? 40 : 0);
    const double textWidth = m_size.width() - textLeft - 10;
    const QString type = model->nodeData(m_id, GraphModel::TypeRole).toString();
    const qint64 count = model->nodeData(m_id, GraphModel::ParametersRole).toLongLong();
    const qint64 macs = model->nodeData(m_id, GraphModel::MacsRole).toLongLong();
    QStringList lines{type};
    lines << m_paramLines << QObject::tr("%1 params · %2 MACs").arg(shortCount(count), shortCount(macs));
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
            painter->setFont(EdgeItem::labelFont());
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

QFont EdgeItem::labelFont() { return smallFont(8); }

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
    if (const std::vector<QPointF>* route = m_scene->edgeRoute(m_edge); route && route->size() >= 4) {
        // dot's spline, from this edge's own ports: its first and last points are the nodes' sides.
        const std::vector<QPointF>& r = *route;
        for (std::size_t i = 1; i + 2 < r.size(); i += 3)
            p.cubicTo(r[i], r[i + 1], i + 2 == r.size() - 1 ? m_to : r[i + 2]);
        return p;
    }
    const double dx = std::max(40.0, std::abs(m_to.x() - m_from.x()) / 2);
    p.cubicTo(m_from + QPointF(dx, 0), m_to - QPointF(dx, 0), m_to);
    return p;
}

QRectF EdgeItem::labelRect() const {
    const QFontMetricsF fm(EdgeItem::labelFont());
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
    painter->setFont(EdgeItem::labelFont());
    painter->setPen(known ? QColor(0x26, 0x32, 0x38) : QColor(0xd3, 0x2f, 0x2f));
    painter->drawText(label, Qt::AlignCenter, m_label);
}

}  // namespace tessera::widgets
