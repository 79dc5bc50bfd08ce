// The project's "training" object: defaults, camelCase and torch keyword names, the scheduler's
// interval, early stopping, and errors that name the file, line, column and field.
#include <QTest>

#include "core/tensor/error.h"
#include "core/train/training_config.h"

using namespace tessera;

namespace {

train::TrainingConfig parse(const char* text) {
    return train::parseTrainingConfig(io::parseJson(text, "p.tessera"), "p.tessera");
}

std::string errorOf(const char* text) {
    try {
        parse(text);
    } catch (const ValueError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

class TestTrainingConfig : public QObject {
    Q_OBJECT

private slots:
    void defaults() {
        train::TrainingConfig c = parse("{}");
        QCOMPARE(c.optimizer.type, std::string("Adam"));
        QCOMPARE(c.epochs, std::int64_t{10});
        QCOMPARE(c.batchSize, std::int64_t{32});
        QVERIFY(c.shuffle);
        QVERIFY(!c.dropLast);
        QVERIFY(!c.scheduler);
        QVERIFY(!c.earlyStopping);
        QVERIFY(c.initialWeights.empty());
        QVERIFY(!train::trainingConfigToJson(c).contains("initialWeights"));
    }

    void initialWeightsIsAPathKeptAsWritten() {
        train::TrainingConfig c = parse(R"({"initialWeights": "weights/model.safetensors"})");
        QCOMPARE(c.initialWeights, std::string("weights/model.safetensors"));
        QCOMPARE(train::parseTrainingConfig(train::trainingConfigToJson(c), "again").initialWeights, c.initialWeights);
        QCOMPARE(QString::fromStdString(errorOf(R"({"initialWeights": 3})")),
                 QString("p.tessera:1:20: training.initialWeights: must be a non-empty string, found 3"));
        QVERIFY(errorOf(R"({"initialWeights": ""})").find("training.initialWeights: must be a non-empty string") !=
                std::string::npos);
    }

    void optionKeysBecomeTorchKeywords() {
        train::TrainingConfig c = parse(R"({"optimizer": {"type": "AdamW", "lr": 0.003, "weightDecay": 0.01,
                                                          "betas": [0.9, 0.99], "amsgrad": true},
                                            "scheduler": {"type": "CosineAnnealingLR", "tMax": 30, "eta_min": 0.0001},
                                            "epochs": 30, "batchSize": 64, "seed": 3})");
        QCOMPARE(c.optimizer.type, std::string("AdamW"));
        QCOMPARE(c.optimizer.options.at("weight_decay").asNumber(), 0.01);
        QCOMPARE(c.optimizer.options.at("amsgrad").asBool(), true);
        QCOMPARE(c.optimizer.options.at("betas").size(), std::size_t{2});
        QCOMPARE(c.scheduler->options.at("T_max").asInteger(), std::int64_t{30});
        QCOMPARE(c.scheduler->options.at("eta_min").asNumber(), 0.0001);
        QCOMPARE(c.scheduler->interval, train::SchedulerConfig::Interval::Epoch);
        QCOMPARE(c.seed, std::uint64_t{3});
        // Round trip through JSON keeps every setting.
        train::TrainingConfig back = train::parseTrainingConfig(train::trainingConfigToJson(c), "again");
        QVERIFY(back.optimizer.options == c.optimizer.options);
        QVERIFY(back.scheduler->options == c.scheduler->options);
        QCOMPARE(back.epochs, c.epochs);
    }

    void oneCycleStepsPerBatch() {
        QCOMPARE(parse(R"({"scheduler": {"type": "OneCycleLR", "maxLr": 0.1}})").scheduler->interval,
                 train::SchedulerConfig::Interval::Step);
        QCOMPARE(parse(R"({"scheduler": {"type": "StepLR", "stepSize": 3, "interval": "step"}})").scheduler->interval,
                 train::SchedulerConfig::Interval::Step);
    }

    void earlyStopping() {
        train::TrainingConfig c =
            parse(R"({"earlyStopping": {"monitor": "val_acc", "patience": 4, "minDelta": 0.001}})");
        QCOMPARE(c.earlyStopping->monitor, std::string("val_acc"));
        QCOMPARE(c.earlyStopping->patience, std::int64_t{4});
        QVERIFY(c.earlyStopping->restoreBest);
        QVERIFY(train::monitorMaximises("val_acc"));
        QVERIFY(!train::monitorMaximises("val_loss"));
    }

    void errorsNameFileLineColumnAndField() {
        QCOMPARE(QString::fromStdString(errorOf(R"({"epochs": 0})")),
                 QString("p.tessera:1:12: training.epochs: must be at least 1, found 0"));
        // A damaged project cannot ask for a run that never ends (docs/RELIABILITY.md).
        QCOMPARE(QString::fromStdString(errorOf(R"({"epochs": 1000000000})")),
                 QString("p.tessera:1:12: training.epochs: must be at most 100000, found 1e+09"));
        QCOMPARE(QString::fromStdString(errorOf(R"({"threads": 99999})")),
                 QString("p.tessera:1:13: training.threads: must be at most 1024, found 99999"));
        QCOMPARE(QString::fromStdString(errorOf(R"({"batchSize": 1e15})")),
                 QString("p.tessera:1:15: training.batchSize: must be at most 1048576, found 1e+15"));
        QCOMPARE(QString::fromStdString(errorOf("{\n  \"batchsize\": 3}")),
                 QString("p.tessera:2:16: training.batchsize: unknown field (expected one of optimizer, scheduler, "
                         "epochs, batchSize, seed, shuffle, dropLast, earlyStopping, clipGradNorm, threads, "
                         "initialWeights)"));
        QVERIFY(errorOf(R"({"optimizer": {"lr": 0.1}})").find("training.optimizer.type: missing") != std::string::npos);
        QVERIFY(errorOf(R"({"earlyStopping": {"monitor": "val_f1"}})").find("unknown metric \"val_f1\"") !=
                std::string::npos);
        QVERIFY(errorOf(R"({"shuffle": 1})").find("training.shuffle: must be true or false, found 1") !=
                std::string::npos);
        QVERIFY(errorOf(R"({"scheduler": {"type": "StepLR", "interval": "batch"}})")
                    .find("must be \"epoch\" or \"step\"") != std::string::npos);
        QVERIFY(errorOf(R"({"optimizer": {"type": "SGD", "weightDecay": 1, "weight_decay": 2}})").find("given twice") !=
                std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestTrainingConfig)
#include "test_training_config.moc"
