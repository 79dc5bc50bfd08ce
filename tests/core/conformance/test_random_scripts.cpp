// Random expression scripts (random_cases.py: the op table composed at random, broadcast shapes,
// views, keepdim reductions, integer targets) run in torch and in Tessera; values and the gradients
// of every input must agree. The seed changes between runs and is logged; set TESSERA_RANDOM_SEED to
// replay a run. Each script is one test row. The autograd graph is compared too, but a difference
// there is reported (qWarning, and counted at the end), not failed: the graph contract is asserted by
// the hand-written conformance cases, where every known difference is declared (# graph-differs).
#include <QtTest>

#include "tests/core/conformance/case_check.h"

using namespace tessera;

namespace {
constexpr int kScripts = 200;
// The conformance tolerances (rtol 1e-12 / atol 1e-13 in float64) are for one op. A random script
// chains up to eight ops, prod and exp among them, and rounding differences compound (seen: 8e-12
// relative after eight steps); the scripts are compared at 100 times those tolerances.
constexpr double kChainToleranceScale = 100.0;
}  // namespace

class TestRandomScripts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void script_data() {
        QTest::addColumn<int>("index");
        bool fixed = false;
        const quint32 seed = static_cast<quint32>(qEnvironmentVariableIntValue("TESSERA_RANDOM_SEED", &fixed));
        m_seed = fixed ? seed : QRandomGenerator::global()->bounded(1u << 30);
        qInfo("seed %u (replay with TESSERA_RANDOM_SEED=%u)", m_seed, m_seed);
        const QString dir = QString(TESSERA_SOURCE_DIR) + "/tests/core/conformance/";
        const QString caseFile = m_tmp.filePath("random.py");
        QProcess gen;
        gen.start(TESSERA_PYTHON3,
                  {dir + "random_cases.py", QString::number(m_seed), QString::number(kScripts), caseFile});
        QVERIFY(gen.waitForFinished(60000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
        qInfo("cases per op: %s", gen.readAllStandardOutput().trimmed().constData());

        QProcess runner;
        runner.start(TESSERA_PYTHON3, {dir + "runner.py", caseFile, m_tmp.filePath("out")});
        QVERIFY(runner.waitForFinished(600000));
        QVERIFY2(runner.exitCode() == 0, runner.readAllStandardError().constData());
        QFile manifest(m_tmp.filePath("out/manifest.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        for (const auto& c : QJsonDocument::fromJson(manifest.readAll()).object()["cases"].toArray()) {
            m_cases.push_back(c.toObject());
            QTest::newRow(qPrintable(c.toObject()["name"].toString())) << static_cast<int>(m_cases.size() - 1);
        }
    }

    void script() {
        QFETCH(int, index);
        const QJsonObject& spec = m_cases[static_cast<std::size_t>(index)];
        const QString failure = conformance::checkCase(spec, m_tmp.filePath("out/" + spec["name"].toString()),
                                                       "random.py", nullptr, kChainToleranceScale);
        if (failure.startsWith(conformance::kGraphDiffersPrefix)) {
            ++m_graphDifferences;
            qWarning("seed %u, %s: values and gradients agree; %s", m_seed, qPrintable(spec["name"].toString()),
                     qPrintable(failure));
            return;
        }
        if (!failure.isEmpty())
            QFAIL(qPrintable(QString("seed %1\n%2\n%3").arg(m_seed).arg(spec["script"].toString(), failure)));
    }

    void cleanupTestCase() {
        qInfo("%d of %zu scripts have an autograd graph that differs from torch's (seed %u)", m_graphDifferences,
              m_cases.size(), m_seed);
    }

private:
    QTemporaryDir m_tmp;
    quint32 m_seed = 0;
    std::vector<QJsonObject> m_cases;
    int m_graphDifferences = 0;
};

QTEST_APPLESS_MAIN(TestRandomScripts)
#include "test_random_scripts.moc"
