// The items of the designer canvas (graph_scene.h): a node box with its ports, text and problems, and
// an edge with its shape label. They read everything they draw from the GraphScene's model by role.
//
//   auto* item = new NodeItem(scene, "conv1");
//   item->refresh();                  // size, text and tooltip from the model
//   item->inputPort(0);               // where an edge ends, in item coordinates
#pragma once

#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>
#include <QStringList>

#include "core/graph/model_graph.h"

namespace tessera::widgets {

class GraphModel;
class GraphScene;

// One node on the canvas; its data comes from the model by role.
class NodeItem : public QGraphicsItem {
public:
    static constexpr double kWidth = 180;
    // Room kept right of a node for its outgoing edges' shape labels.
    static constexpr double kLabelRoom = 70;

    NodeItem(GraphScene* scene, QString id);
    const QString& id() const { return m_id; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    // Recomputes size, text and tooltip from the model.
    void refresh();
    // The input port under `scenePos`, or the nearest one when over the node; -1 when none.
    int inputPortAt(QPointF scenePos, bool nearest) const;
    int outputPortAt(QPointF scenePos) const;
    QPointF inputPort(int port) const;   // item coordinates
    QPointF outputPort(int port) const;  // item coordinates
    // Size a node of this many ports and lines of parameters gets.
    static QSizeF sizeFor(int inputs, int outputs, int paramLines = 1);
    // Size of node `id` as the model describes it (ports, and its parameters wrapped to fit).
    static QSizeF sizeFor(const GraphModel& model, const QString& id);
    // The parameters ("d_model=32 nhead=4 …") wrapped into lines of the node's text width: every
    // parameter is shown in full, never cut off; `namedInputs` leaves room for input port names.
    static QStringList wrapParams(const QString& params, bool namedInputs);
    // The font of the node's body text (type, parameters, counts).
    static QFont bodyFont();

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    GraphScene* m_scene;
    QString m_id;
    QSizeF m_size;
    int m_inputs = 0, m_outputs = 0;
    QStringList m_inputNames;
    QStringList m_paramLines;
};

// One edge with its shape label in the middle.
class EdgeItem : public QGraphicsItem {
public:
    EdgeItem(GraphScene* scene, graph::Edge edge);
    const graph::Edge& edge() const { return m_edge; }
    QString label() const { return m_label; }
    QRectF labelRect() const;  // scene coordinates
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void refresh();  // ends and label
    // The font of the shape labels (auto-layout leaves room for the widest).
    static QFont labelFont();
    // The curve drawn, scene coordinates: dot's route while the layout holds, else a plain S-curve.
    QPainterPath path() const;

private:
    GraphScene* m_scene;
    graph::Edge m_edge;
    QPointF m_from, m_to;
    QString m_label;
};

}  // namespace tessera::widgets
