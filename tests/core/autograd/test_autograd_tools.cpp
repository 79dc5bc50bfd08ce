// Custom Functions, gradcheck and graph snapshots.
#include <QtTest>

#include "core/autograd/custom_function.h"
#include "core/autograd/engine.h"
#include "core/autograd/gradcheck.h"
#include "core/autograd/graph_snapshot.h"
#include "core/ops/add.h"
#include "core/ops/compare.h"
#include "core/ops/mul.h"
#include "core/ops/view.h"
#include "core/tensor/tensor.h"

using namespace tessera;
using autograd::TensorList;

namespace {
Tensor leaf(const Shape& sizes) {
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = 0.5 + static_cast<double>(i);
    Tensor t = Tensor::fromVector<double>(v, sizes);
    t.setRequiresGrad();
    return t;
}

// y = x * x computed by hand, with a correct or a deliberately wrong backward.
template <int kWrongFactor>
struct Square : autograd::Function<Square<kWrongFactor>> {
    static constexpr std::string_view kName = "Square";
    static Tensor forward(autograd::FunctionCtx& ctx, const Tensor& x) {
        ctx.saveForBackward({x});
        Tensor out = ops::clone(x);
        for (std::int64_t i = 0; i < out.numel(); ++i) out.data<double>()[i] *= out.data<double>()[i];
        return out;
    }
    static TensorList backward(autograd::FunctionCtx& ctx, const TensorList& grads) {
        Tensor x = ctx.savedTensors()[0];
        Tensor g = ops::clone(grads[0]);
        auto xv = x.toVector<double>();
        for (std::int64_t i = 0; i < g.numel(); ++i) g.data<double>()[i] *= (2 + kWrongFactor) * xv[i];
        return {g};
    }
};
}  // namespace

class TestAutogradTools : public QObject {
    Q_OBJECT
private slots:
    void customFunctionIsWiredIn() {
        Tensor x = leaf({3});
        Tensor y = Square<0>::apply(x);
        QCOMPARE(y.gradFn()->name(), std::string_view("SquareBackward"));
        QCOMPARE(y.gradFn()->nextEdges()[0].function->name(), std::string_view("AccumulateGrad"));
        y.backward(Tensor::fromVector<double>({1, 1, 1}, {3}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{1, 3, 5}));
    }
    void customFunctionSavedTensorsAreFreedAfterBackward() {
        Tensor x = leaf({3});
        Tensor y = Square<0>::apply(x);
        y.backward(Tensor::fromVector<double>({1, 1, 1}, {3}));
        try {
            y.backward(Tensor::fromVector<double>({1, 1, 1}, {3}));
            QFAIL("a second backward without retain_graph must raise");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("backward through the graph a second time"));
        }
    }
    void inPlaceChangeOfSavedTensorIsCaught() {
        Tensor x = leaf({3});
        Tensor y = Square<0>::apply(x);
        x.bumpVersion();  // what an in-place op does to its storage
        try {
            y.backward(Tensor::fromVector<double>({1, 1, 1}, {3}));
            QFAIL("backward after an in-place change of a saved tensor must raise");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("modified by an inplace operation"));
            QVERIFY(QString(e.what()).contains("SquareBackward"));
        }
    }
    void gradcheckAcceptsCorrectAndRejectsWrongBackward() {
        Tensor x = leaf({2, 2});
        auto good = autograd::gradcheck([](const TensorList& in) { return TensorList{Square<0>::apply(in[0])}; }, {x});
        QVERIFY2(good.ok, good.message.c_str());
        auto bad = autograd::gradcheck([](const TensorList& in) { return TensorList{Square<1>::apply(in[0])}; }, {x});
        QVERIFY(!bad.ok);
        QVERIFY(QString::fromStdString(bad.message).contains("Jacobian mismatch"));
    }
    void gradcheckOnViews() {
        Tensor x = leaf({3, 4});
        auto r = autograd::gradcheck(
            [](const TensorList& in) {
                return TensorList{
                    ops::expand(ops::unsqueeze(ops::slice(ops::transpose(in[0], 0, 1), 0, 1, 4, 2), 0), {2, 2, 3})};
            },
            {x});
        QVERIFY2(r.ok, r.message.c_str());
        auto rr = autograd::gradgradcheck(
            [](const TensorList& in) { return TensorList{ops::select(ops::slice(in[0], 1, 0, 3, 2), 0, 1)}; }, {x});
        QVERIFY2(rr.ok, rr.message.c_str());
    }
    // torch's gradcheck and gradgradcheck on outputs without a graph: ignored next to differentiable
    // ones, else their numerical Jacobian must be zero; a first derivative that does not depend on
    // the inputs (x + 2) passes gradgradcheck.
    void gradcheckOfOutputsWithoutGraph() {
        Tensor x = leaf({2, 3});
        auto mask = [](const TensorList& in) { return TensorList{ops::to(ops::gt(in[0], 0.0), DType::Float64)}; };
        QVERIFY(autograd::gradcheck(mask, {x}).ok);
        QVERIFY(autograd::gradgradcheck(mask, {x}).ok);
        auto detached = [](const TensorList& in) { return TensorList{ops::mul(in[0].detach(), 2.0)}; };
        const auto bad = autograd::gradcheck(detached, {x});
        QVERIFY(!bad.ok);
        QVERIFY2(QString::fromStdString(bad.message).contains("expected to be zero"), bad.message.c_str());
        auto mixed = [](const TensorList& in) {
            return TensorList{ops::mul(in[0].detach(), 2.0), ops::mul(in[0], 3.0)};
        };
        QVERIFY(autograd::gradcheck(mixed, {x}).ok);
        QVERIFY(autograd::gradgradcheck(mixed, {x}).ok);
        auto shifted = [](const TensorList& in) { return TensorList{ops::add(in[0], 2.0)}; };
        const auto rr = autograd::gradgradcheck(shifted, {x});
        QVERIFY2(rr.ok, rr.message.c_str());
    }
    void gradcheckRequiresDouble() {
        Tensor f = Tensor::fromVector<float>({1, 2}, {2});
        f.setRequiresGrad();
        QVERIFY_THROWS_EXCEPTION(TypeError,
                                 autograd::gradcheck([](const TensorList& in) { return TensorList{in[0]}; }, {f}));
    }
    void snapshotHasNamesEdgesAndBackwardOrder() {
        Tensor x = leaf({2, 3});
        Tensor y = ops::select(ops::transpose(x, 0, 1), 0, 1);
        autograd::GraphRecorder recorder({y}, true);
        const auto& before = recorder.snapshot();
        QCOMPARE(before.nodes.size(), std::size_t(3));
        QCOMPARE(before.nodes[0].name, std::string("SelectBackward0"));
        QCOMPARE(before.edges.size(), std::size_t(2));
        {
            autograd::ObserveBackward observe(recorder);
            y.backward(Tensor::fromVector<double>({1, 1}, {2}));
        }
        const auto& g = recorder.snapshot();
        std::vector<std::string> order(3);
        for (const auto& n : g.nodes) {
            QVERIFY(n.backwardOrder >= 0);
            order[static_cast<std::size_t>(n.backwardOrder)] = n.name;
        }
        QCOMPARE(order, (std::vector<std::string>{"SelectBackward0", "TransposeBackward0", "AccumulateGrad"}));
        const auto& acc = g.nodes[2];
        QVERIFY(acc.isLeafAccumulator);
        QCOMPARE(acc.leafGrad.values, (std::vector<double>{0, 1, 0, 0, 1, 0}));
        const std::string dot = autograd::toDot(g);
        QVERIFY(dot.find("SelectBackward0") != std::string::npos);
        QVERIFY(dot.find("digraph") == 0);
    }
};

QTEST_APPLESS_MAIN(TestAutogradTools)
#include "test_autograd_tools.moc"
