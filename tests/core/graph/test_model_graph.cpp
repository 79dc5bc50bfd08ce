// ModelGraph editing and its conversion from and to the project file.
#include <QtTest>

#include "core/graph/model_graph.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/tensor/error.h"

using namespace tessera;
using graph::ModelGraph;

namespace {

const char* kExamples[] = {"moons-mlp", "iris-mlp",        "digits-cnn", "breast-cancer-logreg", "spirals-residual-mlp",
                           "sine-lstm", "sine-transformer"};

std::string examplePath(const std::string& name) {
    return std::string(TESSERA_SOURCE_DIR) + "/resources/examples/" + name + ".tessera";
}

}  // namespace

class TestModelGraph : public QObject {
    Q_OBJECT

private slots:
    void editsNodesAndEdges() {
        ModelGraph g;
        const std::string in = g.addNode("Input", io::parseJson(R"({"shape": [2]})", "t"), "x");
        const std::string fc = g.addNode("Linear", io::parseJson(R"({"in_features": 2, "out_features": 4})", "t"));
        QCOMPARE(QString::fromStdString(fc), QString("linear1"));
        QCOMPARE(QString::fromStdString(g.addNode("Linear")), QString("linear2"));
        g.connect(in, 0, fc, 0);
        QCOMPARE(g.edges().size(), std::size_t(1));
        // An input port takes one edge: connecting again replaces it.
        g.connect("linear2", 0, fc, 0);
        QCOMPARE(g.edges().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(g.inputEdges(fc).at(0).from), QString("linear2"));
        QVERIFY(g.disconnect(fc, 0));
        QVERIFY(!g.disconnect(fc, 0));
        g.connect(in, 0, fc, 0);
        g.setParam(fc, "bias", false);
        QCOMPARE(g.node(fc).params.at("bias").asBool(), false);
        g.setPosition(fc, 10, 20);
        QCOMPARE(g.node(fc).x, 10.0);
        g.renameNode(fc, "fc");
        QCOMPARE(QString::fromStdString(g.edges().at(0).to), QString("fc"));
        g.removeNode("x");
        QVERIFY(g.edges().empty());
        QCOMPARE(g.nodes().size(), std::size_t(2));
    }

    void refusesBadEdits() {
        ModelGraph g;
        g.addNode("ReLU", io::Json::object(), "a");
        QVERIFY_THROWS_EXCEPTION(ValueError, g.addNode("ReLU", io::Json::object(), "a"));
        QVERIFY_THROWS_EXCEPTION(ValueError, g.connect("a", 0, "ghost", 0));
        QVERIFY_THROWS_EXCEPTION(ValueError, g.connect("a", 0, "a", 0));
        QVERIFY_THROWS_EXCEPTION(ValueError, g.setParam("ghost", "p", 1));
        try {
            g.node("fc9");
            QFAIL("no exception");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("no node 'fc9' in the graph"));
        }
    }

    // Every example goes project → graph → project → text and comes back byte for byte.
    void examplesRoundTrip() {
        for (const char* name : kExamples) {
            const std::string path = examplePath(name);
            const io::Project project = io::loadProject(path);
            const ModelGraph g = ModelGraph::fromProject(project);
            QVERIFY(!g.nodes().empty());
            io::Project back = project;
            back.nodes.clear();
            back.edges.clear();
            g.toProject(back);
            QVERIFY(back == project);
            const std::string text = io::readFile(path);
            QCOMPARE(QString::fromStdString(io::projectToJson(back)), QString::fromStdString(text));
            QVERIFY(ModelGraph::fromProject(io::parseProject(io::projectToJson(back), name)) == g);
        }
    }
};

QTEST_APPLESS_MAIN(TestModelGraph)
#include "test_model_graph.moc"
