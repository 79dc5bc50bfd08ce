// matmul, mm, bmm and linear: PyTorch's rank rules and broadcasting, strided and zero-size operands,
// error messages, grad_fn names and finite-difference gradients in f64.
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "core/autograd/function.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

template <class T = float>
Tensor randn(const Shape& sizes, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> dist;
    std::vector<T> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& x : v) x = static_cast<T>(dist(rng));
    return Tensor::fromVector<T>(v, sizes);
}

// Element (multi-index) of a tensor of any strides, as double.
double get(const Tensor& t, const Shape& index) {
    std::int64_t off = 0;
    for (std::size_t d = 0; d < index.size(); ++d) off += index[d] * t.stride(static_cast<std::int64_t>(d));
    return t.dtype() == DType::Float32 ? static_cast<const float*>(t.rawData())[off]
                                       : static_cast<const double*>(t.rawData())[off];
}

// Reference batched product over explicit batch indices: out[batch…, i, j] with broadcast batch dims.
void checkAgainstNaive(const Tensor& a, const Tensor& b, const Tensor& out) {
    // Lift 1-D operands as matmul does and compare element by element.
    const Tensor a3 = a.dim() == 1 ? ops::unsqueeze(a, 0) : a;
    const Tensor b3 = b.dim() == 1 ? ops::unsqueeze(b, 1) : b;
    const std::int64_t M = a3.size(-2), K = a3.size(-1), N = b3.size(-1);
    const std::int64_t nb = std::max(a3.dim(), b3.dim()) - 2;
    Shape batch(nb);
    for (std::int64_t d = 0; d < nb; ++d) {
        const std::int64_t ia = d - (nb - (a3.dim() - 2)), ib = d - (nb - (b3.dim() - 2));
        const std::int64_t sa = ia >= 0 ? a3.size(ia) : 1, sb = ib >= 0 ? b3.size(ib) : 1;
        batch[d] = sa == 1 ? sb : sa;
    }
    const Tensor outFull = ops::reshape(out, [&] {
        Shape s = batch;
        s.push_back(M);
        s.push_back(N);
        return s;
    }());
    const double tol = a.dtype() == DType::Float32 ? 1e-4 : 1e-12;
    const std::int64_t total = shapeNumel(batch);
    for (std::int64_t flat = 0; flat < total; ++flat) {
        Shape bi(nb);
        for (std::int64_t d = nb - 1, r = flat; d >= 0; --d) {
            bi[d] = r % batch[d];
            r /= batch[d];
        }
        auto sub = [&](const Tensor& t, std::int64_t i, std::int64_t j) {
            Shape idx;
            for (std::int64_t d = 0; d < t.dim() - 2; ++d) {
                const std::int64_t bd = d + (nb - (t.dim() - 2));
                idx.push_back(t.size(d) == 1 ? 0 : bi[bd]);
            }
            idx.push_back(i);
            idx.push_back(j);
            return get(t, idx);
        };
        for (std::int64_t i = 0; i < M; ++i)
            for (std::int64_t j = 0; j < N; ++j) {
                double s = 0;
                for (std::int64_t k = 0; k < K; ++k) s += sub(a3, i, k) * sub(b3, k, j);
                Shape oi = bi;
                oi.push_back(i);
                oi.push_back(j);
                QVERIFY2(std::fabs(get(outFull, oi) - s) <= tol * (1 + std::fabs(s)),
                         qPrintable(QString("at flat batch %1, (%2, %3)").arg(flat).arg(i).arg(j)));
            }
    }
}

template <class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "no exception";
}

// Finite-difference check in f64 of d(sum(f(inputs) * w))/d(inputs) against autograd.
void gradcheck(const std::function<Tensor(const std::vector<Tensor>&)>& f, std::vector<Tensor> inputs) {
    for (auto& x : inputs) x.setRequiresGrad(true);
    const Tensor y = f(inputs);
    const Tensor w = randn<double>(y.sizes(), 99);
    y.backward(w);
    auto objective = [&] {
        autograd::NoGradGuard g;
        const Tensor out = ops::contiguous(f(inputs));
        const auto ov = out.toVector<double>(), wv = w.toVector<double>();
        double s = 0;
        for (std::size_t i = 0; i < ov.size(); ++i) s += ov[i] * wv[i];
        return s;
    };
    for (const auto& x : inputs) {
        QVERIFY(x.grad().defined());
        const auto analytic = x.grad().toVector<double>();
        double* data = x.data<double>();
        QVERIFY(x.isContiguous());
        for (std::int64_t i = 0; i < x.numel(); ++i) {
            const double saved = data[i], h = 1e-6;
            data[i] = saved + h;
            const double up = objective();
            data[i] = saved - h;
            const double down = objective();
            data[i] = saved;
            const double numeric = (up - down) / (2 * h);
            QVERIFY2(std::fabs(numeric - analytic[i]) <= 1e-6 * (1 + std::fabs(numeric)),
                     qPrintable(QString("element %1: numeric %2, autograd %3").arg(i).arg(numeric).arg(analytic[i])));
        }
    }
}

}  // namespace

class TestMatmul : public QObject {
    Q_OBJECT
private slots:
    void rankRulesAndBroadcasting_data() {
        QTest::addColumn<Shape>("sa");
        QTest::addColumn<Shape>("sb");
        QTest::addColumn<Shape>("expected");
        QTest::newRow("dot") << Shape{5} << Shape{5} << Shape{};
        QTest::newRow("vec-mat") << Shape{3} << Shape{3, 4} << Shape{4};
        QTest::newRow("mat-vec") << Shape{2, 3} << Shape{3} << Shape{2};
        QTest::newRow("mm") << Shape{17, 63} << Shape{63, 65} << Shape{17, 65};
        QTest::newRow("3d-2d") << Shape{5, 2, 3} << Shape{3, 4} << Shape{5, 2, 4};
        QTest::newRow("3d-1d") << Shape{5, 2, 3} << Shape{3} << Shape{5, 2};
        QTest::newRow("1d-3d") << Shape{3} << Shape{5, 3, 4} << Shape{5, 4};
        QTest::newRow("2d-3d") << Shape{2, 3} << Shape{5, 3, 4} << Shape{5, 2, 4};
        QTest::newRow("bmm") << Shape{5, 2, 3} << Shape{5, 3, 4} << Shape{5, 2, 4};
        QTest::newRow("broadcast") << Shape{2, 1, 2, 3} << Shape{5, 3, 4} << Shape{2, 5, 2, 4};
        QTest::newRow("zero batch") << Shape{0, 2, 3} << Shape{3, 4} << Shape{0, 2, 4};
        QTest::newRow("zero K") << Shape{2, 0} << Shape{0, 4} << Shape{2, 4};
        QTest::newRow("zero M") << Shape{0, 3} << Shape{3, 4} << Shape{0, 4};
    }
    void rankRulesAndBroadcasting() {
        QFETCH(Shape, sa);
        QFETCH(Shape, sb);
        QFETCH(Shape, expected);
        for (DType dt : {DType::Float32, DType::Float64}) {
            const Tensor a = ops::to(randn(sa, 1), dt), b = ops::to(randn(sb, 2), dt);
            const Tensor out = ops::matmul(a, b);
            QCOMPARE(out.sizes(), expected);
            QCOMPARE(out.dtype(), dt);
            checkAgainstNaive(a, b, out);
            if (sa == Shape{2, 0}) QCOMPARE(out.toVector<double>(), std::vector<double>(8, 0.0));
        }
    }

    void stridedOperands() {
        // Transposed, sliced with steps and expanded operands are read in place.
        const Tensor base = randn({6, 10, 8}, 3);
        const Tensor aT = ops::transpose(randn({4, 9, 7}, 4), 1, 2);                                 // [4, 7, 9]
        const Tensor bStep = ops::slice(ops::slice(randn({4, 18, 5}, 5), 1, 0, 18, 2), 2, 0, 5, 1);  // [4, 9, 5]
        checkAgainstNaive(aT, bStep, ops::matmul(aT, bStep));
        checkAgainstNaive(aT, bStep, ops::bmm(aT, bStep));
        const Tensor row = randn({1, 9}, 6);
        const Tensor expanded = ops::expand(row, {7, 9});
        const Tensor w = ops::t(randn({3, 9}, 7));
        checkAgainstNaive(expanded, w, ops::mm(expanded, w));
        const Tensor sliced = ops::slice(base, 2, 1, 8, 3);  // [6, 10, 3], column stride 3
        checkAgainstNaive(sliced, ops::t(randn({4, 3}, 8)), ops::matmul(sliced, ops::t(randn({4, 3}, 8))));
    }

    void linearMatchesMatmulPlusBias() {
        for (DType dt : {DType::Float32, DType::Float64}) {
            const Tensor x = ops::to(ops::transpose(randn({2, 5, 3}, 9), 0, 1), dt);  // [5, 2, 3], not contiguous
            const Tensor w = ops::to(randn({4, 3}, 10), dt);
            const Tensor bias = ops::to(randn({4}, 11), dt);
            const Tensor y = ops::linear(x, w, bias);
            QCOMPARE(y.sizes(), (Shape{5, 2, 4}));
            const Tensor ref = ops::matmul(x, ops::t(w));
            const auto yv = y.toVector<double>(), rv = ref.toVector<double>(), bv = bias.toVector<double>();
            for (std::size_t i = 0; i < yv.size(); ++i) {
                // Fused bias add: the same rounding as a separate add in the output dtype.
                const double want = dt == DType::Float32
                                        ? static_cast<double>(static_cast<float>(rv[i]) + static_cast<float>(bv[i % 4]))
                                        : rv[i] + bv[i % 4];
                QCOMPARE(yv[i], want);
            }
            QCOMPARE(ops::linear(x, w).toVector<double>(), rv);
            const Tensor v = ops::to(randn({3}, 12), dt);
            QCOMPARE(ops::linear(v, w, bias).sizes(), (Shape{4}));
            QCOMPARE(ops::linear(ops::to(randn({0, 3}, 1), dt), w, bias).sizes(), (Shape{0, 4}));
            const Tensor emptyIn = ops::linear(ops::to(randn({2, 0}, 1), dt), ops::to(randn({4, 0}, 1), dt), bias);
            QCOMPARE(emptyIn.toVector<double>(),
                     (std::vector<double>{bv[0], bv[1], bv[2], bv[3], bv[0], bv[1], bv[2], bv[3]}));
        }
    }

    void errorMessages() {
        QCOMPARE(errorOf([] {
                     ops::mm(randn({4, 3}, 1), randn({4, 5}, 1));
                 }),
                 QString("mm: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"));
        QVERIFY(errorOf([] {
                    ops::matmul(randn({4, 3}, 1), randn({4, 5}, 1));
                }).startsWith("matmul: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)"));
        QVERIFY(errorOf([] {
                    ops::matmul(randn({2, 3, 4}, 1), randn({5, 5}, 1));
                }).startsWith("matmul: mat1 and mat2 shapes cannot be multiplied (6x4 and 5x5)"));
        QVERIFY(errorOf([] { ops::matmul(randn({3}, 1), randn({4}, 1)); }).contains("inconsistent tensor size"));
        QVERIFY(errorOf([] {
                    ops::matmul(Tensor::scalar(1.0f), randn({3}, 1));
                }).contains("need to be at least 1D, but they are 0D and 1D"));
        QVERIFY(
            errorOf([] {
                ops::matmul(randn({2, 3, 4}, 1), randn({3, 4, 5}, 1));
            }).contains("The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"));
        QVERIFY(errorOf([] {
                    ops::bmm(randn({3, 4}, 1), randn({2, 4, 5}, 1));
                }).contains("bmm: batch1 must be a 3D tensor"));
        QVERIFY(errorOf([] {
                    ops::bmm(randn({2, 3, 4}, 1), randn({3, 4, 5}, 1));
                }).contains("Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [3, 4]"));
        QVERIFY(errorOf([] {
                    ops::mm(randn({2, 3, 4}, 1), randn({4, 5}, 1));
                }).startsWith("mm: expected two matrices"));
        QVERIFY(errorOf([] {
                    ops::mm(randn({2, 3}, 1), randn<double>({3, 4}, 1));
                }).contains("mm: expected both operands to have the same dtype, but got float32 and float64"));
        QVERIFY(errorOf([] {
                    ops::linear(randn({2, 3}, 1), randn({4, 5}, 1));
                }).startsWith("linear: mat1 and mat2 shapes cannot be multiplied (2x3 and 5x4)"));
        QVERIFY(errorOf([] {
                    ops::linear(randn({2, 3}, 1), randn({4, 3}, 1), randn({5}, 1));
                }).contains("linear: bias must have shape [4]"));
        const Tensor ints = Tensor::fromVector<std::int64_t>({1, 2, 3, 4}, {2, 2});
        QVERIFY(errorOf([&] { ops::mm(ints, ints); }).contains("expected floating point operands"));
    }

    void gradFnNames() {
        auto leaf = [](const Shape& s) {
            Tensor t = randn(s, 3);
            t.setRequiresGrad(true);
            return t;
        };
        QCOMPARE(ops::mm(leaf({2, 3}), leaf({3, 4})).gradFn()->name(), std::string_view("MmBackward0"));
        QCOMPARE(ops::bmm(leaf({5, 2, 3}), leaf({5, 3, 4})).gradFn()->name(), std::string_view("BmmBackward0"));
        QCOMPARE(ops::matmul(leaf({2, 3}), leaf({3, 4})).gradFn()->name(), std::string_view("MmBackward0"));
        QCOMPARE(ops::linear(leaf({2, 3}), leaf({4, 3}), leaf({4})).gradFn()->name(),
                 std::string_view("AddmmBackward0"));
        QCOMPARE(ops::linear(leaf({2, 3}), leaf({4, 3})).gradFn()->name(), std::string_view("MmBackward0"));
        // torch's graph of at::linear: AddmmBackward0(bias, x, TBackward0(w)), under ViewBackward0 for 3-D x.
        const Tensor lin = ops::linear(leaf({2, 3}), leaf({4, 3}), leaf({4}));
        QCOMPARE(lin.gradFn()->nextEdges().size(), std::size_t(3));
        QCOMPARE(lin.gradFn()->nextEdges()[0].function->name(), std::string_view("AccumulateGrad"));
        QCOMPARE(lin.gradFn()->nextEdges()[2].function->name(), std::string_view("TBackward0"));
        const Tensor lin3 = ops::linear(leaf({5, 2, 3}), leaf({4, 3}), leaf({4}));
        QCOMPARE(lin3.gradFn()->name(), std::string_view("ViewBackward0"));
        QCOMPARE(lin3.gradFn()->nextEdges()[0].function->name(), std::string_view("AddmmBackward0"));
        QCOMPARE(lin3.gradFn()->nextEdges()[0].function->nextEdges()[1].function->name(),
                 std::string_view("ViewBackward0"));
        const Tensor batched = ops::matmul(leaf({5, 2, 3}), leaf({5, 3, 4}));
        QCOMPARE(batched.gradFn()->nextEdges()[0].function->name(), std::string_view("BmmBackward0"));
    }

    void gradients() {
        using V = std::vector<Tensor>;
        gradcheck([](const V& in) { return ops::mm(in[0], in[1]); },
                  {randn<double>({3, 4}, 1), randn<double>({4, 2}, 2)});
        gradcheck([](const V& in) { return ops::bmm(in[0], in[1]); },
                  {randn<double>({2, 3, 4}, 3), randn<double>({2, 4, 2}, 4)});
        gradcheck([](const V& in) { return ops::linear(in[0], in[1], in[2]); },
                  {randn<double>({2, 3, 4}, 5), randn<double>({3, 4}, 6), randn<double>({3}, 7)});
        gradcheck([](const V& in) { return ops::linear(in[0], in[1]); },
                  {randn<double>({4}, 8), randn<double>({3, 4}, 9)});
        gradcheck([](const V& in) { return ops::matmul(in[0], in[1]); },
                  {randn<double>({2, 1, 3, 4}, 10), randn<double>({3, 4, 2}, 11)});
        gradcheck([](const V& in) { return ops::matmul(in[0], in[1]); },
                  {randn<double>({4}, 12), randn<double>({4}, 13)});
        gradcheck([](const V& in) { return ops::matmul(in[0], in[1]); },
                  {randn<double>({2, 3, 4}, 14), randn<double>({4}, 15)});
    }
};

QTEST_APPLESS_MAIN(TestMatmul)
#include "test_matmul.moc"
