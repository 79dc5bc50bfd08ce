// `tessera --screenshot`: renders the window at 1400×900 and exits, or fails with the message.
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QtTest>

namespace {

struct Run {
    int code = -1;
    QString err;
};

// Runs tessera with its own empty XDG_CONFIG_HOME, so a test can see whether it wrote settings.
Run tessera(const QStringList& args, const QString& configHome = {}) {
    QProcess process;
    if (!configHome.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_CONFIG_HOME", configHome);
        process.setProcessEnvironment(env);
    }
    process.start(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera"), args);
    if (!process.waitForFinished(60000)) qFatal("tessera did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardError())};
}

}  // namespace

class TestScreenshot : public QObject {
    Q_OBJECT
private slots:
    void rendersAnExample() {
        QTemporaryDir dir;
        const QString png = dir.filePath("window.png");
        QTemporaryDir config;
        const Run r = tessera({"--example", "spirals-residual-mlp", "--screenshot", png}, config.path());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // --screenshot never writes settings.
        QVERIFY(QDir(config.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1400, 900));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 2) {
            for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
    }
    void rendersTheAutogradLessonsAndPlayground() {
        QTemporaryDir dir;
        const QString png = dir.filePath("lesson.png");
        Run r = tessera(
            {"--show", "lessons", "--lesson", "1", "--lesson-step", "2", "--graph-steps", "4", "--screenshot", png});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(QImage(png).size(), QSize(1400, 900));
        r = tessera({"--show", "playground", "--screenshot", png});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = tessera({"--show", "lessons", "--lesson", "9", "--screenshot", png});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("--lesson: expected 1 to 3, got '9'"), qPrintable(r.err));
    }
    void rendersAProjectFile() {
        QTemporaryDir dir;
        const QString png = dir.filePath("window.png");
        const Run r =
            tessera({QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/sine-lstm.tessera"), "--screenshot", png});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(QImage(png).size(), QSize(1400, 900));
    }
    void helpAndVersionNeedNoDisplay() {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera"), {"--version"});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(process.readAllStandardOutput().startsWith("Tessera "));
        process.start(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera"), {"--help"});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QString help = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY(help.contains("--screenshot <FILE>"));
        QVERIFY(help.contains("--example <NAME>"));
    }
    void failsWithTheMessage() {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.tessera");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"something-else\", \"version\": 1}");
        f.close();
        const QString png = dir.filePath("window.png");
        const Run r = tessera({bad, "--screenshot", png});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(bad + ":1:12: field 'format' is \"something-else\""), qPrintable(r.err));
        QVERIFY(!QFile::exists(png));
        QCOMPARE(tessera({"--example", "nope", "--screenshot", png}).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "test_screenshot.moc"
