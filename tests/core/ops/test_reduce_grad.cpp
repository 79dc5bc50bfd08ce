// Backward of the reduction and normalisation ops: grad_fn names as torch 1.13 gives them, and
// gradients against central finite differences in float64 (on contiguous and strided inputs).
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/ops/batch_norm.h"
#include "core/ops/dropout.h"
#include "core/ops/layer_norm.h"
#include "core/ops/logsumexp.h"
#include "core/ops/minmax.h"
#include "core/ops/prod.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/ops/view.h"
#include "core/tensor/generator.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {

Tensor randn(const Shape& sizes, unsigned seed = 1) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> dist;
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& x : v) x = dist(gen);
    return Tensor::fromVector<double>(v, sizes);
}

using Fn = std::function<Tensor(const Tensor&)>;

// d<G, f(x)>/dx by backward against central differences (eps 1e-6), as gradcheck does.
void checkGrad(const Fn& f, const Tensor& x0, double atol = 1e-6) {
    Tensor x = ops::clone(x0);
    x.setRequiresGrad(true);
    Tensor y = f(x);
    QVERIFY(y.gradFn() != nullptr);
    const Tensor g = randn(y.sizes(), 99);
    y.backward(g);
    QVERIFY(x.grad().defined());
    const auto analytic = x.grad().toVector<double>();
    const auto gv = g.toVector<double>();
    auto v = x0.toVector<double>();
    const double eps = 1e-6;
    for (std::size_t i = 0; i < v.size(); ++i) {
        auto at = [&](double delta) {
            auto w = v;
            w[i] += delta;
            const auto out = f(Tensor::fromVector<double>(w, x0.sizes())).toVector<double>();
            double s = 0;
            for (std::size_t k = 0; k < out.size(); ++k) s += out[k] * gv[k];
            return s;
        };
        const double numeric = (at(eps) - at(-eps)) / (2 * eps);
        QVERIFY2(std::abs(numeric - analytic[i]) <= atol + 1e-3 * std::abs(numeric),
                 qPrintable(QString("element %1: analytic %2, numeric %3").arg(i).arg(analytic[i]).arg(numeric)));
    }
}

// gradcheck and gradgradcheck of f on float64 leaves.
void checkBoth(const std::function<Tensor(const autograd::TensorList&)>& f, const autograd::TensorList& inputs,
               bool secondOrder = true) {
    autograd::TensorList leaves;
    for (const Tensor& t : inputs) {
        Tensor l = ops::clone(t);
        l.setRequiresGrad(true);
        leaves.push_back(l);
    }
    const autograd::DifferentiableFn fn = [&](const autograd::TensorList& in) { return autograd::TensorList{f(in)}; };
    const auto first = autograd::gradcheck(fn, leaves);
    QVERIFY2(first.ok, first.message.c_str());
    if (!secondOrder) return;
    try {
        const auto second = autograd::gradgradcheck(fn, leaves);
        QVERIFY2(second.ok, second.message.c_str());
    } catch (const Error& e) {
        QFAIL(qPrintable(QString("gradgradcheck of %1 threw: %2")
                             .arg(QString::fromUtf8(f(leaves).gradFn()->name().data()))
                             .arg(e.what())));
    }
}

QString gradFnName(const Fn& f, const Tensor& x0) {
    Tensor x = ops::clone(x0);
    x.setRequiresGrad(true);
    auto fn = f(x).gradFn();
    return fn ? QString::fromUtf8(fn->name().data(), static_cast<int>(fn->name().size())) : QString("None");
}

}  // namespace

class TestReduceGrad : public QObject {
    Q_OBJECT
private slots:
    void sum() {
        const Tensor x = randn({3, 4, 2});
        QCOMPARE(gradFnName([](const Tensor& t) { return ops::sum(t); }, x), QString("SumBackward0"));
        QCOMPARE(gradFnName([](const Tensor& t) { return ops::sum(t, {1}); }, x), QString("SumBackward1"));
        checkGrad([](const Tensor& t) { return ops::sum(t); }, x);
        checkGrad([](const Tensor& t) { return ops::sum(t, {0, -1}); }, x);
        checkGrad([](const Tensor& t) { return ops::sum(t, {1}, true); }, x);
        checkGrad([](const Tensor& t) { return ops::sum(ops::transpose(t, 0, 2), {2}); }, x);
        Tensor leaf = ops::clone(x);
        leaf.setRequiresGrad(true);
        ops::sum(leaf, {1}, false, DType::Float32)
            .backward(Tensor::fromVector<float>(std::vector<float>(6, 2.f), {3, 2}));
        QCOMPARE(leaf.grad().dtype(), DType::Float64);
        QCOMPARE(leaf.grad().toVector<double>(), std::vector<double>(24, 2.0));
    }
    void names() {
        const Tensor x = randn({3, 4});
        const std::vector<std::pair<QString, Fn>> cases = {
            {"MeanBackward0", [](const Tensor& t) { return ops::mean(t); }},
            {"MeanBackward1", [](const Tensor& t) { return ops::mean(t, {1}); }},
            {"ProdBackward0", [](const Tensor& t) { return ops::prod(t); }},
            {"ProdBackward1", [](const Tensor& t) { return ops::prod(t, 1); }},
            {"VarBackward0", [](const Tensor& t) { return ops::var(t, {1}); }},
            {"StdBackward0", [](const Tensor& t) { return ops::stdDev(t); }},
            {"MaxBackward1", [](const Tensor& t) { return ops::max(t); }},
            {"MaxBackward0", [](const Tensor& t) { return ops::max(t, 1).values; }},
            {"MinBackward1", [](const Tensor& t) { return ops::min(t); }},
            {"MinBackward0", [](const Tensor& t) { return ops::min(t, 0).values; }},
            {"AmaxBackward0", [](const Tensor& t) { return ops::amax(t, {1}); }},
            {"AminBackward0", [](const Tensor& t) { return ops::amin(t); }},
            {"LogsumexpBackward0", [](const Tensor& t) { return ops::logsumexp(t, {1}); }},
            {"SoftmaxBackward0", [](const Tensor& t) { return ops::softmax(t, 1); }},
            {"LogSoftmaxBackward0", [](const Tensor& t) { return ops::logSoftmax(t, 0); }},
            {"NativeLayerNormBackward0", [](const Tensor& t) { return ops::layerNorm(t, {4}); }},
            {"NativeBatchNormBackward0", [](const Tensor& t) { return ops::batchNorm(t, {}, {}, {}, {}, true); }},
        };
        for (const auto& [name, f] : cases) QCOMPARE(gradFnName(f, x), name);
        Tensor leaf = ops::clone(x);
        leaf.setRequiresGrad(true);
        QVERIFY(ops::max(leaf, 1).indices.gradFn() == nullptr);
        QVERIFY(ops::argmax(leaf).gradFn() == nullptr);
    }
    void reductionGradients() {
        const Tensor x = randn({3, 4, 2}, 3);
        using L = autograd::TensorList;
        checkBoth([](const L& in) { return ops::mean(in[0]); }, {x});
        checkBoth([](const L& in) { return ops::mean(ops::transpose(in[0], 0, 2), {0, 2}, true); }, {x});
        checkBoth([](const L& in) { return ops::var(in[0], {1}); }, {x});
        checkBoth([](const L& in) { return ops::var(in[0], {}, 0, true); }, {x});
        checkBoth([](const L& in) { return ops::stdDev(in[0], {0, 2}, 2); }, {x});
        checkBoth([](const L& in) { return ops::logsumexp(in[0], {0, -1}); }, {x});
        checkBoth([](const L& in) { return ops::logsumexp(in[0], {1}, true); }, {x});
        checkBoth([](const L& in) { return ops::prod(in[0]); }, {x});
        checkBoth([](const L& in) { return ops::prod(in[0], 1, true); }, {x});
        checkBoth([](const L& in) { return ops::max(in[0]); }, {x});
        checkBoth([](const L& in) { return ops::min(in[0], -1).values; }, {x});
        checkBoth([](const L& in) { return ops::max(in[0], 0, true).values; }, {x});
        checkBoth([](const L& in) { return ops::amax(in[0], {0, 2}); }, {x});
        checkBoth([](const L& in) { return ops::amin(in[0], {1}, true); }, {x});
    }
    void dropoutIsAMul() {
        // torch's dropout is input * mask, so its grad_fn is MulBackward0 and the gradient is the mask.
        const Tensor x0 = randn({4, 6}, 13);
        const Fn drop = [](const Tensor& t) {
            Generator gen(5);
            return ops::dropout(t, 0.25, true, &gen);
        };
        QCOMPARE(gradFnName(drop, x0), QString("MulBackward0"));
        Tensor x = ops::clone(x0);
        x.setRequiresGrad(true);
        const Tensor y = drop(x);
        ops::sum(y).backward();
        const auto g = x.grad().toVector<double>(), yv = y.toVector<double>(), xv = x.toVector<double>();
        for (std::size_t i = 0; i < g.size(); ++i) QVERIFY(std::abs(g[i] * xv[i] - yv[i]) < 1e-12);
        QVERIFY(ops::dropout(x, 0.5, false).implPtr() == x.implPtr());
    }
    void prodWithZeros() {
        // One zero in a group: its gradient is the product of the others; two zeros: every gradient is 0.
        Tensor x = Tensor::fromVector<double>({2, 0, 3, 0, 0, 5}, {2, 3});
        x.setRequiresGrad(true);
        ops::sum(ops::prod(x, 1)).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 6, 0, 0, 0, 0}));
        Tensor y = Tensor::fromVector<double>({2, 0, 3, 4}, {4});
        y.setRequiresGrad(true);
        ops::prod(y).backward();
        QCOMPARE(y.grad().toVector<double>(), (std::vector<double>{0, 24, 0, 0}));
    }
    void tiesShareTheGradient() {
        Tensor x = Tensor::fromVector<double>({1, 3, 3, 2}, {4});
        x.setRequiresGrad(true);
        ops::max(x).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 0.5, 0.5, 0}));
        Tensor y = Tensor::fromVector<double>({3, 1, 3, 2}, {2, 2});
        y.setRequiresGrad(true);
        ops::sum(ops::amax(y, {0})).backward();
        QCOMPARE(y.grad().toVector<double>(), (std::vector<double>{0.5, 0, 0.5, 1}));
    }
    void normGradients() {
        using L = autograd::TensorList;
        const Tensor x = randn({3, 4, 5}, 4);
        checkBoth([](const L& in) { return ops::softmax(in[0], 1); }, {x});
        checkBoth([](const L& in) { return ops::logSoftmax(in[0], -1); }, {x});
        checkBoth([](const L& in) { return ops::softmax(ops::transpose(in[0], 0, 2), 0); }, {x});
        checkBoth([](const L& in) { return ops::layerNorm(in[0], {5}, in[1], in[2]); },
                  {x, randn({5}, 5), randn({5}, 6)});
        checkBoth([](const L& in) { return ops::layerNorm(in[0], {4, 5}); }, {x});
        checkBoth([](const L& in) { return ops::batchNorm(in[0], {}, {}, in[1], in[2], true); },
                  {x, randn({4}, 7), randn({4}, 8)});
        checkBoth([](const L& in) { return ops::batchNorm(in[0], {}, {}, {}, {}, true, 0.1, 0.01); },
                  {randn({6, 3}, 9)});
        const Tensor rm = randn({4}, 10);
        const Tensor rv = Tensor::fromVector<double>({0.5, 1, 2, 3}, {4});
        checkBoth([&](const L& in) { return ops::batchNorm(in[0], rm, rv, in[1], in[2]); },
                  {x, randn({4}, 11), randn({4}, 12)});
    }
};

QTEST_APPLESS_MAIN(TestReduceGrad)
#include "test_reduce_grad.moc"
