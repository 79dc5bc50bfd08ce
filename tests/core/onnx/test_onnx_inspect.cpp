// Reading ONNX models to view them (core/onnx/onnx_inspect.h) and the training task an import adds
// (core/onnx/onnx_task.h), on models torch 1.13 exports: every node is listed in the file's order with
// torch's operators, attributes and weights (values equal to torch's state), unsupported operators and
// refused uses are marked with the reason while the rest still reads, and a classifier gets a Target and
// a cross-entropy loss inferred from its output, or the task a Tessera export kept in the file.
#include <QTemporaryDir>
#include <QTest>

#include "core/graph/analysis.h"
#include "core/io/atomic_file.h"
#include "core/io/safetensors.h"
#include "core/onnx/onnx_inspect.h"
#include "core/onnx/onnx_project.h"
#include "core/onnx/onnx_task.h"
#include "core/tensor/error.h"
#include "onnx_harness.h"

using namespace tessera;

class TestOnnxInspect : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::map<QString, QStringList> m_ops;  // model → torch's operators, as torch_models.py prints them

    std::filesystem::path path(const char* name) const {
        return std::filesystem::path(m_dir.path().toStdString()) / name;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QString log;
        const int rc = onnx_harness::runProgram(
            TESSERA_PYTHON3, {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/torch_models.py"), m_dir.path()},
            log);
        QVERIFY2(rc == 0, qPrintable(log));
        for (const QString& line : log.split('\n', Qt::SkipEmptyParts)) {
            QStringList words = line.split(' ', Qt::SkipEmptyParts);
            if (words.size() > 1) m_ops[words.takeFirst()] = words;
        }
        QVERIFY(m_ops.count("cnn") && m_ops.count("unsupported"));
    }

    void everyNodeWithItsAttributesAndWeights() {
        const onnx::InspectedModel m = onnx::inspectOnnxFile(path("cnn.onnx"));
        QStringList ops;
        for (const auto& n : m.nodes) ops << QString::fromStdString(n.opType);
        QCOMPARE(ops, m_ops.at("cnn"));
        QVERIFY(m.importError.empty());
        for (const auto& n : m.nodes) QVERIFY2(n.supported, n.opType.c_str());
        QVERIFY(m.producer.starts_with("pytorch"));
        QCOMPARE(m.inputs.size(), std::size_t{1});
        QCOMPARE(m.inputs[0].shapeText(), std::string("[N, 1, 8, 8]"));
        QCOMPARE(m.outputs[0].shapeText(), std::string("[N, 5]"));

        const onnx::InspectedNode& conv = m.nodes.front();
        QCOMPARE(conv.opType, std::string("Conv"));
        std::map<std::string, std::string> attrs;
        for (const auto& a : conv.attributes) attrs[a.name] = a.type + " " + a.value;
        QCOMPARE(attrs.at("kernel_shape"), std::string("ints [3, 3]"));
        QCOMPARE(attrs.at("pads"), std::string("ints [1, 1, 1, 1]"));
        // The weight input is an initializer with torch's values: the imported project holds the same.
        const onnx::InspectedTensor* w = m.weight(conv.inputs.at(1));
        QVERIFY(w);
        QCOMPARE(w->dtype, std::string("float32"));
        QCOMPARE(w->shapeText(), std::string("[4, 1, 3, 3]"));
        QVERIFY(w->values.defined());
        const onnx::ImportedProject p = onnx::importOnnxProject(path("cnn.onnx"), path("cnn.tessera"));
        const auto saved = io::loadSafetensors(p.weights).tensors;
        bool found = false;
        for (const auto& [name, t] : saved) {
            if (t.sizes() == w->values.sizes() && t.toVector<float>() == w->values.toVector<float>()) found = true;
        }
        QVERIFY2(found, "the Conv weight's values are not the imported project's");
        QCOMPARE(m.producerOf(conv.outputs[0]), 0);
        QCOMPARE(m.producerOf(m.inputs[0].name), -1);
    }

    void unsupportedOperatorsAreMarkedAndTheRestReads() {
        const onnx::InspectedModel m = onnx::inspectOnnxFile(path("unsupported.onnx"));
        QStringList ops;
        for (const auto& n : m.nodes) ops << QString::fromStdString(n.opType);
        QCOMPARE(ops, m_ops.at("unsupported"));
        int marked = 0;
        for (const auto& n : m.nodes) {
            if (n.opType == "HardSwish" || n.opType == "Abs") {
                QVERIFY(!n.supported);
                QCOMPARE(n.reason, "Tessera has no layer for the ONNX operator " + n.opType +
                                       " (docs/onnx.md lists what it imports)");
                ++marked;
            }
        }
        QCOMPARE(marked, 2);
        QVERIFY2(m.importError.find("unsupported ONNX operators: HardSwish, Abs") != std::string::npos,
                 m.importError.c_str());
    }

    // A supported operator used in a way Tessera cannot represent: the importer's reason on that node.
    void aRefusedUseIsMarkedOnItsNode() {
        const onnx::InspectedModel m = onnx::inspectOnnxFile(path("time_first.onnx"));
        QVERIFY(!m.importError.empty());
        int marked = 0;
        for (const auto& n : m.nodes) {
            if (n.supported) continue;
            ++marked;
            QVERIFY(!n.reason.empty());
            QVERIFY2(m.importError.find(n.reason) != std::string::npos, m.importError.c_str());
        }
        QCOMPARE(marked, 1);
    }

    void damagedFilesStillThrow() {
        const std::string bytes = io::readFile(path("mlp.onnx"));
        QVERIFY_THROWS_EXCEPTION(IoError, onnx::inspectOnnx(bytes.substr(0, 100), "cut.onnx"));
        QVERIFY_THROWS_EXCEPTION(IoError, onnx::inspectOnnx("not a model", "text.onnx"));
    }

    // torch's MLP ends in a Linear scoring 3 classes; its CNN in a LogSoftmax over 5.
    void aClassifierGetsATargetAndALoss() {
        const onnx::ImportedModel mlp = onnx::importOnnxFile(path("mlp.onnx"));
        QCOMPARE(onnx::outputShapeText(mlp.graph), std::string("[N, 3]"));
        const auto choices = onnx::trainingTaskChoices(mlp);
        QVERIFY(choices.size() >= 3);
        QCOMPARE(choices[0].kind, onnx::TrainingTask::Kind::Classification);
        QCOMPARE(choices[0].loss, std::string("CrossEntropyLoss"));
        QCOMPARE(choices[0].classes, std::int64_t{3});
        QCOMPARE(choices[1].kind, onnx::TrainingTask::Kind::Regression);
        QCOMPARE(choices[1].shape, std::vector<std::int64_t>{3});
        QCOMPARE(choices.back().kind, onnx::TrainingTask::Kind::None);

        const onnx::ImportedModel cnn = onnx::importOnnxFile(path("cnn.onnx"));
        const auto c = onnx::trainingTaskChoices(cnn).front();
        QCOMPARE(c.loss, std::string("NLLLoss"));
        QCOMPARE(c.classes, std::int64_t{5});
        QCOMPARE(cnn.graph.node(c.prediction).type, std::string("LogSoftmax"));

        // The project an import writes has them, connected, and analyses without errors.
        const onnx::ImportedProject p = onnx::importOnnxProject(path("mlp.onnx"), path("mlp.tessera"));
        const graph::GraphReport r = graph::analyze(graph::ModelGraph::fromProject(p.project));
        QVERIFY(!r.hasErrors());
        QVERIFY(!r.targetId.empty() && !r.lossId.empty());
        QCOMPARE(p.project.findNode(r.lossId)->type, std::string("CrossEntropyLoss"));
    }

    // Regression chosen instead, exported and imported again: the file keeps the task.
    void theTaskSurvivesARoundTrip() {
        const onnx::ImportedModel mlp = onnx::importOnnxFile(path("mlp.onnx"));
        onnx::TrainingTask regression = onnx::trainingTaskChoices(mlp).at(2);
        QCOMPARE(regression.loss, std::string("L1Loss"));
        const onnx::ImportedProject p = onnx::importOnnxProject(path("mlp.onnx"), path("mlp-l1.tessera"), regression);
        onnx::exportProjectOnnx(p.project, p.weights, path("mlp-l1.onnx"));
        const onnx::ImportedModel again = onnx::importOnnxFile(path("mlp-l1.onnx"));
        QVERIFY(again.metadata.count(onnx::kTaskMetadataKey));
        const onnx::TrainingTask kept = onnx::trainingTaskChoices(again).front();
        QVERIFY(kept.fromMetadata);
        QCOMPARE(kept.kind, onnx::TrainingTask::Kind::Regression);
        QCOMPARE(kept.loss, std::string("L1Loss"));
        QCOMPARE(kept.shape, std::vector<std::int64_t>{3});
        QVERIFY(again.graph.findNode(kept.prediction));
        // The inferred choices follow, without a duplicate of the kept one.
        QCOMPARE(onnx::trainingTaskChoices(again).at(1).loss, std::string("CrossEntropyLoss"));
    }
};

QTEST_MAIN(TestOnnxInspect)
#include "test_onnx_inspect.moc"
