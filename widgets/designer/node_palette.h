// NodePalette: every node type of the NodeTypeRegistry, grouped by category, with a search box.
// Drag a type with the mouse and let go over the canvas to add it there (dropRequested says where the
// button was released), or double-click it to add it beside the others.
//
//   auto* palette = new NodePalette;
//   connect(palette, &NodePalette::addRequested, this, [&](const QString& type) { … });
//   connect(palette, &NodePalette::dropRequested, this, [&](const QString& type, QPoint global) { … });
//   palette->setFilter("conv");          // what the search box does
#pragma once

#include <QPoint>
#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace tessera::widgets {

class NodePalette : public QWidget {
    Q_OBJECT
public:
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
    // A type was dragged out of the palette and released at `globalPos` (screen coordinates).
    void dropRequested(const QString& type, QPoint globalPos);

private:
    QLineEdit* m_search;
    QTreeWidget* m_tree;
};

}  // namespace tessera::widgets
