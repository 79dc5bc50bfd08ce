// The undo command behind every edit of the model graph in the designer: adding, deleting,
// connecting, disconnecting, moving (a whole drag is one step), changing a parameter, pasting and
// duplicating. It keeps the graph before and after the edit, so undo and redo restore it exactly —
// node order included. Consecutive edits with the same merge key (typing into one parameter's spin
// box) merge into one step.
//
//   document->undoStack()->push(new GraphEditCommand(model, "Add Linear", [](graph::ModelGraph& g) {
//       g.addNode("Linear", {{"in_features", 4}, {"out_features", 3}});
//   }));
#pragma once

#include <QString>
#include <QUndoCommand>

#include "core/graph/model_graph.h"
#include "widgets/designer/graph_model.h"

namespace tessera::app {

class GraphEditCommand : public QUndoCommand {
public:
    // Applies `edit` to a copy of the model's graph now; it must not throw (GraphModel::edit has
    // tried it already).
    GraphEditCommand(widgets::GraphModel* model, const QString& text, const widgets::GraphEdit& edit,
                     QString mergeKey = {});

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    widgets::GraphModel* m_model;
    graph::ModelGraph m_before;
    graph::ModelGraph m_after;
    QString m_mergeKey;
};

}  // namespace tessera::app
