#include "widgets/autograd/computation_graph_view.h"

#include "widgets/autograd/computation_graph_items.h"
#include "widgets/autograd/tensor_panel.h"

#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QSplitter>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <map>
#include <set>

namespace tessera::widgets {

namespace {

const QColor kLayerFill(0xe6, 0xe0, 0xf8);

// The index of the innermost cluster strictly enclosing `scope` ("encoder" for "encoder/ffn"), or -1.
int enclosingCluster(const QStringList& clusters, const QString& scope) {
    int best = -1;
    for (int c = 0; c < clusters.size(); ++c)
        if (scope.startsWith(clusters[c] + QLatin1Char('/')) &&
            (best < 0 || clusters[c].size() > clusters[best].size()))
            best = c;
    return best;
}

}  // namespace

struct ComputationGraphView::Plan {
    LayoutRequest request;
    std::vector<int> rowOfNode;        // -1 for a collapsed layer
    std::vector<QString> layerOfNode;  // the collapsed layer's scope
    std::vector<int> nodeOfRow;        // model row → plan node
    std::vector<GraphEdgeKind> edgeKinds;
    std::vector<QStringList> lines;
    std::vector<QColor> fills;
};

struct ComputationGraphView::Laid {
    std::shared_ptr<Plan> plan;
    LayoutResult result;
    QString error;
};

ComputationGraphView::ComputationGraphView(QWidget* parent)
    : QWidget(parent),
      m_scene(new QGraphicsScene(this)),
      m_view(new ZoomingView(m_scene)),
      m_details(new TensorPanelBrowser),
      m_search(new QLineEdit),
      m_stepLabel(new QLabel),
      m_savedButton(new QToolButton) {
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_view->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_view->setBackgroundBrush(Qt::white);
    m_search->setPlaceholderText(tr("Find a node by name…"));
    m_search->setClearButtonEnabled(true);
    m_details->setImageProvider([this](const QString& key) { return m_model ? m_model->panelImage(key) : QImage(); });
    connect(m_details, &TensorPanelBrowser::valuesToggled, this, [this](const QString& key) {
        if (!m_model) return;
        m_model->toggleValues(key);
        updateDetails();
    });
    QFont bold = m_stepLabel->font();
    bold.setBold(true);
    m_stepLabel->setFont(bold);
    m_search->setMinimumWidth(120);
    m_details->setMinimumWidth(160);

    auto button = [this](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, slot);
        return b;
    };
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_search, 1);
    bar->addWidget(button(tr("Fit"), tr("Fit the whole graph in the view"), &ComputationGraphView::fitToView));
    bar->addWidget(
        button(tr("Collapse layers"), tr("Draw each layer as one node"), &ComputationGraphView::collapseAll));
    bar->addWidget(button(tr("Expand layers"), tr("Draw every op of every layer"), &ComputationGraphView::expandAll));
    m_savedButton->setText(tr("Saved tensors"));
    m_savedButton->setToolTip(tr("Draw the tensors each op saved for its backward (orange)"));
    m_savedButton->setCheckable(true);
    m_savedButton->setChecked(m_showSaved);
    m_savedButton->setAutoRaise(true);
    connect(m_savedButton, &QToolButton::toggled, this, &ComputationGraphView::setShowSaved);
    bar->addWidget(m_savedButton);
    bar->addWidget(button(tr("Export…"), tr("Save the graph as SVG, PNG or DOT"), &ComputationGraphView::exportMenu));
    auto* steps = new QHBoxLayout;
    steps->setContentsMargins(0, 0, 0, 0);
    steps->addWidget(button(tr("Restart"), tr("Back to before the forward pass"), &ComputationGraphView::restartSteps));
    steps->addWidget(button(tr("Step"), tr("The next op of the forward pass, then of the backward pass"),
                            &ComputationGraphView::step));
    steps->addWidget(
        button(tr("Run to end"), tr("Show the whole forward and backward pass"), &ComputationGraphView::runToEnd));
    steps->addWidget(m_stepLabel, 1);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({720, 280});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(steps);
    layout->addWidget(legend());
    layout->addWidget(split, 1);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) { search(text); });
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Laid>>::finished, this, [this] {
        m_running = false;
        const std::shared_ptr<Laid> laid = m_watcher.result();
        if (m_queued) {  // superseded while it ran: drop it and lay out the newest request
            startLayout();
            return;
        }
        applyLayout(*laid);
        emit layoutFinished();
    });
}

ComputationGraphView::~ComputationGraphView() { m_watcher.waitForFinished(); }

void ComputationGraphView::setModel(ComputationGraphModel* model) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model)
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            m_step = -1;
            m_selected = -1;
            m_fitPending = true;
            relayout();
        });
    m_fitPending = true;
    relayout();
}

QList<int> ComputationGraphView::visibleRows() const {
    QList<int> rows;
    if (!m_plan) return rows;
    for (int r : m_plan->rowOfNode)
        if (r >= 0) rows << r;
    return rows;
}

void ComputationGraphView::relayout() {
    auto plan = std::make_shared<Plan>();
    if (m_model) {
        const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        const QFontMetricsF fm(mono);
        QFont bold = mono;
        bold.setBold(true);
        const QFontMetricsF fmBold(bold);
        const double lineHeight = fm.height() + 2;
        const QStringList clusters = m_model->scopes();
        plan->request.clusters = clusters;
        plan->nodeOfRow.assign(static_cast<std::size_t>(m_model->rowCount()), -1);
        std::map<QString, int> layerNode;
        auto addNode = [&](QStringList lines, bool record, QColor fill, int cluster) {
            double width = 0;
            for (int i = 0; i < lines.size(); ++i)
                width = std::max(width, (i == 0 ? fmBold : fm).horizontalAdvance(lines[i]));
            // Wide enough for every line (values, gradient, a saved tensor's name and shape): never clipped.
            width = std::min(std::max(width + 14, 48.0), 420.0);
            const double height =
                record ? lineHeight * lines.size() + 4 : std::max(26.0, lineHeight * lines.size() + 8);
            plan->request.nodes.push_back({QSizeF(width, height), lines.join(QLatin1Char('\n')), fill, cluster});
            plan->lines.push_back(std::move(lines));
            plan->fills.push_back(fill);
            return static_cast<int>(plan->request.nodes.size()) - 1;
        };
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const auto kind = m_model->kind(row);
            const QString layer = foldedInto(m_model->scope(row));
            if (!layer.isEmpty()) {
                auto [it, inserted] = layerNode.try_emplace(layer, -1);
                if (inserted) {
                    // A small layer names its ops (conv1: ConvolutionBackward0), a big one counts them.
                    std::vector<std::pair<qulonglong, QString>> members;  // in forward order
                    for (int r = 0; r < m_model->rowCount(); ++r)
                        if (m_model->kind(r) == GraphItemKind::Op && foldedInto(m_model->scope(r)) == layer)
                            members.emplace_back(
                                m_model->data(m_model->index(r), ComputationGraphModel::SequenceRole).toULongLong(),
                                m_model->name(r));
                    std::sort(members.begin(), members.end());
                    QStringList ops;
                    for (const auto& m : members) ops << m.second;
                    QStringList lines{QStringLiteral("▸ ") + layer};
                    if (ops.size() <= 3)
                        lines << ops;
                    else
                        lines << tr("%n ops", nullptr, int(ops.size()));
                    it->second = addNode(lines, false, kLayerFill, enclosingCluster(clusters, layer));
                    plan->rowOfNode.push_back(-1);
                    plan->layerOfNode.push_back(layer);
                }
                plan->nodeOfRow[static_cast<std::size_t>(row)] = it->second;
                continue;
            }
            if (kind == GraphItemKind::Saved && !m_showSaved) continue;
            const QString scope = m_model->scope(row);
            const QModelIndex index = m_model->index(row);
            QStringList lines{m_model->name(row)};
            const bool record = kind != GraphItemKind::Op;
            if (record) {
                // The last line is the gradient, filled in as the step-through reaches it; size for the final one.
                const QString grad = m_model->data(index, ComputationGraphModel::GradRole).toString();
                lines << m_model->data(index, ComputationGraphModel::ShapeRole).toString()
                      << m_model->data(index, ComputationGraphModel::DataRole).toString()
                      << (kind == GraphItemKind::Saved ? tr("saved for backward") : tr("grad %1").arg(grad));
            }
            // A layer's box holds its ops, what they saved and its own parameters.
            const int cluster = kind == GraphItemKind::Op || kind == GraphItemKind::Saved ||
                                        kind == GraphItemKind::Parameter || kind == GraphItemKind::Input
                                    ? int(clusters.indexOf(scope))
                                    : -1;
            plan->nodeOfRow[static_cast<std::size_t>(row)] = addNode(lines, record, graphItemFill(kind), cluster);
            plan->rowOfNode.push_back(row);
            plan->layerOfNode.emplace_back();
        }
        // A saved tensor sits beside its op: above it, it would share the previous layer's rank, and
        // Graphviz then pushes each layer's box sideways past the one before (a long diagonal).
        for (const auto& e : m_model->edges()) {
            if (e.kind != GraphEdgeKind::Saved) continue;
            const int saved = plan->nodeOfRow[static_cast<std::size_t>(e.from)];
            const int op = plan->nodeOfRow[static_cast<std::size_t>(e.to)];
            if (saved >= 0 && op >= 0 && plan->rowOfNode[static_cast<std::size_t>(op)] >= 0 &&
                plan->request.nodes[static_cast<std::size_t>(saved)].cluster ==
                    plan->request.nodes[static_cast<std::size_t>(op)].cluster &&
                plan->request.nodes[static_cast<std::size_t>(saved)].cluster >= 0)
                plan->request.nodes[static_cast<std::size_t>(saved)].besideOf = op;
        }
        std::set<std::pair<int, int>> seen;
        auto isOp = [&](int node) {
            const int row = plan->rowOfNode[static_cast<std::size_t>(node)];
            return row < 0 || m_model->kind(row) == GraphItemKind::Op;
        };
        for (const auto& e : m_model->edges()) {
            const int from = plan->nodeOfRow[static_cast<std::size_t>(e.from)];
            const int to = plan->nodeOfRow[static_cast<std::size_t>(e.to)];
            if (from == to || from < 0 || to < 0) continue;
            const bool collapsedEnd = plan->rowOfNode[static_cast<std::size_t>(from)] < 0 ||
                                      plan->rowOfNode[static_cast<std::size_t>(to)] < 0;
            if (collapsedEnd && !seen.insert({from, to}).second) continue;
            // The chain of ops is the spine of the picture: heavy edges keep it straight, with the
            // tensors hanging beside it, instead of letting each layer's records push it sideways.
            const int weight = isOp(from) && isOp(to) ? 16 : e.kind == GraphEdgeKind::Saved ? 0 : 1;
            plan->request.edges.push_back({from, to, e.kind == GraphEdgeKind::Saved, weight});
            plan->edgeKinds.push_back(e.kind);
        }
    }
    m_queued = plan;
    if (!m_running) startLayout();
}

void ComputationGraphView::startLayout() {
    std::shared_ptr<Plan> plan = std::move(m_queued);
    m_queued.reset();
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run([plan] {
        auto laid = std::make_shared<Laid>();
        laid->plan = plan;
        if (plan->request.nodes.empty()) return laid;
        try {
            laid->result = layoutGraph(plan->request);
        } catch (const std::exception& e) {
            laid->error = QString::fromUtf8(e.what());
        }
        return laid;
    }));
}

void ComputationGraphView::applyLayout(const Laid& laid) {
    m_scene->clear();
    m_nodeItems.clear();
    m_plan = laid.plan;
    const Plan& plan = *laid.plan;
    if (!laid.error.isEmpty()) {
        m_scene->addText(laid.error);
        return;
    }
    if (plan.request.nodes.empty()) return;
    const LayoutResult& r = laid.result;
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (std::size_t c = 0; c < r.clusters.size(); ++c) {
        const QString scope = plan.request.clusters[static_cast<qsizetype>(c)];
        if (r.clusters[c].isEmpty()) continue;
        auto* box = new LayerBox(r.clusters[c]);
        box->setPen(QPen(QColor(0x88, 0x80, 0xb0), 1, Qt::DashLine));
        box->setBrush(QColor(0xf4, 0xf4, 0xfb));
        // Inner layers are drawn over outer ones, and their labels name only the inner part.
        const int depth = int(scope.count(QLatin1Char('/')));
        const int outer = enclosingCluster(plan.request.clusters, scope);
        box->setZValue(-2 + depth * 0.01);
        box->setToolTip(tr("Layer %1 — double-click to collapse").arg(scope));
        box->onDoubleClick = [this, scope] { setCollapsed(scope, true); };
        m_scene->addItem(box);
        auto* label = m_scene->addSimpleText(outer < 0 ? scope : scope.mid(plan.request.clusters[outer].size() + 1));
        label->setBrush(QColor(0x50, 0x48, 0x80));
        label->setPos(r.clusters[c].topLeft() + QPointF(6, 2));
        label->setZValue(-1.5 + depth * 0.01);
    }
    for (std::size_t e = 0; e < plan.request.edges.size(); ++e) {
        const GraphEdgeKind kind = plan.edgeKinds[e];
        QPen pen(QColor(0x44, 0x44, 0x44), 1.2);
        if (kind == GraphEdgeKind::Saved) pen = QPen(QColor(0xd0, 0x80, 0x00), 1.2, Qt::DashLine);
        if (kind == GraphEdgeKind::Output) pen = QPen(QColor(0x60, 0x90, 0x30), 1.2, Qt::DotLine);
        auto* path = m_scene->addPath(r.edges[e], pen);
        path->setZValue(-0.5);
        if (kind == GraphEdgeKind::Saved || r.edges[e].elementCount() < 2) continue;
        // The arrowhead: along the last segment, ending at the tip.
        const QPointF tip = r.arrowTips[e];
        const QPointF back = r.edges[e].pointAtPercent(0.97);
        QLineF dir(tip, back);
        if (dir.length() < 0.01) continue;
        dir.setLength(8);
        QLineF left = dir, right = dir;
        left.setAngle(dir.angle() + 22);
        right.setAngle(dir.angle() - 22);
        auto* head = m_scene->addPolygon(QPolygonF({tip, left.p2(), right.p2()}), QPen(pen.color(), 1), pen.color());
        head->setZValue(-0.5);
    }
    for (std::size_t n = 0; n < plan.request.nodes.size(); ++n) {
        const int row = plan.rowOfNode[n];
        const bool record = row >= 0 && m_model && row < m_model->rowCount() && m_model->kind(row) != GraphItemKind::Op;
        auto* item = new GraphNodeItem(plan.request.nodes[n].size, plan.lines[n], plan.fills[n], record, mono);
        item->setPos(r.centers[n]);
        if (row >= 0) {
            item->setToolTip(m_model->name(row));
            item->onClick = [this, row] { selectRow(row); };
        } else {
            const QString scope = plan.layerOfNode[n];
            item->setToolTip(tr("Layer %1 — double-click to expand").arg(scope));
            item->onDoubleClick = [this, scope] { setCollapsed(scope, false); };
        }
        m_scene->addItem(item);
        m_nodeItems.push_back(item);
    }
    m_scene->setSceneRect(r.bounds.adjusted(-20, -20, 20, 20));
    if (m_fitPending) {
        fitLegibly();
        m_fitPending = false;
    }
    search(m_search->text());
    updateStepState();
    updateDetails();
}

void ComputationGraphView::fitToView() {
    if (m_scene->items().isEmpty()) return;
    m_view->resetTransform();
    m_view->fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    // A small graph is shown somewhat larger, never blown up.
    if (m_view->transform().m11() > 1.5) m_view->setTransform(QTransform::fromScale(1.5, 1.5));
}

void ComputationGraphView::fitLegibly() {
    // Below this scale the records' monospace text is smaller than about 8 pixels.
    constexpr double kLegible = 0.85;
    fitToView();
    if (m_nodeItems.empty() || m_view->transform().m11() >= kLegible) return;
    if (!m_model || m_plan->nodeOfRow.size() != static_cast<std::size_t>(m_model->rowCount())) return;
    m_view->setTransform(QTransform::fromScale(kLegible, kLegible));
    const QRectF scene = m_scene->sceneRect();
    const double halfHeight = m_view->viewport()->height() / kLegible / 2;
    double x = scene.center().x();
    for (const auto& step : m_model->steps()) {
        const int node = m_plan->nodeOfRow[static_cast<std::size_t>(step.row)];
        if (node >= 0) {
            x = m_nodeItems[static_cast<std::size_t>(node)]->pos().x();
            break;
        }
    }
    m_view->centerOn(QPointF(x, scene.top() + halfHeight));
}

void ComputationGraphView::setShowSaved(bool show) {
    if (show == m_showSaved) return;
    m_showSaved = show;
    m_savedButton->setChecked(show);
    relayout();
}

void ComputationGraphView::setCollapsed(const QString& scope, bool collapsed) {
    if (collapsed == m_collapsed.contains(scope)) return;
    if (collapsed)
        m_collapsed.insert(scope);
    else
        m_collapsed.remove(scope);
    m_fitPending = true;
    relayout();
}

QString ComputationGraphView::foldedInto(const QString& scope) const {
    QString outermost;
    for (const QString& c : m_collapsed)
        if ((scope == c || scope.startsWith(c + QLatin1Char('/'))) &&
            (outermost.isEmpty() || c.size() < outermost.size()))
            outermost = c;
    return outermost;
}

void ComputationGraphView::collapseAll() {
    if (!m_model) return;
    // The layers are the top-level scopes, or — when one module wraps everything (a model's own
    // scope, "Sequential") — its children.
    const QStringList scopes = m_model->scopes();
    QSet<QString> roots;
    for (const QString& s : scopes) roots.insert(s.section(QLatin1Char('/'), 0, 0));
    const int depth = roots.size() == 1 && std::any_of(scopes.begin(), scopes.end(),
                                                       [](const QString& s) { return s.contains(QLatin1Char('/')); })
                          ? 2
                          : 1;
    for (const QString& s : scopes)
        if (s.count(QLatin1Char('/')) + 1 >= depth) m_collapsed.insert(s.section(QLatin1Char('/'), 0, depth - 1));
    m_fitPending = true;
    relayout();
}

void ComputationGraphView::expandAll() {
    m_collapsed.clear();
    m_fitPending = true;
    relayout();
}

int ComputationGraphView::search(const QString& text) {
    m_matches.clear();
    if (m_model)
        for (int row : m_model->find(text)) m_matches.insert(row);
    GraphNodeItem* first = nullptr;
    if (m_plan) {
        for (std::size_t n = 0; n < m_nodeItems.size(); ++n) {
            const int row = m_plan->rowOfNode[n];
            const bool hit = row >= 0 ? m_matches.contains(row)
                                      : std::any_of(m_matches.begin(), m_matches.end(),
                                                    [&](int r) { return m_model->scope(r) == m_plan->layerOfNode[n]; });
            m_nodeItems[n]->matched = hit;
            m_nodeItems[n]->update();
            if (hit && !first) first = m_nodeItems[n];
        }
    }
    if (first) m_view->centerOn(first);
    return static_cast<int>(m_matches.size());
}

void ComputationGraphView::selectRow(int row) {
    m_selected = row;
    if (m_plan)
        for (std::size_t n = 0; n < m_nodeItems.size(); ++n) {
            m_nodeItems[n]->selected = m_plan->rowOfNode[n] == row && row >= 0;
            m_nodeItems[n]->update();
        }
    updateDetails();
}

QString ComputationGraphView::detailsHtml() const { return m_details->toHtml(); }

QLabel* ComputationGraphView::legend() {
    // A filled square in the colour; white (an intermediate tensor, zero) as an outlined one.
    const auto swatch = [](const QColor& c, const QString& text) {
        const bool white = c.lightness() > 245;
        return QStringLiteral("<span style=\"color:%1; font-size:large\">%2</span>&nbsp;%3")
            .arg(white ? QStringLiteral("#777777") : c.name(), white ? QStringLiteral("□") : QStringLiteral("■"),
                 text.toHtmlEscaped());
    };
    const QStringList parts{swatch(graphItemFill(GraphItemKind::Op), tr("op (its grad_fn Node)")),
                            swatch(graphItemFill(GraphItemKind::Parameter), tr("parameter")),
                            swatch(graphItemFill(GraphItemKind::Input), tr("input")),
                            swatch(graphItemFill(GraphItemKind::Intermediate), tr("intermediate")),
                            swatch(graphItemFill(GraphItemKind::Root), tr("root (backward starts here)")),
                            swatch(graphItemFill(GraphItemKind::Saved), tr("saved for backward")),
                            tr("values:") + QStringLiteral(" ") + swatch(divergingColor(-1), tr("< 0")) +
                                QStringLiteral(" ") + swatch(divergingColor(0), QStringLiteral("0")) +
                                QStringLiteral(" ") + swatch(divergingColor(1), tr("> 0"))};
    auto* label = new QLabel(parts.join(QStringLiteral(" &nbsp; ")), this);
    label->setObjectName(QStringLiteral("legend"));
    label->setWordWrap(true);
    label->setToolTip(tr("What the colours of the graph and of the tensors' heat maps mean"));
    return label;
}

void ComputationGraphView::updateDetails() {
    QString html;
    if (m_model && m_step >= 0 && m_step < static_cast<int>(m_model->steps().size())) {
        const GraphStep& s = m_model->steps()[static_cast<std::size_t>(m_step)];
        html += QStringLiteral("<h3>%1</h3>").arg(s.title.toHtmlEscaped()) + m_model->stepHtml(m_step);
        if (m_selected >= 0 && m_selected != s.row) html += QStringLiteral("<hr>");
    }
    if (m_model && m_selected >= 0 && m_selected < m_model->rowCount() &&
        (m_step < 0 || m_selected != m_model->steps()[static_cast<std::size_t>(m_step)].row))
        html += m_model->detailsHtml(m_selected, m_step);
    if (html.isEmpty())
        html =
            tr("<p>Click a node to see its tensors in full. <b>Step</b> walks the forward pass in execution "
               "order, then the backward pass in the engine's order.</p>");
    m_details->setHtml(html);
}

int ComputationGraphView::highlightedRow() const {
    if (!m_model || m_step < 0 || m_step >= static_cast<int>(m_model->steps().size())) return -1;
    return m_model->steps()[static_cast<std::size_t>(m_step)].row;
}

QString ComputationGraphView::shownGrad(int row) const {
    if (!m_model || !m_model->gradKnown(row, m_step)) return {};
    return m_model->data(m_model->index(row), ComputationGraphModel::GradRole).toString();
}

QString ComputationGraphView::shownName(int row) const {
    if (!m_plan || row < 0 || static_cast<std::size_t>(row) >= m_plan->nodeOfRow.size()) return {};
    const int node = m_plan->nodeOfRow[static_cast<std::size_t>(row)];
    if (node < 0 || static_cast<std::size_t>(node) >= m_nodeItems.size() ||
        m_plan->rowOfNode[static_cast<std::size_t>(node)] != row)
        return {};
    const QStringList& lines = m_nodeItems[static_cast<std::size_t>(node)]->lines();
    return lines.isEmpty() ? QString() : lines.front();
}

void ComputationGraphView::updateStepState() {
    // A plan drawn for an earlier graph waits for the new layout, which calls this again.
    if (!m_model || !m_plan || m_plan->nodeOfRow.size() != static_cast<std::size_t>(m_model->rowCount())) return;
    const auto& steps = m_model->steps();
    // In the forward phase, ops not yet run (and what they produce or save) are faded.
    QSet<int> pending;
    if (m_step >= 0 && steps[static_cast<std::size_t>(m_step)].phase == GraphStep::Phase::Forward) {
        for (std::size_t k = static_cast<std::size_t>(m_step) + 1; k < steps.size(); ++k)
            if (steps[k].phase == GraphStep::Phase::Forward) pending.insert(steps[k].row);
        for (const auto& e : m_model->edges()) {
            if (e.kind == GraphEdgeKind::Output && pending.contains(e.from)) pending.insert(e.to);
            if (e.kind == GraphEdgeKind::Saved && pending.contains(e.to)) pending.insert(e.from);
        }
    }
    const int highlighted = highlightedRow();
    const int highlightedNode = highlighted >= 0 ? m_plan->nodeOfRow[static_cast<std::size_t>(highlighted)] : -1;
    for (std::size_t n = 0; n < m_nodeItems.size(); ++n) {
        const int row = m_plan->rowOfNode[n];
        GraphNodeItem* item = m_nodeItems[n];
        item->highlighted = static_cast<int>(n) == highlightedNode;
        item->faded = row >= 0 && pending.contains(row);
        if (row >= 0) {
            const QString g = shownGrad(row);
            const auto kind = m_model->kind(row);
            item->gradLine = kind == GraphItemKind::Saved ? tr("saved for backward")
                             : g.isEmpty()                ? tr("grad —")
                                                          : tr("grad %1").arg(g);
        }
        item->update();
        if (item->highlighted) m_view->ensureVisible(item);
    }
    if (m_step < 0)
        m_stepLabel->setText(steps.empty() ? QString() : tr("%n step(s): press Step", nullptr, int(steps.size())));
    else
        m_stepLabel->setText(steps[static_cast<std::size_t>(m_step)].title);
}

void ComputationGraphView::restartSteps() {
    m_step = -1;
    updateStepState();
    updateDetails();
    emit stepChanged(m_step);
}

void ComputationGraphView::step() {
    if (!m_model || m_step + 1 >= static_cast<int>(m_model->steps().size())) return;
    ++m_step;
    updateStepState();
    updateDetails();
    emit stepChanged(m_step);
}

void ComputationGraphView::runToEnd() {
    if (!m_model || m_model->steps().empty()) return;
    m_step = static_cast<int>(m_model->steps().size()) - 1;
    updateStepState();
    updateDetails();
    emit stepChanged(m_step);
}

void ComputationGraphView::exportMenu() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the graph"), QStringLiteral("graph.svg"),
                                                      tr("SVG (*.svg);;PNG (*.png);;Graphviz DOT (*.dot)"));
    if (path.isEmpty()) return;
    if (path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        exportPng(path);
    else if (path.endsWith(QStringLiteral(".dot"), Qt::CaseInsensitive))
        exportDot(path);
    else
        exportSvg(path);
}

bool ComputationGraphView::exportSvg(const QString& path) {
    const QRectF rect = m_scene->sceneRect();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(rect.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), rect.size()));
    svg.setTitle(tr("Autograd graph"));
    QPainter painter;
    if (!painter.begin(&svg)) return false;
    m_scene->render(&painter, QRectF(QPointF(0, 0), rect.size()), rect);
    return painter.end();
}

bool ComputationGraphView::exportPng(const QString& path) {
    const QRectF rect = m_scene->sceneRect();
    QImage image((rect.size() * 2).toSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_scene->render(&painter, QRectF(QPointF(0, 0), rect.size() * 2), rect);
    painter.end();
    return image.save(path, "PNG");
}

bool ComputationGraphView::exportDot(const QString& path) {
    if (!m_plan) return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return file.write(layoutDot(m_plan->request).toUtf8()) >= 0;
}

}  // namespace tessera::widgets
