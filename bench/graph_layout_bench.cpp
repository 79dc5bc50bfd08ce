// How long the computation-graph view takes to lay out the autograd graph of one training step, and
// how long the UI thread is blocked meanwhile. The models are the sine-transformer and digits-cnn
// example projects, built by core/graph exactly as the trainer builds them; one step (forward with
// the project's loss, backward) on a random batch is recorded with widgets::captureStep — the same
// graph the trainer's captureGraph() delivers.
//
//   graph_layout_bench [--rounds N] [--export DIR]   (DIR gets PNG pictures of both graphs)
#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "core/graph/graph_module.h"
#include "core/io/project.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"

using namespace tessera;

namespace {

// One training step of an example project on a random batch of `batch` rows.
widgets::CapturedGraph captureExample(const std::string& name, std::int64_t batch, Generator& gen) {
    const auto project = io::loadProject(std::string(TESSERA_SOURCE_DIR "/resources/examples/") + name + ".tessera");
    const graph::ModelGraph g = graph::ModelGraph::fromProject(project);
    auto model = graph::GraphModule::build(g, gen);
    Shape inputShape{batch};
    Tensor targets;
    for (const auto& node : g.nodes()) {
        if (node.type == "Input")
            for (const auto& d : node.params.at("shape").asArray()) inputShape.push_back(d.asInteger());
        if (node.type == "Target")
            targets = node.params.contains("classes")
                          ? randint(0, node.params.at("classes").asInteger(), {batch}, DType::Int64, &gen)
                          : randn({batch, 1}, DType::Float32, &gen);
    }
    const Tensor features = randn(inputShape, DType::Float32, &gen);
    return widgets::captureStep(*model, [&] { return model->forwardWithLoss(features, targets).loss; });
}

struct Timing {
    double layoutMs = 0;    // request → the scene is drawn
    double maxStallMs = 0;  // the longest the UI thread did not run its event loop meanwhile
};

Timing timeLayout(widgets::ComputationGraphModel& model, widgets::ComputationGraphView& view,
                  const widgets::CapturedGraph& graph, bool collapsed) {
    QElapsedTimer clock, tick;
    double maxStall = 0;
    QTimer heartbeat;
    heartbeat.setInterval(2);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        maxStall = std::max(maxStall, tick.nsecsElapsed() / 1e6);
        tick.restart();
    });
    QSignalSpy done(&view, &widgets::ComputationGraphView::layoutFinished);
    clock.start();
    tick.start();
    heartbeat.start();
    if (collapsed)
        view.collapseAll();  // the model already holds `graph`
    else
        model.setGraph(graph);
    while (view.isLayoutPending()) done.wait(60000);
    const double ms = clock.nsecsElapsed() / 1e6;
    heartbeat.stop();
    maxStall = std::max(maxStall, tick.nsecsElapsed() / 1e6);
    if (collapsed) view.expandAll();
    while (view.isLayoutPending()) done.wait(60000);
    return {ms, maxStall};
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int rounds = 3;
    QString exportDir;
    for (int i = 1; i + 1 < argc; ++i) {
        if (QByteArray(argv[i]) == "--rounds") rounds = std::max(1, std::atoi(argv[i + 1]));
        if (QByteArray(argv[i]) == "--export") exportDir = QString::fromLocal8Bit(argv[i + 1]);
    }

    Generator gen(0);
    struct Case {
        const char* name;
        widgets::CapturedGraph graph;
    };
    QElapsedTimer capture;
    capture.start();
    std::vector<Case> cases;
    cases.push_back({"sine-transformer step", captureExample("sine-transformer", 32, gen)});
    const double captureMs = capture.nsecsElapsed() / 1e6;
    cases.push_back({"digits-cnn step", captureExample("digits-cnn", 16, gen)});

    widgets::ComputationGraphModel model;
    widgets::ComputationGraphView view;
    view.resize(1400, 900);
    view.setModel(&model);
    std::printf("capture of the sine-transformer step (forward, backward, values): %.1f ms\n", captureMs);
    std::printf("%-24s %6s %6s %9s %22s %22s\n", "graph", "nodes", "items", "layers", "expanded ms (stall)",
                "collapsed ms (stall)");
    for (const auto& c : cases) {
        std::vector<double> expanded, collapsed, stallE, stallC;
        for (int r = 0; r < rounds; ++r) {
            const Timing e = timeLayout(model, view, c.graph, false);
            const Timing k = timeLayout(model, view, c.graph, true);
            expanded.push_back(e.layoutMs);
            stallE.push_back(e.maxStallMs);
            collapsed.push_back(k.layoutMs);
            stallC.push_back(k.maxStallMs);
        }
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        std::printf("%-24s %6zu %6d %9lld %12.0f (%5.0f) %12.0f (%5.0f)\n", c.name, c.graph.snapshot.nodes.size(),
                    model.rowCount(), static_cast<long long>(model.scopes().size()), median(expanded), median(stallE),
                    median(collapsed), median(stallC));
        if (!exportDir.isEmpty()) {
            QSignalSpy done(&view, &widgets::ComputationGraphView::layoutFinished);
            const QString base =
                exportDir + QLatin1Char('/') + QString::fromLatin1(c.name).section(QLatin1Char(' '), 0, 0);
            model.setGraph(c.graph);
            while (view.isLayoutPending()) done.wait(60000);
            view.exportPng(base + QStringLiteral("-expanded.png"));
            view.collapseAll();
            while (view.isLayoutPending()) done.wait(60000);
            view.exportPng(base + QStringLiteral("-collapsed.png"));
            view.expandAll();
            while (view.isLayoutPending()) done.wait(60000);
        }
    }
    return 0;
}
