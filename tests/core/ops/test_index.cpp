// The indexing ops (embedding, index_select, gather, one_hot): torch's shapes, values on strided
// inputs, every dtype, zero-size inputs and torch's errors.
#include <QtTest>

#include "core/ops/embedding.h"
#include "core/ops/gather.h"
#include "core/ops/index_select.h"
#include "core/ops/one_hot.h"
#include "core/ops/view.h"
#include "tests/core/error_of.h"

using namespace tessera;

namespace {
Tensor arange(std::int64_t n, const Shape& s) {
    std::vector<float> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
    return Tensor::fromVector<float>(v, s);
}
Tensor longs(const std::vector<std::int64_t>& v, const Shape& s) { return Tensor::fromVector<std::int64_t>(v, s); }
}  // namespace

class TestIndex : public QObject {
    Q_OBJECT
private slots:
    void embeddingLooksUpRows() {
        const Tensor w = arange(12, {4, 3});
        const Tensor y = ops::embedding(longs({3, 0, 3, 1}, {2, 2}), w);
        QCOMPARE(y.sizes(), (Shape{2, 2, 3}));
        QCOMPARE(y.toVector<float>(), (std::vector<float>{9, 10, 11, 0, 1, 2, 9, 10, 11, 3, 4, 5}));
        // 0-d indices give one row; a transposed weight is read through its strides.
        QCOMPARE(ops::embedding(Tensor::scalar<std::int64_t>(2), ops::t(arange(12, {3, 4}))).toVector<float>(),
                 (std::vector<float>{2, 6, 10}));
        // padding_idx leaves the forward alone; negative values count from the end.
        QCOMPARE(ops::embedding(longs({1}, {1}), w, -1).toVector<float>(), (std::vector<float>{3, 4, 5}));
        QCOMPARE(ops::embedding(Tensor::empty({0, 5}, DType::Int64), w).sizes(), (Shape{0, 5, 3}));
        QCOMPARE(ops::embedding(longs({1}, {1}), ops::to(w, DType::Float64)).dtype(), DType::Float64);
    }

    void embeddingErrors() {
        const Tensor w = arange(12, {4, 3});
        QVERIFY(errorOf<IndexError>([&] {
                    ops::embedding(longs({1, 7}, {2}), w);
                }).contains("index out of range in self (index 7, num_embeddings 4)"));
        QVERIFY(errorOf<IndexError>([&] { ops::embedding(longs({-1}, {1}), w); }).contains("index -1"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::embedding(longs({1}, {1}), arange(4, {4}));
                }).contains("'weight' must be 2-D"));
        QVERIFY(errorOf<TypeError>([&] { ops::embedding(arange(2, {2}), w); }).contains("'indices'"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::embedding(longs({1}, {1}), w, 4);
                }).contains("Padding_idx must be within num_embeddings"));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::embedding(longs({1}, {1}), w, -5));
    }

    void indexSelectAlongEachDim() {
        const Tensor x = arange(12, {3, 4});
        QCOMPARE(ops::indexSelect(x, 0, longs({2, 0, 2}, {3})).toVector<float>(),
                 (std::vector<float>{8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11}));
        const Tensor c = ops::indexSelect(x, -1, longs({3, 1}, {2}));
        QCOMPARE(c.sizes(), (Shape{3, 2}));
        QCOMPARE(c.toVector<float>(), (std::vector<float>{3, 1, 7, 5, 11, 9}));
        // A 0-d index keeps the dim with size 1; a strided input is read as its values.
        QCOMPARE(ops::indexSelect(x, 0, Tensor::scalar<std::int64_t>(1)).sizes(), (Shape{1, 4}));
        const Tensor s = ops::slice(ops::t(x), 0, 0, 4, 2);  // rows 0 and 2 of x^T
        QCOMPARE(ops::indexSelect(s, 1, longs({2}, {1})).toVector<float>(), (std::vector<float>{8, 10}));
        QCOMPARE(ops::indexSelect(x, 1, Tensor::empty({0}, DType::Int64)).sizes(), (Shape{3, 0}));
        QCOMPARE(ops::indexSelect(Tensor::scalar<float>(3), 0, longs({0}, {1})).dim(), 0);
        const Tensor b = Tensor::fromVector<bool>({true, false, true}, {3});
        QCOMPARE(ops::indexSelect(b, 0, longs({1, 2}, {2})).toVector<bool>(), (std::vector<bool>{false, true}));
    }

    void indexSelectErrors() {
        const Tensor x = arange(12, {3, 4});
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexSelect(x, 0, longs({5}, {1}));
                }).contains("index out of range in self (index 5 for dimension 0 of size 3)"));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::indexSelect(x, 0, longs({-1}, {1})));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexSelect(x, 0, longs({1}, {1, 1}));
                }).contains("Index is supposed to be a vector"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::indexSelect(x, 0, arange(1, {1}));
                }).contains("Expected dtype int32 or int64 for index"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexSelect(x, 2, longs({0}, {1}));
                }).contains("Dimension out of range (expected to be in range of [-2, 1], but got 2)"));
    }

    void gatherPicksAlongDim() {
        const Tensor x = arange(12, {3, 4});
        const Tensor g1 = ops::gather(x, 1, longs({3, 0, 1, 1, 2, 0}, {3, 2}));
        QCOMPARE(g1.toVector<float>(), (std::vector<float>{3, 0, 5, 5, 10, 8}));
        const Tensor g0 = ops::gather(x, 0, longs({2, 0, 1}, {1, 3}));  // index smaller than x
        QCOMPARE(g0.toVector<float>(), (std::vector<float>{8, 1, 6}));
        // Along dim the index may be longer than x.
        QCOMPARE(ops::gather(x, 1, longs({0, 1, 2, 3, 3, 3, 3}, {1, 7})).sizes(), (Shape{1, 7}));
        // Transposed input: gather reads x^T's values.
        QCOMPARE(ops::gather(ops::t(x), 1, longs({2, 1, 0, 0}, {4, 1})).toVector<float>(),
                 (std::vector<float>{8, 5, 2, 3}));
        QCOMPARE(ops::gather(x, 1, Tensor::empty({0, 2}, DType::Int64)).sizes(), (Shape{0, 2}));
        QCOMPARE(ops::gather(Tensor::scalar<float>(2), 0, longs({0, 0}, {2})).toVector<float>(),
                 (std::vector<float>{2, 2}));
        QCOMPARE(ops::gather(longs({4, 5, 6}, {3}), 0, longs({2, 2}, {2})).toVector<std::int64_t>(),
                 (std::vector<std::int64_t>{6, 6}));
    }

    void gatherErrors() {
        const Tensor x = arange(20, {4, 5});
        QVERIFY(errorOf<IndexError>([&] {
                    ops::gather(x, 1, longs({5}, {1, 1}));
                }).contains("index 5 is out of bounds for dimension 1 with size 5"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::gather(x, 1, longs({-1}, {1, 1}));
                }).contains("index -1 is out of bounds"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::gather(x, 1, longs({1}, {1}));
                }).contains("Index tensor must have the same number of dimensions as input tensor"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::gather(x, 1, Tensor::fromVector<std::int64_t>(std::vector<std::int64_t>(10, 0), {5, 2}));
                })
                    .contains("Size does not match at dimension 0 expected index [5, 2] to be smaller than self "
                              "[4, 5] apart from dimension 1"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::gather(x, 1, arange(2, {1, 2}));
                }).contains("Expected dtype int64 for index"));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::gather(x, 2, longs({0}, {1, 1})));
    }

    void oneHot() {
        const Tensor y = ops::oneHot(longs({0, 2, 1, 2}, {2, 2}));
        QCOMPARE(y.sizes(), (Shape{2, 2, 3}));
        QCOMPARE(y.dtype(), DType::Int64);
        QCOMPARE(y.toVector<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1}));
        QCOMPARE(ops::oneHot(longs({1}, {1}), 4).toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 0, 0}));
        QCOMPARE(ops::oneHot(Tensor::scalar<std::int64_t>(1), 3).sizes(), (Shape{3}));
        QCOMPARE(ops::oneHot(Tensor::empty({0}, DType::Int64), 3).sizes(), (Shape{0, 3}));
        // A strided input: every other element of [0, 1, 2, 3].
        QCOMPARE(ops::oneHot(ops::slice(longs({0, 1, 2, 3}, {4}), 0, 0, 4, 2)).toVector<std::int64_t>(),
                 (std::vector<std::int64_t>{1, 0, 0, 0, 0, 1}));
        QVERIFY(errorOf<ValueError>([] {
                    ops::oneHot(longs({-1, 2}, {2}));
                }).contains("Class values must be non-negative"));
        QVERIFY(errorOf<ValueError>([] {
                    ops::oneHot(longs({1, 2}, {2}), 2);
                }).contains("Class values must be smaller than num_classes"));
        QVERIFY(errorOf<ValueError>([] {
                    ops::oneHot(Tensor::empty({0}, DType::Int64));
                }).contains("Can not infer total number of classes from empty tensor"));
        QVERIFY(errorOf<TypeError>([] { ops::oneHot(arange(2, {2})); }).contains("only applicable to index tensor"));
    }
};

QTEST_APPLESS_MAIN(TestIndex)
#include "test_index.moc"
