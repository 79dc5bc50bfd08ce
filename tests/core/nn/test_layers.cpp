// The layers beyond what the torch comparison sees: torch's initialisation bounds from a seeded
// Generator, state_dict names and dtypes, reprs, Python float formatting and argument errors.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "core/nn/batch_norm2d.h"
#include "core/nn/conv2d.h"
#include "core/nn/dropout.h"
#include "core/nn/embedding.h"
#include "core/nn/layer_registry.h"
#include "core/nn/linear.h"
#include "core/nn/py_format.h"
#include "core/nn/relu.h"
#include "core/nn/sequential.h"
#include "core/nn/tanh.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"

using namespace tessera;

namespace {

io::Json parse(const char* text) { return io::parseJson(text, "test"); }

QString valueErrorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ValueError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

double maxAbs(const Tensor& t) {
    double m = 0;
    for (const double v : t.toVector<double>()) m = std::max(m, std::fabs(v));
    return m;
}

}  // namespace

class TestLayers : public QObject {
    Q_OBJECT
private slots:
    void pythonFloatRepr() {
        QCOMPARE(nn::pyFloat(1e-5), std::string("1e-05"));
        QCOMPARE(nn::pyFloat(0.1), std::string("0.1"));
        QCOMPARE(nn::pyFloat(1.0), std::string("1.0"));
        QCOMPARE(nn::pyFloat(1e16), std::string("1e+16"));
        QCOMPARE(nn::pyFloat(1e15), std::string("1000000000000000.0"));
        QCOMPARE(nn::pyFloat(0.0001), std::string("0.0001"));
        QCOMPARE(nn::pyFloat(0.00012345), std::string("0.00012345"));
        QCOMPARE(nn::pyFloat(123456.0), std::string("123456.0"));
        QCOMPARE(nn::pyFloat(-2.5), std::string("-2.5"));
        QCOMPARE(nn::pyFloat(1.5e-7), std::string("1.5e-07"));
        QCOMPARE(nn::pyTuple({3}), std::string("(3,)"));
        QCOMPARE(nn::pyTuple({3, 2}), std::string("(3, 2)"));
    }

    // kaiming_uniform_(a=√5) and the bias bound both come to U(±1/√fan_in); fan_in counts in/groups × kernel.
    void initialisationBounds() {
        Generator gen(3);
        nn::Linear fc({.inFeatures = 16, .outFeatures = 64}, gen);
        QVERIFY(maxAbs(fc.weight) <= 0.25);
        QVERIFY(maxAbs(fc.weight) > 0.24);  // 1024 draws reach near the bound
        QVERIFY(maxAbs(fc.bias) <= 0.25);
        nn::Conv2d conv({.inChannels = 4, .outChannels = 32, .kernelSize = {3}, .groups = 2}, gen);
        QCOMPARE(conv.weight.sizes(), (Shape{32, 2, 3, 3}));
        const double bound = 1.0 / std::sqrt(18.0);
        QVERIFY(maxAbs(conv.weight) <= bound && maxAbs(conv.weight) > 0.95 * bound);
    }

    void seededInitialisationRepeats() {
        Generator a(7), b(7), c(8);
        const auto x = nn::buildLayer("Linear", parse(R"({"in_features": 5, "out_features": 4})"), a);
        const auto y = nn::buildLayer("Linear", parse(R"({"in_features": 5, "out_features": 4})"), b);
        const auto z = nn::buildLayer("Linear", parse(R"({"in_features": 5, "out_features": 4})"), c);
        QCOMPARE(x->stateDict()[0].second.toVector<float>(), y->stateDict()[0].second.toVector<float>());
        QVERIFY(x->stateDict()[0].second.toVector<float>() != z->stateDict()[0].second.toVector<float>());
    }

    void embeddingIsStandardNormalWithZeroPaddingRow() {
        Generator gen(1);
        nn::Embedding emb({.numEmbeddings = 100, .embeddingDim = 100, .paddingIdx = -2}, gen);
        QCOMPARE(emb.options().paddingIdx.value(), std::int64_t(98));
        const auto w = emb.weight.toVector<float>();
        QVERIFY(std::all_of(w.begin() + 9800, w.begin() + 9900, [](float v) { return v == 0.0f; }));
        double sum = 0, sq = 0;
        for (const float v : w) {
            sum += v;
            sq += double(v) * v;
        }
        const double mean = sum / 9900, var = sq / 9900 - mean * mean;  // over the non-padding rows
        QVERIFY2(std::fabs(mean) < 0.05 && std::fabs(var - 1.0) < 0.05, qPrintable(QString::number(var)));
        QVERIFY(valueErrorOf([&] {
                    nn::Embedding({.numEmbeddings = 3, .embeddingDim = 2, .paddingIdx = 3}, gen);
                }).contains("padding_idx must be within num_embeddings"));
    }

    // Dropout's masks are Tessera's own random numbers, so the torch cases cover p = 0 and 1 only; here
    // p = 0.5: each output is 0 or 2x, about half are kept, the grad is the same mask times 2, and
    // evaluation is the identity.
    void dropoutKeepsAboutHalfAndScales() {
        manualSeed(11);
        nn::Dropout drop({.p = 0.5});
        const Tensor x = full({100, 100}, 3.0);
        x.setRequiresGrad(true);
        const Tensor y = drop(x);
        y.backward(onesLike(y));
        const auto out = y.toVector<float>(), grad = x.grad().toVector<float>();
        std::size_t kept = 0;
        for (std::size_t i = 0; i < out.size(); ++i) {
            QVERIFY(out[i] == 0.0f || out[i] == 6.0f);
            QCOMPARE(grad[i], out[i] == 0.0f ? 0.0f : 2.0f);
            kept += out[i] != 0.0f;
        }
        QVERIFY2(kept > 4800 && kept < 5200, qPrintable(QString::number(kept)));
        drop.eval();
        QCOMPARE(drop(x).toVector<float>(), x.toVector<float>());
        QVERIFY(valueErrorOf([] { nn::Dropout({.p = -0.1}); }).contains("between 0 and 1, but got -0.1"));
    }

    void batchNormStateDict() {
        nn::BatchNorm2d bn({.numFeatures = 3});
        QStringList names;
        for (const auto& [name, t] : bn.stateDict()) names << QString::fromStdString(name);
        QCOMPARE(names, (QStringList{"weight", "bias", "running_mean", "running_var", "num_batches_tracked"}));
        QCOMPARE(bn.numBatchesTracked.dtype(), DType::Int64);
        QCOMPARE(bn.numBatchesTracked.dim(), std::int64_t(0));
        nn::BatchNorm2d plain(
            {.numFeatures = 3, .momentum = std::nullopt, .affine = false, .trackRunningStats = false});
        QVERIFY(plain.stateDict().empty());
        QCOMPARE(QString::fromStdString(plain.repr()),
                 QString("BatchNorm2d(3, eps=1e-05, momentum=None, affine=False, track_running_stats=False)"));
    }

    void sequentialNamesAndRepr() {
        Generator gen(0);
        const auto seq = nn::buildLayer(
            "Sequential", parse(R"({"layers": [{"type": "Linear", "options": {"in_features": 2, "out_features": 3}},
                                 {"type": "ReLU"},
                                 {"type": "Sequential", "options": {"layers": [{"type": "Tanh"}]}}]})"),
            gen);
        QCOMPARE(QString::fromStdString(seq->repr()),
                 QString("Sequential(\n  (0): Linear(in_features=2, out_features=3, bias=True)\n  (1): ReLU()\n"
                         "  (2): Sequential(\n    (0): Tanh()\n  )\n)"));
        QCOMPARE(QString::fromStdString(seq->stateDict()[1].first), QString("0.bias"));
        QVERIFY(valueErrorOf([&] {
                    nn::buildLayer("Sequential", parse(R"({"layers": [{"type": "Relu"}]})"), gen);
                }).contains("did you mean 'ReLU'"));
        QVERIFY(valueErrorOf([&] {
                    nn::buildLayer("Sequential", parse(R"({"layers": [{"kind": "ReLU"}]})"), gen);
                }).contains("Sequential: option 'layers' must be an array of"));
    }

    void convArgumentErrors() {
        Generator gen(0);
        QCOMPARE(valueErrorOf([&] {
                     nn::buildLayer("Conv2d", parse(R"({"in_channels": 3, "out_channels": 4, "kernel_size": 3,
                                                       "groups": 2})"),
                                    gen);
                 }),
                 QString("Conv2d: in_channels must be divisible by groups"));
        QCOMPARE(valueErrorOf([&] {
                     nn::buildLayer("Conv2d", parse(R"({"in_channels": 2, "out_channels": 4, "kernel_size": 3,
                                                       "stride": 2, "padding": "same"})"),
                                    gen);
                 }),
                 QString("Conv2d: padding='same' is not supported for strided convolutions"));
        QVERIFY(valueErrorOf([&] {
                    nn::resolveOptions("Conv2d",
                                       parse(R"({"in_channels": 2, "out_channels": 4, "kernel_size": [3, 3, 3]})"));
                }).contains("'kernel_size' must be an integer ≥ 1 or an array of 2 such integers, got [3, 3, 3]"));
        QVERIFY(valueErrorOf([&] {
                    nn::resolveOptions("Conv1d", parse(R"({"in_channels": 2, "out_channels": 4, "kernel_size": 3,
                                                          "padding": "full"})"));
                }).contains("or 'valid' or 'same', got \"full\""));
        const auto conv = nn::buildLayer(
            "Conv2d", parse(R"({"in_channels": 2, "out_channels": 4, "kernel_size": [3, 1], "padding": "same"})"), gen);
        QCOMPARE(QString::fromStdString(conv->repr()),
                 QString("Conv2d(2, 4, kernel_size=(3, 1), stride=(1, 1), padding=same)"));
    }

    void optionRangesAndNulls() {
        QCOMPARE(valueErrorOf([] { nn::resolveOptions("Dropout", parse(R"({"p": 1.5})")); }),
                 QString("Dropout: option 'p' must be a number in [0, 1], got 1.5"));
        QCOMPARE(valueErrorOf([] { nn::resolveOptions("MaxPool2d", parse(R"({"kernel_size": 2, "stride": "x"})")); }),
                 QString("MaxPool2d: option 'stride' must be an integer ≥ 1 or an array of 2 such integers or null, "
                         "got \"x\""));
        const io::Json pool = nn::resolveOptions("MaxPool2d", parse(R"({"kernel_size": 2, "stride": null})"));
        QVERIFY(pool.at("stride").isNull());
        QVERIFY(valueErrorOf([] {
                    nn::resolveOptions("BatchNorm1d", parse(R"({"num_features": 2, "momentum": null})"));
                }).isEmpty());
        QCOMPARE(QString::fromStdString(std::string(nn::paramTypeName(nn::ParamType::IntOrTuple))),
                 QString("int or tuple"));
    }
};

QTEST_APPLESS_MAIN(TestLayers)
#include "test_layers.moc"
