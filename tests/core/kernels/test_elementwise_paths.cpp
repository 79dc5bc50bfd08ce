// The element-wise fast path (Note [Element-wise fast path]) and the strided iterator give the same
// values: each case computes a result once with dense operands and once through views that force
// the iterator (a transposed copy), for dense, single-element, 0-d and expanded operands. The fused
// gradient kernel dst += a * b gives the values of mul then add_, bit for bit.
#include <QtTest>

#include "core/kernels/accumulate.h"
#include "core/kernels/elementwise.h"
#include "core/ops/add.h"
#include "core/ops/mul.h"
#include "core/ops/view.h"

using namespace tessera;

namespace {
Tensor ramp(const Shape& sizes, float start) {
    std::vector<float> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = start + 0.25f * static_cast<float>(i);
    return Tensor::fromVector<float>(v, sizes);
}
// The same values as `t` in a non-contiguous layout (the transpose of a contiguous transpose).
Tensor strided(const Tensor& t) { return ops::transpose(ops::contiguous(ops::transpose(t, 0, 1)), 0, 1); }
}  // namespace

class TestElementwisePaths : public QObject {
    Q_OBJECT
private slots:
    void denseMatchesStrided() {
        const Tensor a = ramp({5, 7}, 1), b = ramp({5, 7}, -3);
        QVERIFY(!strided(a).isContiguous());
        QCOMPARE(ops::mul(a, b).toVector<float>(), ops::mul(strided(a), strided(b)).toVector<float>());
        QCOMPARE(ops::add(a, b).toVector<float>(), ops::add(strided(a), b).toVector<float>());
    }
    void singleElementOperands() {
        const Tensor a = ramp({5, 7}, 1);
        for (const Tensor& s : {Tensor::scalar<float>(2.5f), Tensor::fromVector<float>({2.5f}, {1}),
                                Tensor::fromVector<float>({2.5f}, {1, 1}),
                                ops::expand(Tensor::fromVector<float>({2.5f}, {1, 1}), {5, 7})}) {
            const auto expected = ops::mul(strided(a), 2.5).toVector<float>();
            QCOMPARE(ops::mul(a, s).toVector<float>(), expected);
            QCOMPARE(ops::mul(s, a).toVector<float>(), expected);
        }
    }
    void expandedGradientAsBothOperands() {
        const Tensor one = ops::expand(Tensor::scalar<float>(3.0f), {4, 4});
        QCOMPARE(ops::mul(one, one).toVector<float>(), std::vector<float>(16, 9.0f));
    }
    void largeTensorsSplitIntoChunks() {
        const Shape sizes{3, kernels::kGrain};  // more than one parallel chunk
        const Tensor a = ramp(sizes, 0), b = ramp(sizes, 1);
        const auto fast = ops::add(a, b).toVector<float>();
        const auto slow = ops::add(strided(a), strided(b)).toVector<float>();
        QCOMPARE(fast, slow);
    }
    void inPlaceOnItself() {
        Tensor a = ramp({3, 3}, 1);
        const auto expected = ops::add(a, a).toVector<float>();
        ops::add_(a, a);
        QCOMPARE(a.toVector<float>(), expected);
    }
    void accumulateProductEqualsMulThenAdd() {
        // Values whose products round (thirds, sevenths), so a fused multiply-add would differ.
        auto thirds = [](const Shape& sizes, float scale) {
            std::vector<float> v(static_cast<std::size_t>(shapeNumel(sizes)));
            for (std::size_t i = 0; i < v.size(); ++i) v[i] = scale * static_cast<float>(i % 11 + 1) / 3.0f;
            return Tensor::fromVector<float>(v, sizes);
        };
        for (const Shape& sizes : {Shape{5, 7}, Shape{3, kernels::kGrain}}) {
            const Tensor a = thirds(sizes, 1.0f / 7.0f), b = thirds(sizes, 3.3f);
            const Tensor expand = ops::expand(Tensor::fromVector<float>({0.7f}, {1, 1}), sizes);
            for (const auto& [x, y] : {std::pair{a, b}, std::pair{strided(a), b}, std::pair{a, expand}}) {
                const Tensor dst = thirds(sizes, 0.1f);
                const auto expected = ops::add(dst, ops::mul(x, y)).toVector<float>();
                const std::uint64_t version = dst.storage()->version();
                QVERIFY(kernels::canAccumulateProduct(dst, x, y));
                QVERIFY(kernels::accumulateProduct(dst, x, y));
                QCOMPARE(dst.toVector<float>(), expected);
                QCOMPARE(dst.storage()->version(), version + 1);
            }
        }
    }
    void multiplyInPlaceEqualsMul() {
        const Tensor a = ramp({5, 7}, 1.0f / 3.0f), b = ramp({5, 7}, -0.7f);
        for (const Tensor& src : {b, strided(b)}) {
            const Tensor dst = ops::clone(a);
            const auto expected = ops::mul(a, src).toVector<float>();
            QVERIFY(kernels::multiplyInPlace(dst, src));
            QCOMPARE(dst.toVector<float>(), expected);
            QCOMPARE(dst.storage()->version(), std::uint64_t{1});
        }
        const Tensor dst = ops::clone(a);
        QVERIFY(!kernels::multiplyInPlace(dst, ramp({7, 5}, 0)));
        QCOMPARE(dst.toVector<float>(), a.toVector<float>());
        QCOMPARE(dst.storage()->version(), std::uint64_t{0});
    }
    void accumulateProductRefusesOtherShapesAndTypes() {
        const Tensor dst = ramp({2, 3}, 0), a = ramp({2, 3}, 1);
        QVERIFY(!kernels::canAccumulateProduct(dst, a, ramp({1, 3}, 1)));
        QVERIFY(!kernels::canAccumulateProduct(dst, a, Tensor::fromVector<double>({1, 2, 3, 4, 5, 6}, {2, 3})));
        QVERIFY(!kernels::canAccumulateProduct(ops::transpose(ramp({3, 2}, 0), 0, 1), a, a));
        QVERIFY(!kernels::accumulateProduct(dst, a, ramp({3, 2}, 1)));
        QVERIFY(!kernels::accumulate(dst, ramp({3, 2}, 1)));
        QCOMPARE(dst.toVector<float>(), ramp({2, 3}, 0).toVector<float>());
    }
};

QTEST_APPLESS_MAIN(TestElementwisePaths)
#include "test_elementwise_paths.moc"
