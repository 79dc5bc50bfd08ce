#include "app/designer/designer_commands.h"

namespace tessera::app {

namespace {
// QUndoCommand id shared by every mergeable graph edit; mergeWith() compares the keys.
constexpr int kGraphEditId = 2000;
}  // namespace

GraphEditCommand::GraphEditCommand(widgets::GraphModel* model, const QString& text, const widgets::GraphEdit& edit,
                                   QString mergeKey)
    : m_model(model), m_before(model->graph()), m_after(model->graph()), m_mergeKey(std::move(mergeKey)) {
    setText(text);
    edit(m_after);
}

void GraphEditCommand::redo() { m_model->setGraph(m_after); }

void GraphEditCommand::undo() { m_model->setGraph(m_before); }

int GraphEditCommand::id() const { return m_mergeKey.isEmpty() ? -1 : kGraphEditId; }

bool GraphEditCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const GraphEditCommand*>(other);
    if (next->m_model != m_model || next->m_mergeKey != m_mergeKey) return false;
    m_after = next->m_after;
    // Typing back the original value leaves nothing to undo.
    if (m_after == m_before) setObsolete(true);
    return true;
}

}  // namespace tessera::app
