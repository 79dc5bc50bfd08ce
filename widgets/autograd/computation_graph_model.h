// A Qt model over a CapturedGraph: one row per thing the computation-graph view draws — grad_fn op
// Nodes, leaf tensors (parameters and inputs, behind their AccumulateGrad), saved tensors, named
// intermediate tensors and the roots — plus the edges between them and the step-through sequence
// (forward in execution order, then backward in the engine's order). Tested without any view.
//
//   ComputationGraphModel model;
//   model.setGraph(captureScript("c = (a * 3).mean()\n", {a}));
//   int row = model.rowOfNode(model.graph().snapshot.roots[0]);
//   model.data(model.index(row), ComputationGraphModel::NameRole);   // "MeanBackward0"
//   model.steps();                                                     // forward, then backward steps
#pragma once

#include <QAbstractListModel>
#include <QImage>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <map>
#include <vector>

#include "widgets/autograd/computation_graph_capture.h"

namespace tessera::widgets {

enum class GraphItemKind { Op, Parameter, Input, Saved, Intermediate, Root };

enum class GraphEdgeKind {
    Gradient,  // a Node's input comes from `from` (forward direction: producer → consumer)
    Saved,     // a saved tensor kept by the op `to`
    Output,    // the op `from` produced the named tensor `to`
};

struct GraphEdge {
    int from = 0;  // rows, forward direction
    int to = 0;
    GraphEdgeKind kind = GraphEdgeKind::Gradient;
};

struct GraphStep {
    enum class Phase { Forward, Backward };
    Phase phase = Phase::Forward;
    int row = -1;          // the item highlighted
    QString title;         // "forward 1/2: mul" (the op), "backward 2/3: MulBackward0" (the Node)
    std::size_t node = 0;  // the snapshot Node
};

// A tensor a step shows, with what it is in that step.
struct StepTensor {
    enum class Kind {
        Output,  // forward: the op's output number `index`
        Saved,   // forward: what the op saved for backward
        // As PyTorch's backward hooks name them: a Node receives grad_output and returns grad_input.
        PathGradient,  // backward: one path's contribution where paths meet (from `node`'s grad_input[index])
        GradIn,        // backward: the received grad_output[index] (after the engine summed the paths)
        GradOut,       // backward: the returned grad_input[index], flowing to the row `target`
        Skipped,       // backward: grad_input[index] is not computed (that input does not require grad)
        GradBefore,    // backward, AccumulateGrad: .grad before this backward (accumulation)
        GradAfter,     // backward, AccumulateGrad: .grad after
    };
    Kind kind = Kind::Output;
    int index = 0;
    QString label;  // "output b", "received grad_output[0]", …
    autograd::SnapshotTensor tensor;
    int target = -1;       // GradOut: the row the gradient flows to
    std::size_t node = 0;  // PathGradient: the snapshot Node it comes from
};

class ComputationGraphModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        NameRole = Qt::UserRole + 1,  // QString: PyTorch's Node name for ops, the tensor's name otherwise
        KindRole,                     // int (GraphItemKind)
        KindNameRole,                 // "op", "parameter", "input", "saved", "intermediate", "root"
        ScopeRole,                    // QString: the layer path ("" at top level)
        NodeRole,                     // int: snapshot node index (ops, leaves; -1 otherwise)
        SequenceRole,                 // qulonglong: the Node's sequence number (creation order)
        BackwardOrderRole,            // int: place in the engine's order, -1 if not run
        ShapeRole,                    // QString "(2, 3)"
        DataRole,                     // QString: the values, abbreviated
        GradRole,                     // QString: the gradient, abbreviated ("" when none)
        NextFunctionsRole,            // QVariantList of [row or -1, inputNr]: grad_fn.next_functions
    };

    explicit ComputationGraphModel(QObject* parent = nullptr);

    void setGraph(CapturedGraph graph);
    const CapturedGraph& graph() const { return m_graph; }

    int rowOfNode(std::size_t node) const;  // -1 when absent
    const std::vector<GraphEdge>& edges() const { return m_edges; }
    const std::vector<GraphStep>& steps() const { return m_steps; }
    // The tensors step `index` shows, in the order shown (built when asked: they can be large).
    std::vector<StepTensor> stepTensors(int index) const;
    // The root tensor the op at `opRow` produced (backward starts at its grad_fn), or -1.
    int rootRow(int opRow) const;
    // The forward op that created snapshot Node `node` ("mul", "conv2d").
    QString opName(std::size_t node) const;
    // Whether the gradient of `row` has been computed when step `step` has run (-1: before the first
    // step, when no gradient is known; forward steps know none; a backward step knows those of the
    // Nodes run so far).
    bool gradKnown(int row, int step) const;
    // What happens at step `index`, with the numbers, as HTML.
    QString stepHtml(int index) const;
    GraphItemKind kind(int row) const { return m_items.at(static_cast<std::size_t>(row)).kind; }
    QString scope(int row) const { return m_items.at(static_cast<std::size_t>(row)).scope; }
    QString name(int row) const { return m_items.at(static_cast<std::size_t>(row)).name; }
    // The rows whose name contains `text` (case-insensitive).
    QList<int> find(const QString& text) const;
    // The tensors of an item in full (values, gradient, shape, strides, dtype, storage sharing), as HTML,
    // as they stand once step `step` has run: no gradient before backward has computed it.
    QString detailsHtml(int row, int step) const;
    // … once the whole pass has run.
    QString detailsHtml(int row) const;
    // The heat map of the tensor panel `key` of the HTML made last (stepHtml, detailsHtml).
    QImage panelImage(const QString& key) const;
    // Shows or hides the raw numbers of panel `key` in the HTML made next.
    void toggleValues(const QString& key);
    // Layer scopes present, outermost first.
    QStringList scopes() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString kindName(GraphItemKind kind);
    // "(2, 3)", "[1.0000, 2.0000, …]" (at most `maxValues` values) — shared with the view's labels.
    static QString shapeText(const autograd::SnapshotTensor& t);
    static QString valuesText(const autograd::SnapshotTensor& t, int maxValues = 5);

private:
    struct Item {
        GraphItemKind kind = GraphItemKind::Op;
        QString name;
        QString scope;
        std::ptrdiff_t node = -1;    // snapshot node (ops and leaves)
        std::ptrdiff_t tensor = -1;  // CapturedGraph::tensors index (named tensors)
        autograd::SnapshotTensor value;
        autograd::SnapshotTensor grad;
    };
    void build();
    void buildSteps();
    // Whether backward has run snapshot Node `node` by step `step`.
    bool nodeRan(std::size_t node, int step) const;
    // A tensor panel (widgets/autograd/tensor_panel.h) under `key`: "s<i>" for a step's, "d<i>" for
    // an item's details.
    QString tensorHtml(const QString& key, const QString& title, const autograd::SnapshotTensor& t) const;

    CapturedGraph m_graph;
    std::vector<Item> m_items;
    std::vector<int> m_rowOfNode;
    std::vector<GraphEdge> m_edges;
    std::vector<GraphStep> m_steps;
    mutable std::map<QString, autograd::SnapshotTensor> m_panel;  // the tensors of the panels made last
    mutable int m_generation = 0;
    QSet<QString> m_shownValues;
};

}  // namespace tessera::widgets
