// A read-only tree over a project: its data set, the model's nodes and edges, and the training
// settings, in three columns (item, type or value, details). The Project dock shows the whole tree;
// views can show one section by setting their root index to sectionIndex(…).
//
//   ProjectModel model;
//   model.setProject(project);                        // a copy; call again after every change
//   view->setModel(&model);
//   view->setRootIndex(model.sectionIndex(ProjectModel::Section::Nodes));
#pragma once

#include <QAbstractItemModel>
#include <memory>

#include "core/io/project.h"

namespace tessera::widgets {

class ProjectModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Section { Data, Nodes, Edges, Training };
    enum Role { NodeIdRole = Qt::UserRole + 1 };

    explicit ProjectModel(QObject* parent = nullptr);
    ~ProjectModel() override;

    void setProject(const io::Project& project);
    QModelIndex sectionIndex(Section section) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "in=2, out=32": a JSON object's members on one line.
    static QString summarize(const io::Json& value);
    // The colour nodes of `type` are marked with: the canvas's colour of its category (node_colours.h).
    static QColor typeColor(const QString& type);

private:
    struct Item;
    Item* itemAt(const QModelIndex& index) const;
    static void addMembers(Item* parent, const io::Json& object);  // nested objects become subtrees

    std::unique_ptr<Item> m_root;
};

}  // namespace tessera::widgets
