// Module: names as in torch's state_dict, loading, train/eval, profiler scopes.
#include <QtTest>

#include <set>

#include "core/nn/module.h"
#include "core/ops/add.h"
#include "core/ops/mul.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"

using namespace tessera;

namespace {
Tensor filled(const Shape& sizes, float v) {
    return Tensor::fromVector<float>(std::vector<float>(static_cast<std::size_t>(shapeNumel(sizes)), v), sizes);
}

class Affine : public nn::Module {
public:
    explicit Affine(std::int64_t n) : Module("Affine") {
        weight = registerParameter("weight", filled({n}, 2));
        bias = registerParameter("bias", filled({n}, 1));
        count = registerBuffer("count", filled({1}, 0));
    }
    Tensor forward(const Tensor& x) override { return ops::add(ops::mul(x, weight), bias); }
    Tensor weight, bias, count;
};

class Stack : public nn::Module {
public:
    Stack() : Module("Stack") {
        first = registerModule("0", std::make_shared<Affine>(3));
        second = registerModule("head", std::make_shared<Affine>(3));
        scale = registerParameter("scale", filled({1}, 1));
    }
    Tensor forward(const Tensor& x) override { return (*second)((*first)(x)); }
    std::shared_ptr<Affine> first, second;
    Tensor scale;
};

std::vector<std::string> keys(const nn::NamedTensors& named) {
    std::vector<std::string> out;
    for (const auto& [k, v] : named) out.push_back(k);
    return out;
}
}  // namespace

class TestModule : public QObject {
    Q_OBJECT
private slots:
    void namesFollowTorch() {
        Stack s;
        QCOMPARE(keys(s.namedParameters()),
                 (std::vector<std::string>{"scale", "0.weight", "0.bias", "head.weight", "head.bias"}));
        QCOMPARE(keys(s.stateDict()), (std::vector<std::string>{"scale", "0.weight", "0.bias", "0.count", "head.weight",
                                                                "head.bias", "head.count"}));
        QCOMPARE(s.parameterCount(), std::int64_t(13));
        for (const auto& p : s.parameters()) QVERIFY(p.requiresGrad() && p.isLeaf());
    }
    void loadStateDictCopiesAndChecks() {
        Stack a, b;
        auto state = a.stateDict();
        state[1].second = filled({3}, 5);
        b.loadStateDict(state);
        QCOMPARE(b.first->weight.toVector<float>(), (std::vector<float>{5, 5, 5}));
        auto missing = state;
        missing.pop_back();
        missing.emplace_back("extra", filled({1}, 0));
        try {
            b.loadStateDict(missing);
            QFAIL("a strict load with missing and unexpected keys must raise");
        } catch (const ValueError& e) {
            QVERIFY(QString(e.what()).contains("Missing key(s) in state_dict: \"head.count\""));
            QVERIFY(QString(e.what()).contains("Unexpected key(s) in state_dict: \"extra\""));
        }
        auto wrong = a.stateDict();
        wrong[0].second = filled({2}, 0);
        QVERIFY_THROWS_EXCEPTION(ShapeError, b.loadStateDict(wrong));
    }
    void trainEvalPropagates() {
        Stack s;
        s.eval();
        QVERIFY(!s.isTraining() && !s.first->isTraining() && !s.second->isTraining());
        s.train();
        QVERIFY(s.second->isTraining());
    }
    void forwardRunsInNamedScopes() {
        Stack s;
        profile::start();
        Tensor y = s(filled({3}, 1));
        auto events = profile::stop();
        QCOMPARE(y.toVector<float>(), (std::vector<float>{7, 7, 7}));
        std::set<std::string> scopes;
        for (const auto& e : events) scopes.insert(profile::scopePath(e.scope));
        QVERIFY(scopes.count("Stack/0"));
        QVERIFY(scopes.count("Stack/head"));
    }
    void zeroGradClears() {
        Affine a(2);
        ops::select(a.weight, 0, 1).backward();
        QCOMPARE(a.weight.grad().toVector<float>(), (std::vector<float>{0, 1}));
        a.zeroGrad();
        QVERIFY(!a.weight.grad().defined());
    }
};

QTEST_APPLESS_MAIN(TestModule)
#include "test_module.moc"
