// The computation-graph view, offscreen: stepping through c = (a * 3).mean() highlights the ops in
// execution order, then the Nodes in the engine's order with the gradients PyTorch computes; layers
// collapse and expand; search, selection and the SVG/PNG/DOT exports work; a layout superseded by a
// newer request is dropped; the root has one name in every place the views show it.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "core/nn/linear.h"
#include "core/ops/mse_loss.h"
#include "root_names.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/autograd/playground_widget.h"

using namespace tessera::widgets;

namespace {

int rowNamed(const ComputationGraphModel& model, const QString& name) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.name(r) == name) return r;
    return -1;
}

bool waitForLayout(ComputationGraphView& view) {
    QSignalSpy spy(&view, &ComputationGraphView::layoutFinished);
    return !view.isLayoutPending() || spy.wait(30000);
}

// Two layers ("fc1", "fc2") of AddBackward0/MulBackward0 Nodes over two parameters.
tessera::autograd::GraphSnapshot layeredSnapshot() {
    using tessera::autograd::SnapshotNode;
    tessera::autograd::GraphSnapshot g;
    auto op = [&](const char* name, const char* scope, std::uint64_t seq) {
        SnapshotNode n;
        n.name = name;
        n.scope = scope;
        n.sequenceNr = seq;
        g.nodes.push_back(n);
    };
    op("SumBackward0", "", 5);
    op("AddBackward0", "fc2", 4);
    op("MulBackward0", "fc2", 3);
    op("AddBackward0", "fc1", 2);
    op("MulBackward0", "fc1", 1);
    SnapshotNode leaf;
    leaf.name = "AccumulateGrad";
    leaf.isLeafAccumulator = true;
    leaf.variable.name = "fc1.weight";
    leaf.variable.defined = true;
    leaf.variable.sizes = {2};
    g.nodes.push_back(leaf);
    g.edges = {{0, 1, 0, 0}, {1, 2, 0, 0}, {2, 3, 0, 0}, {3, 4, 0, 0}, {4, 5, 0, 0}};
    g.roots = {0};
    tessera::autograd::SnapshotTensor out;
    out.defined = true;
    g.rootTensors = {out};
    return g;
}

}  // namespace

class TestComputationGraphView : public QObject {
    Q_OBJECT
private slots:
    void stepsThroughForwardAndBackward() {
        PlaygroundWidget playground;
        playground.setInputs({{"a", {3}, {1, 2, 3}, true, tessera::DType::Float32}});
        playground.setScript("c = (a * 3).mean()\n");
        playground.runNow();
        QVERIFY2(playground.errorText().isEmpty(), qPrintable(playground.errorText()));
        ComputationGraphView& view = *playground.graphView();
        const ComputationGraphModel& model = *playground.model();
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.visibleRows().size(), model.rowCount());

        const int mul = rowNamed(model, "MulBackward0");
        const int mean = rowNamed(model, "MeanBackward0");
        const int a = rowNamed(model, "a");
        const int c = rowNamed(model, "c");
        QVERIFY(mul >= 0 && mean >= 0 && a >= 0 && c >= 0);

        view.restartSteps();
        QCOMPARE(view.highlightedRow(), -1);
        // Before the first step no tensor shows a gradient, though backward has been recorded.
        for (int row : {a, c}) QCOMPARE(view.shownGrad(row), QString());
        // Forward: the ops in execution order; no gradient is known yet.
        // The unnamed a * 3 has no record, but its forward step shows its values.
        view.step();
        QCOMPARE(view.highlightedRow(), mul);
        QCOMPARE(view.shownGrad(a), QString());
        QVERIFY(view.detailsHtml().contains("[3, 6, 9]"));
        view.step();
        QCOMPARE(view.highlightedRow(), mean);
        QVERIFY(view.detailsHtml().contains("forward 2/2"));
        QVERIFY(view.detailsHtml().contains("output c"));
        QVERIFY(view.detailsHtml().contains(">6<"));
        // Backward, in the engine's order: dc/dc = 1 enters MeanBackward0 …
        view.step();
        QCOMPARE(view.highlightedRow(), mean);
        QCOMPARE(view.shownGrad(c), QStringLiteral("1"));
        QCOMPARE(view.shownGrad(a), QString());
        QVERIFY(view.detailsHtml().contains("0.33333"));
        // … MulBackward0 multiplies by 3 …
        view.step();
        QCOMPARE(view.highlightedRow(), mul);
        QVERIFY(view.detailsHtml().contains("[1, 1, 1]"));
        QCOMPARE(view.shownGrad(a), QString());
        // … and AccumulateGrad stores a.grad.
        view.step();
        QCOMPARE(view.highlightedRow(), a);
        QCOMPARE(view.shownGrad(a), QStringLiteral("[1, 1, 1]"));
        QVERIFY(view.detailsHtml().contains("a.grad after"));
        view.step();  // past the end: stays on the last step
        QCOMPARE(view.currentStep(), 4);
        view.restartSteps();
        view.runToEnd();
        QCOMPARE(view.highlightedRow(), a);
    }
    void collapsesLayersAndExports() {
        ComputationGraphModel model;
        ComputationGraphView view;
        view.resize(900, 600);
        view.setModel(&model);
        model.setGraph(fromSnapshot(layeredSnapshot()));
        QVERIFY(waitForLayout(view));
        QCOMPARE(model.scopes(), (QStringList{"fc1", "fc2"}));
        QCOMPARE(view.visibleRows().size(), model.rowCount());

        view.setCollapsed("fc1", true);
        QVERIFY(waitForLayout(view));
        for (int r : view.visibleRows()) QVERIFY(model.scope(r) != "fc1");
        QCOMPARE(view.visibleRows().size(), model.rowCount() - 2);
        view.expandAll();
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.visibleRows().size(), model.rowCount());

        // Saved tensors can be left out of the picture (as torchviz does by default).
        const int visible = view.visibleRows().size();
        ComputationGraphModel saving;
        view.setModel(&saving);
        saving.setGraph(captureScript("c = (a * b).sum()\n", {{"a", {2}, {1, 2}, true, tessera::DType::Float32},
                                                              {"b", {2}, {3, 4}, true, tessera::DType::Float32}}));
        QVERIFY(waitForLayout(view));
        const int withSaved = view.visibleRows().size();
        view.setShowSaved(false);
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.visibleRows().size(), withSaved - 2);  // MulBackward0's self and other
        view.setShowSaved(true);
        view.setModel(&model);
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.visibleRows().size(), visible);

        QCOMPARE(view.search("mul"), 2);
        const int leaf = rowNamed(model, "fc1.weight");
        view.selectRow(leaf);
        QVERIFY(view.detailsHtml().contains("fc1.weight"));

        QTemporaryDir dir;
        QVERIFY(view.exportSvg(dir.filePath("g.svg")));
        QVERIFY(view.exportPng(dir.filePath("g.png")));
        QVERIFY(view.exportDot(dir.filePath("g.dot")));
        QFile svg(dir.filePath("g.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QVERIFY(!QImage(dir.filePath("g.png")).isNull());
        QFile dot(dir.filePath("g.dot"));
        QVERIFY(dot.open(QIODevice::ReadOnly));
        const QByteArray text = dot.readAll();
        QVERIFY(text.contains("subgraph cluster_0") && text.contains("MulBackward0"));
        QProcess graphviz;  // the exported DOT is valid for Graphviz itself
        graphviz.start("dot", {"-Tplain", dir.filePath("g.dot")});
        if (graphviz.waitForFinished(30000)) QCOMPARE(graphviz.exitCode(), 0);
    }
    // The tensor backward runs on is called by one name in the model, the search, the node's label,
    // the details panel and the steps: the script's variable in the playground (and the lessons), the
    // loss in a training step, whether the step was captured by itself or recorded by the trainer.
    void theRootHasOneName() {
        PlaygroundWidget playground;
        playground.setInputs({{"a", {3}, {1, 2, 3}, true, tessera::DType::Float32}});
        for (const auto& [script, root] :
             {std::pair{"b = a * 3\nloss = b.mean()\n", "loss"}, std::pair{"c = (a * 3).mean()\nd = c * 2\n", "d"}}) {
            playground.setScript(QString::fromLatin1(script));
            playground.runNow();
            QVERIFY2(playground.errorText().isEmpty(), qPrintable(playground.errorText()));
            QVERIFY(waitForLayout(*playground.graphView()));
            const QString wrong = testing::rootNameDisagreement(*playground.graphView(), QString::fromLatin1(root));
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        }

        tessera::Generator gen(0);
        tessera::nn::Linear fc({.inFeatures = 3, .outFeatures = 2}, gen);
        const tessera::Tensor x = tessera::Tensor::fromVector<float>({1, 2, 3, 4, 5, 6}, {2, 3});
        const tessera::Tensor y = tessera::Tensor::fromVector<float>({0, 1, 1, 0}, {2, 2});
        ComputationGraphModel model;
        ComputationGraphView view;
        view.resize(900, 600);
        view.setModel(&model);
        model.setGraph(captureStep(fc, [&] { return tessera::ops::mseLoss(fc(x), y); }));
        QVERIFY(waitForLayout(view));
        QString wrong = testing::rootNameDisagreement(view, QString::fromLatin1(kLossName));
        QVERIFY2(wrong.isEmpty(), qPrintable("captured step: " + wrong));

        // As the trainer records a step: the loss's graph with the forward pass, around its backward.
        tessera::autograd::ForwardRecorder forward(/*withValues=*/true);
        const tessera::Tensor loss = tessera::ops::mseLoss(fc(x), y);
        tessera::autograd::GraphRecorder recorder({loss}, /*withValues=*/true, &forward);
        {
            tessera::autograd::ObserveBackward observe(recorder);
            loss.backward();
        }
        model.setGraph(fromTrainingStep(recorder.snapshot()));
        QVERIFY(waitForLayout(view));
        wrong = testing::rootNameDisagreement(view, QString::fromLatin1(kLossName));
        QVERIFY2(wrong.isEmpty(), qPrintable("recorded step: " + wrong));
    }
    void dropsSupersededLayouts() {
        ComputationGraphModel model;
        ComputationGraphView view;
        view.setModel(&model);
        QSignalSpy spy(&view, &ComputationGraphView::layoutFinished);
        model.setGraph(fromSnapshot(layeredSnapshot()));
        model.setGraph(captureScript("c = (a * 3).mean()\n", {{"a", {3}, {1, 2, 3}, true, tessera::DType::Float32}}));
        model.setGraph(captureScript("d = (a.exp() * a).sum()\n", {{"a", {2}, {1, 2}, true, tessera::DType::Float32}}));
        QVERIFY(waitForLayout(view));
        while (view.isLayoutPending()) QVERIFY(spy.wait(30000));
        // Only what the newest graph shows is on screen; at most the first and the last were laid out.
        QCOMPARE(view.visibleRows().size(), model.rowCount());
        QVERIFY(rowNamed(model, "ExpBackward0") >= 0);
        QVERIFY(spy.count() <= 2);
    }
};

QTEST_MAIN(TestComputationGraphView)
#include "test_computation_graph_view.moc"
