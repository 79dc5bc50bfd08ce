// The undo commands of the project document. Consecutive edits of the same field merge into one
// step, so typing a name is undone as a whole rather than a letter at a time.
//
//   document->undoStack()->push(new SetFieldCommand(document, ProjectDocument::Field::Name, "Moons"));
//   document->undoStack()->push(new SetSectionCommand(document, ProjectDocument::Section::Training, json,
//                                                     "Change Learning Rate", "optimizer.lr"));
#pragma once

#include <QUndoCommand>

#include "app/project/project_document.h"

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

// Replaces a whole JSON section (data, training). Commands with the same section and non-empty merge
// key that follow each other merge, so stepping a spin box is one step.
class SetSectionCommand : public QUndoCommand {
public:
    SetSectionCommand(ProjectDocument* document, ProjectDocument::Section section, io::Json value, const QString& text,
                      QString mergeKey);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_document;
    ProjectDocument::Section m_section;
    io::Json m_old;
    io::Json m_new;
    QString m_mergeKey;
};

}  // namespace tessera::app
