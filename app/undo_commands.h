// The undo commands of the project document. Consecutive edits of the same field merge into one
// step, so typing a name is undone as a whole rather than a letter at a time.
//
//   document->undoStack()->push(new SetFieldCommand(document, ProjectDocument::Field::Name, "Moons"));
#pragma once

#include <QUndoCommand>

#include "app/project_document.h"

namespace tessera::app {

class SetFieldCommand : public QUndoCommand {
public:
    SetFieldCommand(ProjectDocument* document, ProjectDocument::Field field, QString value);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_document;
    ProjectDocument::Field m_field;
    QString m_old;
    QString m_new;
};

}  // namespace tessera::app
