// The graphics items of the computation-graph view (computation_graph_view.h): a node drawn as torchviz
// draws it (an op as a rounded grey box, a tensor as a `name | shape | data | grad` record), the box
// around a layer's ops, and the zooming view they sit in — kept apart from the view's layout,
// collapsing and stepping logic.
//
//   auto* item = new GraphNodeItem(size, {"MulBackward0"}, graphItemFill(GraphItemKind::Op), false, font);
//   item->onClick = [] { … };
//   scene->addItem(item);
#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QGraphicsRectItem>
#include <QGraphicsView>
#include <QStringList>
#include <functional>

#include "widgets/autograd/computation_graph_model.h"

namespace tessera::widgets {

// torchviz's colours: grad_fn grey, parameters light blue, roots green, saved tensors orange.
QColor graphItemFill(GraphItemKind kind);

// A node of the graph; its flags set how its border is drawn (and faded nodes are drawn pale).
class GraphNodeItem : public QGraphicsItem {
public:
    GraphNodeItem(QSizeF size, QStringList lines, QColor fill, bool record, QFont font);
    QRectF boundingRect() const override { return m_rect.adjusted(-3, -3, 3, 3); }
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override;
    const QStringList& lines() const { return m_lines; }  // the first is the name
    std::function<void()> onClick;
    std::function<void()> onDoubleClick;
    bool highlighted = false;
    bool matched = false;
    bool selected = false;
    bool faded = false;
    QString gradLine;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    QRectF m_rect;
    QStringList m_lines;
    QColor m_fill;
    bool m_record;
    QFont m_font;
};

// The box drawn around an expanded layer's ops; a double click collapses it.
class LayerBox : public QGraphicsRectItem {
public:
    using QGraphicsRectItem::QGraphicsRectItem;
    std::function<void()> onDoubleClick;

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
};

// Zooms with the wheel around the mouse and pans by dragging.
class ZoomingView : public QGraphicsView {
public:
    using QGraphicsView::QGraphicsView;

protected:
    void wheelEvent(QWheelEvent* event) override;
};

}  // namespace tessera::widgets
