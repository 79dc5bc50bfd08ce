// NodePalette: every node type of the NodeTypeRegistry, grouped by category, with a search box.
// Drag a type onto the GraphView to add it there, or double-click it to add it beside the others.
//
//   auto* palette = new NodePalette;
//   connect(palette, &NodePalette::addRequested, this, [&](const QString& type) { … });
//   palette->setFilter("conv");          // what the search box does
#pragma once

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::widgets {

class NodePalette : public QWidget {
    Q_OBJECT
public:
    // The drag payload: the node type's name, UTF-8.
    static constexpr const char* kMimeType = "application/x-tessera-node-type";

    explicit NodePalette(QWidget* parent = nullptr);

    QLineEdit* searchBox() const { return m_search; }
    QTreeWidget* tree() const { return m_tree; }
    void setFilter(const QString& text);
    // The item of a type ("Conv2d"), nullptr when there is none.
    QTreeWidgetItem* typeItem(const QString& type) const;
    // The types shown under the current filter.
    QStringList visibleTypes() const;

signals:
    void addRequested(const QString& type);

private:
    QLineEdit* m_search;
    QTreeWidget* m_tree;
};

}  // namespace tessera::widgets
