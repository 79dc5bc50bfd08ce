// The main window offscreen: open a project, modify it, undo, save, reopen and compare; malformed
// and too-new files give a message and change nothing; examples open as untitled copies.
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTreeView>
#include <QUndoStack>
#include <QtTest>

#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/project/project_page.h"
#include "app/versions.h"
#include "core/io/project.h"
#include "widgets/common/messages_model.h"

using namespace tessera;
using app::MainWindow;
using app::MainWindowOptions;

namespace {

MainWindowOptions quiet() { return {.persistent = false, .pluginFolders = {}}; }

// A writable copy of a built-in example in `dir`.
QString copyExample(const QTemporaryDir& dir, const QString& name) {
    const QString path = dir.filePath(name + ".tessera");
    QFile::remove(path);
    if (!QFile::copy(MainWindow::exampleResource(name), path)) qFatal("cannot copy example %s", qPrintable(name));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void writeText(const QString& path, const QByteArray& text) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void menusAreComplete() {
        MainWindow w(quiet());
        QStringList menus;
        for (QAction* a : w.menuBar()->actions()) menus << a->text();
        QCOMPARE(menus, (QStringList{"&File", "&Edit", "&View", "&Run", "&Help"}));
        QStringList file;
        for (QAction* a : w.menuBar()->actions().first()->menu()->actions()) {
            if (!a->isSeparator()) file << a->text();
        }
        QCOMPARE(file, (QStringList{"&New", "&Open…", "Open &Recent", "Open &Example…", "New from &Template", "&Save",
                                    "Save &As…", "E&xport ONNX…", "O&pen ONNX…", "&Quit"}));
        QStringList view;
        for (QAction* a : w.menuBar()->actions().at(2)->menu()->actions()) view << a->text();
        QCOMPARE(view, (QStringList{"Project", "Messages", "Problems", "", "Autograd &Graph of a Training Step",
                                    "Operator &Timings on Nodes"}));
        w.show();
        QVERIFY(w.messagesDock()->isVisible());
        w.menuBar()->actions().at(2)->menu()->actions().at(1)->trigger();
        QVERIFY(!w.messagesDock()->isVisible());
        w.menuBar()->actions().at(2)->menu()->actions().at(1)->trigger();
        QVERIFY(w.messagesDock()->isVisible());
    }

    void openModifyUndoSaveReopen() {
        const QString path = copyExample(m_dir, "moons-mlp");
        MainWindow w(quiet());
        QVERIFY(w.openFile(path));
        QCOMPARE(w.windowTitle(), QString("moons-mlp.tessera[*] — Tessera"));
        QVERIFY(!w.isWindowModified());
        const io::Project original = w.document()->project();
        QCOMPARE(original.nodes.size(), std::size_t(9));

        // Type a new name into the page, as a user would.
        QLineEdit* name = w.projectPage()->nameEdit();
        QCOMPARE(name->text(), QString("moons-mlp"));
        name->selectAll();
        QTest::keyClicks(name, "Moons, wider");
        QCOMPARE(w.document()->project().name, std::string("Moons, wider"));
        QVERIFY(w.isWindowModified());
        QCOMPARE(w.document()->undoStack()->count(), 1);  // typing merges into one step

        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->project(), original);
        QCOMPARE(name->text(), QString("moons-mlp"));
        QVERIFY(!w.isWindowModified());

        w.document()->undoStack()->redo();
        QCOMPARE(name->text(), QString("Moons, wider"));
        w.projectPage()->descriptionEdit()->moveCursor(QTextCursor::End);
        QTest::keyClicks(w.projectPage()->descriptionEdit(), " Edited.");
        QVERIFY(w.document()->project().description.ends_with(" Edited."));
        QCOMPARE(w.document()->undoStack()->count(), 2);
        QVERIFY(w.isWindowModified());

        QVERIFY(w.save());
        QVERIFY(!w.isWindowModified());
        QCOMPARE(w.windowTitle(), QString("moons-mlp.tessera[*] — Tessera"));
        const io::Project saved = w.document()->project();
        QCOMPARE(io::loadProject(path.toStdString()), saved);

        MainWindow again(quiet());
        QVERIFY(again.openFile(path));
        QCOMPARE(again.document()->project(), saved);
        QCOMPARE(again.projectPage()->nameEdit()->text(), QString("Moons, wider"));
        QVERIFY(again.document()->project().nodes == original.nodes);
        QVERIFY(again.recentFiles().contains(QFileInfo(path).absoluteFilePath()));
    }

    void malformedFileGivesMessageAndChangesNothing() {
        const QString good = copyExample(m_dir, "iris-mlp");
        const QString bad = m_dir.filePath("bad.tessera");
        writeText(bad, "{\n  \"format\": \"tessera-project\",\n  \"version\": 1\n  \"name\": \"x\"\n}\n");
        MainWindow w(quiet());
        QVERIFY(w.openFile(good));
        w.document()->setName("changed, not saved");
        const io::Project before = w.document()->project();
        const QString title = w.windowTitle();
        const int messages = w.messages()->rowCount();
        QSignalSpy errors(&w, &MainWindow::errorReported);

        QVERIFY(!w.openFile(bad));
        QCOMPARE(errors.count(), 1);
        const QString expected = bad + ":4:3: expected ',' or '}' in object, found character '\"'";
        QCOMPARE(errors.at(0).at(0).toString(), expected);
        QCOMPARE(w.lastError(), expected);
        QCOMPARE(w.messages()->rowCount(), messages + 1);
        QCOMPARE(w.messages()->at(messages).severity, widgets::Severity::Error);
        QCOMPARE(w.messages()->at(messages).text, expected);
        QVERIFY(w.messagesDock()->isVisible() || !w.isVisible());
        QVERIFY(QApplication::activeModalWidget() == nullptr);

        QCOMPARE(w.document()->project(), before);
        QCOMPARE(w.document()->filePath(), QFileInfo(good).absoluteFilePath());
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(w.isWindowModified());
        QVERIFY(!w.recentFiles().contains(QFileInfo(bad).absoluteFilePath()));
    }

    void newerVersionAndMissingFileAreRefused() {
        const QString newer = m_dir.filePath("newer.tessera");
        QFile example(MainWindow::exampleResource("sine-lstm"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        const QByteArray text = example.readAll().replace("\"version\": 1", "\"version\": 7");
        writeText(newer, text);
        MainWindow w(quiet());
        QVERIFY(!w.openFile(newer));
        QVERIFY2(
            w.lastError().startsWith(newer + ":3:14: field 'version' is 7, newer than this Tessera understands (1)"),
            qPrintable(w.lastError()));
        QVERIFY(!w.openFile(m_dir.filePath("absent.tessera")));
        QVERIFY(w.lastError().contains("absent.tessera: cannot open"));
        QCOMPARE(w.document()->project().name, std::string("Untitled"));
        QVERIFY(w.document()->isUntitled());
    }

    void examplesOpenAsUntitledCopies() {
        MainWindow w(quiet());
        QCOMPARE(MainWindow::exampleNames().size(), 7);
        for (const QString& name : MainWindow::exampleNames()) {
            QVERIFY2(w.openExample(name), qPrintable(w.lastError()));
            QVERIFY(w.document()->isUntitled());
            QCOMPARE(w.document()->project().name, name.toStdString());
            QVERIFY(!w.document()->project().nodes.empty());
            QCOMPARE(w.windowTitle(), QString("%1 (untitled)[*] — Tessera").arg(name));
        }
        QVERIFY(!w.openExample("no-such-example"));
        // Saving an example writes a new file; the built-in copy cannot be touched.
        const QString target = m_dir.filePath("my-transformer.tessera");
        w.document()->setName("my transformer");
        QVERIFY(w.saveTo(target));
        QCOMPARE(w.document()->filePath(), target);
        QCOMPARE(io::loadProject(target.toStdString()).name, std::string("my transformer"));
        QVERIFY(!QFileInfo(m_dir.path()).dir().entryList({"*.tmp-*"}, QDir::Hidden | QDir::Files).size());
    }

    void dataPathsResolveAgainstTheProjectFile() {
        QVERIFY(QDir(m_dir.path()).mkpath("sub"));
        const QString project = m_dir.filePath("sub/points.tessera");
        writeText(project,
                  "{\"format\": \"tessera-project\", \"version\": 1, \"name\": \"points\", "
                  "\"data\": {\"csv\": \"data/points.csv\", \"target\": \"label\"}}");
        const QString expected = m_dir.filePath("sub/data/points.csv");
        MainWindow w(quiet());
        QVERIFY(w.openFile(project));
        QCOMPARE(w.document()->dataFile(), expected);
        const widgets::Message& warning = w.messages()->at(w.messages()->rowCount() - 1);
        QCOMPARE(warning.severity, widgets::Severity::Warning);
        QVERIFY2(warning.text.endsWith("the data file " + expected + " does not exist"), qPrintable(warning.text));

        QVERIFY(QDir(m_dir.path()).mkpath("sub/data"));
        writeText(expected, "x,label\n1,0\n");
        const int before = w.messages()->count(widgets::Severity::Warning);
        QVERIFY(w.openFile(project));
        QCOMPARE(w.messages()->count(widgets::Severity::Warning), before);
        bool shown = false;
        for (const QLabel* label : w.projectPage()->findChildren<QLabel*>())
            shown = shown || label->text().contains(expected);
        QVERIFY(shown);
    }

    void unsavedChangesPromptOnClose() {
        MainWindow w(quiet());
        w.show();
        QVERIFY(w.openExample("moons-mlp"));
        QVERIFY(w.close());  // unmodified: no question
        w.show();
        w.document()->setName("edited");
        int asked = 0;
        w.setUnsavedPrompt([&](const QString& name) {
            ++asked;
            return name == "edited (untitled)" ? MainWindow::UnsavedChoice::Cancel : MainWindow::UnsavedChoice::Discard;
        });
        QVERIFY(!w.close());
        QCOMPARE(asked, 1);
        QVERIFY(w.isVisible());
        QCOMPARE(w.document()->project().name, std::string("edited"));
        w.setUnsavedPrompt([&](const QString&) {
            ++asked;
            return MainWindow::UnsavedChoice::Discard;
        });
        QVERIFY(w.close());
        QCOMPARE(asked, 2);
    }

    void nonPersistentWindowLeavesSettingsAlone() {
        {
            MainWindow w(quiet());
            w.openFile(copyExample(m_dir, "digits-cnn"));
            w.close();
        }
        QVERIFY(QSettings().allKeys().isEmpty());
        {
            MainWindow w({.persistent = true, .pluginFolders = {}});
            w.openFile(copyExample(m_dir, "digits-cnn"));
            w.close();
        }
        const QSettings settings;
        QVERIFY(settings.contains("window/state"));
        QCOMPARE(settings.value("recentFiles").toStringList().size(), 1);
        MainWindow restored({.persistent = true, .pluginFolders = {}});
        QCOMPARE(restored.recentFiles().size(), 1);
        QSettings().clear();
    }

    void aboutListsLibraryVersions() {
        const auto versions = app::libraryVersions();
        QStringList names;
        for (const auto& [library, version] : versions) {
            names << library;
            QVERIFY2(QRegularExpression("^\\d+\\.\\d+").match(version).hasMatch(), qPrintable(library + " " + version));
        }
        QCOMPARE(names, (QStringList{"Tessera", "Qt", "Eigen", "oneTBB", "Graphviz", "ONNX"}));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
