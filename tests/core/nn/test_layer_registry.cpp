// The layer registry: lookup, option checking with torch's defaults, errors that name the layer, the
// key and the cause.
#include <QtTest>

#include "core/nn/layer_registry.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

io::Json parse(const char* text) { return io::parseJson(text, "test"); }

QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ValueError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestLayerRegistry : public QObject {
    Q_OBJECT
private slots:
    void listsLayersSorted() {
        const auto names = nn::registeredLayers();
        QVERIFY(std::is_sorted(names.begin(), names.end()));
        QVERIFY(std::find(names.begin(), names.end(), "Linear") != names.end());
        QCOMPARE(QString::fromStdString(nn::layerInfo("Linear").category), QString("Linear"));
    }

    void fillsDefaultsInSchemaOrder() {
        const io::Json resolved = nn::resolveOptions("Linear", parse(R"({"out_features": 3, "in_features": 4})"));
        QCOMPARE(QString::fromStdString(io::writeJson(resolved, 0)),
                 QString(R"({"in_features": 4, "out_features": 3, "bias": true})"));
    }

    void buildsWithTorchNames() {
        Generator gen(1);
        auto layer = nn::buildLayer("Linear", parse(R"({"in_features": 4, "out_features": 3, "bias": false})"), gen);
        QCOMPARE(QString::fromStdString(layer->repr()), QString("Linear(in_features=4, out_features=3, bias=False)"));
        const auto params = layer->namedParameters();
        QCOMPARE(params.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(params[0].first), QString("weight"));
    }

    void rejectsBadOptions() {
        QCOMPARE(errorOf([] { nn::resolveOptions("Linear", parse(R"({"in_features": 4, "out_features": -3})")); }),
                 QString("Linear: option 'out_features' must be an integer ≥ 0, got -3"));
        QCOMPARE(errorOf([] { nn::resolveOptions("Linear", parse(R"({"in_features": 4})")); }),
                 QString("Linear: option 'out_features' is required"));
        QCOMPARE(
            errorOf([] { nn::resolveOptions("Linear", parse(R"({"in_features": 4, "out_features": 2, "bias": 1})")); }),
            QString("Linear: option 'bias' must be true or false, got 1"));
        QVERIFY(errorOf([] {
                    nn::resolveOptions("Linear", parse(R"({"in_features": 2.5, "out_features": 2})"));
                }).contains("'in_features' must be an integer"));
        QVERIFY(errorOf([] {
                    nn::resolveOptions("Linear", parse(R"({"in_feature": 4, "out_features": 2})"));
                }).startsWith("Linear: unknown option 'in_feature' (options: in_features, out_features, bias)"));
        QVERIFY(errorOf([] { nn::resolveOptions("Linear", parse("[1]")); }).contains("must be a JSON object"));
    }

    void unknownTypeSuggestsCloseNames() {
        const QString message = errorOf([] { nn::layerInfo("Linaer"); });
        QVERIFY2(message.startsWith("unknown layer type 'Linaer'"), qPrintable(message));
        QVERIFY2(message.contains("'Linear'"), qPrintable(message));
        QVERIFY(!nn::isRegisteredLayer("Linaer"));
    }

    void duplicateRegistrationThrows() {
        nn::LayerInfo info = nn::layerInfo("Linear");
        QVERIFY(errorOf([&] { nn::registerLayer(info); }).contains("already registered"));
    }
};

QTEST_APPLESS_MAIN(TestLayerRegistry)
#include "test_layer_registry.moc"
