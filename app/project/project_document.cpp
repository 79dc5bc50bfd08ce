#include "app/project/project_document.h"

#include <QFile>
#include <QFileInfo>
#include <QUndoStack>
#include <filesystem>

#include "app/designer/designer_commands.h"
#include "app/project/undo_commands.h"
#include "core/graph/model_graph.h"
#include "core/tensor/error.h"
#include "widgets/designer/graph_model.h"

namespace tessera::app {

ProjectDocument::ProjectDocument(QObject* parent)
    : QObject(parent), m_undo(new QUndoStack(this)), m_graph(new widgets::GraphModel(this)) {
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    m_graph->setEditHandler([this](const QString& text, const widgets::GraphEdit& edit, const QString& mergeKey) {
        m_undo->push(new GraphEditCommand(m_graph, text, edit, mergeKey));
    });
    connect(m_graph, &widgets::GraphModel::analysisChanged, this, [this] {
        m_graph->graph().toProject(m_project);
        emit graphChanged();
    });
}

QString ProjectDocument::displayName() const {
    if (!m_filePath.isEmpty()) return QFileInfo(m_filePath).fileName();
    const QString name = QString::fromStdString(m_project.name);
    return name.isEmpty() ? tr("Untitled") : tr("%1 (untitled)").arg(name);
}

QString ProjectDocument::dataFile() const {
    const io::Json* csv = m_project.data.find("csv");
    if (!csv || !csv->isString()) return {};
    const std::filesystem::path base = m_filePath.isEmpty()
                                           ? std::filesystem::current_path() / "untitled.tessera"
                                           : std::filesystem::path(QFile::encodeName(m_filePath).toStdString());
    return QFile::decodeName(io::resolveProjectPath(base, csv->asString()).c_str());
}

bool ProjectDocument::isModified() const { return !m_undo->isClean(); }

void ProjectDocument::replace(io::Project project, const QString& filePath) {
    const bool wasModified = isModified();
    m_project = std::move(project);
    m_undo->clear();
    m_graph->setGraph(graph::ModelGraph::fromProject(m_project));
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    emit contentReplaced();
    if (wasModified) emit modifiedChanged(false);
}

void ProjectDocument::saveAs(const QString& filePath) {
    io::saveProject(m_project, QFile::encodeName(filePath).toStdString());
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    m_undo->setClean();
}

QString ProjectDocument::field(Field field) const {
    switch (field) {
        case Field::Name:
            return QString::fromStdString(m_project.name);
        case Field::Description:
            return QString::fromStdString(m_project.description);
    }
    return {};
}

void ProjectDocument::edit(Field field, const QString& value) {
    if (this->field(field) == value) return;
    m_undo->push(new SetFieldCommand(this, field, value));
}

void ProjectDocument::applyField(Field field, const QString& value) {
    switch (field) {
        case Field::Name:
            m_project.name = value.toStdString();
            break;
        case Field::Description:
            m_project.description = value.toStdString();
            break;
    }
    emit fieldChanged(field);
}

const io::Json& ProjectDocument::section(Section section) const {
    return section == Section::Data ? m_project.data : m_project.training;
}

void ProjectDocument::setSection(Section section, io::Json value, const QString& text, const QString& mergeKey) {
    if (this->section(section) == value) return;
    m_undo->push(new SetSectionCommand(this, section, std::move(value), text, mergeKey));
}

void ProjectDocument::applySection(Section section, const io::Json& value) {
    (section == Section::Data ? m_project.data : m_project.training) = value;
    emit sectionChanged(section);
}

io::Project ProjectDocument::readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        throw IoError(path.toStdString() + ": cannot open: " + file.errorString().toStdString());
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        throw IoError(path.toStdString() + ": cannot read: " + file.errorString().toStdString());
    }
    return io::parseProject(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                            path.toStdString());
}

}  // namespace tessera::app
