// GraphModel: the designer's Qt model of a graph::ModelGraph, in the manner of QtNodes'
// AbstractGraphModel — nodes by id, their data by role, and a change signal for every node or edge
// added, removed, moved or re-parameterised. After every change it reruns shape inference
// (graph::analyze), so the shapes, costs and problems it reports always match the graph. Views draw
// it; nothing here depends on a scene, so it is tested on its own.
//
//   GraphModel model;
//   model.setGraph(graph::ModelGraph::fromProject(project));     // emits the differences
//   QString id = model.addNode("Linear", {{"in_features", 4}, {"out_features", 3}}, {40, 80});
//   model.connectPorts("x", 0, id, 0);
//   model.nodeData(id, GraphModel::ShapeErrorRole).toString();   // "" when the node is fine
//   model.edgeLabel(model.graph().edges()[0]);                   // "[N, 4]"
//
// Edits normally go through edit(): with an edit handler installed (the app's undo stack) the change
// is handed to it, else it is applied at once.
#pragma once

#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <functional>

#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"

namespace tessera::widgets {

// A change of a graph: it may throw (ValueError, …) to refuse the change.
using GraphEdit = std::function<void(graph::ModelGraph&)>;

class GraphModel : public QObject {
    Q_OBJECT
public:
    enum Role {
        TypeRole,          // QString: "Conv2d"
        CaptionRole,       // QString: the node id
        CategoryRole,      // QString: the registry category, "" for an unknown type
        PositionRole,      // QPointF
        InputCountRole,    // int: input ports shown (a variadic node shows one spare)
        OutputCountRole,   // int
        InputNamesRole,    // QStringList
        KeyParamsRole,     // QString: "8→16, k3, p1" — the values that differ from the defaults, short
        ParametersRole,    // qint64: trainable elements
        MacsRole,          // qint64: multiply-accumulates per sample
        ValidRole,         // bool: inferred and no error attached
        HasErrorRole,      // bool: an error is attached to the node itself (not only to what feeds it)
        ShapeErrorRole,    // QString: the node's problems, one per line ("" when none)
        OutputShapesRole,  // QStringList: "[N, 8, 8, 8]" per output port
    };

    // Applies `edit` through an undo stack: text names the step ("Add Linear"); edits with the same
    // non-empty mergeKey that follow each other may merge into one step.
    using EditHandler = std::function<void(const QString& text, const GraphEdit& edit, const QString& mergeKey)>;

    explicit GraphModel(QObject* parent = nullptr);

    const graph::ModelGraph& graph() const { return m_graph; }
    const graph::GraphReport& report() const { return m_report; }

    // Replaces the graph, emitting one signal per difference (node added/removed/moved/changed, edge
    // added/removed) and then analysisChanged(). Undo commands call this.
    void setGraph(graph::ModelGraph graph);

    void setEditHandler(EditHandler handler) { m_handler = std::move(handler); }
    // Applies an edit to a copy of the graph; returns false (with the reason in lastError()) when it
    // throws or changes nothing.
    bool edit(const QString& text, const GraphEdit& change, const QString& mergeKey = {});
    QString lastError() const { return m_lastError; }

    // Convenience edits, each one step. addNode returns the new id ("" when refused).
    QString addNode(const QString& type, io::Json params = io::Json::object(), QPointF pos = {});
    // Adds a node of `type` at `pos` fed by `from`'s first output, with the parameters that output's
    // shape decides filled in — one step, as a layer added from the palette after the selected one.
    // Without inputs (or when `from` has no output) the node is added unconnected.
    QString addNodeAfter(const QString& type, QPointF pos, const QString& from);
    bool removeNodes(const QStringList& ids);
    // Refused (false, lastError() says why) when it would join a node to itself, form a cycle or
    // feed a port that does not exist. The parameters of `to` that the incoming shape decides
    // (graph::shapeDeterminedParams: Linear's in_features, …) are filled in the same step.
    bool connectPorts(const QString& from, int fromPort, const QString& to, int toPort);
    bool disconnectPort(const QString& to, int toPort);
    // Moves the input end of `edge` to (to, toPort) in one step, as dragging it there does; an empty
    // `to` disconnects it. Refused like connectPorts.
    bool moveEdgeEnd(const graph::Edge& edge, const QString& to, int toPort);
    bool moveNodes(const QStringList& ids, const QList<QPointF>& positions);
    bool setParam(const QString& id, const QString& name, io::Json value);
    // Removes a value the user set, so the schema's default (or "not set") applies; merges with
    // setParam steps of the same parameter.
    bool unsetParam(const QString& id, const QString& name);
    // Renames a node; its edges follow. Refused (false, lastError() says why) as renameProblem says.
    bool renameNode(const QString& id, const QString& newId);
    // Why `newId` cannot name node `id`, "" when it can: empty, not identifier-like or taken.
    QString renameProblem(const QString& id, const QString& newId) const;
    // Adds copies of `nodes` (and the edges among them) shifted by `offset`, with fresh ids; returns them.
    QStringList pasteNodes(const std::vector<graph::Node>& nodes, const std::vector<graph::Edge>& edges,
                           QPointF offset);

    // The parameters of `to` that connecting (from, fromPort) to its input `toPort` would fill, as far
    // as they differ from its current values (an empty object when none).
    io::Json filledParams(const QString& from, int fromPort, const QString& to, int toPort) const;
    // Why connecting would be refused, "" when it is allowed.
    QString connectionProblem(const QString& from, int fromPort, const QString& to, int toPort) const;

    QStringList nodeIds() const;
    bool hasNode(const QString& id) const;
    QVariant nodeData(const QString& id, Role role) const;
    // The inferred type on an edge: "[N, 8, 8, 8]", "[N] int64", or "?" when unknown.
    QString edgeLabel(const graph::Edge& edge) const;

signals:
    void nodeAdded(const QString& id);
    void nodeRemoved(const QString& id);
    void nodeMoved(const QString& id);
    void nodeChanged(const QString& id);  // type or parameters
    void edgeAdded(const tessera::graph::Edge& edge);
    void edgeRemoved(const tessera::graph::Edge& edge);
    // After every change: shapes, costs and problems may differ anywhere.
    void analysisChanged();

private:
    static QString fillText(const io::Json& fill);  // " (in_features = 4)" for a step's name

    graph::ModelGraph m_graph;
    graph::GraphReport m_report;
    EditHandler m_handler;
    QString m_lastError;
};

// Short text of a count: 1234 → "1.2k", 5300000 → "5.3M".
QString shortCount(qint64 n);

}  // namespace tessera::widgets

Q_DECLARE_METATYPE(tessera::graph::Edge)
