// tessera-cli on damaged input, as a user would meet it (docs/RELIABILITY.md): every command that reads
// a file — validate, train (also --resume), evaluate, predict, import-onnx, autograd — run from another
// working directory on truncated, bit-flipped, empty and random versions of good files ends within
// seconds with a status of 1 or 2 and a message naming the file, never with a crash (a signal), a hang
// or a run sized by a damaged number: a project asking for 10^9 epochs, samples or features is refused
// by its schema's range before any work starts.
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QtTest>

namespace {

const QString kCli = QStringLiteral(TESSERA_BINARY_DIR "/app/tessera-cli");
constexpr int kSecondsPerRun = 20;  // generous for a loaded 2-core machine; a hang is far longer

struct Run {
    int code = -1;  // -1: killed by a signal (a crash) or timed out
    QString err;
    double seconds = 0;
};

QString example(const char* name) {
    return QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/") + name + ".tessera";
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// A damaged copy of a good file, and whether every reader must refuse it (a bit flip may leave a
// valid file: inside a description, or a weight's value).
struct Damage {
    QString name;
    QByteArray bytes;
    bool mustFail = true;
};

QList<Damage> damages(const QByteArray& good, quint32 seed) {
    QRandomGenerator rng(seed);
    QList<Damage> out = {{"empty", {}},
                         {"one-byte", good.left(1)},
                         {"half", good.left(good.size() / 2)},
                         {"last-byte-cut", good.left(good.size() - 1), false},
                         {"twice", good + good, false}};
    QByteArray noise(512, 0);
    for (auto& c : noise) c = static_cast<char>(rng.bounded(256));
    out.append({"noise", noise});
    for (int v = 0; v < 4; ++v) {
        QByteArray flipped = good;
        for (int k = 0; k < 3; ++k) flipped[rng.bounded(flipped.size())] ^= static_cast<char>(1 << rng.bounded(8));
        out.append({QStringLiteral("flip%1").arg(v), flipped, false});
    }
    return out;
}

}  // namespace

class TestCliDamaged : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;        // the good files and the damaged copies
    QTemporaryDir m_elsewhere;  // the working directory of every run

    QString path(const QString& name) const { return m_dir.filePath(name); }

    Run cli(const QStringList& args) const {
        QProcess process;
        process.setWorkingDirectory(m_elsewhere.path());
        QElapsedTimer timer;
        timer.start();
        process.start(kCli, args);
        Run r;
        if (!process.waitForFinished(kSecondsPerRun * 1000)) {
            process.kill();
            process.waitForFinished();
            r.err = QStringLiteral("did not finish within %1 s").arg(kSecondsPerRun);
            r.seconds = kSecondsPerRun;
            return r;
        }
        r.seconds = timer.elapsed() / 1000.0;
        r.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        r.err = QString::fromUtf8(process.readAllStandardError());
        return r;
    }

    // Runs `args` once per damage of `good`, with the damaged copy in place of `%1`; `label` names the
    // copies. A script cut short may still be a valid program (an empty one is), so for scripts no
    // damage has to fail.
    void runOnDamaged(const QString& label, const QByteArray& good, const QString& suffix, const QStringList& args,
                      bool cutMayStayValid = false) {
        int index = 0;
        for (const Damage& d : damages(good, qHash(label))) {
            const QString file = path(label + "-" + QString::number(index++) + "-" + d.name + suffix);
            QVERIFY(writeFile(file, d.bytes));
            QStringList a = args;
            for (QString& arg : a) arg.replace("%1", file);
            const Run r = cli(a);
            const QString what =
                args.join(' ') + " on " + d.name + ": status " + QString::number(r.code) + ", " + r.err;
            QVERIFY2(r.code != -1, qPrintable(what));
            QVERIFY2(r.seconds < kSecondsPerRun, qPrintable(what));
            if (d.mustFail && !cutMayStayValid) QVERIFY2(r.code == 1, qPrintable(what));
            if (r.code != 0) {
                QVERIFY2(r.err.contains(QFileInfo(file).fileName()), qPrintable(what));
                QVERIFY2(r.err.count('\n') <= 20, qPrintable(what));  // a message, not a dump
            }
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid() && m_elsewhere.isValid());
        // Good files to damage: a trained moons-mlp (weights, checkpoint), its ONNX export, inputs.
        QVERIFY(QFile::copy(example("moons-mlp"), path("moons.tessera")));
        Run r = cli({"train", path("moons.tessera"), "--epochs", "1", "--quiet", "--out", path("run")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli({"export-onnx", path("moons.tessera"), "--weights", path("run/weights.safetensors"), "--out",
                 path("moons.onnx")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // x.npy: float32 [2, 2], written by hand after the .npy format 1.0.
        QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }";
        while ((10 + header.size() + 1) % 64 != 0) header += ' ';
        header += '\n';
        QByteArray npy = QByteArray("\x93NUMPY\x01\x00", 8);
        npy += static_cast<char>(header.size() & 0xff);
        npy += static_cast<char>(header.size() >> 8);
        npy += header;
        const float values[] = {0.5f, -0.25f, 1.0f, 0.0f};
        npy += QByteArray(reinterpret_cast<const char*>(values), sizeof values);
        QVERIFY(writeFile(path("x.npy"), npy));
        QVERIFY(writeFile(path("script.py"), "h = (x * 2.0).relu()\ny = h.sum(1)\n"));
        r = cli({"predict", path("moons.tessera"), "--weights", path("run/weights.safetensors"), "--in", path("x.npy"),
                 "--out", path("y.npy")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void validateDamagedProject() {
        runOnDamaged("validate", readAll(path("moons.tessera")), ".tessera", {"validate", "%1"});
    }
    void trainDamagedProject() {
        runOnDamaged("train", readAll(path("moons.tessera")), ".tessera",
                     {"train", "%1", "--epochs", "1", "--quiet", "--out", path("train-out")});
    }
    void trainResumeDamagedCheckpoint() {
        runOnDamaged("resume", readAll(path("run/checkpoint")), ".checkpoint",
                     {"train", path("moons.tessera"), "--epochs", "2", "--quiet", "--resume", "%1", "--out",
                      path("resume-out")});
    }
    void evaluateDamagedWeights() {
        runOnDamaged("evaluate", readAll(path("run/weights.safetensors")), ".safetensors",
                     {"evaluate", path("moons.tessera"), "--weights", "%1"});
    }
    void predictDamagedInput() {
        runOnDamaged("predict", readAll(path("x.npy")), ".npy",
                     {"predict", path("moons.tessera"), "--weights", path("run/weights.safetensors"), "--in", "%1",
                      "--out", path("predict-out.npy")});
    }
    void importDamagedOnnx() {
        runOnDamaged("import-onnx", readAll(path("moons.onnx")), ".onnx",
                     {"import-onnx", "%1", "--out", path("imported.tessera")});
    }
    void autogradDamagedScriptAndInput() {
        runOnDamaged("autograd", readAll(path("script.py")), ".py",
                     {"autograd", "%1", "--in", "x=" + path("x.npy"), "--out", path("autograd-out")}, true);
        runOnDamaged("autograd-input", readAll(path("x.npy")), ".npy",
                     {"autograd", path("script.py"), "--in", "x=%1", "--out", path("autograd-out")});
    }

    // A damaged number cannot size the work: the schema's range refuses it before anything starts.
    void hugeParametersAreRefusedAtOnce_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("message");
        QTest::newRow("epochs") << "train" << QByteArray("\"epochs\": 100,") << QByteArray("\"epochs\": 1000000000,")
                                << "training.epochs: must be at most 100000, found 1e+09";
        QTest::newRow("samples") << "validate" << QByteArray("\"samples\": 1000,")
                                 << QByteArray("\"samples\": 1000000000,")
                                 << "data.samples: expected an integer from 2 to 1000000, found 1e+09";
        QTest::newRow("out_features") << "train" << QByteArray("\"out_features\": 32")
                                      << QByteArray("\"out_features\": 1000000000")
                                      << "parameters, more than the 268435456 (1 GiB of float32) a model may hold";
    }
    void hugeParametersAreRefusedAtOnce() {
        QFETCH(QString, command);
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, message);
        QByteArray text = readAll(path("moons.tessera"));
        QVERIFY2(text.contains(from), from.constData());
        text.replace(text.indexOf(from), from.size(), to);
        const QString file = path(QStringLiteral("huge-%1.tessera").arg(QTest::currentDataTag()));
        QVERIFY(writeFile(file, text));
        const Run r =
            command == "train" ? cli({"train", file, "--quiet", "--out", path("huge-out")}) : cli({command, file});
        QVERIFY2(r.code == 1, qPrintable(r.err));
        QVERIFY2(r.err.contains(message) && r.err.contains("huge-"), qPrintable(r.err));
        QVERIFY2(r.seconds < 10, qPrintable(QString::number(r.seconds)));
    }

    void hugeCommandLineNumbersAreUsageErrors() {
        const Run r = cli({"train", path("moons.tessera"), "--threads", "99999999999", "--out", path("t")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--threads expects an integer from 1 to 1024"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliDamaged)
#include "test_cli_damaged.moc"
