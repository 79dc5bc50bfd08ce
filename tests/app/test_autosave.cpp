// Autosave and crash recovery: a child process (this executable with --child) opens an example,
// edits its graph and reports once the edit is autosaved; the test kills it, opens a new window,
// accepts the recovery offer and must get the edited graph back, modified and unsaved.
#include <QApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <cstdio>

#include "app/autosave.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "core/graph/model_graph.h"
#include "widgets/designer/graph_model.h"

using namespace tessera;
using app::MainWindow;

namespace {

constexpr const char* kChildFlag = "--child";

// The edit the child makes: a wider first hidden layer of moons-mlp plus a new node.
void edit(widgets::GraphModel* model) {
    model->setParam(model->nodeIds()[1], "out_features", 48);
    model->addNode("Dropout", io::Json::object(), {900, 400});
}

int runChild(int argc, char** argv) {
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    MainWindow w({.persistent = false, .pluginFolders = {}, .autosaveSeconds = 1});
    if (!w.openExample("moons-mlp")) return 2;
    QObject::connect(w.autosave(), &app::Autosave::saved, [](const QString& file) {
        std::printf("autosaved %s\n", qPrintable(file));
        std::fflush(stdout);
    });
    edit(w.document()->graphModel());
    return QCoreApplication::exec();  // killed by the test
}

}  // namespace

class TestAutosave : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_home.isValid());
        // The child inherits HOME, so both look in the same (test-mode) application data folder.
        qputenv("HOME", QFile::encodeName(m_home.path()));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(Autosave::folder().startsWith(m_home.path()));
    }

    void neverBesideTheProject() {
        QVERIFY(!Autosave::folder().contains("/resources/"));
        MainWindow w({.persistent = false, .pluginFolders = {}, .autosaveSeconds = 60});
        QVERIFY(w.autosave()->file().startsWith(Autosave::folder()));
        QVERIFY(w.openExample("iris-mlp"));
        edit(w.document()->graphModel());
        QSignalSpy saved(w.autosave(), &app::Autosave::saved);
        w.autosave()->saveNow();
        QCOMPARE(saved.size(), 1);
        QVERIFY(QFileInfo::exists(w.autosave()->file()));
        // An open window's copy is not an orphan.
        QVERIFY(Autosave::findOrphans().isEmpty());
        w.document()->undoStack()->setClean();
        QVERIFY(!QFileInfo::exists(w.autosave()->file()));
    }

    void recoversAfterAKill() {
        QProcess child;
        child.setProgram(QCoreApplication::applicationFilePath());
        child.setArguments({kChildFlag});
        child.start();
        QVERIFY(child.waitForStarted());
        QByteArray out;
        while (!out.contains('\n')) {
            QVERIFY2(child.waitForReadyRead(30000), child.readAllStandardError().constData());
            out += child.readAllStandardOutput();
        }
        QVERIFY2(out.startsWith("autosaved "), out.constData());
        child.kill();
        QVERIFY(child.waitForFinished());

        // What the child had: the example with the same edit.
        MainWindow expected({.persistent = false, .pluginFolders = {}});
        QVERIFY(expected.openExample("moons-mlp"));
        edit(expected.document()->graphModel());

        MainWindow w({.persistent = false, .pluginFolders = {}, .autosaveSeconds = 60});
        QString asked;
        w.setRecoveryPrompt([&](const QString& description) {
            asked = description;
            return true;
        });
        QVERIFY(w.offerRecovery());
        QVERIFY(asked.contains("Recover"));
        QCOMPARE(w.document()->graphModel()->graph(), expected.document()->graphModel()->graph());
        QCOMPARE(w.document()->project().nodes, expected.document()->project().nodes);
        QVERIFY(w.document()->isModified());
        // Offered once only.
        QVERIFY(!w.offerRecovery());
    }

private:
    using Autosave = app::Autosave;
    QTemporaryDir m_home;
};

int main(int argc, char** argv) {
    if (argc > 1 && qstrcmp(argv[1], kChildFlag) == 0) return runChild(argc, argv);
    QApplication app(argc, argv);
    TestAutosave test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_autosave.moc"
