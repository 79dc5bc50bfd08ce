// The trainer on a tiny hand-written MLP over two seeded blobs: the loss falls, seeded runs are
// byte-identical (also across thread counts), a run stopped at an epoch end or mid-epoch and resumed
// from its checkpoint in fresh objects ends with the same bytes, pause/step/stop tokens, early
// stopping with best-weights restore, graph capture and checkpoint errors.
#include <QTest>

#include <cstring>
#include <filesystem>
#include <future>
#include <thread>

#include "core/data/data_loader.h"
#include "core/io/safetensors.h"
#include "core/kernels/parallel.h"
#include "core/ops/activation.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/dropout.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"
#include "core/train/trainer.h"

using namespace tessera;

namespace {

Tensor normal(const Shape& sizes, double std) {
    Tensor t = Tensor::empty(sizes);
    defaultGenerator().fillNormal(t, 0.0, std);
    return t;
}

// 2 → 16 → 2 with dropout between, weights drawn from the default generator.
class TinyMlp : public nn::Module {
public:
    explicit TinyMlp(std::uint64_t seed) : Module("TinyMlp") {
        manualSeed(seed);
        w1 = registerParameter("w1", normal({16, 2}, 0.5));
        b1 = registerParameter("b1", zeros({16}));
        w2 = registerParameter("w2", normal({2, 16}, 0.25));
        b2 = registerParameter("b2", zeros({2}));
    }
    Tensor forward(const Tensor& x) override {
        Tensor h = ops::dropout(ops::relu(ops::linear(x, w1, b1)), 0.2, isTraining());
        return ops::linear(h, w2, b2);
    }
    Tensor w1, b1, w2, b2;
};

// Two overlapping Gaussian blobs around (-1, -1) and (1, 1).
data::Dataset blobs(std::int64_t n, std::uint64_t seed) {
    Generator gen(seed);
    Tensor noise = Tensor::empty({n, 2});
    gen.fillNormal(noise, 0.0, 0.8);
    std::vector<float> x = noise.toVector<float>();
    std::vector<std::int64_t> y(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        y[static_cast<std::size_t>(i)] = i % 2;
        float centre = i % 2 ? 1.0f : -1.0f;
        x[static_cast<std::size_t>(2 * i)] += centre;
        x[static_cast<std::size_t>(2 * i + 1)] += centre;
    }
    data::Dataset d;
    d.name = "blobs";
    d.task = data::Task::Classification;
    d.features = Tensor::fromVector<float>(x, {n, 2});
    d.targets = Tensor::fromVector<std::int64_t>(y, {n});
    d.featureNames = {"a", "b"};
    d.classNames = {"left", "right"};
    d.sampleShape = {2};
    return d;
}

train::TrainingConfig config(std::int64_t epochs) {
    train::TrainingConfig c =
        train::parseTrainingConfig(io::parseJson(R"({"optimizer": {"type": "Adam", "lr": 0.02, "weightDecay": 0.001},
                          "scheduler": {"type": "StepLR", "stepSize": 2, "gamma": 0.5},
                          "batchSize": 24, "seed": 5})",
                                                 "test"),
                                   "test");
    c.epochs = epochs;
    return c;
}

train::LossFunction crossEntropy() {
    return [](const Tensor& p, const Tensor& y) { return ops::crossEntropy(p, y); };
}

std::string bytesOf(const nn::Module& m) {
    std::string out;
    for (const auto& [name, t] : m.stateDict()) {
        out += name;
        out.append(static_cast<const char*>(t.rawData()), t.nbytes());
    }
    return out;
}

// One fixture: model, loaders and trainer, built fresh for each run as a new process would.
struct Run {
    explicit Run(train::TrainingConfig cfg, std::uint64_t initSeed = 11)
        : model(initSeed),
          trainSet(blobs(120, 1)),
          valSet(blobs(40, 2)),
          trainLoader(trainSet, {.batchSize = cfg.batchSize, .shuffle = true, .seed = cfg.seed}),
          valLoader(valSet, {.batchSize = 64, .shuffle = false, .seed = cfg.seed}),
          trainer(model, train::withLoss(model, crossEntropy()), cfg, trainLoader, &valLoader,
                  data::Task::Classification) {}
    TinyMlp model;
    data::Dataset trainSet, valSet;
    data::DataLoader trainLoader, valLoader;
    train::Trainer trainer;
};

std::filesystem::path tempFile(const char* name) {
    auto dir = std::filesystem::path(TESSERA_BINARY_DIR) / "test_trainer";
    std::filesystem::create_directories(dir);
    return dir / name;
}

}  // namespace

class TestTrainer : public QObject {
    Q_OBJECT

private slots:
    void lossFallsAndHistoryIsKept() {
        Run run(config(6));
        std::vector<double> stepLosses;
        run.trainer.callbacks().onStep = [&](const train::StepRecord& r) { stepLosses.push_back(r.loss); };
        train::TrainResult result = run.trainer.run();
        QCOMPARE(result.reason, train::FinishReason::Completed);
        QCOMPARE(result.epochs, std::int64_t{6});
        QCOMPARE(result.steps, std::int64_t{30});  // 120 / 24 batches per epoch
        QCOMPARE(stepLosses.size(), std::size_t{30});
        QCOMPARE(result.history.size(), std::size_t{6});
        QVERIFY(result.history.back().train.loss < result.history.front().train.loss);
        QVERIFY(result.history.back().validation->loss < result.history.front().validation->loss);
        QVERIFY(*result.history.back().validation->accuracy > 0.85);
        // StepLR(step_size=2, gamma=0.5) stepped per epoch: epochs 5 and 6 ran at 0.02 / 4.
        QCOMPARE(result.history[4].lr, 0.005);
        QCOMPARE(result.history[0].lr, 0.02);
    }

    void sameSeedGivesSameBytesOnAnyThreadCount() {
        train::TrainingConfig one = config(3), two = config(3);
        one.threads = 1;
        two.threads = 2;
        Run a(one), b(two), c(one);
        a.trainer.run();
        b.trainer.run();
        c.trainer.run();
        QVERIFY(bytesOf(a.model) == bytesOf(b.model));
        QVERIFY(bytesOf(a.model) == bytesOf(c.model));
        train::TrainingConfig otherSeed = config(3);
        otherSeed.seed = 6;
        Run d(otherSeed);
        d.trainer.run();
        QVERIFY(bytesOf(a.model) != bytesOf(d.model));
        kernels::setNumThreads(2);
    }

    void resumeAfterAnEpochGivesTheSameBytes() {
        Run full(config(5));
        full.trainer.run();

        auto file = tempFile("epoch.ckpt");
        {
            Run first(config(5));
            first.trainer.callbacks().onEpochEnd = [&](const train::EpochRecord& r) {
                if (r.epoch == 2) first.trainer.control().stop();
            };
            train::TrainResult stopped = first.trainer.run();
            QCOMPARE(stopped.reason, train::FinishReason::Stopped);
            QCOMPARE(stopped.epochs, std::int64_t{2});
            first.trainer.saveCheckpoint(file);
        }
        Run second(config(5), /*initSeed=*/99);  // different initial weights: the checkpoint replaces them
        second.trainer.loadCheckpoint(file);
        QCOMPARE(second.trainer.epoch(), std::int64_t{2});
        train::TrainResult resumed = second.trainer.run();
        QCOMPARE(resumed.reason, train::FinishReason::Completed);
        QCOMPARE(resumed.history.size(), std::size_t{5});
        QVERIFY(bytesOf(full.model) == bytesOf(second.model));
        QCOMPARE(resumed.history.back().validation->loss, full.trainer.history().back().validation->loss);
        QCOMPARE(resumed.history.back().train.loss, full.trainer.history().back().train.loss);
    }

    void resumeMidEpochGivesTheSameBytes() {
        Run full(config(3));
        full.trainer.run();

        auto file = tempFile("step.ckpt");
        {
            Run first(config(3));
            first.trainer.callbacks().onStep = [&](const train::StepRecord& r) {
                if (r.step == 7) first.trainer.control().stop();
            };
            first.trainer.run();
            QCOMPARE(first.trainer.globalStep(), std::int64_t{7});
            first.trainer.saveCheckpoint(file);
        }
        Run second(config(3), 99);
        second.trainer.loadCheckpoint(file);
        second.trainer.run();
        QVERIFY(bytesOf(full.model) == bytesOf(second.model));
        QCOMPARE(second.trainer.history()[1].train.loss, full.trainer.history()[1].train.loss);
    }

    void completedRunContinuesWithMoreEpochs() {
        Run full(config(4));
        full.trainer.run();
        auto file = tempFile("completed.ckpt");
        {
            Run shorter(config(2));
            QCOMPARE(shorter.trainer.run().reason, train::FinishReason::Completed);
            shorter.trainer.saveCheckpoint(file);
        }
        Run longer(config(4), 99);
        longer.trainer.loadCheckpoint(file);
        train::TrainResult result = longer.trainer.run();
        QCOMPARE(result.epochs, std::int64_t{4});
        QVERIFY(bytesOf(full.model) == bytesOf(longer.model));
    }

    void pauseStepAndStopFromAnotherThread() {
        Run run(config(50));
        std::promise<void> firstStep;
        int steps = 0;
        run.trainer.callbacks().onStep = [&](const train::StepRecord&) {
            if (++steps == 1) firstStep.set_value();
        };
        run.trainer.control().pause();
        train::TrainResult result;
        std::thread worker([&] { result = run.trainer.run(); });
        QVERIFY(run.trainer.control().paused());
        run.trainer.control().step();
        firstStep.get_future().wait();
        // Paused again after its single batch: stop ends the run without another step.
        run.trainer.control().stop();
        worker.join();
        QCOMPARE(result.reason, train::FinishReason::Stopped);
        QCOMPARE(result.steps, std::int64_t{1});
        QCOMPARE(steps, 1);
    }

    void earlyStoppingRestoresTheBestWeights() {
        train::TrainingConfig cfg = config(20);
        // Nothing improves by more than minDelta after the first epoch: stop after 1 + patience epochs.
        cfg.earlyStopping = train::EarlyStoppingConfig{.monitor = "val_loss", .patience = 3, .minDelta = 1e9};
        Run run(cfg);
        std::string afterFirstEpoch;
        run.trainer.callbacks().onEpochEnd = [&](const train::EpochRecord& r) {
            if (r.epoch == 1) afterFirstEpoch = bytesOf(run.model);
        };
        train::TrainResult result = run.trainer.run();
        QCOMPARE(result.reason, train::FinishReason::EarlyStopped);
        QCOMPARE(result.epochs, std::int64_t{4});
        QCOMPARE(result.bestEpoch.value_or(-1), std::int64_t{1});
        QVERIFY(result.history[0].improved);
        QVERIFY(!result.history[1].improved);
        QVERIFY(bytesOf(run.model) == afterFirstEpoch);

        train::TrainingConfig bad = config(2);
        bad.earlyStopping = train::EarlyStoppingConfig{.monitor = "val_r2"};
        QVERIFY_THROWS_EXCEPTION(ValueError, Run{bad});
    }

    void capturesOneStepsGraph() {
        Run run(config(1));
        int captured = 0;
        std::size_t nodes = 0;
        bool hasAccumulate = false;
        run.trainer.callbacks().onGraphCaptured = [&](const autograd::GraphSnapshot& g) {
            ++captured;
            nodes = g.nodes.size();
            for (const auto& n : g.nodes) hasAccumulate = hasAccumulate || n.name == "AccumulateGrad";
        };
        run.trainer.captureGraph();
        run.trainer.run();
        QCOMPARE(captured, 1);
        QVERIFY(nodes > 5);
        QVERIFY(hasAccumulate);
    }

    void badCheckpointsAreNamed() {
        auto file = tempFile("not_a_checkpoint.safetensors");
        io::saveSafetensors(file, {{"w", zeros({2})}});
        Run run(config(1));
        try {
            run.trainer.loadCheckpoint(file);
            QFAIL("expected IoError");
        } catch (const IoError& e) {
            QVERIFY2(std::string(e.what()).find("not_a_checkpoint.safetensors: not a Tessera checkpoint") !=
                         std::string::npos,
                     e.what());
        }
        auto ckpt = tempFile("batch24.ckpt");
        run.trainer.saveCheckpoint(ckpt);
        train::TrainingConfig other = config(1);
        other.batchSize = 10;
        Run different(other);
        try {
            different.trainer.loadCheckpoint(ckpt);
            QFAIL("expected ValueError");
        } catch (const ValueError& e) {
            QVERIFY2(std::string(e.what()).find("24-sample batches") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(IoError, run.trainer.loadCheckpoint(tempFile("missing.ckpt")));
    }
};

QTEST_APPLESS_MAIN(TestTrainer)
#include "test_trainer.moc"
