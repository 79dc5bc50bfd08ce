// Gradients of the element-wise ops: Node names as torch 1.13 shows them in grad_fn, analytic gradients
// against central finite differences in float64 (broadcast operands included), second derivatives
// for ops whose backward is written with ops, and the autograd rules of in-place ops.
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/clamp.h"
#include "core/ops/compare.h"
#include "core/ops/div.h"
#include "core/ops/fill.h"
#include "core/ops/maximum.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"
#include "core/ops/where.h"

using namespace tessera;
using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

namespace {

Tensor randomTensor(const Shape& sizes, std::mt19937& rng, double lo, double hi) {
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& x : v) x = dist(rng);
    return Tensor::fromVector<double>(v, sizes);
}

double dot(const Tensor& a, const Tensor& b) {
    const auto va = ops::contiguous(a).toVector<double>(), vb = ops::contiguous(b).toVector<double>();
    double s = 0;
    for (std::size_t i = 0; i < va.size(); ++i) s += va[i] * vb[i];
    return s;
}

// Checks autograd's gradient of sum(f(inputs) * w) against central differences; returns the first mismatch.
QString gradcheck(const Fn& f, std::vector<Tensor> inputs, std::mt19937& rng) {
    for (auto& t : inputs) t.setRequiresGrad();
    const Tensor out = f(inputs);
    const Tensor w = randomTensor(out.sizes(), rng, -1, 1);
    // A derivative that does not depend on the inputs (of a linear op) has no graph: its gradient is zero.
    const auto grads =
        out.requiresGrad() ? autograd::grad({out}, inputs, {w}, true, false, true) : std::vector<Tensor>(inputs.size());
    const double eps = 1e-6;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        const std::vector<double> base = inputs[k].toVector<double>();
        const std::vector<double> analytic =
            grads[k].defined() ? grads[k].toVector<double>() : std::vector<double>(base.size(), 0.0);
        for (std::size_t i = 0; i < base.size(); ++i) {
            auto shifted = [&](double delta) {
                std::vector<Tensor> args;
                for (std::size_t j = 0; j < inputs.size(); ++j) {
                    std::vector<double> v = inputs[j].toVector<double>();
                    if (j == k) v[i] += delta;
                    args.push_back(Tensor::fromVector<double>(v, inputs[j].sizes()));
                }
                return dot(f(args), w);
            };
            const double numeric = (shifted(eps) - shifted(-eps)) / (2 * eps);
            if (std::abs(numeric - analytic[i]) > 1e-5 + 1e-3 * std::abs(numeric))
                return QString("input %1 element %2: analytic %3, numeric %4")
                    .arg(k)
                    .arg(i)
                    .arg(analytic[i])
                    .arg(numeric);
        }
    }
    return {};
}

// The gradient of f with respect to all inputs, as a differentiable function (for second derivatives).
Fn firstDerivative(const Fn& f, std::size_t wrt, std::uint32_t seed) {
    return [f, wrt, seed](const std::vector<Tensor>& inputs) {
        std::vector<Tensor> args;
        for (const auto& t : inputs) {
            Tensor a = t.requiresGrad() ? t : ops::clone(t);
            if (!a.requiresGrad()) a.setRequiresGrad();
            args.push_back(a);
        }
        const Tensor out = f(args);
        std::mt19937 rng(seed);
        const Tensor w = randomTensor(out.sizes(), rng, -1, 1);
        return autograd::grad({out}, {args[wrt]}, {w}, true, true, true)[0];
    };
}

struct Case {
    const char* node;
    Fn f;
    std::vector<Shape> shapes;
    double lo = -2, hi = 2;
};

std::vector<Case> cases() {
    using V = const std::vector<Tensor>&;
    return {
        {"AddBackward0", [](V x) { return ops::add(x[0], x[1], 0.5); }, {{2, 3}, {3}}},
        {"AddBackward0", [](V x) { return ops::add(x[0], 2.0); }, {{4}}},
        {"SubBackward0", [](V x) { return ops::sub(x[0], x[1], 2); }, {{2, 1}, {3}}},
        {"RsubBackward0", [](V x) { return ops::rsub(x[0], x[1]); }, {{3}, {2, 3}}},
        {"RsubBackward1", [](V x) { return ops::rsub(x[0], 2.0); }, {{3}}},
        {"MulBackward0", [](V x) { return ops::mul(x[0], x[1]); }, {{2, 3}, {2, 1}}},
        {"MulBackward0", [](V x) { return ops::mul(x[0], 3.0); }, {{3}}},
        {"DivBackward0", [](V x) { return ops::div(x[0], x[1]); }, {{2, 3}, {3}}, 0.5, 2},
        {"DivBackward0", [](V x) { return ops::div(x[0], 4.0); }, {{3}}},
        {"PowBackward0", [](V x) { return ops::pow(x[0], 3); }, {{4}}},
        {"PowBackward0", [](V x) { return ops::pow(x[0], 0.5); }, {{4}}, 0.5, 2},
        {"PowBackward1", [](V x) { return ops::pow(x[0], x[1]); }, {{2, 3}, {3}}, 0.5, 2},
        {"PowBackward2", [](V x) { return ops::pow(2.5, x[0]); }, {{4}}},
        {"NegBackward0", [](V x) { return ops::neg(x[0]); }, {{4}}},
        {"AbsBackward0", [](V x) { return ops::abs(x[0]); }, {{4}}},
        {"ExpBackward0", [](V x) { return ops::exp(x[0]); }, {{4}}},
        {"LogBackward0", [](V x) { return ops::log(x[0]); }, {{4}}, 0.5, 2},
        {"SqrtBackward0", [](V x) { return ops::sqrt(x[0]); }, {{4}}, 0.5, 2},
        {"SinBackward0", [](V x) { return ops::sin(x[0]); }, {{4}}},
        {"CosBackward0", [](V x) { return ops::cos(x[0]); }, {{4}}},
        {"TanhBackward0", [](V x) { return ops::tanh(x[0]); }, {{4}}},
        {"ReciprocalBackward0", [](V x) { return ops::reciprocal(x[0]); }, {{4}}, 0.5, 2},
        {"SigmoidBackward0", [](V x) { return ops::sigmoid(x[0]); }, {{4}}},
        {"ReluBackward0", [](V x) { return ops::relu(x[0]); }, {{6}}},
        {"LeakyReluBackward0", [](V x) { return ops::leakyRelu(x[0], 0.2); }, {{6}}},
        {"EluBackward0", [](V x) { return ops::elu(x[0], 0.7); }, {{6}}},
        {"GeluBackward0", [](V x) { return ops::gelu(x[0]); }, {{6}}},
        {"GeluBackward0", [](V x) { return ops::gelu(x[0], ops::GeluApproximate::Tanh); }, {{6}}},
        {"SiluBackward0", [](V x) { return ops::silu(x[0]); }, {{6}}},
        {"SoftplusBackward0", [](V x) { return ops::softplus(x[0], 2, 1); }, {{6}}},
        {"ClampBackward1", [](V x) { return ops::clamp(x[0], -0.5, 0.5); }, {{6}}},
        {"ClampBackward0", [](V x) { return ops::clamp(x[0], x[1], x[2]); }, {{2, 3}, {3}, {2, 1}}},
        {"ClampBackward0", [](V x) { return ops::clamp(x[0], std::nullopt, x[1]); }, {{2, 3}, {3}}},
        {"WhereBackward0", [](V x) { return ops::where(ops::gt(x[0], 0), x[0], x[1]); }, {{2, 3}, {3}}},
        {"WhereBackward0", [](V x) { return ops::where(ops::gt(x[0], 0), 1.0, x[0]); }, {{5}}},
        {"MaximumBackward0", [](V x) { return ops::maximum(x[0], x[1]); }, {{2, 3}, {3}}},
        {"MinimumBackward0", [](V x) { return ops::minimum(x[0], x[1]); }, {{2, 3}, {2, 1}}},
        {"CopyBackwards", [](V x) { return ops::copy_(ops::mul(x[0], 1.0), x[1]); }, {{2, 3}, {3}}},
        {"MulBackward0", [](V x) { return ops::mul_(ops::mul(x[0], 1.0), x[1]); }, {{2, 3}, {3}}},
        {"DivBackward0", [](V x) { return ops::div_(ops::mul(x[0], 1.0), x[1]); }, {{3}, {3}}, 0.5, 2},
        {"AddBackward0", [](V x) { return ops::add_(ops::mul(x[0], 1.0), x[1], -2); }, {{2, 3}, {3}}},
        {"SubBackward0", [](V x) { return ops::sub_(ops::mul(x[0], 1.0), 3.0); }, {{3}}},
        {"FillBackward2", [](V x) { return ops::fill_(ops::mul(x[0], 1.0), 2.0); }, {{3}}},
        {"ZeroBackward0", [](V x) { return ops::zero_(ops::mul(x[0], 1.0)); }, {{3}}},
    };
}

}  // namespace

class TestElementwiseGrad : public QObject {
    Q_OBJECT
private slots:
    void nodeNamesAndGradients() {
        std::mt19937 rng(1234);
        for (const Case& c : cases()) {
            std::vector<Tensor> inputs;
            for (const auto& s : c.shapes) inputs.push_back(randomTensor(s, rng, c.lo, c.hi));
            for (auto& t : inputs) t.setRequiresGrad();
            const Tensor out = c.f(inputs);
            QVERIFY2(out.gradFn() != nullptr, c.node);
            QCOMPARE(QString::fromUtf8(out.gradFn()->name().data(), out.gradFn()->name().size()), QString(c.node));
            std::vector<Tensor> fresh;
            for (const auto& t : inputs) fresh.push_back(ops::clone(t.detach()));
            const QString err = gradcheck(c.f, fresh, rng);
            QVERIFY2(err.isEmpty(), qPrintable(QString(c.node) + ": " + err));
        }
    }

    void secondDerivatives() {
        std::mt19937 rng(99);
        for (const Case& c : cases()) {
            const std::string node = c.node;
            // Piecewise-linear ops have zero second derivatives almost everywhere; check the smooth ones.
            if (node == "ReluBackward0" || node == "ClampBackward0" || node == "ClampBackward1" ||
                node == "CopyBackwards" || node == "FillBackward2" || node == "ZeroBackward0" ||
                node == "AbsBackward0" || node == "LeakyReluBackward0" || node == "MaximumBackward0" ||
                node == "MinimumBackward0" || node == "WhereBackward0")
                continue;
            std::vector<Tensor> inputs;
            for (const auto& s : c.shapes) inputs.push_back(randomTensor(s, rng, c.lo, c.hi));
            QString err;
            try {
                err = gradcheck(firstDerivative(c.f, 0, 7), inputs, rng);
            } catch (const Error& e) {
                err = e.what();
            }
            QVERIFY2(err.isEmpty(), qPrintable(QString(c.node) + " (second order): " + err));
        }
    }

    void inPlaceOnLeafRequiringGradFails() {
        Tensor x = Tensor::fromVector<double>({1, 2}, {2});
        x.setRequiresGrad();
        try {
            ops::add_(x, 1.0);
            QFAIL("no error");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("a leaf Variable that requires grad is being used in an in-place"));
        }
        {
            autograd::NoGradGuard guard;
            ops::mul_(x, 2.0);  // allowed without grad mode, as torch's optimizers do
        }
        QCOMPARE(x.toVector<double>(), (std::vector<double>{2, 4}));
    }

    void inPlaceAfterSaveFailsBackward() {
        Tensor x = Tensor::fromVector<double>({1, 2}, {2});
        x.setRequiresGrad();
        Tensor y = ops::mul(x, 1.0);
        Tensor z = ops::exp(y);  // saves its result z
        ops::add_(z, 1.0);
        QVERIFY_THROWS_EXCEPTION(AutogradError, autograd::grad({z}, {x}, {Tensor::fromVector<double>({1, 1}, {2})}));
    }

    void comparisonsAndIntegerResultsHaveNoHistory() {
        Tensor x = Tensor::fromVector<double>({1, -2}, {2});
        x.setRequiresGrad();
        QVERIFY(ops::gt(x, 0.0).gradFn() == nullptr);
        QVERIFY(!ops::eq(x, x).requiresGrad());
    }
};

QTEST_APPLESS_MAIN(TestElementwiseGrad)
#include "test_elementwise_grad.moc"
