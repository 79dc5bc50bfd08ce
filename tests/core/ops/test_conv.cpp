// conv1d / conv2d against a naive direct convolution in double: shapes, every parameter, both kernel
// paths (direct and im2col + GEMM), errors, zero sizes, determinism across thread counts, and the
// backward kernels (input, weight, bias) against the same reference.
#include <QtTest>

#include <cmath>
#include <random>

#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/kernels/conv.h"
#include "core/kernels/parallel.h"
#include "core/ops/conv.h"
#include "core/ops/view.h"

using namespace tessera;

namespace {

Tensor randomTensor(const Shape& sizes, DType dtype, unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<double> dist;
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(sizes)));
    for (auto& e : v) e = dist(gen);
    return ops::to(Tensor::fromVector<double>(v, sizes), dtype);
}

struct Conf {
    std::int64_t n, c, h, w, cout, kh, kw;
    std::int64_t sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1, groups = 1;
    bool bias = true;
};

std::int64_t outSize(std::int64_t in, std::int64_t k, std::int64_t s, std::int64_t p, std::int64_t d) {
    return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

// out[n][oc][oy][ox] = b[oc] + Σ x[n][g·cg + ic][oy·sh − ph + ky·dh][ox·sw − pw + kx·dw] · w[oc][ic][ky][kx]
std::vector<double> naiveConv(const Conf& f, const std::vector<double>& x, const std::vector<double>& w,
                              const std::vector<double>& b) {
    const auto oh = outSize(f.h, f.kh, f.sh, f.ph, f.dh), ow = outSize(f.w, f.kw, f.sw, f.pw, f.dw);
    const auto cg = f.c / f.groups, coutg = f.cout / f.groups;
    std::vector<double> out(static_cast<std::size_t>(f.n * f.cout * oh * ow));
    for (std::int64_t n = 0; n < f.n; ++n)
        for (std::int64_t oc = 0; oc < f.cout; ++oc)
            for (std::int64_t oy = 0; oy < oh; ++oy)
                for (std::int64_t ox = 0; ox < ow; ++ox) {
                    double s = f.bias ? b[oc] : 0.0;
                    const auto grp = oc / coutg;
                    for (std::int64_t ic = 0; ic < cg; ++ic)
                        for (std::int64_t ky = 0; ky < f.kh; ++ky)
                            for (std::int64_t kx = 0; kx < f.kw; ++kx) {
                                const auto iy = oy * f.sh - f.ph + ky * f.dh, ix = ox * f.sw - f.pw + kx * f.dw;
                                if (iy < 0 || iy >= f.h || ix < 0 || ix >= f.w) continue;
                                s += x[((n * f.c + grp * cg + ic) * f.h + iy) * f.w + ix] *
                                     w[((oc * cg + ic) * f.kh + ky) * f.kw + kx];
                            }
                    out[((n * f.cout + oc) * oh + oy) * ow + ox] = s;
                }
    return out;
}

void expectClose(const std::vector<double>& got, const std::vector<double>& want, double tol, const char* what) {
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (std::abs(got[i] - want[i]) > tol * (1 + std::abs(want[i])))
            QFAIL(qPrintable(QString("%1: element %2 is %3, expected %4").arg(what).arg(i).arg(got[i]).arg(want[i])));
}

void checkConf(const Conf& f, DType dtype) {
    const double tol = dtype == DType::Float32 ? 1e-4 : 1e-11;
    Tensor x = randomTensor({f.n, f.c, f.h, f.w}, dtype, 1);
    Tensor w = randomTensor({f.cout, f.c / f.groups, f.kh, f.kw}, dtype, 2);
    Tensor b = f.bias ? randomTensor({f.cout}, dtype, 3) : Tensor();
    Tensor y = ops::conv2d(x, w, b, {f.sh, f.sw}, {f.ph, f.pw}, {f.dh, f.dw}, f.groups);
    const auto want =
        naiveConv(f, x.toVector<double>(), w.toVector<double>(), f.bias ? b.toVector<double>() : std::vector<double>{});
    QCOMPARE(y.sizes(),
             (Shape{f.n, f.cout, outSize(f.h, f.kh, f.sh, f.ph, f.dh), outSize(f.w, f.kw, f.sw, f.pw, f.dw)}));
    QCOMPARE(y.dtype(), dtype);
    expectClose(y.toVector<double>(), want, tol, "conv2d");
}

// Σ over all elements of a·b: the adjoint test of the backward kernels.
double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

std::vector<Conf> confs() {
    return {
        {2, 1, 28, 28, 8, 3, 3, 1, 1, 1, 1},                // the benchmark shape, small batch
        {3, 8, 13, 29, 16, 3, 3, 1, 1, 1, 1},               // odd widths, two channel blocks
        {2, 3, 9, 40, 5, 2, 4, 1, 1, 0, 2},                 // asymmetric kernel and padding
        {2, 4, 11, 33, 6, 3, 3, 2, 1, 1, 1, 1, 2, 2},       // row stride, dilation, groups
        {1, 6, 10, 10, 9, 3, 2, 2, 2, 1, 0, 2, 1, 3},       // column stride: im2col path
        {2, 2, 7, 5, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, false},  // narrow rows: im2col path, no bias
        {1, 4, 6, 70, 12, 1, 5, 1, 3, 0, 2, 1, 2, 4},       // wide rows, column stride
        {2, 16, 5, 17, 33, 3, 3, 1, 1, 1, 1},               // channel count not a multiple of the block
    };
}

}  // namespace

class TestConv : public QObject {
    Q_OBJECT
private slots:
    void forwardMatchesNaive() {
        for (const auto& f : confs()) {
            checkConf(f, DType::Float32);
            checkConf(f, DType::Float64);
        }
    }

    // The AVX2 and SSE variants of the direct kernels, whatever the CPU running the tests prefers.
    void everyInstructionSet() {
        const kernels::Isa best = kernels::convIsa();
        for (auto isa : {kernels::Isa::Baseline, kernels::Isa::Avx2, kernels::Isa::Avx512}) {
            kernels::setConvIsa(isa);
            for (const auto& f : confs()) {
                checkConf(f, DType::Float32);
                checkConf(f, DType::Float64);
            }
            backwardKernelsAreAdjoint();
        }
        kernels::setConvIsa(best);
        QCOMPARE(kernels::convIsa(), best);
    }

    void conv1dMatchesNaive() {
        for (auto [stride, pad, dil, groups] :
             std::vector<std::array<std::int64_t, 4>>{{1, 0, 1, 1}, {1, 2, 1, 2}, {2, 1, 2, 1}, {3, 3, 1, 4}}) {
            Tensor x = randomTensor({3, 4, 37}, DType::Float64, 4);
            Tensor w = randomTensor({8, 4 / groups, 3}, DType::Float64, 5);
            Tensor b = randomTensor({8}, DType::Float64, 6);
            Tensor y = ops::conv1d(x, w, b, {stride}, {pad}, {dil}, groups);
            Conf f{3, 4, 1, 37, 8, 1, 3, 1, stride, 0, pad, 1, dil, groups};
            const auto want = naiveConv(f, x.toVector<double>(), w.toVector<double>(), b.toVector<double>());
            QCOMPARE(y.sizes(), (Shape{3, 8, outSize(37, 3, stride, pad, dil)}));
            expectClose(y.toVector<double>(), want, 1e-11, "conv1d");
        }
    }

    void unbatchedAndNonContiguous() {
        Tensor x = randomTensor({3, 10, 12}, DType::Float32, 7);
        Tensor w = randomTensor({4, 3, 3, 3}, DType::Float32, 8);
        Tensor y = ops::conv2d(x, w, {}, {1}, {1});
        QCOMPARE(y.sizes(), (Shape{4, 10, 12}));
        Tensor yb = ops::conv2d(ops::unsqueeze(x, 0), w, {}, {1}, {1});
        QCOMPARE(y.toVector<float>(), yb.toVector<float>());
        // A transposed (non-contiguous) input gives the same values as its contiguous copy.
        Tensor xt = ops::transpose(randomTensor({2, 12, 3, 10}, DType::Float32, 9), 1, 2);
        QVERIFY(!xt.isContiguous());
        QCOMPARE(ops::conv2d(xt, w).toVector<float>(), ops::conv2d(ops::contiguous(xt), w).toVector<float>());
        Tensor l = randomTensor({5, 20}, DType::Float64, 10);
        Tensor k = randomTensor({2, 5, 4}, DType::Float64, 11);
        QCOMPARE(ops::conv1d(l, k).sizes(), (Shape{2, 17}));
    }

    // padding='same' with an even kernel pads one more element after than before (torch's rule).
    void paddingSame() {
        Tensor x = randomTensor({2, 3, 9, 30}, DType::Float64, 40);
        Tensor w = randomTensor({4, 3, 2, 4}, DType::Float64, 41);
        Tensor y = ops::conv2d(x, w, {}, {1}, ops::ConvPadding::Same, {2, 1});
        QCOMPARE(y.sizes(), (Shape{2, 4, 9, 30}));
        // Rows: total padding 2·(2 − 1) = 2, one each side. Columns: total 3, so padding 1 on a copy of x
        // with one more zero column at the right.
        std::vector<double> big(2 * 3 * 9 * 31, 0.0);
        const auto xv = x.toVector<double>();
        for (int p = 0; p < 6; ++p)
            for (int r = 0; r < 9; ++r)
                for (int c = 0; c < 30; ++c) big[(p * 9 + r) * 31 + c] = xv[(p * 9 + r) * 30 + c];
        Conf f{2, 3, 9, 31, 4, 2, 4, 1, 1, 1, 1, 2, 1};
        f.bias = false;
        expectClose(y.toVector<double>(), naiveConv(f, big, w.toVector<double>(), {}), 1e-11, "padding same");
        QCOMPARE(ops::conv2d(x, w, {}, {1}, ops::ConvPadding::Valid).sizes(), (Shape{2, 4, 8, 27}));
        QCOMPARE(ops::conv1d(ops::select(x, 2, 0), ops::select(w, 2, 0), {}, {1}, ops::ConvPadding::Same).sizes(),
                 (Shape{2, 4, 30}));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::conv2d(x, w, {}, {2}, ops::ConvPadding::Same));
        x.setRequiresGrad(true);
        w.setRequiresGrad(true);
        auto r = autograd::gradcheck(
            [](const autograd::TensorList& in) {
                return autograd::TensorList{ops::conv2d(in[0], in[1], {}, {1}, ops::ConvPadding::Same, {2, 1})};
            },
            {ops::slice(x, 3, 0, 9), w});
        QVERIFY2(r.ok, r.message.c_str());
    }

    void zeroSizes() {
        Tensor w = randomTensor({8, 4, 3, 3}, DType::Float32, 12);
        Tensor y = ops::conv2d(Tensor::empty({0, 4, 5, 5}), w);
        QCOMPARE(y.sizes(), (Shape{0, 8, 3, 3}));
        // No input channels: the output is the bias.
        Tensor b = randomTensor({8}, DType::Float32, 13);
        Tensor z = ops::conv2d(Tensor::empty({2, 0, 5, 5}), Tensor::empty({8, 0, 3, 3}), b);
        QCOMPARE(z.sizes(), (Shape{2, 8, 3, 3}));
        QCOMPARE(z.toVector<float>()[9], b.toVector<float>()[1]);
    }

    void errors() {
        auto message = [](auto&& f) -> QString {
            try {
                f();
            } catch (const Error& e) {
                return e.what();
            }
            return {};
        };
        Tensor x = randomTensor({64, 1, 28, 28}, DType::Float32, 14);
        QVERIFY(message([&] {
                    ops::conv2d(x, Tensor::empty({8, 2, 3, 3}));
                })
                    .contains("conv2d: Given groups=1, weight of size [8, 2, 3, 3], expected input[64, 1, 28, 28] "
                              "to have 2 channels, but got 1 channels instead"));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ops::conv2d(x, Tensor::empty({8, 2, 3, 3})));
        QVERIFY(message([&] {
                    ops::conv2d(Tensor::empty({1, 4, 2, 2}), Tensor::empty({8, 4, 3, 3}));
                })
                    .contains("Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size "
                              "can't be greater than actual input size"));
        QVERIFY(message([&] {
                    ops::conv2d(Tensor::empty({1, 4, 5, 5, 5}), Tensor::empty({8, 4, 3, 3}));
                })
                    .contains("Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [1, 4, "
                              "5, 5, 5]"));
        QVERIFY(message([&] {
                    ops::conv1d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3}));
                }).contains("Expected 2D (unbatched) or 3D (batched) input to conv1d"));
        QVERIFY(message([&] {
                    ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {1}, {0}, {1}, 3);
                }).contains("Given groups=3, expected weight to be divisible by 3 at dimension 0"));
        QVERIFY(message([&] {
                    ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), Tensor::empty({7}));
                }).contains("expected bias to be 1-dimensional with 8 elements, but got bias of size [7] instead"));
        QVERIFY_THROWS_EXCEPTION(ValueError,
                                 ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {0}));
        QVERIFY_THROWS_EXCEPTION(ValueError,
                                 ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {1}, {-1}));
        QVERIFY_THROWS_EXCEPTION(
            ValueError, ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {1}, {0}, {0}));
        QVERIFY_THROWS_EXCEPTION(
            ValueError, ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {1}, {0}, {1}, 0));
        QVERIFY_THROWS_EXCEPTION(ValueError,
                                 ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}), {}, {1, 1, 1}));
        QVERIFY_THROWS_EXCEPTION(TypeError,
                                 ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3, 3}, DType::Float64)));
        QVERIFY_THROWS_EXCEPTION(TypeError, ops::conv2d(Tensor::empty({1, 4, 5, 5}, DType::Int64),
                                                        Tensor::empty({8, 4, 3, 3}, DType::Int64)));
        QVERIFY(message([&] {
                    ops::conv2d(Tensor::empty({1, 4, 5, 5}), Tensor::empty({8, 4, 3}));
                }).contains("expected weight to be 4-dimensional, but got weight of size [8, 4, 3]"));
    }

    void deterministicAcrossThreads() {
        const int before = kernels::numThreads();
        for (const auto& f : {Conf{5, 8, 28, 28, 16, 3, 3, 1, 1, 1, 1}, Conf{3, 6, 14, 14, 8, 3, 3, 2, 2, 1, 1}}) {
            Tensor x = randomTensor({f.n, f.c, f.h, f.w}, DType::Float32, 15);
            Tensor w = randomTensor({f.cout, f.c, f.kh, f.kw}, DType::Float32, 16);
            Tensor b = randomTensor({f.cout}, DType::Float32, 17);
            const Shape stride{f.sh, f.sw}, pad{f.ph, f.pw};
            kernels::setNumThreads(1);
            const auto one = ops::conv2d(x, w, b, stride, pad).toVector<float>();
            kernels::setNumThreads(2);
            const auto two = ops::conv2d(x, w, b, stride, pad).toVector<float>();
            QCOMPARE(one, two);
        }
        kernels::setNumThreads(before);
    }

    // <conv(x, w), g> = <x, convBackwardInput(g, w)> = <w, convBackwardWeight(g, x)>, and the bias
    // gradient is the sum of g: checked against the naive convolution.
    void backwardKernelsAreAdjoint() {
        for (const auto& f0 : confs()) {
            Conf f = f0;
            f.bias = false;
            const auto oh = outSize(f.h, f.kh, f.sh, f.ph, f.dh), ow = outSize(f.w, f.kw, f.sw, f.pw, f.dw);
            Tensor x = randomTensor({f.n, f.c, f.h, f.w}, DType::Float64, 18);
            Tensor w = randomTensor({f.cout, f.c / f.groups, f.kh, f.kw}, DType::Float64, 19);
            Tensor g = randomTensor({f.n, f.cout, oh, ow}, DType::Float64, 20);
            kernels::ConvParams p{f.sh, f.sw, f.ph, f.pw, f.dh, f.dw, f.groups};
            Tensor gx = Tensor::empty(x.sizes(), DType::Float64);
            Tensor gw = Tensor::empty(w.sizes(), DType::Float64);
            Tensor gb = Tensor::empty({f.cout}, DType::Float64);
            kernels::convBackwardInput(gx, g, w, p);
            kernels::convBackwardWeight(gw, g, x, p);
            kernels::convBackwardBias(gb, g);
            const auto y = naiveConv(f, x.toVector<double>(), w.toVector<double>(), {});
            const double want = dot(y, g.toVector<double>());
            QVERIFY(std::abs(dot(x.toVector<double>(), gx.toVector<double>()) - want) < 1e-9 * (1 + std::abs(want)));
            QVERIFY(std::abs(dot(w.toVector<double>(), gw.toVector<double>()) - want) < 1e-9 * (1 + std::abs(want)));
            // Element-wise: perturbing one input element by 1 changes <y, g> by gx at that element.
            auto xv = x.toVector<double>();
            xv[7 % xv.size()] += 1;
            const double bumped = dot(naiveConv(f, xv, w.toVector<double>(), {}), g.toVector<double>());
            QVERIFY(std::abs((bumped - want) - gx.toVector<double>()[7 % xv.size()]) < 1e-9);
            const auto gv = g.toVector<double>();
            double s0 = 0;
            for (std::int64_t n = 0; n < f.n; ++n)
                for (std::int64_t i = 0; i < oh * ow; ++i) s0 += gv[(n * f.cout) * oh * ow + i];
            QVERIFY(std::abs(gb.toVector<double>()[0] - s0) < 1e-10);
        }
    }

    void gradcheckAndGradgradcheck() {
        using autograd::TensorList;
        auto leaf = [](const Shape& s, unsigned seed) {
            Tensor t = randomTensor(s, DType::Float64, seed);
            t.setRequiresGrad(true);
            return t;
        };
        auto check = [](const autograd::DifferentiableFn& f, const TensorList& in) {
            auto r = autograd::gradcheck(f, in);
            QVERIFY2(r.ok, r.message.c_str());
            auto rr = autograd::gradgradcheck(f, in);
            QVERIFY2(rr.ok, rr.message.c_str());
        };
        // Direct path (wide rows), with bias.
        check([](const TensorList& in) { return TensorList{ops::conv2d(in[0], in[1], in[2], {1}, {1})}; },
              {leaf({2, 2, 3, 10}, 30), leaf({3, 2, 2, 3}, 31), leaf({3}, 32)});
        // im2col path: column stride, dilation, groups, asymmetric padding.
        check(
            [](const TensorList& in) {
                return TensorList{ops::conv2d(in[0], in[1], in[2], {2, 2}, {1, 0}, {1, 2}, 2)};
            },
            {leaf({2, 4, 5, 6}, 33), leaf({4, 2, 2, 2}, 34), leaf({4}, 35)});
        // conv1d, unbatched, no bias.
        check([](const TensorList& in) { return TensorList{ops::conv1d(in[0], in[1], {}, {2}, {1})}; },
              {leaf({3, 9}, 36), leaf({2, 3, 3}, 37)});
        Tensor x = leaf({1, 2, 4, 4}, 38), w = leaf({3, 2, 3, 3}, 39);
        QCOMPARE(QString::fromLatin1(ops::conv2d(x, w).gradFn()->name()), QString("ConvolutionBackward0"));
    }
};

QTEST_APPLESS_MAIN(TestConv)
#include "test_conv.moc"
