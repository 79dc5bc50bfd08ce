#include "widgets/autograd/computation_graph_items.h"

#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QWheelEvent>

namespace tessera::widgets {

namespace {

const QColor kHighlight(0xe0, 0x3a, 0x1e);
const QColor kMatch(0xf0, 0xc0, 0x00);
const QColor kSelected(0x1e, 0x6f, 0xe0);

}  // namespace

QColor graphItemFill(GraphItemKind kind) {
    switch (kind) {
        case GraphItemKind::Op:
            return QColor(0xd3, 0xd3, 0xd3);
        case GraphItemKind::Parameter:
            return QColor(0xad, 0xd8, 0xe6);
        case GraphItemKind::Input:
            return QColor(0xff, 0xf5, 0xb8);
        case GraphItemKind::Saved:
            return QColor(0xff, 0xa5, 0x00);
        case GraphItemKind::Intermediate:
            return QColor(Qt::white);
        case GraphItemKind::Root:
            return QColor(0xca, 0xff, 0x70);
    }
    return Qt::white;
}

GraphNodeItem::GraphNodeItem(QSizeF size, QStringList lines, QColor fill, bool record, QFont font)
    : m_rect(-size.width() / 2, -size.height() / 2, size.width(), size.height()),
      m_lines(std::move(lines)),
      m_fill(fill),
      m_record(record),
      m_font(std::move(font)) {
    setAcceptedMouseButtons(Qt::LeftButton);
    setCursor(Qt::PointingHandCursor);
}
void GraphNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    p->setRenderHint(QPainter::Antialiasing);
    p->setOpacity(faded ? 0.25 : 1.0);
    QColor border(0x55, 0x55, 0x55);
    double width = 1;
    if (matched) border = kMatch, width = 3;
    if (selected) border = kSelected, width = 2.5;
    if (highlighted) border = kHighlight, width = 3.5;
    p->setPen(QPen(border, width));
    p->setBrush(m_fill);
    const double radius = m_record ? 2 : 6;
    p->drawRoundedRect(m_rect, radius, radius);
    p->setFont(m_font);
    const QFontMetricsF fm(m_font);
    const double lineHeight = fm.height() + 2;
    QStringList lines = m_lines;
    if (m_record && lines.size() == 4) lines[3] = gradLine;
    double y = m_rect.top() + (m_record ? 2 : (m_rect.height() - lineHeight * lines.size()) / 2);
    for (int i = 0; i < lines.size(); ++i) {
        QFont f = m_font;
        f.setBold(i == 0);
        p->setFont(f);
        p->setPen(Qt::black);
        const QRectF line(m_rect.left() + 5, y, m_rect.width() - 10, lineHeight);
        p->drawText(line, Qt::AlignVCenter | (m_record ? Qt::AlignLeft : Qt::AlignHCenter),
                    fm.elidedText(lines[i], Qt::ElideRight, line.width()));
        y += lineHeight;
        if (m_record && i + 1 < lines.size()) {
            p->setPen(QPen(QColor(0x77, 0x77, 0x77), 0.6));
            p->drawLine(QPointF(m_rect.left(), y), QPointF(m_rect.right(), y));
        }
    }
}
void GraphNodeItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (onClick) onClick();
    event->accept();
}

void GraphNodeItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    if (onDoubleClick) onDoubleClick();
    event->accept();
}

void LayerBox::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    if (onDoubleClick) onDoubleClick();
    event->accept();
}

void ZoomingView::wheelEvent(QWheelEvent* event) {
    const double factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    scale(factor, factor);
    event->accept();
}

}  // namespace tessera::widgets
