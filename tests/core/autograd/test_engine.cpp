// The engine on view ops: grad_fn names and edges, accumulation, grad(), hooks, guards, profiling,
// gradient sinks.
#include <QtTest>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/ops/add.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {
Tensor leaf(const Shape& sizes) {
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
    Tensor t = Tensor::fromVector<double>(v, sizes);
    t.setRequiresGrad();
    return t;
}
Tensor ones(const Shape& sizes) {
    return Tensor::fromVector<double>(std::vector<double>(static_cast<std::size_t>(shapeNumel(sizes)), 1.0), sizes);
}

// An identity op whose backward notes whether the engine offered it a gradient sink.
bool g_sinkOffered = false;
struct ProbeBackward final : autograd::Node {
    std::string_view name() const override { return "ProbeBackward"; }
    autograd::TensorList apply(autograd::TensorList&& grads) override {
        g_sinkOffered = gradientSink(0) != nullptr;
        return {grads[0]};
    }
};
Tensor probe(const Tensor& x) {
    Tensor out = ops::clone(x.detach());
    if (auto node = autograd::makeNode<ProbeBackward>(x)) autograd::setHistory(out, node);
    return out;
}

// x = x * a + b, n times, on float tensors whose products round; returns the leaves' gradients.
std::vector<std::vector<float>> chainGradients(int n) {
    auto pattern = [](float scale) {
        std::vector<float> v(12);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = scale * static_cast<float>(i % 5 + 1) / 3.0f;
        return Tensor::fromVector<float>(v, {3, 4});
    };
    Tensor x = pattern(0.3f), a = pattern(1.1f / 7.0f), b = pattern(0.01f);
    a.setRequiresGrad();
    b.setRequiresGrad();
    for (int i = 0; i < n; ++i) x = ops::add(ops::mul(x, a), b);
    ops::sum(x).backward();
    return {a.grad().toVector<float>(), b.grad().toVector<float>()};
}
}  // namespace

class TestEngine : public QObject {
    Q_OBJECT
private slots:
    void leafHasNoGradFn() {
        Tensor a = leaf({3});
        QVERIFY(a.isLeaf());
        QVERIFY(a.requiresGrad());
        QVERIFY(a.gradFn() == nullptr);
        QVERIFY(!a.grad().defined());
        Tensor i = Tensor::fromVector<std::int64_t>({1, 2}, {2});
        QVERIFY_THROWS_EXCEPTION(AutogradError, i.setRequiresGrad());
    }
    void namesAndEdgesFollowPyTorch() {
        Tensor x = leaf({3, 4});
        Tensor y = ops::transpose(x, 0, 1);
        QVERIFY(y.requiresGrad());
        QVERIFY(!y.isLeaf());
        QCOMPARE(QString::fromUtf8(y.gradFn()->name().data(), int(y.gradFn()->name().size())),
                 QStringLiteral("TransposeBackward0"));
        QCOMPARE(y.gradFn()->nextEdges().size(), std::size_t(1));
        QCOMPARE(y.gradFn()->nextEdges()[0].function->name(), std::string_view("AccumulateGrad"));
        Tensor z = ops::view(ops::slice(x, 0, 1, 3), {-1});
        QCOMPARE(z.gradFn()->name(), std::string_view("ViewBackward0"));
        QCOMPARE(z.gradFn()->nextEdges()[0].function->name(), std::string_view("SliceBackward0"));
        QCOMPARE(ops::reshape(y, {12}).gradFn()->name(), std::string_view("UnsafeViewBackward0"));
        QCOMPARE(ops::reshape(x, {12}).gradFn()->name(), std::string_view("ReshapeAliasBackward0"));
        QCOMPARE(ops::narrow(x, 0, 1, 1).gradFn()->name(), std::string_view("SliceBackward0"));
    }
    void sliceBackwardScattersIntoZeros() {
        Tensor x = leaf({4, 2});
        Tensor y = ops::slice(x, 0, 1, 4, 2);  // rows 1 and 3
        y.backward(ones({2, 2}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 0, 1, 1, 0, 0, 1, 1}));
    }
    void expandGradientIsSummed() {
        Tensor x = leaf({1, 3});
        Tensor y = ops::expand(x, {4, 3});
        y.backward(ones({4, 3}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{4, 4, 4}));
        QCOMPARE(x.grad().sizes(), (Shape{1, 3}));
    }
    void twoBackwardsAccumulate() {
        Tensor x = leaf({3});
        Tensor y = ops::select(ops::unsqueeze(x, 0), 0, 0);
        y.backward(ones({3}));
        y.backward(ones({3}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{2, 2, 2}));
    }
    void implicitGradOnlyForScalars() {
        Tensor x = leaf({3});
        Tensor y = ops::transpose(ops::unsqueeze(x, 0), 0, 1);
        try {
            y.backward();
            QFAIL("backward on a non-scalar without a gradient must raise");
        } catch (const AutogradError& e) {
            QVERIFY(QString(e.what()).contains("grad can be implicitly created only for scalar outputs"));
        }
        Tensor s = ops::select(x, 0, 1);
        s.backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 1, 0}));
    }
    void gradReturnsWithoutAccumulating() {
        Tensor x = leaf({2, 3});
        Tensor y = ops::permute(x, {1, 0});
        auto g = autograd::grad({y}, {x}, {ones({3, 2})});
        QCOMPARE(g.size(), std::size_t(1));
        QCOMPARE(g[0].sizes(), (Shape{2, 3}));
        QVERIFY(!x.grad().defined());
        Tensor unused = leaf({2});
        QVERIFY_THROWS_EXCEPTION(AutogradError, autograd::grad({y}, {unused}, {ones({3, 2})}));
        auto g2 = autograd::grad({y}, {unused}, {ones({3, 2})}, true, false, true);
        QVERIFY(!g2[0].defined());
    }
    void gradOfIntermediate() {
        Tensor x = leaf({4});
        Tensor mid = ops::unsqueeze(x, 0);
        Tensor y = ops::slice(mid, 1, 0, 2);
        auto g = autograd::grad({y}, {mid}, {ones({1, 2})});
        QCOMPARE(g[0].toVector<double>(), (std::vector<double>{1, 1, 0, 0}));
    }
    void noGradRecordsNothing() {
        Tensor x = leaf({3});
        autograd::NoGradGuard guard;
        Tensor y = ops::unsqueeze(x, 0);
        QVERIFY(!y.requiresGrad());
        QVERIFY(y.gradFn() == nullptr);
    }
    void detachSharesStorage() {
        Tensor x = leaf({3});
        Tensor d = ops::unsqueeze(x, 0).detach();
        QVERIFY(d.sharesStorageWith(x));
        QVERIFY(!d.requiresGrad());
    }
    void hooksReplaceGradients() {
        Tensor x = leaf({2});
        Tensor mid = ops::unsqueeze(x, 0);
        mid.registerHook([](const Tensor& g) {
            Tensor doubled = ops::clone(g.detach());
            for (std::int64_t i = 0; i < doubled.numel(); ++i) doubled.data<double>()[i] *= 2;
            return doubled;
        });
        mid.retainGrad();
        Tensor y = ops::squeeze(mid, 0);
        y.backward(ones({2}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{2, 2}));
        QVERIFY(mid.grad().defined());
    }
    void backwardEventsAreProfiledWithTheirScope() {
        Tensor x = leaf({2, 2});
        Tensor y;
        {
            profile::Scope layer("block");
            y = ops::transpose(x, 0, 1);
        }
        profile::start();
        y.backward(ones({2, 2}));
        auto events = profile::stop();
        bool found = false;
        for (const auto& e : events)
            if (e.name == "TransposeBackward0") {
                found = true;
                QCOMPARE(e.phase, profile::Phase::Backward);
                QCOMPARE(profile::scopePath(e.scope), std::string("block"));
            }
        QVERIFY(found);
    }
    void accumulationIsProfiledAndAgreesWithoutProfiler() {
        // Note [In-place gradient accumulation]: two paths into x's accumulator are summed in place; with
        // the profiler on the sum is an add_ event, without it the kernel runs directly, same values.
        Tensor x = leaf({3});
        Tensor y = ops::mul(x, x);
        profile::start();
        y.backward(ones({3}), true);
        bool found = false;
        for (const auto& e : profile::stop()) found = found || e.name == "add_";
        QVERIFY(found);
        const auto profiled = x.grad().toVector<double>();
        QCOMPARE(profiled, (std::vector<double>{0, 2, 4}));
        x.setGrad(Tensor());
        y.backward(ones({3}));
        QCOMPARE(x.grad().toVector<double>(), profiled);
    }
    void gradientSinksAreOfferedOnlyWhereTheEngineAddsInPlace() {
        // Note [Gradient sinks]: MulBackward0 (created later, so run first) leaves a gradient in x's
        // accumulator; the probe's gradient for x is bound for that running sum.
        Tensor x = leaf({3});
        const Tensor p = probe(x);
        Tensor y = ops::add(p, ops::mul(x, ones({3})));
        y.backward(ones({3}), true);
        QVERIFY(g_sinkOffered);
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{2, 2, 2}));
        // None while profiling (the profile shows each gradient), nor when a graph is recorded.
        profile::start();
        y.backward(ones({3}), true);
        profile::stop();
        QVERIFY(!g_sinkOffered);
        Tensor g = ones({3});
        g.setRequiresGrad();
        autograd::grad({y}, {x}, {g}, true, true);
        QVERIFY(!g_sinkOffered);
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{4, 4, 4}));
    }
    void gradientSinksKeepTheValues() {
        // The products MulBackward0 adds into a's running sum equal mul then add_, bit for bit: the same
        // chain with the profiler on (no sinks) gives the same gradients.
        const auto fused = chainGradients(20);
        profile::start();
        const auto separate = chainGradients(20);
        profile::stop();
        QCOMPARE(fused, separate);
    }
    void gradientBuffersAreReusedOnlyWhenNothingElseHoldsThem() {
        // MulBackward0 may write self's gradient over the gradient it received when nothing else holds
        // that one; the caller's gradient, passed to backward, is held by the caller and stays as it is.
        Tensor x = leaf({3}), w = leaf({3});
        const Tensor g = Tensor::fromVector<double>({1, 2, 3}, {3});
        ops::mul(x, w).backward(g);
        QCOMPARE(g.toVector<double>(), (std::vector<double>{1, 2, 3}));
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 2, 6}));
        QCOMPARE(w.grad().toVector<double>(), (std::vector<double>{0, 2, 6}));
        // Through a chain the intermediate gradients are reused; the values stay those of mul.
        Tensor y = ops::mul(ops::mul(ops::mul(x, w), w), ones({3}));
        x.setGrad(Tensor());
        y.backward(g);
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 2, 12}));
        QCOMPARE(g.toVector<double>(), (std::vector<double>{1, 2, 3}));
    }
    void doubleBackwardThroughSlice() {
        // d/dg of slice_backward(g) is a slice: the graph of the backward is itself differentiable.
        Tensor x = leaf({4});
        Tensor y = ops::slice(x, 0, 1, 3);
        Tensor g = ones({2});
        g.setRequiresGrad();
        auto gx = autograd::grad({y}, {x}, {g}, true, true);
        QVERIFY(gx[0].requiresGrad());
        QCOMPARE(gx[0].gradFn()->name(), std::string_view("SliceBackwardBackward0"));
        auto gg = autograd::grad({gx[0]}, {g}, {ones({4})});
        QCOMPARE(gg[0].toVector<double>(), (std::vector<double>{1, 1}));
    }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "test_engine.moc"
