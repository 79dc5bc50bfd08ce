// The fused softmax, log_softmax, layer_norm and batch_norm kernels against references written from
// their definitions, on contiguous, strided and NCHW inputs; errors named like torch's.
#include <QtTest>

#include <cmath>
#include <random>

#include "core/kernels/fast_exp.h"
#include "core/kernels/parallel.h"
#include "core/ops/add.h"
#include "core/ops/batch_norm.h"
#include "core/ops/div.h"
#include "core/ops/dropout.h"
#include "core/ops/layer_norm.h"
#include "core/ops/minmax.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/var.h"
#include "core/ops/view.h"
#include "core/tensor/generator.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {

Tensor randn(const Shape& sizes, DType dtype = DType::Float64, unsigned seed = 1, double scale = 1, double shift = 0) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> dist;
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& x : v) x = shift + scale * dist(gen);
    return ops::to(Tensor::fromVector<double>(v, sizes), dtype);
}

void expectClose(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - want[i]) <= tol * (1 + std::abs(want[i])),
                 qPrintable(QString("element %1: %2 vs %3").arg(i).arg(got[i]).arg(want[i])));
}

// Elements of x (row-major) as [outer, n, inner] around `dim`.
struct Split {
    std::int64_t outer = 1, n = 1, inner = 1;
};
Split split(const Shape& s, std::int64_t dim) {
    Split r;
    for (std::int64_t d = 0; d < static_cast<std::int64_t>(s.size()); ++d)
        (d < dim ? r.outer : d == dim ? r.n : r.inner) *= s[d];
    return r;
}

std::vector<double> refSoftmax(const Tensor& x, std::int64_t dim, bool log) {
    const auto v = x.toVector<double>();
    const Split p = split(x.sizes(), dim < 0 ? dim + x.dim() : dim);
    std::vector<double> out(v.size());
    for (std::int64_t o = 0; o < p.outer; ++o)
        for (std::int64_t j = 0; j < p.inner; ++j) {
            auto at = [&](std::int64_t i) { return (o * p.n + i) * p.inner + j; };
            double s = 0;
            for (std::int64_t i = 0; i < p.n; ++i) s += std::exp(v[at(i)]);
            for (std::int64_t i = 0; i < p.n; ++i) out[at(i)] = log ? v[at(i)] - std::log(s) : std::exp(v[at(i)]) / s;
        }
    return out;
}

std::vector<double> refNormalize(const std::vector<double>& v, std::int64_t rows, std::int64_t cols, double eps) {
    std::vector<double> out(v.size());
    for (std::int64_t r = 0; r < rows; ++r) {
        double m = 0, q = 0;
        for (std::int64_t i = 0; i < cols; ++i) m += v[r * cols + i];
        m /= static_cast<double>(cols);
        for (std::int64_t i = 0; i < cols; ++i) q += (v[r * cols + i] - m) * (v[r * cols + i] - m);
        q /= static_cast<double>(cols);
        for (std::int64_t i = 0; i < cols; ++i) out[r * cols + i] = (v[r * cols + i] - m) / std::sqrt(q + eps);
    }
    return out;
}

// The composites the fused kernels replace, written from primitive ops (STYLE.md: a fused kernel is
// checked against its composite).
Tensor compositeSoftmax(const Tensor& x, std::int64_t dim, bool log) {
    const Tensor shifted = ops::sub(x, ops::amax(x, {dim}, true));
    const Tensor e = ops::exp(shifted);
    const Tensor s = ops::sum(e, {dim}, true);
    return log ? ops::sub(shifted, ops::log(s)) : ops::div(e, s);
}

Tensor compositeNormalize(const Tensor& x, const Shape& dims, double eps) {
    const Tensor centred = ops::sub(x, ops::mean(x, dims, true));
    return ops::div(centred, ops::sqrt(ops::add(ops::var(x, dims, 0, true), eps)));
}

template <class E>
QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const E& e) {
        return QString::fromStdString(e.what());
    }
    return QString();
}

}  // namespace

class TestReduceNorm : public QObject {
    Q_OBJECT
private slots:
    void softmaxMatchesDefinition() {
        const Tensor a = randn({3, 5, 7}, DType::Float64, 1, 3);
        const Tensor nchw = randn({2, 6, 9, 9}, DType::Float64, 2);
        for (const Tensor& x : {a, ops::transpose(a, 0, 2), ops::slice(a, 1, 0, 5, 2), nchw})
            for (std::int64_t dim = -x.dim(); dim < x.dim(); ++dim)
                for (bool log : {false, true}) {
                    const Tensor y = log ? ops::logSoftmax(x, dim) : ops::softmax(x, dim);
                    QCOMPARE(y.sizes(), x.sizes());
                    expectClose(y.toVector<double>(), refSoftmax(x, dim, log), 1e-13);
                }
    }
    void fusedKernelsMatchComposites() {
        for (DType dtype : {DType::Float32, DType::Float64}) {
            const double tol = dtype == DType::Float32 ? 2e-6 : 1e-13;
            const Tensor x = randn({4, 6, 5, 5}, dtype, 21, 2, 1);
            for (std::int64_t dim : {1, 3, 0})
                for (bool log : {false, true}) {
                    const Tensor fused = log ? ops::logSoftmax(x, dim) : ops::softmax(x, dim);
                    expectClose(fused.toVector<double>(), compositeSoftmax(x, dim, log).toVector<double>(), tol);
                }
            const Tensor w = randn({5, 5}, dtype, 22), b = randn({5, 5}, dtype, 23);
            const Tensor ln = ops::add(ops::mul(compositeNormalize(x, {2, 3}, 1e-5), w), b);
            expectClose(ops::layerNorm(x, {5, 5}, w, b).toVector<double>(), ln.toVector<double>(), tol);
            const Tensor wc = randn({6}, dtype, 24), bc = randn({6}, dtype, 25);
            const Tensor bn = ops::add(ops::mul(compositeNormalize(x, {0, 2, 3}, 1e-5), ops::view(wc, {6, 1, 1})),
                                       ops::view(bc, {6, 1, 1}));
            expectClose(ops::batchNorm(x, {}, {}, wc, bc, true).toVector<double>(), bn.toVector<double>(), tol);
        }
    }
    void fastExpIsAccurate() {
        std::vector<float> x;
        for (float v = -90.f; v < 88.f; v += 0.0137f) x.push_back(v);
        x.insert(x.end(), {0.f, -0.f, 88.7f, -87.3f, 1e-30f});
        std::vector<float> y(x.size());
        kernels::expInto(y.data(), x.data(), static_cast<std::int64_t>(x.size()), 0.f);
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double e = std::exp(static_cast<double>(x[i]));
            if (e > std::numeric_limits<float>::max()) {
                QCOMPARE(y[i], std::numeric_limits<float>::infinity());
                continue;
            }
            if (e < std::numeric_limits<float>::min()) {
                QVERIFY(y[i] < 2 * std::numeric_limits<float>::min());
                continue;
            }
            QVERIFY2(std::abs(y[i] - e) <= 2e-7 * e, qPrintable(QString("exp(%1) = %2").arg(x[i]).arg(y[i])));
        }
        // The returned sum, with a shift (softmax's use): Σ exp(x - 3) over 1001 points of [-7, 3).
        std::vector<float> z(1001);
        double want = 0;
        for (std::size_t i = 0; i < z.size(); ++i) {
            z[i] = -7.f + 0.01f * static_cast<float>(i);
            want += std::exp(static_cast<double>(z[i]) - 3.0);
        }
        const float sum = kernels::expInto(y.data(), z.data(), static_cast<std::int64_t>(z.size()), 3.f);
        QVERIFY(std::abs(sum - want) <= 1e-6 * want);
        const float special[4] = {-1000.f, 1000.f, std::numeric_limits<float>::quiet_NaN(),
                                  -std::numeric_limits<float>::infinity()};
        float out[4];
        kernels::expInto(out, special, 4, 0.f);
        QCOMPARE(out[0], 0.f);
        QCOMPARE(out[1], std::numeric_limits<float>::infinity());
        QVERIFY(std::isnan(out[2]));
        QCOMPARE(out[3], 0.f);
        QCOMPARE(kernels::maxOf(x.data(), static_cast<std::int64_t>(x.size())), 88.7f);
    }
    void softmaxIsStableAndKeepsDtype() {
        Tensor x = Tensor::fromVector<float>({1000, 1001, 1002, -1000}, {1, 4});
        const auto y = ops::softmax(x, 1).toVector<float>();
        QVERIFY(std::abs(y[2] - 0.66524096f) < 1e-6f);
        QCOMPARE(y[3], 0.f);
        QCOMPARE(ops::logSoftmax(x, 1).toVector<float>()[3], -2002.407606f);
        QCOMPARE(ops::softmax(x, 1).dtype(), DType::Float32);
        QCOMPARE(ops::softmax(x, 1, DType::Float64).dtype(), DType::Float64);
        QCOMPARE(ops::softmax(Tensor::scalar<double>(3.0), 0).item<double>(), 1.0);
        QCOMPARE(ops::softmax(Tensor::empty({0, 3}), 1).sizes(), (Shape{0, 3}));
        Tensor i = Tensor::fromVector<std::int64_t>({1, 2}, {2});
        QVERIFY(errorOf<TypeError>([&] { ops::softmax(i, 0); }).contains("softmax"));
        QVERIFY(errorOf<IndexError>([&] { ops::logSoftmax(x, 2); }).contains("log_softmax: Dimension out of range"));
    }
    void layerNormMatchesDefinition() {
        const Tensor x = randn({4, 3, 8}, DType::Float64, 3, 2, 5);
        const Tensor w = randn({3, 8}, DType::Float64, 4), b = randn({3, 8}, DType::Float64, 5);
        for (const Tensor& in : {x, ops::transpose(randn({4, 8, 3}, DType::Float64, 11), 1, 2)}) {
            const auto v = in.toVector<double>();
            auto ref = refNormalize(v, 4, 24, 1e-5);
            expectClose(ops::layerNorm(in, {3, 8}, Tensor(), Tensor()).toVector<double>(), ref, 1e-12);
            const auto wv = w.toVector<double>(), bv = b.toVector<double>();
            for (std::size_t k = 0; k < ref.size(); ++k) ref[k] = ref[k] * wv[k % 24] + bv[k % 24];
            expectClose(ops::layerNorm(in, {3, 8}, w, b).toVector<double>(), ref, 1e-12);
        }
        QCOMPARE(ops::layerNorm(Tensor::empty({0, 3}), {3}).sizes(), (Shape{0, 3}));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::layerNorm(x, {3});
                }).contains("Given normalized_shape=[3], expected input with shape [*, 3], but got input of size"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::layerNorm(x, {8}, randn({7}));
                }).contains("Expected weight to be of same shape as normalized_shape"));
        QVERIFY(errorOf<ShapeError>([&] { ops::layerNorm(x, {}); }).contains("layer_norm"));
    }
    void batchNormTrainingUpdatesRunningStats() {
        const Tensor x = randn({4, 3, 5, 2}, DType::Float64, 6, 2, 1);
        Tensor rm = Tensor::fromVector<double>({0, 0, 0}, {3});
        Tensor rv = Tensor::fromVector<double>({1, 1, 1}, {3});
        const Tensor w = randn({3}, DType::Float64, 7), b = randn({3}, DType::Float64, 8);
        const Tensor y = ops::batchNorm(x, rm, rv, w, b, true, 0.3);
        // Reference: per channel over (N, H, W).
        const Tensor perChannel = ops::reshape(ops::transpose(x, 0, 1), {3, 40});
        const auto v = perChannel.toVector<double>();
        auto ref = refNormalize(v, 3, 40, 1e-5);
        const auto wv = w.toVector<double>(), bv = b.toVector<double>();
        for (std::size_t k = 0; k < ref.size(); ++k) ref[k] = ref[k] * wv[k / 40] + bv[k / 40];
        expectClose(ops::reshape(ops::transpose(y, 0, 1), {3, 40}).toVector<double>(), ref, 1e-12);
        std::vector<double> wantMean(3), wantVar(3);
        for (int c = 0; c < 3; ++c) {
            double m = 0, q = 0;
            for (int i = 0; i < 40; ++i) m += v[c * 40 + i];
            m /= 40;
            for (int i = 0; i < 40; ++i) q += (v[c * 40 + i] - m) * (v[c * 40 + i] - m);
            wantMean[c] = 0.3 * m;
            wantVar[c] = 0.7 + 0.3 * q / 39;
        }
        expectClose(rm.toVector<double>(), wantMean, 1e-13);
        expectClose(rv.toVector<double>(), wantVar, 1e-13);
    }
    void batchNormEvalUsesRunningStats() {
        const Tensor x = randn({2, 3, 4}, DType::Float32, 9);
        const Tensor rm = Tensor::fromVector<float>({0.5f, -1, 2}, {3});
        const Tensor rv = Tensor::fromVector<float>({4, 0.25f, 1}, {3});
        const auto y = ops::batchNorm(x, rm, rv).toVector<double>();
        const auto v = x.toVector<double>();
        const double m[3] = {0.5, -1, 2}, s[3] = {4, 0.25, 1};
        for (std::size_t k = 0; k < v.size(); ++k) {
            const std::size_t c = (k / 4) % 3;
            QVERIFY(std::abs(y[k] - (v[k] - m[c]) / std::sqrt(s[c] + 1e-5)) < 1e-5);
        }
    }
    void batchNormErrors() {
        const Tensor x = randn({2, 3});
        QVERIFY(errorOf<ValueError>([&] {
                    ops::batchNorm(x, Tensor(), Tensor());
                }).contains("running_mean must be defined in evaluation mode"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::batchNorm(x, randn({2}), randn({3}));
                }).contains("running_mean should contain 3 elements not 2"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::batchNorm(ops::slice(x, 0, 0, 1), Tensor(), Tensor(), {}, {}, true);
                }).contains("Expected more than 1 value per channel when training, got input size [1, 3]"));
        Tensor rm = Tensor::fromVector<double>({0, 0, 0}, {3});
        QCOMPARE(ops::batchNorm(Tensor::empty({0, 3}, DType::Float64), rm, randn({3}), {}, {}, true).sizes(),
                 (Shape{0, 3}));
        QCOMPARE(rm.toVector<double>(), (std::vector<double>{0, 0, 0}));
    }
    void dropoutDropsAndScales() {
        const Tensor x = randn({200, 500}, DType::Float32, 30);
        Generator gen(42);
        const Tensor y = ops::dropout(x, 0.3, true, &gen);
        const auto xv = x.toVector<float>(), yv = y.toVector<float>();
        const float scale = 1.f / 0.7f;
        std::int64_t dropped = 0;
        for (std::size_t i = 0; i < xv.size(); ++i) {
            if (yv[i] == 0.f && xv[i] != 0.f) {
                ++dropped;
                continue;
            }
            QVERIFY(std::abs(yv[i] - xv[i] * scale) <= 1e-6f * std::abs(yv[i]));
        }
        QVERIFY(std::abs(static_cast<double>(dropped) / static_cast<double>(xv.size()) - 0.3) < 0.01);
        // Same seed, same mask, whatever the thread count.
        for (int threads : {1, 2, 4}) {
            kernels::setNumThreads(threads);
            Generator again(42);
            QVERIFY(ops::dropout(x, 0.3, true, &again).toVector<float>() == yv);
        }
        Generator other(43);
        QVERIFY(ops::dropout(x, 0.3, true, &other).toVector<float>() != yv);
    }
    void dropoutIdentityCasesAndErrors() {
        const Tensor x = randn({4, 5}, DType::Float64, 31);
        QCOMPARE(ops::dropout(x, 0.0).implPtr(), x.implPtr());
        QCOMPARE(ops::dropout(x, 0.5, false).implPtr(), x.implPtr());
        const Tensor e = Tensor::empty({0, 3});
        QCOMPARE(ops::dropout(e, 0.5).implPtr(), e.implPtr());
        QCOMPARE(ops::dropout(x, 1.0).toVector<double>(), std::vector<double>(20, 0.0));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::dropout(x, 1.5);
                }).contains("dropout probability has to be between 0 and 1, but got 1.5"));
        QVERIFY(errorOf<ValueError>([&] { ops::dropout(x, -0.1); }).contains("dropout"));
        const Tensor i = Tensor::fromVector<std::int64_t>({1, 2}, {2});
        QVERIFY(errorOf<TypeError>([&] { ops::dropout(i, 0.5); }).contains("dropout"));
    }
    void deterministicAcrossThreadCounts() {
        const Tensor x = randn({16, 32, 24, 24}, DType::Float32, 10);
        auto run = [&]() {
            std::vector<std::vector<float>> r;
            r.push_back(ops::softmax(x, 1).toVector<float>());
            r.push_back(ops::logSoftmax(x, -1).toVector<float>());
            r.push_back(ops::layerNorm(x, {24, 24}).toVector<float>());
            r.push_back(ops::batchNorm(x, Tensor(), Tensor(), {}, {}, true).toVector<float>());
            return r;
        };
        kernels::setNumThreads(1);
        const auto one = run();
        for (int threads : {2, 4}) {
            kernels::setNumThreads(threads);
            QVERIFY(run() == one);
        }
    }
};

QTEST_APPLESS_MAIN(TestReduceNorm)
#include "test_reduce_norm.moc"
