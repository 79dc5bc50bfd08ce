#include "app/designer/designer_page.h"

#include <QAction>
#include <QKeySequence>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

#include "app/project/project_document.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/node_palette.h"
#include "widgets/designer/problems_view.h"
#include "widgets/designer/property_editor.h"

namespace tessera::app {

namespace {
// Between a new node and the one it is added after: room for the shape label of the edge.
constexpr double kAddGap = 110;
// In windows narrower than this (1024 pixels) the page is compact; the main window folds its Project
// dock at the same width (Note [Small windows] in app/main_window.cpp).
constexpr int kCompactWidth = 1100;
}  // namespace

DesignerPage::DesignerPage(ProjectDocument* document, QWidget* parent)
    : QWidget(parent),
      m_document(document),
      m_scene(new widgets::GraphScene(document->graphModel(), this)),
      m_view(new widgets::GraphView(m_scene, this)),
      m_palette(new widgets::NodePalette(this)),
      m_properties(new widgets::PropertyEditor(document->graphModel(), this)),
      m_problems(new widgets::ProblemsView(document->graphModel(), this)),
      m_toolBar(new QToolBar(tr("Designer"), this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)) {
    setObjectName(QStringLiteral("DesignerPage"));
    QSplitter* splitter = m_splitter;
    splitter->addWidget(m_palette);
    splitter->addWidget(m_view);
    splitter->addWidget(m_properties);
    splitter->setStretchFactor(1, 1);
    splitter->setCollapsible(1, false);
    splitter->setSizes({170, 800, 240});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(splitter);

    m_editActions = {
        action(tr("Delete"), QKeySequence::Delete, [this] { m_scene->deleteSelection(); }),
        action(tr("Copy"), QKeySequence::Copy, [this] { m_scene->copySelection(); }),
        action(tr("Paste"), QKeySequence::Paste, [this] { m_scene->paste(); }),
        action(tr("Duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), [this] { m_scene->duplicateSelection(); }),
        action(tr("Select All"), QKeySequence::SelectAll,
               [this] { m_scene->selectNodes(m_document->graphModel()->nodeIds()); }),
    };
    m_toolBar->addSeparator();
    action(tr("Zoom In"), QKeySequence::ZoomIn, [this] { m_view->zoomIn(); });
    action(tr("Zoom Out"), QKeySequence::ZoomOut, [this] { m_view->zoomOut(); });
    action(tr("Fit"), QKeySequence(Qt::CTRL | Qt::Key_0), [this] { m_view->fitAll(); });
    action(tr("Auto Layout"), QKeySequence(Qt::CTRL | Qt::Key_L), [this] {
        m_scene->autoLayout();
        m_view->fitReadable();
    });
    QAction* snap = action(tr("Snap to Grid"), {}, [] {});
    snap->setCheckable(true);
    snap->setChecked(m_scene->snapToGrid());
    connect(snap, &QAction::toggled, this, [this](bool on) { m_scene->setSnapToGrid(on); });

    connect(m_palette, &widgets::NodePalette::addRequested, this, &DesignerPage::addNode);
    connect(m_palette, &widgets::NodePalette::dropRequested, this, [this](const QString& type, QPoint at) {
        if (!m_view->dropNode(type, at)) emit hintRequested(tr("Let go of %1 over the canvas to add it").arg(type));
    });
    connect(m_scene, &widgets::GraphScene::hintRequested, this, &DesignerPage::hintRequested);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        m_properties->setNode(ids.size() == 1 ? ids.first() : QString());
        fitPanes();
    });
    connect(m_scene, &widgets::GraphScene::nodeActivated, this, [this](const QString& id) {
        m_properties->setNode(id);
        fitPanes();
        m_properties->setFocus();
    });
    connect(m_properties, &widgets::PropertyEditor::nodeRenamed, this,
            [this](const QString&, const QString& to) { m_scene->selectNodes({to}); });
    connect(m_problems, &widgets::ProblemsView::nodeSelected, this, &DesignerPage::showNode);
    connect(m_document, &ProjectDocument::contentReplaced, this, &DesignerPage::documentReplaced);
    documentReplaced();
}

void DesignerPage::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitPanes();
}

void DesignerPage::fitPanes() {
    const bool compact = window()->width() < kCompactWidth;
    const Panes want = !compact ? Panes::Wide : m_properties->node().isEmpty() ? Panes::CompactEmpty : Panes::Compact;
    if (want == m_panes) return;
    m_panes = want;
    QList<int> sizes = m_splitter->sizes();
    int total = 0;
    for (int s : sizes) total += s;
    if (total <= 0) total = width();
    const int palette = compact ? 150 : 170;
    const int properties = want == Panes::CompactEmpty ? 0 : compact ? 200 : 240;
    m_splitter->setSizes({palette, std::max(0, total - palette - properties), properties});
}

QAction* DesignerPage::action(const QString& text, const QKeySequence& shortcut, const std::function<void()>& slot) {
    auto* a = new QAction(text, this);
    a->setShortcut(shortcut);
    // Only while the canvas has the focus: the property editor's fields keep their own shortcuts.
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(a, &QAction::triggered, this, slot);
    m_view->addAction(a);
    m_toolBar->addAction(a);
    return a;
}

void DesignerPage::documentReplaced() {
    // Projects written by hand or by older versions may have nodes on top of each other.
    if (m_scene->isCrowded()) m_scene->autoLayout(false);
    m_view->fitReadable();
}

QString DesignerPage::addNode(const QString& type) {
    widgets::GraphModel* model = m_document->graphModel();
    const QStringList selected = m_scene->selectedNodeIds();
    const QStringList ids = model->nodeIds();
    QString id;
    if (selected.size() == 1) {
        // Building from scratch: next to the selected node, fed by it, below any node already there.
        const QRectF anchor = m_scene->nodeRect(selected.front());
        QRectF place(QPointF(anchor.right() + kAddGap, anchor.top()), anchor.size());
        const auto taken = [&] {
            return std::any_of(ids.begin(), ids.end(), [&](const QString& other) {
                return m_scene->nodeRect(other).adjusted(-10, -10, 10, 10).intersects(place);
            });
        };
        while (taken()) place.translate(0, anchor.height() + 30);
        id = model->addNodeAfter(type, m_scene->snapped(place.topLeft()), selected.front());
    } else {
        // Right of everything there is, level with the top: a new node never hides another.
        QPointF at(0, 0);
        if (!ids.isEmpty()) {
            double right = -1e9, top = 1e9;
            for (const QString& other : ids) {
                const QRectF r = m_scene->nodeRect(other);
                right = std::max(right, r.right());
                top = std::min(top, r.top());
            }
            at = QPointF(right + kAddGap, top);
        }
        id = model->addNode(type, io::Json::object(), m_scene->snapped(at));
    }
    if (id.isEmpty()) {
        emit hintRequested(model->lastError());
        return {};
    }
    showNode(id);
    return id;
}

void DesignerPage::showNode(const QString& id) {
    if (!m_document->graphModel()->hasNode(id)) return;
    m_scene->selectNodes({id});
    // Once a node is brought into view the view stops fitting itself to the window: a later resize
    // must not zoom it away again.
    m_view->setZoom(m_view->zoom());
    // Fitting fixed the view's scene rectangle: it grows to take in a node added beyond it.
    const QRectF rect = m_scene->nodeRect(id);
    m_view->setSceneRect(m_view->sceneRect().united(rect.adjusted(-60, -60, 60, 60)));
    m_view->ensureVisible(rect, 40, 40);
}

}  // namespace tessera::app
