// How long the computation-graph view takes to lay out the autograd graph of one training step, and
// how long the UI thread is blocked meanwhile. The models are built by hand with core/nn to the
// architectures of the sine-transformer and digits-cnn examples (the trainer's own step capture is
// not in the app yet): a Linear embedding, sinusoidal positions, one TransformerEncoderLayer
// (d=32, 4 heads, feed-forward 64), the last position, a Linear head and MSE, on a batch of 32
// sequences of 32; and two conv/ReLU/max-pool blocks, a Linear and cross-entropy on 16 8×8 images.
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

#include "core/nn/conv2d.h"
#include "core/nn/flatten.h"
#include "core/nn/linear.h"
#include "core/nn/max_pool2d.h"
#include "core/nn/relu.h"
#include "core/nn/sequential.h"
#include "core/nn/transformer_encoder_layer.h"
#include "core/ops/add.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/mse_loss.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"
#include "widgets/computation_graph_model.h"
#include "widgets/computation_graph_view.h"

using namespace tessera;

namespace {

class SineTransformer : public nn::Module {
public:
    explicit SineTransformer(Generator& gen) : Module("SineTransformer") {
        m_embed = registerModule("embed", std::make_shared<nn::Linear>(nn::LinearOptions{1, 32}, gen));
        m_encoder = registerModule(
            "encoder", std::make_shared<nn::TransformerEncoderLayer>(
                           nn::TransformerEncoderLayer::Options{
                               .dModel = 32, .nhead = 4, .dimFeedforward = 64, .dropout = 0, .batchFirst = true},
                           gen));
        m_fc = registerModule("fc", std::make_shared<nn::Linear>(nn::LinearOptions{32, 1}, gen));
        std::vector<float> pe(32 * 32);
        for (int pos = 0; pos < 32; ++pos)
            for (int i = 0; i < 32; ++i)
                pe[std::size_t(pos * 32 + i)] = float(i % 2 == 0 ? std::sin(pos / std::pow(10000.0, i / 32.0))
                                                                 : std::cos(pos / std::pow(10000.0, (i - 1) / 32.0)));
        m_positions = Tensor::fromVector<float>(pe, {32, 32});
    }
    Tensor forward(const Tensor& x) override {
        const Tensor h = (*m_encoder)(ops::add((*m_embed)(x), m_positions));
        return (*m_fc)(ops::select(h, 1, -1));
    }

private:
    std::shared_ptr<nn::Linear> m_embed, m_fc;
    std::shared_ptr<nn::TransformerEncoderLayer> m_encoder;
    Tensor m_positions;
};

std::shared_ptr<nn::Sequential> digitsCnn(Generator& gen) {
    auto net = std::make_shared<nn::Sequential>();
    nn::ConvOptions c1{.inChannels = 1, .outChannels = 8, .kernelSize = {3}, .padding = {1}};
    nn::ConvOptions c2{.inChannels = 8, .outChannels = 16, .kernelSize = {3}, .padding = {1}};
    net->append(std::make_shared<nn::Conv2d>(c1, gen));
    net->append(std::make_shared<nn::ReLU>());
    net->append(std::make_shared<nn::MaxPool2d>(nn::MaxPool2dOptions{.kernelSize = {2}}));
    net->append(std::make_shared<nn::Conv2d>(c2, gen));
    net->append(std::make_shared<nn::ReLU>());
    net->append(std::make_shared<nn::MaxPool2d>(nn::MaxPool2dOptions{.kernelSize = {2}}));
    net->append(std::make_shared<nn::Flatten>());
    net->append(std::make_shared<nn::Linear>(nn::LinearOptions{64, 10}, gen));
    return net;
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
    SineTransformer transformer(gen);
    const Tensor x = randn({32, 32, 1}, DType::Float32, &gen);
    const Tensor y = randn({32, 1}, DType::Float32, &gen);
    auto cnn = digitsCnn(gen);
    const Tensor images = randn({16, 1, 8, 8}, DType::Float32, &gen);
    const Tensor labels = randint(0, 10, {16}, DType::Int64, &gen);

    struct Case {
        const char* name;
        widgets::CapturedGraph graph;
    };
    QElapsedTimer capture;
    capture.start();
    std::vector<Case> cases;
    cases.push_back(
        {"sine-transformer step", widgets::captureStep(transformer, [&] { return ops::mseLoss(transformer(x), y); })});
    const double captureMs = capture.nsecsElapsed() / 1e6;
    cases.push_back(
        {"digits-cnn step", widgets::captureStep(*cnn, [&] { return ops::crossEntropy((*cnn)(images), labels); })});

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
