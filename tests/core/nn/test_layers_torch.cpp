// Every registered layer against torch 1.13: the cases of layer_cases.json (format in layer_runner.py)
// run in Tessera and, in one python process, in torch from the same safetensors weights and .npy
// inputs. Outputs, input and parameter grads and buffers after the steps agree within rtol 1e-5 /
// atol 1e-6, reprs are equal, and torch's state_dict written back is bitwise Tessera's. Every registered
// option is a keyword of the torch class with the same default. The last test
// fails for any registered layer without a case in any tests/core/nn/*_cases.json.
#include <QtTest>

#include <set>

#include "tests/core/nn/layer_harness.h"

using namespace tessera;

class TestLayersTorch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        m_suite = std::make_unique<layertest::Suite>(m_tmp.path());
        m_suite->addCaseFile(QString(TESSERA_SOURCE_DIR) + "/tests/core/nn/layer_cases.json");
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
        const auto& job = m_suite->jobs()[static_cast<std::size_t>(index)];
        const QString failure = m_suite->check(job);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void stateDictRoundTrip_data() { layer_data(); }

    // Tessera → safetensors → torch → safetensors → Tessera gives the same bits (and the same file).
    void stateDictRoundTrip() {
        QFETCH(int, index);
        const QString failure = layertest::Suite::checkRoundTrip(m_suite->jobs()[static_cast<std::size_t>(index)]);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    void optionsMatchTorchSignatures() {
        const QString problems = m_suite->checkSchemas();
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    void everyLayerHasACase() {
        std::set<std::string> covered;
        const QDir dir(QString(TESSERA_SOURCE_DIR) + "/tests/core/nn");
        for (const QString& file : dir.entryList({"*_cases.json"}, QDir::Files)) {
            const io::Json cases = io::parseJson(io::readFile(dir.filePath(file).toStdString()), file.toStdString());
            for (const auto& c : cases.at("cases").asArray())
                if (!c.contains("error")) covered.insert(c.at("type").asString());
        }
        QStringList missing;
        for (const auto& type : nn::registeredLayers())
            if (!covered.count(type)) missing << QString::fromStdString(type);
        QVERIFY2(missing.isEmpty(), qPrintable("layers without a torch case: " + missing.join(", ")));
    }

private:
    QTemporaryDir m_tmp;
    std::unique_ptr<layertest::Suite> m_suite;
};

QTEST_APPLESS_MAIN(TestLayersTorch)
#include "test_layers_torch.moc"
