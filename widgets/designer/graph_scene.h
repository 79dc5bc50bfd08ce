// GraphScene: the designer canvas's scene over a GraphModel. Nodes show their id, type, key
// parameters, parameter count and MACs, with input ports on the left and output ports on the right;
// edges carry the inferred shape; invalid nodes get a red frame and their problems in the tooltip.
// Dragging from an output port to an input port (or from a free input port back to a node's
// output) connects them (a refused connection emits hintRequested with the reason); dragging a connected input port's
// edge end away disconnects it, or moves it to the input port it is dropped on (one step, as in QtNodes); a drag that
// moves nodes is one undo step. Every edit goes through the model, so the scene only ever redraws what the model says.
//
//   GraphScene scene(document->graphModel());
//   GraphView view(&scene);                 // zoom, pan, rubber band, drop from the palette
//   scene.autoLayout();                     // Graphviz dot, left to right; one undo step
//   scene.nodeRect("conv1");                // in scene coordinates
#pragma once

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QHash>
#include <QPainterPath>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/graph/model_graph.h"

class QGraphicsLineItem;

namespace tessera::widgets {

class GraphModel;
class NodeItem;
class EdgeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    static constexpr double kGrid = 10;
    static constexpr const char* kClipboardMime = "application/x-tessera-graph";

    explicit GraphScene(GraphModel* model, QObject* parent = nullptr);
    ~GraphScene() override;

    GraphModel* model() const { return m_model; }
    NodeItem* nodeItem(const QString& id) const { return m_nodes.value(id); }
    EdgeItem* edgeItem(const graph::Edge& edge) const;
    QList<EdgeItem*> edgeItems() const;
    QRectF nodeRect(const QString& id) const;
    // Where a port sits, in scene coordinates (input ports on the left edge, outputs on the right).
    QPointF inputPortPos(const QString& id, int port) const;
    QPointF outputPortPos(const QString& id, int port) const;

    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool on) { m_snap = on; }
    QPointF snapped(QPointF p) const;

    QStringList selectedNodeIds() const;
    void selectNodes(const QStringList& ids);

    // Edits of the selection, each one undo step.
    void deleteSelection();
    void copySelection() const;
    void paste();
    void duplicateSelection();
    // Lays out every node with Graphviz (dot, left to right). `undoable` false writes the positions
    // straight into the model (tidying a project as it opens, which is not an edit).
    void autoLayout(bool undoable = true);
    // The route auto-layout gave `edge` (cubic Bézier points, scene coordinates), while both its nodes
    // are still where the layout put them; null otherwise (the edge is then drawn as a plain curve).
    const std::vector<QPointF>* edgeRoute(const graph::Edge& edge) const;
    // True when two node rectangles, widened by room for edge labels, overlap.
    bool isCrowded() const;
    // Paints each node whose id is a key with a heat colour: its share of the profiled step time
    // (widgets/layer_heat.h); an empty hash removes the colours.
    void setNodeHeat(QHash<QString, double> shares);
    const QHash<QString, double>& nodeHeat() const { return m_heat; }

signals:
    // A short message for the status bar: why a connection was refused, what was pasted, …
    void hintRequested(const QString& message);
    void nodeActivated(const QString& id);  // double-clicked

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuild();
    void addNodeItem(const QString& id);
    void removeNodeItem(const QString& id);
    void addEdgeItem(const graph::Edge& edge);
    void removeEdgeItem(const graph::Edge& edge);
    void refreshAll();
    void startWire(const QString& from, int port, QPointF at);
    void nodeItemMoved(const QString& id);
    graph::ModelGraph selectionGraph() const;
    void pasteGraph(const graph::ModelGraph& g, QPointF offset);

    friend class NodeItem;

    GraphModel* m_model;
    QHash<QString, NodeItem*> m_nodes;
    QList<EdgeItem*> m_edges;
    bool m_snap = true;
    // A connection being dragged out of an output port.
    QGraphicsLineItem* m_wire = nullptr;
    QString m_wireFrom;
    int m_wireFromPort = 0;
    // The edge whose input end is being dragged (with m_wire), hidden meanwhile.
    std::optional<graph::Edge> m_detached;
    // A connection being dragged backwards out of a free input port.
    QString m_wireTo;
    int m_wireToPort = 0;
    int m_pasteCount = 0;
    bool m_syncing = false;  // positions come from the model: no snapping, no move step
    QHash<QString, double> m_heat;
    struct Route {
        graph::Edge edge;
        QPointF from, to;  // the two nodes' positions the route was made for
        std::vector<QPointF> points;
    };
    std::vector<Route> m_routes;
};

}  // namespace tessera::widgets
