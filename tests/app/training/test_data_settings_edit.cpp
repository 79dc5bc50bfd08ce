// The data settings are edited in the GUI, not only in the file: on the Training page's Data tab a
// generator's noise typed in scientific notation, the seed and standardization reach the open
// project's "data" object, each as one undo step, and undo shows the old value again.
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/training/training_page.h"
#include "widgets/data/data_panel.h"
#include "widgets/data/data_settings.h"

using namespace tessera;

namespace {

double dataNumber(const app::MainWindow& w, const char* key) {
    const io::Json* v = w.document()->project().data.find(key);
    return v && v->isNumber() ? v->asNumber() : -1;
}

}  // namespace

class TestDataSettingsEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void generatorSeedAndStandardizeReachTheProject() {
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("moons-mlp"));
        QCOMPARE(dataNumber(w, "noise"), 0.2);
        auto* panel = w.trainingPage()->findChild<widgets::DataPanel*>();
        QVERIFY(panel);
        widgets::DataSettings* settings = panel->settings();
        QVERIFY2(settings->keys().contains("samples") && settings->keys().contains("noise") &&
                     settings->keys().contains("scale") && settings->keys().contains("standardize"),
                 qPrintable(settings->keys().join(", ")));
        QUndoStack* undo = w.document()->undoStack();

        auto* noise = qobject_cast<QDoubleSpinBox*>(settings->field("noise"));
        QVERIFY(noise);
        QCOMPARE(noise->text(), QStringLiteral("0.2"));
        const int before = undo->count();
        noise->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(noise, "5e-2");
        QTest::keyClick(noise, Qt::Key_Return);
        QCOMPARE(dataNumber(w, "noise"), 0.05);
        QCOMPARE(undo->count(), before + 1);

        auto* seed = qobject_cast<QSpinBox*>(settings->field("seed"));
        QVERIFY(seed);
        seed->setValue(7);
        QCOMPARE(dataNumber(w, "seed"), 7.0);
        auto* standardize = qobject_cast<QCheckBox*>(settings->field("standardize"));
        QVERIFY(standardize);
        standardize->click();
        const io::Json* s = w.document()->project().data.find("standardize");
        QVERIFY(s && s->isBool() && s->asBool());
        QCOMPARE(undo->count(), before + 3);
        QCOMPARE(w.document()->project().data.find("dataset")->asString(), std::string("moons"));

        undo->undo();
        undo->undo();
        undo->undo();
        QCOMPARE(dataNumber(w, "noise"), 0.2);
        QCOMPARE(dataNumber(w, "seed"), 0.0);
        auto* shown = qobject_cast<QDoubleSpinBox*>(panel->settings()->field("noise"));
        QVERIFY(shown);
        QCOMPARE(shown->text(), QStringLiteral("0.2"));
    }
};

QTEST_MAIN(TestDataSettingsEdit)
#include "test_data_settings_edit.moc"
