// Models exported by torch 1.13 (an MLP, and a CNN exported with TrainingMode.PRESERVE that keeps its
// BatchNormalization node) import into Tessera and give torch's outputs within rtol 1e-5 / atol 1e-6.
#include <QTemporaryDir>
#include <QTest>

#include "core/onnx/onnx_import.h"
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
};

QTEST_APPLESS_MAIN(TestOnnxTorch)
#include "test_onnx_torch.moc"
