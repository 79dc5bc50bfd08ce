// Runs a Python script with Debian's torch (/usr/bin/python3, TESSERA_PYTHON3) and returns its
// standard output; the test fails when the interpreter cannot run it.
//
//   const QString out = runTorch("import torch\nprint(repr(torch.arange(4.)))\n");
#pragma once

#include <QProcess>
#include <QString>
#include <QTest>

inline QString runTorch(const QString& script) {
    QProcess python;
    python.start(QStringLiteral(TESSERA_PYTHON3), {QStringLiteral("-")});
    if (!python.waitForStarted()) {
        QTest::qFail(qPrintable("cannot start " + QStringLiteral(TESSERA_PYTHON3)), __FILE__, __LINE__);
        return {};
    }
    python.write(script.toUtf8());
    python.closeWriteChannel();
    python.waitForFinished(-1);
    const QString err = QString::fromUtf8(python.readAllStandardError());
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0) {
        QTest::qFail(qPrintable("the torch reference script failed: " + err), __FILE__, __LINE__);
        return {};
    }
    return QString::fromUtf8(python.readAllStandardOutput());
}
