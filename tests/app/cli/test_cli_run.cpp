// tessera-cli run as a user runs it: a scikit-learn script and .npy inputs in, .npy results out, checked
// against sklearn 1.2.1 running the same script; --out created when missing, the same bytes for every
// --threads, `autograd` as the old name of the same command, sklearn's warnings on stderr, errors with
// file, line and column.
#include <QtTest>

#include "tests/app/cli_process.h"

namespace {

using tessera::testing::cli;
using tessera::testing::Run;
using tessera::testing::run;

Run python(const QString& code, const QString& dir) {
    return run(QStringLiteral(TESSERA_PYTHON3), {"-c", "import sys, numpy as np\nd = sys.argv[1]\n" + code, dir});
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kScript =
    "from sklearn.preprocessing import StandardScaler\n"
    "from sklearn.linear_model import Ridge\n"
    "from sklearn.pipeline import make_pipeline\n"
    "from sklearn.model_selection import train_test_split\n"
    "from sklearn.metrics import r2_score\n"
    "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)\n"
    "model = make_pipeline(StandardScaler(), Ridge(alpha=0.5)).fit(X_train, y_train)\n"
    "p = model.predict(X_test)\n"
    "coef = model[-1].coef_\n"
    "r2 = r2_score(y_test, p)\n"
    "n = X.shape[0]\n";

}  // namespace

class TestCliRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        writeFile(m_dir.filePath("fit.py"), kScript);
        QCOMPARE(python("rng = np.random.default_rng(3)\nX = rng.standard_normal((60, 4))\n"
                        "np.save(d + '/X.npy', X.astype(np.float32))\n"
                        "np.save(d + '/y.npy', X @ np.array([1.0, -2.0, 0.5, 3.0]) + rng.standard_normal(60))\n",
                        m_dir.path())
                     .code,
                 0);
    }

    // --out is created (with its parents); the files are what sklearn computes on the same inputs.
    void writesWhatSklearnComputes() {
        const QString out = m_dir.filePath("new/nested/out");
        const Run r = cli({"run", m_dir.filePath("fit.py"), "--in", "X=" + m_dir.filePath("X.npy"), "--in",
                           "y=" + m_dir.filePath("y.npy"), "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* file : {"X_train", "X_test", "y_train", "y_test", "p", "coef", "r2", "n"})
            QVERIFY2(QFile::exists(out + "/" + file + ".npy"), file);
        QVERIFY(!QFile::exists(out + "/model.npy"));
        const Run check = python(
            "X = np.load(d + '/X.npy').astype(np.float64); y = np.load(d + '/y.npy')\n"
            "exec(open(d + '/fit.py').read())\n"
            "o = d + '/new/nested/out/'\n"
            "ok = all(np.allclose(np.load(o + k + '.npy'), v, rtol=1e-10, atol=0) for k, v in\n"
            "         [('p', p), ('coef', coef), ('r2', r2), ('X_test', X_test)])\n"
            "print(ok, np.load(o + 'p.npy').dtype, np.load(o + 'n.npy').dtype, np.load(o + 'r2.npy').shape)\n",
            m_dir.path());
        QVERIFY2(check.code == 0, qPrintable(check.err));
        QCOMPARE(check.out.trimmed(), QString("True float64 int64 ()"));
    }

    // Results never depend on --threads (the default is every core).
    void threadsChangeNoByte() {
        QByteArrayList runs;
        for (const QString threads : {"1", "2", ""}) {
            const QString out = m_dir.filePath("threads" + threads);
            QStringList args{"run",  m_dir.filePath("fit.py"),       "--in",  "X=" + m_dir.filePath("X.npy"),
                             "--in", "y=" + m_dir.filePath("y.npy"), "--out", out};
            if (!threads.isEmpty()) args << "--threads" << threads;
            const Run r = cli(args);
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QByteArray all;
            for (const char* file : {"p", "coef", "r2", "X_train"}) all += readFile(out + "/" + file + ".npy");
            QVERIFY(!all.isEmpty());
            runs << all;
        }
        QCOMPARE(runs[0], runs[1]);
        QCOMPARE(runs[0], runs[2]);
    }

    // `autograd` is the same command: it runs sklearn scripts too.
    void autogradIsTheOldName() {
        const QString out = m_dir.filePath("old");
        const Run r = cli({"autograd", m_dir.filePath("fit.py"), "--in", "X=" + m_dir.filePath("X.npy"), "--in",
                           "y=" + m_dir.filePath("y.npy"), "--out", out, "--threads", "1"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(readFile(out + "/coef.npy"), readFile(m_dir.filePath("threads1/coef.npy")));
    }

    // sklearn's warnings reach stderr, one line naming the category each, as Python shows them.
    void warningsGoToStderr() {
        writeFile(m_dir.filePath("lasso.py"),
                  "from sklearn.linear_model import Lasso\nm = Lasso(alpha=0.001, max_iter=1).fit(X, y)\n");
        const Run r = cli({"run", m_dir.filePath("lasso.py"), "--in", "X=" + m_dir.filePath("X.npy"), "--in",
                           "y=" + m_dir.filePath("y.npy"), "--out", m_dir.filePath("lasso")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.startsWith(m_dir.filePath("lasso.py") +
                                  ": ConvergenceWarning: Objective did not converge. You might want to increase the "
                                  "number of iterations"),
                 qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
    }

    // A failing script: exit 1, the message names the script, line and column, then sklearn's cause.
    void errorsNameLineAndColumn() {
        writeFile(m_dir.filePath("bad.py"),
                  "from sklearn.linear_model import Ridge\nm = Ridge(alpha=-1)\nm = m.fit(X, y)\n");
        const Run r = cli({"run", m_dir.filePath("bad.py"), "--in", "X=" + m_dir.filePath("X.npy"), "--in",
                           "y=" + m_dir.filePath("y.npy"), "--out", m_dir.filePath("bad")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.startsWith(m_dir.filePath("bad.py") +
                                  ":3:7: The 'alpha' parameter of Ridge must be a float in the range [0, inf)"),
                 qPrintable(r.err));
        writeFile(m_dir.filePath("l1_min_c.py"), "from sklearn.svm import l1_min_c\n");
        const Run refused = cli({"run", m_dir.filePath("l1_min_c.py"), "--out", m_dir.filePath("bad")});
        QCOMPARE(refused.code, 1);
        QVERIFY2(
            refused.err.contains("l1_min_c.py:1:25: ImportError: sklearn.svm.l1_min_c is not available in Tessera"),
            qPrintable(refused.err));
        const Run usage = cli({"run", m_dir.filePath("fit.py")});
        QCOMPARE(usage.code, 2);
        QVERIFY(usage.err.contains("expected --out DIR"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
