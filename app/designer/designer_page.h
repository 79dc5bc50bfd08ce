// The designer: the node palette, the canvas and the property editor side by side, with a tool bar
// for the canvas's commands (delete, copy, paste, duplicate, zoom, fit, auto-layout, grid snapping).
// The Problems list is created here and placed in a dock by the main window. Every edit goes through
// the document's graph model, so through its undo stack. In a narrow window (1024 pixels) the
// palette and property editor get narrower and the property editor folds away while no node is
// selected, so the canvas keeps most of the room.
//
//   auto* designer = new DesignerPage(document);
//   designer->scene()->autoLayout();
//   designer->addNode("Linear");         // what double-clicking the palette does
#pragma once

#include <QWidget>
#include <functional>

class QAction;
class QSplitter;
class QToolBar;

namespace tessera::widgets {
class GraphScene;
class GraphView;
class NodePalette;
class ProblemsView;
class PropertyEditor;
}  // namespace tessera::widgets

namespace tessera::app {

class ProjectDocument;

class DesignerPage : public QWidget {
    Q_OBJECT
public:
    explicit DesignerPage(ProjectDocument* document, QWidget* parent = nullptr);

    widgets::GraphScene* scene() const { return m_scene; }
    widgets::GraphView* view() const { return m_view; }
    widgets::NodePalette* palette() const { return m_palette; }
    widgets::PropertyEditor* propertyEditor() const { return m_properties; }
    widgets::ProblemsView* problemsView() const { return m_problems; }
    QToolBar* toolBar() const { return m_toolBar; }
    // The canvas's edit commands, for the Edit menu.
    QList<QAction*> editActions() const { return m_editActions; }

    // Adds a node of `type` and selects it: next to the selected node and fed by it (its shape-decided
    // parameters filled in, one undo step) when one node is selected, else to the right of the graph.
    // Returns its id ("" if refused).
    QString addNode(const QString& type);
    // Selects a node and scrolls it into view.
    void showNode(const QString& id);

    QSplitter* splitter() const { return m_splitter; }

signals:
    void hintRequested(const QString& message);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void documentReplaced();
    // Sizes the palette and the property editor for the page's width and the selection; only when
    // either changes what they should be, so a pane the user dragged wider stays so.
    void fitPanes();
    QAction* action(const QString& text, const QKeySequence& shortcut, const std::function<void()>& slot);

    ProjectDocument* m_document;
    widgets::GraphScene* m_scene;
    widgets::GraphView* m_view;
    widgets::NodePalette* m_palette;
    widgets::PropertyEditor* m_properties;
    widgets::ProblemsView* m_problems;
    QToolBar* m_toolBar;
    QSplitter* m_splitter;
    QList<QAction*> m_editActions;
    enum class Panes { Unset, Wide, Compact, CompactEmpty };
    Panes m_panes = Panes::Unset;
};

}  // namespace tessera::app
