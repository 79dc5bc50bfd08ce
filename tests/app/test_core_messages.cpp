// Core's problem messages in Chinese: every message that a set of broken graphs makes — the analysis's,
// every layer's shape rule, the losses against Targets that do not fit — and every error a run gives
// when it cannot start (a model that cannot be built, one problem per line; the training settings) is
// built from a template the widgets know (a message added to core without its template fails here),
// and in zh_CN each comes out in Chinese, every line of it, with its values (ids, shapes, numbers) kept.
#include <QRegularExpression>
#include <QtTest>

#include "app/translations.h"
#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"
#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"
#include "widgets/common/core_messages.h"

using namespace tessera;

namespace {

io::Json obj(io::Json::Object members) { return io::Json::object(std::move(members)); }

std::vector<graph::ModelGraph> brokenGraphs() {
    std::vector<graph::ModelGraph> out;
    out.emplace_back();  // empty: no Input, no Output, no loss
    {
        graph::ModelGraph g;  // an image into a Linear, an unconnected loss, an unknown type, a cycle
        g.addNode("Input", obj({{"shape", io::Json::array({1, 8, 8})}}), "x");
        g.addNode("Input", obj({{"shape", io::Json::array({4})}}), "x2");
        g.addNode("Linear", obj({{"in_features", 64}, {"out_features", 3}}), "fc");
        g.addNode("CrossEntropyLoss", obj({}), "loss");
        g.addNode("Linaer", obj({}), "typo");
        g.addNode("ReLU", obj({}), "a");
        g.addNode("ReLU", obj({}), "b");
        g.addNode("Linear", obj({{"in_features", 4}, {"out_features", 2}, {"bias_", true}}), "fc2");
        g.addNode("Output", obj({}), "out");
        g.connect("x", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        g.connect("a", 0, "b", 0);
        g.connect("b", 0, "a", 0);
        g.connect("x2", 0, "fc2", 0);
        out.push_back(std::move(g));
    }
    {
        graph::ModelGraph g;  // a Linear with the wrong width after a flat input
        g.addNode("Input", obj({{"shape", io::Json::array({4})}}), "x");
        g.addNode("Linear", obj({{"in_features", 5}, {"out_features", 3}}), "fc");
        g.addNode("Output", obj({}), "out");
        g.connect("x", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        out.push_back(std::move(g));
    }
    // One layer between an Input of `shape` and the Output: the shape rules' messages.
    auto chain = [&](io::Json shape, const char* type, io::Json params) {
        graph::ModelGraph g;
        g.addNode("Input", obj({{"shape", std::move(shape)}}), "x");
        g.addNode(type, std::move(params), "layer");
        g.addNode("Output", obj({}), "out");
        g.connect("x", 0, "layer", 0);
        g.connect("layer", 0, "out", 0);
        out.push_back(std::move(g));
    };
    using A = io::Json::Array;
    chain(A{3, 8, 8}, "Conv2d", obj({{"in_channels", 3}, {"out_channels", 4}, {"kernel_size", 3}, {"groups", 2}}));
    chain(A{4, 8, 8}, "Conv2d", obj({{"in_channels", 4}, {"out_channels", 3}, {"kernel_size", 3}, {"groups", 2}}));
    chain(A{1, 8, 8}, "Conv2d",
          obj({{"in_channels", 1}, {"out_channels", 2}, {"kernel_size", 3}, {"stride", 2}, {"padding", "same"}}));
    chain(A{1, 4, 4}, "Conv2d", obj({{"in_channels", 1}, {"out_channels", 2}, {"kernel_size", 7}}));
    chain(A{1, 2, 2}, "MaxPool2d", obj({{"kernel_size", 3}}));
    chain(A{1, 8, 8}, "MaxPool2d", obj({{"kernel_size", 2}, {"padding", 2}}));
    chain(A{1, 8, 8}, "MaxPool2d", obj({{"kernel_size", 2}, {"return_indices", true}}));
    chain(A{1, 8, 8}, "Linear", obj({{"in_features", 8}, {"out_features", 2}}));
    chain(A{5, 6}, "MultiheadAttention", obj({{"embed_dim", 6}, {"num_heads", 4}}));
    chain(A{5, 6}, "TransformerEncoderLayer", obj({{"d_model", 6}, {"nhead", 4}}));
    chain(A{5, 3}, "LSTM", obj({{"input_size", 3}, {"hidden_size", 4}}));
    chain(A{4, 6}, "LayerNorm", obj({{"normalized_shape", A{4}}}));
    chain(A{2, 3}, "Flatten", obj({{"start_dim", 2}, {"end_dim", 1}}));
    chain(A{6}, "Reshape", obj({{"shape", A{4}}}));
    chain(A{6}, "Reshape", obj({{"shape", A{-1, -1}}}));
    chain(A{4}, "SelectLast", obj({{"dim", 0}}));
    chain(A{5, 6}, "PositionalEncoding", obj({{"d_model", 4}}));
    // Losses against Targets that do not fit the prediction ([N, 3]).
    auto loss = [&](const char* type, io::Json target) {
        graph::ModelGraph g;
        g.addNode("Input", obj({{"shape", A{4}}}), "x");
        g.addNode("Linear", obj({{"in_features", 4}, {"out_features", 3}}), "fc");
        g.addNode("Output", obj({}), "out");
        g.addNode("Target", std::move(target), "y");
        g.addNode(type, obj({}), "loss");
        g.connect("x", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        g.connect("fc", 0, "loss", 0);
        g.connect("y", 0, "loss", 1);
        out.push_back(std::move(g));
    };
    loss("CrossEntropyLoss", obj({{"classes", 5}}));
    loss("CrossEntropyLoss", obj({{"shape", A{2}}}));
    loss("NLLLoss", obj({{"shape", A{3}}}));
    loss("MSELoss", obj({{"classes", 3}}));
    loss("MSELoss", obj({{"shape", A{1}}}));
    loss("MSELoss", obj({{"shape", A{2}}}));
    loss("MSELoss", obj({{"classes", 3}, {"shape", A{3}}}));
    loss("MSELoss", obj({}));
    return out;
}

// Messages a run gives when it cannot start: the model that cannot be built, the training settings.
QStringList runStartErrors() {
    QStringList out;
    auto start = [&](const char* nodes, const char* training) {
        const std::string text = std::string(R"({"format": "tessera-project", "version": 1, "name": "broken",
            "data": {"dataset": "iris"}, "training": )") +
                                 training + ", " + nodes + "}";
        try {
            train::ProjectSession session(io::parseProject(text, "broken.tessera"), "broken.tessera");
            out << QStringLiteral("(no error for %1 %2)").arg(nodes, training);
        } catch (const Error& e) {
            out << QString::fromUtf8(e.what());
        }
    };
    const char* good = R"("model": {"nodes": [{"id": "x", "type": "Input", "params": {"shape": [4]}},
        {"id": "fc", "type": "Linear", "params": {"in_features": 4, "out_features": 3}},
        {"id": "out", "type": "Output"}, {"id": "y", "type": "Target", "params": {"classes": 3}},
        {"id": "loss", "type": "CrossEntropyLoss"}],
        "edges": [{"from": "x", "fromPort": 0, "to": "fc", "toPort": 0},
                  {"from": "fc", "fromPort": 0, "to": "out", "toPort": 0},
                  {"from": "fc", "fromPort": 0, "to": "loss", "toPort": 0},
                  {"from": "y", "fromPort": 0, "to": "loss", "toPort": 1}]})";
    const char* wide = R"("model": {"nodes": [{"id": "x", "type": "Input", "params": {"shape": [4]}},
        {"id": "fc", "type": "Linear", "params": {"in_features": 5, "out_features": 3}},
        {"id": "out", "type": "Output"}, {"id": "y", "type": "Target", "params": {"classes": 3}},
        {"id": "loss", "type": "CrossEntropyLoss"}],
        "edges": [{"from": "x", "fromPort": 0, "to": "fc", "toPort": 0},
                  {"from": "fc", "fromPort": 0, "to": "out", "toPort": 0},
                  {"from": "fc", "fromPort": 0, "to": "loss", "toPort": 0},
                  {"from": "y", "fromPort": 0, "to": "loss", "toPort": 1}]})";
    start(wide, "{}");
    start(good, R"({"epochs": "ten"})");
    start(good, R"({"epochs": 0})");
    start(good, R"({"batchSize": 2.5})");
    start(good, R"({"optimizer": {"lr": 0.1}})");
    start(good, R"({"epoch": 3})");
    start(good, R"({"optimizer": {"type": "SGD", "lr": "fast"}})");
    return out;
}

}  // namespace

class TestCoreMessages : public QObject {
    Q_OBJECT
private slots:
    void everyMessageHasATemplateAndAChineseText() {
        QVERIFY(app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        const QRegularExpression cjk("[\\x{4e00}-\\x{9fff}]");
        QStringList unknown, english;
        int messages = 0;
        for (const graph::ModelGraph& g : brokenGraphs()) {
            for (const graph::Problem& p : graph::analyze(g).problems) {
                ++messages;
                if (!widgets::matchesCoreTemplate(p.message)) unknown << QString::fromStdString(p.message);
                if (!widgets::coreMessage(p.message).contains(cjk)) english << QString::fromStdString(p.message);
            }
        }
        for (const QString& e : runStartErrors()) {
            ++messages;
            if (!widgets::matchesCoreTemplate(e.toStdString())) unknown << e;
            // Every line of it in Chinese, not only the first.
            for (const QString& line : widgets::coreMessage(e.toStdString()).split('\n'))
                if (!line.contains(cjk)) english << e;
        }
        QVERIFY(messages >= 40);
        QVERIFY2(unknown.isEmpty(),
                 qPrintable("no template in widgets/common/core_messages.cpp for: " + unknown.join(" | ")));
        QVERIFY2(english.isEmpty(), qPrintable("no Chinese for: " + english.join(" | ")));
    }
    void valuesAreKept() {
        QVERIFY(app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        QCOMPARE(widgets::coreMessage("input 1 (target) is not connected"), QString("输入 1（target）未连接"));
        QCOMPARE(widgets::coreMessage("Linear expects 4 input features, gets [N, 5] — set in_features to 5"),
                 QString("Linear 需要 4 个输入特征，实际得到 [N, 5] — 请把 in_features 设为 5"));
        QCOMPARE(widgets::coreMessage("something core never says"), QString("something core never says"));
    }
};

QTEST_MAIN(TestCoreMessages)
#include "test_core_messages.moc"
