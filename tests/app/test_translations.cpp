// The Chinese translation is built, found and used by the main window.
#include <QMenuBar>
#include <QtTest>

#include "app/main_window.h"
#include "app/translations.h"

using tessera::app::MainWindow;

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void englishGivesPluralForms() {
        QVERIFY(tessera::app::installTranslations(QLocale("en_GB"), {TESSERA_BINARY_DIR "/translations"}));
        QCOMPARE(QCoreApplication::translate("tessera::widgets::MessagesView", "%n error(s)", nullptr, 1),
                 QString("1 error"));
        QCOMPARE(QCoreApplication::translate("tessera::widgets::MessagesView", "%n error(s)", nullptr, 3),
                 QString("3 errors"));
    }
    void missingFolderFindsNothing() {
        QVERIFY(!tessera::app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/no-such-folder"}));
    }
    void otherLanguagesFallBackToEnglish() {
        QVERIFY(!tessera::app::installTranslations(QLocale("de_DE"), {TESSERA_BINARY_DIR "/translations"}));
        QCOMPARE(QCoreApplication::translate("tessera::widgets::MessagesView", "%n warning(s)", nullptr, 2),
                 QString("2 warnings"));
    }
    void chineseMainWindow() {
        QVERIFY(tessera::app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QStringList menus;
        for (QAction* a : w.menuBar()->actions()) menus << a->text();
        QCOMPARE(menus, (QStringList{"文件(&F)", "编辑(&E)", "视图(&V)", "运行(&R)", "帮助(&H)"}));
        QVERIFY(w.openExample("iris-mlp"));
        QCOMPARE(w.windowTitle(), QString("iris-mlp（未命名）[*] — Tessera"));
        QCOMPARE(QCoreApplication::translate("tessera::widgets::MessagesView", "%n error(s)", nullptr, 2),
                 QString("2 个错误"));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
