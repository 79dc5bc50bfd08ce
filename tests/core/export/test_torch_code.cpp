// The PyTorch code export (core/export/torch_code.h) against Debian's python3-torch: for every net
// example, the exported model with Tessera's weights gives Tessera's outputs on the test split, one
// epoch of train.py without shuffling gives Tessera's loss at every step, the code compiles with no
// unused import; launch.sh trains digits-cnn on two processes and DDP's gradients equal one process's.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/export/torch_code.h"
#include "core/io/npy.h"
#include "core/io/project.h"
#include "core/train/project_session.h"
#include "core/train/trainer.h"

using namespace tessera;

namespace {

const QString kChecker = QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/export/check_export.py");

std::filesystem::path examplePath(const std::string& name) {
    return std::filesystem::path(TESSERA_SOURCE_DIR) / "resources/examples" / (name + ".tessera");
}

// The last line of the checker's output as JSON; fails the test when the checker failed.
QJsonObject check(const QStringList& args, int timeoutMs = 300000) {
    QProcess p;
    p.start(QStringLiteral(TESSERA_PYTHON3), QStringList{kChecker} + args);
    if (!p.waitForFinished(timeoutMs)) qFatal("check_export.py %s did not finish", qPrintable(args.join(' ')));
    const QByteArray out = p.readAllStandardOutput().trimmed();
    const QJsonObject result = QJsonDocument::fromJson(out.split('\n').last()).object();
    if (p.exitCode() != 0 || !result.value("ok").toBool())
        qWarning("check_export.py %s: %s %s", qPrintable(args.join(' ')), out.constData(),
                 p.readAllStandardError().right(3000).constData());
    return result;
}

// A copy of an example that trains one epoch in a fixed order with no randomness in the forward pass.
io::Project deterministicCopy(const std::string& name) {
    io::Project p = io::loadProject(examplePath(name));
    p.training.set("shuffle", false);
    p.training.set("epochs", std::int64_t{1});
    for (io::NodeSpec& node : p.nodes) {
        if (node.type == "Dropout") node.params.set("p", 0.0);
        if (node.type == "TransformerEncoderLayer") node.params.set("dropout", 0.0);
    }
    return p;
}

}  // namespace

class TestTorchCode : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void netExamples_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"moons-mlp", "iris-mlp", "breast-cancer-logreg", "digits-cnn", "spirals-residual-mlp",
                                 "sine-lstm", "sine-transformer"})
            QTest::newRow(name) << QString(name);
    }

    // Weights from a short Tessera run, exported with the code: the model gives Tessera's outputs.
    void netExamples() {
        QFETCH(QString, name);
        const std::filesystem::path file = examplePath(name.toStdString());
        const std::filesystem::path dir = m_tmp.filePath(name + "-outputs").toStdString();
        io::Project project = io::loadProject(file);
        project.training.set("epochs", std::int64_t{2});
        train::ProjectSession session(project, file);
        session.trainer().run();
        session.saveWeights(dir.string() + ".safetensors");
        exporter::exportTorchCode(project, file, dir, {.weights = dir.string() + ".safetensors"});

        const Tensor expected = train::predict(session.model(), session.split().test.features);
        io::writeNpy(dir / "expected.npy", expected);
        const QJsonObject r = check({"outputs", QString::fromStdString(dir.string()),
                                     QString::fromStdString((dir / "weights.safetensors").string()),
                                     QString::fromStdString((dir / "expected.npy").string())});
        QVERIFY2(r.value("ok").toBool(), qPrintable(QJsonDocument(r).toJson(QJsonDocument::Compact)));

        const QJsonObject lint = check({"lint", QString::fromStdString(dir.string())});
        QVERIFY2(lint.value("ok").toBool(), qPrintable(lint.value("message").toString()));
    }

    void oneEpochMatchesTessera_data() { netExamples_data(); }

    // One epoch from the same initial weights, without shuffling: the same loss at every step.
    void oneEpochMatchesTessera() {
        QFETCH(QString, name);
        const std::filesystem::path file = examplePath(name.toStdString());
        const std::filesystem::path dir = m_tmp.filePath(name + "-epoch").toStdString();
        const io::Project project = deterministicCopy(name.toStdString());
        exporter::exportTorchCode(project, file, dir);

        train::ProjectSession session(project, file);
        const std::filesystem::path steps = dir / "tessera_steps.csv";
        std::ofstream log(steps);
        log << "step,loss\n";
        session.trainer().callbacks().onStep = [&log](const train::StepRecord& r) {
            char value[40];
            std::snprintf(value, sizeof value, "%.17g", r.loss);
            log << r.step << "," << value << "\n";
        };
        session.trainer().run();
        log.close();
        const QJsonObject r =
            check({"steps", QString::fromStdString(dir.string()), QString::fromStdString(steps.string())});
        QVERIFY2(r.value("ok").toBool(), qPrintable(QJsonDocument(r).toJson(QJsonDocument::Compact)));
        QVERIFY(r.value("steps").toInt() > 1);
    }

    // Two processes on this machine (gloo): DDP's averaged gradients are one process's over the same
    // global batch, and launch.sh trains an epoch in which the loss falls.
    void distributedTraining() {
        const std::filesystem::path file = examplePath("digits-cnn");
        const std::filesystem::path dir = m_tmp.filePath("digits-ddp").toStdString();
        exporter::exportTorchCode(deterministicCopy("digits-cnn"), file, dir);
        const QJsonObject grads = check({"ddp-gradients", QString::fromStdString(dir.string())});
        QVERIFY2(grads.value("ok").toBool(), qPrintable(QJsonDocument(grads).toJson(QJsonDocument::Compact)));
        QVERIFY(grads.value("parameters").toInt() >= 6);

        QProcess launch;
        launch.setWorkingDirectory(QString::fromStdString(dir.string()));
        launch.start("sh", {"launch.sh", "2", "--epochs", "1", "--out", "run", "--steps-csv", "run/steps.csv"});
        QVERIFY(launch.waitForFinished(300000));
        QVERIFY2(launch.exitCode() == 0, launch.readAllStandardError().right(3000).constData());
        std::ifstream csv(dir / "run" / "steps.csv");
        std::string line;
        std::getline(csv, line);
        std::vector<double> losses;
        while (std::getline(csv, line)) losses.push_back(std::stod(line.substr(line.find(',') + 1)));
        QVERIFY(losses.size() >= 10);
        const double first = (losses[0] + losses[1] + losses[2]) / 3;
        const double last = (losses[losses.size() - 1] + losses[losses.size() - 2] + losses[losses.size() - 3]) / 3;
        QVERIFY2(last < 0.95 * first, qPrintable(QString("loss %1 → %2").arg(first).arg(last)));
        QVERIFY(std::filesystem::exists(dir / "run" / "weights.safetensors"));
        QVERIFY(std::filesystem::exists(dir / "run" / "metrics.csv"));
    }

    void modelReadsAsHandWritten() {
        const std::string text = exporter::torchModelSource(io::loadProject(examplePath("digits-cnn")), "digits-cnn");
        QVERIFY(text.find("class Model(nn.Module):") != std::string::npos);
        QVERIFY(text.find("self.conv1 = nn.Conv2d(in_channels=1, out_channels=8, kernel_size=3, padding=1)") !=
                std::string::npos);
        QVERIFY(text.find("conv1 = self.conv1(x)") != std::string::npos);
        QVERIFY(text.find("import torch\n") == std::string::npos);  // nothing in this model needs it
        QVERIFY(text.find("def load_weights(model, path):") != std::string::npos);
    }

    void refusesWhatHasNoTorchEquivalent() {
        io::Project p = io::loadProject(examplePath("moons-mlp"));
        p.nodes.erase(std::remove_if(p.nodes.begin(), p.nodes.end(), [](const auto& n) { return n.type == "Output"; }),
                      p.nodes.end());
        p.edges.erase(std::remove_if(p.edges.begin(), p.edges.end(),
                                     [&p](const auto& e) { return !p.findNode(e.to) || !p.findNode(e.from); }),
                      p.edges.end());
        try {
            exporter::torchModelSource(p, "moons-mlp.tessera");
            QFAIL("a model without an Output was exported");
        } catch (const exporter::ExportError& e) {
            QVERIFY2(std::string(e.what()).find("moons-mlp.tessera") != std::string::npos, e.what());
        }
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_GUILESS_MAIN(TestTorchCode)
#include "test_torch_code.moc"
