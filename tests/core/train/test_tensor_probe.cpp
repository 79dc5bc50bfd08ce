// The trainer's inspection hooks: TensorProbe copies out weights, gradients and activations that equal
// the model's own, and sampling leaves the run bit for bit unchanged; a run whose loss turns NaN/Inf
// stops with FinishReason::NonFinite, names the op and the layer, and keeps the weights it had before
// the bad step (with anomaly detection on or off); with anomaly detection, a gradient that overflows
// while the forward stays finite names the backward Node and the layer that created it.
#include <QTest>

#include <cmath>
#include <filesystem>

#include "core/autograd/grad_mode.h"
#include "core/io/json.h"
#include "core/io/project.h"
#include "core/nn/linear.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"
#include "core/train/non_finite.h"
#include "core/train/project_session.h"
#include "core/train/tensor_probe.h"
#include "tests/core/train/overflowing_gradient.h"

using namespace tessera;

namespace {

std::filesystem::path example(const std::string& name) {
    return std::filesystem::path(TESSERA_SOURCE_DIR) / "resources" / "examples" / (name + ".tessera");
}

std::vector<float> values(const Tensor& t) { return ops::to(t.detach(), DType::Float32).toVector<float>(); }

const train::ProbedTensor* findTensor(const train::ProbeSample& s, const std::string& layer, const std::string& name,
                                      train::TensorKind kind) {
    for (const auto& t : s.tensors)
        if (t.layer == layer && t.name == name && t.kind == kind) return &t;
    return nullptr;
}

// moons-mlp with an SGD learning rate so large that the second step overflows.
io::Project explodingProject() {
    io::Project p = io::loadProject(example("moons-mlp"));
    p.training = io::parseJson(R"({"optimizer": {"type": "SGD", "lr": 1e30}, "epochs": 3, "batchSize": 64,
                                   "seed": 0})",
                               "test");
    return p;
}

void locateLayers(train::ProjectSession& s) {
    graph::GraphModule* model = &s.model();
    s.trainer().callbacks().locateNonFinite = [model](const Tensor& x, const Tensor& y) {
        return train::firstNonFiniteNode(*model, x, y);
    };
}

}  // namespace

class TestTensorProbe : public QObject {
    Q_OBJECT

private slots:
    void sampleHoldsTheModelsOwnTensors() {
        const auto file = example("moons-mlp");
        train::ProjectSession session(io::loadProject(file), file, {.epochs = 1});
        std::optional<train::ProbeSample> sample;
        const Tensor rows = session.split().val.features;
        train::TensorProbe probe(session.model(), rows);
        session.trainer().callbacks().onStep = [&](const train::StepRecord& r) {
            if (r.step == 3) {
                sample = probe.sample(r.step);
                session.trainer().control().stop();
            }
        };
        session.trainer().run();
        QVERIFY(sample);
        QCOMPARE(sample->step, std::int64_t{3});
        auto fc1 = session.model().nodeModule("fc1");
        for (const auto& [name, p] : fc1->namedParameters()) {
            const auto* w = findTensor(*sample, "fc1", name, train::TensorKind::Weight);
            QVERIFY2(w, name.c_str());
            QCOMPARE(w->values, values(p));
            QCOMPARE(w->shape, p.sizes());
            const auto* g = findTensor(*sample, "fc1", name, train::TensorKind::Gradient);
            QVERIFY2(g, name.c_str());
            QCOMPARE(g->values, values(p.grad()));
        }
        // Activations: the node outputs of the probe rows in eval mode.
        autograd::NoGradGuard noGrad;
        session.model().eval();
        const auto outputs = session.model().evaluate(rows);
        for (const std::string id : {"fc1", "relu1", "fc3"}) {
            const auto* a = findTensor(*sample, id, "output", train::TensorKind::Activation);
            QVERIFY2(a, id.c_str());
            QCOMPARE(a->values, values(outputs.at(id)[0]));
            QCOMPARE(a->nonFinite, std::int64_t{0});
        }
        // Inputs, targets and losses are not layers.
        QVERIFY(!findTensor(*sample, "x", "output", train::TensorKind::Activation));
        // The state dict clone is detached from the model: training on does not change it.
        QCOMPARE(sample->state.size(), session.model().stateDict().size());
    }

    void samplingLeavesTheRunUnchanged() {
        const auto file = example("digits-cnn");
        const io::Project project = io::loadProject(file);
        train::ProjectSession plain(project, file, {.epochs = 1});
        plain.trainer().run();
        train::ProjectSession probed(project, file, {.epochs = 1});
        train::TensorProbe probe(probed.model(), probed.split().val.features);
        std::int64_t samples = 0;
        probed.trainer().callbacks().onStep = [&](const train::StepRecord& r) {
            if (r.step % 2 == 0) {
                probe.sample(r.step);
                ++samples;
            }
        };
        probed.trainer().run();
        QVERIFY(samples > 0);
        const auto a = plain.model().stateDict(), b = probed.model().stateDict();
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) QCOMPARE(values(a[i].second), values(b[i].second));
    }

    void nanLossStopsAndNamesTheOpAndLayer_data() {
        QTest::addColumn<bool>("detect");
        QTest::newRow("loss check only") << false;
        QTest::newRow("anomaly detection") << true;
    }

    void nanLossStopsAndNamesTheOpAndLayer() {
        QFETCH(bool, detect);
        train::ProjectSession session(explodingProject(), example("moons-mlp"));
        locateLayers(session);
        session.trainer().setDetectAnomaly(detect);
        nn::NamedTensors lastGood;
        session.trainer().callbacks().onStep = [&](const train::StepRecord&) {
            lastGood.clear();
            for (const auto& [name, t] : session.model().stateDict())
                lastGood.emplace_back(name, ops::clone(t.detach()));
        };
        const train::TrainResult result = session.trainer().run();
        QCOMPARE(result.reason, train::FinishReason::NonFinite);
        QCOMPARE(train::finishReasonName(result.reason), std::string("non-finite"));
        QVERIFY(result.nonFinite);
        const train::NonFiniteReport& r = *result.nonFinite;
        QVERIFY2(!r.op.empty(), r.message().c_str());
        QVERIFY2(r.layer == "fc1" || r.layer == "fc2" || r.layer == "fc3" || r.layer == "relu1" || r.layer == "relu2" ||
                     r.layer == "loss",
                 r.message().c_str());
        QCOMPARE(r.step, session.trainer().globalStep() + 1);
        const std::string message = r.message();
        qInfo("%s", message.c_str());
        QVERIFY2(message.find("at step " + std::to_string(r.step)) != std::string::npos, message.c_str());
        QVERIFY2(message.find("'" + r.op + "'") != std::string::npos, message.c_str());
        QVERIFY2(message.find("(layer '" + r.layer + "')") != std::string::npos, message.c_str());
        // The bad step applied no update: the weights are those after the last good step.
        QVERIFY(!lastGood.empty());
        const auto now = session.model().stateDict();
        for (std::size_t i = 0; i < now.size(); ++i) QCOMPARE(values(now[i].second), values(lastGood[i].second));
        // Anomaly mode is process-wide: the trainer put it back.
        QVERIFY(!autograd::AnomalyMode::isEnabled());
    }

    void badGradientNamesTheLayerOfItsBackwardNode() {
        io::Project project = explodingProject();
        project.training = io::parseJson(R"({"optimizer": {"type": "SGD", "lr": 0.1}, "epochs": 1, "batchSize": 64,
                                             "seed": 0})",
                                         "test");
        train::ProjectSession session(project, example("moons-mlp"));
        locateLayers(session);
        session.model().loadStateDict(overflowingGradientWeights(session.model()));
        const nn::NamedTensors before = session.model().stateDict();
        session.trainer().setDetectAnomaly(true);
        const train::TrainResult result = session.trainer().run();
        QCOMPARE(result.reason, train::FinishReason::NonFinite);
        QVERIFY(result.nonFinite);
        const train::NonFiniteReport& r = *result.nonFinite;
        const std::string message = r.message();
        qInfo("%s", message.c_str());
        QCOMPARE(r.where, train::NonFiniteReport::Where::Backward);
        QCOMPARE(r.step, std::int64_t{1});
        // fc2's backward Node (created in fc2's scope) multiplies its weights into the gradient for relu1.
        QCOMPARE(r.layer, std::string("fc2"));
        QVERIFY(r.scope.empty());
        // Anomaly mode stops at the matrix product inside fc2's backward Node; the report names the Node.
        QCOMPARE(r.op, std::string("AddmmBackward0"));
        QVERIFY2(!r.nan, "the overflow is an infinity");
        QCOMPARE(message, std::string("Inf in a gradient at step 1: Anomaly detected: op 'mm' produced inf values in "
                                      "its output of shape [64, 32] (AddmmBackward0, layer 'fc2')"));
        // Nothing applied, nothing left behind by the second look at the step.
        const auto after = session.model().stateDict();
        for (std::size_t i = 0; i < after.size(); ++i) QCOMPARE(values(after[i].second), values(before[i].second));
        for (const Tensor& p : session.model().parameters()) QVERIFY(!p.grad().defined());
        QVERIFY(!autograd::AnomalyMode::isEnabled());
    }

    void firstNonFiniteGradientNamesTheScope() {
        const Tensor x = Tensor::fromVector(std::vector<float>{0.0f, 4.0f}, {2});
        x.setRequiresGrad(true);
        Generator gen(0);
        nn::Linear unused({.inFeatures = 1, .outFeatures = 1}, gen);  // any module: its state is put back
        std::optional<train::BadGradient> bad = train::firstNonFiniteGradient(unused, [&] {
            Tensor y;
            {
                profile::Scope outer("block");
                profile::Scope inner("root");
                y = ops::sqrt(x);
            }
            ops::sum(y).backward();
        });
        QVERIFY(bad);
        QCOMPARE(bad->op, std::string("SqrtBackward0"));
        QCOMPARE(bad->scope, std::string("block/root"));
        QCOMPARE(bad->layer(), std::string("block"));
        QVERIFY(!bad->nan);  // 0.5 / sqrt(0)
        // A finite backward finds nothing.
        QVERIFY(!train::firstNonFiniteGradient(unused, [&] { ops::sum(ops::mul(x, x)).backward(); }));
    }

    void parseAnomalyReadsBothMessages() {
        train::NonFiniteReport forward;
        QVERIFY(
            train::parseAnomaly("Anomaly detected: op 'log' produced nan values in its output of shape [4]", forward));
        QCOMPARE(forward.op, std::string("log"));
        QCOMPARE(forward.where, train::NonFiniteReport::Where::Forward);
        QVERIFY(forward.nan);
        train::NonFiniteReport inf;
        QVERIFY(train::parseAnomaly("Anomaly detected: op 'exp' produced inf values in its output of shape [4]", inf));
        QVERIFY(!inf.nan);
        train::NonFiniteReport backward;
        QVERIFY(train::parseAnomaly("Function 'SqrtBackward0' returned nan values in its 0th output.", backward));
        QCOMPARE(backward.op, std::string("SqrtBackward0"));
        QCOMPARE(backward.where, train::NonFiniteReport::Where::Backward);
        train::NonFiniteReport other;
        QVERIFY(!train::parseAnomaly("element 0 of tensors does not require grad", other));
        QVERIFY(other.op.empty());
    }

    // A bad gradient's report names the Node when anomaly mode's message names an op inside it, and the
    // whole scope when the Node lies deeper than the layer.
    void badGradientMessages() {
        train::NonFiniteReport r;
        r.step = 7;
        QVERIFY(train::parseAnomaly("Anomaly detected: op 'mm' produced inf values in its output of shape [4, 8]", r));
        train::describeBadGradient(r, train::BadGradient{"MmBackward0", "enc/self_attn/in_proj", false});
        QCOMPARE(r.message(), std::string("Inf in a gradient at step 7: Anomaly detected: op 'mm' produced inf values "
                                          "in its output of shape [4, 8] (MmBackward0, layer 'enc', scope "
                                          "'enc/self_attn/in_proj')"));
        train::NonFiniteReport engine;
        engine.step = 2;
        QVERIFY(train::parseAnomaly("Function 'SqrtBackward0' returned nan values in its 0th output.", engine));
        train::describeBadGradient(engine, train::BadGradient{"SqrtBackward0", "fc1", true});
        QCOMPARE(engine.message(), std::string("NaN in a gradient at step 2: Function 'SqrtBackward0' returned nan "
                                               "values in its 0th output. (layer 'fc1')"));
        train::NonFiniteReport unknown;
        QVERIFY(
            train::parseAnomaly("Anomaly detected: op 'mm' produced nan values in its output of shape [1]", unknown));
        train::describeBadGradient(unknown, std::nullopt);
        QCOMPARE(unknown.where, train::NonFiniteReport::Where::Backward);
        QCOMPARE(unknown.op, std::string("mm"));
    }
};

QTEST_APPLESS_MAIN(TestTensorProbe)
#include "test_tensor_probe.moc"
