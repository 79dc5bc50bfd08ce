// tessera-cli train / evaluate / predict / profile as a user runs them, each in its own process:
// the output files and their columns, byte-identical weights for the same seed at 1 and 2 threads,
// a run stopped after an epoch and resumed in a fresh process ending with the same bytes, the
// profile table's total against its wall clock, and errors that name the thing, place and cause.
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "tests/app/cli_process.h"

namespace {

using tessera::testing::cli;
using tessera::testing::Run;
using tessera::testing::run;

QString example(const char* name) {
    return QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/") + name + ".tessera";
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestCliTrain : public QObject {
    Q_OBJECT

private slots:
    void trainWritesTheFourFiles() {
        QTemporaryDir dir;
        const Run r = cli({"train", example("moons-mlp"), "--epochs", "3", "--seed", "1", "--out", dir.path()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("epoch 3/3"));
        const QList<QByteArray> lines = readAll(dir.path() + "/metrics.csv").trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QByteArray("epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms"));
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines[i].split(',');
            QCOMPARE(cells.size(), 8);
            QCOMPARE(cells[0].toInt(), i);
            for (int c : {4, 5}) {
                bool ok = false;
                const double acc = cells[c].toDouble(&ok);
                QVERIFY(ok && acc >= 0 && acc <= 1);
            }
        }
        QVERIFY(QFile::exists(dir.path() + "/checkpoint"));
        QVERIFY(QFile::exists(dir.path() + "/weights.safetensors"));
        const QJsonObject test = QJsonDocument::fromJson(readAll(dir.path() + "/test_metrics.json")).object();
        QVERIFY(test.contains("test_loss"));
        QVERIFY(test["test_acc"].toDouble() > 0.8);

        // evaluate prints the same test metrics from the saved weights.
        const Run e = cli({"evaluate", example("moons-mlp"), "--weights", dir.path() + "/weights.safetensors"});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        const QJsonObject printed = QJsonDocument::fromJson(e.out.toUtf8()).object();
        QCOMPARE(printed["test_acc"].toDouble(), test["test_acc"].toDouble());
        QCOMPARE(printed["test_loss"].toDouble(), test["test_loss"].toDouble());
    }

    void sameSeedSameBytesAtOneAndTwoThreads() {
        QTemporaryDir dir;
        for (const char* threads : {"1", "2"}) {
            const Run r = cli({"train", example("spirals-residual-mlp"), "--epochs", "2", "--seed", "1", "--threads",
                               threads, "--quiet", "--out", dir.path() + "/t" + threads});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
        const QByteArray one = readAll(dir.path() + "/t1/weights.safetensors");
        QVERIFY(!one.isEmpty());
        QVERIFY(one == readAll(dir.path() + "/t2/weights.safetensors"));
    }

    void resumeInAFreshProcessGivesTheSameBytes() {
        QTemporaryDir dir;
        const QString full = dir.path() + "/full", part = dir.path() + "/part";
        Run r = cli({"train", example("iris-mlp"), "--epochs", "6", "--seed", "1", "--quiet", "--out", full});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = cli({"train", example("iris-mlp"), "--epochs", "6", "--seed", "1", "--stop-after-epoch", "2", "--quiet",
                 "--out", part});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(readAll(part + "/metrics.csv").trimmed().split('\n').size(), 3);
        r = cli({"train", example("iris-mlp"), "--epochs", "6", "--seed", "1", "--resume", part + "/checkpoint",
                 "--quiet", "--out", part});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(readAll(full + "/weights.safetensors") == readAll(part + "/weights.safetensors"));
        // The metrics of the resumed run match the uninterrupted run's, except for the timings.
        auto withoutTime = [](const QByteArray& csv) {
            QList<QByteArray> rows;
            for (const QByteArray& line : csv.trimmed().split('\n')) rows.append(line.left(line.lastIndexOf(',')));
            return rows;
        };
        QCOMPARE(withoutTime(readAll(part + "/metrics.csv")), withoutTime(readAll(full + "/metrics.csv")));
    }

    void predictWritesTheOutputNodesTensor() {
        QTemporaryDir dir;
        Run r = cli({"train", example("moons-mlp"), "--epochs", "1", "--quiet", "--out", dir.path()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString check = "import numpy as np, sys\nd = sys.argv[1]\n";
        QCOMPARE(
            run(QStringLiteral(TESSERA_PYTHON3),
                {"-c", check + "np.save(d + '/x.npy', np.array([[0.0, 0.5], [1.0, -0.5], [2.0, 0.3]], np.float32))",
                 dir.path()})
                .code,
            0);
        r = cli({"predict", example("moons-mlp"), "--weights", dir.path() + "/weights.safetensors", "--in",
                 dir.path() + "/x.npy", "--out", dir.path() + "/y.npy"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const Run shape = run(QStringLiteral(TESSERA_PYTHON3),
                              {"-c", check + "y = np.load(d + '/y.npy'); print(y.dtype, y.shape)", dir.path()});
        QCOMPARE(shape.out.trimmed(), QString("float32 (3, 2)"));

        // Rows of the wrong width name the input file and the shapes.
        QCOMPARE(run(QStringLiteral(TESSERA_PYTHON3),
                     {"-c", check + "np.save(d + '/bad.npy', np.zeros((3, 5), np.float32))", dir.path()})
                     .code,
                 0);
        r = cli({"predict", example("moons-mlp"), "--weights", dir.path() + "/weights.safetensors", "--in",
                 dir.path() + "/bad.npy", "--out", dir.path() + "/y2.npy"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("bad.npy") && r.err.contains("[3, 5]"), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.path() + "/y2.npy"));

        // The run's checkpoint where weights are expected says which file was meant; random bytes say
        // what they are not, not the header length they happen to spell.
        for (const QString command : {"predict", "evaluate"}) {
            QStringList args{command, example("moons-mlp"), "--weights", dir.path() + "/checkpoint"};
            if (command == "predict")
                args << "--in" << dir.path() + "/x.npy"
                     << "--out" << dir.path() + "/y3.npy";
            r = cli(args);
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains(dir.path() + "/checkpoint: is a training checkpoint, not weights; pass the "
                                                 "run's weights.safetensors"),
                     qPrintable(r.err));
        }
        writeFile(dir.path() + "/random.bin", QByteArray::fromHex("8c1f3a77e2d94b06a5c3118f60de27b9f4"));
        r = cli({"predict", example("moons-mlp"), "--weights", dir.path() + "/random.bin", "--in",
                 dir.path() + "/x.npy", "--out", dir.path() + "/y4.npy"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(dir.path() + "/random.bin: not a safetensors file"), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QRegularExpression("[0-9]{10,}")) && !r.err.contains("too large"), qPrintable(r.err));
    }

    // How much of the wall clock the table covers depends on the machine's load, so only the arithmetic
    // is checked here: on one thread the outermost op calls and the trainer's phases never overlap, so
    // their sum lies within the wall clock of the profiled steps.
    void profileTotalLiesWithinTheWallClock() {
        QTemporaryDir dir;
        const Run r = cli({"profile", example("digits-cnn"), "--steps", "10", "--threads", "1", "--trace",
                           dir.path() + "/trace.json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QRegularExpression("conv2d\\s+forward")));
        QVERIFY(r.out.contains(QRegularExpression("ConvolutionBackward0\\s+backward")));
        const QRegularExpressionMatch m =
            QRegularExpression(
                "ops ([0-9.]+) ms \\(outermost calls\\) \\+ trainer ([0-9.]+) ms = ([0-9.]+) ms; wall clock "
                "([0-9.]+) ms")
                .match(r.out);
        QVERIFY2(m.hasMatch(), qPrintable(r.out));
        const double ops = m.captured(1).toDouble(), trainer = m.captured(2).toDouble(),
                     total = m.captured(3).toDouble(), wall = m.captured(4).toDouble();
        QVERIFY2(ops > 0 && trainer > 0, qPrintable(r.out));
        QVERIFY2(std::abs(ops + trainer - total) <= 0.002, qPrintable(r.out));
        QVERIFY2(total <= wall + 0.001, qPrintable(r.out));
        const QJsonDocument trace = QJsonDocument::fromJson(readAll(dir.path() + "/trace.json"));
        QVERIFY(trace.isObject() || trace.isArray());
    }

    void badInputsAreNamed() {
        QTemporaryDir dir;
        Run r = cli({"train", example("moons-mlp")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--out is required"), qPrintable(r.err));
        r = cli({"train", example("moons-mlp"), "--epochs", "zero", "--out", dir.path()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--epochs expects an integer"), qPrintable(r.err));
        r = cli({"train", dir.path() + "/missing.tessera", "--out", dir.path()});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("missing.tessera"), qPrintable(r.err));

        QByteArray project = readAll(example("moons-mlp"));
        project.replace("\"type\": \"Adam\"", "\"type\": \"Adamm\"");
        writeFile(dir.path() + "/typo.tessera", project);
        r = cli({"train", dir.path() + "/typo.tessera", "--out", dir.path() + "/o"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("Adamm"), qPrintable(r.err));

        writeFile(dir.path() + "/junk", "not a checkpoint");
        r = cli({"train", example("moons-mlp"), "--resume", dir.path() + "/junk", "--out", dir.path() + "/o2"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("junk"), qPrintable(r.err));

        r = cli({"evaluate", example("moons-mlp"), "--weights", dir.path() + "/junk", "--split", "holdout"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--split expects train, val or test"), qPrintable(r.err));
    }
};

QTEST_APPLESS_MAIN(TestCliTrain)
#include "test_cli_train.moc"
