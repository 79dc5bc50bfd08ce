// Backward of the reduction and normalisation ops: grad_fn names as torch 1.13 gives them, and
// gradients against central finite differences in float64 (on contiguous and strided inputs).
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "core/autograd/function.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
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
};

QTEST_APPLESS_MAIN(TestReduceGrad)
#include "test_reduce_grad.moc"
