// Loading, checking and atomically saving `.tessera` project files.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/tensor/error.h"

using namespace tessera;
namespace fs = std::filesystem;

namespace {

const char* kValid = R"({
  "format": "tessera-project",
  "version": 1,
  "name": "tiny",
  "description": "two nodes",
  "data": {"dataset": "moons", "csv": "data/points.csv"},
  "model": {
    "nodes": [
      {"id": "in", "type": "Input", "params": {"features": 2}, "position": [0, 0]},
      {"id": "fc", "type": "Linear", "params": {"in": 2, "out": 1}, "position": [200, 0]}
    ],
    "edges": [{"from": "in", "fromPort": 0, "to": "fc", "toPort": 0}]
  },
  "training": {"epochs": 10}
}
)";

// The project text with the first occurrence of `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
    std::string text = kValid;
    const auto at = text.find(from);
    if (at == std::string::npos) qFatal("test text has no '%s'", from.c_str());
    return text.replace(at, from.size(), to);
}

QString loadError(const std::string& text) {
    try {
        io::parseProject(text, "p.tessera");
    } catch (const IoError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestProject : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void parsesAllSections() {
        const io::Project p = io::parseProject(kValid, "p.tessera");
        QCOMPARE(p.name, std::string("tiny"));
        QCOMPARE(p.description, std::string("two nodes"));
        QCOMPARE(p.datasetName(), std::string("moons"));
        QCOMPARE(p.nodes.size(), std::size_t(2));
        QCOMPARE(p.nodes[1].type, std::string("Linear"));
        QCOMPARE(p.nodes[1].params.at("out").asInteger(), std::int64_t(1));
        QCOMPARE(p.nodes[1].x, 200.0);
        QCOMPARE(p.edges.size(), std::size_t(1));
        QCOMPARE(p.edges[0], (io::EdgeSpec{"in", 0, "fc", 0}));
        QCOMPARE(p.training.at("epochs").asInteger(), std::int64_t(10));
        QVERIFY(p.findNode("fc") != nullptr);
        QVERIFY(p.findNode("nope") == nullptr);
    }
    void malformedJsonNamesLineAndColumn() {
        QCOMPARE(loadError(edited("\"version\": 1,", "\"version\": 1")),
                 QString("p.tessera:4:3: expected ',' or '}' in object, found character '\"'"));
    }
    void wrongFormatIsRefused() {
        QCOMPARE(loadError(edited("tessera-project", "other-thing")),
                 QString("p.tessera:2:13: field 'format' is \"other-thing\", expected \"tessera-project\" "
                         "(not a Tessera project)"));
        QVERIFY(loadError("[1, 2]").contains("a project file must be a JSON object, found an array"));
        QVERIFY(loadError(edited("\"format\": \"tessera-project\",", "")).contains("field 'format' is missing"));
    }
    void newerVersionIsRefused() {
        const QString message = loadError(edited("\"version\": 1", "\"version\": 2"));
        QVERIFY2(message.startsWith("p.tessera:3:14: field 'version' is 2, newer than this Tessera understands (1)"),
                 qPrintable(message));
        QVERIFY(loadError(edited("\"version\": 1", "\"version\": 0")).contains("must be a positive integer"));
        QVERIFY(loadError(edited("\"version\": 1", "\"version\": 1.5")).contains("must be a positive integer"));
    }
    void wrongFieldTypesNameTheField() {
        QCOMPARE(loadError(edited("\"name\": \"tiny\"", "\"name\": 7")),
                 QString("p.tessera:4:11: field 'name' must be a string, found a number"));
        QCOMPARE(loadError(edited("\"type\": \"Linear\"", "\"type\": [1]")),
                 QString("p.tessera:10:28: field 'model.nodes[1].type' must be a string, found an array"));
        QVERIFY(loadError(edited("[200, 0]", "[200]")).contains("'model.nodes[1].position' must be an array of two"));
        QVERIFY(loadError(edited("\"toPort\": 0", "\"toPort\": -1"))
                    .contains("'model.edges[0].toPort' must be a non-negative"));
        QVERIFY(loadError(edited("\"training\": {\"epochs\": 10}", "\"training\": 3"))
                    .contains("field 'training' must be an object, found a number"));
        QVERIFY(loadError(edited("\"name\": \"tiny\",", "\"name\": \"tiny\", \"colour\": 1,"))
                    .contains("unknown field 'colour'"));
    }
    void graphStructureIsChecked() {
        QCOMPARE(loadError(edited("\"id\": \"fc\"", "\"id\": \"in\"")),
                 QString("p.tessera:10:7: model.nodes[1]: duplicate node id 'in'"));
        QCOMPARE(loadError(edited("\"to\": \"fc\"", "\"to\": \"ghost\"")),
                 QString("p.tessera:12:15: model.edges[0]: edge to unknown node 'ghost'"));
        QVERIFY(loadError(edited("\"to\": \"fc\"", "\"to\": \"in\"")).contains("connects node 'in' to itself"));
    }
    void saveWritesAtomicallyAndRoundTrips() {
        const fs::path file = fs::path(m_dir.path().toStdString()) / "tiny.tessera";
        const io::Project p = io::parseProject(kValid, "p.tessera");
        io::saveProject(p, file);
        QCOMPARE(io::loadProject(file), p);
        QCOMPARE(io::readFile(file), io::projectToJson(p));

        io::Project changed = p;
        changed.name = "tiny, renamed";
        io::saveProject(changed, file);
        QCOMPARE(io::loadProject(file).name, std::string("tiny, renamed"));
        // Only the project file is left in the folder: no temporary file survives a save.
        int entries = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(file.parent_path())) ++entries;
        QCOMPARE(entries, 1);
    }
    void failedSaveLeavesTheOldFileAndNoTemp() {
        const fs::path folder = fs::path(m_dir.path().toStdString()) / "ro";
        fs::create_directories(folder);
        const fs::path file = folder / "p.tessera";
        io::saveProject(io::parseProject(kValid, "p"), file);
        io::Project broken = io::parseProject(kValid, "p");
        broken.edges.push_back({"in", 0, "nowhere", 0});
        QVERIFY_THROWS_EXCEPTION(IoError, io::saveProject(broken, file));
        QCOMPARE(io::loadProject(file).edges.size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(IoError, io::writeFileAtomically(folder / "missing-folder" / "x.tessera", "{}"));
        int entries = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(folder)) ++entries;
        QCOMPARE(entries, 1);
    }
    void loadErrorsNameTheFile() {
        const fs::path missing = fs::path(m_dir.path().toStdString()) / "absent.tessera";
        try {
            io::loadProject(missing);
            QFAIL("loading a missing file did not throw");
        } catch (const IoError& e) {
            QVERIFY(QString(e.what()).startsWith(QString::fromStdString(missing.string()) + ": cannot open"));
        }
        const fs::path bad = fs::path(m_dir.path().toStdString()) / "bad.tessera";
        std::ofstream(bad) << "{\"format\": \"tessera-project\",\n \"version\": }";
        try {
            io::loadProject(bad);
            QFAIL("loading malformed JSON did not throw");
        } catch (const IoError& e) {
            QCOMPARE(QString(e.what()),
                     QString::fromStdString(bad.string()) + ":2:13: expected a value, found character '}'");
        }
    }
    void relativePathsResolveAgainstTheProjectFolder() {
        QCOMPARE(io::resolveProjectPath("/home/u/work/p.tessera", "data/points.csv"),
                 fs::path("/home/u/work/data/points.csv"));
        QCOMPARE(io::resolveProjectPath("/home/u/work/p.tessera", "../shared/./x.csv"),
                 fs::path("/home/u/shared/x.csv"));
        QCOMPARE(io::resolveProjectPath("/home/u/work/p.tessera", "/abs/x.csv"), fs::path("/abs/x.csv"));
        const fs::path cwdRelative = io::resolveProjectPath("p.tessera", "x.csv");
        QVERIFY(cwdRelative.is_absolute());
        QCOMPARE(cwdRelative, (fs::current_path() / "x.csv").lexically_normal());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestProject)
#include "test_project.moc"
