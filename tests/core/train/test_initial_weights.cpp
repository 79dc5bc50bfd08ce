// training.initialWeights: a session starts from exactly the weights in that file (resolved beside the
// project file) instead of seed-drawn ones, a checkpoint loaded afterwards still wins, and a missing
// file or weights that do not fit the model give an error naming the project, the file, the parameter
// and the shapes.
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"

using namespace tessera;

namespace {

std::filesystem::path iris() {
    return std::filesystem::path(TESSERA_SOURCE_DIR) / "resources" / "examples" / "iris-mlp.tessera";
}

// Every tensor of the model's state dict, in order, as numbers.
std::vector<std::vector<float>> state(const nn::Module& model) {
    std::vector<std::vector<float>> out;
    for (const auto& [name, t] : model.stateDict())
        if (t.defined()) out.push_back(t.toVector<float>());
    return out;
}

template <typename E>
std::string errorOf(const io::Project& project, const std::filesystem::path& projectFile) {
    try {
        train::ProjectSession session(project, projectFile, {.seed = 5});
    } catch (const E& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

class TestInitialWeights : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void sessionStartsFromTheFilesWeights() {
        const std::filesystem::path dir = m_dir.path().toStdString();
        io::Project project = io::loadProject(iris());
        // Weights unlike any seed's: trained for an epoch from seed 1.
        train::ProjectSession trained(project, iris(), {.epochs = 1, .seed = 1});
        trained.trainer().run();
        trained.saveWeights(dir / "start.safetensors");

        project.training.set("initialWeights", "start.safetensors");
        const std::filesystem::path projectFile = dir / "iris.tessera";
        train::ProjectSession session(project, projectFile, {.seed = 5});
        QCOMPARE(session.config().initialWeights, std::string("start.safetensors"));
        QVERIFY(state(session.model()) == state(trained.model()));
        QCOMPARE(session.evaluate("test").loss, trained.evaluate("test").loss);

        // Without the key the same seed draws other weights.
        project.training = io::Json::object();
        train::ProjectSession seeded(project, projectFile, {.seed = 5});
        QVERIFY(state(seeded.model()) != state(trained.model()));
    }

    void aCheckpointLoadedAfterwardsWins() {
        const std::filesystem::path dir = m_dir.path().toStdString();
        io::Project project = io::loadProject(iris());
        train::ProjectSession first(project, iris(), {.epochs = 1, .seed = 2});
        first.trainer().run();
        first.saveWeights(dir / "start.safetensors");
        train::ProjectSession second(project, iris(), {.epochs = 2, .seed = 3});
        second.trainer().run();
        second.trainer().saveCheckpoint(dir / "checkpoint");

        project.training.set("initialWeights", (dir / "start.safetensors").string());  // absolute paths work too
        train::ProjectSession resumed(project, dir / "iris.tessera", {.epochs = 2, .seed = 3});
        QVERIFY(state(resumed.model()) == state(first.model()));
        resumed.trainer().loadCheckpoint(dir / "checkpoint");
        QVERIFY(state(resumed.model()) == state(second.model()));
        QCOMPARE(resumed.trainer().globalStep(), second.trainer().globalStep());
    }

    void aMissingFileNamesTheProjectAndTheFile() {
        io::Project project = io::loadProject(iris());
        project.training.set("initialWeights", "nowhere.safetensors");
        const std::filesystem::path projectFile = std::filesystem::path(m_dir.path().toStdString()) / "iris.tessera";
        const std::string e = errorOf<IoError>(project, projectFile);
        QVERIFY2(e.starts_with(projectFile.string() + ": training.initialWeights: "), e.c_str());
        QVERIFY2(e.find((projectFile.parent_path() / "nowhere.safetensors").string()) != std::string::npos, e.c_str());
    }

    void mismatchedWeightsNameTheFileParameterAndShapes() {
        const std::filesystem::path dir = m_dir.path().toStdString();
        io::Project project = io::loadProject(iris());
        train::saveWeights(*train::buildModel(project, 0), dir / "small.safetensors");
        // A wider hidden layer: the same names, other shapes.
        for (io::NodeSpec& node : project.nodes) {
            if (node.id == "fc1") node.params.set("out_features", 32);
            if (node.id == "fc2") node.params.set("in_features", 32);
        }
        project.training.set("initialWeights", "small.safetensors");
        std::string e = errorOf<ValueError>(project, dir / "iris.tessera");
        QVERIFY2(e.find("training.initialWeights: " + (dir / "small.safetensors").string() +
                        ": the weights do not fit this model") != std::string::npos,
                 e.c_str());
        QVERIFY2(e.find("size mismatch for fc1.weight: copying a param with shape [16, 4] from checkpoint, the "
                        "shape in current model is [32, 4]") != std::string::npos,
                 e.c_str());

        // Another model's weights: the missing and unexpected names.
        train::saveWeights(*train::buildModel(io::loadProject(iris().parent_path() / "moons-mlp.tessera"), 0),
                           dir / "moons.safetensors");
        project = io::loadProject(iris());
        project.training.set("initialWeights", "moons.safetensors");
        e = errorOf<ValueError>(project, dir / "iris.tessera");
        QVERIFY2(e.find("moons.safetensors: the weights do not fit this model") != std::string::npos, e.c_str());
        QVERIFY2(e.find("Missing key(s) in state_dict: \"norm.mean\", \"norm.std\"") != std::string::npos, e.c_str());
        QVERIFY2(e.find("Unexpected key(s) in state_dict: \"fc3.bias\", \"fc3.weight\"") != std::string::npos,
                 e.c_str());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestInitialWeights)
#include "test_initial_weights.moc"
