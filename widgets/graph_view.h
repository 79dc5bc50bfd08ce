// GraphView: the designer canvas's view. Wheel zooms around the cursor, the middle button (or
// Space + drag) pans, dragging on empty canvas rubber-band selects, and a node type dragged from the
// NodePalette is added where it is dropped.
//
//   auto* view = new GraphView(scene);
//   view->fitAll();
#pragma once

#include <QGraphicsView>

namespace tessera::widgets {

class GraphScene;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(GraphScene* scene, QWidget* parent = nullptr);

    GraphScene* graphScene() const { return m_scene; }
    double zoom() const { return transform().m11(); }
    void setZoom(double factor);  // clamped to [0.2, 3]
    void zoomIn() { setZoom(zoom() * 1.2); }
    void zoomOut() { setZoom(zoom() / 1.2); }
    // Shows every node (never enlarging beyond 100 %), and keeps doing so as the view is resized
    // until the user zooms.
    void fitAll();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    GraphScene* m_scene;
    void applyZoom(double factor);

    bool m_panning = false;
    bool m_autoFit = true;
};

}  // namespace tessera::widgets
