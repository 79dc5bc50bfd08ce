// The designer's graph model without any view: ids, roles, shape inference after each change, and
// one change signal per difference for every kind of edit.
#include <QSignalSpy>
#include <QtTest>

#include "core/graph/model_graph.h"
#include "widgets/designer/graph_model.h"

using namespace tessera;
using widgets::GraphModel;

namespace {
io::Json obj(io::Json::Object members) { return io::Json::object(std::move(members)); }

// x [N, 4] → fc (Linear 4→3) → out
graph::ModelGraph small() {
    graph::ModelGraph g;
    g.addNode("Input", obj({{"shape", io::Json::array({4})}}), "x", 0, 0);
    g.addNode("Linear", obj({{"in_features", 4}, {"out_features", 3}}), "fc", 200, 0);
    g.addNode("Output", obj({}), "out", 400, 0);
    g.connect("x", 0, "fc", 0);
    g.connect("fc", 0, "out", 0);
    return g;
}
}  // namespace

class TestGraphModel : public QObject {
    Q_OBJECT
private slots:
    void rolesAndShapes() {
        GraphModel model;
        model.setGraph(small());
        QCOMPARE(model.nodeIds(), QStringList({"x", "fc", "out"}));
        QCOMPARE(model.nodeData("fc", GraphModel::TypeRole).toString(), QString("Linear"));
        QCOMPARE(model.nodeData("fc", GraphModel::PositionRole).toPointF(), QPointF(200, 0));
        QCOMPARE(model.nodeData("fc", GraphModel::ParametersRole).toLongLong(), 15);
        QCOMPARE(model.nodeData("fc", GraphModel::MacsRole).toLongLong(), 12);
        QCOMPARE(model.nodeData("fc", GraphModel::InputCountRole).toInt(), 1);
        QCOMPARE(model.nodeData("fc", GraphModel::OutputCountRole).toInt(), 1);
        QCOMPARE(model.nodeData("fc", GraphModel::KeyParamsRole).toString(), QString("in=4 out=3"));
        QVERIFY(model.nodeData("fc", GraphModel::ValidRole).toBool());
        QCOMPARE(model.nodeData("fc", GraphModel::ShapeErrorRole).toString(), QString());
        QCOMPARE(model.edgeLabel(model.graph().edges()[0]), QString("[N, 4]"));
        QCOMPARE(model.edgeLabel(model.graph().edges()[1]), QString("[N, 3]"));
        QVERIFY(!model.nodeData("nothing", GraphModel::TypeRole).isValid());
    }

    void everyEditSignalsAndReanalyses() {
        GraphModel model;
        model.setGraph(small());
        QSignalSpy added(&model, &GraphModel::nodeAdded), removed(&model, &GraphModel::nodeRemoved),
            moved(&model, &GraphModel::nodeMoved), changed(&model, &GraphModel::nodeChanged),
            edgeAdded(&model, &GraphModel::edgeAdded), edgeRemoved(&model, &GraphModel::edgeRemoved),
            analysed(&model, &GraphModel::analysisChanged);

        const QString relu = model.addNode("ReLU", obj({}), {300, 100});
        QCOMPARE(relu, QString("relu1"));
        QCOMPARE(added.size(), 1);
        QCOMPARE(added.takeFirst().at(0).toString(), relu);

        QVERIFY(model.connectPorts("fc", 0, relu, 0));
        QCOMPARE(edgeAdded.size(), 1);
        QVERIFY(model.connectPorts(relu, 0, "out", 0));  // replaces fc → out
        QCOMPARE(edgeRemoved.size(), 1);
        QCOMPARE(edgeRemoved.first().at(0).value<graph::Edge>(), (graph::Edge{"fc", 0, "out", 0}));
        QCOMPARE(model.edgeLabel({relu.toStdString(), 0, "out", 0}), QString("[N, 3]"));

        QVERIFY(model.setParam("fc", "out_features", 5));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.edgeLabel({relu.toStdString(), 0, "out", 0}), QString("[N, 5]"));

        QVERIFY(model.moveNodes({"x"}, {QPointF(-50, 20)}));
        QCOMPARE(moved.size(), 1);
        QCOMPARE(model.nodeData("x", GraphModel::PositionRole).toPointF(), QPointF(-50, 20));

        QVERIFY(model.disconnectPort("out", 0));
        QCOMPARE(edgeRemoved.size(), 2);

        QVERIFY(model.removeNodes({relu}));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(edgeRemoved.size(), 3);  // fc → relu went with it
        QCOMPARE(analysed.size(), 7);
        QVERIFY(!model.hasNode(relu));
    }

    void shapeErrorsSitOnTheNode() {
        GraphModel model;
        model.setGraph(small());
        QVERIFY(model.setParam("fc", "in_features", 7));
        QVERIFY(!model.nodeData("fc", GraphModel::ValidRole).toBool());
        QVERIFY(model.nodeData("fc", GraphModel::HasErrorRole).toBool());
        QVERIFY(!model.nodeData("out", GraphModel::HasErrorRole).toBool());  // only downstream of the error
        QVERIFY(model.nodeData("fc", GraphModel::ShapeErrorRole).toString().contains("7"));
        QVERIFY(model.setParam("fc", "in_features", 4));
        QVERIFY(model.nodeData("fc", GraphModel::ValidRole).toBool());
    }

    void refusedConnectionsSayWhy() {
        GraphModel model;
        model.setGraph(small());
        QVERIFY(!model.connectPorts("fc", 0, "fc", 0));
        QVERIFY(model.lastError().contains("itself"));
        QVERIFY(!model.connectPorts("fc", 0, "x", 0));  // Input has no input port
        QVERIFY(model.lastError().contains("no input"));
        QVERIFY(!model.connectPorts("out", 0, "fc", 0));  // Output has no output port
        QVERIFY(!model.lastError().isEmpty());
        model.addNode("ReLU");
        QVERIFY(model.connectPorts("fc", 0, "relu1", 0));
        QVERIFY(!model.connectPorts("relu1", 0, "fc", 0));
        QVERIFY(model.lastError().contains("cycle"));
        QCOMPARE(model.graph().edges().size(), std::size_t(3));
    }

    void pasteGivesFreshIdsAndKeepsInnerEdges() {
        GraphModel model;
        model.setGraph(small());
        const graph::ModelGraph g = model.graph();
        const QStringList ids = model.pasteNodes({g.node("x"), g.node("fc")}, g.edges(), {30, 30});
        QCOMPARE(ids, QStringList({"x1", "fc1"}));
        QCOMPARE(model.nodeData("fc1", GraphModel::PositionRole).toPointF(), QPointF(230, 30));
        QCOMPARE(model.graph().inputEdges("fc1").size(), std::size_t(1));
        QCOMPARE(model.graph().outputEdges("fc1").size(), std::size_t(0));  // fc → out was not copied
    }

    void editHandlerReceivesEdits() {
        GraphModel model;
        model.setGraph(small());
        QStringList texts, keys;
        model.setEditHandler([&](const QString& text, const widgets::GraphEdit& edit, const QString& key) {
            texts << text;
            keys << key;
            graph::ModelGraph g = model.graph();
            edit(g);
            model.setGraph(g);
        });
        QVERIFY(model.setParam("fc", "bias", false));
        QCOMPARE(texts, QStringList({"Set fc.bias"}));
        QCOMPARE(keys, QStringList({"param:fc.bias"}));
        QCOMPARE(model.nodeData("fc", GraphModel::ParametersRole).toLongLong(), 12);
        QVERIFY(!model.setParam("fc", "bias", false));  // no change, no step
        QCOMPARE(texts.size(), 1);
    }

    // Connecting fills the parameters the incoming shape decides, in the connection's own step, as
    // Neural Network Console does: Linear's in_features, Conv2d's in_channels, LayerNorm's
    // normalized_shape; adding a node after another connects and fills it in one step too.
    void connectingFillsShapeDeterminedParams() {
        GraphModel model;
        graph::ModelGraph g;
        g.addNode("Input", obj({{"shape", io::Json::array({1, 8, 8})}}), "img", 0, 0);
        g.addNode("Input", obj({{"shape", io::Json::array({6})}}), "x", 0, 200);
        g.addNode("Conv2d", obj({{"out_channels", 4}, {"kernel_size", 3}}), "conv", 200, 0);
        g.addNode("Linear", obj({{"in_features", 99}, {"out_features", 3}}), "fc", 200, 200);
        g.addNode("LayerNorm", obj({}), "norm", 400, 200);
        model.setGraph(g);
        QStringList texts;
        model.setEditHandler([&](const QString& text, const widgets::GraphEdit& edit, const QString&) {
            texts << text;
            graph::ModelGraph next = model.graph();
            edit(next);
            model.setGraph(next);
        });
        QVERIFY(model.connectPorts("img", 0, "conv", 0));
        QCOMPARE(model.graph().findNode("conv")->params.at("in_channels"), io::Json(1));
        QVERIFY(model.connectPorts("x", 0, "fc", 0));
        QCOMPARE(model.graph().findNode("fc")->params.at("in_features"), io::Json(6));
        QVERIFY(model.connectPorts("fc", 0, "norm", 0));
        QCOMPARE(model.graph().findNode("norm")->params.at("normalized_shape"), io::Json::array({3}));
        QCOMPARE(texts, QStringList({"Connect img → conv (in_channels = 1)", "Connect x → fc (in_features = 6)",
                                     "Connect fc → norm (normalized_shape = [3])"}));
        QCOMPARE(model.nodeData("fc", GraphModel::ShapeErrorRole).toString(), QString());
        const QString added = model.addNodeAfter("Linear", {600, 200}, "norm");
        QCOMPARE(texts.size(), 4);
        QCOMPARE(model.graph().findNode(added.toStdString())->params.at("in_features"), io::Json(3));
        QCOMPARE(model.graph().inputEdges(added.toStdString()).size(), std::size_t(1));
    }

    void shortCounts() {
        QCOMPARE(widgets::shortCount(999), QString("999"));
        QCOMPARE(widgets::shortCount(1234), QString("1.2k"));
        QCOMPARE(widgets::shortCount(52000), QString("52k"));
        QCOMPARE(widgets::shortCount(5300000), QString("5.3M"));
    }

    void renameIsCheckedAndEdgesFollow() {
        GraphModel model;
        model.setGraph(small());
        QVERIFY(model.renameProblem("fc", "").contains("empty"));
        QVERIFY(model.renameProblem("fc", "2fc").contains("not a valid name"));
        QVERIFY(model.renameProblem("fc", "fc 1").contains("not a valid name"));
        QVERIFY(model.renameProblem("fc", "out").contains("already exists"));
        QCOMPARE(model.renameProblem("fc", "head_1"), QString());
        QVERIFY(!model.renameNode("fc", "out"));
        QVERIFY(model.lastError().contains("'out' already exists"));
        QSignalSpy removed(&model, &GraphModel::nodeRemoved), added(&model, &GraphModel::nodeAdded);
        QVERIFY(model.renameNode("fc", "head"));
        QCOMPARE(model.nodeIds(), QStringList({"x", "head", "out"}));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(added.size(), 1);
        QCOMPARE(model.graph().edges(), (std::vector<graph::Edge>{{"x", 0, "head", 0}, {"head", 0, "out", 0}}));
        QCOMPARE(model.nodeData("head", GraphModel::ParametersRole).toLongLong(), 15);
    }

    void unsetParamRemovesTheValue() {
        GraphModel model;
        model.setGraph(small());
        QVERIFY(model.unsetParam("fc", "in_features"));
        QVERIFY(!model.graph().node("fc").params.contains("in_features"));
        QVERIFY(model.nodeData("fc", GraphModel::ShapeErrorRole).toString().contains("in_features"));
        QVERIFY(!model.unsetParam("fc", "in_features"));  // nothing left to remove
    }

    void edgeEndsMoveOrComeOff() {
        GraphModel model;
        graph::ModelGraph g = small();
        g.addNode("ReLU", obj({}), "act", 200, 100);
        model.setGraph(g);
        const graph::Edge edge{"fc", 0, "out", 0};
        QSignalSpy edgeAdded(&model, &GraphModel::edgeAdded), edgeRemoved(&model, &GraphModel::edgeRemoved);
        QVERIFY(model.moveEdgeEnd(edge, "act", 0));
        QCOMPARE(model.graph().edges(), (std::vector<graph::Edge>{{"x", 0, "fc", 0}, {"fc", 0, "act", 0}}));
        QCOMPARE(edgeAdded.size(), 1);
        QCOMPARE(edgeRemoved.size(), 1);
        // Onto itself or into a cycle: refused, nothing changes.
        QVERIFY(!model.moveEdgeEnd({"fc", 0, "act", 0}, "fc", 0));
        QVERIFY(model.lastError().contains("itself"));
        QVERIFY(model.moveEdgeEnd({"fc", 0, "act", 0}, {}, 0));
        QCOMPARE(model.graph().edges(), (std::vector<graph::Edge>{{"x", 0, "fc", 0}}));
    }
};

QTEST_GUILESS_MAIN(TestGraphModel)
#include "test_graph_model.moc"
