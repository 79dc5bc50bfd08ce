// Reductions against brute-force references: dims, keepdim, negative dims, dtype rules, zero-size and
// strided inputs, determinism across thread counts, and torch's errors.
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

#include "core/kernels/parallel.h"
#include "core/ops/logsumexp.h"
#include "core/ops/minmax.h"
#include "core/ops/prod.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/ops/view.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {

Tensor randn(const Shape& sizes, DType dtype = DType::Float64, unsigned seed = 1) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> dist;
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& x : v) x = dist(gen);
    return ops::to(Tensor::fromVector<double>(v, sizes), dtype);
}

// Groups the elements of x (row-major) by their output index for the reduced mask.
std::vector<std::vector<double>> groups(const Tensor& x, const std::vector<bool>& reduced) {
    const Shape& s = x.sizes();
    std::int64_t numOut = 1;
    for (std::size_t d = 0; d < s.size(); ++d)
        if (!reduced[d]) numOut *= s[d];
    std::vector<std::vector<double>> g(static_cast<std::size_t>(numOut));
    const auto v = x.toVector<double>();
    std::vector<std::int64_t> idx(s.size(), 0);
    for (double e : v) {
        std::int64_t o = 0;
        for (std::size_t d = 0; d < s.size(); ++d)
            if (!reduced[d]) o = o * s[d] + idx[d];
        g[o].push_back(e);
        for (std::size_t d = s.size(); d-- > 0;) {
            if (++idx[d] < s[d]) break;
            idx[d] = 0;
        }
    }
    return g;
}

std::vector<bool> maskOf(std::int64_t nd, const Shape& dims) {
    std::vector<bool> m(static_cast<std::size_t>(nd), dims.empty());
    for (auto d : dims) m[d < 0 ? d + nd : d] = true;
    return m;
}

void expectClose(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isnan(want[i])) {
            QVERIFY2(std::isnan(got[i]), qPrintable(QString("element %1 should be nan").arg(i)));
            continue;
        }
        QVERIFY2(std::abs(got[i] - want[i]) <= tol * (1 + std::abs(want[i])),
                 qPrintable(QString("element %1: %2 vs %3").arg(i).arg(got[i]).arg(want[i])));
    }
}

// The inputs every reference check runs on: contiguous, transposed, sliced with steps, expanded.
std::vector<Tensor> layouts() {
    Tensor a = randn({3, 4, 5});
    return {a, ops::transpose(a, 0, 2),
            ops::slice(ops::slice(randn({6, 4, 5}, DType::Float64, 2), 0, 1, 6, 2), 2, 0, 5, 2),
            ops::expand(randn({3, 1, 5}, DType::Float64, 3), {3, 4, 5})};
}

const std::vector<Shape> kDimLists = {{}, {0}, {1}, {-1}, {0, 2}, {-1, 0}, {1, 2}, {0, 1, 2}};

template <class F>
std::vector<double> reference(const Tensor& x, const Shape& dims, F f) {
    std::vector<double> out;
    for (auto& g : groups(x, maskOf(x.dim(), dims))) out.push_back(f(g));
    return out;
}

double refSum(const std::vector<double>& g) {
    double s = 0;
    for (double v : g) s += v;
    return s;
}
double refVar(const std::vector<double>& g, double correction) {
    const double m = refSum(g) / static_cast<double>(g.size());
    double s = 0;
    for (double v : g) s += (v - m) * (v - m);
    return s / std::max(0.0, static_cast<double>(g.size()) - correction);
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

class TestReduce : public QObject {
    Q_OBJECT
private slots:
    void sumMeanProdAgainstReference() {
        for (const Tensor& x : layouts())
            for (const Shape& dims : kDimLists) {
                expectClose(ops::sum(x, dims).toVector<double>(), reference(x, dims, refSum), 1e-12);
                expectClose(ops::mean(x, dims).toVector<double>(),
                            reference(x, dims, [](auto& g) { return refSum(g) / g.size(); }), 1e-12);
                expectClose(ops::logsumexp(x, dims).toVector<double>(),
                            reference(x, dims,
                                      [](auto& g) {
                                          double s = 0;
                                          for (double v : g) s += std::exp(v);
                                          return std::log(s);
                                      }),
                            1e-12);
            }
        for (const Tensor& x : layouts())
            for (std::int64_t d : {0, 1, -1}) {
                expectClose(ops::prod(x, d).toVector<double>(),
                            reference(x, {d},
                                      [](auto& g) {
                                          double p = 1;
                                          for (double v : g) p *= v;
                                          return p;
                                      }),
                            1e-12);
            }
    }
    void varStdAgainstReference() {
        for (const Tensor& x : layouts())
            for (const Shape& dims : kDimLists)
                for (double c : {0.0, 1.0, 2.0}) {
                    expectClose(ops::var(x, dims, c).toVector<double>(),
                                reference(x, dims, [c](auto& g) { return refVar(g, c); }), 1e-12);
                    expectClose(ops::stdDev(x, dims, c).toVector<double>(),
                                reference(x, dims, [c](auto& g) { return std::sqrt(refVar(g, c)); }), 1e-12);
                }
    }
    void extremesAgainstReference() {
        for (const Tensor& x : layouts())
            for (const Shape& dims : kDimLists) {
                expectClose(ops::amax(x, dims).toVector<double>(),
                            reference(x, dims, [](auto& g) { return *std::max_element(g.begin(), g.end()); }), 0);
                expectClose(ops::amin(x, dims).toVector<double>(),
                            reference(x, dims, [](auto& g) { return *std::min_element(g.begin(), g.end()); }), 0);
            }
        for (const Tensor& x : layouts()) {
            auto argOf = [](auto& g) { return double(std::max_element(g.begin(), g.end()) - g.begin()); };
            expectClose(ops::argmax(x).toVector<double>(), reference(x, {}, argOf), 0);
            for (std::int64_t d : {0, 1, 2, -2}) {
                expectClose(ops::argmax(x, d).toVector<double>(), reference(x, {d}, argOf), 0);
                auto [values, indices] = ops::min(x, d);
                expectClose(values.toVector<double>(),
                            reference(x, {d}, [](auto& g) { return *std::min_element(g.begin(), g.end()); }), 0);
                expectClose(
                    indices.toVector<double>(),
                    reference(x, {d}, [](auto& g) { return double(std::min_element(g.begin(), g.end()) - g.begin()); }),
                    0);
            }
        }
    }
    void keepdimAndShapes() {
        Tensor x = randn({2, 3, 4});
        QCOMPARE(ops::sum(x, {0, -1}, true).sizes(), (Shape{1, 3, 1}));
        QCOMPARE(ops::sum(x, {0, -1}).sizes(), (Shape{3}));
        QCOMPARE(ops::sum(x).sizes(), Shape{});
        QCOMPARE(ops::mean(x, Shape{}, true).sizes(), (Shape{1, 1, 1}));
        QCOMPARE(ops::argmax(x, std::nullopt, true).sizes(), (Shape{1, 1, 1}));
        auto [v, i] = ops::max(x, 1, true);
        QCOMPARE(v.sizes(), (Shape{2, 1, 4}));
        QCOMPARE(i.dtype(), DType::Int64);
        Tensor s = Tensor::scalar<float>(3.f);
        QCOMPARE(ops::sum(s, {0}).item<float>(), 3.f);
        QCOMPARE(ops::max(s, 0).indices.item<std::int64_t>(), std::int64_t{0});
        QVERIFY(std::isnan(ops::var(s).item<float>()));
    }
    void dtypeRules() {
        Tensor i = Tensor::fromVector<std::int64_t>({1, 2, 3, 4}, {2, 2});
        Tensor b = Tensor::fromVector<bool>({true, false, true, true}, {2, 2});
        QCOMPARE(ops::sum(i).dtype(), DType::Int64);
        QCOMPARE(ops::sum(i).item<std::int64_t>(), std::int64_t{10});
        QCOMPARE(ops::sum(b, {1}).toVector<std::int64_t>(), (std::vector<std::int64_t>{1, 2}));
        QCOMPARE(ops::prod(i).item<std::int64_t>(), std::int64_t{24});
        QCOMPARE(ops::prod(b).dtype(), DType::Int64);
        QCOMPARE(ops::sum(i, {1}, false, DType::Float32).toVector<float>(), (std::vector<float>{3, 7}));
        QCOMPARE(ops::mean(i, Shape{}, false, DType::Float64).item<double>(), 2.5);
        QCOMPARE(ops::sum(randn({3}, DType::Float32)).dtype(), DType::Float32);
        QCOMPARE(ops::amax(b, {1}).toVector<bool>(), (std::vector<bool>{true, true}));
        QCOMPARE(ops::logsumexp(i, {1}).dtype(), DType::Float32);
        QVERIFY(errorOf<TypeError>([&] { ops::mean(i); }).contains("mean(): could not infer output dtype"));
        QVERIFY(errorOf<TypeError>([&] { ops::var(i); }).contains("std and var only support floating point"));
        QVERIFY(errorOf<TypeError>([&] { ops::argmax(b); }).contains("argmax"));
    }
    void zeroSize() {
        Tensor e = Tensor::empty({0, 3});
        QCOMPARE(ops::sum(e).item<float>(), 0.f);
        QCOMPARE(ops::prod(e).item<float>(), 1.f);
        QVERIFY(std::isnan(ops::mean(e).item<float>()));
        QCOMPARE(ops::mean(e, {0}).sizes(), (Shape{3}));
        QVERIFY(std::isnan(ops::mean(e, {0}).toVector<float>()[2]));
        QCOMPARE(ops::sum(e, {1}).sizes(), (Shape{0}));
        QCOMPARE(ops::logsumexp(e, {0}).toVector<float>()[0], -std::numeric_limits<float>::infinity());
        QCOMPARE(ops::amax(e, {1}).sizes(), (Shape{0}));
        QCOMPARE(ops::max(e, 1).indices.sizes(), (Shape{0}));
        QVERIFY(errorOf<ShapeError>([&] { ops::max(e); }).contains("max(): Expected reduction dim to be specified"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::max(e, 0);
                }).contains("max(): Expected reduction dim 0 to have non-zero size"));
        QVERIFY(errorOf<IndexError>([&] { ops::amin(e, {0}); }).contains("amin(): Expected reduction dim 0"));
        QVERIFY(errorOf<IndexError>([&] { ops::argmin(e); }).contains("argmin()"));
    }
    void nanHandling() {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        Tensor x = Tensor::fromVector<float>({1, nan, 3, nan}, {4});
        QVERIFY(std::isnan(ops::max(x).item<float>()));
        QVERIFY(std::isnan(ops::amin(x).item<float>()));
        QCOMPARE(ops::argmax(x).item<std::int64_t>(), std::int64_t{1});
        QCOMPARE(ops::argmin(x).item<std::int64_t>(), std::int64_t{1});
        // Long rows take the vectorised path: a NaN in any lane still wins.
        for (DType dtype : {DType::Float32, DType::Float64}) {
            std::vector<double> v(100);
            for (int i = 0; i < 100; ++i) v[i] = std::sin(i);
            v[37] = std::numeric_limits<double>::quiet_NaN();
            const Tensor row = ops::to(Tensor::fromVector<double>(v, {2, 50}), dtype);
            const auto mx = ops::amax(row, {1}).toVector<double>(), mn = ops::amin(row, {1}).toVector<double>();
            QVERIFY(std::isnan(mx[0]) && std::isnan(mn[0]));
            const auto r = row.toVector<double>();
            QCOMPARE(mx[1], *std::max_element(r.begin() + 50, r.end()));
            QCOMPARE(mn[1], *std::min_element(r.begin() + 50, r.end()));
        }
        Tensor t = Tensor::fromVector<float>({3, 1, 3}, {3});
        QCOMPARE(ops::argmax(t).item<std::int64_t>(), std::int64_t{0});
        const float inf = std::numeric_limits<float>::infinity();
        QCOMPARE(ops::logsumexp(Tensor::fromVector<float>({inf, 1}, {2}), {0}).item<float>(), inf);
        QCOMPARE(ops::logsumexp(Tensor::fromVector<float>({-inf, -inf}, {2}), {0}).item<float>(), -inf);
    }
    void largeSumsAreAccurate() {
        // 2^22 floats of 0.1: a naive float loop drifts by ~1e-3 relative; pairwise stays near 1e-7.
        const std::int64_t n = std::int64_t{1} << 22;
        Tensor x = Tensor::fromVector<float>(std::vector<float>(static_cast<std::size_t>(n), 0.1f), {n});
        const double want = static_cast<double>(0.1f) * static_cast<double>(n);
        QVERIFY(std::abs(ops::sum(x).item<double>() - want) / want < 1e-6);
        Tensor m = ops::view(x, {1 << 11, 1 << 11});
        for (float v : ops::sum(m, {0}).toVector<float>()) QVERIFY(std::abs(v - 204.8) < 1e-3);
    }
    void deterministicAcrossThreadCounts() {
        Tensor big = randn({1 << 10, 1 << 10}, DType::Float32, 7);
        Tensor strided = ops::slice(ops::transpose(big, 0, 1), 0, 0, 1 << 10, 3);
        auto run = [&]() {
            std::vector<std::vector<float>> r;
            for (const Tensor& x : {big, strided}) {
                r.push_back(ops::sum(x).toVector<float>());
                r.push_back(ops::sum(x, {0}).toVector<float>());
                r.push_back(ops::sum(x, {1}).toVector<float>());
                r.push_back(ops::var(x, {0}).toVector<float>());
                r.push_back(ops::stdDev(x).toVector<float>());
                r.push_back(ops::logsumexp(x, {0, 1}).toVector<float>());
                r.push_back(ops::mean(x, {1}).toVector<float>());
                r.push_back(ops::amax(x).toVector<float>());
                r.push_back(ops::argmax(x, 0).toVector<float>());
            }
            return r;
        };
        kernels::setNumThreads(1);
        const auto one = run();
        for (int threads : {2, 4}) {
            kernels::setNumThreads(threads);
            const auto many = run();
            QCOMPARE(many.size(), one.size());
            for (std::size_t k = 0; k < one.size(); ++k)
                QVERIFY2(std::memcmp(one[k].data(), many[k].data(), one[k].size() * sizeof(float)) == 0,
                         qPrintable(QString("result %1 differs on %2 threads").arg(k).arg(threads)));
        }
    }
    void errors() {
        Tensor x = randn({2, 3});
        QVERIFY(errorOf<IndexError>([&] {
                    ops::sum(x, {2});
                }).contains("sum: Dimension out of range (expected to be in range of [-2, 1], but got 2)"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::sum(x, {0, -2});
                }).contains("dim 0 appears multiple times in the list of dims"));
        QVERIFY(errorOf<IndexError>([&] { ops::argmax(x, 5); }).contains("argmax"));
        QVERIFY(errorOf<IndexError>([&] { ops::prod(x, -3); }).contains("prod"));
    }
};

QTEST_APPLESS_MAIN(TestReduce)
#include "test_reduce.moc"
