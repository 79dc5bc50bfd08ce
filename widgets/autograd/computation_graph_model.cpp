#include "widgets/autograd/computation_graph_model.h"

#include <QRegularExpression>
#include <algorithm>
#include <map>
#include <set>

#include "widgets/autograd/tensor_panel.h"

namespace tessera::widgets {

namespace {

QString number(double v) { return QString::number(v, 'g', 5); }

// The forward op a Node stands for when the capture did not see it run: torch's Node names are the op's
// derivative name in CamelCase plus "Backward" and a number (MulBackward0 ← mul, AddmmBackward0 ← addmm).
QString opFromNodeName(const std::string& node) {
    QString name = QString::fromStdString(node);
    static const QRegularExpression suffix(QStringLiteral("Backward\\d*$"));
    name.remove(suffix);
    QString out;
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (name[i].isUpper() && i > 0) out += QLatin1Char('_');
        out += name[i].toLower();
    }
    return out;
}

QString shapeList(const Shape& s) {
    QStringList parts;
    for (auto v : s) parts << QString::number(v);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

}  // namespace

ComputationGraphModel::ComputationGraphModel(QObject* parent) : QAbstractListModel(parent) {}

QString ComputationGraphModel::kindName(GraphItemKind kind) {
    switch (kind) {
        case GraphItemKind::Op:
            return QStringLiteral("op");
        case GraphItemKind::Parameter:
            return QStringLiteral("parameter");
        case GraphItemKind::Input:
            return QStringLiteral("input");
        case GraphItemKind::Saved:
            return QStringLiteral("saved");
        case GraphItemKind::Intermediate:
            return QStringLiteral("intermediate");
        case GraphItemKind::Root:
            return QStringLiteral("root");
    }
    return {};
}

QString ComputationGraphModel::shapeText(const autograd::SnapshotTensor& t) {
    return t.defined ? shapeList(t.sizes) : QString();
}

QString ComputationGraphModel::valuesText(const autograd::SnapshotTensor& t, int maxValues) {
    if (!t.defined || t.values.empty()) return {};
    QStringList parts;
    const int n = static_cast<int>(t.values.size());
    for (int i = 0; i < std::min(n, maxValues); ++i) parts << number(t.values[static_cast<std::size_t>(i)]);
    if (n > maxValues) parts << QStringLiteral("…");
    if (t.sizes.empty()) return parts.join(QString());
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

void ComputationGraphModel::setGraph(CapturedGraph graph) {
    beginResetModel();
    m_graph = std::move(graph);
    build();
    buildSteps();
    endResetModel();
}

int ComputationGraphModel::rowOfNode(std::size_t node) const {
    return node < m_rowOfNode.size() ? m_rowOfNode[node] : -1;
}

void ComputationGraphModel::build() {
    m_items.clear();
    m_edges.clear();
    const auto& snap = m_graph.snapshot;
    m_rowOfNode.assign(snap.nodes.size(), -1);

    std::map<std::string, std::size_t> namedByName;
    for (std::size_t i = 0; i < m_graph.tensors.size(); ++i) namedByName.emplace(m_graph.tensors[i].name, i);

    for (std::size_t i = 0; i < snap.nodes.size(); ++i) {
        const auto& n = snap.nodes[i];
        Item item;
        item.node = static_cast<std::ptrdiff_t>(i);
        item.scope = QString::fromStdString(n.scope);
        if (n.isLeafAccumulator) {
            auto it = namedByName.find(n.variable.name);
            item.kind = it != namedByName.end() ? GraphItemKind::Input : GraphItemKind::Parameter;
            item.name = n.variable.name.empty() ? QStringLiteral("leaf") : QString::fromStdString(n.variable.name);
            item.value = n.variable;
            item.grad = n.leafGrad;
            if (!item.grad.defined && it != namedByName.end()) item.grad = m_graph.tensors[it->second].grad;
            if (it != namedByName.end()) item.tensor = static_cast<std::ptrdiff_t>(it->second);
        } else {
            item.kind = GraphItemKind::Op;
            item.name = QString::fromStdString(n.name);
        }
        m_rowOfNode[i] = static_cast<int>(m_items.size());
        m_items.push_back(std::move(item));
    }
    for (const auto& e : snap.edges)
        m_edges.push_back({m_rowOfNode[e.to], m_rowOfNode[e.from], GraphEdgeKind::Gradient});

    for (std::size_t i = 0; i < snap.nodes.size(); ++i) {
        const auto& n = snap.nodes[i];
        for (const auto& s : n.saved) {
            if (!s.defined) continue;
            Item item;
            item.kind = GraphItemKind::Saved;
            item.name = QString::fromStdString(s.name);
            item.scope = QString::fromStdString(n.scope);
            item.value = s;
            m_edges.push_back({static_cast<int>(m_items.size()), m_rowOfNode[i], GraphEdgeKind::Saved});
            m_items.push_back(std::move(item));
        }
    }

    // The gradient a named non-leaf tensor received is its grad_fn's incoming gradient for that output.
    auto gradOf = [&](std::size_t node, std::uint32_t outputNr) {
        const auto& n = snap.nodes[node];
        return outputNr < n.gradsIn.size() ? n.gradsIn[outputNr] : autograd::SnapshotTensor{};
    };
    std::set<std::size_t> namedRoots;
    for (std::size_t r = 0; r < snap.roots.size(); ++r) {
        const std::size_t node = snap.roots[r];
        Item item;
        item.kind = GraphItemKind::Root;
        item.name = QStringLiteral("output");
        item.value = snap.rootTensors[r];
        item.scope = QString();
        for (std::size_t t = 0; t < m_graph.tensors.size(); ++t) {
            const auto& c = m_graph.tensors[t];
            if (!c.isLeaf && c.node == static_cast<std::ptrdiff_t>(node) && !namedRoots.count(t)) {
                item.name = QString::fromStdString(c.name);
                item.value = c.value;
                item.tensor = static_cast<std::ptrdiff_t>(t);
                namedRoots.insert(t);
                break;
            }
        }
        item.grad = gradOf(node, 0);
        m_edges.push_back({m_rowOfNode[node], static_cast<int>(m_items.size()), GraphEdgeKind::Output});
        m_items.push_back(std::move(item));
    }
    for (std::size_t t = 0; t < m_graph.tensors.size(); ++t) {
        const auto& c = m_graph.tensors[t];
        if (c.isLeaf || c.node < 0 || namedRoots.count(t)) continue;
        Item item;
        item.kind = GraphItemKind::Intermediate;
        item.name = QString::fromStdString(c.name);
        item.value = c.value;
        item.tensor = static_cast<std::ptrdiff_t>(t);
        item.scope = m_items[static_cast<std::size_t>(m_rowOfNode[static_cast<std::size_t>(c.node)])].scope;
        item.grad = c.grad.defined ? c.grad : gradOf(static_cast<std::size_t>(c.node), c.outputNr);
        m_edges.push_back(
            {m_rowOfNode[static_cast<std::size_t>(c.node)], static_cast<int>(m_items.size()), GraphEdgeKind::Output});
        m_items.push_back(std::move(item));
    }
}

QString ComputationGraphModel::tensorHtml(const QString& key, const QString& title,
                                          const autograd::SnapshotTensor& t) const {
    m_panel[key] = t;
    return tensorPanelHtml(key, title, t, m_shownValues.contains(key), ++m_generation);
}

QImage ComputationGraphModel::panelImage(const QString& key) const {
    const auto it = m_panel.find(key);
    return it == m_panel.end() ? QImage() : tensorHeatMap(it->second);
}

void ComputationGraphModel::toggleValues(const QString& key) {
    if (!m_shownValues.remove(key)) m_shownValues.insert(key);
}

void ComputationGraphModel::buildSteps() {
    m_steps.clear();
    const auto& snap = m_graph.snapshot;

    std::vector<std::size_t> ops;
    for (std::size_t i = 0; i < snap.nodes.size(); ++i)
        if (!snap.nodes[i].isLeafAccumulator) ops.push_back(i);
    std::sort(ops.begin(), ops.end(),
              [&](std::size_t a, std::size_t b) { return snap.nodes[a].sequenceNr < snap.nodes[b].sequenceNr; });
    for (std::size_t k = 0; k < ops.size(); ++k) {
        GraphStep step;
        step.phase = GraphStep::Phase::Forward;
        step.row = m_rowOfNode[ops[k]];
        // A forward step is the op that ran ("mul", "conv2d"); its Node is what backward runs later.
        step.title = tr("forward %1/%2: %3").arg(k + 1).arg(ops.size()).arg(opName(ops[k]));
        step.node = ops[k];
        m_steps.push_back(std::move(step));
    }

    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < snap.nodes.size(); ++i)
        if (snap.nodes[i].backwardOrder >= 0) order.push_back(i);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return snap.nodes[a].backwardOrder < snap.nodes[b].backwardOrder; });
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t i = order[k];
        const int row = m_rowOfNode[i];
        GraphStep step;
        step.phase = GraphStep::Phase::Backward;
        step.row = row;
        step.title =
            tr("backward %1/%2: %3").arg(k + 1).arg(order.size()).arg(m_items[static_cast<std::size_t>(row)].name);
        step.node = i;
        m_steps.push_back(std::move(step));
    }
}

int ComputationGraphModel::rootRow(int opRow) const {
    for (const auto& e : m_edges)
        if (e.kind == GraphEdgeKind::Output && e.from == opRow &&
            m_items[static_cast<std::size_t>(e.to)].kind == GraphItemKind::Root)
            return e.to;
    return -1;
}

QString ComputationGraphModel::opName(std::size_t node) const {
    const auto& n = m_graph.snapshot.nodes.at(node);
    return n.op.empty() ? opFromNodeName(n.name) : QString::fromStdString(n.op);
}

bool ComputationGraphModel::nodeRan(std::size_t node, int step) const {
    const int order = m_graph.snapshot.nodes.at(node).backwardOrder;
    if (order < 0 || step < 0 || step >= static_cast<int>(m_steps.size())) return false;
    const GraphStep& current = m_steps[static_cast<std::size_t>(step)];
    return current.phase == GraphStep::Phase::Backward && order <= m_graph.snapshot.nodes[current.node].backwardOrder;
}

bool ComputationGraphModel::gradKnown(int row, int step) const {
    if (row < 0 || row >= rowCount()) return false;
    const auto kind = m_items[static_cast<std::size_t>(row)].kind;
    if (kind == GraphItemKind::Op || kind == GraphItemKind::Saved) return false;
    // The gradient of a tensor is known once the Node it flows into has run: a leaf's AccumulateGrad,
    // or the grad_fn that produced an intermediate or root.
    int node = -1;
    if (kind == GraphItemKind::Parameter || kind == GraphItemKind::Input) {
        node = row;
    } else {
        for (const auto& e : m_edges)
            if (e.kind == GraphEdgeKind::Output && e.to == row) node = e.from;
    }
    const std::ptrdiff_t snapshotNode = node >= 0 ? m_items[static_cast<std::size_t>(node)].node : -1;
    return snapshotNode >= 0 && nodeRan(static_cast<std::size_t>(snapshotNode), step);
}

std::vector<StepTensor> ComputationGraphModel::stepTensors(int index) const {
    std::vector<StepTensor> out;
    if (index < 0 || index >= static_cast<int>(m_steps.size())) return out;
    const GraphStep& step = m_steps[static_cast<std::size_t>(index)];
    const auto& snap = m_graph.snapshot;
    const std::size_t i = step.node;
    const auto& n = snap.nodes[i];
    const int row = step.row;
    auto add = [&out](StepTensor::Kind kind, int at, QString label, const autograd::SnapshotTensor& t) {
        StepTensor st;
        st.kind = kind;
        st.index = at;
        st.label = std::move(label);
        st.tensor = t;
        out.push_back(std::move(st));
        return &out.back();
    };
    if (step.phase == GraphStep::Phase::Forward) {
        // The names the script gave this op's outputs.
        std::map<std::uint32_t, const Item*> named;
        for (const auto& e : m_edges) {
            if (e.kind != GraphEdgeKind::Output || e.from != row) continue;
            const Item& item = m_items[static_cast<std::size_t>(e.to)];
            const std::uint32_t nr =
                item.tensor >= 0 ? m_graph.tensors[static_cast<std::size_t>(item.tensor)].outputNr : 0;
            named.emplace(nr, &item);
        }
        if (!n.outputs.empty()) {
            for (std::size_t o = 0; o < n.outputs.size(); ++o) {
                auto it = named.find(static_cast<std::uint32_t>(o));
                const QString name = QString::fromStdString(n.outputs[o].name);
                add(StepTensor::Kind::Output, static_cast<int>(o),
                    it != named.end() ? QStringLiteral("%1 %2").arg(name, it->second->name) : name, n.outputs[o]);
            }
        } else {
            for (const auto& [nr, item] : named)
                add(StepTensor::Kind::Output, static_cast<int>(nr), tr("output %1").arg(item->name), item->value);
        }
        for (std::size_t k = 0; k < n.saved.size(); ++k)
            if (n.saved[k].defined)
                add(StepTensor::Kind::Saved, static_cast<int>(k),
                    tr("saved for backward: %1").arg(QString::fromStdString(n.saved[k].name)), n.saved[k]);
        return out;
    }
    // Where two or more paths meet, the engine summed their contributions before running the Node.
    std::vector<const autograd::SnapshotEdge*> incoming;
    for (const auto& e : snap.edges)
        if (e.to == i) incoming.push_back(&e);
    if (incoming.size() > 1)
        for (const auto* e : incoming) {
            const auto& from = snap.nodes[e->from];
            if (e->outputIndex >= from.gradsOut.size()) continue;
            add(StepTensor::Kind::PathGradient, static_cast<int>(e->outputIndex),
                tr("from %1 (its grad_input[%2])").arg(QString::fromStdString(from.name)).arg(e->outputIndex),
                from.gradsOut[e->outputIndex])
                ->node = e->from;
        }
    for (std::size_t g = 0; g < n.gradsIn.size(); ++g)
        add(StepTensor::Kind::GradIn, static_cast<int>(g),
            tr("received %1").arg(QString::fromStdString(n.gradsIn[g].name)), n.gradsIn[g]);
    if (n.isLeafAccumulator) {
        const Item& leaf = m_items[static_cast<std::size_t>(row)];
        autograd::SnapshotTensor before;
        if (leaf.tensor >= 0) before = m_graph.tensors[static_cast<std::size_t>(leaf.tensor)].gradBefore;
        if (before.defined) add(StepTensor::Kind::GradBefore, 0, tr("%1.grad before").arg(leaf.name), before);
        add(StepTensor::Kind::GradAfter, 0, tr("%1.grad after").arg(leaf.name), n.leafGrad);
        return out;
    }
    std::vector<const autograd::SnapshotEdge*> next(n.gradsOut.size(), nullptr);
    for (const auto& e : snap.edges)
        if (e.from == i && e.outputIndex < next.size()) next[e.outputIndex] = &e;
    for (std::size_t o = 0; o < n.gradsOut.size(); ++o) {
        if (!next[o]) {
            add(StepTensor::Kind::Skipped, static_cast<int>(o), tr("grad_input[%1]").arg(o), {});
            continue;
        }
        const int target = m_rowOfNode[next[o]->to];
        add(StepTensor::Kind::GradOut, static_cast<int>(o),
            tr("returns grad_input[%1] → %2").arg(o).arg(m_items[static_cast<std::size_t>(target)].name), n.gradsOut[o])
            ->target = target;
    }
    return out;
}

QString ComputationGraphModel::stepHtml(int index) const {
    if (index < 0 || index >= static_cast<int>(m_steps.size())) return {};
    const GraphStep& step = m_steps[static_cast<std::size_t>(index)];
    const auto& n = m_graph.snapshot.nodes[step.node];
    const std::vector<StepTensor> tensors = stepTensors(index);
    int shown = 0;
    QString html;
    if (step.phase == GraphStep::Phase::Forward) {
        html = tr("<p>The op <b>%1</b> runs and records <b>%2</b> as the grad_fn of its output.</p>")
                   .arg(opName(step.node), QString::fromStdString(n.name));
        if (std::none_of(tensors.begin(), tensors.end(),
                         [](const StepTensor& t) { return t.kind == StepTensor::Kind::Output; }))
            html += tr("<p>Its output was not recorded (the graph was captured after the forward pass).</p>");
    }
    if (step.phase == GraphStep::Phase::Backward) {
        const int root = rootRow(step.row);
        if (root >= 0)
            html += tr("<p>Backward starts here, at the root <b>%1</b>: the gradient it receives is "
                       "d %1 / d %1.</p>")
                        .arg(m_items[static_cast<std::size_t>(root)].name.toHtmlEscaped());
    }
    const auto paths = std::count_if(tensors.begin(), tensors.end(),
                                     [](const StepTensor& t) { return t.kind == StepTensor::Kind::PathGradient; });
    if (paths > 0)
        html +=
            tr("<p><b>%1 paths meet here</b>: the engine sums their gradients before this node runs.</p>").arg(paths);
    for (const auto& t : tensors) {
        switch (t.kind) {
            case StepTensor::Kind::Skipped:
                html += tr("<p>grad_input[%1]: <i>skipped</i> — this input does not require grad, so no "
                           "gradient flows there.</p>")
                            .arg(t.index);
                continue;
            case StepTensor::Kind::GradBefore:
                html += tr("<p><b>Accumulation</b>: %1.grad already held a gradient; the new one is added to "
                           "it (call zero_grad() / .grad.zero_() between steps to start from zero).</p>")
                            .arg(m_items[static_cast<std::size_t>(step.row)].name);
                break;
            default:
                break;
        }
        html += tensorHtml(QStringLiteral("s%1").arg(shown++), t.label, t.tensor);
    }
    return html;
}

QList<int> ComputationGraphModel::find(const QString& text) const {
    QList<int> rows;
    if (text.isEmpty()) return rows;
    for (std::size_t r = 0; r < m_items.size(); ++r)
        if (m_items[r].name.contains(text, Qt::CaseInsensitive)) rows << static_cast<int>(r);
    return rows;
}

QStringList ComputationGraphModel::scopes() const {
    QStringList out;
    for (const auto& item : m_items)
        if (!item.scope.isEmpty() && !out.contains(item.scope)) out << item.scope;
    std::sort(out.begin(), out.end());
    return out;
}

QString ComputationGraphModel::detailsHtml(int row) const {
    return detailsHtml(row, static_cast<int>(m_steps.size()) - 1);
}

QString ComputationGraphModel::detailsHtml(int row, int step) const {
    if (row < 0 || row >= rowCount()) return {};
    const Item& item = m_items[static_cast<std::size_t>(row)];
    QString html = QStringLiteral("<h3>%1</h3><p>%2%3</p>")
                       .arg(item.name.toHtmlEscaped(), kindName(item.kind),
                            item.scope.isEmpty() ? QString() : tr(" in layer %1").arg(item.scope.toHtmlEscaped()));
    if (item.kind == GraphItemKind::Op) {
        const auto& n = m_graph.snapshot.nodes[static_cast<std::size_t>(item.node)];
        html += tr("<p>sequence number %1; backward order %2</p>")
                    .arg(n.sequenceNr)
                    .arg(n.backwardOrder < 0 ? tr("not run") : QString::number(n.backwardOrder + 1));
        int shown = 0;
        const auto key = [&shown] { return QStringLiteral("d%1").arg(shown++); };
        for (const auto& o : n.outputs) html += tensorHtml(key(), QString::fromStdString(o.name), o);
        for (const auto& s : n.saved) html += tensorHtml(key(), tr("saved %1").arg(QString::fromStdString(s.name)), s);
        if (!nodeRan(static_cast<std::size_t>(item.node), step)) {
            if (n.backwardOrder >= 0) html += tr("<p>Its gradients appear when backward reaches it.</p>");
            return html;
        }
        for (const auto& g : n.gradsIn)
            html += tensorHtml(key(), tr("received %1").arg(QString::fromStdString(g.name)), g);
        for (const auto& g : n.gradsOut)
            html += tensorHtml(key(), tr("returned %1").arg(QString::fromStdString(g.name)), g);
        return html;
    }
    const auto& t = item.value;
    if (t.defined) {
        QStringList strides;
        for (auto s : t.strides) strides << QString::number(s);
        html += tr("<p>shape %1, strides (%2), %3</p>")
                    .arg(shapeText(t), strides.join(QStringLiteral(", ")), QString::fromLatin1(dtypeName(t.dtype)));
        QStringList sharing;
        for (std::size_t r = 0; r < m_items.size(); ++r)
            if (static_cast<int>(r) != row && m_items[r].value.defined && m_items[r].value.storageId == t.storageId)
                sharing << m_items[r].name;
        html += sharing.isEmpty()
                    ? tr("<p>storage: its own</p>")
                    : tr("<p>storage: shared with %1</p>").arg(sharing.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    html += tensorHtml(QStringLiteral("d0"), tr("value"), t);
    if (item.kind == GraphItemKind::Saved) return html;
    if (gradKnown(row, step))
        html += tensorHtml(QStringLiteral("d1"), tr("gradient"), item.grad);
    else
        html += tr("<p><b>gradient</b>: not computed yet — it appears when backward reaches this tensor.</p>");
    return html;
}

int ComputationGraphModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

QVariant ComputationGraphModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Item& item = m_items[static_cast<std::size_t>(index.row())];
    const autograd::SnapshotNode* node =
        item.node >= 0 ? &m_graph.snapshot.nodes[static_cast<std::size_t>(item.node)] : nullptr;
    switch (role) {
        case Qt::DisplayRole:
        case NameRole:
            return item.name;
        case KindRole:
            return static_cast<int>(item.kind);
        case KindNameRole:
            return kindName(item.kind);
        case ScopeRole:
            return item.scope;
        case NodeRole:
            return static_cast<int>(item.node);
        case SequenceRole:
            return node ? QVariant(qulonglong(node->sequenceNr)) : QVariant();
        case BackwardOrderRole:
            return node ? node->backwardOrder : -1;
        case ShapeRole:
            return shapeText(item.value);
        case DataRole:
            return valuesText(item.value);
        case GradRole:
            return valuesText(item.grad);
        case NextFunctionsRole: {
            if (!node) return QVariantList();
            std::size_t count = node->gradsOut.size();
            for (const auto& e : m_graph.snapshot.edges)
                if (e.from == static_cast<std::size_t>(item.node)) count = std::max(count, e.outputIndex + 1);
            QVariantList next(static_cast<qsizetype>(count), QVariantList{-1, 0});
            for (const auto& e : m_graph.snapshot.edges)
                if (e.from == static_cast<std::size_t>(item.node))
                    next[static_cast<qsizetype>(e.outputIndex)] = QVariantList{m_rowOfNode[e.to], int(e.inputNr)};
            return next;
        }
        default:
            return {};
    }
}

QHash<int, QByteArray> ComputationGraphModel::roleNames() const {
    return {{NameRole, "name"}, {KindRole, "kind"},         {KindNameRole, "kindName"},           {ScopeRole, "scope"},
            {NodeRole, "node"}, {SequenceRole, "sequence"}, {BackwardOrderRole, "backwardOrder"}, {ShapeRole, "shape"},
            {DataRole, "data"}, {GradRole, "grad"},         {NextFunctionsRole, "nextFunctions"}};
}

}  // namespace tessera::widgets
