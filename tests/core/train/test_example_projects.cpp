// Every example project builds into a training session and learns: after a few steps the loss on the
// whole training split (eval mode) is below the loss before them. Also the session's files: metrics
// rows, test metrics JSON and weights that load into a fresh model and predict the same outputs.
#include <QTest>

#include <filesystem>

#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"

using namespace tessera;

namespace {

const char* const kExamples[] = {
    "moons-mlp", "iris-mlp",        "digits-cnn", "breast-cancer-logreg", "spirals-residual-mlp",
    "sine-lstm", "sine-transformer"};

std::filesystem::path example(const std::string& name) {
    return std::filesystem::path(TESSERA_SOURCE_DIR) / "resources" / "examples" / (name + ".tessera");
}

}  // namespace

class TestExampleProjects : public QObject {
    Q_OBJECT

private slots:
    void everyExampleLearnsInAFewSteps_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : kExamples) QTest::newRow(name) << QString(name);
    }

    void everyExampleLearnsInAFewSteps() {
        QFETCH(QString, name);
        const auto file = example(name.toStdString());
        train::ProjectSession session(io::loadProject(file), file, {.seed = 1});
        const double before = session.evaluate("train").loss;
        session.trainer().callbacks().onStep = [&](const train::StepRecord& r) {
            if (r.step >= 8) session.trainer().control().stop();
        };
        session.trainer().run();
        QCOMPARE(session.trainer().globalStep(), std::int64_t{8});
        const double after = session.evaluate("train").loss;
        QVERIFY2(after < before,
                 qPrintable(QString("%1: loss %2 before, %3 after 8 steps").arg(name).arg(before).arg(after)));
    }

    void weightsRoundTripThroughAFile() {
        const auto file = example("iris-mlp");
        const io::Project project = io::loadProject(file);
        train::ProjectSession session(project, file, {.epochs = 2, .seed = 1});
        session.trainer().run();
        const auto weights = std::filesystem::path(TESSERA_BINARY_DIR) / "test_example_projects_iris.safetensors";
        session.saveWeights(weights);

        auto fresh = train::buildModel(project, 7);
        train::loadWeights(*fresh, weights);
        Tensor x = session.split().test.features;
        std::vector<float> a = train::predict(session.model(), x).toVector<float>();
        std::vector<float> b = train::predict(*fresh, x).toVector<float>();
        QVERIFY(a == b);
        // Another project's weights do not fit, and the message names the file.
        auto other = train::buildModel(io::loadProject(example("moons-mlp")), 0);
        try {
            train::loadWeights(*other, weights);
            QFAIL("expected ValueError");
        } catch (const ValueError& e) {
            QVERIFY2(std::string(e.what()).find("test_example_projects_iris.safetensors: the weights do not fit") !=
                         std::string::npos,
                     e.what());
        }
    }

    void metricsFilesHaveTheDocumentedColumns() {
        train::EpochRecord r;
        r.epoch = 3;
        r.step = 39;
        r.train.loss = 0.25;
        r.train.accuracy = 0.875;
        r.validation = train::Metrics{};
        r.validation->samples = 10;
        r.validation->loss = 0.5;
        r.validation->accuracy = 0.9;
        r.lr = 0.01;
        r.elapsedMs = 12.5;
        QCOMPARE(train::metricsCsvHeader(),
                 std::string("epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms\n"));
        QCOMPARE(train::metricsCsvRow(r), std::string("3,39,0.25,0.5,0.875,0.9,0.01,12.500\n"));
        train::Metrics m;
        m.samples = 4;
        m.loss = 0.5;
        m.accuracy = 0.75;
        io::Json j = train::metricsJson(m, "test");
        QCOMPARE(j.at("test_acc").asNumber(), 0.75);
        QCOMPARE(j.at("test_loss").asNumber(), 0.5);
        QCOMPARE(j.at("samples").asInteger(), std::int64_t{4});
    }
};

QTEST_APPLESS_MAIN(TestExampleProjects)
#include "test_example_projects.moc"
