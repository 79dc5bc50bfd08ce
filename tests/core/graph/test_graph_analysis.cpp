// Shape inference and validation of model graphs: every node type's output shape and parameter count
// (checked against the built layer), and the messages a person sees for each kind of mistake.
#include <QtTest>

#include <set>

#include "core/graph/analysis.h"
#include "core/graph/graph_module.h"
#include "core/graph/node_type_registry.h"
#include "core/io/project.h"
#include "core/tensor/factory.h"

using namespace tessera;
using namespace tessera::graph;

namespace {

io::Json json(const char* text) { return io::parseJson(text, "test"); }

// Input (sample shape) → node "n" → Output.
ModelGraph single(const std::string& inputShape, const std::string& type, const char* params) {
    ModelGraph g;
    g.addNode("Input", json(("{\"shape\": " + inputShape + "}").c_str()), "x");
    g.addNode(type, json(params), "n");
    g.addNode("Output", io::Json::object(), "out");
    g.connect("x", 0, "n", 0);
    g.connect("n", 0, "out", 0);
    return g;
}

// The errors attached to node `id`, formatted.
QStringList errorsOf(const GraphReport& r, const std::string& id) {
    QStringList out;
    for (const auto& p : r.problemsOf(id)) {
        if (p.severity == Severity::Error) out << QString::fromStdString(p.message);
    }
    return out;
}

QString outputOf(const GraphReport& r, const std::string& id) {
    const NodeReport* n = r.node(id);
    if (!n || n->outputs.empty()) return "(none)";
    return QString::fromStdString(toString(n->outputs[0].shape));
}

struct Case {
    const char* type;
    const char* params;
    const char* input;   // sample shape
    const char* output;  // inferred output shape
    std::int64_t parameters;
    std::int64_t macs;
};

// One row per node type with one input; parameter counts and output shapes from torch 1.13.
const Case kCases[] = {
    {"Linear", R"({"in_features": 8, "out_features": 5})", "[7, 8]", "[N, 7, 5]", 45, 7 * 40},
    {"Conv1d", R"({"in_channels": 4, "out_channels": 6, "kernel_size": 3, "stride": 2, "padding": 1})", "[4, 10]",
     "[N, 6, 5]", 78, 6 * 5 * 12},
    {"Conv2d", R"({"in_channels": 3, "out_channels": 8, "kernel_size": [3, 5], "stride": [1, 2], "padding": [1, 2]})",
     "[3, 9, 11]", "[N, 8, 9, 6]", 368, 8 * 54 * 45},
    {"Conv2d", R"({"in_channels": 4, "out_channels": 8, "kernel_size": 3, "groups": 2, "padding": "same"})",
     "[4, 9, 9]", "[N, 8, 9, 9]", 152, 8 * 81 * 18},
    {"MaxPool1d", R"({"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": true})", "[4, 10]", "[N, 4, 6]", 0, 0},
    {"MaxPool2d", R"({"kernel_size": 2})", "[8, 7, 7]", "[N, 8, 3, 3]", 0, 0},
    {"MaxPool2d", R"({"kernel_size": 3, "stride": 2, "ceil_mode": true})", "[8, 8, 8]", "[N, 8, 4, 4]", 0, 0},
    {"AvgPool1d", R"({"kernel_size": 2})", "[4, 9]", "[N, 4, 4]", 0, 0},
    {"AvgPool2d", R"({"kernel_size": 3, "stride": 2, "padding": 1})", "[4, 8, 8]", "[N, 4, 4, 4]", 0, 0},
    {"AdaptiveAvgPool1d", R"({"output_size": 3})", "[4, 8]", "[N, 4, 3]", 0, 0},
    {"AdaptiveAvgPool2d", R"({"output_size": [2, 3]})", "[4, 8, 6]", "[N, 4, 2, 3]", 0, 0},
    {"BatchNorm1d", R"({"num_features": 5})", "[5]", "[N, 5]", 10, 0},
    {"BatchNorm2d", R"({"num_features": 3})", "[3, 4, 4]", "[N, 3, 4, 4]", 6, 0},
    {"LayerNorm", R"({"normalized_shape": [4]})", "[3, 4]", "[N, 3, 4]", 8, 0},
    {"Dropout", R"({"p": 0.5})", "[6]", "[N, 6]", 0, 0},
    {"Embedding", R"({"num_embeddings": 10, "embedding_dim": 3})", "[5]", "[N, 5, 3]", 30, 0},
    {"Flatten", R"({})", "[2, 3, 4]", "[N, 24]", 0, 0},
    {"Flatten", R"({"start_dim": 2})", "[2, 3, 4]", "[N, 2, 12]", 0, 0},
    {"ReLU", R"({})", "[6]", "[N, 6]", 0, 0},
    {"LeakyReLU", R"({"negative_slope": 0.2})", "[6]", "[N, 6]", 0, 0},
    {"ELU", R"({})", "[6]", "[N, 6]", 0, 0},
    {"GELU", R"({"approximate": "tanh"})", "[6]", "[N, 6]", 0, 0},
    {"SiLU", R"({})", "[6]", "[N, 6]", 0, 0},
    {"Sigmoid", R"({})", "[6]", "[N, 6]", 0, 0},
    {"Tanh", R"({})", "[6]", "[N, 6]", 0, 0},
    {"Softmax", R"({"dim": 1})", "[6]", "[N, 6]", 0, 0},
    {"LogSoftmax", R"({"dim": -1})", "[6]", "[N, 6]", 0, 0},
    {"MultiheadAttention", R"({"embed_dim": 8, "num_heads": 2, "batch_first": true})", "[7, 8]", "[N, 7, 8]", 288,
     4 * 7 * 64 + 2 * 49 * 8},
    {"TransformerEncoderLayer", R"({"d_model": 8, "nhead": 2, "dim_feedforward": 16, "batch_first": true})", "[7, 8]",
     "[N, 7, 8]", 600, 4 * 7 * 64 + 2 * 49 * 8 + 2 * 7 * 8 * 16},
    {"LSTM", R"({"input_size": 3, "hidden_size": 5, "num_layers": 2, "batch_first": true, "bidirectional": true})",
     "[7, 3]", "[N, 7, 10]", 1080, 7 * (2 * 20 * 8 + 2 * 20 * 15)},
    {"GRU", R"({"input_size": 3, "hidden_size": 5, "batch_first": true})", "[7, 3]", "[N, 7, 5]", 150, 7 * 15 * 8},
    {"Normalize", R"({})", "[4]", "[N, 4]", 0, 0},
    {"SelectLast", R"({})", "[7, 5]", "[N, 5]", 0, 0},
    {"Reshape", R"({"shape": [2, -1]})", "[12]", "[N, 2, 6]", 0, 0},
    {"PositionalEncoding", R"({"d_model": 8, "max_len": 16})", "[7, 8]", "[N, 7, 8]", 0, 0},
};

}  // namespace

class TestGraphAnalysis : public QObject {
    Q_OBJECT

private slots:
    void registryHasEveryLayerAndOwnType() {
        auto& reg = NodeTypeRegistry::instance();
        for (const auto& name : nn::registeredLayers()) {
            if (nn::layerInfo(name).category == "Container") continue;
            const NodeType* t = reg.find(name);
            QVERIFY2(t, name.c_str());
            QCOMPARE(t->source, std::string("nn"));
            QCOMPARE(t->params.size(), nn::layerInfo(name).params.size());
        }
        for (const char* name : {"Input", "Target", "Output", "Normalize", "Add", "Mul", "Concat", "SelectLast",
                                 "Reshape", "PositionalEncoding", "CrossEntropyLoss", "NLLLoss", "MSELoss", "L1Loss",
                                 "SmoothL1Loss", "HuberLoss", "BCEWithLogitsLoss", "BCELoss"}) {
            QVERIFY2(reg.find(name), name);
        }
        QVERIFY(reg.categories().size() >= 8);
        try {
            reg.get("Linaer");
            QFAIL("no exception");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("unknown node type 'Linaer' (did you mean Linear?)"));
        }
    }

    void extensionSlots() {
        auto& reg = NodeTypeRegistry::instance();
        QVERIFY(!reg.extension("Linear", "test-slot"));
        reg.setExtension("Linear", "test-slot", std::any(42));
        QCOMPARE(std::any_cast<int>(*reg.extension("Linear", "test-slot")), 42);
        QVERIFY_THROWS_EXCEPTION(ValueError, reg.setExtension("Nope", "test-slot", std::any(1)));
    }

    // Every single-input node type: inferred shape, parameter count and MACs; then the built model run on
    // a batch of 3 gives exactly the inferred shape and the same parameter count.
    void everySingleInputTypeInfersWhatItComputes() {
        std::set<std::string> covered;
        for (const Case& c : kCases) {
            const std::string label = std::string(c.type) + " " + c.params;
            covered.insert(c.type);
            // The 1-d pooling variants are optional in the nn registry; everything else must be there.
            const bool optional = std::string(c.type).find("1d") != std::string::npos &&
                                  std::string(c.type) != "Conv1d" && std::string(c.type) != "BatchNorm1d";
            if (optional && !NodeTypeRegistry::instance().find(c.type)) continue;
            const ModelGraph g = single(c.input, c.type, c.params);
            const GraphReport r = analyze(g);
            QVERIFY2(errorsOf(r, "n").isEmpty(),
                     qPrintable(QString::fromStdString(label) + ": " + errorsOf(r, "n").join("; ")));
            QVERIFY2(!r.hasErrors(), label.c_str());
            QCOMPARE(outputOf(r, "n"), QString(c.output));
            QCOMPARE(r.node("n")->parameters, c.parameters);
            QCOMPARE(r.node("n")->macs, c.macs);
            QCOMPARE(r.totalParameters, c.parameters);

            Generator gen(3);
            auto model = GraphModule::build(g, gen);
            QCOMPARE(model->parameterCount(), c.parameters);
            model->eval();
            Shape in{3};
            const io::Json sample = json(c.input);
            for (const auto& d : sample.asArray()) in.push_back(d.asInteger());
            const Tensor y = (*model)(rand(in, DType::Float32, &gen));
            Shape expected{3};
            for (std::size_t d = 1; d < r.node("n")->outputs[0].shape.size(); ++d) {
                expected.push_back(r.node("n")->outputs[0].shape[d].size);
            }
            QCOMPARE(QString::fromStdString(shapeToString(y.sizes())), QString::fromStdString(shapeToString(expected)));
        }
        // Every registered single-input type has a row above.
        for (const auto& name : NodeTypeRegistry::instance().names()) {
            const NodeType& t = NodeTypeRegistry::instance().get(name);
            if (t.role != NodeRole::Layer || t.variadic) continue;
            QVERIFY2(covered.count(name), ("no shape case for node type " + name).c_str());
        }
    }

    void linearNeedsFlatten() {
        ModelGraph g =
            single("[1, 28, 28]", "Conv2d", R"({"in_channels": 1, "out_channels": 8, "kernel_size": 3, "padding": 1})");
        g.addNode("MaxPool2d", json(R"({"kernel_size": 2})"), "pool");
        g.addNode("Linear", json(R"({"in_features": 1568, "out_features": 10})"), "fc");
        g.connect("n", 0, "pool", 0);
        g.connect("pool", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        const GraphReport r = analyze(g);
        QCOMPARE(outputOf(r, "pool"), QString("[N, 8, 14, 14]"));
        QCOMPARE(errorsOf(r, "fc"),
                 QStringList{"Linear expects 1568 input features, gets [N, 8, 14, 14] — add Flatten"});
        const Problem p = r.problemsOf("fc").at(0);
        QCOMPARE(p.port, 0);
        QCOMPARE(QString::fromStdString(formatProblem(p, &g)),
                 QString("fc (Linear), input 0, parameter 'in_features': Linear expects 1568 input features, gets "
                         "[N, 8, 14, 14] — add Flatten"));
        // Downstream of a failed node nothing more is reported.
        QVERIFY(errorsOf(r, "out").isEmpty());
        g.addNode("Flatten", io::Json::object(), "flat");
        g.connect("pool", 0, "flat", 0);
        g.connect("flat", 0, "fc", 0);
        const GraphReport fixed = analyze(g);
        QVERIFY(!fixed.hasErrors());
        QCOMPARE(outputOf(fixed, "fc"), QString("[N, 10]"));
        QCOMPARE(fixed.totalParameters, 80 + 15690);
        QCOMPARE(fixed.totalMacs, 8 * 784 * 9 + 15680);
        QCOMPARE(QString::fromStdString(toString(fixed.edgeType(g.inputEdges("fc").at(0))->shape)),
                 QString("[N, 1568]"));
    }

    // Note [Model size limits]: a model too large to allocate is an error on its node, before any build.
    void modelsTooLargeToAllocateAreErrors() {
        const GraphReport wide = analyze(single("[2]", "Linear", R"({"in_features": 2, "out_features": 1000000000})"));
        QCOMPARE(
            errorsOf(wide, "n"),
            (QStringList{"has 3000000000 parameters, more than the 268435456 (1 GiB of float32) a model may hold",
                         "output 0 [N, 1000000000] holds more than 268435456 values (1 GiB of float32) per sample"}));
        const GraphReport input = analyze(single("[65536, 65536, 65536]", "ReLU", "{}"));
        QCOMPARE(errorsOf(input, "x"),
                 QStringList{"output 0 [N, 65536, 65536, 65536] holds more than 268435456 values (1 GiB of float32) "
                             "per sample"});
        QVERIFY(!analyze(single("[2]", "Linear", R"({"in_features": 2, "out_features": 65536})")).hasErrors());
    }

    void layerMessages() {
        auto error = [](const std::string& input, const std::string& type, const char* params) {
            const QStringList e = errorsOf(analyze(single(input, type, params)), "n");
            return e.isEmpty() ? QString("(none)") : e.join(" | ");
        };
        QCOMPARE(error("[4]", "Linear", R"({"in_features": 3, "out_features": 2})"),
                 QString("Linear expects 3 input features, gets [N, 4] — set in_features to 4"));
        QCOMPARE(error("[1, 8, 8]", "Conv2d", R"({"in_channels": 3, "out_channels": 4, "kernel_size": 3})"),
                 QString("Conv2d expects 3 input channels (dim 1), gets [N, 1, 8, 8] — set in_channels to 1 or change "
                         "the layer before it"));
        QCOMPARE(error("[64]", "Conv2d", R"({"in_channels": 1, "out_channels": 4, "kernel_size": 3})"),
                 QString("Conv2d expects a 4-d input [N, C, H, W], gets [N, 64]"));
        QCOMPARE(error("[1, 4, 4]", "Conv2d", R"({"in_channels": 1, "out_channels": 4, "kernel_size": 5})"),
                 QString("Conv2d: the padded input (4 x 4) is smaller than the kernel (5 x 5) — reduce kernel_size or "
                         "add padding"));
        QCOMPARE(error("[1, 8, 8]", "Conv2d",
                       R"({"in_channels": 1, "out_channels": 4, "kernel_size": 3, "stride": 2, "padding": "same"})"),
                 QString("Conv2d: padding='same' is not supported for strided convolutions"));
        QCOMPARE(error("[2, 1, 1]", "MaxPool2d", R"({"kernel_size": 2})"),
                 QString("MaxPool2d: the input [N, 2, 1, 1] is too small for the kernel 2 x 2 — reduce kernel_size or "
                         "remove a pooling layer before it"));
        QCOMPARE(error("[2, 6, 6]", "MaxPool2d", R"({"kernel_size": [2, 2, 2]})"),
                 QString("MaxPool2d: parameter 'kernel_size' must be an integer ≥ 1 or a list of 2 such integers, got "
                         "[2, 2, 2]"));
        QCOMPARE(error("[8]", "BatchNorm1d", R"({"num_features": 16})"),
                 QString("BatchNorm1d expects 16 features (dim 1), gets [N, 8] — set num_features to 8 or change the "
                         "layer before it"));
        QCOMPARE(error("[3, 5]", "LayerNorm", R"({"normalized_shape": [4]})"),
                 QString("LayerNorm normalizes the last dims [4], gets [N, 3, 5]"));
        QCOMPARE(error("[6]", "Softmax", R"({"dim": 2})"),
                 QString("Softmax: dim 2 is out of range for a 2-d input [N, 6] (allowed -2 … 1)"));
        QCOMPARE(error("[32, 1]", "LSTM", R"({"input_size": 1, "hidden_size": 8})"),
                 QString("LSTM reads [N, 32, 1] as (sequence, batch, features) because batch_first is false, so the "
                         "batch N would be taken for time — set batch_first to true"));
        QCOMPARE(error("[7, 6]", "MultiheadAttention", R"({"embed_dim": 6, "num_heads": 4, "batch_first": true})"),
                 QString("MultiheadAttention: embed_dim must be divisible by num_heads"));
        QCOMPARE(error("[7, 5]", "SelectLast", R"({"dim": 0})"),
                 QString("SelectLast: dim 0 is the batch dimension N; pick the time dimension (1 for [N, L, H])"));
        QCOMPARE(error("[12]", "Reshape", R"({"shape": [5]})"),
                 QString("Reshape: a sample of [N, 12] has 12 values; shape [5] cannot hold them"));
        QCOMPARE(error("[70, 8]", "PositionalEncoding", R"({"d_model": 8, "max_len": 64})"),
                 QString("PositionalEncoding: sequences of 70 steps are longer than max_len 64"));
        // A Softmax without dim works as in torch but says what it picked.
        const GraphReport r = analyze(single("[6]", "Softmax", "{}"));
        QVERIFY(!r.hasErrors());
        QCOMPARE(QString::fromStdString(r.problemsOf("n").at(0).message),
                 QString("Softmax without dim: torch picks dim 1 for a 2-d input (deprecated); set dim"));
    }

    void parameterMessages() {
        const GraphReport r = analyze(single("[4]", "Linear", R"({"in": 4, "out_features": 2})"));
        QCOMPARE(errorsOf(r, "n").at(0), QString("Linear has no parameter 'in' (did you mean in_features?)"));
        QVERIFY(errorsOf(r, "n").at(1).startsWith("Linear: parameter 'in_features' is required (an integer"));
        const GraphReport pe = analyze(single("[7, 8]", "PositionalEncoding", R"({"max_len": -3})"));
        QCOMPARE(errorsOf(pe, "n"),
                 (QStringList{"PositionalEncoding: parameter 'd_model' is required (an integer ≥ 1)",
                              "PositionalEncoding: parameter 'max_len' must be an integer ≥ 1, got -3"}));
        QCOMPARE(QString::fromStdString(pe.problemsOf("n").at(1).param), QString("max_len"));
        QCOMPARE(errorsOf(analyze(single("[7, 8]", "Reshape", R"({"shape": "wide"})")), "n"),
                 QStringList{"Reshape: parameter 'shape' must be an integer ≥ -1 or a list of such integers, got "
                             "\"wide\""});
        QCOMPARE(errorsOf(analyze(single("[4]", "ReLU", R"({"slope": 1})")), "n"),
                 QStringList{"ReLU has no parameter 'slope'; it takes none"});
        QCOMPARE(errorsOf(analyze(single("[4]", "Normalize", R"({"eps": 1})")), "n"),
                 QStringList{"Normalize has no parameter 'eps'; it takes none"});
        QCOMPARE(errorsOf(analyze(single("[4]", "GELU", R"({"approximate": "fast"})")), "n"),
                 QStringList{"GELU: parameter 'approximate' must be one of 'none', 'tanh', got \"fast\""});
        QCOMPARE(errorsOf(analyze(single("[4]", "Linaer", "{}")), "n"),
                 QStringList{"unknown node type 'Linaer' (did you mean Linear?)"});
    }

    void structureMessages() {
        ModelGraph g = single("[4]", "Linear", R"({"in_features": 4, "out_features": 2})");
        g.addNode("ReLU", io::Json::object(), "a");
        g.addNode("ReLU", io::Json::object(), "b");
        g.connect("a", 0, "b", 0);
        g.connect("b", 0, "a", 0);
        g.addNode("Add", io::Json::object(), "add");
        g.connect("n", 0, "add", 0);
        g.addNode("Target", io::Json::object(), "t");
        g.addNode("Dropout", io::Json::object(), "d.1");
        const GraphReport r = analyze(g);
        QCOMPARE(errorsOf(r, "a"), QStringList{"is on a cycle (a → b → a); a model graph may not loop back"});
        QCOMPARE(errorsOf(r, "b"), QStringList{"is on a cycle (b → a → b); a model graph may not loop back"});
        QCOMPARE(errorsOf(r, "add"), QStringList{"input 1 is not connected"});
        QCOMPARE(errorsOf(r, "t"),
                 QStringList{"Target: set classes (for class labels) or shape (for regression values)"});
        QVERIFY(errorsOf(r, "d.1").contains(
            "node id 'd.1' may not contain '.': it names the node's weights ('d.1.weight')"));
        QStringList model = errorsOf(r, "");
        QCOMPARE(model, QStringList{});
        QCOMPARE(QString::fromStdString(r.problemsOf("").at(0).message),
                 QString("the model has no loss, so it can predict but not train; connect the prediction and a "
                         "Target to a loss such as CrossEntropyLoss or MSELoss"));
        QVERIFY(!r.problemsOf("add").empty());
        bool deadWarning = false;
        for (const auto& p : r.problemsOf("add")) {
            deadWarning |= p.severity == Severity::Warning &&
                           p.message == "leads to neither the Output nor the loss, so it is never computed";
        }
        QVERIFY(deadWarning);

        ModelGraph empty;
        const GraphReport none = analyze(empty);
        QCOMPARE(errorsOf(none, ""),
                 (QStringList{"the model has no Input node; add one for the data set's features",
                              "the model has no Output node; connect the prediction to an Output"}));

        ModelGraph twoIn = single("[4]", "ReLU", "{}");
        twoIn.addNode("Input", json(R"({"shape": [4]})"), "x2");
        QCOMPARE(errorsOf(analyze(twoIn), "x2"),
                 QStringList{"the model has more than one Input node ('x' and 'x2'); it takes exactly one"});

        // Edges to ports that do not exist, and two edges into one input (as a file may hold them).
        io::Project p;
        p.name = "p";
        single("[4]", "ReLU", "{}").toProject(p);
        p.edges.push_back({"x", 0, "n", 3});
        p.edges.push_back({"out", 0, "n", 0});
        p.edges.push_back({"x", 0, "out", 0});
        const GraphReport bad = analyze(ModelGraph::fromProject(p));
        QCOMPARE(errorsOf(bad, "n"), (QStringList{"ReLU has 1 input port; the edge from 'x' arrives at port 3"}));
        QCOMPARE(errorsOf(bad, "out"), (QStringList{"Output has no output port; the edge to 'n' leaves from port 0",
                                                    "input 0 is fed by both 'n' and 'x'; an input takes one edge"}));
    }

    void dataSetFeatures() {
        const ModelGraph g = single("[1, 8, 8]", "Flatten", "{}");
        QVERIFY(!analyze(g, {.inputFeatures = 64}).hasErrors());
        QCOMPARE(errorsOf(analyze(g, {.inputFeatures = 30}), "x"),
                 QStringList{"the Input shape [1, 8, 8] holds 64 features per sample but the data set's rows have 30"});
    }

    void dataSetTargets() {
        ModelGraph g = single("[4]", "Linear", R"({"in_features": 4, "out_features": 3})");
        g.addNode("Target", json(R"({"classes": 3})"), "t");
        g.addNode("CrossEntropyLoss", io::Json::object(), "loss");
        g.connect("n", 0, "loss", 0);
        g.connect("t", 0, "loss", 1);
        QVERIFY(!analyze(g, {.inputFeatures = 4, .classes = 3}).hasErrors());
        QCOMPARE(errorsOf(analyze(g, {.classes = 2}), "t"),
                 QStringList{"the Target has 3 classes but the data set has 2"});
        QCOMPARE(errorsOf(analyze(g, {.targetWidth = 1}), "t"),
                 QStringList{"the data set's targets are regression values (1 per sample); give the Target a shape "
                             "instead of classes"});
        // Binary labels may feed BCEWithLogitsLoss as 0/1 floats through a Target of shape [1].
        ModelGraph binary = single("[4]", "Linear", R"({"in_features": 4, "out_features": 1})");
        binary.addNode("Target", json(R"({"shape": [1]})"), "t");
        binary.addNode("BCEWithLogitsLoss", io::Json::object(), "loss");
        binary.connect("n", 0, "loss", 0);
        binary.connect("t", 0, "loss", 1);
        QVERIFY(!analyze(binary, {.classes = 2}).hasErrors());
        g.setParams("t", json(R"({"shape": [3]})"));
        QCOMPARE(
            errorsOf(analyze(g, {.classes = 3}), "t"),
            QStringList{"the data set has class labels (3 classes); give the Target classes 3 instead of a shape"});
        QCOMPARE(errorsOf(analyze(g, {.targetWidth = 2}), "t"),
                 QStringList{"the Target shape [3] holds 3 values per sample but the data set's targets have 2"});
    }

    void mergeNodes() {
        ModelGraph g;
        g.addNode("Input", json(R"({"shape": [6]})"), "x");
        g.addNode("Linear", json(R"({"in_features": 6, "out_features": 4})"), "a");
        g.addNode("Linear", json(R"({"in_features": 6, "out_features": 3})"), "b");
        g.addNode("Concat", io::Json::object(), "cat");
        g.addNode("Add", io::Json::object(), "add");
        g.addNode("Mul", io::Json::object(), "mul");
        g.addNode("Output", io::Json::object(), "out");
        g.connect("x", 0, "a", 0);
        g.connect("x", 0, "b", 0);
        g.connect("a", 0, "cat", 0);
        g.connect("b", 0, "cat", 1);
        g.connect("x", 0, "cat", 2);
        g.connect("cat", 0, "add", 0);
        g.connect("cat", 0, "add", 1);
        g.connect("add", 0, "mul", 0);
        g.connect("x", 0, "mul", 1);
        g.connect("mul", 0, "out", 0);
        GraphReport r = analyze(g);
        QCOMPARE(outputOf(r, "cat"), QString("[N, 13]"));
        QCOMPARE(r.node("cat")->inputs.size(), std::size_t(3));
        QCOMPARE(outputOf(r, "add"), QString("[N, 13]"));
        QCOMPARE(
            errorsOf(r, "mul"),
            QStringList{"Mul: input 1 has shape [N, 6] but input 0 has [N, 13]; they cannot be broadcast together"});
        QCOMPARE(r.problemsOf("mul").at(0).port, 1);
        g.setParam("cat", "dim", 0);
        r = analyze(g);
        QCOMPARE(errorsOf(r, "cat"), QStringList{"Concat: dim 0 is the batch dimension N; join along 1 or later"});

        // Concat joins the other way, Mul broadcasts: run it.
        g.setParam("cat", "dim", 1);
        g.connect("cat", 0, "mul", 1);
        r = analyze(g);
        QVERIFY(!r.hasErrors());
        Generator gen(1);
        auto model = GraphModule::build(g, gen);
        const Tensor y = (*model)(rand({5, 6}, DType::Float32, &gen));
        QCOMPARE(y.sizes(), (Shape{5, 13}));
    }

    void dataNodeMessages() {
        ModelGraph g;
        g.addNode("Target", json(R"({"classes": 3})"), "t");
        g.addNode("Output", io::Json::object(), "out");
        g.addNode("Input", json(R"({"shape": [4, 0]})"), "x");
        g.addNode("Normalize", io::Json::object(), "norm");
        g.connect("t", 0, "out", 0);
        g.connect("t", 0, "norm", 0);
        GraphReport r = analyze(g);
        QCOMPARE(outputOf(r, "t"), QString("[N]"));
        QCOMPARE(r.node("t")->outputs[0].classes.value_or(0), std::int64_t(3));
        QCOMPARE(errorsOf(r, "out"), QStringList{"Output needs floating-point values, gets [N] int64 (3 classes)"});
        QCOMPARE(errorsOf(r, "norm"), QStringList{"Normalize needs floating-point values, gets [N] int64 (3 classes)"});
        QCOMPARE(errorsOf(r, "x"),
                 QStringList{"Input: parameter 'shape' must be an integer ≥ 1 or a list of such integers, got [4, 0]"});
        g.setParams("t", json(R"({"classes": 3, "shape": [1]})"));
        QCOMPARE(errorsOf(analyze(g), "t"),
                 QStringList{"Target: set either classes (classification) or shape (regression), not both"});
        g.setParams("t", json(R"({"shape": 2})"));
        r = analyze(g);
        QCOMPARE(outputOf(r, "t"), QString("[N, 2]"));
        QVERIFY(errorsOf(r, "out").isEmpty());
    }

    // The designer reruns the analysis on every half-finished edit: whatever the graph, it reports and
    // never throws. Seeded random graphs of random types, parameters and edges.
    void neverThrowsOnRandomGraphs() {
        const auto names = NodeTypeRegistry::instance().names();
        const std::vector<io::Json> values = {io::Json(1),    io::Json(-1),     io::Json(0),       io::Json(3.5),
                                              io::Json(true), io::Json("same"), io::Json(nullptr), json("[2, 3]"),
                                              json("[]"),     json("{}")};
        std::uint64_t state = 12345;
        auto next = [&](std::uint64_t n) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<std::size_t>((state >> 33) % n);
        };
        for (int round = 0; round < 1000; ++round) {
            ModelGraph g;
            const std::size_t count = 1 + next(8);
            for (std::size_t i = 0; i < count; ++i) {
                const std::string& type = names[next(names.size())];
                io::Json params = io::Json::object();
                const NodeType& t = NodeTypeRegistry::instance().get(type);
                for (const auto& spec : t.params) {
                    if (spec.required || next(3) == 0) params.set(spec.name, values[next(values.size())]);
                }
                g.addNode(type, params, "n" + std::to_string(i));
            }
            if (next(2)) g.addNode("Input", next(2) ? json(R"({"shape": [4]})") : json(R"({"shape": [2, 4, 4]})"), "x");
            const std::size_t edges = next(12);
            for (std::size_t e = 0; e < edges; ++e) {
                const auto& nodes = g.nodes();
                const std::string from = nodes[next(nodes.size())].id, to = nodes[next(nodes.size())].id;
                if (from != to) g.connect(from, static_cast<int>(next(2)), to, static_cast<int>(next(3)));
            }
            GraphReport r;
            try {
                r = analyze(g);
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("round %1: analyze threw: %2").arg(round).arg(e.what())));
            }
            QCOMPARE(r.nodes.size(), g.nodes().size());
            for (const auto& p : r.problems) QVERIFY(!p.message.empty());
        }
    }

    void lossMessages() {
        auto lossErrors = [](const char* target, const std::string& loss, int outFeatures) {
            ModelGraph g =
                single("[4]", "Linear",
                       ("{\"in_features\": 4, \"out_features\": " + std::to_string(outFeatures) + "}").c_str());
            g.addNode("Target", json(target), "t");
            g.addNode(loss, io::Json::object(), "loss");
            g.connect("n", 0, "loss", 0);
            g.connect("t", 0, "loss", 1);
            const GraphReport r = analyze(g);
            return errorsOf(r, "loss").join(" | ");
        };
        QCOMPARE(lossErrors(R"({"classes": 3})", "CrossEntropyLoss", 3), QString());
        QCOMPARE(lossErrors(R"({"classes": 3})", "CrossEntropyLoss", 2),
                 QString("CrossEntropyLoss: the prediction [N, 2] scores 2 classes but the Target has 3 — make the "
                         "last layer output 3"));
        QCOMPARE(lossErrors(R"({"shape": [2]})", "CrossEntropyLoss", 2), QString());
        QCOMPARE(lossErrors(R"({"shape": [2]})", "NLLLoss", 2),
                 QString("NLLLoss needs int64 class-index targets, gets [N, 2] float32 — give the Target classes "
                         "instead of a shape"));
        QCOMPARE(lossErrors(R"({"shape": [1]})", "MSELoss", 1), QString());
        QCOMPARE(lossErrors(R"({"shape": [1]})", "MSELoss", 3),
                 QString("MSELoss: the prediction [N, 3] and the target [N, 1] differ in shape; torch would broadcast "
                         "them to [N, 3] and compute the wrong loss"));
        QCOMPARE(lossErrors(R"({"classes": 2})", "BCEWithLogitsLoss", 1),
                 QString("BCEWithLogitsLoss needs float targets of the prediction's shape [N, 1], but the Target gives "
                         "class indices — give the Target a shape instead of classes"));
        for (const char* loss : {"L1Loss", "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss"}) {
            QCOMPARE(lossErrors(R"({"shape": [2]})", loss, 2), QString());
        }
        QCOMPARE(lossErrors(R"({"classes": 3, "shape": [1]})", "CrossEntropyLoss", 3), QString());
    }
};

QTEST_APPLESS_MAIN(TestGraphAnalysis)
#include "test_graph_analysis.moc"
