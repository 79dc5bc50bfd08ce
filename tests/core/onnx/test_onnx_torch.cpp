// Models exported by torch 1.13 (an MLP, a CNN exported with TrainingMode.PRESERVE that keeps its
// BatchNormalization node, a two-layer bidirectional LSTM and a two-layer GRU) import into Tessera and give
// torch's outputs within rtol 1e-5 / atol 1e-6; a model with operators Tessera lacks is refused naming
// every one of them.
#include <QTemporaryDir>
#include <QTest>

#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_import.h"
#include "core/tensor/error.h"
#include "onnx_harness.h"

using namespace tessera;
namespace fs = std::filesystem;

class TestOnnxTorch : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    fs::path dir() const { return m_dir.path().toStdString(); }

    void check(const std::string& name, const std::vector<std::string>& types) {
        const onnx::ImportedModel m = onnx::importOnnxFile(dir() / (name + ".onnx"));
        for (const auto& type : types) {
            const auto& nodes = m.graph.nodes();
            QVERIFY2(std::any_of(nodes.begin(), nodes.end(), [&](const auto& n) { return n.type == type; }),
                     (name + " has no " + type).c_str());
        }
        auto model = onnx::buildImported(m);
        const Tensor x = io::readNpy(dir() / ("x_" + name + ".npy"));
        const Tensor expected = io::readNpy(dir() / ("y_" + name + ".npy"));
        const double e = onnx_harness::excess(model->forward(x), expected);
        if (!(e <= 0)) qWarning("%s: outside rtol 1e-5 / atol 1e-6 by %g", name.c_str(), e);
        QVERIFY(e <= 0);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QString log;
        const int rc = onnx_harness::runProgram(
            TESSERA_PYTHON3,
            {QString::fromStdString((onnx_harness::sourceDir() / "tests/core/onnx/torch_models.py").string()),
             m_dir.path()},
            log);
        QVERIFY2(rc == 0, qPrintable(log));
        QVERIFY2(log.contains("cnn Conv BatchNormalization"), qPrintable(log));
    }

    void mlp() { check("mlp", {"Linear", "ReLU", "Tanh"}); }
    void cnnKeepsBatchNormalization() { check("cnn", {"Conv2d", "BatchNorm2d", "MaxPool2d", "Flatten", "LogSoftmax"}); }

    // torch writes one ONNX node per layer, gates in ONNX's order (i, o, f, c / z, r, h), zero initial states
    // computed from the input's shape: they become one two-layer Tessera node each.
    void lstmAndGru() {
        for (const char* name : {"lstm", "gru"}) {
            check(name, {name == std::string("lstm") ? "LSTM" : "GRU"});
            const onnx::ImportedModel m = onnx::importOnnxFile(dir() / (std::string(name) + ".onnx"));
            QCOMPARE(m.graph.nodes().size(), std::size_t{3});  // Input, the layer, Output
            const graph::Node& layer = m.graph.nodes()[1];
            QCOMPARE(layer.id, std::string("rnn"));
            QCOMPARE(layer.params.at("num_layers").asInteger(), std::int64_t{2});
            QCOMPARE(layer.params.at("bidirectional").asBool(), name == std::string("lstm"));
        }
    }

    // torch writes attributes with their default values (Gemm alpha/beta, BatchNormalization momentum and
    // training_mode, Reshape allowzero, Conv's dilations and group): import → export keeps every one, and
    // the recurrent nodes keep theirs (torch's shape arithmetic for the zero initial states is not kept).
    void torchAttributesSurviveTheRoundTrip() {
        for (const char* name : {"mlp", "cnn", "lstm", "gru"}) {
            const fs::path again = dir() / (std::string(name) + "_again.onnx");
            onnx::exportOnnxFile(*onnx::buildImported(onnx::importOnnxFile(dir() / (std::string(name) + ".onnx"))),
                                 again);
            QStringList args{
                QString::fromStdString((onnx_harness::sourceDir() / "tests/core/onnx/onnx_tool.py").string()), "attrs",
                QString::fromStdString((dir() / (std::string(name) + ".onnx")).string()),
                QString::fromStdString(again.string())};
            if (name == std::string("lstm") || name == std::string("gru"))
                args << "LSTM"
                     << "GRU";
            QString log;
            QVERIFY2(onnx_harness::runProgram(TESSERA_PYTHON3, args, log) == 0, qPrintable(name + (": " + log)));
        }
    }

    void timeFirstRecurrentInputIsRefusedNamingTheNode() {
        try {
            onnx::importOnnxFile(dir() / "time_first.onnx");
            QFAIL("imported an LSTM reading the model's input as [L, N, F]");
        } catch (const ValueError& e) {
            QVERIFY2(std::string(e.what()).find("node '/rnn/LSTM' (LSTM): the input must be a batch-first sequence") !=
                         std::string::npos,
                     e.what());
        }
    }

    void unsupportedOperatorsAreNamedTogether() {
        const std::string file = (dir() / "unsupported.onnx").string();
        try {
            onnx::importOnnxFile(file);
            QFAIL("imported HardSwish and Abs");
        } catch (const ValueError& e) {
            QVERIFY2(std::string(e.what()) == file +
                                                  ": unsupported ONNX operators: HardSwish, Abs (docs/onnx.md lists "
                                                  "what Tessera imports)",
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestOnnxTorch)
#include "test_onnx_torch.moc"
