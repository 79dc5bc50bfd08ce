#include "widgets/designer/node_palette.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <functional>
#include <map>
#include <utility>

#include "core/graph/node_type_registry.h"
#include "widgets/common/core_text.h"

namespace tessera::widgets {

namespace {

constexpr int kTypeRole = Qt::UserRole + 1;

// A tree whose type items can be dragged out with the mouse. The drag stays inside the application
// (the tree keeps the mouse while the button is down), so it needs no platform drag-and-drop and
// behaves the same on every platform, offscreen included; the release point decides where it lands.
class PaletteTree : public QTreeWidget {
public:
    explicit PaletteTree(std::function<void(const QString&, QPoint)> dropped, QWidget* parent)
        : QTreeWidget(parent), m_dropped(std::move(dropped)) {}

protected:
    void mousePressEvent(QMouseEvent* event) override {
        m_pressed.clear();
        m_dragging = false;
        if (event->button() == Qt::LeftButton) {
            if (QTreeWidgetItem* item = itemAt(event->position().toPoint()))
                m_pressed = item->data(0, kTypeRole).toString();
            m_pressAt = event->position().toPoint();
        }
        QTreeWidget::mousePressEvent(event);
    }
    void mouseMoveEvent(QMouseEvent* event) override {
        if (!m_pressed.isEmpty() && (event->buttons() & Qt::LeftButton)) {
            if (!m_dragging &&
                (event->position().toPoint() - m_pressAt).manhattanLength() >= QApplication::startDragDistance()) {
                m_dragging = true;
                viewport()->setCursor(Qt::DragCopyCursor);
                // A label of the layer follows the pointer, so it is clear what is being carried.
                m_ghost = new QLabel(m_pressed, this, Qt::ToolTip | Qt::FramelessWindowHint);
                m_ghost->setObjectName(QStringLiteral("dragLabel"));
                m_ghost->setStyleSheet(
                    QStringLiteral("QLabel { background: #1976d2; color: white; padding: 3px 8px; "
                                   "border-radius: 3px; }"));
                m_ghost->adjustSize();
                m_ghost->show();
            }
            if (m_dragging) {
                m_ghost->move(event->globalPosition().toPoint() + QPoint(14, 10));
                return;
            }
        }
        QTreeWidget::mouseMoveEvent(event);
    }
    void mouseReleaseEvent(QMouseEvent* event) override {
        if (m_dragging && event->button() == Qt::LeftButton) {
            endDrag();
            const QString type = std::exchange(m_pressed, QString());
            m_dropped(type, event->globalPosition().toPoint());
            return;
        }
        m_pressed.clear();
        QTreeWidget::mouseReleaseEvent(event);
    }
    void keyPressEvent(QKeyEvent* event) override {
        // Escape drops nothing.
        if (m_dragging && event->key() == Qt::Key_Escape) {
            endDrag();
            m_pressed.clear();
            return;
        }
        QTreeWidget::keyPressEvent(event);
    }

private:
    void endDrag() {
        m_dragging = false;
        viewport()->unsetCursor();
        delete m_ghost;
        m_ghost = nullptr;
    }

    std::function<void(const QString&, QPoint)> m_dropped;
    QLabel* m_ghost = nullptr;
    QString m_pressed;
    QPoint m_pressAt;
    bool m_dragging = false;
};

}  // namespace

NodePalette::NodePalette(QWidget* parent)
    : QWidget(parent),
      m_search(new QLineEdit(this)),
      m_tree(new PaletteTree([this](const QString& type, QPoint at) { emit dropRequested(type, at); }, this)) {
    setObjectName(QStringLiteral("NodePalette"));
    m_search->setPlaceholderText(tr("Search layers…"));
    m_search->setClearButtonEnabled(true);
    m_tree->setHeaderHidden(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setUniformRowHeights(true);

    const auto& registry = graph::NodeTypeRegistry::instance();
    std::map<std::string, QTreeWidgetItem*> categories;
    for (const std::string& category : registry.categories()) {
        auto* item = new QTreeWidgetItem(m_tree, {coreText(category)});
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
        item->setToolTip(0, coreText(type.help));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
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
