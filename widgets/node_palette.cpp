#include "widgets/node_palette.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <map>

#include "core/graph/node_type_registry.h"

namespace tessera::widgets {

namespace {

constexpr int kTypeRole = Qt::UserRole + 1;

// A tree whose type items drag out as kMimeType.
class PaletteTree : public QTreeWidget {
public:
    using QTreeWidget::QTreeWidget;

protected:
    QStringList mimeTypes() const override { return {QString::fromLatin1(NodePalette::kMimeType)}; }
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
        if (items.isEmpty() || items.first()->data(0, kTypeRole).toString().isEmpty()) return nullptr;
        auto* mime = new QMimeData;
        mime->setData(NodePalette::kMimeType, items.first()->data(0, kTypeRole).toString().toUtf8());
        return mime;
    }
};

}  // namespace

NodePalette::NodePalette(QWidget* parent)
    : QWidget(parent), m_search(new QLineEdit(this)), m_tree(new PaletteTree(this)) {
    setObjectName(QStringLiteral("NodePalette"));
    m_search->setPlaceholderText(tr("Search layers…"));
    m_search->setClearButtonEnabled(true);
    m_tree->setHeaderHidden(true);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setUniformRowHeights(true);

    const auto& registry = graph::NodeTypeRegistry::instance();
    std::map<std::string, QTreeWidgetItem*> categories;
    for (const std::string& category : registry.categories()) {
        auto* item = new QTreeWidgetItem(m_tree, {QString::fromStdString(category)});
        item->setFlags(Qt::ItemIsEnabled);
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        categories[category] = item;
    }
    for (const std::string& name : registry.names()) {
        const graph::NodeType& type = registry.get(name);
        auto* item = new QTreeWidgetItem(categories.at(type.category), {QString::fromStdString(name)});
        item->setData(0, kTypeRole, QString::fromStdString(name));
        item->setToolTip(0, QString::fromStdString(type.help));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    m_tree->expandAll();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_search);
    layout->addWidget(m_tree);
    connect(m_search, &QLineEdit::textChanged, this, &NodePalette::setFilter);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (const QString type = item->data(0, kTypeRole).toString(); !type.isEmpty()) emit addRequested(type);
    });
}

void NodePalette::setFilter(const QString& text) {
    if (m_search->text() != text) m_search->setText(text);
    for (int c = 0; c < m_tree->topLevelItemCount(); ++c) {
        QTreeWidgetItem* category = m_tree->topLevelItem(c);
        const bool categoryMatches = category->text(0).contains(text, Qt::CaseInsensitive);
        int shown = 0;
        for (int i = 0; i < category->childCount(); ++i) {
            QTreeWidgetItem* item = category->child(i);
            const bool match = text.isEmpty() || categoryMatches || item->text(0).contains(text, Qt::CaseInsensitive) ||
                               item->toolTip(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
            shown += match ? 1 : 0;
        }
        category->setHidden(shown == 0);
    }
}

QTreeWidgetItem* NodePalette::typeItem(const QString& type) const {
    for (int c = 0; c < m_tree->topLevelItemCount(); ++c) {
        QTreeWidgetItem* category = m_tree->topLevelItem(c);
        for (int i = 0; i < category->childCount(); ++i) {
            if (category->child(i)->data(0, kTypeRole).toString() == type) return category->child(i);
        }
    }
    return nullptr;
}

QStringList NodePalette::visibleTypes() const {
    QStringList types;
    for (int c = 0; c < m_tree->topLevelItemCount(); ++c) {
        const QTreeWidgetItem* category = m_tree->topLevelItem(c);
        for (int i = 0; i < category->childCount(); ++i) {
            if (!category->isHidden() && !category->child(i)->isHidden()) types << category->child(i)->text(0);
        }
    }
    return types;
}

}  // namespace tessera::widgets
