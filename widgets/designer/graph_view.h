// GraphView: the designer canvas's view. Wheel zooms around the cursor, the middle button (or
// Space + drag) pans, dragging on empty canvas rubber-band selects, and a node type dragged from the
// NodePalette is added where it is let go (dropNode). While some node is out of view, a button in a
// strip above the canvas says how many are shown and fits them all when pressed.
//
//   auto* view = new GraphView(scene);
//   view->fitReadable();   // a long graph: readable text from its Input, "4 of 12 nodes in view — Fit all"
//   view->fitAll();
#pragma once

#include <QGraphicsView>

class QToolButton;

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
    // The smallest zoom at which the nodes' text stays readable (about 10 px at 10 pt).
    static constexpr double kReadableZoom = 0.75;
    // Shows every node (never enlarging beyond 100 %), and keeps doing so as the view is resized
    // until the user zooms.
    void fitAll();
    // The zoom a project opens with: every node when they fit at a readable zoom, else readable text
    // from the graph's start (its Input at the left edge, where the data comes in, centred across),
    // the rest a scroll away and the fit button shown.
    void fitReadable();
    // How many of the nodes are wholly in view, and the button that fits them all (shown only while
    // some node is not).
    int nodesInView() const;
    QToolButton* fitButton() const { return m_fitButton; }
    // Adds a node of `type` where `globalPos` (screen coordinates) falls on the canvas and selects it;
    // false when the point is not over the canvas.
    bool dropNode(const QString& type, QPoint globalPos);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;

private:
    GraphScene* m_scene;
    QToolButton* m_fitButton;
    void applyZoom(double factor);
    void updateFitButton();

    bool m_panning = false;
    bool m_autoFit = true;
    bool m_readable = false;  // the automatic fit keeps the text readable (fitReadable)
    bool m_placingFitButton = false;
};

}  // namespace tessera::widgets
