// The fused LSTM/GRU forward (Note [Fused RNN cell]), taken when no graph is recorded, agrees with the
// op-by-op forward that autograd records for every layout and option the layers have (float: to a few
// ulp, through the four-lane σ and tanh); the cell kernels against the scalar formulas; tanhInto at its
// special values and against std::tanh.
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

#include "core/autograd/grad_mode.h"
#include "core/kernels/fast_exp.h"
#include "core/kernels/rnn_cell.h"
#include "core/nn/gru.h"
#include "core/nn/lstm.h"
#include "core/tensor/factory.h"

using namespace tessera;

namespace {

struct Case {
    const char* name;
    nn::RnnBase::Options options;
    bool initialStates;
    bool unbatched;
};

const Case kCases[] = {
    {"one layer", {.inputSize = 5, .hiddenSize = 7}, false, false},
    {"two layers, bidirectional, batch first, given states",
     {.inputSize = 5, .hiddenSize = 6, .numLayers = 2, .batchFirst = true, .bidirectional = true},
     true,
     false},
    {"no bias", {.inputSize = 3, .hiddenSize = 9, .bias = false}, true, false},
    {"unbatched", {.inputSize = 4, .hiddenSize = 8}, false, true},
};

std::vector<Tensor> inputsFor(const Case& c, std::int64_t states, Generator& gen) {
    const std::int64_t steps = 6, batch = 3, d = c.options.bidirectional ? 2 : 1;
    std::vector<Tensor> out;
    out.push_back(c.unbatched ? randn({steps, c.options.inputSize}, DType::Float32, &gen)
                              : randn({c.options.batchFirst ? batch : steps, c.options.batchFirst ? steps : batch,
                                       c.options.inputSize},
                                      DType::Float32, &gen));
    for (std::int64_t s = 0; s < states; ++s)
        out.push_back(c.initialStates
                          ? randn({c.options.numLayers * d, batch, c.options.hiddenSize}, DType::Float32, &gen)
                          : Tensor());
    return out;
}

void compareBits(const Tensor& fused, const Tensor& reference, const char* what) {
    QVERIFY2(!fused.requiresGrad(), what);
    QVERIFY2(reference.requiresGrad(), what);
    QCOMPARE(fused.sizes(), reference.sizes());
    const auto a = fused.toVector<float>(), b = reference.toVector<float>();
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
    QVERIFY2(worst < 2e-6, (std::string(what) + ": max difference " + std::to_string(worst)).c_str());
}

std::vector<double> uniform(std::size_t n, double lo, double hi, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(n);
    for (auto& x : v) x = dist(rng);
    return v;
}

std::vector<float> toFloat(const std::vector<double>& v) { return {v.begin(), v.end()}; }

double sigmoidRef(double v) { return 1.0 / (1.0 + std::exp(-v)); }

}  // namespace

class TestRnnFused : public QObject {
    Q_OBJECT
private slots:
    void lstmMatchesTheRecordedForward() {
        for (const Case& c : kCases) {
            Generator gen(1);
            nn::LSTM lstm(c.options, gen);
            const auto in = inputsFor(c, 2, gen);
            const auto reference = lstm.forward(in[0], in[1], in[2]);
            autograd::NoGradGuard noGrad;
            const auto fused = lstm.forward(in[0], in[1], in[2]);
            compareBits(fused.output, reference.output, c.name);
            compareBits(fused.h, reference.h, c.name);
            compareBits(fused.c, reference.c, c.name);
        }
    }

    void gruMatchesTheRecordedForward() {
        for (const Case& c : kCases) {
            Generator gen(2);
            nn::GRU gru(c.options, gen);
            const auto in = inputsFor(c, 1, gen);
            const auto reference = gru.forward(in[0], in[1]);
            autograd::NoGradGuard noGrad;
            const auto fused = gru.forward(in[0], in[1]);
            compareBits(fused.output, reference.output, c.name);
            compareBits(fused.h, reference.h, c.name);
        }
    }

    void lstmWithProjectionKeepsTheOpPath() {
        Generator gen(3);
        nn::LSTM lstm({.inputSize = 4, .hiddenSize = 8, .projSize = 3}, gen);
        const Tensor x = randn({5, 2, 4}, DType::Float32, &gen);
        const auto reference = lstm.forward(x, Tensor(), Tensor());
        autograd::NoGradGuard noGrad;
        const auto fused = lstm.forward(x, Tensor(), Tensor());
        compareBits(fused.output, reference.output, "proj_size");
        QCOMPARE(fused.h.size(2), std::int64_t(3));
    }

    // double: the scalar formulas of the op-by-op step, bit for bit; float (hidden 70: a full chunk and a
    // tail): within a few ulp of the double cell.
    void lstmCellKernel() {
        const std::int64_t batch = 3, hidden = 70;
        const auto hh = uniform(batch * 4 * hidden, -4, 4, 1), xg = uniform(batch * 4 * hidden, -4, 4, 2);
        auto c = uniform(batch * hidden, -2, 2, 3);
        std::vector<double> expectC = c, expectH(c.size()), h(c.size());
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t j = 0; j < hidden; ++j) {
                auto gate = [&](int q) {
                    return hh[b * 4 * hidden + q * hidden + j] + xg[b * 4 * hidden + q * hidden + j];
                };
                const double cNew =
                    sigmoidRef(gate(1)) * expectC[b * hidden + j] + sigmoidRef(gate(0)) * std::tanh(gate(2));
                expectC[b * hidden + j] = cNew;
                expectH[b * hidden + j] = sigmoidRef(gate(3)) * std::tanh(cNew);
            }
        auto cf = toFloat(c);
        std::vector<float> hf(c.size());
        kernels::lstmCell<double>(hh.data(), xg.data(), c.data(), h.data(), batch, hidden);
        QVERIFY(c == expectC);
        QVERIFY(h == expectH);
        kernels::lstmCell<float>(toFloat(hh).data(), toFloat(xg).data(), cf.data(), hf.data(), batch, hidden);
        for (std::size_t i = 0; i < h.size(); ++i) {
            QVERIFY(std::abs(hf[i] - expectH[i]) < 1e-6);
            QVERIFY(std::abs(cf[i] - expectC[i]) < 2e-6);
        }
    }

    void gruCellKernel() {
        const std::int64_t batch = 2, hidden = 70;
        const auto hh = uniform(batch * 3 * hidden, -4, 4, 4), xg = uniform(batch * 3 * hidden, -4, 4, 5);
        const auto h = uniform(batch * hidden, -1, 1, 6);
        std::vector<double> expect(h.size()), out(h.size());
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t j = 0; j < hidden; ++j) {
                const double* hr = hh.data() + b * 3 * hidden;
                const double* xr = xg.data() + b * 3 * hidden;
                const double reset = sigmoidRef(hr[j] + xr[j]);
                const double update = sigmoidRef(hr[hidden + j] + xr[hidden + j]);
                const double cand = std::tanh(xr[2 * hidden + j] + hr[2 * hidden + j] * reset);
                expect[b * hidden + j] = (h[b * hidden + j] - cand) * update + cand;
            }
        kernels::gruCell<double>(hh.data(), xg.data(), h.data(), out.data(), batch, hidden);
        QVERIFY(out == expect);
        auto hf = toFloat(h);
        kernels::gruCell<float>(toFloat(hh).data(), toFloat(xg).data(), hf.data(), hf.data(), batch,
                                hidden);  // in place
        for (std::size_t i = 0; i < h.size(); ++i) QVERIFY(std::abs(hf[i] - expect[i]) < 1e-6);
    }

    // The float cell of the active path (TESSERA_ISA: 4, 8 or 16 lanes) gives, element by element, the bits
    // of the four-lane σ and tanh applied one value at a time, so every path agrees bit for bit.
    void floatCellIsTheSameOnEveryPath() {
        using kernels::detail::Float4;
        auto sigmoid = [](float v) { return kernels::detail::sigmoid4(Float4{} + v)[0]; };
        auto tanh = [](float v) { return kernels::detail::tanh4(Float4{} + v)[0]; };
        const std::int64_t batch = 3, hidden = 75;
        const auto hh = toFloat(uniform(batch * 4 * hidden, -6, 6, 7)),
                   xg = toFloat(uniform(batch * 4 * hidden, -6, 6, 8));
        auto c = toFloat(uniform(batch * hidden, -2, 2, 9));
        std::vector<float> expectC = c, expectH(c.size()), h(c.size());
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t j = 0; j < hidden; ++j) {
                auto gate = [&](int q) {
                    return hh[b * 4 * hidden + q * hidden + j] + xg[b * 4 * hidden + q * hidden + j];
                };
                const float cNew = sigmoid(gate(1)) * expectC[b * hidden + j] + sigmoid(gate(0)) * tanh(gate(2));
                expectC[b * hidden + j] = cNew;
                expectH[b * hidden + j] = sigmoid(gate(3)) * tanh(cNew);
            }
        kernels::lstmCell<float>(hh.data(), xg.data(), c.data(), h.data(), batch, hidden);
        QVERIFY(c == expectC);
        QVERIFY(h == expectH);
        const auto hg = toFloat(uniform(batch * 3 * hidden, -6, 6, 10)),
                   xr = toFloat(uniform(batch * 3 * hidden, -6, 6, 11));
        const auto prev = toFloat(uniform(batch * hidden, -1, 1, 12));
        std::vector<float> expect(prev.size()), out(prev.size());
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t j = 0; j < hidden; ++j) {
                const float* g = hg.data() + b * 3 * hidden;
                const float* x = xr.data() + b * 3 * hidden;
                const float reset = sigmoid(g[j] + x[j]), update = sigmoid(g[hidden + j] + x[hidden + j]);
                const float cand = tanh(x[2 * hidden + j] + g[2 * hidden + j] * reset);
                expect[b * hidden + j] = (prev[b * hidden + j] - cand) * update + cand;
            }
        kernels::gruCell<float>(hg.data(), xr.data(), prev.data(), out.data(), batch, hidden);
        QVERIFY(out == expect);
    }

    void tanhIntoSpecialValuesAndAccuracy() {
        const float inf = std::numeric_limits<float>::infinity();
        std::vector<float> x{0.0f, -0.0f, inf, -inf, 20.0f, -20.0f, 1e-30f, 0.625f, -0.6249f, NAN};
        std::vector<float> y(x.size());
        kernels::tanhInto(y.data(), x.data(), static_cast<std::int64_t>(x.size()));
        QVERIFY(y[0] == 0.0f && !std::signbit(y[0]));
        QVERIFY(y[1] == 0.0f && std::signbit(y[1]));
        QCOMPARE(y[2], 1.0f);
        QCOMPARE(y[3], -1.0f);
        QCOMPARE(y[4], 1.0f);
        QCOMPARE(y[5], -1.0f);
        QCOMPARE(y[6], 1e-30f);
        QVERIFY(std::isnan(y[9]));
        std::vector<float> sweep(20001), out(sweep.size());
        for (std::size_t i = 0; i < sweep.size(); ++i) sweep[i] = -10.0f + 0.001f * static_cast<float>(i);
        kernels::tanhInto(out.data(), sweep.data(), static_cast<std::int64_t>(sweep.size()));
        double worst = 0;
        for (std::size_t i = 0; i < sweep.size(); ++i) {
            const double ref = std::tanh(static_cast<double>(sweep[i]));
            if (ref != 0) worst = std::max(worst, std::abs(out[i] - ref) / std::abs(ref));
        }
        QVERIFY2(worst < 3e-7, std::to_string(worst).c_str());
    }
};

QTEST_APPLESS_MAIN(TestRnnFused)
#include "test_rnn_fused.moc"
