// Every learning-rate scheduler against torch.optim.lr_scheduler 1.13: 100 optimizer steps, each
// followed by a scheduler step, from the same parameters and gradients (optim_reference.py); the
// parameters within rtol 1e-6 / atol 1e-7 and each group's lr after each step within rtol 1e-12.
#include <QTest>

#include "core/optim/one_cycle_lr.h"
#include "core/optim/scheduler_registry.h"
#include "core/optim/sgd.h"
#include "core/optim/step_lr.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "tests/core/optim/optim_torch_cases.h"

using namespace tessera;

namespace {

const char* const kCases[] = {
    R"({"optimizer": "SGD", "options": {"lr": 0.1, "momentum": 0.9},
        "scheduler": "StepLR", "scheduler_options": {"step_size": 7, "gamma": 0.5}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01}, "group2": {"lr": 0.05},
        "scheduler": "StepLR", "scheduler_options": {"step_size": 30}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01},
        "scheduler": "CosineAnnealingLR", "scheduler_options": {"T_max": 30, "eta_min": 0.001}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.1}, "group2": {"lr": 0.02},
        "scheduler": "CosineAnnealingLR", "scheduler_options": {"T_max": 100}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.01},
        "scheduler": "LinearLR", "scheduler_options": {"start_factor": 0.25, "total_iters": 40}})",
    R"({"optimizer": "AdamW", "options": {"lr": 0.01},
        "scheduler": "LinearLR", "scheduler_options": {"start_factor": 1.0, "end_factor": 0.1, "total_iters": 60}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.1, "momentum": 0.9},
        "scheduler": "OneCycleLR", "scheduler_options": {"max_lr": 0.1, "total_steps": 100}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01},
        "scheduler": "OneCycleLR", "scheduler_options": {"max_lr": 0.02, "total_steps": 100,
        "anneal_strategy": "linear", "three_phase": true, "pct_start": 0.25}})",
    R"({"optimizer": "AdamW", "options": {"lr": 0.01}, "group2": {"lr": 0.001},
        "scheduler": "OneCycleLR", "scheduler_options": {"max_lr": [0.01, 0.03], "epochs": 10,
        "steps_per_epoch": 11, "cycle_momentum": false, "div_factor": 10.0, "final_div_factor": 100.0}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.01, "momentum": 0.9},
        "scheduler": "OneCycleLR", "scheduler_options": {"max_lr": 0.005, "total_steps": 120,
        "three_phase": true, "base_momentum": 0.8, "max_momentum": 0.9}})",
};

io::Json caseJson(int i) {
    io::Json c = io::parseJson(kCases[i], "kCases");
    c.set("dtype", "float64");
    c.set("seed", 2000 + i);
    c.set("steps", 100);
    return c;
}

optim_test::AfterStep withScheduler(const io::Json& c, optim::Optimizer& opt) {
    std::shared_ptr<optim::LRScheduler> sched =
        optim::makeScheduler(c.at("scheduler").asString(), opt, c.at("scheduler_options"));
    return [sched] { sched->step(); };
}

std::vector<Tensor> oneParam() {
    Tensor p = zeros({2}, DType::Float64);
    p.setRequiresGrad(true);
    return {p};
}

}  // namespace

class TestLrSchedulers : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        io::Json cases = io::Json::array();
        for (int i = 0; i < int(std::size(kCases)); ++i) cases.asArray().push_back(caseJson(i));
        QVERIFY2(optim_test::runReference(m_dir.path(), cases), "optim_reference.py failed");
    }

    void matchesTorch_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kCases)); ++i)
            QTest::newRow(qPrintable(QString::fromUtf8(kCases[i]).simplified())) << i;
    }

    void matchesTorch() {
        QFETCH(int, index);
        const io::Json c = caseJson(index);
        const auto run = optim_test::runTessera(m_dir.path(), index, c, withScheduler);
        QVERIFY(optim_test::matchesTorch(m_dir.path(), index, run, QString::fromUtf8(kCases[index]).simplified()));
    }

    // The coverage rule of issue 5: every registered scheduler has a torch case above.
    void everyRegisteredSchedulerHasATorchCase() {
        for (const auto& name : optim::schedulerNames()) {
            bool found = false;
            for (int i = 0; i < int(std::size(kCases)); ++i)
                found = found || caseJson(i).at("scheduler").asString() == name;
            QVERIFY2(found, qPrintable(QString::fromStdString(name) + " has no torch case in test_lr_schedulers"));
        }
    }

    void lastLrAndInitialLr() {
        optim::SGD opt(oneParam(), {{"lr", 1.0}});
        optim::StepLR sched(opt, {.stepSize = 2, .gamma = 0.5});
        QCOMPARE(sched.lastLr(), (std::vector<double>{1.0}));
        QCOMPARE(opt.paramGroups()[0].get("initial_lr"), 1.0);
        sched.step();
        sched.step();
        QCOMPARE(sched.lastEpoch(), std::int64_t(2));
        QCOMPARE(sched.lastLr(), (std::vector<double>{0.5}));
    }

    void badOptionsAreRejected() {
        optim::SGD opt(oneParam(), {{"lr", 1.0}});
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::makeScheduler("ExponentialLR", opt, io::Json::object()));
        QVERIFY_THROWS_EXCEPTION(ValueError,
                                 optim::makeScheduler("StepLR", opt, io::parseJson(R"({"gamma": 0.5})", "opts")));
        QVERIFY_THROWS_EXCEPTION(
            ValueError, optim::makeScheduler("StepLR", opt, io::parseJson(R"({"step_size": 2, "gama": 1})", "opts")));
        QVERIFY_THROWS_EXCEPTION(ValueError,
                                 optim::makeScheduler("OneCycleLR", opt, io::parseJson(R"({"max_lr": 0.1})", "opts")));
        optim::OneCycleLR sched(opt, {.maxLr = {0.1}, .totalSteps = 2});
        sched.step();
        sched.step();
        QVERIFY_THROWS_EXCEPTION(ValueError, sched.step());  // torch: "Tried to step 4 times…"
    }
};

QTEST_APPLESS_MAIN(TestLrSchedulers)
#include "test_lr_schedulers.moc"
