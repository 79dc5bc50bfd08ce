// TrainingController on moons-mlp, offscreen: a run started paused takes exactly one batch per
// step, resumes, pauses, stops; the records, states and the run folder (checkpoint, weights, CSVs)
// say what happened. A completed run has one metrics row per epoch, and a bad project fails with
// the core's message without starting a thread.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "app/training/training_controller.h"
#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/io/project.h"
#include "core/io/safetensors.h"
#include "core/profile/aggregate.h"
#include "tests/app/example_projects.h"
#include "widgets/training/run_records_model.h"

using namespace tessera;
using app::TrainingController;
using State = TrainingController::State;

namespace {

const Tensor& tensorNamed(const io::SafetensorsFile& f, const std::string& name) {
    for (const auto& [n, t] : f.tensors)
        if (n == name) return t;
    qFatal("no tensor %s", name.c_str());
}

}  // namespace

class TestTrainingController : public QObject {
    Q_OBJECT
private slots:
    void pauseStepResumeStop() {
        QTemporaryDir runs;
        TrainingController c;
        QSignalSpy states(&c, &TrainingController::stateChanged);
        QSignalSpy finished(&c, &TrainingController::finished);
        QVERIFY2(c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path(), {.startPaused = true}),
                 qPrintable(c.lastError()));
        QCOMPARE(c.state(), State::Paused);
        QCOMPARE(c.runFolder(), runs.filePath("run-001"));
        QTRY_VERIFY(QFileInfo(runs.filePath("run-001/run.json")).isFile());  // written by the worker
        const std::int64_t batches = c.progress().batchesPerEpoch;
        QCOMPARE(batches, 11);  // 700 training rows, batches of 64
        QCOMPARE(c.progress().totalSteps, 100 * batches);

        c.stepOnce();
        QTRY_COMPARE(c.steps()->rowCount(), 1);
        QCOMPARE(c.state(), State::Paused);
        c.stepOnce();
        QTRY_COMPARE(c.steps()->rowCount(), 2);
        QCOMPARE(c.steps()->value(1, "step"), 2.0);
        QCOMPARE(c.progress().step, 2);
        QVERIFY(c.steps()->value(0, "loss") > 0);
        QCOMPARE(c.steps()->value(0, "lr"), 0.01);

        c.resume();
        QCOMPARE(c.state(), State::Running);
        QTRY_VERIFY_WITH_TIMEOUT(c.epochs()->rowCount() >= 2, 30000);
        QVERIFY(c.progress().samplesPerSecond > 0);
        QVERIFY(c.progress().etaSeconds.has_value());
        c.pause();
        QCOMPARE(c.state(), State::Paused);
        c.stop();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().front().toString(), QStringLiteral("stopped"));
        QCOMPARE(c.state(), State::Finished);
        QVERIFY(c.session() != nullptr);
        QList<State> seen;
        for (const auto& args : states) seen << args.front().value<State>();
        QCOMPARE(seen, (QList<State>{State::Paused, State::Running, State::Paused, State::Finished}));

        // Every step the trainer took is in the model, and the checkpoint is at that step.
        const std::int64_t steps = c.progress().step;
        QCOMPARE(c.steps()->rowCount(), static_cast<int>(steps));
        const std::filesystem::path folder = c.runFolder().toStdString();
        io::SafetensorsFile checkpoint = io::loadSafetensors(folder / "checkpoint.safetensors");
        io::Json trainer = io::parseJson(checkpoint.metadata.at("trainer"), "checkpoint");
        QCOMPARE(trainer.at("step").asInteger(), steps);
        QVERIFY(!trainer.at("finished").asBool());  // stopped: resumable
        io::SafetensorsFile weights = io::loadSafetensors(folder / "weights.safetensors");
        QCOMPARE(tensorNamed(checkpoint, "model.fc1.weight").toVector<float>(),
                 tensorNamed(weights, "fc1.weight").toVector<float>());

        io::Json run = io::parseJson(io::readFile(folder / "run.json"), "run.json");
        QCOMPARE(run.at("status").asString(), std::string("stopped"));
        QCOMPARE(run.at("steps").asInteger(), steps);
        const QString metrics = QString::fromStdString(io::readFile(folder / "metrics.csv"));
        QCOMPARE(
            widgets::RunRecordsModel::parseCsv(widgets::RunRecordsModel::Kind::Epochs, metrics, "metrics.csv").size(),
            static_cast<std::size_t>(c.epochs()->rowCount()));
        const QString stepsCsv = QString::fromStdString(io::readFile(folder / "steps.csv"));
        QCOMPARE(
            widgets::RunRecordsModel::parseCsv(widgets::RunRecordsModel::Kind::Steps, stepsCsv, "steps.csv").size(),
            static_cast<std::size_t>(steps));
    }

    void liveEvaluationStaysWithinItsShareOfTheRun() {
        static_assert(app::LiveEvaluationBudget::kShare == 0.02);
        app::LiveEvaluationBudget budget{.runStartMs = 1000};  // a resumed run: its earlier time does not count
        QVERIFY(budget.allows(1000));  // nothing spent, no cost known: the first epoch evaluates
        budget.spent(4);
        QVERIFY(!budget.allows(1100));  // 4 spent + 4 expected > 2 % of 100 ms
        QVERIFY(!budget.allows(1399));
        QVERIFY(budget.allows(1401));  // 8 ≤ 2 % of 401 ms
        budget.spent(2);               // the next one is expected to cost 2 ms
        QVERIFY(!budget.allows(1399));
        QVERIFY(budget.allows(1401));  // 6 + 2 ≤ 8.02
    }

    void refreshesArePacedByTheUiThreadsShare() {
        static_assert(app::RefreshPacing::kShare == 0.03);
        QCOMPARE(app::RefreshPacing::intervalMs(0), 33);    // cheap views: 30 times a second
        QCOMPARE(app::RefreshPacing::intervalMs(0.9), 33);  // 0.9 ms is under 3 % of 33 ms
        QCOMPARE(app::RefreshPacing::intervalMs(3), 100);   // 3 ms of UI work: the next in 100 ms
        QCOMPARE(app::RefreshPacing::intervalMs(3.01), 101);
        QCOMPARE(app::RefreshPacing::intervalMs(100), 1000);  // however slow, once a second
    }

    void completedRunHasOneRowPerEpoch() {
        QTemporaryDir runs;
        TrainingController c;
        QSignalSpy finished(&c, &TrainingController::finished);
        QSignalSpy records(&c, &TrainingController::recordsChanged);
        QSignalSpy evaluated(&c, &TrainingController::evaluated);
        QVERIFY(c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path(), {.epochs = 3}));
        QVERIFY(!c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path()));  // one run at a time
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.front().front().toString(), QStringLiteral("completed"));
        QCOMPARE(c.epochs()->rowCount(), 3);
        QCOMPARE(c.steps()->rowCount(), 33);
        QCOMPARE(c.epochs()->values("epoch"), (QVector<double>{1, 2, 3}));
        QVERIFY(!std::isnan(c.epochs()->value(2, "val_acc")));
        QVERIFY(c.epochs()->value(2, "train_loss") < c.epochs()->value(0, "train_loss"));
        QCOMPARE(c.progress().epoch, 3);
        QCOMPARE(c.progress().step, 33);

        // The confusion matrix of the finished run agrees with the trainer's own evaluation of the test
        // split (what `tessera-cli evaluate` reports as test_acc), and its rows with the split's classes.
        const widgets::Evaluation& e = c.evaluation();
        QCOMPARE(e.split, QStringLiteral("test"));
        QCOMPARE(e.epoch, 3);
        train::ProjectSession* session = c.session();
        QVERIFY(session != nullptr);
        const train::Metrics test = session->evaluate("test");
        QCOMPARE(e.samples(), test.samples);
        QCOMPARE(e.samples(), 200);
        QCOMPARE(e.accuracy(), *test.accuracy);
        const std::vector<std::int64_t> counts = session->split().test.classCounts();
        for (std::size_t a = 0; a < counts.size(); ++a) {
            std::int64_t row = 0;
            for (std::int64_t v : e.confusion[a]) row += v;
            QCOMPARE(row, counts[a]);
        }
        QCOMPARE(c.boundary().size, 64);
        QCOMPARE(c.boundary().cellClass.size(), std::size_t{64 * 64});
        QCOMPARE(c.boundary().px.size(), 700);
        QVERIFY(evaluated.size() >= 2);  // the reset at start, the epochs, the end
        // Drained in batches, not once per step.
        QVERIFY(records.size() >= 1);
        QVERIFY(records.size() <= 33);

        QVERIFY(c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path(), {.epochs = 1}));
        QCOMPARE(c.runFolder(), runs.filePath("run-002"));
        QCOMPARE(c.steps()->rowCount(), 0);
        finished.clear();
        QVERIFY(finished.wait(60000));
    }

    void profileWindowHasForwardAndBackwardRows() {
        QTemporaryDir runs;
        TrainingController c;
        QSignalSpy profiled(&c, &TrainingController::profiled);
        QVERIFY(c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path(), {.startPaused = true}));
        c.profileSteps(3);
        for (int i = 1; i <= 4; ++i) {  // the window opens after the first step and holds the next three
            c.stepOnce();
            QTRY_COMPARE(c.steps()->rowCount(), i);
        }
        QTRY_COMPARE(profiled.size(), 1);
        const app::ProfileWindow& w = c.profile();
        QCOMPARE(w.steps, 3);
        QVERIFY(w.stepNs > 0);
        std::map<std::pair<std::string, profile::Phase>, std::int64_t> calls;
        for (const profile::OpStats& r : profile::aggregate(w.events)) calls[{r.name, r.phase}] = r.calls;
        // Per step: fc1..fc3 forward and backward (AddmmBackward0, as torch names it), relu1..2 both ways.
        QCOMPARE((calls[{"relu", profile::Phase::Forward}]), 6);
        QCOMPARE((calls[{"ReluBackward0", profile::Phase::Backward}]), 6);
        QCOMPARE((calls[{"linear", profile::Phase::Forward}]), 9);
        QCOMPARE((calls[{"AddmmBackward0", profile::Phase::Backward}]), 9);
        // The trace has one complete event per recorded op.
        const io::Json trace = io::parseJson(profile::chromeTrace(w.events), "trace");
        const io::Json& events = trace.isArray() ? trace : trace.at("traceEvents");
        QCOMPARE(events.asArray().size(), w.events.size());
        c.stop();
        QTRY_COMPARE(c.state(), State::Finished);
    }

    void stoppedRunResumesToTheSameWeights() {
        QTemporaryDir runs;
        TrainingController c;
        QSignalSpy finished(&c, &TrainingController::finished);
        const io::Project p = exampleProject("moons-mlp");
        QVERIFY(c.start(p, examplePath("moons-mlp"), runs.path(), {.epochs = 2, .startPaused = true}));
        for (int i = 1; i <= 5; ++i) {
            c.stepOnce();
            QTRY_COMPARE(c.steps()->rowCount(), i);
        }
        c.stop();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.takeFirst().front().toString(), QStringLiteral("stopped"));
        const QString interrupted = c.runFolder();

        QVERIFY2(c.resumeRun(p, examplePath("moons-mlp"), interrupted), qPrintable(c.lastError()));
        QCOMPARE(c.runFolder(), interrupted);
        QCOMPARE(c.steps()->rowCount(), 5);  // the run's earlier steps, read back
        QCOMPARE(c.progress().step, 5);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.takeFirst().front().toString(), QStringLiteral("completed"));
        QCOMPARE(c.steps()->rowCount(), 22);
        QVector<double> expected;
        for (int i = 1; i <= 22; ++i) expected << i;
        QCOMPARE(c.steps()->values("step"), expected);
        QCOMPARE(c.epochs()->rowCount(), 2);

        // Note [Training reproducibility]: the same bytes as a run that never stopped.
        QVERIFY(c.start(p, examplePath("moons-mlp"), runs.path(), {.epochs = 2}));
        QVERIFY(finished.wait(30000));
        const io::SafetensorsFile a = io::loadSafetensors((interrupted + "/weights.safetensors").toStdString());
        const io::SafetensorsFile b = io::loadSafetensors((c.runFolder() + "/weights.safetensors").toStdString());
        QCOMPARE(a.tensors.size(), b.tensors.size());
        for (std::size_t i = 0; i < a.tensors.size(); ++i)
            QCOMPARE(a.tensors[i].second.toVector<float>(), b.tensors[i].second.toVector<float>());
    }

    void badProjectFailsWithTheCoresMessage() {
        QTemporaryDir runs;
        io::Project p = exampleProject("moons-mlp");
        p.training.set("optimizer", io::parseJson(R"({"type": "Adamm"})", "test"));
        TrainingController c;
        QSignalSpy failed(&c, &TrainingController::failed);
        QVERIFY(!c.start(p, examplePath("moons-mlp"), runs.path()));
        QCOMPARE(c.state(), State::Failed);
        QCOMPARE(failed.size(), 1);
        QVERIFY2(c.lastError().contains("Adamm"), qPrintable(c.lastError()));
    }
};

QTEST_MAIN(TestTrainingController)
#include "test_training_controller.moc"
