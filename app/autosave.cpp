#include "app/autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>
#include <QUuid>

#include "app/project/project_document.h"
#include "core/io/atomic_file.h"
#include "core/tensor/error.h"

namespace tessera::app {

namespace {

QString lockPath(const QString& copy) { return copy + QStringLiteral(".lock"); }
QString originPath(const QString& copy) { return copy + QStringLiteral(".origin"); }

}  // namespace

QString Autosave::folder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

Autosave::Autosave(ProjectDocument* document, int intervalSeconds, QObject* parent)
    : QObject(parent), m_document(document), m_timer(new QTimer(this)) {
    QDir().mkpath(folder());
    m_file = QDir(folder()).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".tessera"));
    m_lock = std::make_unique<QLockFile>(lockPath(m_file));
    m_lock->tryLock(0);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, [this] { m_dirty = true; });
    connect(m_document, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified) removeCopy();
    });
    connect(m_document, &ProjectDocument::contentReplaced, this, [this] {
        m_dirty = false;
        removeCopy();
    });
    connect(m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer->start(intervalSeconds * 1000);
}

Autosave::~Autosave() {
    removeCopy();
    m_lock->unlock();
}

void Autosave::saveNow() {
    // A recovered document is modified before any edit: it still needs its first copy.
    if (!m_document->isModified() || (!m_dirty && QFileInfo::exists(m_file))) return;
    try {
        io::saveProject(m_document->project(), QFile::encodeName(m_file).toStdString());
        const std::string origin = m_document->filePath().toStdString();
        io::writeFileAtomically(QFile::encodeName(originPath(m_file)).toStdString(), origin);
    } catch (const Error&) {
        // A full disk must not interrupt editing; the next tick tries again.
        return;
    }
    m_dirty = false;
    emit saved(m_file);
}

void Autosave::removeCopy() {
    QFile::remove(m_file);
    QFile::remove(originPath(m_file));
}

QList<Autosave::Orphan> Autosave::findOrphans() {
    QList<Orphan> orphans;
    const QDir dir(folder());
    // Locks of windows that were killed before they changed anything: taking and releasing such a
    // lock deletes it.
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.tessera.lock")}, QDir::Files)) {
        const QString copy = info.absoluteFilePath().chopped(5);
        if (QFileInfo::exists(copy)) continue;
        QLockFile stale(info.absoluteFilePath());
        if (stale.tryLock(0)) stale.unlock();
    }
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.tessera")}, QDir::Files, QDir::Time)) {
        const QString file = info.absoluteFilePath();
        // A lock we can take belonged to a process that is gone.
        QLockFile lock(lockPath(file));
        if (!lock.tryLock(0)) continue;
        lock.unlock();
        Orphan orphan;
        orphan.file = file;
        try {
            orphan.project = ProjectDocument::readFile(file);
        } catch (const Error&) {
            continue;
        }
        QFile origin(originPath(file));
        if (origin.open(QIODevice::ReadOnly)) orphan.originalPath = QString::fromUtf8(origin.readAll());
        orphans << orphan;
    }
    return orphans;
}

void Autosave::discard(const Orphan& orphan) {
    QFile::remove(orphan.file);
    QFile::remove(originPath(orphan.file));
    QFile::remove(lockPath(orphan.file));
}

}  // namespace tessera::app
