// Element-wise ops: broadcasting, strides, dtype rules, errors, zero-size tensors, in-place writes
// and version counters, and determinism across thread counts.
#include <QtTest>

#include <cmath>
#include <functional>
#include <map>

#include "core/kernels/elementwise.h"
#include "core/kernels/parallel.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/clamp.h"
#include "core/ops/compare.h"
#include "core/ops/div.h"
#include "core/ops/fill.h"
#include "core/ops/maximum.h"
#include "core/ops/mul.h"
#include "core/ops/pow.h"
#include "core/ops/unary.h"
#include "core/ops/view.h"
#include "core/ops/where.h"
#include "core/tensor/scalar.h"
#include "tests/core/error_of.h"

using namespace tessera;

namespace {

Tensor iota(const Shape& sizes, DType dtype = DType::Float32, double start = 0, double step = 1) {
    const std::int64_t n = shapeNumel(sizes);
    std::vector<double> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[i] = start + step * static_cast<double>(i);
    Tensor t = Tensor::fromVector<double>(v, sizes);
    return ops::to(t, dtype);
}

// Element [idx…] of t broadcast to `shape` (idx is an index into `shape`).
double at(const Tensor& t, const Shape& shape, const std::vector<std::int64_t>& idx) {
    const std::vector<double> v = ops::contiguous(t).toVector<double>();
    std::int64_t flat = 0;
    const std::size_t lead = shape.size() - static_cast<std::size_t>(t.dim());
    for (std::size_t d = lead; d < shape.size(); ++d) {
        const std::int64_t size = t.size(static_cast<std::int64_t>(d - lead));
        flat = flat * size + (size == 1 ? 0 : idx[d]);
    }
    return v[static_cast<std::size_t>(flat)];
}

// The broadcast reference of a binary function over every element of `shape`.
std::vector<double> reference(const Tensor& a, const Tensor& b, const Shape& shape,
                              const std::function<double(double, double)>& f) {
    std::vector<double> out;
    const std::int64_t n = shapeNumel(shape);
    std::vector<std::int64_t> idx(shape.size(), 0);
    for (std::int64_t k = 0; k < n; ++k) {
        out.push_back(f(at(a, shape, idx), at(b, shape, idx)));
        for (std::size_t d = shape.size(); d-- > 0;) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
    return out;
}

void compareValues(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-6) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (std::abs(got[i] - want[i]) > tol * (1 + std::abs(want[i])))
            QFAIL(qPrintable(QString("element %1: got %2, want %3").arg(i).arg(got[i]).arg(want[i])));
}
}  // namespace

class TestElementwise : public QObject {
    Q_OBJECT
private slots:
    void resultTypeMatchesTorch() {
        // Generated with torch 1.13's torch.result_type over every pair of these operands.
        std::map<std::string, Tensor> t{{"f32", iota({2})},
                                        {"f64", iota({2}, DType::Float64)},
                                        {"i64", iota({2}, DType::Int64)},
                                        {"b", iota({2}, DType::Bool)},
                                        {"z32", Tensor::scalar<float>(1)},
                                        {"z64", Tensor::scalar<double>(1)},
                                        {"zi", Tensor::scalar<std::int64_t>(1)},
                                        {"zb", Tensor::scalar<bool>(true)}};
        const std::map<std::string, Scalar> s{{"2.5", 2.5}, {"1", 1}, {"True", true}};
        struct Row {
            const char* a;
            const char* b;
            DType want;
        };
        const Row rows[] = {
            {"f32", "f32", DType::Float32},  {"f32", "f64", DType::Float64},  {"f32", "i64", DType::Float32},
            {"f32", "b", DType::Float32},    {"f32", "z32", DType::Float32},  {"f32", "z64", DType::Float32},
            {"f32", "zi", DType::Float32},   {"f32", "zb", DType::Float32},   {"f32", "2.5", DType::Float32},
            {"f32", "1", DType::Float32},    {"f32", "True", DType::Float32}, {"f64", "f32", DType::Float64},
            {"f64", "f64", DType::Float64},  {"f64", "i64", DType::Float64},  {"f64", "b", DType::Float64},
            {"f64", "z32", DType::Float64},  {"f64", "z64", DType::Float64},  {"f64", "zi", DType::Float64},
            {"f64", "zb", DType::Float64},   {"f64", "2.5", DType::Float64},  {"f64", "1", DType::Float64},
            {"f64", "True", DType::Float64}, {"i64", "f32", DType::Float32},  {"i64", "f64", DType::Float64},
            {"i64", "i64", DType::Int64},    {"i64", "b", DType::Int64},      {"i64", "z32", DType::Float32},
            {"i64", "z64", DType::Float64},  {"i64", "zi", DType::Int64},     {"i64", "zb", DType::Int64},
            {"i64", "2.5", DType::Float32},  {"i64", "1", DType::Int64},      {"i64", "True", DType::Int64},
            {"b", "f32", DType::Float32},    {"b", "f64", DType::Float64},    {"b", "i64", DType::Int64},
            {"b", "b", DType::Bool},         {"b", "z32", DType::Float32},    {"b", "z64", DType::Float64},
            {"b", "zi", DType::Int64},       {"b", "zb", DType::Bool},        {"b", "2.5", DType::Float32},
            {"b", "1", DType::Int64},        {"b", "True", DType::Bool},      {"z32", "f32", DType::Float32},
            {"z32", "f64", DType::Float64},  {"z32", "i64", DType::Float32},  {"z32", "b", DType::Float32},
            {"z32", "z32", DType::Float32},  {"z32", "z64", DType::Float64},  {"z32", "zi", DType::Float32},
            {"z32", "zb", DType::Float32},   {"z32", "2.5", DType::Float32},  {"z32", "1", DType::Float32},
            {"z32", "True", DType::Float32}, {"z64", "f32", DType::Float32},  {"z64", "f64", DType::Float64},
            {"z64", "i64", DType::Float64},  {"z64", "b", DType::Float64},    {"z64", "z32", DType::Float64},
            {"z64", "z64", DType::Float64},  {"z64", "zi", DType::Float64},   {"z64", "zb", DType::Float64},
            {"z64", "2.5", DType::Float64},  {"z64", "1", DType::Float64},    {"z64", "True", DType::Float64},
            {"zi", "f32", DType::Float32},   {"zi", "f64", DType::Float64},   {"zi", "i64", DType::Int64},
            {"zi", "b", DType::Int64},       {"zi", "z32", DType::Float32},   {"zi", "z64", DType::Float64},
            {"zi", "zi", DType::Int64},      {"zi", "zb", DType::Int64},      {"zi", "2.5", DType::Float32},
            {"zi", "1", DType::Int64},       {"zi", "True", DType::Int64},    {"zb", "f32", DType::Float32},
            {"zb", "f64", DType::Float64},   {"zb", "i64", DType::Int64},     {"zb", "b", DType::Bool},
            {"zb", "z32", DType::Float32},   {"zb", "z64", DType::Float64},   {"zb", "zi", DType::Int64},
            {"zb", "zb", DType::Bool},       {"zb", "2.5", DType::Float32},   {"zb", "1", DType::Int64},
            {"zb", "True", DType::Bool},
        };
        for (const Row& r : rows) {
            const DType got = s.count(r.b) ? resultType(t.at(r.a), s.at(r.b)) : resultType(t.at(r.a), t.at(r.b));
            if (got != r.want)
                QFAIL(qPrintable(QString("result_type(%1, %2): got %3, want %4")
                                     .arg(r.a, r.b, dtypeName(got).data(), dtypeName(r.want).data())));
        }
        QVERIFY(canCast(DType::Int64, DType::Float32));
        QVERIFY(!canCast(DType::Float32, DType::Int64));
        QVERIFY(!canCast(DType::Int64, DType::Bool));
    }

    void broadcastShapesAndError() {
        QCOMPARE(kernels::broadcastShapes("add", {3, 1, 4}, {5, 1}), (Shape{3, 5, 4}));
        QCOMPARE(kernels::broadcastShapes("add", {}, {2, 0}), (Shape{2, 0}));
        const QString msg = errorOf<ShapeError>([] { ops::add(Tensor::empty({2, 3}), Tensor::empty({2, 4})); });
        QVERIFY2(msg.startsWith("add: The size of tensor a (3) must match the size of tensor b (4) at "
                                "non-singleton dimension 1"),
                 qPrintable(msg));
    }

    void broadcastValues() {
        const Tensor a = iota({3, 1, 4});
        const Tensor b = iota({5, 1}, DType::Float32, 10, 2);
        const Tensor y = ops::add(a, b, 0.5);
        QCOMPARE(y.sizes(), (Shape{3, 5, 4}));
        compareValues(y.toVector<double>(), reference(a, b, y.sizes(), [](double x, double z) { return x + 0.5 * z; }));
        const Tensor m = ops::mul(b, a);
        QCOMPARE(m.sizes(), (Shape{3, 5, 4}));
        compareValues(m.toVector<double>(), reference(b, a, m.sizes(), std::multiplies<double>()));
    }

    void nonContiguousOperands() {
        const Tensor base = iota({6, 8});
        const Tensor tr = ops::transpose(base, 0, 1);  // [8, 6], strides (1, 8)
        const Tensor stepped = ops::slice(ops::slice(iota({16, 12}), 0, 1, 16, 2), 1, 0, 12, 2);  // [8, 6]
        const Tensor expanded = ops::expand(iota({1, 6}), {8, 6});
        for (const Tensor& other : {stepped, expanded, tr}) {
            const Tensor y = ops::sub(tr, other);
            compareValues(y.toVector<double>(), reference(tr, other, y.sizes(), std::minus<double>()));
        }
        // Big enough to run in parallel chunks, with a transposed and a sliced operand.
        const Tensor big = iota({300, 400}, DType::Float64, -1, 1e-3);
        const Tensor bt = ops::transpose(big, 0, 1);
        const Tensor bs = ops::slice(iota({400, 600}, DType::Float64), 1, 0, 600, 2);
        const Tensor y = ops::add(bt, bs);
        const std::vector<double> got = y.toVector<double>(), x1 = bt.toVector<double>(), x2 = bs.toVector<double>();
        for (std::size_t i = 0; i < got.size(); ++i) QCOMPARE(got[i], x1[i] + x2[i]);
    }

    void zeroSize() {
        const Tensor a = Tensor::empty({0, 3});
        const Tensor y = ops::add(a, iota({3}));
        QCOMPARE(y.sizes(), (Shape{0, 3}));
        QCOMPARE(ops::exp(Tensor::empty({2, 0}, DType::Int64)).dtype(), DType::Float32);
        QCOMPARE(ops::gt(a, 1.0).sizes(), (Shape{0, 3}));
        QCOMPARE(ops::where(Tensor::empty({0}, DType::Bool), iota({1}), 2.0).sizes(), (Shape{0}));
        ops::add_(a, 1.0);
        QCOMPARE(a.numel(), std::int64_t{0});
    }

    void dtypeRules() {
        const Tensor i = iota({4}, DType::Int64, -2);
        const Tensor b = iota({4}, DType::Bool);
        QCOMPARE(ops::exp(i).dtype(), DType::Float32);
        QCOMPARE(ops::sigmoid(b).dtype(), DType::Float32);
        QCOMPARE(ops::relu(i).dtype(), DType::Int64);
        QCOMPARE(ops::relu(i).toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 0, 1}));
        QCOMPARE(ops::abs(i).toVector<std::int64_t>(), (std::vector<std::int64_t>{2, 1, 0, 1}));
        QCOMPARE(ops::div(i, i).dtype(), DType::Float32);
        QCOMPARE(ops::add(i, 2.5).dtype(), DType::Float32);
        QCOMPARE(ops::add(i, Tensor::scalar<double>(1)).dtype(), DType::Float64);
        QCOMPARE(ops::add(iota({2}), Tensor::scalar<double>(1)).dtype(), DType::Float32);
        QCOMPARE(ops::add(b, 1).dtype(), DType::Int64);
        QCOMPARE(ops::add(b, b).toVector<bool>(), (std::vector<bool>{false, true, true, true}));
        QCOMPARE(ops::mul(b, 2.5).dtype(), DType::Float32);
        QCOMPARE(ops::gt(i, 0.5).dtype(), DType::Bool);
        QCOMPARE(ops::gt(i, 0.5).toVector<bool>(), (std::vector<bool>{false, false, false, true}));
        QCOMPARE(ops::clamp(i, 0.5).dtype(), DType::Float32);
        QCOMPARE(ops::clamp(b, 0).dtype(), DType::Int64);
        QCOMPARE(ops::where(b, i, 1.5).dtype(), DType::Float32);
        QCOMPARE(ops::where(b, 1, 0).dtype(), DType::Int64);
        QCOMPARE(ops::maximum(i, iota({4})).dtype(), DType::Float32);
        QCOMPARE(ops::pow(i, 2).toVector<std::int64_t>(), (std::vector<std::int64_t>{4, 1, 0, 1}));
        QCOMPARE(ops::pow(2, i).toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 1, 2}));
        QCOMPARE(ops::pow(i, 0.5).dtype(), DType::Float32);
        QCOMPARE(ops::div(i, 2, ops::RoundingMode::Floor).toVector<std::int64_t>(),
                 (std::vector<std::int64_t>{-1, -1, 0, 0}));
        QCOMPARE(ops::div(i, 2, ops::RoundingMode::Trunc).toVector<std::int64_t>(),
                 (std::vector<std::int64_t>{-1, 0, 0, 0}));
        QCOMPARE(ops::div(iota({2}, DType::Float32, -1.5, 3), 0.0, ops::RoundingMode::Floor).toVector<float>(),
                 (std::vector<float>{-INFINITY, INFINITY}));
    }

    void nanPropagation() {
        const Tensor a = Tensor::fromVector<float>({NAN, 1, 2}, {3});
        const Tensor b = Tensor::fromVector<float>({1, NAN, 0}, {3});
        const auto mx = ops::maximum(a, b).toVector<float>();
        QVERIFY(std::isnan(mx[0]) && std::isnan(mx[1]));
        QCOMPARE(mx[2], 2.0f);
        const auto c = ops::clamp(a, std::optional<Tensor>(b)).toVector<float>();
        QVERIFY(std::isnan(c[0]) && std::isnan(c[1]));
        QVERIFY(std::isnan(ops::relu(a).toVector<float>()[0]));
        QCOMPARE(ops::clamp(iota({3}), 2.0, 1.0).toVector<float>(), (std::vector<float>{1, 1, 1}));
    }

    void errorsNameOpAndCause() {
        const Tensor b = iota({2}, DType::Bool);
        const Tensor i = iota({2}, DType::Int64);
        QVERIFY(errorOf<TypeError>([&] { ops::neg(b); }).startsWith("neg: Negation, the `-` operator, on a bool"));
        QVERIFY(errorOf<TypeError>([&] { ops::abs(b); }).contains("\"abs_cpu\" not implemented for 'Bool'"));
        QVERIFY(errorOf<TypeError>([&] { ops::sub(b, b); }).contains("with two bool tensors is not supported"));
        QVERIFY(errorOf<TypeError>([&] { ops::sub(b, 1); }).contains("with a bool tensor is not supported"));
        QVERIFY(errorOf<TypeError>([&] { ops::add(i, i, 1.5); }).contains("alpha must not be a floating point"));
        QVERIFY(errorOf<TypeError>([&] { ops::add(iota({2}), iota({2}), true); }).contains("Boolean alpha"));
        QVERIFY(errorOf<TypeError>([&] { ops::relu(b); }).contains("Boolean inputs not supported for relu"));
        QVERIFY(
            errorOf<TypeError>([&] { ops::leakyRelu(i); }).contains("\"leaky_relu_cpu\" not implemented for 'Long'"));
        QVERIFY(errorOf<TypeError>([&] { ops::gelu(i); }).startsWith("gelu:"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::parseGeluApproximate("fast");
                }).contains("approximate argument must be either none or tanh"));
        QVERIFY(errorOf<ValueError>([&] { ops::pow(i, -1); }).contains("Integers to negative integer powers"));
        QVERIFY(errorOf<TypeError>([&] { ops::pow(b, b); }).contains("\"pow\" not implemented for 'Bool'"));
        QVERIFY(errorOf<ValueError>([&] {
                    ops::clamp(iota({2}), std::optional<Scalar>(), std::optional<Scalar>());
                }).contains("At least one of 'min' or 'max' must not be None"));
        QVERIFY(errorOf<TypeError>([&] {
                    ops::where(i, i, i);
                }).contains("where expected condition to be a boolean tensor, but got a tensor with dtype Long"));
        QVERIFY(errorOf<ValueError>([&] { ops::div(i, 0, ops::RoundingMode::Trunc); }).contains("ZeroDivisionError"));
        QVERIFY(errorOf<ValueError>([&] { ops::parseRoundingMode("round"); }).contains("rounding_mode"));
        QVERIFY(errorOf<ShapeError>([&] { ops::where(b, iota({3}), 1.0); }).startsWith("where: The size of tensor"));
    }

    void inPlaceBumpsVersionAndRefusesBroadcast() {
        Tensor w = iota({2, 3});
        const auto v0 = w.storage()->version();
        ops::add_(w, iota({3}), 2);
        QCOMPARE(w.storage()->version(), v0 + 1);
        QCOMPARE(w.toVector<float>(), (std::vector<float>{0, 3, 6, 3, 6, 9}));
        ops::sub_(w, 1.0);
        ops::mul_(w, iota({2, 1}, DType::Float32, 1));
        ops::div_(w, 2);
        QCOMPARE(w.toVector<float>(), (std::vector<float>{-0.5, 1, 2.5, 2, 5, 8}));
        QCOMPARE(w.storage()->version(), v0 + 4);
        ops::zero_(w);
        ops::fill_(ops::select(w, 0, 1), 7);
        QCOMPARE(w.toVector<float>(), (std::vector<float>{0, 0, 0, 7, 7, 7}));
        ops::copy_(w, iota({3}, DType::Int64));
        QCOMPARE(w.toVector<float>(), (std::vector<float>{0, 1, 2, 0, 1, 2}));
        QCOMPARE(w.storage()->version(), v0 + 7);

        const QString msg = errorOf<ShapeError>([] { ops::add_(iota({3}), iota({2, 3})); });
        QVERIFY2(msg.contains("output with shape [3] doesn't match the broadcast shape [2, 3]"), qPrintable(msg));
        QVERIFY(errorOf<ShapeError>([] { ops::copy_(iota({3}), iota({2, 3})); }).startsWith("copy_:"));
        QVERIFY(errorOf<TypeError>([] {
                    ops::add_(iota({2}, DType::Int64), 1.5);
                }).contains("result type Float can't be cast to the desired output type Long"));
        QVERIFY(errorOf<TypeError>([] {
                    ops::div_(iota({2}, DType::Int64), iota({2}, DType::Int64));
                }).contains("can't be cast"));
        QVERIFY(errorOf<ShapeError>([] { ops::fill_(iota({2}), iota({2})); }).contains("0-dimension value tensor"));
        QVERIFY(w.storage()->version() == v0 + 7);  // refused writes do not count
    }

    void inPlaceOverlap() {
        const Tensor x = iota({5});
        QVERIFY(errorOf<ValueError>([&] {
                    ops::add_(ops::slice(x, 0, 1, 5), ops::slice(x, 0, 0, 4));
                }).contains("some elements of the input tensor and the written-to tensor refer to a single memory"));
        QVERIFY(errorOf<ValueError>([] {
                    ops::add_(ops::expand(iota({1, 3}), {2, 3}), 1.0);
                }).contains("more than one element of the written-to tensor"));
        // Interleaved slices share no element: the source is read before it could be overwritten.
        const Tensor y = iota({6});
        ops::add_(ops::slice(y, 0, 0, 6, 2), ops::slice(y, 0, 1, 6, 2));
        QCOMPARE(y.toVector<float>(), (std::vector<float>{1, 1, 5, 3, 9, 5}));
        // The same tensor on both sides is fine.
        const Tensor z = iota({3});
        ops::mul_(z, z);
        QCOMPARE(z.toVector<float>(), (std::vector<float>{0, 1, 4}));
        // A transposed destination is written in place.
        const Tensor m = iota({3, 4});
        ops::copy_(ops::transpose(m, 0, 1), iota({4, 3}));
        QCOMPARE(m.toVector<float>(), (std::vector<float>{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}));
    }

    void inPlaceMixedDtype() {
        const Tensor w = iota({3});
        ops::add_(w, iota({3}, DType::Float64, 0, 0.5));
        QCOMPARE(w.dtype(), DType::Float32);
        QCOMPARE(w.toVector<float>(), (std::vector<float>{0, 1.5, 3}));
        const Tensor i = iota({3}, DType::Int64);
        ops::add_(i, true);
        QCOMPARE(i.toVector<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 3}));
    }

    void activations() {
        const Tensor x = iota({7}, DType::Float64, -3, 1);
        const auto xs = x.toVector<double>();
        auto check = [&](const Tensor& y, const std::function<double(double)>& f) {
            const auto ys = y.toVector<double>();
            for (std::size_t k = 0; k < xs.size(); ++k) QVERIFY(std::abs(ys[k] - f(xs[k])) < 1e-12);
        };
        check(ops::sigmoid(x), [](double v) { return 1 / (1 + std::exp(-v)); });
        check(ops::leakyRelu(x, 0.2), [](double v) { return v > 0 ? v : 0.2 * v; });
        check(ops::elu(x, 0.5), [](double v) { return v > 0 ? v : 0.5 * (std::exp(v) - 1); });
        check(ops::gelu(x), [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); });
        check(ops::gelu(x, ops::GeluApproximate::Tanh),
              [](double v) { return 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v))); });
        check(ops::silu(x), [](double v) { return v / (1 + std::exp(-v)); });
        check(ops::softplus(x, 2, 3), [](double v) { return 2 * v > 3 ? v : std::log1p(std::exp(2 * v)) / 2; });
    }

    void deterministicAcrossThreadCounts() {
        const Tensor a = iota({1 << 18}, DType::Float32, -3, 1e-5);
        const Tensor b = ops::transpose(iota({512, 512}, DType::Float32, 1, 1e-4), 0, 1);
        auto run = [&] {
            const Tensor y = ops::add(ops::gelu(ops::view(a, {512, 512})), ops::exp(b), 0.5);
            return y.toVector<float>();
        };
        const int before = kernels::numThreads();
        kernels::setNumThreads(1);
        const auto one = run();
        kernels::setNumThreads(2);
        const auto two = run();
        kernels::setNumThreads(before);
        QVERIFY(one == two);
    }
};

QTEST_APPLESS_MAIN(TestElementwise)
#include "test_elementwise.moc"
