// Running a program (tessera-cli, /usr/bin/python3) as a user would, for the CLI suites:
//
//   const Run r = cli({"validate", example});        // TESSERA_BINARY_DIR/app/tessera-cli
//   QCOMPARE(r.code, 0);                             // -1 when the process crashed
//   QVERIFY(r.err.contains("digits-cnn"));
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace tessera::testing {

struct Run {
    int code = -1;  // the exit code, or -1 when the process did not exit normally
    QString out;
    QString err;
};

// Runs `program` to completion (a hung process fails the test run after `timeoutMs`).
inline Run run(const QString& program, const QStringList& args, int timeoutMs = 600000) {
    QProcess process;
    process.start(program, args);
    if (!process.waitForFinished(timeoutMs)) qFatal("%s did not finish", qPrintable(program));
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

inline Run cli(const QStringList& args) { return run(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera-cli"), args); }

}  // namespace tessera::testing
