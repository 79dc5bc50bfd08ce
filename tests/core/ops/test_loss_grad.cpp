// Backward of the loss and indexing ops: torch 1.13's grad_fn names and edges, and gradients checked
// against central differences in float64 (eps 1e-6, atol 1e-5, rtol 1e-3, as torch's gradcheck).
#include <QtTest>

#include <cmath>
#include <functional>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/ops/binary_cross_entropy.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/embedding.h"
#include "core/ops/gather.h"
#include "core/ops/index_select.h"
#include "core/ops/l1_loss.h"
#include "core/ops/mse_loss.h"
#include "core/ops/nll_loss.h"
#include "core/ops/smooth_l1_loss.h"
#include "core/ops/view.h"

using namespace tessera;
using ops::Reduction;

namespace {
// Deterministic values in [lo, hi).
Tensor uniform(const Shape& sizes, double lo, double hi, std::uint64_t seed, bool requiresGrad = true) {
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    std::uint64_t s = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (auto& x : v) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        x = lo + (hi - lo) * static_cast<double>(s >> 11) / 9007199254740992.0;
    }
    Tensor t = Tensor::fromVector<double>(v, sizes);
    if (requiresGrad) t.setRequiresGrad();
    return t;
}
Tensor longs(const std::vector<std::int64_t>& v, const Shape& s) { return Tensor::fromVector<std::int64_t>(v, s); }

using Fn = std::function<Tensor()>;

// torch.autograd.gradcheck of f with respect to `inputs` (float64 leaves); "" when it passes.
QString gradcheck(const Fn& f, const std::vector<Tensor>& inputs) {
    const auto r = autograd::gradcheck([&](const autograd::TensorList&) { return autograd::TensorList{f()}; }, inputs);
    return r.ok ? QString() : QString::fromStdString(r.message);
}
QString gradgradcheck(const Fn& f, const std::vector<Tensor>& inputs) {
    const auto r =
        autograd::gradgradcheck([&](const autograd::TensorList&) { return autograd::TensorList{f()}; }, inputs);
    return r.ok ? QString() : QString::fromStdString(r.message);
}

QString nameOf(const std::shared_ptr<autograd::Node>& fn) {
    const auto n = fn ? fn->name() : std::string_view("None");
    return QString::fromUtf8(n.data(), static_cast<int>(n.size()));
}
QString nameOf(const Tensor& t) { return nameOf(t.gradFn()); }
QString edgeNames(const Tensor& t) {
    QStringList names;
    for (const auto& e : t.gradFn()->nextEdges())
        names << (e.isValid() ? QString::fromUtf8(e.function->name().data(), int(e.function->name().size()))
                              : QString("None"));
    return names.join(",");
}

const Reduction kAll[] = {Reduction::Mean, Reduction::Sum, Reduction::None};
}  // namespace

class TestLossGrad : public QObject {
    Q_OBJECT
private slots:
    void namesAndEdgesAsTorch() {
        const Tensor x = uniform({3, 4}, 0.1, 0.9, 1), t = uniform({3, 4}, 0.1, 0.9, 2);
        const Tensor labels = longs({1, 2, 0}, {3});
        QCOMPARE(nameOf(ops::mseLoss(x, t)), QString("MseLossBackward0"));
        QCOMPARE(edgeNames(ops::mseLoss(x, t)), QString("AccumulateGrad,AccumulateGrad"));
        // A broadcast operand is expanded first (torch.broadcast_tensors in F.mse_loss).
        QCOMPARE(edgeNames(ops::mseLoss(x, ops::select(t, 0, 0))), QString("AccumulateGrad,ExpandBackward0"));
        QCOMPARE(nameOf(ops::smoothL1Loss(x, t)), QString("SmoothL1LossBackward0"));
        QCOMPARE(nameOf(ops::huberLoss(x, t)), QString("HuberLossBackward0"));
        QCOMPARE(nameOf(ops::binaryCrossEntropy(x, t)), QString("BinaryCrossEntropyBackward0"));
        QCOMPARE(nameOf(ops::binaryCrossEntropyWithLogits(x, t)), QString("BinaryCrossEntropyWithLogitsBackward0"));
        QCOMPARE(nameOf(ops::nllLoss(x, labels)), QString("NllLossBackward0"));
        QCOMPARE(edgeNames(ops::nllLoss(x, labels)), QString("AccumulateGrad"));
        QCOMPARE(nameOf(ops::nllLoss(ops::view(x, {1, 3, 2, 2}), longs({0, 1, 2, 0}, {1, 2, 2}))),
                 QString("NllLoss2DBackward0"));
        // Other spatial ranks go through a view to (N, C, 1, S), as torch's nll_loss_nd.
        const Tensor y3 = ops::nllLoss(ops::view(x, {1, 3, 4}), longs({0, 1, 2, 0}, {1, 4}));
        QCOMPARE(nameOf(y3), QString("NllLoss2DBackward0"));
        QCOMPARE(edgeNames(y3), QString("ViewBackward0"));
        QCOMPARE(nameOf(ops::embedding(labels, x)), QString("EmbeddingBackward0"));
        QCOMPARE(nameOf(ops::indexSelect(x, 0, labels)), QString("IndexSelectBackward0"));
        QCOMPARE(nameOf(ops::gather(x, 1, longs({0, 1, 1}, {3, 1}))), QString("GatherBackward0"));
        // Target-only tracking: the input's edge is empty.
        const Tensor plain = uniform({3, 4}, 0.1, 0.9, 3, false);
        QCOMPARE(edgeNames(ops::mseLoss(plain, t)), QString("None,AccumulateGrad"));
    }

    void weightsThatRequireGradAreRefused() {
        const Tensor x = uniform({3, 4}, 0.1, 0.9, 1), t = uniform({3, 4}, 0.1, 0.9, 2, false);
        const Tensor w = uniform({4}, 0.5, 2, 4);
        QVERIFY_THROWS_EXCEPTION(AutogradError, ops::binaryCrossEntropy(x, t, w));
        QVERIFY_THROWS_EXCEPTION(AutogradError, ops::binaryCrossEntropyWithLogits(x, t, {}, w));
        QVERIFY_THROWS_EXCEPTION(AutogradError, ops::nllLoss(x, longs({1, 2, 0}, {3}), w));
        autograd::NoGradGuard noGrad;
        QVERIFY(!ops::nllLoss(x, longs({1, 2, 0}, {3}), w).requiresGrad());
    }

    void pointwiseLosses() {
        const Tensor x = uniform({3, 4}, -2, 2, 5), t = uniform({4}, -2, 2, 6);  // t broadcast over rows
        const Tensor u = uniform({3, 4}, -2, 2, 24);
        for (Reduction r : kAll) {
            QCOMPARE(gradcheck([&] { return ops::mseLoss(x, t, r); }, {x, t}), QString());
            QCOMPARE(gradcheck([&] { return ops::smoothL1Loss(x, t, r, 0.7); }, {x, t}), QString());
            QCOMPARE(gradcheck([&] { return ops::smoothL1Loss(x, t, r, 0.0); }, {x, t}), QString());
            QCOMPARE(gradcheck([&] { return ops::huberLoss(x, t, r, 0.6); }, {x, t}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::mseLoss(x, u, r); }, {x, u}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::smoothL1Loss(x, u, r, 0.7); }, {x, u}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::smoothL1Loss(x, u, r, 0.0); }, {x, u}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::huberLoss(x, u, r, 0.6); }, {x, u}), QString());
        }
        // A transposed input.
        const Tensor xt = uniform({4, 3}, -2, 2, 7);
        QCOMPARE(gradcheck([&] { return ops::mseLoss(ops::t(xt), t); }, {xt, t}), QString());
    }

    void binaryCrossEntropies() {
        const Tensor p = uniform({3, 4}, 0.05, 0.95, 8), t = uniform({3, 4}, 0, 1, 9);
        const Tensor w = uniform({4}, 0.5, 2, 10, false), pw = uniform({3, 1}, 0.5, 3, 11, false);
        const Tensor logits = uniform({3, 4}, -4, 4, 12);
        for (Reduction r : kAll) {
            QCOMPARE(gradcheck([&] { return ops::binaryCrossEntropy(p, t, w, r); }, {p, t}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::binaryCrossEntropy(p, t, w, r); }, {p}), QString());
            QCOMPARE(gradcheck([&] { return ops::binaryCrossEntropyWithLogits(logits, t, w, pw, r); }, {logits, t}),
                     QString());
            QCOMPARE(gradcheck([&] { return ops::binaryCrossEntropyWithLogits(logits, t, {}, {}, r); }, {logits, t}),
                     QString());
        }
    }

    void nllLoss() {
        const Tensor x = uniform({5, 4}, -3, 0, 13);
        const Tensor labels = longs({1, -100, 3, 0, 3}, {5});
        const Tensor w = uniform({4}, 0.5, 2, 14, false);
        for (Reduction r : kAll) {
            QCOMPARE(gradcheck([&] { return ops::nllLoss(x, labels, w, r); }, {x}), QString());
            QCOMPARE(gradcheck([&] { return ops::nllLoss(x, longs({1, 3, 3, 0, 2}, {5}), {}, r, 3); }, {x}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::nllLoss(x, labels, w, r); }, {x}), QString());
        }
        const Tensor v = uniform({4}, -3, 0, 15);
        QCOMPARE(gradcheck([&] { return ops::nllLoss(v, Tensor::scalar<std::int64_t>(2), w); }, {v}), QString());
        const Tensor x4 = uniform({2, 3, 2, 2}, -3, 0, 16);
        const Tensor t4 = longs({0, 1, 2, 2, 1, -100, 0, 0}, {2, 2, 2});
        const Tensor x5 = uniform({2, 3, 2, 2, 1}, -3, 0, 17);
        const Tensor x3 = uniform({2, 3, 4}, -3, 0, 18);
        for (Reduction r : kAll) {
            QCOMPARE(gradcheck([&] { return ops::nllLoss(x4, t4, ops::slice(w, 0, 0, 3), r); }, {x4}), QString());
            QCOMPARE(gradcheck([&] { return ops::nllLoss(x5, ops::view(t4, {2, 2, 2, 1}), {}, r); }, {x5}), QString());
            QCOMPARE(gradcheck([&] { return ops::nllLoss(x3, ops::view(t4, {2, 4}), {}, r); }, {x3}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::nllLoss(x4, t4, {}, r); }, {x4}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::nllLoss(x3, ops::view(t4, {2, 4}), {}, r); }, {x3}), QString());
        }
    }

    void compositeLossesDecomposeAsTorch() {
        const Tensor x = uniform({3, 4}, -1, 1, 21), t = uniform({4}, -1, 1, 22);
        const Tensor cw = uniform({4}, 0.5, 2, 25, false);
        const Tensor l1 = ops::l1Loss(x, t);
        QCOMPARE(nameOf(l1), QString("MeanBackward0"));
        QCOMPARE(nameOf(l1.gradFn()->nextEdges()[0].function), QString("AbsBackward0"));
        const Tensor ce = ops::crossEntropy(x, longs({1, 2, 0}, {3}));
        QCOMPARE(nameOf(ce), QString("NllLossBackward0"));
        QCOMPARE(edgeNames(ce), QString("LogSoftmaxBackward0"));
        QCOMPARE(edgeNames(ops::mseLoss(x, t)), QString("AccumulateGrad,ExpandBackward0"));
        for (Reduction r : kAll) {
            QCOMPARE(gradcheck([&] { return ops::l1Loss(x, t, r); }, {x, t}), QString());
            QCOMPARE(gradcheck([&] { return ops::crossEntropy(x, longs({1, -100, 3}, {3}), {}, r); }, {x}), QString());
            QCOMPARE(gradcheck(
                         [&] {
                             return ops::crossEntropy(x, longs({1, 0, 3}, {3}), cw, r, 0, 0.2);
                         },
                         {x}),
                     QString());
        }
        const Tensor p = uniform({3, 4}, 0, 1, 23);
        QCOMPARE(gradcheck([&] { return ops::crossEntropy(x, p, {}, Reduction::Mean, -100, 0.1); }, {x, p}), QString());
    }

    void secondOrderThroughOps() {
        // These gradients are written with element-wise ops (or pass through ExpandBackward0's sum).
        const Tensor x = uniform({3, 4}, -1, 1, 26), t = uniform({4}, -1, 1, 27);
        const Tensor p = uniform({3, 4}, 0.05, 0.95, 28), q = uniform({3, 4}, 0, 1, 29);
        const Tensor w = uniform({4}, 0.5, 2, 30, false), pw = uniform({3, 1}, 0.5, 3, 31, false);
        for (Reduction r : kAll) {
            QCOMPARE(gradgradcheck([&] { return ops::mseLoss(x, t, r); }, {x, t}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::binaryCrossEntropy(p, q, w, r); }, {p, q}), QString());
            QCOMPARE(gradgradcheck([&] { return ops::binaryCrossEntropyWithLogits(x, q, w, pw, r); }, {x, q}),
                     QString());
            QCOMPARE(gradgradcheck(
                         [&] {
                             return ops::crossEntropy(x, longs({1, 0, 3}, {3}), w, r, 0, 0.2);
                         },
                         {x}),
                     QString());
        }
    }

    void crossEntropyGradientValues() {
        // torch: F.cross_entropy(x, [1, -100, 3], weight=w, label_smoothing=0.2).backward() on sin(0.37 i).
        std::vector<double> v(12);
        for (int i = 0; i < 12; ++i) v[i] = std::sin(0.37 * i);
        Tensor x = Tensor::fromVector<double>(v, {3, 4});
        x.setRequiresGrad();
        ops::crossEntropy(x, longs({1, -100, 3}, {3}), Tensor::fromVector<double>({0.5, 2.0, 1.5, 3.0}, {4}),
                          Reduction::Mean, -100, 0.2)
            .backward();
        const std::vector<double> want{
            0.05195652421919019, -0.2582305521418711, 0.09678486271413153, 0.1094891652085494, 0.0, 0.0, 0.0, 0.0,
            0.209972927941778,   0.1288026858364898,  0.09064450114352587, -0.4294201149217936};
        const auto got = x.grad().toVector<double>();
        for (std::size_t i = 0; i < want.size(); ++i) QVERIFY(std::abs(got[i] - want[i]) < 1e-12);
    }

    void nllGradientValues() {
        // torch: x = zeros(2, 3, requires_grad) ; nll_loss(x, [2, 0], weight=[1, 2, 4]).backward()
        Tensor x = Tensor::fromVector<double>(std::vector<double>(6, 0.0), {2, 3});
        x.setRequiresGrad();
        ops::nllLoss(x, longs({2, 0}, {2}), Tensor::fromVector<double>({1, 2, 4}, {3})).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 0, -0.8, -0.2, 0, 0}));
    }

    void indexing() {
        const Tensor w = uniform({5, 3}, -1, 1, 19);
        const Tensor idx = longs({4, 0, 4, 2, 1, 4}, {2, 3});
        QCOMPARE(gradcheck([&] { return ops::embedding(idx, w); }, {w}), QString());
        QCOMPARE(gradgradcheck([&] { return ops::embedding(idx, w); }, {w}), QString());
        QCOMPARE(gradcheck([&] { return ops::indexSelect(w, 0, longs({4, 0, 4}, {3})); }, {w}), QString());
        QCOMPARE(gradcheck([&] { return ops::indexSelect(ops::t(w), 1, longs({1, 1, 3}, {3})); }, {w}), QString());
        QCOMPARE(gradcheck([&] { return ops::gather(w, 1, longs({2, 2, 0, 1, 1, 1, 0, 0}, {4, 2})); }, {w}), QString());
        QCOMPARE(gradcheck(
                     [&] {
                         return ops::gather(ops::t(w), 1, longs({4, 4, 0, 3, 2, 1}, {2, 3}));
                     },
                     {w}),
                 QString());
        QCOMPARE(gradgradcheck([&] { return ops::indexSelect(w, 1, longs({2, 0, 2}, {3})); }, {w}), QString());
        QCOMPARE(gradgradcheck([&] { return ops::gather(w, 0, longs({4, 4, 0, 3, 2, 1}, {2, 3})); }, {w}), QString());
    }

    void embeddingPaddingRowGetsNoGradient() {
        Tensor w = uniform({3, 2}, -1, 1, 20);
        const Tensor y = ops::embedding(longs({1, 2, 0, 1}, {4}), w, -2);  // padding row 1
        y.backward(Tensor::fromVector<double>(std::vector<double>(8, 1.0), {4, 2}));
        QCOMPARE(w.grad().toVector<double>(), (std::vector<double>{1, 1, 0, 0, 1, 1}));
    }
};

QTEST_APPLESS_MAIN(TestLossGrad)
#include "test_loss_grad.moc"
