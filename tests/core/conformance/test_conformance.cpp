// Every op against torch 1.13: each case of cases/*.py runs in torch (runner.py, one python process per
// case file) and in Tessera's expression language on the same .npy inputs; every assigned variable
// must agree in shape, dtype and values (rtol 1e-5 / atol 1e-6 in float32, 1e-12 / 1e-13 in float64,
// exact for int64 and bool, NaN equal to NaN). A `# error: TEXT` case must raise on both sides, with
// TEXT in Tessera's message. The last test fails for any registered op that no case calls.
#include <QtTest>

#include <set>

#include "core/ops/dispatch.h"
#include "tests/core/conformance/case_check.h"

using namespace tessera;

namespace {

struct Case {
    QString file;  // "views.py"
    QString dir;   // runner output folder of the case
    QJsonObject spec;
    QString runnerError;  // the runner failed on the whole file
};

}  // namespace

class TestConformance : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void conformance_data() {
        QTest::addColumn<int>("index");
        const QDir casesDir(QString(TESSERA_SOURCE_DIR) + "/tests/core/conformance/cases");
        const QStringList files = casesDir.entryList({"*.py"}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "no case files");
        for (const QString& file : files) {
            const QString out = m_tmp.filePath(QFileInfo(file).completeBaseName());
            QString error;
            const auto cases =
                conformance::runCaseFile(QString(TESSERA_SOURCE_DIR) + "/tests/core/conformance/runner.py",
                                         casesDir.filePath(file), out, &error);
            if (!cases) {
                m_cases.push_back({file, out, {}, error});
                QTest::newRow(qPrintable(file + ": runner")) << static_cast<int>(m_cases.size() - 1);
                continue;
            }
            for (const auto& c : *cases) {
                const QJsonObject spec = c.toObject();
                m_cases.push_back({file, out + "/" + spec["name"].toString(), spec, {}});
                QTest::newRow(qPrintable(QFileInfo(file).completeBaseName() + "/" + spec["name"].toString()))
                    << static_cast<int>(m_cases.size() - 1);
            }
        }
    }

    void conformance() {
        QFETCH(int, index);
        const Case& c = m_cases[static_cast<std::size_t>(index)];
        if (!c.runnerError.isEmpty()) QFAIL(qPrintable(c.runnerError));
        const QString failure = conformance::checkCase(c.spec, c.dir, "cases/" + c.file.toStdString(), &m_covered);
        // A declared graph difference is an expected failure: reported as XFAIL while it lasts, and as a
        // failure (XPASS) once the graphs agree, so the declaration cannot outlive the difference.
        const QString known = c.spec["graph_differs"].toString();
        if (!known.isEmpty() && (failure.isEmpty() || failure.startsWith(conformance::kGraphDiffersPrefix)))
            QEXPECT_FAIL("", qPrintable(known), Continue);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    // Runs after every case: each registered op must be called by some passing case.
    void opCoverage() {
        QStringList missing;
        for (const auto& op : ops::registeredOps()) {
            const std::string name(op.name);
            // Backward-category ops serve a backward formula; the gradient checks of their op cover them.
            // Random ops draw from Tessera's generator, whose numbers are not torch's; the generator's
            // own tests (tests/core/tensor) check them.
            if (op.category == ops::OpCategory::Backward || op.category == ops::OpCategory::Random) continue;
            if (!m_covered.count(name)) missing << QString::fromStdString(name);
        }
        QVERIFY2(missing.isEmpty(), qPrintable("ops without a passing conformance case: " + missing.join(", ")));
    }

private:
    QTemporaryDir m_tmp;
    std::vector<Case> m_cases;
    std::set<std::string> m_covered;
};

QTEST_APPLESS_MAIN(TestConformance)
#include "test_conformance.moc"
