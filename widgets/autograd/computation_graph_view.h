// Draws a ComputationGraphModel the way torchviz does — grad_fn op Nodes as grey boxes with PyTorch's
// names, tensors as records `name | shape | data | grad` (parameters blue, inputs yellow, saved tensors
// orange, intermediates white, roots green) — with op Nodes grouped in a box per layer scope. Graphviz
// lays it out on a worker thread; a layout superseded by a newer one is dropped. Layers collapse and
// expand (double-click), nodes are found by name, the view zooms (wheel) and pans (drag); a click on
// a node shows its tensors in full in the side panel. It steps through the forward pass in execution
// order and the backward pass in the engine's order, highlighting the current node. Exports SVG,
// PNG and DOT.
//
//   ComputationGraphModel model;
//   ComputationGraphView view;
//   view.setModel(&model);
//   model.setGraph(captureScript("c = (a * 3).mean()\n", {a}));   // lays out again by itself
//   view.restartSteps(); view.step();                               // forward 1: MulBackward0
//   view.exportSvg("graph.svg");
#pragma once

#include <QFutureWatcher>
#include <QSet>
#include <QWidget>
#include <memory>
#include <vector>

#include "widgets/autograd/computation_graph_layout.h"
#include "widgets/autograd/computation_graph_model.h"

class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tessera::widgets {

class GraphNodeItem;
class TensorPanelBrowser;

class ComputationGraphView : public QWidget {
    Q_OBJECT
public:
    explicit ComputationGraphView(QWidget* parent = nullptr);
    ~ComputationGraphView() override;

    void setModel(ComputationGraphModel* model);
    ComputationGraphModel* model() const { return m_model; }
    QGraphicsScene* scene() const { return m_scene; }

    bool isLayoutPending() const { return m_running || m_queued; }
    // The rows drawn as their own node (members of collapsed layers are not).
    QList<int> visibleRows() const;

    // Collapsing a layer folds its sub-layers into it too.
    void setCollapsed(const QString& scope, bool collapsed);
    bool isCollapsed(const QString& scope) const { return m_collapsed.contains(scope); }
    void collapseAll();
    void expandAll();
    // Saved tensors (orange records) drawn or not; torchviz leaves them out by default. The panel
    // lists them either way.
    void setShowSaved(bool show);
    bool showSaved() const { return m_showSaved; }

    // Highlights the rows whose name contains `text`, centres the first; returns how many matched.
    int search(const QString& text);
    void selectRow(int row);  // as a click: shows its details
    int selectedRow() const { return m_selected; }
    QString detailsHtml() const;

    // Step-through: -1 before the first step; steps() are the model's.
    int currentStep() const { return m_step; }
    int highlightedRow() const;
    // The gradient text drawn in a tensor's record at the current step ("" until it is known).
    QString shownGrad(int row) const;
    // The name drawn on the node of `row` (its first line; "" while it is not drawn on its own).
    QString shownName(int row) const;

    bool exportSvg(const QString& path);
    bool exportPng(const QString& path);
    bool exportDot(const QString& path);

public slots:
    void restartSteps();
    void step();
    void runToEnd();
    void fitToView();
    // Fits the graph if its text stays legible that way; else zooms to a legible scale at the top of
    // the graph, where the forward pass starts. Done by itself when a new graph is first drawn.
    void fitLegibly();

signals:
    void layoutFinished();
    void stepChanged(int step);

private:
    QLabel* legend();  // the colours of the nodes and of the heat maps, explained
    struct Plan;       // what a layout request stands for: which rows or collapsed layers each node is
    struct Laid;
    QString foldedInto(const QString& scope) const;  // the outermost collapsed layer holding `scope`, or ""
    void relayout();
    void startLayout();
    void applyLayout(const Laid& laid);
    void updateStepState();
    void updateDetails();
    void exportMenu();

    ComputationGraphModel* m_model = nullptr;
    QGraphicsScene* m_scene;
    QGraphicsView* m_view;
    TensorPanelBrowser* m_details;
    QLineEdit* m_search;
    QLabel* m_stepLabel;
    QToolButton* m_savedButton;
    QFutureWatcher<std::shared_ptr<Laid>> m_watcher;
    std::shared_ptr<Plan> m_queued;  // the newest request, waiting for the running one to finish
    bool m_running = false;
    bool m_fitPending = true;
    std::shared_ptr<Plan> m_plan;  // the plan on screen
    QSet<QString> m_collapsed;
    bool m_showSaved = true;
    std::vector<GraphNodeItem*> m_nodeItems;  // by plan node
    QSet<int> m_matches;
    int m_selected = -1;
    int m_step = -1;
};

}  // namespace tessera::widgets
