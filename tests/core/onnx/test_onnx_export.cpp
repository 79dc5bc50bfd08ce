// ONNX export: every example project and every node type with a mapping, run in onnxruntime-node on 100
// random inputs against Tessera's predict; python3-onnx's full checker on every file; export → import →
// export keeps ops, attributes and initializer bytes; unmappable nodes fail naming the node.
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include "core/ops/add.h"
#include "core/ops/mul.h"

#include "core/graph/graph_module.h"
#include "core/graph/node_type_registry.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_graph_builder.h"
#include "core/onnx/onnx_import.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "onnx_harness.h"

using namespace tessera;
namespace fs = std::filesystem;

namespace {

struct Case {
    std::string name;
    graph::ModelGraph graph;
    bool indices = false;  // integer-valued inputs (Embedding)
};

Case layerCase(const std::string& name, const std::string& type, const std::string& params, const std::string& shape) {
    Case c{name, {}, type == "Embedding"};
    c.graph.addNode("Input", io::Json::object({{"shape", io::parseJson(shape, "shape")}}), "x");
    c.graph.addNode(type, io::parseJson(params, "params"), "layer");
    c.graph.addNode("Output", io::Json::object(), "out");
    c.graph.connect("x", 0, "layer", 0);
    c.graph.connect("layer", 0, "out", 0);
    return c;
}

Case mergeCase(const std::string& type, const std::string& params) {
    Case c{type, {}};
    c.graph.addNode("Input", io::Json::object({{"shape", io::parseJson("[3, 4]", "shape")}}), "x");
    c.graph.addNode("ReLU", io::Json::object(), "a");
    c.graph.addNode("Tanh", io::Json::object(), "b");
    c.graph.addNode("Sigmoid", io::Json::object(), "c");
    c.graph.addNode(type, io::parseJson(params, "params"), "merge");
    c.graph.addNode("Output", io::Json::object(), "out");
    for (const char* id : {"a", "b", "c"}) c.graph.connect("x", 0, id, 0);
    c.graph.connect("a", 0, "merge", 0);
    c.graph.connect("b", 0, "merge", 1);
    c.graph.connect("c", 0, "merge", 2);
    c.graph.connect("merge", 0, "out", 0);
    return c;
}

std::vector<Case> layerCases() {
    return {
        layerCase("linear", "Linear", R"({"in_features": 6, "out_features": 4})", "[6]"),
        layerCase("linear_3d", "Linear", R"({"in_features": 6, "out_features": 4, "bias": false})", "[5, 6]"),
        layerCase("conv1d", "Conv1d",
                  R"({"in_channels": 3, "out_channels": 4, "kernel_size": 3, "padding": 1, "stride": 2})", "[3, 10]"),
        layerCase("conv2d_same", "Conv2d",
                  R"({"in_channels": 2, "out_channels": 4, "kernel_size": 4, "padding": "same", "dilation": 2})",
                  "[2, 7, 7]"),
        layerCase(
            "conv2d_groups", "Conv2d",
            R"({"in_channels": 4, "out_channels": 4, "kernel_size": [3, 2], "stride": [2, 1], "groups": 2, "bias": false})",
            "[4, 8, 8]"),
        layerCase("maxpool2d", "MaxPool2d", R"({"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": true})",
                  "[2, 8, 8]"),
        layerCase("avgpool2d", "AvgPool2d", R"({"kernel_size": 2})", "[2, 8, 8]"),
        layerCase("avgpool2d_pad", "AvgPool2d",
                  R"({"kernel_size": 3, "stride": 2, "padding": 1, "count_include_pad": false})", "[2, 9, 9]"),
        layerCase("adaptive_global", "AdaptiveAvgPool2d", R"({"output_size": 1})", "[3, 6, 6]"),
        layerCase("adaptive_2x3", "AdaptiveAvgPool2d", R"({"output_size": [2, 3]})", "[3, 6, 6]"),
        layerCase("batchnorm1d", "BatchNorm1d", R"({"num_features": 5})", "[5]"),
        layerCase("batchnorm1d_seq", "BatchNorm1d", R"({"num_features": 5, "eps": 0.001})", "[5, 7]"),
        layerCase("batchnorm2d", "BatchNorm2d", R"({"num_features": 3})", "[3, 4, 4]"),
        layerCase("layernorm", "LayerNorm", R"({"normalized_shape": 6})", "[4, 6]"),
        layerCase("layernorm_2d", "LayerNorm", R"({"normalized_shape": [4, 6], "elementwise_affine": false})",
                  "[4, 6]"),
        layerCase("relu", "ReLU", "{}", "[7]"),
        layerCase("sigmoid", "Sigmoid", "{}", "[7]"),
        layerCase("tanh", "Tanh", "{}", "[7]"),
        layerCase("silu", "SiLU", "{}", "[7]"),
        layerCase("gelu", "GELU", "{}", "[7]"),
        layerCase("gelu_tanh", "GELU", R"({"approximate": "tanh"})", "[7]"),
        layerCase("elu", "ELU", R"({"alpha": 0.5})", "[7]"),
        layerCase("leaky_relu", "LeakyReLU", R"({"negative_slope": 0.2})", "[7]"),
        layerCase("softmax", "Softmax", R"({"dim": 1})", "[5]"),
        layerCase("softmax_last", "Softmax", R"({"dim": -1})", "[3, 5]"),
        layerCase("log_softmax", "LogSoftmax", R"({"dim": 1})", "[5]"),
        layerCase("dropout", "Dropout", R"({"p": 0.5})", "[5]"),
        layerCase("flatten", "Flatten", "{}", "[2, 3, 4]"),
        layerCase("flatten_tail", "Flatten", R"({"start_dim": 2})", "[2, 3, 4]"),
        layerCase("embedding", "Embedding", R"({"num_embeddings": 10, "embedding_dim": 4})", "[5]"),
        layerCase("lstm", "LSTM",
                  R"({"input_size": 3, "hidden_size": 5, "num_layers": 2, "batch_first": true, "bidirectional": true})",
                  "[6, 3]"),
        layerCase("gru", "GRU", R"({"input_size": 3, "hidden_size": 4, "batch_first": true})", "[6, 3]"),
        layerCase("attention", "MultiheadAttention", R"({"embed_dim": 8, "num_heads": 2, "batch_first": true})",
                  "[5, 8]"),
        layerCase("transformer", "TransformerEncoderLayer",
                  R"({"d_model": 8, "nhead": 2, "dim_feedforward": 16, "batch_first": true})", "[5, 8]"),
        layerCase(
            "transformer_gelu_prenorm", "TransformerEncoderLayer",
            R"({"d_model": 8, "nhead": 2, "dim_feedforward": 16, "batch_first": true, "activation": "gelu", "norm_first": true})",
            "[5, 8]"),
        layerCase("normalize", "Normalize", "{}", "[4]"),
        layerCase("select_last", "SelectLast", "{}", "[5, 3]"),
        layerCase("reshape", "Reshape", R"({"shape": [3, -1]})", "[12]"),
        layerCase("positional_encoding", "PositionalEncoding", R"({"d_model": 6, "max_len": 20})", "[5, 6]"),
        mergeCase("Add", "{}"),
        mergeCase("Mul", "{}"),
        mergeCase("Concat", R"({"dim": -1})"),
    };
}

// The model with non-trivial statistics: BatchNorm running stats and Normalize fitted on random data.
std::shared_ptr<graph::GraphModule> buildModel(const graph::ModelGraph& g, std::uint64_t seed) {
    Generator gen(seed);
    auto model = graph::GraphModule::build(g, gen);
    nn::NamedTensors stats;
    for (const auto& [name, t] : model->stateDict()) {
        if (name.ends_with("running_mean"))
            stats.emplace_back(name, ops::sub(rand(t.sizes(), DType::Float32, &gen), full({}, 0.5)));
        if (name.ends_with("running_var"))
            stats.emplace_back(name, ops::add(rand(t.sizes(), DType::Float32, &gen), full({}, 0.5)));
    }
    model->loadStateDict(stats, false);
    if (model->hasNormalization()) {
        Shape s{200};
        for (auto d : model->inputShape()) s.push_back(d);
        model->fitNormalization(ops::add(ops::mul(randn(s, DType::Float32, &gen), full({}, 3.0)), full({}, 1.5)));
    }
    model->eval();
    return model;
}

Tensor inputsFor(const graph::GraphModule& model, bool indices, std::uint64_t seed) {
    Generator gen(seed);
    Shape s{100};
    for (auto d : model.inputShape()) s.push_back(d);
    if (indices) return ops::to(randint(0, 10, s, DType::Int64, &gen), DType::Float32);
    return randn(s, DType::Float32, &gen);
}

}  // namespace

class TestOnnxExport : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<QString> m_files;

    fs::path dir() const { return m_dir.path().toStdString(); }

    // Exports, runs onnxruntime and compares with predict.
    void checkAgainstOrt(const std::string& name, const graph::GraphModule& model, bool indices) {
        const fs::path file = dir() / (name + ".onnx");
        onnx::exportOnnxFile(model, file, {.modelName = name, .docString = "test model " + name, .metadata = {}});
        m_files.push_back(QString::fromStdString(file.string()));
        const Tensor x = inputsFor(model, indices, 7);
        const Tensor expected = const_cast<graph::GraphModule&>(model).forward(x);
        const Tensor got = onnx_harness::runOrt(file, x, dir());
        const double e = onnx_harness::excess(got, expected);
        qInfo("%s: output %s, worst |ort - predict| - (atol + rtol·|predict|) = %g", name.c_str(),
              shapeToString(got.sizes()).c_str(), e);
        QVERIFY2(e <= 0, name.c_str());
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // The ORT comparisons are the point of this suite: a missing runtime fails it (the test command
        // installs it; scripts/setup-deps.sh).
        QVERIFY2(onnx_harness::haveOrt(),
                 "onnxruntime-node is not installed in tools/onnxruntime: run scripts/setup-deps.sh");
    }

    void everyLayerMatchesOnnxruntime() {
        for (const auto& c : layerCases()) {
            auto model = buildModel(c.graph, 3);
            checkAgainstOrt(c.name, *model, c.indices);
        }
    }

    void everyExampleMatchesOnnxruntime() {
        int count = 0;
        for (const auto& entry : fs::directory_iterator(onnx_harness::sourceDir() / "resources/examples")) {
            if (entry.path().extension() != ".tessera") continue;
            const io::Project p = io::loadProject(entry.path());
            auto model = buildModel(graph::ModelGraph::fromProject(p), 5);
            checkAgainstOrt(entry.path().stem().string(), *model, false);
            ++count;
        }
        QVERIFY(count >= 5);
    }

    void everyMappedTypeIsCovered() {
        onnx::registerNodeExporters();
        std::set<std::string> covered{"Input", "Output"};
        for (const auto& c : layerCases()) {
            for (const auto& n : c.graph.nodes()) covered.insert(n.type);
        }
        const auto& reg = graph::NodeTypeRegistry::instance();
        for (const auto& name : reg.names()) {
            const graph::NodeType& type = reg.get(name);
            // Every computing node of Tessera and of the nn registry has a mapping, and each mapping is tested.
            if (type.role == graph::NodeRole::Layer && (type.source == "graph" || type.source == "nn")) {
                QVERIFY2(reg.extension(name, "onnx"), (name + " has no ONNX mapping").c_str());
            }
            if (reg.extension(name, "onnx")) QVERIFY2(covered.count(name), (name + " has no ONNX test case").c_str());
        }
        for (const char* must : {"Linear", "Conv2d", "BatchNorm2d", "LSTM", "GRU", "TransformerEncoderLayer",
                                 "MultiheadAttention", "Embedding", "Normalize"}) {
            QVERIFY2(reg.extension(must, "onnx"), must);
        }
    }

    void metadataAndDynamicBatch() {
        auto model = buildModel(layerCases()[0].graph, 1);
        const std::string bytes =
            onnx::exportOnnx(*model, {.modelName = "tiny", .docString = "a doc string", .metadata = {}});
        const onnx::ImportedModel m = onnx::importOnnx(bytes, "tiny.onnx");
        QCOMPARE(m.name, std::string("tiny"));
        QCOMPARE(m.docString, std::string("a doc string"));
        QVERIFY(m.producer.starts_with("Tessera "));
        // The same file runs on any batch size.
        const Tensor one = ops::narrow(inputsFor(*model, false, 1), 0, 0, 1);
        const fs::path f = dir() / "tiny.onnx";
        io::writeFileAtomically(f, bytes);
        QVERIFY(onnx_harness::excess(onnx_harness::runOrt(f, one, dir()), model->forward(one)) <= 0);
    }

    void unmappableNodeFailsNamingIt() {
        auto& reg = graph::NodeTypeRegistry::instance();
        if (!reg.find("OnnxTestOpaque")) {
            graph::NodeType t;
            t.name = "OnnxTestOpaque";
            t.category = "Test";
            t.source = "test";
            t.inputs = {{"input", ""}};
            t.outputs = {{"output", ""}};
            t.infer = [](const graph::NodeContext& ctx) {
                graph::Inferred r;
                r.outputs.push_back(ctx.inputs[0]);
                return r;
            };
            t.build = [](const graph::NodeContext&, Generator&) {
                return graph::BuiltNode{nullptr, [](const std::vector<Tensor>& in) { return in; }};
            };
            reg.add(t);
        }
        Case c = layerCase("opaque", "OnnxTestOpaque", "{}", "[3]");
        auto model = buildModel(c.graph, 1);
        const fs::path file = dir() / "opaque.onnx";
        try {
            onnx::exportOnnxFile(*model, file);
            QFAIL("exported a node without a mapping");
        } catch (const ValueError& e) {
            QVERIFY2(std::string(e.what()).find("'layer' (OnnxTestOpaque)") != std::string::npos, e.what());
        }
        QVERIFY(!fs::exists(file));
        // Settings ONNX cannot express fail the same way.
        Case bn =
            layerCase("bn_batchstats", "BatchNorm1d", R"({"num_features": 3, "track_running_stats": false})", "[3]");
        QVERIFY_THROWS_EXCEPTION(ValueError, onnx::exportOnnx(*buildModel(bn.graph, 1)));
    }

    void roundTripKeepsOpsAttributesAndBytes() {
        std::vector<graph::ModelGraph> graphs;
        for (const char* example : {"digits-cnn", "iris-mlp", "moons-mlp", "breast-cancer-logreg",
                                    "spirals-residual-mlp", "sine-lstm", "sine-transformer"}) {
            graphs.push_back(graph::ModelGraph::fromProject(io::loadProject(
                onnx_harness::sourceDir() / "resources/examples" / (std::string(example) + ".tessera"))));
        }
        for (const char* name : {"linear",
                                 "conv2d_groups",
                                 "maxpool2d",
                                 "avgpool2d_pad",
                                 "adaptive_global",
                                 "batchnorm2d",
                                 "layernorm",
                                 "elu",
                                 "leaky_relu",
                                 "log_softmax",
                                 "flatten",
                                 "embedding",
                                 "select_last",
                                 "reshape",
                                 "normalize",
                                 "Add",
                                 "Concat",
                                 "lstm",
                                 "gru",
                                 "attention",
                                 "transformer",
                                 "transformer_gelu_prenorm",
                                 "positional_encoding",
                                 "gelu",
                                 "gelu_tanh",
                                 "silu"}) {
            for (auto& c : layerCases()) {
                if (c.name == name) graphs.push_back(c.graph);
            }
        }
        // A GELU whose input also feeds a residual Add.
        graph::ModelGraph branch;
        branch.addNode("Input", io::Json::object({{"shape", io::parseJson("[5]", "shape")}}), "x");
        branch.addNode("GELU", io::Json::object(), "act");
        branch.addNode("Add", io::Json::object(), "sum");
        branch.addNode("Output", io::Json::object(), "out");
        branch.connect("x", 0, "act", 0);
        branch.connect("x", 0, "sum", 0);
        branch.connect("act", 0, "sum", 1);
        branch.connect("sum", 0, "out", 0);
        graphs.push_back(branch);
        int i = 0;
        for (const auto& g : graphs) {
            const fs::path a = dir() / ("rt" + std::to_string(i) + "_a.onnx"),
                           b = dir() / ("rt" + std::to_string(i) + "_b.onnx");
            ++i;
            onnx::exportOnnxFile(*buildModel(g, 11), a);
            onnx::ImportedModel imported;
            try {
                imported = onnx::importOnnxFile(a);
            } catch (const Error& e) {
                QFAIL(e.what());
            }
            // Nodes keep their ids (and so their weight names); dropout is left out at inference.
            for (const auto& n : g.nodes()) {
                if (graph::NodeTypeRegistry::instance().get(n.type).role != graph::NodeRole::Layer ||
                    n.type == "Dropout") {
                    continue;
                }
                const graph::Node* back = imported.graph.findNode(n.id);
                QVERIFY2(back && back->type == n.type, (a.string() + ": node " + n.id).c_str());
            }
            onnx::exportOnnxFile(*onnx::buildImported(imported), b);
            QString log;
            const int rc = onnx_harness::runProgram(
                TESSERA_PYTHON3,
                {QString::fromStdString((onnx_harness::sourceDir() / "tests/core/onnx/onnx_tool.py").string()), "same",
                 QString::fromStdString(a.string()), QString::fromStdString(b.string())},
                log);
            QVERIFY2(rc == 0, qPrintable(QString::fromStdString(a.string()) + ": " + log));
        }
    }

    void pythonFullCheckerAcceptsEveryFile() {
        QVERIFY(m_files.size() > 40);
        QStringList args{QString::fromStdString((onnx_harness::sourceDir() / "tests/core/onnx/onnx_tool.py").string()),
                         "check"};
        for (const auto& f : m_files) args << f;
        QString log;
        QVERIFY2(onnx_harness::runProgram(TESSERA_PYTHON3, args, log) == 0, qPrintable(log));
    }
};

QTEST_APPLESS_MAIN(TestOnnxExport)
#include "test_onnx_export.moc"
