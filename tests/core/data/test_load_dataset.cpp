// loadDataset: every example project's "data" object loads; built-ins, generators and CSV files by
// spec; scaling; paths relative to the project file; every bad spec names its key.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/data/load_dataset.h"
#include "core/data/split.h"
#include "core/io/project.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;
namespace fs = std::filesystem;

namespace {

io::Json spec(const char* json) { return io::parseJson(json, "spec"); }

template <class E = ValueError>
QString errorOf(const char* json, const fs::path& project = "p.tessera") {
    try {
        loadDataset(spec(json), project);
    } catch (const E& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestLoadDataset : public QObject {
    Q_OBJECT
private slots:
    void everyExampleLoads() {
        const fs::path examples = fs::path(TESSERA_SOURCE_DIR) / "resources" / "examples";
        int count = 0;
        for (const auto& entry : fs::directory_iterator(examples)) {
            if (entry.path().extension() != ".tessera") continue;
            io::Project p = io::loadProject(entry.path());
            Dataset d = loadDataset(p.data, entry.path());
            QVERIFY2(d.size() > 0, entry.path().c_str());
            Split s = splitFromSpec(d, p.data);
            QVERIFY(s.train.size() > s.test.size());
            ++count;
        }
        QVERIFY(count >= 7);
    }
    void builtinWithScale() {
        Dataset d = loadDataset(spec(R"({"dataset": "digits", "scale": 0.0625})"), "p.tessera");
        QCOMPARE(d.sampleShape, (Shape{1, 8, 8}));
        std::vector<float> x = d.features.toVector<float>();
        QCOMPARE(*std::max_element(x.begin(), x.end()), 1.0f);
    }
    void generatorsBySpec() {
        Dataset m = loadDataset(spec(R"({"dataset": "moons", "samples": 300, "noise": 0.2, "seed": 4})"), "p.tessera");
        QCOMPARE(m.size(), std::size_t(300));
        Dataset m2 = loadDataset(spec(R"({"dataset": "moons", "samples": 300, "noise": 0.2, "seed": 4})"), "p.tessera");
        QVERIFY(m.features.toVector<float>() == m2.features.toVector<float>());
        Dataset s = loadDataset(
            spec(R"({"dataset": "sine_frequency", "samples": 40, "sequenceLength": 16, "classes": 2})"), "p.tessera");
        QCOMPARE(s.sampleShape, (Shape{16, 1}));
        QCOMPARE(s.numClasses(), std::int64_t(2));
        Dataset sine = loadDataset(spec(R"({"dataset": "sine"})"), "p.tessera");
        QCOMPARE(sine.task, Task::Regression);
        QCOMPARE(sine.features.sizes(), (Shape{512, 32}));
        for (const std::string& name : datasetNames()) {
            io::Json j = io::Json::object();
            j.set("dataset", name);
            QVERIFY(loadDataset(j, "p.tessera").size() > 0);
        }
    }
    void csvRelativeToTheProject() {
        QTemporaryDir dir;
        fs::create_directories(fs::path(dir.path().toStdString()) / "data");
        std::ofstream(fs::path(dir.path().toStdString()) / "data" / "points.csv") << "x;y;kind\n1;2;a\n3;4;b\n5;6;a\n";
        const fs::path project = fs::path(dir.path().toStdString()) / "p.tessera";
        Dataset d = loadDataset(spec(R"({"csv": "data/points.csv", "target": "kind", "testFraction": 0.3})"), project);
        QCOMPARE(d.name, std::string("points"));
        QCOMPARE(d.classNames, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(d.features.toVector<float>(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
        const QString missing = errorOf<IoError>(R"({"csv": "data/nope.csv"})", project);
        QVERIFY2(missing.startsWith(
                     QString::fromStdString(project.string()) + ":1:9: data.csv: " +
                     QString::fromStdString((fs::path(dir.path().toStdString()) / "data" / "nope.csv").string())),
                 qPrintable(missing));
        std::ofstream(fs::path(dir.path().toStdString()) / "bad.csv") << "a,b\n1,2\n1,2,3\n";
        QCOMPARE(errorOf<IoError>(R"({"csv": "bad.csv"})", project),
                 QString("bad.csv:3: 3 fields, expected 2 (set \"malformed\": \"skip\" to leave such rows out)"));
        // "malformed": "skip" leaves the row out; any other value names the key.
        const Dataset skipped = loadDataset(spec(R"({"csv": "bad.csv", "malformed": "skip"})"), project);
        QCOMPARE(skipped.size(), std::size_t(1));
        QCOMPARE(errorOf(R"({"csv": "bad.csv", "malformed": "drop"})", project),
                 QString::fromStdString(project.string()) +
                     ":1:33: data.malformed: expected \"error\" or \"skip\", found \"drop\"");
    }
    void badSpecsNameTheKey() {
        QCOMPARE(errorOf(R"({"dataset": "moons", "nosie": 0.1})"),
                 QString("p.tessera:1:31: data: unknown key 'nosie' for data set 'moons' (known: dataset, "
                         "testFraction, valFraction, "
                         "seed, standardize, scale, samples, noise)"));
        QCOMPARE(errorOf(R"({"dataset": "moons", "noise": -1})"),
                 QString("p.tessera:1:31: data.noise: expected a number >= 0, found -1"));
        QCOMPARE(errorOf(R"({"dataset": "moons", "samples": 2.5})"),
                 QString("p.tessera:1:33: data.samples: expected an integer from 2 to 1000000, found 2.5"));
        QCOMPARE(errorOf(R"({"dataset": "iris", "samples": 10})"),
                 QString("p.tessera:1:32: data: unknown key 'samples' for data set 'iris' (known: dataset, "
                         "testFraction, valFraction, "
                         "seed, standardize, scale)"));
        QCOMPARE(errorOf(R"({"dataset": "mnist"})").left(76),
                 QString("p.tessera:1:13: data.dataset: unknown data set 'mnist' (known: iris, wine, b"));
        QCOMPARE(errorOf(R"({"dataset": 3})"),
                 QString("p.tessera:1:13: data.dataset: expected a data set name, found 3"));
        QCOMPARE(errorOf(R"({})"),
                 QString("p.tessera:1:1: data: missing \"dataset\" (a built-in or generated set) or \"csv\" (a file)"));
        QCOMPARE(errorOf(R"({"dataset": "iris", "csv": "a.csv"})"),
                 QString("p.tessera:1:1: data: give either \"dataset\" or \"csv\", not both"));
        QCOMPARE(errorOf(R"({"dataset": "iris", "scale": 0})"),
                 QString("p.tessera:1:30: data.scale: expected a number > 0, found 0"));
        QCOMPARE(errorOf(R"({"dataset": "iris", "testFraction": "x"})"),
                 QString("p.tessera:1:37: data.testFraction: expected a number >= 0, found \"x\""));
        QCOMPARE(errorOf(R"({"csv": "a.csv", "delimiter": "|"})"),
                 QString("p.tessera:1:31: data.delimiter: expected \",\", \";\", \"\\t\" or \"tab\", found \"|\""));
        QCOMPARE(errorOf(R"({"csv": "a.csv", "missing": "drop"})"),
                 QString("p.tessera:1:29: data.missing: expected \"error\" or \"impute\", found \"drop\""));
        QCOMPARE(errorOf(R"({"csv": "a.csv", "ignore": "b"})"),
                 QString("p.tessera:1:28: data.ignore: expected an array of column names, found \"b\""));
        QCOMPARE(errorOf("[]"), QString("p.tessera:1:1: data: expected an object, found an array"));
    }
    // A damaged project cannot make a load allocate gigabytes (docs/RELIABILITY.md).
    void generatedSetsAreBounded() {
        QCOMPARE(errorOf(R"({"dataset": "moons", "samples": 1000000000})"),
                 QString("p.tessera:1:33: data.samples: expected an integer from 2 to 1000000, found 1e+09"));
        QCOMPARE(errorOf(R"({"dataset": "blobs", "features": 100000})"),
                 QString("p.tessera:1:34: data.features: expected an integer from 1 to 4096, found 1e+05"));
        QCOMPARE(errorOf(R"({"dataset": "sine", "samples": 100000, "sequenceLength": 4096})"),
                 QString("p.tessera:1:32: data.samples: 100000 samples of 4096 sequenceLength are 409600000 values, "
                         "more than the 67108864 a generated data set may hold"));
        QCOMPARE(errorOf(R"({"dataset": "blobs", "samples": 16385, "features": 4096})"),
                 QString("p.tessera:1:33: data.samples: 16385 samples of 4096 features are 67112960 values, more than "
                         "the 67108864 a generated data set may hold"));
        QCOMPARE(loadDataset(spec(R"({"dataset": "blobs", "samples": 16, "features": 4096})"), "p.tessera").size(),
                 std::size_t{16});
    }
};

QTEST_APPLESS_MAIN(TestLoadDataset)
#include "test_load_dataset.moc"
