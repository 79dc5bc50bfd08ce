// cat, stack, split and chunk: values, dtype promotion, torch's skipping of [0] tensors in cat, views,
// errors with torch's messages, grad_fn names and gradients (gradcheck and gradgradcheck in float64).
#include <QtTest>

#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/ops/join.h"
#include "core/ops/view.h"

using namespace tessera;

namespace {

Tensor seq(const Shape& sizes, double start = 0, DType dtype = DType::Float64) {
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = start + static_cast<double>(i);
    return ops::to(Tensor::fromVector<double>(v, sizes), dtype);
}

QString message(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

QString gradFnName(const Tensor& t) { return t.gradFn() ? QString::fromLatin1(t.gradFn()->name()) : QString(); }

}  // namespace

class TestJoin : public QObject {
    Q_OBJECT
private slots:
    void catValuesAndPromotion() {
        Tensor a = seq({2, 3}), b = seq({2, 2}, 100, DType::Float32);
        Tensor c = ops::cat({a, b}, 1);
        QCOMPARE(c.sizes(), (Shape{2, 5}));
        QCOMPARE(c.dtype(), DType::Float64);
        QCOMPARE(c.toVector<double>(), (std::vector<double>{0, 1, 2, 100, 101, 3, 4, 5, 102, 103}));
        QCOMPARE(ops::cat({seq({2, 3}, 0, DType::Bool), seq({1, 3}, 0, DType::Int64)}).dtype(), DType::Int64);
        // Non-contiguous inputs and a negative dim.
        Tensor t = ops::transpose(seq({3, 2}), 0, 1);
        QCOMPARE(ops::cat({t, a}, -2).toVector<double>(), (std::vector<double>{0, 2, 4, 1, 3, 5, 0, 1, 2, 3, 4, 5}));
        // torch's legacy rule: a 1-D [0] tensor is skipped whatever the other shapes.
        QCOMPARE(ops::cat({Tensor::empty({0}), a}).sizes(), (Shape{2, 3}));
        QCOMPARE(ops::cat({Tensor::empty({0}), Tensor::empty({0}, DType::Float64)}).sizes(), (Shape{0}));
        QCOMPARE(ops::cat({Tensor::empty({0, 3}, DType::Float64), a}).sizes(), (Shape{2, 3}));
    }

    void stackValues() {
        Tensor a = seq({2, 3}), b = seq({2, 3}, 10);
        Tensor s = ops::stack({a, b}, 2);
        QCOMPARE(s.sizes(), (Shape{2, 3, 2}));
        QCOMPARE(s.toVector<double>()[1], 10.0);
        QCOMPARE(ops::stack({a, b}, -1).toVector<double>(), s.toVector<double>());
        QCOMPARE(ops::stack({a, b}).sizes(), (Shape{2, 2, 3}));
        QCOMPARE(ops::stack({seq({0, 3})}).sizes(), (Shape{1, 0, 3}));
    }

    void splitAndChunk() {
        Tensor x = seq({5, 4});
        auto parts = ops::split(x, 2);
        QCOMPARE(parts.size(), std::size_t{3});
        QCOMPARE(parts[2].sizes(), (Shape{1, 4}));
        QVERIFY(parts[1].sharesStorageWith(x));
        QCOMPARE(parts[1].toVector<double>()[0], 8.0);
        auto cols = ops::splitWithSizes(x, {1, 3}, -1);
        QCOMPARE(cols[1].sizes(), (Shape{5, 3}));
        QCOMPARE(cols[1].toVector<double>()[0], 1.0);
        auto ch = ops::chunk(seq({6, 3}), 4);
        QCOMPARE(ch.size(), std::size_t{3});
        QCOMPARE(ops::chunk(seq({5, 3}), 3).back().sizes(), (Shape{1, 3}));
        QCOMPARE(ops::chunk(seq({0, 3}), 2).size(), std::size_t{2});
        QCOMPARE(ops::split(seq({0, 3}), 2).size(), std::size_t{1});
        QCOMPARE(ops::split(seq({0, 3}), 0).size(), std::size_t{1});
    }

    void errors() {
        Tensor a = seq({2, 3});
        QVERIFY(message([&] {
                    ops::cat({a, seq({2, 4})});
                })
                    .contains("cat: Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 "
                              "for tensor number 1 in the list."));
        QVERIFY(message([&] {
                    ops::cat({a, seq({2, 3, 1})});
                }).contains("Tensors must have same number of dimensions: got 2 and 3"));
        QVERIFY(message([&] {
                    ops::cat({Tensor::scalar(1.0), a});
                }).contains("zero-dimensional tensor (at position 0) cannot be concatenated"));
        QVERIFY(message([&] { ops::cat({}); }).contains("expected a non-empty list of Tensors"));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::cat({a}, 2));
        QVERIFY(message([&] {
                    ops::stack({a, seq({2, 4})});
                })
                    .contains("stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [2, 4] at "
                              "entry 1"));
        QVERIFY(message([&] { ops::stack({}); }).contains("stack expects a non-empty TensorList"));
        QVERIFY_THROWS_EXCEPTION(IndexError, ops::stack({a}, 3));
        QVERIFY(message([&] {
                    ops::split(seq({5, 3}), 0);
                }).contains("split_size can only be 0 if dimension size is 0, but got dimension size of 5"));
        QVERIFY(message([&] {
                    ops::split(seq({5, 3}), -1);
                }).contains("split expects split_size be non-negative, but got split_size=-1"));
        QVERIFY(message([&] {
                    ops::splitWithSizes(seq({5, 3}), {1, 2});
                })
                    .contains("split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at "
                              "dimension 0), but got split_sizes=[1, 2]"));
        QVERIFY(message([&] {
                    ops::splitWithSizes(seq({5, 3}), {6, -1});
                }).contains("split_with_sizes expects split_sizes have only non-negative entries"));
        QVERIFY(message([&] { ops::chunk(a, 0); }).contains("chunk expects `chunks` to be greater than 0, got: 0"));
        QVERIFY(message([&] {
                    ops::chunk(Tensor::scalar(1.0), 1);
                }).contains("chunk expects at least a 1-dimensional tensor"));
        QVERIFY(message([&] {
                    ops::split(Tensor::scalar(1.0), 1);
                }).contains("split expects at least a 1-dimensional tensor"));
    }

    void gradFnNames() {
        Tensor a = seq({2, 3});
        a.setRequiresGrad(true);
        QCOMPARE(gradFnName(ops::cat({a, seq({1, 3})})), QString("CatBackward0"));
        QCOMPARE(gradFnName(ops::stack({a, a})), QString("StackBackward0"));
        QCOMPARE(gradFnName(ops::split(a, 1)[0]), QString("SplitBackward0"));
        QCOMPARE(gradFnName(ops::chunk(a, 2, 1)[1]), QString("SplitBackward0"));
        QCOMPARE(gradFnName(ops::splitWithSizes(a, {1, 2}, 1)[0]), QString("SplitWithSizesBackward0"));
        // Integer results have no history.
        QCOMPARE(gradFnName(ops::cat({seq({2, 3}, 0, DType::Int64)})), QString());
    }

    void gradcheck() {
        Tensor a = seq({2, 3}, 0.5), b = seq({2, 2}, -3.25), c = seq({2, 3}, 1.5);
        for (auto* t : {&a, &b, &c}) t->setRequiresGrad(true);
        auto check = [](const autograd::DifferentiableFn& f, const autograd::TensorList& in) {
            auto r = autograd::gradcheck(f, in);
            QVERIFY2(r.ok, r.message.c_str());
            auto rr = autograd::gradgradcheck(f, in);
            QVERIFY2(rr.ok, rr.message.c_str());
        };
        check([](const autograd::TensorList& in) { return autograd::TensorList{ops::cat({in[0], in[1]}, 1)}; }, {a, b});
        check(
            [](const autograd::TensorList& in) {
                return autograd::TensorList{ops::stack({in[0], in[1]}, 1)};
            },
            {a, c});
        check([](const autograd::TensorList& in) { return ops::split(in[0], 2, 1); }, {a});
        check([](const autograd::TensorList& in) { return ops::splitWithSizes(in[0], {1, 1}, 0); }, {c});
        // Only one piece used: the others get zero gradients.
        check([](const autograd::TensorList& in) { return autograd::TensorList{ops::chunk(in[0], 3, 1)[1]}; }, {a});
    }
};

QTEST_APPLESS_MAIN(TestJoin)
#include "test_join.moc"
