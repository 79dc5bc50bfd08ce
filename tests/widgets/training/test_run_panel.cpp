// RunPanel offscreen: a project's settings shown and read back unchanged, edits land on torch's
// keywords, options the form does not show survive, and a malformed object leaves the form alone.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>
#include <tuple>

#include "core/io/json.h"
#include "core/tensor/error.h"
#include "widgets/training/run_panel.h"

using namespace tessera;
using widgets::RunPanel;

namespace {

io::Json json(const char* text) { return io::parseJson(text, "test"); }

template <typename T>
T* child(RunPanel& panel, int index) {
    return panel.findChildren<T*>().at(index);
}

}  // namespace

class TestRunPanel : public QObject {
    Q_OBJECT
private slots:
    void roundTrip() {
        RunPanel panel;
        panel.setTraining(json(R"({"optimizer": {"type": "Adam", "lr": 0.01, "betas": [0.8, 0.99]},
                                   "scheduler": {"type": "StepLR", "stepSize": 7, "gamma": 0.5},
                                   "epochs": 12, "batchSize": 16, "seed": 3,
                                   "earlyStopping": {"monitor": "val_acc", "patience": 4}})"),
                          "p.tessera");
        const train::TrainingConfig c = train::parseTrainingConfig(panel.training(), "panel");
        QCOMPARE(c.optimizer.type, std::string("Adam"));
        QCOMPARE(c.optimizer.options.at("lr").asNumber(), 0.01);
        QCOMPARE(c.optimizer.options.at("betas").asArray().front().asNumber(), 0.8);  // not on the form, kept
        QCOMPARE(c.scheduler->type, std::string("StepLR"));
        QCOMPARE(c.scheduler->options.at("step_size").asInteger(), 7);
        QCOMPARE(c.scheduler->options.at("gamma").asNumber(), 0.5);
        QCOMPARE(c.epochs, 12);
        QCOMPARE(c.batchSize, 16);
        QCOMPARE(c.seed, 3u);
        QCOMPARE(c.earlyStopping->monitor, std::string("val_acc"));
        QCOMPARE(c.earlyStopping->patience, 4);
    }

    void editsUseTorchKeywords() {
        RunPanel panel;
        panel.setTraining(io::Json::object(), "p");
        QSignalSpy changed(&panel, &RunPanel::changed);
        auto* optimizer = child<QComboBox>(panel, 0);
        optimizer->setCurrentText("SGD");
        QVERIFY(!changed.isEmpty());
        auto* momentum = child<QDoubleSpinBox>(panel, 2);
        momentum->setValue(0.9);
        auto* scheduler = child<QComboBox>(panel, 1);
        scheduler->setCurrentText("CosineAnnealingLR");
        const train::TrainingConfig c = panel.config();
        QCOMPARE(c.optimizer.type, std::string("SGD"));
        QCOMPARE(c.optimizer.options.at("momentum").asNumber(), 0.9);
        QVERIFY(!c.optimizer.options.contains("betas"));
        QCOMPARE(c.scheduler->type, std::string("CosineAnnealingLR"));
        QVERIFY(c.scheduler->options.contains("T_max"));
        auto* early = panel.findChildren<QCheckBox*>().at(1);
        early->setChecked(true);
        QVERIFY(panel.config().earlyStopping.has_value());
        early->setChecked(false);
        QVERIFY(!panel.config().earlyStopping.has_value());
    }

    // Showing settings is not editing them; split and loss come and go through their own signals.
    void splitAndLoss() {
        RunPanel panel;
        QSignalSpy changed(&panel, &RunPanel::changed);
        QSignalSpy split(&panel, &RunPanel::splitChanged);
        QSignalSpy loss(&panel, &RunPanel::lossChanged);
        panel.setTraining(json(R"({"optimizer": {"type": "SGD", "lr": 0.1}, "epochs": 4})"), "p");
        panel.setSplit(0.15, 0.25);
        panel.setLosses({"CrossEntropyLoss", "NLLLoss"}, "CrossEntropyLoss");
        QVERIFY(changed.isEmpty() && split.isEmpty() && loss.isEmpty());
        QCOMPARE(panel.valFraction(), 0.15);
        QCOMPARE(panel.testFraction(), 0.25);
        QCOMPARE(panel.loss(), QStringLiteral("CrossEntropyLoss"));
        auto* lossBox = panel.findChildren<QComboBox*>().at(3);  // after optimizer, schedule, monitor
        lossBox->setCurrentText("NLLLoss");
        QCOMPARE(loss.size(), 1);
        QCOMPARE(loss.front().front().toString(), QStringLiteral("NLLLoss"));
        panel.findChildren<QDoubleSpinBox*>().at(5)->setValue(0.3);  // validation split
        QCOMPARE(split.size(), 1);
        QCOMPARE(panel.valFraction(), 0.3);
        QCOMPARE(panel.testFraction(), 0.25);
        panel.setLosses({"CrossEntropyLoss"}, {});  // a graph without a loss node
        QVERIFY(panel.loss().isEmpty());
        QVERIFY(!lossBox->isEnabled());
    }

    // A learning rate typed as 3e-4 is 0.0003 (not 3), one below 1e-6 is taken, and the form shows each
    // in its shortest form.
    void learningRateInScientificNotation() {
        RunPanel panel;
        panel.setTraining(json(R"({"optimizer": {"type": "Adam", "lr": 0.001}})"), "p");
        auto* lr = panel.findChild<QDoubleSpinBox*>("learningRate");
        QVERIFY(lr);
        QCOMPARE(lr->text(), QString("0.001"));
        for (const auto& [typed, value, shown] :
             {std::tuple{"3e-4", 0.0003, "0.0003"}, std::tuple{"1e-8", 1e-8, "1e-08"}}) {
            lr->findChild<QLineEdit*>()->selectAll();
            QTest::keyClicks(lr, typed);
            QTest::keyClick(lr, Qt::Key_Return);
            QCOMPARE(panel.config().optimizer.options.at("lr").asNumber(), value);
            QCOMPARE(lr->text(), QString(shown));
        }
    }

    void malformedLeavesTheForm() {
        RunPanel panel;
        panel.setTraining(json(R"({"epochs": 5})"), "p");
        QVERIFY_THROWS_EXCEPTION(ValueError, panel.setTraining(json(R"({"epochs": -1})"), "p"));
        QCOMPARE(panel.config().epochs, 5);
    }
};

QTEST_MAIN(TestRunPanel)
#include "test_run_panel.moc"
