#include "widgets/designer/graph_view.h"

#include <QScrollBar>
#include <QToolButton>
#include <QWheelEvent>
#include <algorithm>

#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"

namespace tessera::widgets {

GraphView::GraphView(GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene), m_fitButton(new QToolButton(this)) {
    setObjectName(QStringLiteral("GraphView"));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setFocusPolicy(Qt::StrongFocus);
    m_fitButton->setObjectName(QStringLiteral("fitAllButton"));
    m_fitButton->setCursor(Qt::PointingHandCursor);
    m_fitButton->setStyleSheet(
        QStringLiteral("QToolButton { background: rgba(255, 255, 255, 235); color: #303040;"
                       " border: 1px solid #9090a8; border-radius: 4px; padding: 3px 8px; }"
                       "QToolButton:hover { background: #e8ecfa; }"));
    m_fitButton->hide();
    connect(m_fitButton, &QToolButton::clicked, this, &GraphView::fitAll);
    // Nodes added, moved or removed: counted again (the scene has placed their items by then).
    for (const auto signal : {&GraphModel::nodeAdded, &GraphModel::nodeRemoved, &GraphModel::nodeMoved})
        connect(m_scene->model(), signal, this, [this] { updateFitButton(); });
}

void GraphView::setZoom(double factor) {
    m_autoFit = false;
    applyZoom(factor);
}

void GraphView::applyZoom(double factor) {
    factor = std::clamp(factor, 0.2, 3.0);
    setTransform(QTransform::fromScale(factor, factor));
    updateFitButton();
}

int GraphView::nodesInView() const {
    const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
    const QStringList ids = m_scene->model()->nodeIds();
    return static_cast<int>(std::count_if(ids.begin(), ids.end(),
                                          [&](const QString& id) { return shown.contains(m_scene->nodeRect(id)); }));
}

void GraphView::updateFitButton() {
    // Changing the margins resizes and scrolls the viewport, which asks again.
    if (m_placingFitButton) return;
    m_placingFitButton = true;
    const int total = static_cast<int>(m_scene->model()->nodeIds().size());
    const int shown = nodesInView();
    // Only a change is acted on: the viewport keeps its size while a user edits or drags.
    if (shown == total) {
        if (!m_fitButton->isHidden()) {
            m_fitButton->hide();
            setViewportMargins(0, 0, 0, 0);
        }
    } else {
        const QString text = tr("%1 of %2 nodes in view — Fit all (%3)")
                                 .arg(shown)
                                 .arg(total)
                                 .arg(QKeySequence(Qt::CTRL | Qt::Key_0).toString(QKeySequence::NativeText));
        if (m_fitButton->isHidden() || m_fitButton->text() != text) {
            m_fitButton->setText(text);
            m_fitButton->adjustSize();
            // In a strip above the canvas, never over a node the user may want to click.
            setViewportMargins(0, m_fitButton->height() + 6, 0, 0);
            m_fitButton->show();
        }
        m_fitButton->move(width() - frameWidth() - m_fitButton->width() - 6, frameWidth() + 3);
    }
    m_placingFitButton = false;
}

void GraphView::fitReadable() {
    fitAll();
    m_readable = true;
    if (zoom() >= kReadableZoom - 1e-9) return;
    const QRectF bounds = m_scene->itemsBoundingRect().adjusted(-30, -30, 30, 30);
    // Where the data comes in: the leftmost Input (the leftmost node when there is none).
    QRectF start;
    bool startIsInput = false;
    for (const graph::Node& node : m_scene->model()->graph().nodes()) {
        const QRectF r = m_scene->nodeRect(QString::fromStdString(node.id));
        const bool input = node.type == "Input";
        if (start.isNull() || (input && !startIsInput) || (input == startIsInput && r.left() < start.left())) {
            start = r;
            startIsInput = input;
        }
    }
    applyZoom(kReadableZoom);
    const QSizeF shown = QSizeF(viewport()->size()) / kReadableZoom;
    centerOn(start.left() - 30 + shown.width() / 2,
             bounds.height() <= shown.height() ? bounds.center().y() : start.center().y());
    updateFitButton();
}

void GraphView::fitAll() {
    m_autoFit = true;
    m_readable = false;
    QRectF bounds = m_scene->itemsBoundingRect();
    if (bounds.isEmpty()) {
        applyZoom(1);
        centerOn(0, 0);
        return;
    }
    bounds.adjust(-30, -30, 30, 30);
    // The scene grows with what it shows, so scroll bars reach every node.
    setSceneRect(bounds.united(m_scene->sceneRect()));
    const QSizeF area = viewport()->size();
    applyZoom(std::min({1.0, area.width() / bounds.width(), area.height() / bounds.height()}));
    centerOn(bounds.center());
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_autoFit) m_readable ? fitReadable() : fitAll();
    updateFitButton();
}

void GraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    updateFitButton();
}

void GraphView::wheelEvent(QWheelEvent* event) {
    if (event->angleDelta().y() == 0) return QGraphicsView::wheelEvent(event);
    event->angleDelta().y() > 0 ? zoomIn() : zoomOut();
    event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::MiddleButton || (m_panning && event->button() == Qt::LeftButton)) {
        // ScrollHandDrag pans only with the left button: replay the press as one.
        setDragMode(QGraphicsView::ScrollHandDrag);
        QMouseEvent press(QEvent::MouseButtonPress, event->position(), event->globalPosition(), Qt::LeftButton,
                          Qt::LeftButton, event->modifiers());
        QGraphicsView::mousePressEvent(&press);
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    if (dragMode() == QGraphicsView::ScrollHandDrag) {
        QMouseEvent release(QEvent::MouseButtonRelease, event->position(), event->globalPosition(), Qt::LeftButton,
                            Qt::NoButton, event->modifiers());
        QGraphicsView::mouseReleaseEvent(&release);
        setDragMode(QGraphicsView::RubberBandDrag);
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_panning = true;
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphView::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_panning = false;
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

bool GraphView::dropNode(const QString& type, QPoint globalPos) {
    const QPoint at = viewport()->mapFromGlobal(globalPos);
    if (!viewport()->rect().contains(at)) return false;
    const QString id = m_scene->model()->addNode(type, io::Json::object(), m_scene->snapped(mapToScene(at)));
    if (id.isEmpty()) {
        emit m_scene->hintRequested(m_scene->model()->lastError());
    } else {
        m_scene->selectNodes({id});
    }
    return true;
}

}  // namespace tessera::widgets
