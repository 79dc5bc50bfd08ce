// Edit → Preferences…: the language and autosave settings round-trip through QSettings, --lang wins
// over the saved language, the dialog shows and returns the choices, and every shipped translation
// is offered.
#include <QComboBox>
#include <QDir>
#include <QMenuBar>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "app/main_window.h"
#include "app/preferences.h"

using namespace tessera::app;

class TestPreferences : public QObject {
    Q_OBJECT
private slots:
    void roundTripThroughSettings() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath("t.ini"), QSettings::IniFormat);
        QCOMPARE(loadPreferences(settings), Preferences{});
        savePreferences({.language = "zh_CN", .autosaveSeconds = 0}, settings);
        QCOMPARE(loadPreferences(settings), (Preferences{.language = "zh_CN", .autosaveSeconds = 0}));
    }
    void commandLineWinsOverThePreference() {
        QCOMPARE(startLocale({.language = "zh_CN"}, "en_GB").name(), QString("en_GB"));
        QCOMPARE(startLocale({.language = "zh_CN"}, "").name(), QString("zh_CN"));
        QCOMPARE(startLocale({}, "").name(), QLocale::system().name());
    }
    void dialogShowsAndReturnsTheChoices() {
        PreferencesDialog dialog({.language = "zh_CN", .autosaveSeconds = 45});
        auto* language = dialog.findChild<QComboBox*>("language");
        auto* autosave = dialog.findChild<QSpinBox*>("autosave");
        QVERIFY(language && autosave);
        QCOMPARE(language->currentText(), QString("简体中文"));
        QCOMPARE(autosave->value(), 45);
        language->setCurrentIndex(0);  // the system's
        autosave->setValue(0);
        QCOMPARE(dialog.preferences(), (Preferences{.language = "", .autosaveSeconds = 0}));
        language->setCurrentIndex(language->findData("en_US"));
        QCOMPARE(dialog.preferences().language, QString("en_US"));
    }
    // A translation added to translations/ without a line in the dialog is not offered.
    void everyShippedTranslationIsOffered() {
        QStringList shipped;
        for (const QString& qm : QDir(TESSERA_BINARY_DIR "/translations").entryList({"tessera_*.qm"}))
            shipped << qm.mid(8, qm.size() - 11);
        QVERIFY(shipped.contains("zh_CN"));
        QStringList offered;
        for (const auto& [code, name] : PreferencesDialog::languages()) offered << code.left(code.indexOf('_'));
        for (const QString& code : shipped) QVERIFY2(offered.contains(code.left(code.indexOf('_'))), qPrintable(code));
    }
    void editMenuOpensIt() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        auto* action = w.findChild<QAction*>("preferencesAction");
        QVERIFY(action);
        QVERIFY(w.menuBar()->actions().at(1)->menu()->actions().contains(action));
        bool shown = false;
        QTimer::singleShot(0, [&shown] {
            QWidget* modal = QApplication::activeModalWidget();
            shown = qobject_cast<PreferencesDialog*>(modal) != nullptr;
            if (auto* dialog = qobject_cast<QDialog*>(modal)) dialog->reject();
        });
        action->trigger();
        QVERIFY(shown);
    }
};

QTEST_MAIN(TestPreferences)
#include "test_preferences.moc"
