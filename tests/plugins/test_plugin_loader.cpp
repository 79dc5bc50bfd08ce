// The plugin loader: the example plugin loads; broken files are reported with the file and cause.
#include <QtTest>

#include "app/main_window.h"
#include "plugins/plugin_loader.h"
#include "plugins/tessera_plugin.h"
#include "widgets/common/messages_model.h"

using namespace tessera;

namespace {
const QString kBuiltPlugins = QStringLiteral(TESSERA_BINARY_DIR "/app/plugins");
const QString kFixtures = QStringLiteral(TESSERA_BINARY_DIR "/tests/plugin-fixtures");
}  // namespace

class TestPluginLoader : public QObject {
    Q_OBJECT
private slots:
    void examplePluginLoads() {
        plugins::PluginLoader loader;
        const auto results = loader.load({kBuiltPlugins});
        QCOMPARE(results.size(), 1);
        QVERIFY2(results[0].ok(), qPrintable(results[0].error));
        QCOMPARE(results[0].name, QString("Example"));
        QCOMPARE(results[0].version, QString("1.0.0"));
        QVERIFY(results[0].file.endsWith("libtessera_example_plugin.so"));
        QVERIFY(!results[0].description.isEmpty());
        QCOMPARE(loader.plugins().size(), 1);
        QCOMPARE(loader.plugins()[0]->name(), QString("Example"));
        // Loading the same folder again refuses the duplicate instead of loading it twice.
        const auto again = loader.load({kBuiltPlugins});
        QCOMPARE(again.size(), 1);
        QVERIFY(again[0].error.contains("already loaded"));
        QCOMPARE(loader.plugins().size(), 1);
    }
    void badPluginsAreReported() {
        QTemporaryDir dir;
        QFile garbage(dir.filePath("libgarbage.so"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("this is not a shared library");
        garbage.close();
        QFile notes(dir.filePath("README.txt"));  // not a library: skipped, not reported
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.close();

        plugins::PluginLoader loader;
        const auto results = loader.load({kFixtures, dir.path(), dir.filePath("missing-folder")});
        QCOMPARE(results.size(), 2);
        QCOMPARE(results[0].file, kFixtures + "/libtessera_bad_metadata_plugin.so");
        QCOMPARE(results[0].error, QString("metadata field \"name\" must be a non-empty string"));
        QCOMPARE(results[1].file, dir.filePath("libgarbage.so"));
        QVERIFY2(results[1].error.startsWith("not a Qt plugin"), qPrintable(results[1].error));
        QVERIFY(loader.plugins().isEmpty());
    }
    void mainWindowReportsPluginsInMessages() {
        app::MainWindow w({.persistent = false, .pluginFolders = {kBuiltPlugins, kFixtures}});
        int loaded = 0, refused = 0;
        for (int row = 0; row < w.messages()->rowCount(); ++row) {
            const widgets::Message& m = w.messages()->at(row);
            if (m.severity == widgets::Severity::Info && m.text == "Loaded plugin Example 1.0.0") ++loaded;
            if (m.severity == widgets::Severity::Warning && m.source.endsWith("libtessera_bad_metadata_plugin.so") &&
                m.text.contains("metadata field \"name\""))
                ++refused;
        }
        QCOMPARE(loaded, 1);
        QCOMPARE(refused, 1);
    }
};

QTEST_MAIN(TestPluginLoader)
#include "test_plugin_loader.moc"
