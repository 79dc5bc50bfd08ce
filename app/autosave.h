// Autosave: while a document has unsaved changes, writes a copy of it every few seconds into the
// application data folder (QStandardPaths::AppDataLocation/autosave) — never beside the project —
// and removes the copy once the document is saved, replaced or closed. Each running window holds a
// lock on its copy, so copies whose process died (a crash, a kill) are told apart from those of
// windows still open; findOrphans() lists them for recovery.
//
//   Autosave autosave(document, 30);                   // seconds
//   for (const Autosave::Orphan& o : Autosave::findOrphans()) { … o.project … ; Autosave::discard(o); }
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <memory>

#include "core/io/project.h"

class QLockFile;
class QTimer;

namespace tessera::app {

class ProjectDocument;

class Autosave : public QObject {
    Q_OBJECT
public:
    struct Orphan {
        QString file;          // the autosaved copy
        QString originalPath;  // the project file it belongs to, "" when untitled
        io::Project project;
    };

    Autosave(ProjectDocument* document, int intervalSeconds, QObject* parent = nullptr);
    ~Autosave() override;

    static QString folder();
    QString file() const { return m_file; }
    // Writes the copy now if the document has changes not yet autosaved.
    void saveNow();

    // Copies left behind by windows that are gone; unreadable copies are skipped.
    static QList<Orphan> findOrphans();
    static void discard(const Orphan& orphan);

signals:
    void saved(const QString& file);

private:
    void removeCopy();

    ProjectDocument* m_document;
    QTimer* m_timer;
    QString m_file;
    std::unique_ptr<QLockFile> m_lock;
    bool m_dirty = false;
};

}  // namespace tessera::app
