// The open project: its content (an io::Project), the file it belongs to (none while untitled), and
// the undo stack its edits go through. Modified means "the undo stack is not at its clean state".
// The model graph is edited through graphModel(): its edits become GraphEditCommands on the same
// stack, and the project's nodes and edges follow every change.
//
//   ProjectDocument doc;
//   doc.replace(io::loadProject(path), path);     // or ProjectDocument::readFile(path)
//   doc.setName("Moons, wider");                  // pushes an undo command; isModified() is true
//   doc.undoStack()->undo();                      // back to the loaded name, unmodified again
//   doc.saveAs(path);                             // atomic; the stack becomes clean
//   io::Json t = doc.section(ProjectDocument::Section::Training);
//   t.set("epochs", 20);
//   doc.setSection(ProjectDocument::Section::Training, t, "Change Epochs", "epochs");   // undoable
#pragma once

#include <QObject>
#include <QString>

#include "core/io/project.h"

class QUndoStack;

namespace tessera::widgets {
class GraphModel;
}

namespace tessera::app {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    enum class Field { Name, Description };
    // The project's JSON sections that the Training page edits as a whole.
    enum class Section { Data, Training };

    explicit ProjectDocument(QObject* parent = nullptr);

    const io::Project& project() const { return m_project; }
    QString filePath() const { return m_filePath; }
    bool isUntitled() const { return m_filePath.isEmpty(); }
    QString displayName() const;  // the file name, or the project name marked as untitled
    // The data file (data.csv) as an absolute path: relative paths are resolved against the project
    // file's folder (the current folder while untitled). Empty when the project names no file.
    QString dataFile() const;
    bool isModified() const;
    QUndoStack* undoStack() const { return m_undo; }
    widgets::GraphModel* graphModel() const { return m_graph; }

    // Replaces the whole content (open, new, example); clears the undo history.
    void replace(io::Project project, const QString& filePath);
    // Saves atomically to `filePath` and makes it the document's file. Throws IoError.
    void saveAs(const QString& filePath);

    // Undoable edits.
    QString field(Field field) const;
    void setName(const QString& name) { edit(Field::Name, name); }
    void setDescription(const QString& description) { edit(Field::Description, description); }
    void edit(Field field, const QString& value);
    // Used by the undo commands: sets the field without recording anything.
    void applyField(Field field, const QString& value);

    const io::Json& section(Section section) const;
    // Replaces a section through an undo command named `text`; consecutive edits of the section with
    // the same non-empty mergeKey (one field typed into) merge into one step. No-op when unchanged.
    void setSection(Section section, io::Json value, const QString& text, const QString& mergeKey = {});
    // Used by the undo commands: sets the section without recording anything.
    void applySection(Section section, const io::Json& value);

    // Reads a project from a file or a Qt resource (":/examples/…"); throws IoError naming `path`.
    static io::Project readFile(const QString& path);

signals:
    void contentReplaced();  // new, open or example: everything may differ
    void fieldChanged(tessera::app::ProjectDocument::Field field);
    void filePathChanged(const QString& filePath);
    void modifiedChanged(bool modified);
    void graphChanged();  // a node or edge was added, removed, moved or changed
    void sectionChanged(tessera::app::ProjectDocument::Section section);

private:
    io::Project m_project;
    QString m_filePath;
    QUndoStack* m_undo;
    widgets::GraphModel* m_graph;
};

}  // namespace tessera::app
