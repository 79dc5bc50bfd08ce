// The PyTorch-internals facts about views, strides and storage sharing.
#include <QtTest>

#include "core/ops/view.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {
Tensor arange12() {
    std::vector<float> v(12);
    for (int i = 0; i < 12; ++i) v[i] = static_cast<float>(i);
    return Tensor::fromVector<float>(v, {3, 4});
}
}  // namespace

class TestViews : public QObject {
    Q_OBJECT
private slots:
    void arangeStrides() {
        Tensor a = arange12();
        QCOMPARE(a.strides(), (Shape{4, 1}));
        QVERIFY(a.isContiguous());
    }
    void transposeSharesStorage() {
        Tensor a = arange12();
        Tensor b = ops::transpose(a, 0, 1);
        QCOMPARE(b.sizes(), (Shape{4, 3}));
        QCOMPARE(b.strides(), (Shape{1, 4}));
        QVERIFY(!b.isContiguous());
        QVERIFY(b.sharesStorageWith(a));
        QCOMPARE(b.toVector<float>()[1], 4.0f);
    }
    void contiguousCopies() {
        Tensor b = ops::transpose(arange12(), 0, 1);
        Tensor c = ops::contiguous(b);
        QCOMPARE(c.strides(), (Shape{3, 1}));
        QVERIFY(!c.sharesStorageWith(b));
        QCOMPARE(c.toVector<float>(), b.toVector<float>());
        Tensor a = arange12();
        QVERIFY(ops::contiguous(a).sharesStorageWith(a));
    }
    void viewOnTransposeFails() {
        Tensor b = ops::transpose(arange12(), 0, 1);
        QVERIFY_THROWS_EXCEPTION(ShapeError, ops::view(b, {12}));
        try {
            ops::view(b, {12});
        } catch (const ShapeError& e) {
            QVERIFY(QString(e.what()).contains("view size [12] is not compatible"));
        }
        Tensor r = ops::reshape(b, {12});
        QVERIFY(!r.sharesStorageWith(b));
        QCOMPARE(r.toVector<float>()[1], 4.0f);
    }
    void viewSplitsAndMerges() {
        Tensor a = arange12();
        Tensor v = ops::view(a, {2, -1, 3});
        QCOMPARE(v.sizes(), (Shape{2, 2, 3}));
        QVERIFY(v.sharesStorageWith(a));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ops::view(a, {5, -1}));
    }
    void slicingWithSteps() {
        Tensor a = arange12();
        Tensor s = ops::slice(ops::slice(a, 0, 1, 3), 1, 0, 4, 2);  // a[1:, ::2]
        QCOMPARE(s.sizes(), (Shape{2, 2}));
        QCOMPARE(s.strides(), (Shape{4, 2}));
        QCOMPARE(s.toVector<float>(), (std::vector<float>{4, 6, 8, 10}));
    }
    void expandHasZeroStride() {
        Tensor r = Tensor::fromVector<float>({1, 2, 3}, {1, 3});
        Tensor e = ops::expand(r, {4, 3});
        QCOMPARE(e.strides(), (Shape{0, 1}));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ops::expand(r, {4, 2}));
    }
    void selectSqueezeUnsqueeze() {
        Tensor a = arange12();
        QCOMPARE(ops::select(a, 1, -1).toVector<float>(), (std::vector<float>{3, 7, 11}));
        QCOMPARE(ops::unsqueeze(a, 1).sizes(), (Shape{3, 1, 4}));
        QCOMPARE(ops::squeeze(ops::unsqueeze(a, 0)).sizes(), (Shape{3, 4}));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::select(a, 0, 3));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::transpose(a, 0, 2));
    }
};

QTEST_APPLESS_MAIN(TestViews)
#include "test_views.moc"
