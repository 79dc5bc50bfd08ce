#include "app/project/undo_commands.h"

#include <QCoreApplication>

namespace tessera::app {

namespace {
// QUndoCommand ids: one per field, so only edits of the same field merge.
constexpr int kFieldCommandId = 1000;
constexpr int kSectionCommandId = 1100;
}  // namespace

SetFieldCommand::SetFieldCommand(ProjectDocument* document, ProjectDocument::Field field, QString value)
    : m_document(document), m_field(field), m_old(document->field(field)), m_new(std::move(value)) {
    setText(field == ProjectDocument::Field::Name
                ? QCoreApplication::translate("tessera::app::SetFieldCommand", "Rename Project")
                : QCoreApplication::translate("tessera::app::SetFieldCommand", "Edit Description"));
}

void SetFieldCommand::redo() { m_document->applyField(m_field, m_new); }

void SetFieldCommand::undo() { m_document->applyField(m_field, m_old); }

int SetFieldCommand::id() const { return kFieldCommandId + static_cast<int>(m_field); }

bool SetFieldCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetFieldCommand*>(other);
    if (next->m_field != m_field || next->m_document != m_document) return false;
    m_new = next->m_new;
    // An edit that returns to the original text leaves nothing to undo.
    if (m_new == m_old) setObsolete(true);
    return true;
}

SetSectionCommand::SetSectionCommand(ProjectDocument* document, ProjectDocument::Section section, io::Json value,
                                     const QString& text, QString mergeKey)
    : m_document(document),
      m_section(section),
      m_old(document->section(section)),
      m_new(std::move(value)),
      m_mergeKey(std::move(mergeKey)) {
    setText(text);
}

void SetSectionCommand::redo() { m_document->applySection(m_section, m_new); }

void SetSectionCommand::undo() { m_document->applySection(m_section, m_old); }

int SetSectionCommand::id() const { return kSectionCommandId + static_cast<int>(m_section); }

bool SetSectionCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetSectionCommand*>(other);
    if (next->m_section != m_section || next->m_document != m_document || m_mergeKey.isEmpty() ||
        next->m_mergeKey != m_mergeKey)
        return false;
    m_new = next->m_new;
    if (m_new == m_old) setObsolete(true);
    return true;
}

}  // namespace tessera::app
