// File → Export ONNX… and Open ONNX… through the window's action path (no dialogs): a moons-mlp run
// trained in the workbench, the run selected in the run list rather than the latest, and the Done-when path —
// digits-cnn trained in the workbench, exported, and the file run in onnxruntime-node with the same predictions; a
// torch-exported CNN opened as a project shows its layers in the designer and exports again, and training it fine-tunes
// the imported weights; failures reach the Messages dock and the window keeps its project.
#include <QAction>
#include <QCryptographicHash>
#include <QDir>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/main_window.h"
#include "app/onnx/onnx_actions.h"
#include "app/project/project_document.h"
#include "app/training/training_page.h"
#include "core/graph/model_graph.h"
#include "core/io/json.h"
#include "core/io/safetensors.h"
#include "core/ops/minmax.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"
#include "core/train/project_session.h"
#include "tests/core/onnx/onnx_harness.h"
#include "widgets/common/messages_model.h"
#include "widgets/designer/graph_model.h"

using namespace tessera;
using app::MainWindow;

namespace {

bool lastMessageContains(const MainWindow& w, const QString& text) {
    const auto* m = w.messages();
    return m->rowCount() > 0 && m->at(m->rowCount() - 1).text.contains(text);
}

// name → SHA-256 of the bytes, of every tensor in a weights file and of every initializer in an ONNX file.
std::map<QString, QString> weightHashes(const QString& safetensors) {
    std::map<QString, QString> out;
    for (const auto& [name, t] : io::loadSafetensors(safetensors.toStdString()).tensors) {
        const std::vector<float> v = t.toVector<float>();
        const QByteArray bytes(reinterpret_cast<const char*>(v.data()),
                               static_cast<qsizetype>(v.size() * sizeof(float)));
        out[QString::fromStdString(name)] = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
    }
    return out;
}

std::map<QString, QString> initializerHashes(const QString& onnxFile) {
    QString text;
    const QString tool = QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/onnx_tool.py");
    if (onnx_harness::runProgram(TESSERA_PYTHON3, {tool, "inits", onnxFile}, text) != 0) return {};
    std::map<QString, QString> out;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList parts = line.split(QLatin1Char(' '));
        if (parts.size() == 2) out[parts[0]] = parts[1].trimmed();
    }
    return out;
}

}  // namespace

class TestOnnxActions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::filesystem::path dir() const { return m_dir.path().toStdString(); }

    // Trains the example in the window for `epochs` epochs; the run's model stays in the controller.
    void train(MainWindow& w, const QString& example, std::int64_t epochs) {
        w.trainingPage()->setRunsRoot(m_dir.filePath("runs"));
        QVERIFY(w.openExample(example));
        QSignalSpy finished(w.trainingPage()->controller(), &app::TrainingController::finished);
        QVERIFY2(w.trainingPage()->run({.epochs = epochs}), qPrintable(w.trainingPage()->controller()->lastError()));
        QVERIFY(finished.wait(120000));
    }

    // Exports through the action path and returns the largest violation of rtol 1e-5 / atol 1e-6 between
    // onnxruntime and predict on `x`.
    double exportAndCompare(MainWindow& w, const QString& name, const Tensor& x, Tensor* ortOut = nullptr) {
        const QString file = m_dir.filePath(name + ".onnx");
        if (!w.onnxActions()->exportTo(file)) return INFINITY;
        if (!lastMessageContains(w, file)) return INFINITY;
        const Tensor got = onnx_harness::runOrt(file.toStdString(), x, dir());
        const Tensor expected = train::predict(w.trainingPage()->controller()->session()->model(), x);
        if (ortOut) *ortOut = got;
        return onnx_harness::excess(got, expected);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QVERIFY2(onnx_harness::haveOrt(),
                 "onnxruntime-node is not installed in tools/onnxruntime: run scripts/setup-deps.sh");
        QString log;
        QVERIFY2(onnx_harness::runProgram(
                     TESSERA_PYTHON3,
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/torch_models.py"), m_dir.path()}, log) == 0,
                 qPrintable(log));
    }

    void exportIsDisabledWithoutTrainedWeights() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        w.trainingPage()->setRunsRoot(m_dir.filePath("no-runs"));
        QVERIFY(w.openExample("iris-mlp"));
        w.onnxActions()->updateActions();
        QVERIFY(!w.onnxActions()->exportAction()->isEnabled());
        QVERIFY(w.onnxActions()->openAction()->isEnabled());
        QSignalSpy errors(&w, &MainWindow::errorReported);
        const QString file = m_dir.filePath("untrained.onnx");
        QVERIFY(!w.onnxActions()->exportTo(file));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.at(0).at(0).toString().contains("has no trained weights"), qPrintable(w.lastError()));
        QVERIFY(!QFile::exists(file));
    }

    void exportsATrainedMoonsRun() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        train(w, "moons-mlp", 3);
        QVERIFY(w.onnxActions()->exportAction()->isEnabled());
        QVERIFY(w.onnxActions()->exportWeights().endsWith("run-001/weights.safetensors"));
        Generator gen(3);
        const Tensor x = randn({100, 2}, DType::Float32, &gen);
        const double e = exportAndCompare(w, "moons", x);
        qInfo("moons-mlp: worst |ort - predict| - (atol + rtol·|predict|) = %g", e);
        QVERIFY(e <= 0);

        // An edit that no longer fits the weights fails with the loader's message; the window keeps going.
        QVERIFY(w.document()->graphModel()->setParam("fc1", "out_features", io::Json(7)));
        QVERIFY(w.document()->graphModel()->setParam("fc2", "in_features", io::Json(7)));
        QSignalSpy errors(&w, &MainWindow::errorReported);
        const QString bad = m_dir.filePath("moons-edited.onnx");
        QVERIFY(!w.onnxActions()->exportTo(bad));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(w.lastError().contains("Export ONNX failed") && w.lastError().contains("weights.safetensors"),
                 qPrintable(w.lastError()));
        QVERIFY(!QFile::exists(bad));
    }

    // Two runs with different weights: with run-001 selected in the run list, the file holds run-001's
    // weights (initializer for initializer) and the action says so; with none selected, the latest run's.
    void exportsTheRunSelectedInTheRunList() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        w.trainingPage()->setRunsRoot(m_dir.filePath("two-runs"));
        QVERIFY(w.openExample("moons-mlp"));
        QSignalSpy finished(w.trainingPage()->controller(), &app::TrainingController::finished);
        for (const std::int64_t epochs : {1, 3}) {
            QVERIFY(w.trainingPage()->run({.epochs = epochs}));
            QVERIFY(finished.wait(120000));
        }
        const QDir runs(w.trainingPage()->runsFolder());
        const QString first = runs.filePath("run-001/weights.safetensors"),
                      second = runs.filePath("run-002/weights.safetensors");
        const auto firstWeights = weightHashes(first), secondWeights = weightHashes(second);
        QVERIFY(!firstWeights.empty());
        QVERIFY(firstWeights != secondWeights);

        QAction* action = w.onnxActions()->exportAction();
        QListWidget* list = w.trainingPage()->runsList();
        QCOMPARE(list->count(), 2);
        QVERIFY(list->selectedItems().isEmpty());
        QCOMPARE(w.onnxActions()->exportWeights(), second);
        QCOMPARE(action->text(), QStringLiteral("E&xport ONNX (run-002)…"));
        QVERIFY2(action->statusTip().contains("the latest run"), qPrintable(action->statusTip()));

        list->findItems("run-001", Qt::MatchExactly).front()->setSelected(true);
        QCOMPARE(w.trainingPage()->selectedRun(), QStringLiteral("run-001"));
        QCOMPARE(action->text(), QStringLiteral("E&xport ONNX (run-001)…"));
        QVERIFY2(action->statusTip().contains("run-001, the run selected"), qPrintable(action->statusTip()));
        const QString file = m_dir.filePath("selected-run.onnx");
        QVERIFY2(w.onnxActions()->exportTo(file), qPrintable(w.lastError()));
        QVERIFY(lastMessageContains(w, first));
        const auto exported = initializerHashes(file);
        for (const auto& [name, hash] : firstWeights) {
            QVERIFY2(exported.count(name), qPrintable(name));
            QCOMPARE(exported.at(name), hash);
        }

        // The selection survives the list being read again; cleared, the latest run is used again.
        w.trainingPage()->refreshRuns();
        QCOMPARE(w.trainingPage()->selectedRun(), QStringLiteral("run-001"));
        list->clearSelection();
        QCOMPARE(action->text(), QStringLiteral("E&xport ONNX (run-002)…"));
        const QString latest = m_dir.filePath("latest-run.onnx");
        QVERIFY2(w.onnxActions()->exportTo(latest), qPrintable(w.lastError()));
        const auto exportedLatest = initializerHashes(latest);
        for (const auto& [name, hash] : secondWeights) {
            QVERIFY2(exportedLatest.count(name), qPrintable(name));
            QCOMPARE(exportedLatest.at(name), hash);
        }
    }

    // Issue 10's Done-when: digits-cnn trained in the workbench, exported, and the file gives the same
    // predictions in onnxruntime on the test split.
    void digitsCnnTrainedInTheWorkbenchRunsInOnnxruntime() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        train(w, "digits-cnn", 2);
        train::ProjectSession* session = w.trainingPage()->controller()->session();
        QVERIFY(session);
        const Tensor features = session->split().test.features;
        const Tensor x = ops::reshape(features, {features.size(0), 1, 8, 8});
        Tensor ort;
        const double e = exportAndCompare(w, "digits-cnn", x, &ort);
        qInfo("digits-cnn, %lld test images: worst |ort - predict| - (atol + rtol·|predict|) = %g",
              static_cast<long long>(x.size(0)), e);
        QVERIFY(e <= 0);
        const Tensor ours = train::predict(session->model(), x);
        const auto a = ops::argmax(ort, 1).toVector<std::int64_t>(), b = ops::argmax(ours, 1).toVector<std::int64_t>();
        QCOMPARE(a, b);
    }

    void opensATorchExportedModelInTheDesigner() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        w.trainingPage()->setRunsRoot(m_dir.filePath("imported-runs"));
        const QString project = m_dir.filePath("cnn.tessera");
        QVERIFY2(w.onnxActions()->importTo(m_dir.filePath("cnn.onnx"), project), qPrintable(w.lastError()));
        QCOMPARE(w.document()->filePath(), project);
        QVERIFY(QFile::exists(m_dir.filePath("cnn.safetensors")));
        QVERIFY(lastMessageContains(w, "Imported"));
        const widgets::GraphModel* g = w.document()->graphModel();
        QStringList types;
        for (const QString& id : g->nodeIds()) types << g->nodeData(id, widgets::GraphModel::TypeRole).toString();
        for (const char* type : {"Input", "Conv2d", "BatchNorm2d", "ReLU", "MaxPool2d", "Sigmoid", "Flatten", "Linear",
                                 "LogSoftmax", "Output"}) {
            QVERIFY2(types.contains(type), type);
        }
        // Shown with shapes, no problems; the designer can edit it.
        for (const QString& id : g->nodeIds()) {
            QVERIFY2(g->nodeData(id, widgets::GraphModel::ValidRole).toBool(), qPrintable(id));
            if (g->nodeData(id, widgets::GraphModel::TypeRole).toString() == "LogSoftmax") {
                QCOMPARE(g->nodeData(id, widgets::GraphModel::OutputShapesRole).toStringList(), QStringList{"[N, 5]"});
            }
        }
        // The imported weights are what an export uses; the file has torch's operators again.
        w.onnxActions()->updateActions();
        QVERIFY(w.onnxActions()->exportAction()->isEnabled());
        QCOMPARE(w.onnxActions()->exportWeights(), m_dir.filePath("cnn.safetensors"));
        const QString again = m_dir.filePath("cnn-again.onnx");
        QVERIFY2(w.onnxActions()->exportTo(again), qPrintable(w.lastError()));
        QString torchOps, ours;
        const QString tool = QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/onnx_tool.py");
        QCOMPARE(onnx_harness::runProgram(TESSERA_PYTHON3, {tool, "ops", m_dir.filePath("cnn.onnx")}, torchOps), 0);
        QCOMPARE(onnx_harness::runProgram(TESSERA_PYTHON3, {tool, "ops", again}, ours), 0);
        QCOMPARE(ours, torchOps);
        // …and it still runs torch's numbers.
        const Tensor x = io::readNpy(dir() / "x_cnn.npy");
        QVERIFY(onnx_harness::excess(onnx_harness::runOrt(again.toStdString(), x, dir()),
                                     io::readNpy(dir() / "y_cnn.npy")) <= 0);

        // Editable and trainable: the import gave it a Target of five classes and NLLLoss after its
        // LogSoftmax; ten classes instead, the digits as data.
        widgets::GraphModel* edit = w.document()->graphModel();
        QCOMPARE(g->nodeData("loss", widgets::GraphModel::TypeRole).toString(), QStringLiteral("NLLLoss"));
        QCOMPARE(w.document()->project().findNode("target")->params.at("classes").asInteger(), std::int64_t{5});
        QVERIFY(edit->setParam("linear1", "out_features", io::Json(10)));
        QVERIFY(edit->setParam("target", "classes", io::Json(10)));
        io::Project p = w.document()->project();
        p.data = io::parseJson(R"({"dataset": "digits", "scale": 0.0625, "testFraction": 0.2, "seed": 0})", "data");
        p.training = io::parseJson(
            R"({"epochs": 3, "batchSize": 64, "seed": 0, "optimizer": {"type": "Adam", "lr": 0.01}})", "training");
        train::ProjectSession session(p, project.toStdString());
        const train::Metrics before = session.evaluate("test");
        session.trainer().run();
        const train::Metrics after = session.evaluate("test");
        qInfo("imported CNN on digits: test loss %.3f before, %.3f after 3 epochs", before.loss, after.loss);
        QVERIFY(after.loss < before.loss);
    }

    // An imported project's training section names its weights file (training.initialWeights), so a run
    // starts from torch's weights: at step 0 the test loss is the cross-entropy of torch's own outputs.
    void trainingAnImportedModelStartsFromItsWeights() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        const QString project = m_dir.filePath("mlp-ft.tessera");
        QVERIFY2(w.onnxActions()->importTo(m_dir.filePath("mlp.onnx"), project), qPrintable(w.lastError()));
        QCOMPARE(io::loadProject(project.toStdString()).training.at("initialWeights").asString(),
                 std::string("mlp-ft.safetensors"));

        // torch's inputs as a CSV data set (labels 0, 1, 2 in turn), and a loss on the model's logits.
        const Tensor x = io::readNpy(dir() / "x_mlp.npy");
        const Tensor y = io::readNpy(dir() / "y_mlp.npy");
        const std::int64_t n = x.size(0), f = x.size(1), classes = y.size(1);
        const std::vector<float> xs = x.toVector<float>(), ys = y.toVector<float>();
        {
            QFile csv(m_dir.filePath("mlp-ft.csv"));
            QVERIFY(csv.open(QIODevice::WriteOnly));
            QByteArray text;
            for (std::int64_t j = 0; j < f; ++j) text += "f" + QByteArray::number(j) + ",";
            text += "label\n";
            char number[32];
            for (std::int64_t i = 0; i < n; ++i) {
                for (std::int64_t j = 0; j < f; ++j) {
                    std::snprintf(number, sizeof number, "%.9g,", static_cast<double>(xs[i * f + j]));
                    text += number;
                }
                text += QByteArray::number(i % classes) + "\n";
            }
            csv.write(text);
        }
        io::Project p = w.document()->project();
        std::string logits;
        for (const io::EdgeSpec& e : p.edges)
            if (p.findNode(e.to)->type == "Output") logits = e.from;
        // The import gave it a Target of torch's classes and cross-entropy on the logits.
        QCOMPARE(p.findNode("target")->params.at("classes").asInteger(), classes);
        QCOMPARE(p.findNode("loss")->type, std::string("CrossEntropyLoss"));
        bool onLogits = false;
        for (const io::EdgeSpec& e : p.edges) onLogits = onLogits || (e.to == "loss" && e.from == logits);
        QVERIFY(onLogits);
        p.data = io::parseJson(R"({"csv": "mlp-ft.csv", "target": "label", "testFraction": 0.2, "seed": 0})", "data");
        train::ProjectSession session(p, project.toStdString(), {.seed = 3});

        // Each test row is one of torch's inputs; its loss is computed from torch's outputs for it.
        const Tensor testX = session.split().test.features;
        const std::vector<float> tx = testX.toVector<float>();
        const std::vector<std::int64_t> labels = session.split().test.targets.toVector<std::int64_t>();
        double expected = 0;
        for (std::size_t r = 0; r < labels.size(); ++r) {
            std::int64_t row = -1;
            for (std::int64_t i = 0; i < n && row < 0; ++i)
                if (std::equal(xs.begin() + i * f, xs.begin() + (i + 1) * f,
                               tx.begin() + static_cast<std::int64_t>(r) * f))
                    row = i;
            QVERIFY(row >= 0);
            double top = -INFINITY, sum = 0;
            for (std::int64_t c = 0; c < classes; ++c) top = std::max(top, double(ys[row * classes + c]));
            for (std::int64_t c = 0; c < classes; ++c) sum += std::exp(ys[row * classes + c] - top);
            expected += top + std::log(sum) - ys[row * classes + labels[r]];
        }
        expected /= static_cast<double>(labels.size());
        const double got = session.evaluate("test").loss;
        qInfo("imported MLP, step 0: test loss %.7f, from torch's outputs %.7f", got, expected);
        QVERIFY(std::abs(got - expected) <= 1e-5 * std::max(1.0, std::abs(expected)));
        QVERIFY(onnx_harness::excess(train::predict(session.model(), x), y) <= 0);

        // Without the key the model starts from seed-drawn weights instead.
        p.training = io::Json::object();
        train::ProjectSession seeded(p, project.toStdString(), {.seed = 3});
        QVERIFY(std::abs(seeded.evaluate("test").loss - expected) > 1e-3);
    }

    void unsupportedOperatorsAreNamedAndTheProjectStays() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("iris-mlp"));
        const QString project = m_dir.filePath("refused.tessera");
        QSignalSpy errors(&w, &MainWindow::errorReported);
        const QString unsupported = m_dir.filePath("unsupported.onnx");
        QVERIFY(!w.onnxActions()->importTo(unsupported, project));
        QVERIFY2(w.lastError().contains(unsupported + ": unsupported ONNX operators: HardSwish, Abs"),
                 qPrintable(w.lastError()));

        const QString cutFile = m_dir.filePath("truncated.onnx");
        QFile full(m_dir.filePath("mlp.onnx"));
        QVERIFY(full.open(QIODevice::ReadOnly));
        QFile cut(cutFile);
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(full.readAll().left(100));
        cut.close();
        QVERIFY(!w.onnxActions()->importTo(cutFile, project));
        QVERIFY2(w.lastError().contains(cutFile + ": not a valid ONNX model"), qPrintable(w.lastError()));
        QCOMPARE(errors.count(), 2);
        QVERIFY(!QFile::exists(project));
        QCOMPARE(QString::fromStdString(w.document()->project().name), QStringLiteral("iris-mlp"));
    }

    // Open ONNX… reads the model before it asks where to save a project: a file that cannot be
    // imported is refused with its reason and the second question is never asked.
    void openOnnxChecksTheModelBeforeAskingWhereToSave() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("iris-mlp"));
        QStringList asked;
        QString model;
        const QString project = m_dir.filePath("asked.tessera");
        w.onnxActions()->setFileQuestions(
            [&](const QString&) {
                asked << "model";
                return model;
            },
            [&](const QString& suggestion) {
                asked << "project " + QFileInfo(suggestion).fileName();
                return project;
            });
        w.onnxActions()->setOpenQuestion([](const QString&) { return app::OnnxActions::OpenChoice::Import; });
        w.onnxActions()->setTaskQuestion([&](const std::vector<onnx::TrainingTask>& choices, const QString& shape) {
            asked << "task " + shape;
            return std::optional<onnx::TrainingTask>(choices.front());
        });
        for (const QString& bad : {m_dir.filePath("unsupported.onnx"), m_dir.filePath("truncated.onnx")}) {
            model = bad;
            asked.clear();
            w.onnxActions()->openDialog();
            QCOMPARE(asked, QStringList{"model"});
            QVERIFY2(w.lastError().startsWith("Open ONNX failed: " + bad), qPrintable(w.lastError()));
        }
        QVERIFY(!QFile::exists(project));
        model = m_dir.filePath("mlp.onnx");
        asked.clear();
        w.onnxActions()->openDialog();
        QCOMPARE(asked, (QStringList{"model", "task [N, 3]", "project mlp.tessera"}));
        QVERIFY(QFile::exists(project));
        QCOMPARE(w.document()->filePath(), project);
    }
};

QTEST_MAIN(TestOnnxActions)
#include "test_onnx_actions.moc"
