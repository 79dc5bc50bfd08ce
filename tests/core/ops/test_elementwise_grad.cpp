// Gradients of the element-wise ops: Node names as torch 1.13 shows them in grad_fn, analytic gradients
// against central finite differences in float64 (autograd::gradcheck) (broadcast operands included), second derivatives
// for ops whose backward is written with ops, and the autograd rules of in-place ops.
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/kernels/elementwise.h"
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

autograd::DifferentiableFn asList(const Fn& f) {
    return [f](const autograd::TensorList& in) { return autograd::TensorList{f(in)}; };
}

struct Case {
    const char* node;
    Fn f;
    std::vector<Shape> shapes;
    double lo = -2, hi = 2;
    // False where the gradient is constant or piecewise constant in the inputs (linear and
    // piecewise-linear ops): there is no second derivative to check.
    bool secondOrder = true;
};

std::vector<Case> cases() {
    using V = const std::vector<Tensor>&;
    return {
        {"AddBackward0", [](V x) { return ops::add(x[0], x[1], 0.5); }, {{2, 3}, {3}}, -2, 2, false},
        {"AddBackward0", [](V x) { return ops::add(x[0], 2.0); }, {{4}}, -2, 2, false},
        {"SubBackward0", [](V x) { return ops::sub(x[0], x[1], 2); }, {{2, 1}, {3}}, -2, 2, false},
        {"RsubBackward0", [](V x) { return ops::rsub(x[0], x[1]); }, {{3}, {2, 3}}, -2, 2, false},
        {"RsubBackward1", [](V x) { return ops::rsub(x[0], 2.0); }, {{3}}, -2, 2, false},
        {"MulBackward0", [](V x) { return ops::mul(x[0], x[1]); }, {{2, 3}, {2, 1}}},
        {"MulBackward0", [](V x) { return ops::mul(x[0], 3.0); }, {{3}}, -2, 2, false},
        {"DivBackward0", [](V x) { return ops::div(x[0], x[1]); }, {{2, 3}, {3}}, 0.5, 2},
        {"DivBackward0", [](V x) { return ops::div(x[0], 4.0); }, {{3}}, -2, 2, false},
        {"PowBackward0", [](V x) { return ops::pow(x[0], 3); }, {{4}}},
        {"PowBackward0", [](V x) { return ops::pow(x[0], 0.5); }, {{4}}, 0.5, 2},
        {"PowBackward1", [](V x) { return ops::pow(x[0], x[1]); }, {{2, 3}, {3}}, 0.5, 2},
        {"PowBackward2", [](V x) { return ops::pow(2.5, x[0]); }, {{4}}},
        {"NegBackward0", [](V x) { return ops::neg(x[0]); }, {{4}}, -2, 2, false},
        {"AbsBackward0", [](V x) { return ops::abs(x[0]); }, {{4}}, -2, 2, false},
        {"ExpBackward0", [](V x) { return ops::exp(x[0]); }, {{4}}},
        {"LogBackward0", [](V x) { return ops::log(x[0]); }, {{4}}, 0.5, 2},
        {"SqrtBackward0", [](V x) { return ops::sqrt(x[0]); }, {{4}}, 0.5, 2},
        {"SinBackward0", [](V x) { return ops::sin(x[0]); }, {{4}}},
        {"CosBackward0", [](V x) { return ops::cos(x[0]); }, {{4}}},
        {"TanhBackward0", [](V x) { return ops::tanh(x[0]); }, {{4}}},
        {"ReciprocalBackward0", [](V x) { return ops::reciprocal(x[0]); }, {{4}}, 0.5, 2},
        {"SigmoidBackward0", [](V x) { return ops::sigmoid(x[0]); }, {{4}}},
        {"ReluBackward0", [](V x) { return ops::relu(x[0]); }, {{6}}, -2, 2, false},
        {"LeakyReluBackward0", [](V x) { return ops::leakyRelu(x[0], 0.2); }, {{6}}, -2, 2, false},
        {"EluBackward0", [](V x) { return ops::elu(x[0], 0.7); }, {{6}}},
        {"GeluBackward0", [](V x) { return ops::gelu(x[0]); }, {{6}}},
        {"GeluBackward0", [](V x) { return ops::gelu(x[0], ops::GeluApproximate::Tanh); }, {{6}}},
        {"SiluBackward0", [](V x) { return ops::silu(x[0]); }, {{6}}},
        {"SoftplusBackward0", [](V x) { return ops::softplus(x[0], 2, 1); }, {{6}}},
        {"ClampBackward1", [](V x) { return ops::clamp(x[0], -0.5, 0.5); }, {{6}}, -2, 2, false},
        {"ClampBackward0", [](V x) { return ops::clamp(x[0], x[1], x[2]); }, {{2, 3}, {3}, {2, 1}}, -2, 2, false},
        {"ClampBackward0", [](V x) { return ops::clamp(x[0], std::nullopt, x[1]); }, {{2, 3}, {3}}, -2, 2, false},
        {"WhereBackward0", [](V x) { return ops::where(ops::gt(x[0], 0), x[0], x[1]); }, {{2, 3}, {3}}, -2, 2, false},
        {"WhereBackward0", [](V x) { return ops::where(ops::gt(x[0], 0), 1.0, x[0]); }, {{5}}, -2, 2, false},
        {"MaximumBackward0", [](V x) { return ops::maximum(x[0], x[1]); }, {{2, 3}, {3}}, -2, 2, false},
        {"MinimumBackward0", [](V x) { return ops::minimum(x[0], x[1]); }, {{2, 3}, {2, 1}}, -2, 2, false},
        {"CopyBackwards", [](V x) { return ops::copy_(ops::mul(x[0], 1.0), x[1]); }, {{2, 3}, {3}}, -2, 2, false},
        {"MulBackward0", [](V x) { return ops::mul_(ops::mul(x[0], 1.0), x[1]); }, {{2, 3}, {3}}},
        {"DivBackward0", [](V x) { return ops::div_(ops::mul(x[0], 1.0), x[1]); }, {{3}, {3}}, 0.5, 2},
        {"AddBackward0", [](V x) { return ops::add_(ops::mul(x[0], 1.0), x[1], -2); }, {{2, 3}, {3}}, -2, 2, false},
        {"SubBackward0", [](V x) { return ops::sub_(ops::mul(x[0], 1.0), 3.0); }, {{3}}, -2, 2, false},
        {"FillBackward2", [](V x) { return ops::fill_(ops::mul(x[0], 1.0), 2.0); }, {{3}}, -2, 2, false},
        {"ZeroBackward0", [](V x) { return ops::zero_(ops::mul(x[0], 1.0)); }, {{3}}, -2, 2, false},
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
            const auto r = autograd::gradcheck(asList(c.f), inputs);
            QVERIFY2(r.ok, qPrintable(QString(c.node) + ": " + QString::fromStdString(r.message)));
        }
    }

    void secondDerivatives() {
        std::mt19937 rng(99);
        for (const Case& c : cases()) {
            if (!c.secondOrder) continue;
            // Every input at the broadcast shape: the second derivative of a broadcast reduction is
            // sum's to check, not these ops'.
            Shape full;
            for (const auto& s : c.shapes) full = kernels::broadcastShapes("test", full, s);
            std::vector<Tensor> inputs;
            for (std::size_t k = 0; k < c.shapes.size(); ++k) inputs.push_back(randomTensor(full, rng, c.lo, c.hi));
            for (auto& t : inputs) t.setRequiresGrad();
            autograd::GradcheckResult r;
            try {
                r = autograd::gradgradcheck(asList(c.f), inputs);
            } catch (const Error& e) {
                r = {false, e.what()};
            }
            QVERIFY2(r.ok, qPrintable(QString(c.node) + " (second order, " + QString::number(c.shapes.size()) +
                                      " inputs): " + QString::fromStdString(r.message)));
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
