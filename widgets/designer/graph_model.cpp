#include "widgets/designer/graph_model.h"

#include <QRegularExpression>
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

#include "core/graph/node_type_registry.h"
#include "core/graph/shape_params.h"
#include "core/tensor/dtype.h"
#include "core/tensor/error.h"
#include "widgets/common/core_messages.h"

namespace tessera::widgets {

namespace {

const graph::NodeType* typeOf(const graph::ModelGraph& g, std::string_view id) {
    const graph::Node* n = g.findNode(id);
    return n ? graph::NodeTypeRegistry::instance().find(n->type) : nullptr;
}

int connectedInputs(const graph::ModelGraph& g, std::string_view id) {
    int highest = 0;
    for (const graph::Edge& e : g.inputEdges(id)) highest = std::max(highest, e.toPort + 1);
    return highest;
}

// Short names for the parameters people read most on a node.
QString shortParamName(const std::string& name) {
    static const std::map<std::string, QString> names = {
        {"in_features", "in"},      {"out_features", "out"},       {"in_channels", "in"},
        {"out_channels", "out"},    {"kernel_size", "k"},          {"stride", "s"},
        {"padding", "p"},           {"num_features", "C"},         {"hidden_size", "h"},
        {"input_size", "in"},       {"num_layers", "L"},           {"embed_dim", "d"},
        {"num_heads", "heads"},     {"normalized_shape", "shape"}, {"d_model", "d"},
        {"nhead", "heads"},         {"dim_feedforward", "ff"},     {"output_size", "out"},
        {"negative_slope", "slope"}};
    const auto it = names.find(name);
    return it == names.end() ? QString::fromStdString(name) : it->second;
}

QString shortValue(const io::Json& v) {
    if (v.isArray()) {
        QStringList parts;
        for (const io::Json& e : v.asArray()) parts << shortValue(e);
        return "(" + parts.join(",") + ")";
    }
    if (v.isObject()) return QStringLiteral("{…}");
    return QString::fromStdString(io::writeJson(v, 0)).trimmed().remove('"');
}

bool reaches(const graph::ModelGraph& g, const std::string& from, const std::string& target) {
    std::set<std::string> seen;
    std::vector<std::string> stack{from};
    while (!stack.empty()) {
        const std::string id = stack.back();
        stack.pop_back();
        if (id == target) return true;
        if (!seen.insert(id).second) continue;
        for (const graph::Edge& e : g.outputEdges(id)) stack.push_back(e.to);
    }
    return false;
}

}  // namespace

QString shortCount(qint64 n) {
    if (n < 1000) return QString::number(n);
    if (n < 1000000) return QString::number(static_cast<double>(n) / 1e3, 'f', n < 10000 ? 1 : 0) + "k";
    if (n < 1000000000) return QString::number(static_cast<double>(n) / 1e6, 'f', n < 10000000 ? 1 : 0) + "M";
    return QString::number(static_cast<double>(n) / 1e9, 'f', 1) + "G";
}

GraphModel::GraphModel(QObject* parent) : QObject(parent) {
    qRegisterMetaType<graph::Edge>();
    m_report = graph::analyze(m_graph);
}

void GraphModel::setGraph(graph::ModelGraph next) {
    const graph::ModelGraph old = std::exchange(m_graph, std::move(next));
    m_report = graph::analyze(m_graph);
    for (const graph::Edge& e : old.edges()) {
        if (std::find(m_graph.edges().begin(), m_graph.edges().end(), e) == m_graph.edges().end()) emit edgeRemoved(e);
    }
    for (const graph::Node& n : old.nodes()) {
        if (!m_graph.findNode(n.id)) emit nodeRemoved(QString::fromStdString(n.id));
    }
    for (const graph::Node& n : m_graph.nodes()) {
        const graph::Node* before = old.findNode(n.id);
        const QString id = QString::fromStdString(n.id);
        if (!before) {
            emit nodeAdded(id);
            continue;
        }
        if (before->type != n.type || before->params != n.params) emit nodeChanged(id);
        if (before->x != n.x || before->y != n.y) emit nodeMoved(id);
    }
    for (const graph::Edge& e : m_graph.edges()) {
        if (std::find(old.edges().begin(), old.edges().end(), e) == old.edges().end()) emit edgeAdded(e);
    }
    emit analysisChanged();
}

bool GraphModel::edit(const QString& text, const GraphEdit& change, const QString& mergeKey) {
    m_lastError.clear();
    graph::ModelGraph copy = m_graph;
    try {
        change(copy);
    } catch (const Error& e) {
        m_lastError = QString::fromUtf8(e.what());
        return false;
    }
    if (copy == m_graph) return false;
    if (m_handler) {
        m_handler(text, change, mergeKey);
    } else {
        setGraph(std::move(copy));
    }
    return true;
}

QString GraphModel::addNode(const QString& type, io::Json params, QPointF pos) {
    const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type.toStdString());
    if (!t) {
        m_lastError = tr("unknown node type '%1'").arg(type);
        return {};
    }
    // The id is chosen here so that redoing the step recreates the same node.
    const std::string id = m_graph.uniqueId(t->name);
    const bool ok =
        edit(tr("Add %1").arg(type), [=](graph::ModelGraph& g) { g.addNode(t->name, params, id, pos.x(), pos.y()); });
    return ok ? QString::fromStdString(id) : QString();
}

QString GraphModel::addNodeAfter(const QString& type, QPointF pos, const QString& from) {
    const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type.toStdString());
    const graph::NodeReport* source = m_report.node(from.toStdString());
    if (!t || !hasNode(from) || t->inputs.empty() || nodeData(from, OutputCountRole).toInt() < 1)
        return addNode(type, io::Json::object(), pos);
    const std::string id = m_graph.uniqueId(t->name);
    io::Json params = io::Json::object();
    if (source && !source->outputs.empty()) params = graph::shapeDeterminedParams(t->name, source->outputs.front());
    const bool ok = edit(tr("Add %1 after %2").arg(type, from) + fillText(params), [=](graph::ModelGraph& g) {
        g.addNode(t->name, params, id, pos.x(), pos.y());
        g.connect(from.toStdString(), 0, id, 0);
    });
    return ok ? QString::fromStdString(id) : QString();
}

bool GraphModel::removeNodes(const QStringList& ids) {
    if (ids.isEmpty()) return false;
    const QString text = ids.size() == 1 ? tr("Delete %1").arg(ids.first()) : tr("Delete %n Nodes", "", ids.size());
    return edit(text, [ids](graph::ModelGraph& g) {
        for (const QString& id : ids) {
            if (g.findNode(id.toStdString())) g.removeNode(id.toStdString());
        }
    });
}

QString GraphModel::connectionProblem(const QString& from, int fromPort, const QString& to, int toPort) const {
    const std::string f = from.toStdString(), t = to.toStdString();
    if (!m_graph.findNode(f) || !m_graph.findNode(t)) return tr("both ends must be nodes of the graph");
    if (f == t) return tr("a node cannot feed itself");
    const graph::NodeType* ft = typeOf(m_graph, f);
    const graph::NodeType* tt = typeOf(m_graph, t);
    if (!ft || !tt) return tr("a node of an unknown type cannot be connected");
    if (fromPort < 0 || fromPort >= static_cast<int>(ft->outputs.size()))
        return tr("%1 (%2) has no output %3").arg(from, QString::fromStdString(ft->name)).arg(fromPort);
    const int inputs = tt->variadic ? tt->inputCount(connectedInputs(m_graph, t) + 1) : tt->inputCount();
    if (toPort < 0 || toPort >= inputs)
        return tr("%1 (%2) has no input %3").arg(to, QString::fromStdString(tt->name)).arg(toPort);
    if (reaches(m_graph, t, f)) return tr("connecting %1 to %2 would make a cycle").arg(from, to);
    return {};
}

bool GraphModel::connectPorts(const QString& from, int fromPort, const QString& to, int toPort) {
    if (const QString problem = connectionProblem(from, fromPort, to, toPort); !problem.isEmpty()) {
        m_lastError = problem;
        return false;
    }
    const io::Json fill = filledParams(from, fromPort, to, toPort);
    return edit(tr("Connect %1 → %2").arg(from, to) + fillText(fill), [=](graph::ModelGraph& g) {
        g.connect(from.toStdString(), fromPort, to.toStdString(), toPort);
        for (const auto& [name, value] : fill.asObject()) g.setParam(to.toStdString(), name, value);
    });
}

io::Json GraphModel::filledParams(const QString& from, int fromPort, const QString& to, int toPort) const {
    io::Json out = io::Json::object();
    // Port 0 carries the data; other inputs (a loss's target, attention's key) decide nothing here.
    const graph::NodeReport* source = m_report.node(from.toStdString());
    const graph::Node* target = m_graph.findNode(to.toStdString());
    if (toPort != 0 || !source || !target || fromPort < 0 || fromPort >= static_cast<int>(source->outputs.size()))
        return out;
    const io::Json fill =
        graph::shapeDeterminedParams(target->type, source->outputs[static_cast<std::size_t>(fromPort)]);
    for (const auto& [name, value] : fill.asObject()) {
        const io::Json* current = target->params.isObject() ? target->params.find(name) : nullptr;
        if (!current || *current != value) out.set(name, value);
    }
    return out;
}

QString GraphModel::fillText(const io::Json& fill) {
    QStringList parts;
    for (const auto& [name, value] : fill.asObject())
        parts << QStringLiteral("%1 = %2").arg(QString::fromStdString(name),
                                               QString::fromStdString(io::writeJson(value, 0)).trimmed());
    return parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
}

bool GraphModel::disconnectPort(const QString& to, int toPort) {
    return edit(tr("Disconnect %1").arg(to), [=](graph::ModelGraph& g) { g.disconnect(to.toStdString(), toPort); });
}

bool GraphModel::moveEdgeEnd(const graph::Edge& edge, const QString& to, int toPort) {
    m_lastError.clear();
    if (to.isEmpty()) return disconnectPort(QString::fromStdString(edge.to), edge.toPort);
    const QString from = QString::fromStdString(edge.from);
    if (to.toStdString() == edge.to && toPort == edge.toPort) return false;
    if (const QString problem = connectionProblem(from, edge.fromPort, to, toPort); !problem.isEmpty()) {
        m_lastError = problem;
        return false;
    }
    const io::Json fill = filledParams(from, edge.fromPort, to, toPort);
    return edit(tr("Reconnect %1 → %2").arg(from, to) + fillText(fill), [=](graph::ModelGraph& g) {
        g.disconnect(edge.to, edge.toPort);
        g.connect(edge.from, edge.fromPort, to.toStdString(), toPort);
        for (const auto& [name, value] : fill.asObject()) g.setParam(to.toStdString(), name, value);
    });
}

bool GraphModel::moveNodes(const QStringList& ids, const QList<QPointF>& positions) {
    if (ids.size() != positions.size() || ids.isEmpty()) return false;
    const QString text = ids.size() == 1 ? tr("Move %1").arg(ids.first()) : tr("Move %n Nodes", "", ids.size());
    return edit(text, [=](graph::ModelGraph& g) {
        for (qsizetype i = 0; i < ids.size(); ++i)
            g.setPosition(ids[i].toStdString(), positions[i].x(), positions[i].y());
    });
}

bool GraphModel::setParam(const QString& id, const QString& name, io::Json value) {
    return edit(
        tr("Set %1.%2").arg(id, name),
        [=](graph::ModelGraph& g) { g.setParam(id.toStdString(), name.toStdString(), value); },
        QStringLiteral("param:%1.%2").arg(id, name));
}

bool GraphModel::unsetParam(const QString& id, const QString& name) {
    return edit(
        tr("Set %1.%2").arg(id, name),
        [=](graph::ModelGraph& g) {
            io::Json params = g.node(id.toStdString()).params;
            auto& members = params.asObject();
            members.erase(std::remove_if(members.begin(), members.end(),
                                         [&](const io::Json::Member& m) { return m.first == name.toStdString(); }),
                          members.end());
            g.setParams(id.toStdString(), std::move(params));
        },
        QStringLiteral("param:%1.%2").arg(id, name));
}

QString GraphModel::renameProblem(const QString& id, const QString& newId) const {
    if (newId.isEmpty()) return tr("a node's name cannot be empty");
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!identifier.match(newId).hasMatch())
        return tr("'%1' is not a valid name: use letters, digits and _, starting with a letter or _").arg(newId);
    if (newId != id && hasNode(newId)) return tr("a node named '%1' already exists").arg(newId);
    if (!hasNode(id)) return tr("no node '%1' in the graph").arg(id);
    return {};
}

bool GraphModel::renameNode(const QString& id, const QString& newId) {
    m_lastError.clear();
    if (const QString problem = renameProblem(id, newId); !problem.isEmpty()) {
        m_lastError = problem;
        return false;
    }
    return edit(tr("Rename %1 to %2").arg(id, newId),
                [=](graph::ModelGraph& g) { g.renameNode(id.toStdString(), newId.toStdString()); });
}

QStringList GraphModel::pasteNodes(const std::vector<graph::Node>& nodes, const std::vector<graph::Edge>& edges,
                                   QPointF offset) {
    if (nodes.empty()) return {};
    // Fresh ids are picked against the graph as it grows, so copies of copies stay unique.
    graph::ModelGraph probe = m_graph;
    std::map<std::string, std::string> rename;
    QStringList added;
    for (const graph::Node& n : nodes) {
        std::string base = n.id;
        while (!base.empty() && std::isdigit(static_cast<unsigned char>(base.back()))) base.pop_back();
        const std::string id = probe.uniqueId(base.empty() ? n.type : base);
        probe.addNode(n.type, n.params, id);
        rename[n.id] = id;
        added << QString::fromStdString(id);
    }
    const bool ok = edit(tr("Paste %n Nodes", "", static_cast<int>(nodes.size())), [=](graph::ModelGraph& g) {
        for (const graph::Node& n : nodes)
            g.addNode(n.type, n.params, rename.at(n.id), n.x + offset.x(), n.y + offset.y());
        for (const graph::Edge& e : edges) {
            if (rename.count(e.from) && rename.count(e.to))
                g.connect(rename.at(e.from), e.fromPort, rename.at(e.to), e.toPort);
        }
    });
    return ok ? added : QStringList();
}

QStringList GraphModel::nodeIds() const {
    QStringList ids;
    for (const graph::Node& n : m_graph.nodes()) ids << QString::fromStdString(n.id);
    return ids;
}

bool GraphModel::hasNode(const QString& id) const { return m_graph.findNode(id.toStdString()) != nullptr; }

QVariant GraphModel::nodeData(const QString& id, Role role) const {
    const std::string key = id.toStdString();
    const graph::Node* n = m_graph.findNode(key);
    if (!n) return {};
    const graph::NodeType* type = graph::NodeTypeRegistry::instance().find(n->type);
    const graph::NodeReport* r = m_report.node(key);
    switch (role) {
        case TypeRole:
            return QString::fromStdString(n->type);
        case CaptionRole:
            return id;
        case CategoryRole:
            return type ? QString::fromStdString(type->category) : QString();
        case PositionRole:
            return QPointF(n->x, n->y);
        case InputCountRole: {
            if (!type) return 0;
            const int connected = connectedInputs(m_graph, key);
            return type->variadic ? type->inputCount(connected + 1) : type->inputCount(connected);
        }
        case OutputCountRole:
            return type ? static_cast<int>(type->outputs.size()) : 0;
        case InputNamesRole: {
            QStringList names;
            const int count = nodeData(id, InputCountRole).toInt();
            for (int i = 0; i < count; ++i) names << QString::fromStdString(type->inputName(i));
            return names;
        }
        case KeyParamsRole: {
            QStringList parts;
            if (n->params.isObject()) {
                for (const auto& [name, value] : n->params.asObject())
                    parts << shortParamName(name) + "=" + shortValue(value);
            }
            return parts.join(QStringLiteral(" "));
        }
        case ParametersRole:
            return static_cast<qint64>(r ? r->parameters : 0);
        case MacsRole:
            return static_cast<qint64>(r ? r->macs : 0);
        case ValidRole:
            return r && r->ok;
        case HasErrorRole: {
            const std::vector<graph::Problem> problems = m_report.problemsOf(key);
            return std::any_of(problems.begin(), problems.end(),
                               [](const graph::Problem& p) { return p.severity == graph::Severity::Error; });
        }
        case ShapeErrorRole: {
            QStringList lines;
            for (const graph::Problem& p : m_report.problemsOf(key)) {
                QString line = coreMessage(p.message);
                if (!p.param.empty()) line = QStringLiteral("%1: %2").arg(QString::fromStdString(p.param), line);
                if (p.port >= 0) line = tr("input %1: %2").arg(p.port).arg(line);
                if (p.severity == graph::Severity::Warning) line = tr("warning: %1").arg(line);
                lines << line;
            }
            return lines.join('\n');
        }
        case OutputShapesRole: {
            QStringList shapes;
            if (r) {
                for (const graph::TensorType& t : r->outputs)
                    shapes << QString::fromStdString(graph::toString(t.shape));
            }
            return shapes;
        }
    }
    return {};
}

QString GraphModel::edgeLabel(const graph::Edge& edge) const {
    const std::optional<graph::TensorType> t = m_report.edgeType(edge);
    if (!t) return QStringLiteral("?");
    QString text = QString::fromStdString(graph::toString(t->shape));
    if (t->dtype != DType::Float32) text += " " + QString::fromStdString(std::string(dtypeName(t->dtype)));
    return text;
}

}  // namespace tessera::widgets
