#include "app/training/run_settings.h"

#include <QCoreApplication>

#include "core/graph/node_type_registry.h"
#include "widgets/common/core_messages.h"

namespace tessera::app {

double dataNumber(const io::Json& spec, const char* key, double fallback) {
    const io::Json* v = spec.isObject() ? spec.find(key) : nullptr;
    return v && v->isNumber() ? v->asNumber() : fallback;
}

io::Json withoutSplit(const io::Json& spec) {
    if (!spec.isObject()) return spec;
    io::Json out = io::Json::object();
    for (const auto& [key, value] : spec.asObject())
        if (key != "valFraction" && key != "testFraction") out.set(key, value);
    return out;
}

namespace {

void collectChanges(const io::Json& a, const io::Json& b, const QString& prefix, QStringList& out) {
    if (a.isObject() && b.isObject()) {
        QStringList keys;
        for (const auto& [key, value] : a.asObject()) keys << QString::fromStdString(key);
        for (const auto& [key, value] : b.asObject()) keys << QString::fromStdString(key);
        keys.removeDuplicates();
        keys.sort();
        for (const QString& key : keys) {
            const io::Json* x = a.find(key.toStdString());
            const io::Json* y = b.find(key.toStdString());
            const QString path = prefix.isEmpty() ? key : prefix + QLatin1Char('.') + key;
            if (!x || !y) {
                out << path;
            } else {
                collectChanges(*x, *y, path, out);
            }
        }
        return;
    }
    if (!(a == b)) out << prefix;
}

bool isLoss(const std::string& type) {
    const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type);
    return t && t->role == graph::NodeRole::Loss;
}

}  // namespace

QStringList changedPaths(const io::Json& a, const io::Json& b) {
    QStringList out;
    collectChanges(a, b, {}, out);
    return out;
}

QStringList lossTypes() {
    QStringList types;
    for (const std::string& name : graph::NodeTypeRegistry::instance().names())
        if (isLoss(name)) types << QString::fromStdString(name);
    return types;
}

std::string lossNodeId(const io::Project& project) {
    for (const io::NodeSpec& node : project.nodes)
        if (isLoss(node.type)) return node.id;
    return {};
}

std::string lossNodeType(const io::Project& project) {
    const std::string id = lossNodeId(project);
    return id.empty() ? std::string() : project.findNode(id)->type;
}

io::Json withSplit(io::Json spec, double valFraction, double testFraction) {
    if (!spec.isObject()) spec = io::Json::object();
    spec.set("valFraction", valFraction);
    spec.set("testFraction", testFraction);
    return spec;
}

io::Json keepSplit(io::Json spec, const io::Json& old) {
    for (const char* key : {"valFraction", "testFraction", "seed"})
        if (const io::Json* v = old.isObject() ? old.find(key) : nullptr) spec.set(key, *v);
    return spec;
}

io::Json builtinDataSpec(const io::Json& old, const std::string& name) {
    io::Json spec = io::Json::object();
    spec.set("dataset", name);
    return keepSplit(std::move(spec), old);
}

void replaceLoss(graph::ModelGraph& g, const std::string& id, const std::string& type) {
    const graph::Node old = g.node(id);
    if (old.type == type) return;
    const std::vector<graph::Edge> in = g.inputEdges(id), out = g.outputEdges(id);
    g.removeNode(id);
    g.addNode(type, io::Json::object(), id, old.x, old.y);
    for (const graph::Edge& e : in) g.connect(e.from, e.fromPort, e.to, e.toPort);
    for (const graph::Edge& e : out) g.connect(e.from, e.fromPort, e.to, e.toPort);
}

io::Json withoutInitialWeights(io::Json training) {
    if (!training.isObject() || !training.contains(kInitialWeightsKey)) return training;
    io::Json out = io::Json::object();
    for (const auto& [key, value] : training.asObject())
        if (key != kInitialWeightsKey) out.set(key, value);
    return out;
}

QString clearInitialWeightsText() {
    return QCoreApplication::translate("tessera::app::RunSettings", "Clear Initial Weights");
}

QString explainRunError(const QString& message) {
    const QString error = widgets::coreMessage(message.toStdString());
    if (!message.contains(QStringLiteral("training.initialWeights: "))) return error;
    // First, so that the one line the Training page has for it shows the way out before the details.
    return QCoreApplication::translate("tessera::app::RunSettings",
                                       "The run cannot start from the project's initial weights: press Clear beside "
                                       "“Initial weights” in the run settings (Training page) or on the Project tab "
                                       "to start from weights drawn from the seed. %1")
        .arg(error);
}

}  // namespace tessera::app
