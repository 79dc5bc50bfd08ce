// tessera-cli import-onnx and export-onnx: a CNN exported by torch 1.13 (with BatchNormalization) becomes
// a project with weights and is exported again with the same operators; damaged files and bad arguments
// give clear errors.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/app/cli_process.h"

namespace {

using tessera::testing::cli;
using tessera::testing::Run;
using tessera::testing::run;

Run onnxTool(const QStringList& args) {
    return run(QStringLiteral(TESSERA_PYTHON3),
               QStringList{QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/onnx_tool.py")} + args);
}

}  // namespace

class TestCliOnnx : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const Run r = run(QStringLiteral(TESSERA_PYTHON3),
                          {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/onnx/torch_models.py"), m_dir.path()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }

    void importThenExportKeepsTheOperators() {
        const QString project = m_dir.filePath("cnn.tessera"), out = m_dir.filePath("again.onnx");
        const Run imported = cli({"import-onnx", m_dir.filePath("cnn.onnx"), "--out", project});
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        QVERIFY(imported.out.startsWith("wrote " + project));
        QVERIFY(QFile::exists(m_dir.filePath("cnn.safetensors")));
        QCOMPARE(cli({"validate", project}).code, 0);

        const Run exported =
            cli({"export-onnx", project, "--weights", m_dir.filePath("cnn.safetensors"), "--out", out});
        QVERIFY2(exported.code == 0, qPrintable(exported.err));
        QCOMPARE(exported.out, "wrote " + out + " (ONNX IR 8, opset 17)\n");
        QCOMPARE(onnxTool({"check", out}).code, 0);
        const Run torchOps = onnxTool({"ops", m_dir.filePath("cnn.onnx")}), ours = onnxTool({"ops", out});
        QVERIFY(torchOps.out.contains("BatchNormalization"));
        QCOMPARE(ours.out, torchOps.out);
    }

    void errorsNameTheFileAndTheCause() {
        QFile full(m_dir.filePath("mlp.onnx"));
        QVERIFY(full.open(QIODevice::ReadOnly));
        const QByteArray bytes = full.readAll();
        QFile cut(m_dir.filePath("cut.onnx"));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() / 3));
        cut.close();
        const Run r = cli({"import-onnx", cut.fileName(), "--out", m_dir.filePath("cut.tessera")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(cut.fileName() + ": not a valid ONNX model"), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath("cut.tessera")));

        QCOMPARE(cli({"export-onnx", QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/iris-mlp.tessera")}).code,
                 2);
        QCOMPARE(cli({"import-onnx", m_dir.filePath("mlp.onnx")}).code, 2);
    }
};

QTEST_APPLESS_MAIN(TestCliOnnx)
#include "test_cli_onnx.moc"
