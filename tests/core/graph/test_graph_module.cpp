// Building model graphs into modules: every example builds, runs forward and computes its loss; weights
// are named after the node ids, seeded builds are identical, Normalize fits the training split, and
// every node runs inside a profiler scope named after it.
#include <QtTest>

#include <cmath>
#include <set>

#include "core/graph/graph_layers.h"
#include "core/graph/graph_module.h"
#include "core/io/project.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"

using namespace tessera;
using namespace tessera::graph;

namespace {

struct Example {
    const char* name;
    std::vector<std::int64_t> input;  // sample shape
    std::vector<std::int64_t> output;
    std::int64_t classes;  // 0 for regression
    std::int64_t parameters;
    std::vector<std::string> keys;  // state_dict keys
};

const std::vector<Example>& examples() {
    static const std::vector<Example> list = {
        {"moons-mlp",
         {2},
         {2},
         2,
         96 + 1056 + 66,
         {"fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias", "fc3.weight", "fc3.bias"}},
        {"iris-mlp",
         {4},
         {3},
         3,
         80 + 51,
         {"norm.mean", "norm.std", "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"}},
        {"digits-cnn",
         {1, 8, 8},
         {10},
         10,
         80 + 1168 + 650,
         {"conv1.weight", "conv1.bias", "conv2.weight", "conv2.bias", "fc.weight", "fc.bias"}},
        {"breast-cancer-logreg", {30}, {1}, 0, 31, {"norm.mean", "norm.std", "fc.weight", "fc.bias"}},
        {"spirals-residual-mlp",
         {2},
         {3},
         3,
         192 + 4160 + 4160 + 195,
         {"fc1.weight", "fc1.bias", "res_fc1.weight", "res_fc1.bias", "res_fc2.weight", "res_fc2.bias", "fc2.weight",
          "fc2.bias"}},
        {"sine-lstm",
         {32, 1},
         {3},
         3,
         4480 + 99,
         {"lstm.weight_ih_l0", "lstm.weight_hh_l0", "lstm.bias_ih_l0", "lstm.bias_hh_l0", "fc.weight", "fc.bias"}},
        {"sine-transformer",
         {32, 1},
         {3},
         3,
         64 + 4224 + 4192 + 128 + 99,
         {"embed.weight", "embed.bias", "pos.pe", "encoder.self_attn.in_proj_weight", "encoder.self_attn.in_proj_bias",
          "encoder.self_attn.out_proj.weight", "encoder.self_attn.out_proj.bias", "encoder.linear1.weight",
          "encoder.linear1.bias", "encoder.linear2.weight", "encoder.linear2.bias", "encoder.norm1.weight",
          "encoder.norm1.bias", "encoder.norm2.weight", "encoder.norm2.bias", "fc.weight", "fc.bias"}},
    };
    return list;
}

ModelGraph load(const std::string& name) {
    return ModelGraph::fromProject(
        io::loadProject(std::string(TESSERA_SOURCE_DIR) + "/resources/examples/" + name + ".tessera"));
}

Shape batch(std::int64_t n, const std::vector<std::int64_t>& sample) {
    Shape s{n};
    s.insert(s.end(), sample.begin(), sample.end());
    return s;
}

}  // namespace

class TestGraphModule : public QObject {
    Q_OBJECT

private slots:
    void examplesBuildAndRun() {
        for (const Example& e : examples()) {
            const ModelGraph g = load(e.name);
            const GraphReport r = analyze(g);
            for (const auto& p : r.problems) qWarning("%s: %s", e.name, formatProblem(p, &g).c_str());
            QVERIFY2(r.problems.empty(), e.name);
            QCOMPARE(r.totalParameters, e.parameters);

            Generator gen(1);
            auto model = GraphModule::build(g, gen);
            QCOMPARE(model->parameterCount(), e.parameters);
            std::vector<std::string> keys;
            for (const auto& [key, value] : model->stateDict()) keys.push_back(key);
            QCOMPARE(keys, e.keys);
            QCOMPARE(model->inputShape(), e.input);
            QCOMPARE(model->classes().value_or(0), e.classes);

            const std::int64_t features = shapeNumel(e.input);
            const Tensor x = rand({5, features}, DType::Float32, &gen);
            model->fitNormalization(x);
            const Tensor y = (*model)(x);
            QCOMPARE(y.sizes(), batch(5, e.output));
            const Tensor t =
                e.classes ? randint(0, e.classes, {5}, DType::Int64, &gen) : rand({5}, DType::Float32, &gen);
            auto [output, loss] = model->forwardWithLoss(x, t);
            QCOMPARE(output.sizes(), batch(5, e.output));
            QCOMPARE(loss.dim(), std::int64_t(0));
            QVERIFY(std::isfinite(loss.item<float>()));
            loss.backward();
            for (const auto& [name, p] : model->namedParameters()) QVERIFY2(p.grad().defined(), name.c_str());
        }
    }

    void seededBuildsAreIdentical() {
        const ModelGraph g = load("digits-cnn");
        Generator a(7), b(7), c(8);
        auto ma = GraphModule::build(g, a), mb = GraphModule::build(g, b), mc = GraphModule::build(g, c);
        const auto sa = ma->stateDict(), sb = mb->stateDict(), sc = mc->stateDict();
        bool allSame = true, anyDiffers = false;
        for (std::size_t i = 0; i < sa.size(); ++i) {
            allSame &= sa[i].second.toVector<float>() == sb[i].second.toVector<float>();
            anyDiffers |= sa[i].second.toVector<float>() != sc[i].second.toVector<float>();
        }
        QVERIFY(allSame);
        QVERIFY(anyDiffers);
    }

    void normalizeFitsTheTrainingSplit() {
        const ModelGraph g = load("iris-mlp");
        Generator gen(1);
        auto model = GraphModule::build(g, gen);
        QVERIFY(model->hasNormalization());
        const Tensor x = Tensor::fromVector<float>({1, 2, 3, 5, 3, 2, 3, 5, 5, 2, 3, 5}, {3, 4});
        model->fitNormalization(x);
        const auto state = model->stateDict();
        QCOMPARE(state[0].first, std::string("norm.mean"));
        QCOMPARE(state[0].second.toVector<float>(), (std::vector<float>{3, 2, 3, 5}));
        const auto std = state[1].second.toVector<float>();
        QVERIFY(std::abs(std[0] - std::sqrt(8.0f / 3.0f)) < 1e-6f);
        QCOMPARE(std[1], 1.0f);  // a constant feature is divided by 1, as scikit-learn's StandardScaler does
        Normalize direct({4});
        direct.fit(x);
        QCOMPARE(direct.mean.toVector<float>(), state[0].second.toVector<float>());
        QVERIFY_THROWS_EXCEPTION(ShapeError, direct.fit(rand({3, 5})));
    }

    void inputAndTargetReshape() {
        Generator gen(1);
        auto model = GraphModule::build(load("digits-cnn"), gen);
        QCOMPARE((*model)(rand({2, 1, 8, 8})).sizes(), (Shape{2, 10}));
        try {
            (*model)(rand({2, 30}));
            QFAIL("no exception");
        } catch (const ShapeError& e) {
            QCOMPARE(QString(e.what()), QString("Input 'x': the features have 30 values per sample ([2, 30]) but the "
                                                "shape [1, 8, 8] holds 64"));
        }
        auto logreg = GraphModule::build(load("breast-cancer-logreg"), gen);
        const Tensor x = rand({4, 30});
        // Regression targets may come as [N] or [N, 1]: the Target gives them its shape.
        const float a = logreg->forwardWithLoss(x, Tensor::fromVector<float>({0, 1, 1, 0}, {4})).loss.item<float>();
        const float b = logreg->forwardWithLoss(x, Tensor::fromVector<float>({0, 1, 1, 0}, {4, 1})).loss.item<float>();
        QCOMPARE(a, b);
    }

    void refusesGraphsWithErrors() {
        ModelGraph g = load("moons-mlp");
        g.setParam("fc2", "in_features", 7);
        Generator gen(1);
        try {
            GraphModule::build(g, gen);
            QFAIL("no exception");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()), QString("cannot build the model:\n  fc2 (Linear), input 0, parameter "
                                                "'in_features': Linear expects 7 input features, gets [N, 32] — set "
                                                "in_features to 32"));
        }
    }

    void evaluatesEveryNode() {
        Generator gen(1);
        auto model = GraphModule::build(load("spirals-residual-mlp"), gen);
        const Tensor x = rand({4, 2}, DType::Float32, &gen);
        auto values = model->evaluate(x);
        QVERIFY(!values.count("loss"));
        QVERIFY(!values.count("target"));
        QCOMPARE(values.at("add").at(0).sizes(), (Shape{4, 64}));
        QCOMPARE(values.at("out").at(0).toVector<float>(), (*model)(x).toVector<float>());
        const Tensor t = Tensor::fromVector<std::int64_t>({0, 1, 2, 0}, {4});
        values = model->evaluate(x, &t);
        QCOMPARE(values.at("loss").at(0).item<float>(), model->forwardWithLoss(x, t).loss.item<float>());
        QCOMPARE(model->nodeModule("fc1")->typeName(), std::string("Linear"));
        QVERIFY(!model->nodeModule("add"));
    }

    void nodesRunInProfilerScopes() {
        Generator gen(1);
        auto model = GraphModule::build(load("spirals-residual-mlp"), gen);
        profile::start();
        (void)model->forwardWithLoss(rand({4, 2}), Tensor::fromVector<std::int64_t>({0, 1, 2, 0}, {4}));
        const auto events = profile::stop();
        std::set<std::string> scopes;
        for (const auto& e : events) scopes.insert(profile::scopePath(e.scope));
        for (const char* id : {"fc1", "relu1", "res_fc1", "add", "fc2", "loss"}) {
            QVERIFY2(scopes.count(id), id);
        }
    }
};

QTEST_APPLESS_MAIN(TestGraphModule)
#include "test_graph_module.moc"
