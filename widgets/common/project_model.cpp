#include "widgets/common/project_model.h"

#include <QColor>
#include <QHash>
#include <vector>

#include "widgets/common/node_colours.h"

namespace tessera::widgets {

struct ProjectModel::Item {
    QString text[3];
    QVariant decoration;
    QString nodeId;
    Item* parent = nullptr;
    int row = 0;
    std::vector<std::unique_ptr<Item>> children;

    Item* add(const QString& a, const QString& b = {}, const QString& c = {}) {
        auto child = std::make_unique<Item>();
        child->text[0] = a;
        child->text[1] = b;
        child->text[2] = c;
        child->parent = this;
        child->row = static_cast<int>(children.size());
        children.push_back(std::move(child));
        return children.back().get();
    }
};

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString scalarText(const io::Json& value) {
    return value.isString() ? qs(value.asString()) : qs(io::writeJson(value, 0));
}

// A nested object without a "type" is wrapped in parentheses to keep its members together.
QString summarizeNested(const io::Json& value) {
    const QString inner = ProjectModel::summarize(value);
    return value.contains("type") && value.at("type").isString() ? inner : QStringLiteral("(%1)").arg(inner);
}

}  // namespace

ProjectModel::ProjectModel(QObject* parent) : QAbstractItemModel(parent), m_root(std::make_unique<Item>()) {
    setProject(io::Project{});
}

ProjectModel::~ProjectModel() = default;

void ProjectModel::addMembers(Item* parent, const io::Json& object) {
    if (!object.isObject()) return;
    for (const auto& [key, value] : object.asObject()) {
        if (value.isObject()) {
            addMembers(parent->add(qs(key), {}, summarize(value)), value);
        } else {
            parent->add(qs(key), scalarText(value));
        }
    }
}

void ProjectModel::setProject(const io::Project& project) {
    beginResetModel();
    m_root = std::make_unique<Item>();
    const QString dataset = qs(project.datasetName());
    Item* data = m_root->add(tr("Data"), dataset.isEmpty() ? tr("(none)") : dataset);
    addMembers(data, project.data);

    Item* nodes = m_root->add(tr("Nodes"), QString::number(project.nodes.size()));
    for (const auto& node : project.nodes) {
        const QString type = qs(node.type);
        Item* item = nodes->add(qs(node.id), type, summarize(node.params));
        item->decoration = typeColor(type);
        item->nodeId = qs(node.id);
    }
    Item* edges = m_root->add(tr("Edges"), QString::number(project.edges.size()));
    for (const auto& edge : project.edges) {
        edges->add(QStringLiteral("%1 → %2").arg(qs(edge.from), qs(edge.to)),
                   tr("output %1 → input %2").arg(edge.fromPort).arg(edge.toPort));
    }
    Item* training = m_root->add(tr("Training"), {}, summarize(project.training));
    addMembers(training, project.training);
    endResetModel();
}

QModelIndex ProjectModel::sectionIndex(Section section) const { return index(static_cast<int>(section), 0); }

ProjectModel::Item* ProjectModel::itemAt(const QModelIndex& index) const {
    return index.isValid() ? static_cast<Item*>(index.internalPointer()) : m_root.get();
}

QModelIndex ProjectModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= 3 || (parent.isValid() && parent.column() != 0)) return {};
    const Item* p = itemAt(parent);
    if (row < 0 || row >= static_cast<int>(p->children.size())) return {};
    return createIndex(row, column, p->children[static_cast<std::size_t>(row)].get());
}

QModelIndex ProjectModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Item* p = itemAt(child)->parent;
    if (!p || p == m_root.get()) return {};
    return createIndex(p->row, 0, const_cast<Item*>(p));
}

int ProjectModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return static_cast<int>(itemAt(parent)->children.size());
}

int ProjectModel::columnCount(const QModelIndex&) const { return 3; }

QVariant ProjectModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Item* item = itemAt(index);
    switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
            return item->text[index.column()];
        case Qt::DecorationRole:
            return index.column() == 0 ? item->decoration : QVariant();
        case NodeIdRole:
            return item->nodeId.isEmpty() ? QVariant() : QVariant(item->nodeId);
        default:
            return {};
    }
}

QVariant ProjectModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case 0:
            return tr("Item");
        case 1:
            return tr("Type / value");
        case 2:
            return tr("Details");
        default:
            return {};
    }
}

QString ProjectModel::summarize(const io::Json& value) {
    if (!value.isObject()) return scalarText(value);
    // Nested objects read as calls: {"optimizer": {"type": "Adam", "lr": 0.01}} → "optimizer=Adam(lr=0.01)".
    QStringList parts;
    QString type;
    for (const auto& [key, member] : value.asObject()) {
        if (key == "type" && member.isString()) {
            type = qs(member.asString());
        } else {
            parts << qs(key) + QLatin1Char('=') + (member.isObject() ? summarizeNested(member) : scalarText(member));
        }
    }
    const QString joined = parts.join(QStringLiteral(", "));
    return type.isEmpty() ? joined : QStringLiteral("%1(%2)").arg(type, joined);
}

QColor ProjectModel::typeColor(const QString& type) { return nodeTypeColour(type); }

}  // namespace tessera::widgets
