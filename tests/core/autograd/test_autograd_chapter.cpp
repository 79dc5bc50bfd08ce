// The facts of PyTorch's autograd chapter, as a student would check them in Tessera.
#include <QtTest>

#include "core/autograd/custom_function.h"
#include "core/autograd/engine.h"
#include "core/autograd/gradcheck.h"
#include "core/ops/add.h"
#include "core/ops/matmul.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"

using namespace tessera;
using autograd::TensorList;

namespace {
Tensor leaf(const Shape& sizes, std::uint64_t seed, DType dtype = DType::Float64) {
    Generator gen(seed);
    Tensor t = randn(sizes, dtype, &gen);
    t.setRequiresGrad();
    return t;
}

// torch.autograd.Function's documentation example: a linear layer written by hand.
struct LinearFunction : autograd::Function<LinearFunction> {
    static constexpr std::string_view kName = "LinearFunction";
    static Tensor forward(autograd::FunctionCtx& ctx, const Tensor& x, const Tensor& w, const Tensor& b) {
        ctx.saveForBackward({x, w});
        return ops::add(ops::matmul(x, ops::t(w)), b);
    }
    static TensorList backward(autograd::FunctionCtx& ctx, const TensorList& grads) {
        const TensorList saved = ctx.savedTensors();
        const Tensor& g = grads[0];
        TensorList out(3);
        if (ctx.needsInputGrad(0)) out[0] = ops::matmul(g, saved[1]);
        if (ctx.needsInputGrad(1)) out[1] = ops::matmul(ops::t(g), saved[0]);
        if (ctx.needsInputGrad(2)) out[2] = ops::sum(g, {0});
        return out;
    }
};
}  // namespace

class TestAutogradChapter : public QObject {
    Q_OBJECT
private slots:
    void chainRuleOnMeanOfScaled() {
        Tensor a = leaf({2, 2}, 1);
        QVERIFY(a.gradFn() == nullptr);
        Tensor c = ops::mean(ops::mul(a, 3));
        QCOMPARE(c.gradFn()->name(), std::string_view("MeanBackward0"));
        const auto& next = c.gradFn()->nextEdges();
        QCOMPARE(next[0].function->name(), std::string_view("MulBackward0"));
        QCOMPARE(next[0].function->nextEdges()[0].function->name(), std::string_view("AccumulateGrad"));
        c.backward();
        QCOMPARE(a.grad().toVector<double>(), (std::vector<double>(4, 0.75)));
    }
    void twoBackwardsWithoutZeroGradDouble() {
        Tensor a = leaf({3}, 2);
        Tensor c = ops::sum(ops::mul(a, a));
        c.backward(Tensor(), /*retainGraph=*/true);
        const auto once = a.grad().toVector<double>();
        c.backward();
        const auto twice = a.grad().toVector<double>();
        for (std::size_t i = 0; i < once.size(); ++i) QCOMPARE(twice[i], 2 * once[i]);
        try {
            c.backward();
            QFAIL("a third backward after the graph was freed must raise");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("backward through the graph a second time"));
        }
    }
    void noGradRecordsNothingAndDetachShares() {
        Tensor a = leaf({3}, 3);
        {
            autograd::NoGradGuard guard;
            Tensor b = ops::mul(a, 2);
            QVERIFY(!b.requiresGrad() && b.gradFn() == nullptr);
        }
        Tensor d = ops::mul(a, 2).detach();
        QVERIFY(!d.requiresGrad());
        QVERIFY(a.detach().sharesStorageWith(a));
    }
    void savedTensorsAreReleasedAfterBackward() {
        Tensor a = leaf({64}, 4);
        const std::int64_t before = StorageImpl::liveCount();
        Tensor loss;
        {
            Tensor h = ops::tanh(ops::mul(a, a));  // MulBackward0 saves a twice; TanhBackward0 saves its result
            loss = ops::sum(ops::exp(h));
        }
        const std::int64_t withGraph = StorageImpl::liveCount();
        QVERIFY(withGraph > before + 1);
        loss.backward();
        // Left: loss and a.grad. Every intermediate saved for backward is gone.
        QCOMPARE(StorageImpl::liveCount(), before + 2);
    }
    void inPlaceChangeOfSavedInputFailsNamingTheOp() {
        Tensor a = leaf({3}, 5);
        Tensor b = ops::mul(ops::exp(a), 1.0);
        Tensor c = ops::sum(ops::mul(b, b));
        ops::add_(b.detach(), 1.0);
        try {
            c.backward();
            QFAIL("backward after modifying a saved tensor in place must raise");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("modified by an inplace operation"));
            QVERIFY(QString(e.what()).contains("MulBackward0"));
        }
    }
    void customLinearMatchesBuiltIn() {
        Tensor x = leaf({4, 3}, 6), w = leaf({2, 3}, 7), b = leaf({2}, 8);
        Tensor y1 = LinearFunction::apply(x, w, b);
        QCOMPARE(y1.gradFn()->name(), std::string_view("LinearFunctionBackward"));
        ops::sum(ops::mul(y1, y1)).backward();
        const TensorList custom{x.grad(), w.grad(), b.grad()};
        x.setGrad(Tensor());
        w.setGrad(Tensor());
        b.setGrad(Tensor());
        ops::sum(ops::mul(ops::linear(x, w, b), ops::linear(x, w, b))).backward();
        const TensorList builtin{x.grad(), w.grad(), b.grad()};
        for (std::size_t i = 0; i < 3; ++i) {
            const auto p = custom[i].toVector<double>(), q = builtin[i].toVector<double>();
            QCOMPARE(p.size(), q.size());
            for (std::size_t k = 0; k < p.size(); ++k) QVERIFY(std::abs(p[k] - q[k]) <= 1e-12 * (1 + std::abs(q[k])));
        }
        auto r = autograd::gradcheck(
            [](const TensorList& in) { return TensorList{LinearFunction::apply(in[0], in[1], in[2])}; }, {x, w, b});
        QVERIFY2(r.ok, r.message.c_str());
    }
    void anomalyModeNamesTheOp() {
        autograd::AnomalyMode::setEnabled(true);
        Tensor a = Tensor::fromVector<double>({-1.0, 2.0}, {2});
        a.setRequiresGrad();
        try {
            ops::log(a);
            autograd::AnomalyMode::setEnabled(false);
            QFAIL("log of a negative number must be reported in anomaly mode");
        } catch (const AutogradError& e) {
            autograd::AnomalyMode::setEnabled(false);
            QVERIFY(QString(e.what()).contains("'log'"));
            QVERIFY(QString(e.what()).contains("nan"));
        }
    }
};

QTEST_APPLESS_MAIN(TestAutogradChapter)
#include "test_autograd_chapter.moc"
