// Scripts in scikit-learn's style against scikit-learn 1.2.1: each case of sklearn_cases/*.py runs in
// Python (sklearn_runner.py, one process per case file) and through script::runScriptFile (what
// `tessera-cli run` does) on the same .npy inputs; both write their variables by the output rules of
// docs/cli.md and every written file must agree: the same names, dtypes, shapes and values (1e-10
// relative to the array's largest magnitude, exact for int64 and bool). A `# error: TEXT` case must
// fail on both sides with TEXT in both messages, and `# error-at: LINE:COL` places Tessera's error.
// The other tests cover what Python cannot show: imports Tessera refuses, thread independence.
#include <QtTest>

#include <cmath>

#include "core/io/npy.h"
#include "core/ml/base/registry.h"
#include "core/script/binding.h"
#include "core/script/interpreter.h"
#include "core/script/run_script.h"
#include "core/tensor/error.h"
#include "tests/core/conformance/case_check.h"

using namespace tessera;

namespace {

struct Case {
    QString file;
    QString dir;
    QJsonObject spec;
    QString runnerError;
};

QString mismatch(const QString& name, const Tensor& got, const Tensor& want) {
    if (got.dtype() != want.dtype())
        return QString("%1: dtype %2, sklearn has %3")
            .arg(name, dtypeName(got.dtype()).data(), dtypeName(want.dtype()).data());
    if (got.sizes() != want.sizes())
        return QString("%1: shape %2, sklearn has %3")
            .arg(name, QString::fromStdString(shapeToString(got.sizes())),
                 QString::fromStdString(shapeToString(want.sizes())));
    if (!isFloating(want.dtype())) {
        const auto a = got.toVector<std::int64_t>(), b = want.toVector<std::int64_t>();
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i])
                return QString("%1: element %2 is %3, sklearn has %4").arg(name).arg(i).arg(a[i]).arg(b[i]);
        return {};
    }
    const auto a = got.toVector<double>(), b = want.toVector<double>();
    double scale = 0;
    for (double v : b)
        if (std::isfinite(v)) scale = std::max(scale, std::fabs(v));
    for (std::size_t i = 0; i < a.size(); ++i) {
        if ((std::isnan(a[i]) && std::isnan(b[i])) || a[i] == b[i]) continue;
        if (std::isfinite(a[i]) && std::isfinite(b[i]) && std::fabs(a[i] - b[i]) <= 1e-10 * std::max(scale, 1e-300))
            continue;
        return QString("%1: element %2 is %3, sklearn has %4")
            .arg(name)
            .arg(i)
            .arg(a[i], 0, 'g', 17)
            .arg(b[i], 0, 'g', 17);
    }
    return {};
}

QString writeScript(const QString& path, const QString& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return "cannot write " + path;
    f.write(text.toUtf8());
    return {};
}

// Runs one case through Tessera; "" when it agrees with sklearn.
QString checkCase(const QJsonObject& spec, const QString& dir) {
    const QString name = spec["name"].toString();
    const QString expected = spec["error"].isNull() ? QString() : spec["error"].toString();
    const QString sklearnError = spec["sklearn_error"].isNull() ? QString() : spec["sklearn_error"].toString();
    if (expected.isEmpty() && !sklearnError.isEmpty())
        return "sklearn raised: " + sklearnError + "\n" + spec["sklearn_traceback"].toString();
    if (!expected.isEmpty() && !sklearnError.contains(expected))
        return "sklearn's error does not contain '" + expected + "': " + sklearnError;

    script::ScriptRun run;
    run.script = (dir + "/" + name + ".py").toStdString();
    if (QString e = writeScript(QString::fromStdString(run.script.string()), spec["script"].toString()); !e.isEmpty())
        return e;
    for (const auto& in : spec["inputs"].toArray())
        run.inputs.push_back({in.toString().toStdString(), (dir + "/inputs/" + in.toString() + ".npy").toStdString()});
    run.outDir = (dir + "/tessera").toStdString();
    try {
        script::runScriptFile(run);
    } catch (const Error& e) {
        const QString message = QString::fromUtf8(e.what());
        if (expected.isEmpty()) return "Tessera raised: " + message;
        if (!message.contains(expected)) return "Tessera's error does not contain '" + expected + "': " + message;
        const QString at = spec["error_at"].toString();
        if (!at.isEmpty() && !message.startsWith(QString::fromStdString(run.script.string()) + ":" + at + ": "))
            return "Tessera's error is not at " + at + ": " + message;
        return {};
    }
    if (!expected.isEmpty()) return "the case expects an error but Tessera raised none";
    QStringList written = QDir(dir + "/tessera").entryList({"*.npy"}, QDir::Files, QDir::Name);
    QStringList wanted;
    for (const auto& o : spec["outputs"].toArray()) wanted << o.toString() + ".npy";
    wanted.sort();
    if (written != wanted) return "written files " + written.join(", ") + "; sklearn wrote " + wanted.join(", ");
    for (const QString& file : wanted) {
        const Tensor got = io::readNpy((dir + "/tessera/" + file).toStdString());
        const Tensor want = io::readNpy((dir + "/sklearn/" + file).toStdString());
        if (QString m = mismatch(file, got, want); !m.isEmpty()) return m;
    }
    return {};
}

// A test-only estimator that holds fitted estimators the way searches, forests and column transformers
// do (heldEstimators(), state under NAME.KEY), so that scripts' access to them is tested before any
// such class is registered.
class HeldProbe : public ml::Estimator {
public:
    using Estimator::Estimator;
    Estimator& fit(const Tensor& X, const ml::Array& y, const Tensor&) override {
        clearAttributes();
        m_held.clear();
        for (const auto& alpha : param("grid").members()[0].second.items()) {
            m_held.push_back(ml::EstimatorRegistry::instance().create("Ridge", {{"alpha", alpha}}));
            m_held.back()->fit(X, y);
            setAttribute("estimators_." + std::to_string(m_held.size() - 1) + ".coef_",
                         m_held.back()->attribute("coef_"));
        }
        setAttribute("best_params_.alpha", Tensor::scalar<double>(m_held[0]->param("alpha").asDouble()));
        setAttribute("best_params_.solver", ml::Array(std::vector<std::string>{"auto"}));
        return *this;
    }
    std::vector<HeldEstimators> heldEstimators() const override {
        HeldEstimators list{"estimators_", HeldEstimators::Form::List, {}};
        for (const auto& e : m_held) list.items.emplace_back("", e);
        HeldEstimators one{"best_estimator_", HeldEstimators::Form::One, {{"", m_held.at(0)}}};
        HeldEstimators named{"named_estimators_", HeldEstimators::Form::Named, {{"first", m_held.at(0)}}};
        return {list, one, named};
    }

private:
    std::vector<std::shared_ptr<ml::Estimator>> m_held;
};

const ml::RegisterEstimator<HeldProbe> kHeldProbe({"HeldProbe",
                                                   "tessera.testing",
                                                   ml::EstimatorKind::Regressor,
                                                   "Fits one Ridge per alpha of grid (tests only).",
                                                   {{"grid", ml::ParamValue(), {}, "{'alpha': [values]}"}},
                                                   {"fit"}});

std::vector<std::string> runText(const QString& dir, const QString& text, int threads = 0) {
    script::ScriptRun run;
    run.script = (dir + "/s.py").toStdString();
    writeScript(dir + "/s.py", text);
    run.inputs = {{"X", (dir + "/X.npy").toStdString()}, {"y", (dir + "/y.npy").toStdString()}};
    run.outDir = (dir + "/out" + QString::number(threads)).toStdString();
    run.threads = threads;
    std::vector<std::string> names;
    for (const auto& f : script::runScriptFile(run)) names.push_back(f.filename().string());
    return names;
}

}  // namespace

class TestScriptSklearn : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QProcess py;
        py.start(TESSERA_PYTHON3, {"-c",
                                   "import sys, numpy as np\nrng = np.random.default_rng(5)\n"
                                   "X = rng.standard_normal((80, 5)); y = (X[:, 0] + X[:, 1] > 0).astype(np.int64)\n"
                                   "np.save(sys.argv[1] + '/X.npy', X); np.save(sys.argv[1] + '/y.npy', y)\n"
                                   "np.save(sys.argv[1] + '/s.npy', np.array(['dog', 'cat', 'émeu']))\n",
                                   m_tmp.path()});
        QVERIFY(py.waitForFinished(60000));
        QCOMPARE(py.exitCode(), 0);
    }

    void conformance_data() {
        QTest::addColumn<int>("index");
        const QDir casesDir(QString(TESSERA_SOURCE_DIR) + "/tests/core/script/sklearn_cases");
        const QStringList files = casesDir.entryList({"*.py"}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "no case files");
        for (const QString& file : files) {
            const QString out = m_tmp.filePath("cases/" + QFileInfo(file).completeBaseName());
            QString error;
            const auto cases =
                conformance::runCaseFile(QString(TESSERA_SOURCE_DIR) + "/tests/core/script/sklearn_runner.py",
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
        const QString failure = checkCase(c.spec, c.dir);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }

    // Names sklearn has but Tessera does not are refused at the import, naming the one that is not.
    void refusedImports() {
        script::Interpreter in;
        auto error = [&](const char* text) -> QString {
            try {
                in.run(text, "s.py");
            } catch (const Error& e) {
                return QString::fromUtf8(e.what());
            }
            return {};
        };
        QCOMPARE(error("from sklearn.svm import l1_min_c\n"),
                 QString("s.py:1:25: ImportError: sklearn.svm.l1_min_c is not available in Tessera"));
        QCOMPARE(error("from sklearn.linear_model import Ridge, NoSuchModel\n"),
                 QString("s.py:1:41: ImportError: sklearn.linear_model.NoSuchModel is not available in Tessera"));
        QVERIFY(error("from sklearn.linear_model import StandardScaler\n")
                    .contains("cannot import name 'StandardScaler' from 'sklearn.linear_model'"));
        QVERIFY(error("import pandas as pd\n").contains("No module named 'pandas'"));
        QVERIFY(error("from sklearn.preprocessing import *\n").contains("not supported"));
        QCOMPARE(error("from tessera.linear_model import RenewableHuberRegressor\nm = RenewableHuberRegressor()\n"),
                 QString());
        QCOMPARE(in.variable("m")->typeName(), std::string("RenewableHuberRegressor"));
        QCOMPARE(
            error("from scipy.stats import loguniform, randint\nu = loguniform(0.001, 100.0)\nr = randint(2, 9)\n"),
            QString());
        QCOMPARE(in.variable("u")->repr(), std::string("{'distribution': 'loguniform', 'a': 0.001, 'b': 100.0}"));
        QCOMPARE(in.variable("r")->lookup(script::Value("high"))->asInt(), std::int64_t{9});
        QCOMPARE(error("import numpy as np\nz = np.nan\nd = np.float64\n"), QString());
        QVERIFY(std::isnan(in.variable("z")->asDouble()));
        QCOMPARE(in.variable("d")->asDType(), DType::Float64);
    }

    // Held estimators, NAME.KEY dicts and dict parameters, through a class registered by this test.
    void heldEstimatorsAndDicts() {
        script::Interpreter in;
        in.setVariable("X", script::Value(io::readNpy(m_tmp.filePath("X.npy").toStdString())));
        in.setVariable("y", script::Value(io::readNpy(m_tmp.filePath("y.npy").toStdString())));
        in.run(
            "from tessera.testing import HeldProbe\n"
            "from sklearn.linear_model import Ridge\n"
            "grid = {'alpha': [0.5, 3.0]}\n"
            "m = HeldProbe(grid=grid).fit(X, y)\n"
            "c1 = m.estimators_[1].coef_\n"
            "ref = Ridge(alpha=3.0).fit(X, y).coef_\n"
            "best_alpha = m.best_estimator_.alpha\n"
            "solver = m.best_params_['solver']\n"
            "a = m.best_params_['alpha']\n"
            "first = m.named_estimators_['first'].coef_\n"
            "second_grid = m.grid['alpha'][1]\n"
            "n = len(m.estimators_)\n",
            "held.py");
        QCOMPARE(in.variable("c1")->asTensor().toVector<double>(), in.variable("ref")->asTensor().toVector<double>());
        QCOMPARE(in.variable("best_alpha")->asDouble(), 0.5);
        QCOMPARE(in.variable("solver")->asString(), std::string("auto"));
        QCOMPARE(in.variable("a")->asTensor().item<double>(), 0.5);
        QCOMPARE(in.variable("second_grid")->asDouble(), 3.0);
        QCOMPARE(in.variable("n")->asInt(), std::int64_t{2});
        QCOMPARE(in.variable("first")->asTensor().size(0), std::int64_t{5});
        std::vector<std::string> written;
        for (const auto& [name, t] : in.outputs()) written.push_back(name);
        // grid (a dict), m (an estimator) and solver (a str) are not outputs.
        QCOMPARE(written, (std::vector<std::string>{"c1", "ref", "best_alpha", "a", "first", "second_grid", "n"}));
    }

    // A str .npy input is string labels: classifiers predict the strings (which are not written).
    void stringLabelInputs() {
        script::ScriptRun run;
        run.script = m_tmp.filePath("labels.py").toStdString();
        writeScript(m_tmp.filePath("labels.py"), "n = len(s)\nfirst = s[2]\n");
        run.inputs = {{"s", m_tmp.filePath("s.npy").toStdString()}};
        run.outDir = m_tmp.filePath("labels_out").toStdString();
        script::runScriptFile(run);
        QCOMPARE(io::readNpy(m_tmp.filePath("labels_out/n.npy").toStdString()).item<std::int64_t>(), 3);
        QVERIFY(!QFile::exists(m_tmp.filePath("labels_out/first.npy")));
    }

    // --threads changes no result: every file is byte-identical for 1 and 2 threads.
    void threadsGiveIdenticalFiles() {
        const QString text =
            "from sklearn.preprocessing import StandardScaler, PolynomialFeatures\n"
            "from sklearn.linear_model import Ridge, Lasso\n"
            "from sklearn.neighbors import KNeighborsClassifier\n"
            "from sklearn.pipeline import make_pipeline\n"
            "m = make_pipeline(StandardScaler(), PolynomialFeatures(2), Ridge(alpha=0.3)).fit(X, y)\n"
            "p = m.predict(X)\n"
            "k = KNeighborsClassifier(n_neighbors=3).fit(X, y).predict_proba(X)\n"
            "c = Lasso(alpha=0.01).fit(X, y).coef_\n";
        const auto one = runText(m_tmp.path(), text, 1);
        const auto two = runText(m_tmp.path(), text, 2);
        QCOMPARE(one, two);
        QCOMPARE(one.size(), std::size_t{3});
        for (const auto& f : one) {
            QFile a(m_tmp.filePath("out1/" + QString::fromStdString(f))),
                b(m_tmp.filePath("out2/" + QString::fromStdString(f)));
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY2(a.readAll() == b.readAll(), f.c_str());
        }
    }

private:
    QTemporaryDir m_tmp;
    std::vector<Case> m_cases;
};

QTEST_APPLESS_MAIN(TestScriptSklearn)
#include "test_script_sklearn.moc"
