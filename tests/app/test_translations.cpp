// The Chinese translation is built, found and used by the main window, and covers every string.
#include <QDir>
#include <QDirIterator>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "app/main_window.h"
#include "app/training/training_page.h"
#include "app/translations.h"
#include "core/graph/node_type_registry.h"
#include "widgets/common/core_text.h"

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
        // Views are found by their untranslated names (tessera --training-tab) in any language.
        QVERIFY(w.trainingPage()->showView("metrics"));
        QVERIFY(!w.trainingPage()->showView("指标"));
        QCOMPARE(QCoreApplication::translate("tessera::widgets::MessagesView", "%n error(s)", nullptr, 2),
                 QString("2 个错误"));
    }
    // Core's words reach lupdate through translations/core_strings.cpp, printed from the registries: a
    // layer or category added to core without rerunning `ninja update_core_strings` fails here.
    void coreStringsAreCurrent() {
        QProcess tool;
        tool.start(TESSERA_CORE_STRINGS, QStringList{});
        QVERIFY2(tool.waitForFinished(60000), qPrintable(tool.errorString()));
        QCOMPARE(tool.exitCode(), 0);
        const QByteArray printed = tool.readAllStandardOutput();
        QFile file(TESSERA_SOURCE_DIR "/translations/core_strings.cpp");
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray stored = file.readAll();
        QVERIFY2(printed == stored,
                 "translations/core_strings.cpp is stale: run `ninja update_core_strings`, then "
                 "`ninja update_translations`, and translate the new entries");
        QVERIFY(printed.count("QT_TRANSLATE_NOOP") > 100);
    }
    // What core says reaches the screen in Chinese: every category, node type's and parameter's help.
    void coreWordsInChinese() {
        QVERIFY(tessera::app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        QCOMPARE(tessera::widgets::coreText("Convolution"), QString("卷积"));
        QCOMPARE(tessera::widgets::coreText("test"), QString("测试"));
        QCOMPARE(tessera::widgets::coreText("no such text"), QString("no such text"));
        const auto& registry = tessera::graph::NodeTypeRegistry::instance();
        QStringList english;
        for (const std::string& category : registry.categories())
            if (tessera::widgets::coreText(category) == QString::fromStdString(category))
                english << QString::fromStdString(category);
        for (const std::string& name : registry.names()) {
            const auto& type = registry.get(name);
            if (!type.help.empty() && tessera::widgets::coreText(type.help) == QString::fromStdString(type.help))
                english << QString::fromStdString(name);
            for (const auto& param : type.params)
                if (!param.help.empty() && tessera::widgets::coreText(param.help) == QString::fromStdString(param.help))
                    english << QString::fromStdString(name + "." + param.name);
        }
        QVERIFY2(english.isEmpty(), qPrintable("untranslated: " + english.join(", ")));
    }
    // lupdate over the sources that `ninja update_translations` reads, into a copy of tessera_zh_CN.ts:
    // a tr() string added without a translation shows up as an unfinished message.
    void chineseCoversEveryString() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ts = dir.filePath("tessera_zh_CN.ts");
        QVERIFY(QFile::copy(TESSERA_SOURCE_DIR "/translations/tessera_zh_CN.ts", ts));
        QVERIFY(QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner));
        const QDir source(TESSERA_SOURCE_DIR);
        QStringList args{"-I", source.path()};
        for (const QString folder : {"app", "widgets"}) {
            QDirIterator files(source.filePath(folder), {"*.cpp", "*.h"}, QDir::Files, QDirIterator::Subdirectories);
            while (files.hasNext()) {
                const QString file = files.next();
                if (!file.contains("/app/cli/")) args << file;
            }
        }
        args << source.filePath("plugins/plugin_loader.cpp") << source.filePath("translations/core_strings.cpp")
             << "-no-obsolete"
             << "-locations"
             << "none"
             << "-ts" << ts;
        QProcess lupdate;
        lupdate.start(TESSERA_LUPDATE, args);
        QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
        QCOMPARE(lupdate.exitCode(), 0);

        QFile file(ts);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString context, sourceText;
        QStringList untranslated;
        int messages = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement) continue;
            if (xml.name() == u"name") context = xml.readElementText();
            if (xml.name() == u"source") sourceText = xml.readElementText();
            if (xml.name() == u"translation") {
                ++messages;
                const bool unfinished = xml.attributes().value("type") == u"unfinished";
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (unfinished || text.trimmed().isEmpty()) untranslated << context + ": " + sourceText;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 300);
        QVERIFY2(untranslated.isEmpty(), qPrintable(QString("%1 string(s) without a zh_CN translation (run `ninja "
                                                            "update_translations`, then translate them): %2")
                                                        .arg(untranslated.size())
                                                        .arg(untranslated.join(" | "))));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
