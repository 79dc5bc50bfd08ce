// masked_select, index_put / index_put_, aten::index and setItem_ (core/ops/masked_select.h,
// index_put.h) through the C++ API: values on strided inputs, the order of repeated places, the
// recorded Nodes and their gradients, version counters and torch's errors. The torch comparisons
// are in tests/core/conformance/cases/index_put.py.
#include <QtTest>

#include "core/autograd/function.h"
#include "core/ops/index_put.h"
#include "core/ops/masked_select.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "tests/core/error_of.h"

using namespace tessera;

namespace {
Tensor iota(std::int64_t n, const Shape& s, DType dtype = DType::Float32) {
    std::vector<double> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = static_cast<double>(i);
    return ops::to(Tensor::fromVector<double>(v, s), dtype);
}
Tensor longs(const std::vector<std::int64_t>& v, const Shape& s) { return Tensor::fromVector<std::int64_t>(v, s); }
Tensor bools(const std::vector<bool>& v, const Shape& s) {
    Tensor t = Tensor::empty(s, DType::Bool);
    for (std::size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i];
    return t;
}
}  // namespace

class TestIndexPut : public QObject {
    Q_OBJECT
private slots:
    void maskedSelectPicksInRowMajorOrder() {
        const Tensor x = iota(6, {2, 3});
        QCOMPARE(ops::maskedSelect(x, bools({true, false, true, false, true, true}, {2, 3})).toVector<float>(),
                 (std::vector<float>{0, 2, 4, 5}));
        // The mask broadcasts over rows; a transposed input is read through its strides.
        QCOMPARE(ops::maskedSelect(ops::t(x), bools({false, true}, {2})).toVector<float>(),
                 (std::vector<float>{3, 4, 5}));
        // The input broadcasts too: one row against a (2, 3) mask.
        QCOMPARE(
            ops::maskedSelect(iota(3, {3}), bools({true, false, false, true, true, false}, {2, 3})).toVector<float>(),
            (std::vector<float>{0, 0, 1}));
        QCOMPARE(ops::maskedSelect(Tensor::scalar<float>(3), Tensor::scalar<bool>(true)).sizes(), (Shape{1}));
        QCOMPARE(ops::maskedSelect(iota(6, {2, 3}, DType::Int64), bools({true}, {1})).dtype(), DType::Int64);
    }

    void maskedSelectGradientScattersBack() {
        Tensor x = iota(6, {2, 3}, DType::Float64);
        x.setRequiresGrad();
        const Tensor y = ops::maskedSelect(x, bools({false, true, true}, {3}));
        QCOMPARE(std::string(y.gradFn()->name()), std::string("MaskedSelectBackward0"));
        ops::sum(ops::mul(y, y)).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 2, 4, 0, 8, 10}));
    }

    void maskedSelectErrors() {
        const Tensor x = iota(6, {2, 3});
        QVERIFY(errorOf<TypeError>([&] {
                    ops::maskedSelect(x, longs({1, 0, 1}, {3}));
                }).contains("masked_select: expected BoolTensor or ByteTensor for mask"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::maskedSelect(x, bools({true, false}, {2}));
                }).contains("The size of tensor a (2) must match the size of tensor b (3)"));
    }

    void indexPutWithMasksAndIndices() {
        const Tensor x = iota(6, {2, 3});
        // A full mask sets single elements; a leading-dim mask whole rows.
        QCOMPARE(ops::indexPut(x, {bools({true, false, false, false, false, true}, {2, 3})}, Tensor::scalar<float>(-1))
                     .toVector<float>(),
                 (std::vector<float>{-1, 1, 2, 3, 4, -1}));
        QCOMPARE(ops::indexPut(x, {bools({false, true}, {2})}, iota(3, {3})).toVector<float>(),
                 (std::vector<float>{0, 1, 2, 0, 1, 2}));
        // Two int64 indices address elements; negative values count from the end.
        QCOMPARE(ops::indexPut(x, {longs({0, -1}, {2}), longs({2, -3}, {2})}, Tensor::fromVector<float>({7, 8}, {2}))
                     .toVector<float>(),
                 (std::vector<float>{0, 1, 7, 8, 4, 5}));
        // A mask and an int64 index together: the mask's positions broadcast with the index.
        QCOMPARE(
            ops::indexPut(x, {bools({true, true}, {2}), longs({1}, {1})}, Tensor::scalar<float>(9)).toVector<float>(),
            (std::vector<float>{0, 9, 2, 3, 9, 5}));
        // x itself is unchanged by the out-of-place form.
        QCOMPARE(x.toVector<float>(), (std::vector<float>{0, 1, 2, 3, 4, 5}));
    }

    void repeatedPlacesAccumulateOrTakeTheLast() {
        const Tensor x = zeros({3}, DType::Float64);
        const Tensor at = longs({1, 1, 2, 1}, {4});
        const Tensor v = Tensor::fromVector<double>({1, 2, 3, 4}, {4});
        QCOMPARE(ops::indexPut(x, {at}, v, true).toVector<double>(), (std::vector<double>{0, 7, 3}));
        QCOMPARE(ops::indexPut(x, {at}, v).toVector<double>(), (std::vector<double>{0, 4, 3}));
        const Tensor counts = zeros({3}, DType::Int64);
        ops::indexPut_(counts, {at}, Tensor::scalar<std::int64_t>(1), true);
        QCOMPARE(counts.toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 3, 1}));
    }

    void inPlaceWritesThroughStridesAndBumpsTheVersion() {
        const Tensor base = iota(6, {2, 3});
        const Tensor view = ops::t(base);  // (3, 2), strides (1, 3)
        const auto before = base.storage()->version();
        ops::indexPut_(view, {longs({2}, {1})}, Tensor::scalar<float>(-5));
        QCOMPARE(base.toVector<float>(), (std::vector<float>{0, 1, -5, 3, 4, -5}));
        QVERIFY(base.storage()->version() > before);
        // Values that alias self are read before any write.
        const Tensor y = iota(4, {4});
        ops::indexPut_(y, {longs({1, 2, 3}, {3})}, ops::slice(y, 0, 0, 3));
        QCOMPARE(y.toVector<float>(), (std::vector<float>{0, 0, 1, 2}));
    }

    void indexPutGradients() {
        Tensor x = iota(6, {2, 3}, DType::Float64);
        Tensor v = Tensor::fromVector<double>({10, 20, 30}, {3});
        x.setRequiresGrad();
        v.setRequiresGrad();
        const Tensor y = ops::indexPut(x, {longs({1}, {1})}, v);
        QCOMPARE(std::string(y.gradFn()->name()), std::string("IndexPutBackward0"));
        ops::sum(ops::mul(y, y)).backward();
        // The overwritten row gets no gradient in x; v gets 2·v.
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 2, 4, 0, 0, 0}));
        QCOMPARE(v.grad().toVector<double>(), (std::vector<double>{20, 40, 60}));

        // A broadcast 0-d value's gradient is the sum over the places it went to; accumulate keeps x's.
        Tensor a = iota(4, {4}, DType::Float64), c = Tensor::scalar<double>(2);
        a.setRequiresGrad();
        c.setRequiresGrad();
        ops::sum(ops::mul(ops::indexPut(a, {longs({0, 3, 3}, {3})}, c, true), iota(4, {4}, DType::Float64))).backward();
        QCOMPARE(a.grad().toVector<double>(), (std::vector<double>{0, 1, 2, 3}));
        QCOMPARE(c.grad().item<double>(), 6.0);
    }

    void inPlaceRecordsOnTheTensorItWrites() {
        Tensor x = iota(4, {4}, DType::Float64);
        x.setRequiresGrad();
        const Tensor h = ops::mul(x, 3.0);
        ops::indexPut_(h, {bools({true, false, false, true}, {4})}, Tensor::scalar<double>(0));
        const auto node = h.gradFn();
        QCOMPARE(std::string(node->name()), std::string("IndexPutBackward0"));
        QCOMPARE(std::string(node->nextEdges()[0].function->name()), std::string("MulBackward0"));
        QVERIFY(!node->nextEdges()[1].isValid());
        ops::sum(h).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{0, 3, 3, 0}));
        QVERIFY(errorOf<AutogradError>([&] {
                    ops::indexPut_(x, {longs({0}, {1})}, Tensor::scalar<double>(1));
                }).contains("a leaf Variable that requires grad is being used in an in-place operation."));
    }

    void setItemWithAZeroDimMaskRecordsCopySlices() {
        for (const bool hit : {true, false}) {
            Tensor x = iota(3, {3}, DType::Float64);
            x.setRequiresGrad();
            const Tensor s = ops::neg(ops::sum(x));
            ops::setItem_(s, Tensor::scalar<bool>(hit), 0.0);
            QCOMPARE(s.item<double>(), hit ? 0.0 : -3.0);
            QCOMPARE(std::string(s.gradFn()->name()), std::string("CopySlices"));
            QCOMPARE(std::string(s.gradFn()->nextEdges()[0].function->name()), std::string("NegBackward0"));
            s.backward();
            QCOMPARE(x.grad().toVector<double>(), hit ? std::vector<double>(3, 0.0) : std::vector<double>(3, -1.0));
        }
        // A mask with dims is plain index_put_.
        Tensor y = iota(2, {2}, DType::Float64);
        y.setRequiresGrad();
        const Tensor z = ops::mul(y, 1.0);
        ops::setItem_(z, bools({false, true}, {2}), 0.0);
        QCOMPARE(std::string(z.gradFn()->name()), std::string("IndexPutBackward0"));
        QCOMPARE(z.toVector<double>(), (std::vector<double>{0, 0}));
    }

    void indexReadsAndScattersBack() {
        Tensor x = iota(6, {3, 2}, DType::Float64);
        x.setRequiresGrad();
        const Tensor y = ops::index(x, {longs({2, 0, 2}, {3})});
        QCOMPARE(y.sizes(), (Shape{3, 2}));
        QCOMPARE(y.toVector<double>(), (std::vector<double>{4, 5, 0, 1, 4, 5}));
        QCOMPARE(std::string(y.gradFn()->name()), std::string("IndexBackward0"));
        ops::sum(y).backward();
        QCOMPARE(x.grad().toVector<double>(), (std::vector<double>{1, 1, 0, 0, 2, 2}));
    }

    void indexPutErrorsNameTheCause() {
        const Tensor x = iota(12, {4, 3});
        const Tensor zero = Tensor::scalar<float>(0);
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {bools({true, false}, {2})}, zero);
                })
                    .contains("index_put: The shape of the mask [2] at index 0 does not match the shape of the "
                              "indexed tensor [4, 3] at index 0"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {iota(2, {2})}, zero);
                }).contains("tensors used as indices must be long, byte or bool tensors"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {longs({1, 7}, {2})}, zero);
                }).contains("index 7 is out of bounds for dimension 0 with size 4"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {longs({0}, {1}), longs({-4}, {1})}, zero);
                }).contains("index -4 is out of bounds for dimension 1 with size 3"));
        QVERIFY(errorOf<ShapeError>([&] {
                    ops::indexPut(x, {longs({1, 2}, {2})}, zeros({2, 2}));
                })
                    .contains("shape mismatch: value tensor of shape [2, 2] cannot be broadcast to indexing result of "
                              "shape [2, 3]"));
        QVERIFY(errorOf<TypeError>([&] { ops::indexPut(x, {longs({1}, {1})}, Tensor::scalar<double>(0)); })
                    .contains("Index put requires the source and destination dtypes match, got Float for the "
                              "destination and Double for the source."));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {longs({1}, {1}), longs({1}, {1}), longs({1}, {1})}, zero);
                }).contains("too many indices for tensor of dimension 2 (got 3)"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {longs({1, 2}, {2}), longs({0, 1, 2}, {3})}, zero);
                }).contains("shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(x, {bools({true}, {})}, zero);
                }).contains("a 0-dim bool index (index 0) is not supported"));
        QVERIFY(errorOf<IndexError>([&] { ops::indexPut(x, {}, zero); }).contains("expected at least one index"));
        QVERIFY(errorOf<IndexError>([&] {
                    ops::indexPut(iota(3, {3}), {bools({true, false}, {1, 2})}, zero);
                }).contains("too many indices for tensor of dimension 1"));
        // Expanded tensors have elements that share memory: no in-place writes into them.
        QVERIFY(errorOf<Error>([&] {
                    ops::indexPut_(ops::expand(iota(3, {3}), {2, 3}), {longs({0}, {1})}, zero);
                }).contains("index_put_"));
    }
};

QTEST_APPLESS_MAIN(TestIndexPut)
#include "test_index_put.moc"
