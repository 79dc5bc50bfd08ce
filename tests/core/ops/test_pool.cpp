// max_pool2d, avg_pool2d and adaptive_avg_pool2d: values, indices and gradients equal torch 1.13's
// (the expected numbers below were printed by torch for the same input, see kTorch), errors, zero
// batch, unbatched and non-contiguous inputs, and determinism across thread counts.
#include <QtTest>

#include <map>
#include <sstream>

#include "core/autograd/engine.h"
#include "core/autograd/function.h"
#include "core/autograd/gradcheck.h"
#include "core/kernels/parallel.h"
#include "core/ops/pool.h"
#include "core/ops/view.h"

using namespace tessera;

namespace {

// Printed by /usr/bin/python3 (torch 1.13) for x = (arange(70).reshape(1, 2, 5, 7) * 37 % 23) - 11 in
// float64:
//   max_ceil:       F.max_pool2d(x, 3, 2, 1, 1, True, return_indices=True)
//   max_dil:        F.max_pool2d(x, (2, 3), (1, 2), (1, 0), (2, 1), False, return_indices=True)
//   avg_ceil_nopad: F.avg_pool2d(x, 3, 2, 1, True, False)
//   avg_ceil_pad:   F.avg_pool2d(x, 3, 2, 1, True, True)
//   avg_div:        F.avg_pool2d(x, (2, 3), (2, 1), (1, 1), False, True, 5)
//   adaptive:       F.adaptive_avg_pool2d(x, (3, 4))
//   avg_grad:       x.grad of avg_ceil_nopad(x).sum();  max_grad: of max_ceil(x).pow(2).sum();
//   adaptive_grad:  of adaptive(x).pow(2).sum()
const char* kTorch =
    R"(max_ceil torch.Size([1, 2, 3, 4]) [9.0, 9.0, 8.0, 10.0, 9.0, 9.0, 11.0, 10.0, 7.0, 9.0, 9.0, 8.0, 10.0, 10.0, 6.0, 11.0, 8.0, 10.0, 10.0, 9.0, 11.0, 11.0, 10.0, 6.0]
max_ceil_idx torch.Size([1, 2, 3, 4]) [8, 8, 3, 13, 8, 8, 18, 13, 21, 31, 31, 26, 1, 1, 4, 6, 14, 24, 24, 19, 29, 29, 24, 27]
max_dil torch.Size([1, 2, 5, 3]) [9.0, 5.0, 10.0, 6.0, 11.0, 11.0, 9.0, 5.0, 10.0, 6.0, 11.0, 11.0, 7.0, 3.0, 8.0, 7.0, 7.0, 3.0, 10.0, 6.0, 11.0, 7.0, 10.0, 6.0, 11.0, 7.0, 9.0, 5.0, 10.0, 6.0]
max_dil_idx torch.Size([1, 2, 5, 3]) [8, 11, 13, 16, 18, 18, 8, 11, 13, 16, 18, 18, 21, 24, 26, 9, 9, 12, 1, 4, 6, 9, 24, 27, 29, 32, 19, 22, 24, 27]
avg_ceil_nopad torch.Size([1, 2, 3, 4]) [-1.0, 0.8333333333333334, -1.8333333333333333, 0.0, 0.3333333333333333, -1.6666666666666667, 0.7777777777777778, 1.3333333333333333, -0.25, -0.3333333333333333, 0.8333333333333334, 0.75, 0.25, 0.16666666666666666, -2.5, 1.25, -0.3333333333333333, 0.2222222222222222, 0.1111111111111111, 0.6666666666666666, 1.0, 2.8333333333333335, 0.16666666666666666, -3.75]
avg_ceil_pad torch.Size([1, 2, 3, 4]) [-0.4444444444444444, 0.5555555555555556, -1.2222222222222223, 0.0, 0.2222222222222222, -1.6666666666666667, 0.7777777777777778, 0.8888888888888888, -0.1111111111111111, -0.2222222222222222, 0.5555555555555556, 0.3333333333333333, 0.1111111111111111, 0.1111111111111111, -1.6666666666666667, 0.5555555555555556, -0.2222222222222222, 0.2222222222222222, 0.1111111111111111, 0.4444444444444444, 0.4444444444444444, 1.8888888888888888, 0.1111111111111111, -1.6666666666666667]
avg_div torch.Size([1, 2, 3, 7]) [-1.6, -2.8, 1.0, 0.2, -0.6, -1.4, -1.2, -0.6, 0.6, -1.0, 2.0, 0.4, 3.4, 0.2, -0.2, -3.4, -0.4, -2.0, 1.0, -0.6, 0.6, 1.2, 1.4, 0.6, -0.2, -1.0, 2.8, 1.6, 0.4, -0.2, -1.8, -3.4, -0.4, -2.0, 1.2, 0.8, 0.4, 3.4, 1.8, 0.2, -1.4, -3.0]
adaptive torch.Size([1, 2, 3, 4]) [-1.0, 0.8333333333333334, -1.8333333333333333, 0.0, 0.3333333333333333, -1.6666666666666667, 0.7777777777777778, 1.3333333333333333, -0.25, -0.3333333333333333, 0.8333333333333334, 0.75, 0.25, 0.16666666666666666, -2.5, 1.25, -0.3333333333333333, 0.2222222222222222, 0.1111111111111111, 0.6666666666666666, 1.0, 2.8333333333333335, 0.16666666666666666, -3.75]
avg_grad torch.Size([1, 2, 5, 7]) [0.25, 0.41666666666666663, 0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.41666666666666663, 0.25, 0.41666666666666663, 0.6944444444444444, 0.2777777777777778, 0.5555555555555556, 0.2777777777777778, 0.6944444444444443, 0.41666666666666663, 0.16666666666666666, 0.2777777777777778, 0.1111111111111111, 0.2222222222222222, 0.1111111111111111, 0.2777777777777778, 0.16666666666666666, 0.41666666666666663, 0.6944444444444444, 0.2777777777777778, 0.5555555555555555, 0.2777777777777778, 0.6944444444444444, 0.41666666666666663, 0.25, 0.41666666666666663, 0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.41666666666666663, 0.25, 0.25, 0.41666666666666663, 0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.41666666666666663, 0.25, 0.41666666666666663, 0.6944444444444444, 0.2777777777777778, 0.5555555555555556, 0.2777777777777778, 0.6944444444444443, 0.41666666666666663, 0.16666666666666666, 0.2777777777777778, 0.1111111111111111, 0.2222222222222222, 0.1111111111111111, 0.2777777777777778, 0.16666666666666666, 0.41666666666666663, 0.6944444444444444, 0.2777777777777778, 0.5555555555555555, 0.2777777777777778, 0.6944444444444444, 0.41666666666666663, 0.25, 0.41666666666666663, 0.16666666666666666, 0.3333333333333333, 0.16666666666666666, 0.41666666666666663, 0.25]
max_grad torch.Size([1, 2, 5, 7]) [0.0, 0.0, 0.0, 16.0, 0.0, 0.0, 0.0, 0.0, 72.0, 0.0, 0.0, 0.0, 0.0, 40.0, 0.0, 0.0, 0.0, 0.0, 22.0, 0.0, 0.0, 14.0, 0.0, 0.0, 0.0, 0.0, 16.0, 0.0, 0.0, 0.0, 0.0, 36.0, 0.0, 0.0, 0.0, 0.0, 40.0, 0.0, 0.0, 12.0, 0.0, 22.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 16.0, 0.0, 0.0, 0.0, 0.0, 18.0, 0.0, 0.0, 0.0, 0.0, 60.0, 0.0, 0.0, 12.0, 0.0, 44.0, 0.0, 0.0, 0.0, 0.0, 0.0]
adaptive_grad torch.Size([1, 2, 5, 7]) [-0.5, -0.2222222222222222, 0.2777777777777778, -0.33333333333333326, -0.611111111111111, -0.611111111111111, 0.0, -0.3888888888888889, -0.4814814814814815, -0.09259259259259262, -0.5308641975308642, -0.43827160493827155, 0.006172839506172867, 0.4444444444444444, 0.1111111111111111, -0.2592592592592593, -0.3703703703703704, -0.1975308641975309, 0.1728395061728395, 0.6172839506172839, 0.4444444444444444, -0.013888888888888895, -0.4953703703703704, -0.4814814814814815, -0.030864197530864224, 0.4506172839506173, 1.2700617283950617, 0.8194444444444444, -0.125, -0.2361111111111111, -0.1111111111111111, 0.16666666666666669, 0.2777777777777778, 0.6527777777777778, 0.375, 0.125, 0.18055555555555555, 0.05555555555555555, -0.7777777777777778, -0.8333333333333334, -0.20833333333333337, 0.625, 0.013888888888888895, 0.11882716049382716, 0.10493827160493827, -0.7037037037037037, -0.808641975308642, 0.038580246913580196, 0.8472222222222222, -0.1111111111111111, -0.06172839506172839, 0.04938271604938271, 0.07407407407407407, 0.024691358024691357, 0.24691358024691357, 0.2222222222222222, 0.3888888888888889, 1.3827160493827162, 0.9938271604938272, 1.0740740740740742, 0.08024691358024691, -1.5725308641975309, -1.6527777777777777, 0.5, 1.4444444444444446, 0.9444444444444445, 1.0, 0.05555555555555555, -1.8194444444444444, -1.875]
)";

std::map<std::string, std::vector<double>> torchValues() {
    std::map<std::string, std::vector<double>> out;
    std::istringstream in(kTorch);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto name = line.substr(0, line.find(' '));
        std::vector<double> v;
        std::string list = line.substr(line.find('[', line.find(')')) + 1);
        for (char& c : list)
            if (c == ',' || c == ']') c = ' ';
        std::istringstream values(list);
        for (double d; values >> d;) v.push_back(d);
        out[name] = v;
    }
    return out;
}

Tensor input() {
    std::vector<double> v(70);
    for (int i = 0; i < 70; ++i) v[i] = static_cast<double>(i * 37 % 23) - 11;
    return Tensor::fromVector<double>(v, {1, 2, 5, 7});
}

QString message(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestPool : public QObject {
    Q_OBJECT
private slots:
    void valuesMatchTorch() {
        const auto t = torchValues();
        const Tensor x = input();
        auto [v1, i1] = ops::maxPool2dWithIndices(x, {3}, {2}, {1}, {1}, true);
        QCOMPARE(v1.sizes(), (Shape{1, 2, 3, 4}));
        QCOMPARE(v1.toVector<double>(), t.at("max_ceil"));
        QCOMPARE(i1.dtype(), DType::Int64);
        QCOMPARE(i1.toVector<double>(), t.at("max_ceil_idx"));
        auto [v2, i2] = ops::maxPool2dWithIndices(x, {2, 3}, {1, 2}, {1, 0}, {2, 1}, false);
        QCOMPARE(v2.sizes(), (Shape{1, 2, 5, 3}));
        QCOMPARE(v2.toVector<double>(), t.at("max_dil"));
        QCOMPARE(i2.toVector<double>(), t.at("max_dil_idx"));
        auto close = [](const std::vector<double>& a, const std::vector<double>& b) {
            if (a.size() != b.size()) return false;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (std::abs(a[i] - b[i]) > 1e-12 * (1 + std::abs(b[i]))) return false;
            return true;
        };
        QVERIFY(close(ops::avgPool2d(x, {3}, {2}, {1}, true, false).toVector<double>(), t.at("avg_ceil_nopad")));
        QVERIFY(close(ops::avgPool2d(x, {3}, {2}, {1}, true, true).toVector<double>(), t.at("avg_ceil_pad")));
        QVERIFY(close(ops::avgPool2d(x, {2, 3}, {2, 1}, {1, 1}, false, true, 5).toVector<double>(), t.at("avg_div")));
        QVERIFY(close(ops::adaptiveAvgPool2d(x, {3, 4}).toVector<double>(), t.at("adaptive")));
        QCOMPARE(ops::adaptiveAvgPool2d(x, {3, -1}).sizes(), (Shape{1, 2, 3, 7}));
    }

    void gradientsMatchTorch() {
        const auto t = torchValues();
        auto close = [](const Tensor& a, const std::vector<double>& b) {
            const auto v = a.toVector<double>();
            if (v.size() != b.size()) return false;
            for (std::size_t i = 0; i < v.size(); ++i)
                if (std::abs(v[i] - b[i]) > 1e-12 * (1 + std::abs(b[i]))) return false;
            return true;
        };
        auto ones = [](const Shape& s) {
            return Tensor::fromVector<double>(std::vector<double>(shapeNumel(s), 1.0), s);
        };
        auto twice = [](const Tensor& y) {
            auto v = y.toVector<double>();
            for (auto& e : v) e *= 2;
            return Tensor::fromVector<double>(v, y.sizes());
        };
        {
            Tensor x = input();
            x.setRequiresGrad(true);
            Tensor y = ops::avgPool2d(x, {3}, {2}, {1}, true, false);
            QCOMPARE(QString::fromLatin1(y.gradFn()->name()), QString("AvgPool2DBackward0"));
            autograd::backward({y}, {ones(y.sizes())});
            QVERIFY(close(x.grad(), t.at("avg_grad")));
        }
        {
            Tensor x = input();
            x.setRequiresGrad(true);
            Tensor y = ops::maxPool2d(x, {3}, {2}, {1}, {1}, true);
            QCOMPARE(QString::fromLatin1(y.gradFn()->name()), QString("MaxPool2DWithIndicesBackward0"));
            autograd::backward({y}, {twice(y)});
            QVERIFY(close(x.grad(), t.at("max_grad")));
        }
        {
            Tensor x = input();
            x.setRequiresGrad(true);
            Tensor y = ops::adaptiveAvgPool2d(x, {3, 4});
            QCOMPARE(QString::fromLatin1(y.gradFn()->name()), QString("AdaptiveAvgPool2DBackward0"));
            autograd::backward({y}, {twice(y)});
            QVERIFY(close(x.grad(), t.at("adaptive_grad")));
        }
    }

    void unbatchedNonContiguousAndEmpty() {
        const Tensor x = input();
        Tensor u = ops::select(x, 0, 0);
        QCOMPARE(ops::maxPool2d(u, {2}).sizes(), (Shape{2, 2, 3}));
        QCOMPARE(ops::maxPool2d(u, {2}).toVector<double>(), ops::maxPool2d(x, {2}).toVector<double>());
        Tensor tr = ops::transpose(x, 2, 3);
        QVERIFY(!tr.isContiguous());
        QCOMPARE(ops::avgPool2d(tr, {2}).toVector<double>(),
                 ops::avgPool2d(ops::contiguous(tr), {2}).toVector<double>());
        QCOMPARE(ops::maxPool2d(Tensor::empty({0, 2, 4, 4}), {2}).sizes(), (Shape{0, 2, 2, 2}));
        QCOMPARE(ops::avgPool2d(Tensor::empty({0, 2, 4, 4}), {2}).sizes(), (Shape{0, 2, 2, 2}));
        QCOMPARE(ops::adaptiveAvgPool2d(Tensor::empty({0, 2, 4, 4}), {3}).sizes(), (Shape{0, 2, 3, 3}));
    }

    void nanWins() {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        Tensor x = Tensor::fromVector<double>({1, nan, 3, 2}, {1, 2, 2});
        auto [v, i] = ops::maxPool2dWithIndices(x, {2});
        QVERIFY(std::isnan(v.item<double>()));
        QCOMPARE(i.item<std::int64_t>(), std::int64_t{1});
    }

    void errors() {
        QVERIFY(message([] {
                    ops::maxPool2d(Tensor::empty({1, 4, 4}), {3}, {}, {2});
                }).contains("max_pool2d: pad should be at most half of kernel size"));
        QVERIFY(message([] {
                    ops::maxPool2d(Tensor::empty({1, 2, 2}), {3});
                }).contains("Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small"));
        QVERIFY(message([] { ops::avgPool2d(Tensor::empty({1, 2, 2}), {3}); }).contains("Output size is too small"));
        QVERIFY(message([] {
                    ops::maxPool2d(Tensor::empty({2, 2}), {1});
                }).contains("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input"));
        QVERIFY(message([] { ops::maxPool2d(Tensor::empty({2, 0, 4, 4}), {1}); }).contains("but got: [2, 0, 4, 4]"));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::maxPool2d(Tensor::empty({1, 4, 4}), {0}));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::maxPool2d(Tensor::empty({1, 4, 4}), {2}, {0}));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::maxPool2d(Tensor::empty({1, 4, 4}), {2}, {}, {0}, {0}));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::maxPool2d(Tensor::empty({1, 4, 4}), {2, 2, 2}));
        QVERIFY_THROWS_EXCEPTION(TypeError, ops::maxPool2d(Tensor::empty({1, 4, 4}, DType::Int64), {2}));
        QVERIFY(message([] {
                    ops::avgPool2d(Tensor::empty({1, 4, 4}), {2}, {}, {0}, false, true, 0);
                }).contains("avg_pool2d: divisor must be not zero"));
        QVERIFY_THROWS_EXCEPTION(ValueError, ops::adaptiveAvgPool2d(Tensor::empty({1, 4, 4}), {1, 2, 3}));
        QVERIFY_THROWS_EXCEPTION(ShapeError, ops::adaptiveAvgPool2d(Tensor::empty({4, 4}), {1}));
    }

    void deterministicAcrossThreads() {
        std::vector<float> v(8 * 16 * 30 * 30);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7919) % 1000) / 7.0f;
        Tensor x = Tensor::fromVector<float>(v, {8, 16, 30, 30});
        const int before = kernels::numThreads();
        kernels::setNumThreads(1);
        const auto a1 = ops::avgPool2d(x, {3}, {2}, {1}, true, false).toVector<float>();
        const auto m1 = ops::maxPool2d(x, {3}, {2}, {1}).toVector<float>();
        kernels::setNumThreads(2);
        QCOMPARE(ops::avgPool2d(x, {3}, {2}, {1}, true, false).toVector<float>(), a1);
        QCOMPARE(ops::maxPool2d(x, {3}, {2}, {1}).toVector<float>(), m1);
        kernels::setNumThreads(before);
    }

    void gradcheckAndGradgradcheck() {
        using autograd::TensorList;
        // Distinct values, so no max is tied within a finite-difference step.
        std::vector<double> v(2 * 3 * 6 * 7);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>((i * 97) % v.size()) / 10.0;
        Tensor x = Tensor::fromVector<double>(v, {2, 3, 6, 7});
        x.setRequiresGrad(true);
        auto check = [&](const autograd::DifferentiableFn& f) {
            auto r = autograd::gradcheck(f, {x});
            QVERIFY2(r.ok, r.message.c_str());
            auto rr = autograd::gradgradcheck(f, {x});
            QVERIFY2(rr.ok, rr.message.c_str());
        };
        check([](const TensorList& in) { return TensorList{ops::maxPool2d(in[0], {3}, {2}, {1}, {1}, true)}; });
        check([](const TensorList& in) { return TensorList{ops::maxPool2d(in[0], {2, 3}, {1, 2}, {1, 0}, {2, 1})}; });
        check([](const TensorList& in) { return TensorList{ops::avgPool2d(in[0], {3}, {2}, {1}, true, false)}; });
        check([](const TensorList& in) {
            return TensorList{ops::avgPool2d(in[0], {2, 3}, {2, 1}, {1, 1}, false, true, 5)};
        });
        check([](const TensorList& in) { return TensorList{ops::adaptiveAvgPool2d(in[0], {4, 3})}; });
    }
};

QTEST_APPLESS_MAIN(TestPool)
#include "test_pool.moc"
