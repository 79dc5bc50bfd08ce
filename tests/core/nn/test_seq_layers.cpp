// Sequence layers (MultiheadAttention, LSTM, GRU): torch's names, order, repr and initialisation, the
// layouts (batch first, unbatched) against each other, masks, errors and profiler scopes. Values and
// gradients against torch are in test_seq_layers_torch.cpp.
#include <QtTest>

#include <cmath>
#include <set>

#include "core/nn/gru.h"
#include "core/nn/layer_registry.h"
#include "core/nn/lstm.h"
#include "core/nn/multihead_attention.h"
#include "core/nn/transformer_encoder_layer.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"

using namespace tessera;

namespace {

std::vector<std::string> keys(const nn::NamedTensors& named) {
    std::vector<std::string> out;
    for (const auto& [k, v] : named) out.push_back(k);
    return out;
}

double maxAbsDiff(const Tensor& a, const Tensor& b) {
    const auto x = a.toVector<double>(), y = b.toVector<double>();
    if (x.size() != y.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < x.size(); ++i) m = std::max(m, std::abs(x[i] - y[i]));
    return m;
}

double maxAbs(const Tensor& t) {
    double m = 0;
    for (double v : t.toVector<double>()) m = std::max(m, std::abs(v));
    return m;
}

Tensor param(const nn::Module& m, const std::string& name) {
    for (const auto& [k, v] : m.namedParameters())
        if (k == name) return v;
    return {};
}

template <class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

class TestSeqLayers : public QObject {
    Q_OBJECT
private slots:
    void attentionNamesAndReprFollowTorch() {
        Generator gen(1);
        nn::MultiheadAttention packed({.embedDim = 8, .numHeads = 2}, gen);
        QCOMPARE(keys(packed.stateDict()),
                 (std::vector<std::string>{"in_proj_weight", "in_proj_bias", "out_proj.weight", "out_proj.bias"}));
        QCOMPARE(packed.repr(), std::string("MultiheadAttention(\n  (out_proj): NonDynamicallyQuantizableLinear("
                                            "in_features=8, out_features=8, bias=True)\n)"));
        nn::MultiheadAttention separate({.embedDim = 8, .numHeads = 2, .addBiasKv = true, .kdim = 4, .vdim = 6}, gen);
        QCOMPARE(keys(separate.stateDict()),
                 (std::vector<std::string>{"q_proj_weight", "k_proj_weight", "v_proj_weight", "in_proj_bias", "bias_k",
                                           "bias_v", "out_proj.weight", "out_proj.bias"}));
        nn::MultiheadAttention noBias({.embedDim = 8, .numHeads = 2, .bias = false}, gen);
        QCOMPARE(keys(noBias.stateDict()), (std::vector<std::string>{"in_proj_weight", "out_proj.weight"}));
    }
    void attentionInitialisation() {
        Generator gen(3);
        nn::MultiheadAttention m({.embedDim = 16, .numHeads = 4}, gen);
        QCOMPARE(maxAbs(m.inProjBias), 0.0);
        QCOMPARE(maxAbs(m.outProj->bias), 0.0);
        const double xavier = std::sqrt(6.0 / (16 + 48));
        QVERIFY(maxAbs(m.inProjWeight) <= xavier && maxAbs(m.inProjWeight) > 0.8 * xavier);
        QVERIFY(maxAbs(m.outProj->weight) <= 0.25 && maxAbs(m.outProj->weight) > 0.2);
    }
    void rnnNamesReprAndInitialisation() {
        Generator gen(2);
        nn::LSTM lstm({.inputSize = 3, .hiddenSize = 4, .numLayers = 2, .bidirectional = true}, gen);
        QCOMPARE(keys(lstm.stateDict()),
                 (std::vector<std::string>{"weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0",
                                           "weight_ih_l0_reverse", "weight_hh_l0_reverse", "bias_ih_l0_reverse",
                                           "bias_hh_l0_reverse", "weight_ih_l1", "weight_hh_l1", "bias_ih_l1",
                                           "bias_hh_l1", "weight_ih_l1_reverse", "weight_hh_l1_reverse",
                                           "bias_ih_l1_reverse", "bias_hh_l1_reverse"}));
        QCOMPARE(param(lstm, "weight_ih_l1").sizes(), (Shape{16, 8}));
        QCOMPARE(lstm.repr(), std::string("LSTM(3, 4, num_layers=2, bidirectional=True)"));
        for (const auto& p : lstm.parameters()) QVERIFY(maxAbs(p) <= 0.5);
        nn::GRU gru(
            {.inputSize = 3, .hiddenSize = 4, .numLayers = 2, .bias = false, .batchFirst = true, .dropout = 0.5}, gen);
        QCOMPARE(keys(gru.stateDict()),
                 (std::vector<std::string>{"weight_ih_l0", "weight_hh_l0", "weight_ih_l1", "weight_hh_l1"}));
        QCOMPARE(param(gru, "weight_hh_l0").sizes(), (Shape{12, 4}));
        QCOMPARE(gru.repr(), std::string("GRU(3, 4, num_layers=2, bias=False, batch_first=True, dropout=0.5)"));
        nn::LSTM projected({.inputSize = 3, .hiddenSize = 5, .projSize = 2}, gen);
        QCOMPARE(keys(projected.stateDict()), (std::vector<std::string>{"weight_ih_l0", "weight_hh_l0", "bias_ih_l0",
                                                                        "bias_hh_l0", "weight_hr_l0"}));
        QCOMPARE(param(projected, "weight_hh_l0").sizes(), (Shape{20, 2}));
        QCOMPARE(projected.repr(), std::string("LSTM(3, 5, proj_size=2)"));
        const auto out = projected.forward(zeros({4, 2, 3}), Tensor(), Tensor());
        QCOMPARE(out.h.sizes(), (Shape{1, 2, 2}));
        QCOMPARE(out.c.sizes(), (Shape{1, 2, 5}));
        QVERIFY(errorOf([&] {
                    nn::GRU({.inputSize = 3, .hiddenSize = 4, .projSize = 2}, gen);
                }).contains("proj_size argument is only supported for LSTM"));
        nn::GRU tiny({.inputSize = 1, .hiddenSize = 1, .dropout = 1e-5}, gen);
        QCOMPARE(tiny.repr(), std::string("GRU(1, 1, dropout=1e-05)"));
    }
    void rnnLayoutsAgree() {
        Generator gen(4);
        nn::LSTM timeFirst({.inputSize = 3, .hiddenSize = 5, .numLayers = 2, .bidirectional = true}, gen);
        nn::LSTM batchFirst(
            {.inputSize = 3, .hiddenSize = 5, .numLayers = 2, .batchFirst = true, .bidirectional = true}, gen);
        batchFirst.loadStateDict(timeFirst.stateDict());
        const Tensor x = randn({6, 2, 3}, DType::Float32, &gen);
        const auto a = timeFirst.forward(x, {}, {});
        const auto b = batchFirst.forward(ops::transpose(x, 0, 1), {}, {});
        QCOMPARE(a.output.sizes(), (Shape{6, 2, 10}));
        QCOMPARE(a.h.sizes(), (Shape{4, 2, 5}));
        QCOMPARE(maxAbsDiff(a.output, ops::transpose(b.output, 0, 1)), 0.0);
        QCOMPARE(maxAbsDiff(a.c, b.c), 0.0);
        // Unbatched [T, F] input is the batch of one, squeezed.
        const auto one = timeFirst.forward(ops::select(x, 1, 1), ops::select(a.h, 1, 1), ops::select(a.c, 1, 1));
        const auto batchOfOne =
            timeFirst.forward(ops::narrow(x, 1, 1, 1), ops::narrow(a.h, 1, 1, 1), ops::narrow(a.c, 1, 1, 1));
        QCOMPARE(one.output.sizes(), (Shape{6, 10}));
        QCOMPARE(one.h.sizes(), (Shape{4, 5}));
        QCOMPARE(maxAbsDiff(one.output, ops::select(batchOfOne.output, 1, 0)), 0.0);
        // The reverse direction at the last step has seen one input only: it equals a one-step run.
        nn::LSTM oneLayer({.inputSize = 3, .hiddenSize = 5, .bidirectional = true}, gen);
        const Tensor whole = oneLayer(x), last = oneLayer(ops::narrow(x, 0, 5, 1));
        QVERIFY(maxAbsDiff(ops::narrow(ops::select(whole, 0, 5), 1, 5, 5),
                           ops::narrow(ops::select(last, 0, 0), 1, 5, 5)) < 1e-7);
        QVERIFY(maxAbsDiff(ops::narrow(ops::select(whole, 0, 5), 1, 0, 5),
                           ops::narrow(ops::select(last, 0, 0), 1, 0, 5)) > 1e-4);
    }
    void gruInitialStateMatters() {
        Generator gen(5);
        nn::GRU gru({.inputSize = 2, .hiddenSize = 3}, gen);
        const Tensor x = randn({4, 2, 2}, DType::Float32, &gen);
        const auto zero = gru.forward(x, Tensor());
        const auto explicitZero = gru.forward(x, zeros({1, 2, 3}));
        QCOMPARE(maxAbsDiff(zero.output, explicitZero.output), 0.0);
        const auto other = gru.forward(x, ones({1, 2, 3}));
        QVERIFY(maxAbsDiff(zero.h, other.h) > 1e-4);
        QCOMPARE(maxAbsDiff(gru(x), zero.output), 0.0);
        QCOMPARE(maxAbsDiff(ops::select(zero.output, 0, 3), ops::select(zero.h, 0, 0)), 0.0);
    }
    void dropoutOnlyInTraining() {
        Generator gen(13);
        // RNN dropout acts between layers: none with one layer, some with two, never in evaluation.
        nn::GRU one({.inputSize = 3, .hiddenSize = 4, .dropout = 0.5}, gen);
        nn::GRU two({.inputSize = 3, .hiddenSize = 4, .numLayers = 2, .dropout = 0.5}, gen);
        const Tensor x = randn({5, 2, 3}, DType::Float32, &gen);
        const Tensor oneTrain = one(x), twoTrain = two(x);
        one.eval();
        two.eval();
        QCOMPARE(maxAbsDiff(oneTrain, one(x)), 0.0);
        QVERIFY(maxAbsDiff(twoTrain, two(x)) > 1e-4);
        QCOMPARE(maxAbsDiff(two(x), two(x)), 0.0);
        // Attention dropout zeroes and rescales weights, so rows stop summing to one.
        nn::MultiheadAttention mha({.embedDim = 8, .numHeads = 2, .dropout = 0.5}, gen);
        const Tensor q = randn({6, 2, 8}, DType::Float32, &gen);
        const Tensor trained = mha.forward(q, q, q, {.averageAttnWeights = false}).weights;
        QVERIFY(maxAbsDiff(ops::sum(trained, {3}), ones({2, 2, 6})) > 1e-3);
        mha.eval();
        QVERIFY(maxAbsDiff(ops::sum(mha.forward(q, q, q, {.averageAttnWeights = false}).weights, {3}),
                           ones({2, 2, 6})) < 1e-6);
    }
    void rnnErrorsNameTheCause() {
        Generator gen(6);
        nn::LSTM lstm({.inputSize = 3, .hiddenSize = 4}, gen);
        QCOMPARE(errorOf([&] {
                     lstm(zeros({5, 2, 7}));
                 }),
                 QString("LSTM: input.size(-1) must be equal to input_size. Expected 3, got 7"));
        QCOMPARE(errorOf([&] {
                     lstm(zeros({1, 5, 2, 3}));
                 }),
                 QString("LSTM: input must have 3 dimensions (2 unbatched), got 4"));
        QCOMPARE(errorOf([&] {
                     lstm.forward(zeros({5, 2, 3}), zeros({1, 3, 4}), zeros({1, 2, 4}));
                 }),
                 QString("LSTM: Expected hidden[0] size (1, 2, 4), got [1, 3, 4]"));
        QCOMPARE(errorOf([&] {
                     lstm.forward(zeros({5, 2, 3}), zeros({2, 4}), zeros({1, 2, 4}));
                 }),
                 QString("LSTM: for batched 3-D input, hx and cx should also be 3-D but got (2-D, 3-D) tensors"));
        QVERIFY(errorOf([&] { lstm.forward(zeros({5, 2, 3}), zeros({1, 2, 4}), Tensor()); }).contains("none"));
        QVERIFY(errorOf([&] { lstm(zeros({0, 2, 3})); }).contains("Expected sequence length to be larger than 0"));
        QCOMPARE(lstm(zeros({5, 0, 3})).sizes(), (Shape{5, 0, 4}));
        nn::GRU gru({.inputSize = 3, .hiddenSize = 4}, gen);
        QCOMPARE(errorOf([&] {
                     gru.forward(zeros({5, 3}), zeros({1, 1, 4}));
                 }),
                 QString("GRU: for unbatched 2-D input, hx should also be 2-D but got 3-D tensor"));
        QVERIFY(errorOf([&] {
                    nn::GRU({.inputSize = 3, .hiddenSize = 4, .dropout = 1.5}, gen);
                }).contains("dropout should be a number in range [0, 1]"));
    }
    void attentionLayoutsAndMasks() {
        Generator gen(7);
        nn::MultiheadAttention timeFirst({.embedDim = 8, .numHeads = 2}, gen);
        nn::MultiheadAttention batchFirst({.embedDim = 8, .numHeads = 2, .batchFirst = true}, gen);
        batchFirst.loadStateDict(timeFirst.stateDict());
        const Tensor x = randn({5, 3, 8}, DType::Float32, &gen);
        const auto a = timeFirst.forward(x, x, x, {});
        const Tensor xb = ops::contiguous(ops::transpose(x, 0, 1));
        const auto b = batchFirst.forward(xb, xb, xb, {});
        QCOMPARE(a.output.sizes(), (Shape{5, 3, 8}));
        QCOMPARE(a.weights.sizes(), (Shape{3, 5, 5}));
        QVERIFY(maxAbsDiff(a.output, ops::transpose(b.output, 0, 1)) < 1e-6);
        QVERIFY(maxAbsDiff(a.weights, b.weights) < 1e-6);
        QCOMPARE(maxAbsDiff(timeFirst(x), a.output), 0.0);
        // Rows of the averaged weights sum to one.
        QVERIFY(maxAbsDiff(ops::sum(a.weights, {2}), ones({3, 5})) < 1e-6);

        // A causal mask zeroes the weights above the diagonal; a bool and the equivalent float mask agree.
        const Tensor causal = nn::MultiheadAttention::causalMask(5);
        QCOMPARE(causal.dtype(), DType::Bool);
        QCOMPARE(static_cast<const std::uint8_t*>(causal.rawData())[1], std::uint8_t(1));
        QCOMPARE(static_cast<const std::uint8_t*>(causal.rawData())[5], std::uint8_t(0));
        const auto masked = timeFirst.forward(x, x, x, {.attnMask = causal, .averageAttnWeights = false});
        QCOMPARE(masked.weights.sizes(), (Shape{3, 2, 5, 5}));
        const auto w = masked.weights.toVector<float>();
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t j = i + 1; j < 5; ++j) QCOMPARE(w[i * 5 + j], 0.0f);
        Tensor floatMask = zeros({5, 5});
        for (std::int64_t i = 0; i < 5; ++i)
            for (std::int64_t j = i + 1; j < 5; ++j) floatMask.data<float>()[i * 5 + j] = -INFINITY;
        const auto floatMasked = timeFirst.forward(x, x, x, {.attnMask = floatMask, .averageAttnWeights = false});
        QCOMPARE(maxAbsDiff(masked.output, floatMasked.output), 0.0);
        // The first query attends to the first key only, whatever the other keys hold.
        QVERIFY(std::abs(w[0] - 1.0f) < 1e-6);

        // Key padding: padded keys get weight 0 in every query row.
        Tensor pad = zeros({3, 5}, DType::Bool);
        static_cast<std::uint8_t*>(pad.rawData())[4] = 1;
        const auto padded = timeFirst.forward(x, x, x, {.keyPaddingMask = pad});
        const auto pw = padded.weights.toVector<float>();
        for (std::size_t q = 0; q < 5; ++q) QCOMPARE(pw[q * 5 + 4], 0.0f);
        QVERIFY(pw[25 + 4] > 0.0f);
        QCOMPARE(timeFirst.forward(x, x, x, {.needWeights = false}).weights.defined(), false);

        // Unbatched [L, E] is the batch of one, squeezed.
        const Tensor x0 = ops::select(x, 1, 0);
        const auto single = timeFirst.forward(x0, x0, x0, {});
        QCOMPARE(single.output.sizes(), (Shape{5, 8}));
        QCOMPARE(single.weights.sizes(), (Shape{5, 5}));
        QVERIFY(maxAbsDiff(single.output, ops::select(a.output, 1, 0)) < 1e-6);
    }
    void attentionErrorsNameTheCause() {
        Generator gen(8);
        QVERIFY(errorOf([&] {
                    nn::MultiheadAttention({.embedDim = 6, .numHeads = 4}, gen);
                }).contains("embed_dim must be divisible by num_heads"));
        nn::MultiheadAttention m({.embedDim = 8, .numHeads = 2}, gen);
        const Tensor x = zeros({5, 3, 8});
        QCOMPARE(errorOf([&] {
                     m.forward(x, x, x, {.attnMask = zeros({4, 5})});
                 }),
                 QString("MultiheadAttention: the shape of the 2D attn_mask is [4, 5], but should be [5, 5]."));
        QCOMPARE(errorOf([&] {
                     m.forward(x, x, x, {.keyPaddingMask = zeros({3, 4}, DType::Bool)});
                 }),
                 QString("MultiheadAttention: expecting key_padding_mask shape of [3, 5], but got [3, 4]"));
        QVERIFY(errorOf([&] {
                    m.forward(x, x, x, {.keyPaddingMask = zeros({3, 5}, DType::Int64)});
                }).contains("only bool and floating types of key_padding_mask"));
        QVERIFY(errorOf([&] { m(zeros({5, 3, 6})); }).contains("was expecting embedding dimension of 8, but got 6"));
        QVERIFY(errorOf([&] { m(zeros({2, 5, 3, 8})); }).contains("received 4-D query tensor"));
    }
    void encoderLayerNamesReprAndNorms() {
        Generator gen(11);
        nn::TransformerEncoderLayer post({.dModel = 8, .nhead = 2, .dimFeedforward = 16}, gen);
        QCOMPARE(
            keys(post.stateDict()),
            (std::vector<std::string>{"self_attn.in_proj_weight", "self_attn.in_proj_bias", "self_attn.out_proj.weight",
                                      "self_attn.out_proj.bias", "linear1.weight", "linear1.bias", "linear2.weight",
                                      "linear2.bias", "norm1.weight", "norm1.bias", "norm2.weight", "norm2.bias"}));
        QCOMPARE(
            post.repr(),
            std::string("TransformerEncoderLayer(\n"
                        "  (self_attn): MultiheadAttention(\n"
                        "    (out_proj): NonDynamicallyQuantizableLinear(in_features=8, out_features=8, bias=True)\n"
                        "  )\n"
                        "  (linear1): Linear(in_features=8, out_features=16, bias=True)\n"
                        "  (dropout): Dropout(p=0.1, inplace=False)\n"
                        "  (linear2): Linear(in_features=16, out_features=8, bias=True)\n"
                        "  (norm1): LayerNorm((8,), eps=1e-05, elementwise_affine=True)\n"
                        "  (norm2): LayerNorm((8,), eps=1e-05, elementwise_affine=True)\n"
                        "  (dropout1): Dropout(p=0.1, inplace=False)\n"
                        "  (dropout2): Dropout(p=0.1, inplace=False)\n"
                        ")"));
        post.eval();
        nn::TransformerEncoderLayer pre({.dModel = 8, .nhead = 2, .dimFeedforward = 16, .normFirst = true}, gen);
        pre.loadStateDict(post.stateDict());
        pre.eval();
        const Tensor x = randn({4, 2, 8}, DType::Float32, &gen);
        const Tensor a = post(x), b = pre(x);
        QCOMPARE(a.sizes(), (Shape{4, 2, 8}));
        // Post-norm ends in a LayerNorm with unit weight: each position has mean 0; pre-norm does not.
        QVERIFY(maxAbs(ops::mean(a, {2})) < 1e-5);
        QVERIFY(maxAbs(ops::mean(b, {2})) > 1e-3);
        // In training, dropout 0.1 changes the output; in evaluation the layer is deterministic.
        QCOMPARE(maxAbsDiff(post(x), a), 0.0);
        post.train();
        QVERIFY(maxAbsDiff(post(x), a) > 1e-4);
        QVERIFY(errorOf([&] {
                    nn::TransformerEncoderLayer({.dModel = 8, .nhead = 2, .activation = "tanh"}, gen);
                }).contains("activation should be relu/gelu, not tanh"));
    }
    void encoderLayerScopes() {
        Generator gen(12);
        nn::TransformerEncoderLayer enc({.dModel = 4, .nhead = 2, .dimFeedforward = 8, .dropout = 0.0}, gen);
        profile::start();
        enc(zeros({3, 1, 4}));
        std::set<std::string> scopes;
        for (const auto& e : profile::stop()) scopes.insert(profile::scopePath(e.scope));
        for (const char* scope :
             {"TransformerEncoderLayer/self_attn/attention", "TransformerEncoderLayer/self_attn/out_proj",
              "TransformerEncoderLayer/linear1", "TransformerEncoderLayer/activation", "TransformerEncoderLayer/norm2"})
            QVERIFY2(scopes.count(scope), scope);
    }
    void registeredWithTorchKeywords() {
        Generator gen(10);
        auto lstm = nn::buildLayer(
            "LSTM", io::parseJson(R"({"input_size": 3, "hidden_size": 4, "bidirectional": true})", "test"), gen);
        QCOMPARE(lstm->repr(), std::string("LSTM(3, 4, bidirectional=True)"));
        auto gru = nn::buildLayer(
            "GRU", io::parseJson(R"({"input_size": 3, "hidden_size": 4, "num_layers": 2})", "test"), gen);
        QCOMPARE(gru->forward(zeros({5, 2, 3})).sizes(), (Shape{5, 2, 4}));
        auto mha = nn::buildLayer("MultiheadAttention",
                                  io::parseJson(R"({"embed_dim": 8, "num_heads": 2, "kdim": 4})", "test"), gen);
        QCOMPARE(keys(mha->stateDict())[0], std::string("q_proj_weight"));
        QCOMPARE(QString::fromStdString(nn::layerInfo("MultiheadAttention").category), QString("Attention"));
        QVERIFY(errorOf([&] {
                    nn::buildLayer("GRU", io::parseJson(R"({"input_size": 3, "hidden_size": 4, "dropout": 2})", "t"),
                                   gen);
                }).contains("dropout"));
    }
    void forwardRunsInNamedScopes() {
        Generator gen(9);
        nn::LSTM lstm({.inputSize = 2, .hiddenSize = 3, .bidirectional = true}, gen);
        nn::MultiheadAttention mha({.embedDim = 4, .numHeads = 2}, gen);
        profile::start();
        lstm(zeros({3, 1, 2}));
        mha(zeros({3, 1, 4}));
        std::set<std::string> scopes;
        for (const auto& e : profile::stop()) scopes.insert(profile::scopePath(e.scope));
        QVERIFY(scopes.count("LSTM/l0"));
        QVERIFY(scopes.count("LSTM/l0_reverse"));
        QVERIFY(scopes.count("MultiheadAttention/in_proj"));
        QVERIFY(scopes.count("MultiheadAttention/attention"));
        QVERIFY(scopes.count("MultiheadAttention/out_proj"));
    }
};

QTEST_APPLESS_MAIN(TestSeqLayers)
#include "test_seq_layers.moc"
