#include "core/onnx/onnx_task.h"

#include "core/graph/analysis.h"
#include "core/graph/node_type_registry.h"
#include "core/tensor/error.h"

namespace tessera::onnx {

namespace {

const graph::Node* withRole(const graph::ModelGraph& g, graph::NodeRole role) {
    const auto& registry = graph::NodeTypeRegistry::instance();
    for (const auto& n : g.nodes()) {
        const graph::NodeType* type = registry.find(n.type);
        if (type && type->role == role) return &n;
    }
    return nullptr;
}

// The edge into the Output node, if there is one.
const graph::Edge* outputEdge(const graph::ModelGraph& g) {
    const graph::Node* output = withRole(g, graph::NodeRole::Output);
    if (!output) return nullptr;
    for (const auto& e : g.edges())
        if (e.to == output->id) return &e;
    return nullptr;
}

// The task a Tessera export wrote into the file, when it still fits the imported graph.
std::optional<TrainingTask> taskFromMetadata(const ImportedModel& model) {
    auto it = model.metadata.find(kTaskMetadataKey);
    if (it == model.metadata.end()) return std::nullopt;
    try {
        const io::Json meta = io::parseJson(it->second, kTaskMetadataKey);
        TrainingTask t;
        t.prediction = meta.at("prediction").asString();
        t.predictionPort = static_cast<int>(meta.at("predictionPort").asInteger());
        t.loss = meta.at("loss").asString();
        t.lossParams = meta.at("lossParams");
        const io::Json& target = meta.at("target");
        if (const io::Json* classes = target.find("classes"); classes && !classes->isNull()) {
            t.kind = TrainingTask::Kind::Classification;
            t.classes = classes->asInteger();
        } else {
            t.kind = TrainingTask::Kind::Regression;
            const io::Json& shape = target.at("shape");
            if (shape.isArray()) {
                for (const auto& d : shape.asArray()) t.shape.push_back(d.asInteger());
            } else {
                t.shape.push_back(shape.asInteger());
            }
        }
        t.fromMetadata = true;
        const auto* lossType = graph::NodeTypeRegistry::instance().find(t.loss);
        if (!model.graph.findNode(t.prediction) || !lossType || lossType->role != graph::NodeRole::Loss)
            return std::nullopt;
        return t;
    } catch (const Error&) {
        // Metadata another program wrote under our key, or an older layout: infer instead.
        return std::nullopt;
    }
}

}  // namespace

std::string outputShapeText(const graph::ModelGraph& graph) {
    const graph::Edge* e = outputEdge(graph);
    if (!e) return {};
    const auto type = graph::analyze(graph).edgeType(*e);
    return type ? graph::toString(type->shape) : std::string();
}

std::vector<TrainingTask> trainingTaskChoices(const ImportedModel& model) {
    std::vector<TrainingTask> out;
    auto add = [&](TrainingTask t) {
        for (const auto& have : out) {
            TrainingTask a = have, b = t;
            a.fromMetadata = b.fromMetadata = false;
            if (a == b) return;
        }
        out.push_back(std::move(t));
    };
    if (auto kept = taskFromMetadata(model)) add(*kept);

    const graph::ModelGraph& g = model.graph;
    if (const graph::Edge* e = outputEdge(g)) {
        const auto type = graph::analyze(g).edgeType(*e);
        std::vector<std::int64_t> sample;
        bool known = type && type->shape.size() >= 2 && type->dtype != DType::Int64;
        if (known) {
            for (std::size_t i = 1; i < type->shape.size(); ++i) {
                known = known && type->shape[i].isKnown();
                sample.push_back(type->shape[i].size);
            }
        }
        if (known) {
            TrainingTask regression;
            regression.kind = TrainingTask::Kind::Regression;
            regression.prediction = e->from;
            regression.predictionPort = e->fromPort;
            regression.loss = "MSELoss";
            regression.shape = sample;
            if (sample.size() == 1 && sample[0] > 1) {
                // Scores of C classes: cross-entropy on the logits. After a Softmax the loss reads the
                // Softmax's input (cross-entropy of probabilities would apply softmax twice); after a
                // LogSoftmax, NLLLoss reads the log-probabilities.
                TrainingTask classification;
                classification.kind = TrainingTask::Kind::Classification;
                classification.prediction = e->from;
                classification.predictionPort = e->fromPort;
                classification.loss = "CrossEntropyLoss";
                classification.classes = sample[0];
                const std::string& last = g.node(e->from).type;
                if (last == "LogSoftmax") {
                    classification.loss = "NLLLoss";
                } else if (last == "Softmax") {
                    for (const auto& in : g.inputEdges(e->from)) {
                        classification.prediction = in.from;
                        classification.predictionPort = in.fromPort;
                    }
                }
                add(classification);
            }
            add(regression);
            regression.loss = "L1Loss";
            add(regression);
        }
    }
    add(TrainingTask{});
    return out;
}

void addTrainingTask(graph::ModelGraph& graph, const TrainingTask& task) {
    if (task.kind == TrainingTask::Kind::None) return;
    if (!graph.findNode(task.prediction))
        throw ValueError("training task: the prediction node '" + task.prediction + "' is not in the graph");
    double x = 0, y = 0;
    if (const graph::Node* output = withRole(graph, graph::NodeRole::Output)) {
        x = output->x;
        y = output->y;
    }
    io::Json target = io::Json::object();
    if (task.kind == TrainingTask::Kind::Classification) {
        target.set("classes", io::Json(task.classes));
    } else {
        io::Json shape = io::Json::array();
        for (auto d : task.shape) shape.asArray().push_back(io::Json(d));
        target.set("shape", shape);
    }
    const std::string targetId = graph.addNode("Target", target, graph.findNode("target") ? "" : "target", x, y + 140);
    const std::string lossId =
        graph.addNode(task.loss, task.lossParams, graph.findNode("loss") ? "" : "loss", x + 190, y + 70);
    graph.connect(task.prediction, task.predictionPort, lossId, 0);
    graph.connect(targetId, 0, lossId, 1);
}

std::string trainingTaskMetadata(const graph::ModelGraph& graph) {
    const graph::Node* loss = withRole(graph, graph::NodeRole::Loss);
    const graph::Node* target = withRole(graph, graph::NodeRole::Target);
    if (!loss || !target) return {};
    const graph::Edge* prediction = nullptr;
    for (const auto& e : graph.edges())
        if (e.to == loss->id && e.toPort == 0) prediction = &e;
    if (!prediction) return {};
    io::Json meta = io::Json::object();
    meta.set("prediction", io::Json(prediction->from));
    meta.set("predictionPort", io::Json(static_cast<std::int64_t>(prediction->fromPort)));
    meta.set("loss", io::Json(loss->type));
    meta.set("lossParams", loss->params);
    meta.set("target", target->params);
    return io::writeJson(meta, 0);
}

}  // namespace tessera::onnx
