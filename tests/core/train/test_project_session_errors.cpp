// A project whose optimiser or scheduler settings torch would refuse gives one error that names the
// project file, the setting (training.optimizer / training.scheduler) and torch's own reason; an
// unknown class name lists the ones there are.
#include <QTest>

#include <filesystem>

#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"

using namespace tessera;

namespace {

const std::filesystem::path kMoons =
    std::filesystem::path(TESSERA_SOURCE_DIR) / "resources" / "examples" / "moons-mlp.tessera";

// The message of the ValueError building a session of moons-mlp with `training` raises.
QString errorWith(const char* training) {
    io::Project project = io::loadProject(kMoons);
    project.training = io::parseJson(training, "training");
    try {
        train::ProjectSession session(project, kMoons, {});
    } catch (const ValueError& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("no error");
}

}  // namespace

class TestProjectSessionErrors : public QObject {
    Q_OBJECT

private slots:
    void errorsNameTheFileTheSettingAndTheCause_data() {
        QTest::addColumn<QString>("training");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown optimizer")
            << R"({"optimizer": {"type": "adam"}})"
            << "training.optimizer: unknown optimizer 'adam' (expected one of Adam, AdamW, RMSprop, SGD)";
        QTest::newRow("unknown keyword") << R"({"optimizer": {"type": "Adam", "lrr": 0.1}})"
                                         << "training.optimizer: Adam: __init__() got an unexpected keyword "
                                            "argument 'lrr'";
        QTest::newRow("bad value") << R"({"optimizer": {"type": "SGD", "lr": -1}})"
                                   << "training.optimizer: Invalid learning rate: -1";
        QTest::newRow("missing scheduler argument")
            << R"({"scheduler": {"type": "StepLR"}})"
            << "training.scheduler: StepLR: __init__() missing required argument 'step_size'";
        QTest::newRow("unknown scheduler") << R"({"scheduler": {"type": "Nope"}})"
                                           << "training.scheduler: unknown scheduler 'Nope' (expected one of "
                                              "CosineAnnealingLR, LinearLR, OneCycleLR, StepLR)";
    }
    void errorsNameTheFileTheSettingAndTheCause() {
        QFETCH(QString, training);
        QFETCH(QString, expected);
        QCOMPARE(errorWith(training.toUtf8().constData()),
                 QString::fromStdString(kMoons.string()) + QStringLiteral(": ") + expected);
    }
};

QTEST_GUILESS_MAIN(TestProjectSessionErrors)
#include "test_project_session_errors.moc"
