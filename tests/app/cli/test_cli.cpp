// tessera-cli as a user runs it: no display, no Qt platform, exit codes and messages.
#include <QProcess>
#include <QtTest>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

// Runs tessera-cli with DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed from the environment.
Run cli(const QStringList& args) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera-cli"), args);
    if (!process.waitForFinished(30000)) qFatal("tessera-cli did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QStringList examples() {
    QStringList files;
    for (const QString& name : QDir(QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples")).entryList({"*.tessera"}))
        files << QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/") + name;
    return files;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void version() {
        const Run r = cli({"--version"});
        QCOMPARE(r.code, 0);
        QVERIFY(QRegularExpression("^tessera-cli \\d+\\.\\d+\\.\\d+\\n$").match(r.out).hasMatch());
    }
    void help() {
        const Run r = cli({"--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("Usage: tessera-cli"));
        QVERIFY(r.out.contains("\n  validate PROJECT..."));
        const Run one = cli({"validate", "--help"});
        QCOMPARE(one.code, 0);
        QVERIFY(one.out.startsWith("usage: tessera-cli validate PROJECT..."));
    }
    void usageErrors() {
        QCOMPARE(cli({}).code, 2);
        const Run unknown = cli({"frobnicate"});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains("unknown command or option 'frobnicate'"));
        QCOMPARE(cli({"validate"}).code, 2);
    }
    void validatesEveryExample() {
        const QStringList files = examples();
        QCOMPARE(files.size(), 7);
        for (const QString& file : files) {
            const Run r = cli({"validate", file});
            QVERIFY2(r.code == 0, qPrintable(file + ": " + r.err));
            QVERIFY(r.out.startsWith(file + ": valid tessera-project v1"));
            QVERIFY(QRegularExpression("\\n  nodes: \\d+ \\(").match(r.out).hasMatch());
            QVERIFY(QRegularExpression("\\n  edges: \\d+\\n").match(r.out).hasMatch());
            QVERIFY(r.err.isEmpty());
        }
        QCOMPARE(cli(QStringList{"validate"} + files).code, 0);
    }
    void refusesMalformedFiles() {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.tessera");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"tessera-project\", \"version\": 1,\n \"name\": \"x\",, }");
        f.close();
        const Run r = cli({"validate", bad});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err,
                 "tessera-cli validate: " + bad + ":2:14: expected a string key in object, found character ','\n");
        QVERIFY(r.out.isEmpty());
        // One bad file among good ones still fails the run, and the good ones are reported.
        const Run mixed = cli({"validate", examples().first(), bad});
        QCOMPARE(mixed.code, 1);
        QVERIFY(mixed.out.contains("valid tessera-project"));
        QVERIFY(mixed.err.contains(bad));
    }
    void validatePrintsShapesAndProblems() {
        const Run ok = cli({"validate", QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/digits-cnn.tessera")});
        QCOMPARE(ok.code, 0);
        QVERIFY2(QRegularExpression("\\n  conv1 +Conv2d +\\[N, 8, 8, 8\\] +80 +4608\\n").match(ok.out).hasMatch(),
                 qPrintable(ok.out));
        QVERIFY(QRegularExpression("\\n  total +1898 +23680\\n  problems: none\\n$").match(ok.out).hasMatch());

        QTemporaryDir dir;
        const QString project = dir.filePath("p.tessera");
        QFile f(project);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "tessera-project", "version": 1, "name": "p", "model": {"nodes": [
            {"id": "x", "type": "Input", "params": {"shape": [1, 28, 28]}},
            {"id": "fc", "type": "Linear", "params": {"in_features": 1568, "out_features": 10}},
            {"id": "out", "type": "Output"}],
          "edges": [{"from": "x", "fromPort": 0, "to": "fc", "toPort": 0},
                    {"from": "fc", "fromPort": 0, "to": "out", "toPort": 0}]}})");
        f.close();
        const Run bad = cli({"validate", project});
        QCOMPARE(bad.code, 1);
        QVERIFY2(
            bad.err.contains("tessera-cli validate: " + project +
                             ": fc (Linear), input 0, parameter 'in_features': Linear expects 1568 input features, "
                             "gets [N, 1, 28, 28] — add Flatten\n"),
            qPrintable(bad.err));
        QVERIFY(bad.err.contains(": model: warning: the model has no loss"));
        QVERIFY(bad.out.contains("\n  problems: 2\n"));
    }
    void missingDataFileIsReported() {
        QTemporaryDir dir;
        const QString project = dir.filePath("p.tessera");
        QFile f(project);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"format\": \"tessera-project\", \"version\": 1, \"name\": \"p\", \"data\": {\"csv\": \"data/x.csv\"}}");
        f.close();
        Run r = cli({"validate", project});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("field 'data.csv': " + dir.filePath("data/x.csv") + " does not exist"),
                 qPrintable(r.err));
        QVERIFY(QDir(dir.path()).mkpath("data"));
        QFile csv(dir.filePath("data/x.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.close();
        r = cli({"validate", project});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("data file: " + dir.filePath("data/x.csv")));
    }
    void linksNoQt() {
        QProcess readelf;
        readelf.start("readelf", {"-d", QStringLiteral(TESSERA_BINARY_DIR "/app/tessera-cli")});
        QVERIFY(readelf.waitForFinished());
        const QString needed = QString::fromUtf8(readelf.readAllStandardOutput());
        QVERIFY(needed.contains("libtessera_core.so"));
        QVERIFY2(!needed.contains("libQt6"), qPrintable(needed));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
