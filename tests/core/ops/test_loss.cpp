// The loss ops against values computed by torch 1.13 (F.mse_loss, F.nll_loss, … on the same inputs),
// their reductions, weights, ignore_index, broadcasting, dtype rules, errors and zero-size batches.
#include <QtTest>

#include <cmath>

#include "core/kernels/parallel.h"
#include "core/ops/binary_cross_entropy.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/l1_loss.h"
#include "core/ops/mse_loss.h"
#include "core/ops/nll_loss.h"
#include "core/ops/smooth_l1_loss.h"
#include "core/ops/view.h"
#include "tests/core/error_of.h"

using namespace tessera;
using ops::Reduction;

namespace {
// x = sin(0.37 i), t = cos(0.91 i) for i in [0, 12), shaped (3, 4) — the inputs of the torch script.
Tensor inputX() {
    std::vector<double> v(12);
    for (int i = 0; i < 12; ++i) v[i] = std::sin(0.37 * i);
    return Tensor::fromVector<double>(v, {3, 4});
}
Tensor inputT() {
    std::vector<double> v(12);
    for (int i = 0; i < 12; ++i) v[i] = std::cos(0.91 * i);
    return Tensor::fromVector<double>(v, {3, 4});
}
Tensor longs(const std::vector<std::int64_t>& v, const Shape& s) { return Tensor::fromVector<std::int64_t>(v, s); }
Tensor doubles(const std::vector<double>& v, const Shape& s) { return Tensor::fromVector<double>(v, s); }

// log_softmax along dim 1 of a (3, 4) tensor, written out so this suite needs no other op.
Tensor logSoftmaxRows(const Tensor& x) {
    std::vector<double> v = x.toVector<double>();
    for (int r = 0; r < 3; ++r) {
        double m = -INFINITY, s = 0;
        for (int c = 0; c < 4; ++c) m = std::max(m, v[r * 4 + c]);
        for (int c = 0; c < 4; ++c) s += std::exp(v[r * 4 + c] - m);
        for (int c = 0; c < 4; ++c) v[r * 4 + c] -= m + std::log(s);
    }
    return doubles(v, {3, 4});
}

bool close(double a, double b, double tol = 1e-12) { return std::abs(a - b) <= tol * (1 + std::abs(b)); }
}  // namespace

class TestLoss : public QObject {
    Q_OBJECT
private slots:
    void parseReduction() {
        QCOMPARE(ops::parseReduction("none"), Reduction::None);
        QCOMPARE(ops::parseReduction("sum"), Reduction::Sum);
        QCOMPARE(ops::parseReduction("mean"), Reduction::Mean);
        QVERIFY(
            errorOf<ValueError>([] { ops::parseReduction("foo"); }).contains("foo is not a valid value for reduction"));
    }

    void pointwiseLossesMatchTorch() {
        const Tensor x = inputX(), t = inputT();
        QVERIFY(close(ops::mseLoss(x, t).item<double>(), 0.8777761505115004));
        QVERIFY(close(ops::mseLoss(x, t, Reduction::Sum).item<double>(), 10.533313806138004));
        QVERIFY(close(ops::smoothL1Loss(x, t, Reduction::Mean, 0.5).item<double>(), 0.5089791062667123));
        QVERIFY(close(ops::smoothL1Loss(x, t, Reduction::Sum, 0.5).item<double>(), 6.107749275200548));
        QVERIFY(close(ops::huberLoss(x, t, Reduction::Mean, 0.5).item<double>(), 0.25448955313335614));
        QVERIFY(close(ops::huberLoss(x, t, Reduction::Sum, 0.5).item<double>(), 3.053874637600274));
        QCOMPARE(ops::mseLoss(x, t).dim(), 0);
    }

    void mseBroadcastsAndKeepsShapeWithNone() {
        const Tensor x = inputX();
        const Tensor row = ops::select(inputT(), 0, 0);  // (4,), broadcast over the rows
        const Tensor y = ops::mseLoss(x, row, Reduction::None);
        QCOMPARE(y.sizes(), (Shape{3, 4}));
        const std::vector<double> want{1.0,
                                       0.0635696970146772,
                                       0.848094054546229,
                                       3.2840090341523265,
                                       1.6967441723089972e-05,
                                       0.12077672104061726,
                                       1.0882616127972653,
                                       2.0751242465088633,
                                       0.6714224761888598,
                                       0.64166574331002,
                                       0.08020440985889918,
                                       0.013413816344778798};
        const auto got = y.toVector<double>();
        for (std::size_t i = 0; i < want.size(); ++i) QVERIFY(close(got[i], want[i]));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::mseLoss(x, ops::slice(x, 0, 0, 2));
                }).contains("must match the size of tensor b (2) at non-singleton dimension 0"));
    }

    void nonContiguousInputsGiveTheSameLoss() {
        const Tensor x = inputX(), t = inputT();
        const Tensor xt = ops::contiguous(ops::transpose(x, 0, 1));
        const Tensor tt = ops::contiguous(ops::transpose(t, 0, 1));
        // Transposed views of contiguous (4, 3) copies: the same elements as x and t.
        const double a = ops::smoothL1Loss(ops::transpose(xt, 0, 1), ops::transpose(tt, 0, 1)).item<double>();
        QVERIFY(close(a, ops::smoothL1Loss(x, t).item<double>()));
    }

    void dtypePromotion() {
        const Tensor x32 = ops::to(inputX(), DType::Float32);
        const Tensor t = inputT();
        QCOMPARE(ops::mseLoss(x32, t).dtype(), DType::Float64);
        QCOMPARE(ops::smoothL1Loss(x32, t).dtype(), DType::Float64);
        QCOMPARE(ops::huberLoss(x32, t).dtype(), DType::Float32);  // huber keeps the input's dtype
        QCOMPARE(ops::mseLoss(x32, ops::to(t, DType::Int64)).dtype(), DType::Float32);
        const Tensor i = longs({1, 2}, {2});
        QVERIFY_THROWS_EXCEPTION(TypeError, ops::mseLoss(i, i));
        QVERIFY_THROWS_EXCEPTION(TypeError, ops::huberLoss(i, ops::to(i, DType::Float32)));
        QCOMPARE(std::abs(ops::mseLoss(x32, ops::to(t, DType::Float32)).item<float>() - 0.8777761505f) < 1e-6f, true);
    }

    void smoothL1AndHuberParameters() {
        const Tensor x = doubles({0.5, 2.0}, {2}), z = doubles({0, 0}, {2});
        QCOMPARE(ops::smoothL1Loss(x, z, Reduction::None, 0.0).toVector<double>(), (std::vector<double>{0.5, 2.0}));
        QCOMPARE(ops::huberLoss(x, z, Reduction::None, 1.5).toVector<double>(), (std::vector<double>{0.125, 1.875}));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::smoothL1Loss(x, z, Reduction::Mean, -1);
                }).contains("negative values for beta"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::huberLoss(x, z, Reduction::Mean, 0);
                }).contains("non-positive values for delta"));
    }

    void nllWeightsAndIgnoreIndex() {
        const Tensor lp = logSoftmaxRows(inputX());
        const Tensor tgt = longs({1, -100, 3}, {3});
        const Tensor w = doubles({0.5, 2.0, 1.5, 3.0}, {4});
        QVERIFY(close(ops::nllLoss(lp, tgt).item<double>(), 1.7414561439982892));
        QVERIFY(close(ops::nllLoss(lp, tgt, w).item<double>(), 1.777298760128017));
        QVERIFY(close(ops::nllLoss(lp, tgt, w, Reduction::Sum).item<double>(), 8.886493800640086));
        const auto none = ops::nllLoss(lp, tgt, w, Reduction::None).toVector<double>();
        QCOMPARE(none.size(), std::size_t(3));
        QVERIFY(close(none[0], 3.1244861266992996));
        QCOMPARE(none[1], 0.0);
        QVERIFY(close(none[2], 5.7620076739407855));
        QVERIFY(
            close(ops::nllLoss(lp, longs({1, 1, 3}, {3}), w, Reduction::Mean, 1).item<double>(), 1.9206692246469286));
        // Every target ignored: the weighted mean is 0/0.
        QVERIFY(std::isnan(ops::nllLoss(lp, longs({-100, -100, -100}, {3})).item<double>()));
        QCOMPARE(ops::nllLoss(lp, longs({-100, -100, -100}, {3}), {}, Reduction::Sum).item<double>(), 0.0);
    }

    void nllSpatial() {
        const Tensor x = inputX();
        const Tensor w = doubles({0.5, 2.0, 1.5}, {3});
        const Tensor x4 = ops::view(x, {1, 3, 2, 2});
        QVERIFY(close(ops::nllLoss(x4, longs({0, 2, 1, -100}, {1, 2, 2}), w).item<double>(), -0.3280472372894547));
        const Tensor y = ops::nllLoss(ops::view(x, {1, 3, 4}), longs({0, 2, 1, 2}, {1, 4}), {}, Reduction::None);
        QCOMPARE(y.sizes(), (Shape{1, 4}));
        const std::vector<double> want{-0.0, 0.18729466354290317, -0.7965654722360868, 0.8006667821758177};
        for (int i = 0; i < 4; ++i) QVERIFY(close(y.toVector<double>()[i], want[i]));
        const Tensor y5 =
            ops::nllLoss(ops::view(x, {1, 3, 2, 2, 1}), longs({0, 2, 1, 2}, {1, 2, 2, 1}), {}, Reduction::None);
        QCOMPARE(y5.sizes(), (Shape{1, 2, 2, 1}));
        QCOMPARE(y5.toVector<double>()[1], want[1]);
    }

    void nllNoBatch() {
        const Tensor lp = ops::select(logSoftmaxRows(inputX()), 0, 0);
        const Tensor y = ops::nllLoss(lp, Tensor::scalar<std::int64_t>(2), {}, Reduction::None);
        QCOMPARE(y.dim(), 0);
        QCOMPARE(y.item<double>(), -lp.toVector<double>()[2]);
    }

    void nllErrors() {
        const Tensor lp = logSoftmaxRows(inputX());
        QVERIFY(errorOf<IndexError>([&] {
                    ops::nllLoss(lp, longs({0, 1, 4}, {3}));
                }).contains("Target 4 is out of bounds"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::nllLoss(lp, longs({0, -1, 2}, {3}));
                }).contains("Target -1 is out of bounds"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::nllLoss(lp, longs({0, 1}, {2}));
                }).contains("Expected input batch_size (3) to match target batch_size (2)"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::nllLoss(lp, ops::to(longs({0, 1, 2}, {3}), DType::Float32));
                }).contains("expected scalar type Long but found Float"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::nllLoss(lp, longs({0, 1, 2}, {3}), doubles({1, 1}, {2}));
                }).contains("weight tensor should be defined either for all 4 classes"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::nllLoss(lp, longs({0, 1, 2}, {3, 1}));
                }).contains("0D or 1D target tensor expected"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::nllLoss(ops::view(lp, {3, 2, 2}), longs({0, 1, 1, 0, 0, 1, 1, 1, 0}, {3, 3}));
                }).contains("Expected target size [3, 2], got [3, 3]"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::nllLoss(Tensor::scalar<double>(1), Tensor::scalar<std::int64_t>(0));
                }).contains("Expected 1 or more dimensions (got 0)"));
    }

    void zeroSizeBatch() {
        const Tensor x = Tensor::empty({0, 4}, DType::Float32);
        const Tensor t = Tensor::empty({0}, DType::Int64);
        QVERIFY(std::isnan(ops::nllLoss(x, t).item<float>()));
        QCOMPARE(ops::nllLoss(x, t, {}, Reduction::Sum).item<float>(), 0.0f);
        QCOMPARE(ops::nllLoss(x, t, {}, Reduction::None).sizes(), (Shape{0}));
        QVERIFY(std::isnan(ops::mseLoss(x, x).item<float>()));
        QCOMPARE(ops::mseLoss(x, x, Reduction::Sum).item<float>(), 0.0f);
        QVERIFY(std::isnan(ops::binaryCrossEntropy(x, x).item<float>()));
        QCOMPARE(ops::binaryCrossEntropyWithLogits(x, x, {}, {}, Reduction::None).sizes(), (Shape{0, 4}));
        QVERIFY(std::isnan(
            ops::nllLoss(Tensor::empty({0, 4, 2}, DType::Float32), Tensor::empty({0, 2}, DType::Int64)).item<float>()));
    }

    void binaryCrossEntropy() {
        const Tensor x = inputX();
        std::vector<double> p, tb;
        for (double v : x.toVector<double>()) p.push_back(1 / (1 + std::exp(-v)));
        for (double v : inputT().toVector<double>()) tb.push_back((v + 1) / 2);
        const Tensor pt = doubles(p, {3, 4}), tt = doubles(tb, {3, 4});
        const Tensor w = doubles({0.5, 2.0, 1.5, 3.0}, {4});
        QVERIFY(close(ops::binaryCrossEntropy(pt, tt).item<double>(), 0.7209199408170078));
        QVERIFY(close(ops::binaryCrossEntropy(pt, tt, w, Reduction::Sum).item<double>(), 14.615568781341974));
        // log is clamped at -100: certain and wrong gives 100, not inf.
        QCOMPARE(
            ops::binaryCrossEntropy(doubles({0, 1}, {2}), doubles({1, 0}, {2}), {}, Reduction::None).toVector<double>(),
            (std::vector<double>{100, 100}));
        QVERIFY(errorOf<ValueError>([&] { ops::binaryCrossEntropy(x, tt); }).contains("between 0 and 1"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::binaryCrossEntropy(pt, ops::slice(tt, 0, 0, 1));
                }).contains("different to the input size"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::binaryCrossEntropy(pt, ops::to(tt, DType::Float32));
                }).contains("Found dtype float32 but expected float64"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::binaryCrossEntropy(pt, tt, doubles({1, 2, 3}, {3}));
                }).contains("at non-singleton dimension 1"));
    }

    void binaryCrossEntropyWithLogits() {
        std::vector<double> logits, tb;
        for (double v : inputX().toVector<double>()) logits.push_back(20 * v);
        for (double v : inputT().toVector<double>()) tb.push_back((v + 1) / 2);
        const Tensor x = doubles(logits, {3, 4}), t = doubles(tb, {3, 4});
        const Tensor w = doubles({0.5, 2.0, 1.5}, {3, 1});
        const Tensor pw = doubles({0.5, 2.0, 1.5, 3.0}, {4});
        QVERIFY(close(ops::binaryCrossEntropyWithLogits(x, t).item<double>(), 5.320434942725644));
        QVERIFY(close(ops::binaryCrossEntropyWithLogits(x, t, w, pw).item<double>(), 7.519844254867469));
        // Large logits stay finite.
        const auto big = ops::binaryCrossEntropyWithLogits(doubles({-1000, 1000, 0}, {3}), doubles({1, 0, 0.5}, {3}),
                                                           {}, doubles({2, 3, 0.5}, {3}), Reduction::None)
                             .toVector<double>();
        QCOMPARE(big[0], 2000.0);
        QCOMPARE(big[1], 1000.0);
        QVERIFY(close(big[2], 0.519860385419959, 1e-9));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::binaryCrossEntropyWithLogits(x, ops::slice(t, 1, 0, 1));
                }).contains("must be the same as input size"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::binaryCrossEntropyWithLogits(x, t, doubles({1, 2}, {2, 1, 1}));
                }).contains("doesn't match the broadcast shape [2, 3, 4]"));
        QCOMPARE(ops::binaryCrossEntropyWithLogits(x, ops::to(t, DType::Float32)).dtype(), DType::Float32);
        QVERIFY_THROWS_EXCEPTION(TypeError, ops::binaryCrossEntropyWithLogits(x, ops::to(t, DType::Int64)));
    }

    void l1Loss() {
        const Tensor x = inputX(), t = inputT();
        QVERIFY(close(ops::l1Loss(x, t).item<double>(), 0.7105754538345924));
        QVERIFY(close(ops::l1Loss(x, ops::select(t, 0, 0), Reduction::Sum).item<double>(), 8.840075591589553));
        QCOMPARE(ops::l1Loss(x, t, Reduction::None).sizes(), (Shape{3, 4}));
    }

    void crossEntropyClassIndices() {
        const Tensor x = inputX();
        const Tensor tgt = longs({1, -100, 3}, {3});
        const Tensor w = doubles({0.5, 2.0, 1.5, 3.0}, {4});
        QVERIFY(close(ops::crossEntropy(x, tgt).item<double>(), 1.7414561439982892));
        QVERIFY(close(ops::crossEntropy(x, tgt, w).item<double>(), 1.777298760128017));
        QVERIFY(close(ops::crossEntropy(x, tgt, {}, Reduction::Mean, -100, 0.2).item<double>(), 1.6826909912136994));
        QVERIFY(close(ops::crossEntropy(x, tgt, w, Reduction::Mean, -100, 0.2).item<double>(), 1.6255021433735803));
        QVERIFY(close(ops::crossEntropy(x, tgt, w, Reduction::Sum, -100, 0.2).item<double>(), 8.127510716867901));
        const auto none = ops::crossEntropy(x, tgt, w, Reduction::None, -100, 0.2).toVector<double>();
        QVERIFY(close(none[0], 2.9518514352989396));
        QCOMPARE(none[1], 0.0);
        QVERIFY(close(none[2], 5.1756592815689615));
    }

    void crossEntropyProbabilities() {
        const Tensor x = inputX();
        std::vector<double> p = inputT().toVector<double>();
        for (int r = 0; r < 3; ++r) {
            double s = 0;
            for (int c = 0; c < 4; ++c) s += std::exp(p[r * 4 + c]);
            for (int c = 0; c < 4; ++c) p[r * 4 + c] = std::exp(p[r * 4 + c]) / s;
        }
        const Tensor pt = doubles(p, {3, 4});
        const Tensor w = doubles({0.5, 2.0, 1.5, 3.0}, {4});
        QVERIFY(close(ops::crossEntropy(x, pt).item<double>(), 1.467191016598207));
        QVERIFY(close(ops::crossEntropy(x, pt, w, Reduction::Mean, -100, 0.3).item<double>(), 2.4594236471972253));
        const auto none = ops::crossEntropy(x, pt, {}, Reduction::None).toVector<double>();
        QVERIFY(close(none[1], 1.5123709162102654));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::crossEntropy(x, pt, {}, Reduction::Mean, 1);
                }).contains("ignore_index is not supported for floating point target"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::crossEntropy(x, longs({1, 2, 3}, {3}), {}, Reduction::Mean, -100, 1.5);
                }).contains("label_smoothing must be between 0.0 and 1.0"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::crossEntropy(x, ops::to(pt, DType::Int64));
                }).contains("Expected floating point type for target with class probabilities"));
    }

    void largeInputsReduceDeterministically() {
        // More than one chunk: the reduction must not depend on the thread count.
        const std::int64_t n = 100003;
        std::vector<float> a(n), b(n);
        for (std::int64_t i = 0; i < n; ++i) {
            a[i] = std::sin(0.001f * static_cast<float>(i));
            b[i] = std::cos(0.003f * static_cast<float>(i));
        }
        const Tensor x = Tensor::fromVector<float>(a, {n}), y = Tensor::fromVector<float>(b, {n});
        double want = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            const float d = a[i] - b[i];
            want += static_cast<double>(d * d);
        }
        const float got = ops::mseLoss(x, y, Reduction::Sum).item<float>();
        QVERIFY(std::abs(got - static_cast<float>(want)) <= 1e-6f * static_cast<float>(want));
        kernels::setNumThreads(1);
        const float one = ops::mseLoss(x, y).item<float>();
        kernels::setNumThreads(2);
        QCOMPARE(ops::mseLoss(x, y).item<float>(), one);
    }
};

QTEST_APPLESS_MAIN(TestLoss)
#include "test_loss.moc"
