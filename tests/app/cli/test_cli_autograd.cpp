// tessera-cli autograd as a user runs it: a script and .npy inputs in, .npy values and gradients out,
// checked against torch 1.13 running the same script; errors with file, line and column.
#include <QProcess>
#include <QtTest>

#include "tests/app/cli_process.h"

namespace {

using tessera::testing::cli;
using tessera::testing::Run;
using tessera::testing::run;

Run python(const QString& code, const QString& dir) {
    return run(QStringLiteral(TESSERA_PYTHON3),
               {"-c", "import sys, numpy as np, torch\nd = sys.argv[1]\n" + code, dir});
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestCliAutograd : public QObject {
    Q_OBJECT
private slots:
    void valuesAndGradientsMatchTorch() {
        QTemporaryDir dir;
        const QString d = dir.path();
        const QByteArray script = "h = x @ w.t()\nr = h.relu()\ny = h[:, ::2]\nloss = y[1, 2]\nn = y.shape[1]\n";
        writeFile(d + "/model.py", script);
        QCOMPARE(python("rng = np.random.default_rng(0)\n"
                        "np.save(d + '/x.npy', rng.standard_normal((4, 3)))\n"
                        "np.save(d + '/w.npy', rng.standard_normal((5, 3)))\n",
                        d)
                     .code,
                 0);
        const Run r =
            cli({"autograd", d + "/model.py", "--in", "x=" + d + "/x.npy", "--in", "w=" + d + "/w.npy", "--out",
                 d + "/out", "--requires-grad", "w", "--backward", "loss", "--dot", "--threads", "1"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* file : {"h.npy", "r.npy", "y.npy", "loss.npy", "n.npy", "grad_w.npy", "graph.dot"})
            QVERIFY2(QFile::exists(d + "/out/" + file), file);
        const Run check = python(
            "x = torch.from_numpy(np.load(d + '/x.npy')); w = torch.from_numpy(np.load(d + '/w.npy'))\n"
            "w.requires_grad_()\n"
            "exec(open(d + '/model.py').read())\n"
            "loss.backward()\n"
            "ok = all(np.allclose(np.load(d + '/out/' + k + '.npy'), v, rtol=1e-12, atol=1e-13)\n"
            "         for k, v in [('h', h.detach()), ('r', r.detach()), ('y', y.detach()), ('loss', loss.detach()), "
            "('grad_w', w.grad)])\n"
            "n_file = np.load(d + '/out/n.npy')\n"
            "print(ok, n_file.shape, n_file.dtype, int(n_file) == n, np.load(d + '/out/loss.npy').shape)\n",
            d);
        QVERIFY2(check.code == 0, qPrintable(check.err));
        QCOMPARE(check.out.trimmed(), QString("True () int64 True ()"));
        QFile dot(d + "/out/graph.dot");
        QVERIFY(dot.open(QIODevice::ReadOnly));
        QVERIFY(dot.readAll().contains("MmBackward0"));
    }

    void scriptErrorsNameFileLineAndColumn() {
        QTemporaryDir dir;
        const QString d = dir.path();
        writeFile(d + "/bad.py", "y = x.t()\nz = y.view(12)\n");
        QCOMPARE(python("np.save(d + '/x.npy', np.zeros((3, 4), dtype=np.float32))\n", d).code, 0);
        const Run r = cli({"autograd", d + "/bad.py", "--in", "x=" + d + "/x.npy", "--out", d + "/out"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.startsWith(d + "/bad.py:2:7: view: view size [12] is not compatible"), qPrintable(r.err));
    }

    void badOptionsAreUsageErrors() {
        QCOMPARE(cli({"autograd"}).code, 2);
        QCOMPARE(cli({"autograd", "s.py", "--in", "x"}).code, 2);
        QCOMPARE(cli({"autograd", "s.py", "--in", "x=x.npy"}).code, 2);  // no --out
        QCOMPARE(cli({"autograd", "s.py", "--out", "o", "--threads", "zero"}).code, 2);
        QCOMPARE(cli({"autograd", "s.py", "--out", "o", "--frobnicate"}).code, 2);
        const Run missing = cli({"autograd", "/nonexistent/s.py", "--out", QDir::tempPath() + "/never"});
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains("/nonexistent/s.py"));
    }
};

QTEST_APPLESS_MAIN(TestCliAutograd)
#include "test_cli_autograd.moc"
