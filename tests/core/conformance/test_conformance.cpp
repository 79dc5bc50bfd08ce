// Every op against torch 1.13: each case of cases/*.py runs in torch (runner.py, one python process per
// case file) and in Tessera's expression language on the same .npy inputs; every assigned variable
// must agree in shape, dtype and values (rtol 1e-5 / atol 1e-6 in float32, 1e-12 / 1e-13 in float64,
// exact for int64 and bool, NaN equal to NaN). A `# error: TEXT` case must raise on both sides, with
// TEXT in Tessera's message. The last test fails for any registered op that no case calls.
#include <QtTest>

#include <cmath>
#include <set>

#include "core/io/npy.h"
#include "core/ops/dispatch.h"
#include "core/script/interpreter.h"
#include "core/script/script_error.h"

using namespace tessera;

namespace {

struct Case {
    QString file;  // "views.py"
    QString dir;   // runner output folder of the case
    QJsonObject spec;
    QString runnerError;  // the runner failed on the whole file
};

// Ops whose values no script can compare with torch's (kept short; each one says why and where it
// is tested instead).
const std::set<std::string> kCoverageExemptions = {};

QString describeMismatch(const std::string& name, const Tensor& got, const Tensor& want) {
    if (got.dtype() != want.dtype())
        return QString("%1: dtype %2, torch has %3")
            .arg(QString::fromStdString(name), QString::fromStdString(std::string(dtypeName(got.dtype()))),
                 QString::fromStdString(std::string(dtypeName(want.dtype()))));
    if (got.sizes() != want.sizes())
        return QString("%1: shape %2, torch has %3")
            .arg(QString::fromStdString(name), QString::fromStdString(shapeToString(got.sizes())),
                 QString::fromStdString(shapeToString(want.sizes())));
    if (!isFloating(want.dtype())) {
        const auto a = got.toVector<std::int64_t>(), b = want.toVector<std::int64_t>();
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i])
                return QString("%1: element %2 is %3, torch has %4")
                    .arg(QString::fromStdString(name))
                    .arg(i)
                    .arg(a[i])
                    .arg(b[i]);
        return {};
    }
    const bool f32 = want.dtype() == DType::Float32;
    const double rtol = f32 ? 1e-5 : 1e-12, atol = f32 ? 1e-6 : 1e-13;
    const auto a = got.toVector<double>(), b = want.toVector<double>();
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) && std::isnan(b[i])) continue;
        if (a[i] == b[i]) continue;  // equal infinities
        if (std::isfinite(a[i]) && std::isfinite(b[i]) && std::fabs(a[i] - b[i]) <= atol + rtol * std::fabs(b[i]))
            continue;
        return QString("%1: element %2 is %3, torch has %4")
            .arg(QString::fromStdString(name))
            .arg(i)
            .arg(a[i], 0, 'g', 17)
            .arg(b[i], 0, 'g', 17);
    }
    return {};
}

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
            QProcess runner;
            runner.start(TESSERA_PYTHON3, {QString(TESSERA_SOURCE_DIR) + "/tests/core/conformance/runner.py",
                                           casesDir.filePath(file), out});
            const bool finished = runner.waitForFinished(600000);
            QFile manifest(out + "/manifest.json");
            if (!finished || runner.exitCode() != 0 || !manifest.open(QIODevice::ReadOnly)) {
                m_cases.push_back({file, out, {}, "runner.py failed: " + QString(runner.readAllStandardError())});
                QTest::newRow(qPrintable(file + ": runner")) << static_cast<int>(m_cases.size() - 1);
                continue;
            }
            const QJsonArray cases = QJsonDocument::fromJson(manifest.readAll()).object()["cases"].toArray();
            for (const auto& c : cases) {
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
        const QJsonObject& spec = c.spec;
        const QString expectedError = spec["error"].isNull() ? QString() : spec["error"].toString();
        const QString torchError = spec["torch_error"].isNull() ? QString() : spec["torch_error"].toString();
        if (expectedError.isEmpty() && !torchError.isEmpty())
            QFAIL(qPrintable("torch raised: " + torchError + "\n" + spec["torch_traceback"].toString()));
        if (!expectedError.isEmpty() && torchError.isEmpty()) QFAIL("the case expects an error but torch raised none");

        script::Interpreter interp;
        for (const auto& name : spec["inputs"].toArray())
            interp.setVariable(
                name.toString().toStdString(),
                script::Value(io::readNpy((c.dir + "/inputs/" + name.toString() + ".npy").toStdString())));
        std::vector<std::pair<std::string, Tensor>> tracked;
        for (const auto& name : spec["requires_grad"].toArray()) {
            const script::Value* v = interp.variable(name.toString().toStdString());
            QVERIFY2(v && v->isTensor(), qPrintable("requires_grad names no input: " + name.toString()));
            v->asTensor().setRequiresGrad(true);
            tracked.emplace_back("grad_" + name.toString().toStdString(), v->asTensor());
        }
        const std::string backward =
            spec["backward"].isNull() ? std::string() : spec["backward"].toString().toStdString();
        // Blank lines in front keep the line numbers of the case file in Tessera's messages.
        const std::string text = std::string(static_cast<std::size_t>(spec["script_line"].toInt() - 1), '\n') +
                                 spec["script"].toString().toStdString();
        const std::string source = "cases/" + c.file.toStdString();
        if (!expectedError.isEmpty()) {
            try {
                interp.run(text, source);
            } catch (const Error& e) {
                const QString message = QString::fromUtf8(e.what());
                QVERIFY2(message.contains(expectedError),
                         qPrintable("Tessera's message '" + message + "' lacks '" + expectedError + "'"));
                return;
            }
            QFAIL(qPrintable("Tessera raised no error; torch raised " + torchError));
        }
        try {
            interp.run(text, source);
        } catch (const Error& e) {
            QFAIL(qPrintable(QString("Tessera raised: ") + e.what()));
        }

        auto outputs = interp.outputs();
        if (!backward.empty()) {
            const script::Value* root = interp.variable(backward);
            QVERIFY2(root && root->isTensor(), "the backward variable is not a tensor");
            try {
                root->asTensor().backward();
            } catch (const Error& e) {
                QFAIL(qPrintable(QString("Tessera's backward raised: ") + e.what()));
            }
            for (const auto& [name, input] : tracked)
                if (input.grad().defined()) outputs.emplace_back(name, input.grad());
        }
        std::set<std::string> expected;
        for (const auto& o : spec["outputs"].toArray()) expected.insert(o.toString().toStdString());
        std::set<std::string> produced;
        for (const auto& [name, tensor] : outputs) {
            produced.insert(name);
            if (!expected.count(name))
                QFAIL(qPrintable(QString::fromStdString("Tessera has output " + name + " that torch has not")));
            const Tensor want = io::readNpy((c.dir + "/torch/" + QString::fromStdString(name) + ".npy").toStdString());
            const QString mismatch = describeMismatch(name, tensor, want);
            if (!mismatch.isEmpty()) QFAIL(qPrintable(mismatch));
        }
        for (const auto& name : expected)
            if (!produced.count(name))
                QFAIL(qPrintable(QString::fromStdString("torch has output " + name + " that Tessera has not")));
        m_covered.insert(interp.calledOps().begin(), interp.calledOps().end());
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
            if (!m_covered.count(name) && !kCoverageExemptions.count(name)) missing << QString::fromStdString(name);
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
