// The sequence layers against torch 1.13: the cases of seq_cases.json (format in layer_runner.py) in
// train and eval mode, from the same safetensors weights and .npy inputs. Outputs (attention weights,
// final states), gradients of the inputs and of every parameter agree within rtol 1e-5 / atol 1e-6,
// reprs are equal and the state_dict round trip through torch is bitwise.
//
// A case's "call" says how torch calls the layer; its "tessera_call" says the same for Tessera:
//   MultiheadAttention       {"query": 0, "key": 0, "value": 0, "key_padding_mask": M, "attn_mask": M,
//                             "need_weights": true, "average_attn_weights": true} → [output, weights]
//   TransformerEncoderLayer  {"src_mask": M, "src_key_padding_mask": M}           → [output]
//   LSTM / GRU               {"h0": 1, "c0": 2} (indices of inputs)                 → [output, h_n(, c_n)]
// where a mask M is an input index, "causal", {"lengths": [..]} (key j of batch b is padding when
// j ≥ lengths[b]) or {"length": n} (unbatched).
#include <QtTest>

#include "core/nn/gru.h"
#include "core/nn/lstm.h"
#include "core/nn/transformer_encoder_layer.h"
#include "core/ops/compare.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"
#include "tests/core/nn/layer_harness.h"

using namespace tessera;

namespace {

Tensor mask(const io::Json& call, const char* key, const std::vector<Tensor>& inputs, std::int64_t queries,
            std::int64_t keys) {
    if (!call.contains(key)) return {};
    const io::Json& m = call.at(key);
    if (m.isNumber()) return inputs.at(static_cast<std::size_t>(m.asInteger()));
    const Tensor positions = arange(keys);
    // torch.triu(torch.ones(L, S, dtype=torch.bool), 1): key j is hidden from query i when j > i.
    if (m.isString() && m.asString() == "causal")
        return queries == keys ? nn::MultiheadAttention::causalMask(queries)
                               : ops::gt(ops::unsqueeze(positions, 0), ops::unsqueeze(arange(queries), 1));
    if (m.contains("length")) return ops::ge(positions, static_cast<std::int64_t>(m.at("length").asInteger()));
    std::vector<std::int64_t> lengths;
    for (const auto& n : m.at("lengths").asArray()) lengths.push_back(n.asInteger());
    const Tensor limits = Tensor::fromVector<std::int64_t>(lengths, {static_cast<std::int64_t>(lengths.size()), 1});
    return ops::ge(ops::unsqueeze(positions, 0), limits);
}

Tensor input(const io::Json& call, const char* key, const std::vector<Tensor>& inputs) {
    return call.contains(key) ? inputs.at(static_cast<std::size_t>(call.at(key).asInteger())) : Tensor();
}

// The sequence length of a [S, N, E] / [N, S, E] / [S, E] tensor.
std::int64_t sequenceLength(const Tensor& x, bool batchFirst) {
    return x.dim() == 3 && batchFirst ? x.size(1) : x.size(0);
}

std::vector<Tensor> seqCall(nn::Module& layer, const std::vector<Tensor>& inputs, const io::Json& spec) {
    const io::Json call = spec.contains("tessera_call") ? spec.at("tessera_call") : io::Json::object();
    if (auto* m = dynamic_cast<nn::MultiheadAttention*>(&layer)) {
        if (!spec.contains("tessera_call")) return {layer(inputs.at(0))};
        const Tensor q = input(call, "query", inputs), k = input(call, "key", inputs), v = input(call, "value", inputs);
        const bool batchFirst = m->options().batchFirst;
        const std::int64_t queries = sequenceLength(q, batchFirst), keys = sequenceLength(k, batchFirst);
        const auto out = m->forward(q, k, v,
                                    {.keyPaddingMask = mask(call, "key_padding_mask", inputs, queries, keys),
                                     .needWeights = call.at("need_weights").asBool(),
                                     .attnMask = mask(call, "attn_mask", inputs, queries, keys),
                                     .averageAttnWeights = call.at("average_attn_weights").asBool()});
        if (!out.weights.defined()) return {out.output};
        return {out.output, out.weights};
    }
    if (auto* t = dynamic_cast<nn::TransformerEncoderLayer*>(&layer)) {
        const std::int64_t s = sequenceLength(inputs.at(0), t->options().batchFirst);
        return {t->forward(inputs.at(0), mask(call, "src_mask", inputs, s, s),
                           mask(call, "src_key_padding_mask", inputs, s, s))};
    }
    if (auto* lstm = dynamic_cast<nn::LSTM*>(&layer)) {
        const auto out = lstm->forward(inputs.at(0), input(call, "h0", inputs), input(call, "c0", inputs));
        return {out.output, out.h, out.c};
    }
    if (auto* gru = dynamic_cast<nn::GRU*>(&layer)) {
        const auto out = gru->forward(inputs.at(0), input(call, "h0", inputs));
        return {out.output, out.h};
    }
    throw ValueError("seq case: " + layer.typeName() + " is not a sequence layer");
}

}  // namespace

class TestSeqLayersTorch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        m_suite = std::make_unique<layertest::Suite>(m_tmp.path());
        m_suite->addCaseFile(QString(TESSERA_SOURCE_DIR) + "/tests/core/nn/seq_cases.json", seqCall);
        const QString error = m_suite->runTorch();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void layer_data() {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_suite->jobs().size(); ++i)
            QTest::newRow(qPrintable(m_suite->jobs()[i].name)) << static_cast<int>(i);
    }

    void layer() {
        QFETCH(int, index);
        const QString failure = m_suite->check(m_suite->jobs()[static_cast<std::size_t>(index)]);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void stateDictRoundTrip_data() { layer_data(); }

    void stateDictRoundTrip() {
        QFETCH(int, index);
        const QString failure = layertest::Suite::checkRoundTrip(m_suite->jobs()[static_cast<std::size_t>(index)]);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

private:
    QTemporaryDir m_tmp;
    std::unique_ptr<layertest::Suite> m_suite;
};

QTEST_APPLESS_MAIN(TestSeqLayersTorch)
#include "test_seq_layers_torch.moc"
