// Save → restore mid-run → continue gives bitwise the same parameters and learning rates as an
// uninterrupted run, for every optimizer with a scheduler; the state goes through its tensors + JSON
// text form (the tensors through .npy bytes) on the way.
#include <QTest>

#include <cmath>
#include <cstring>

#include "core/io/json.h"
#include "core/io/npy.h"
#include "core/ops/add.h"
#include "core/ops/matmul.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/optim/adam.h"
#include "core/optim/grad_accumulator.h"
#include "core/optim/optim_state.h"
#include "core/optim/optimizer_registry.h"
#include "core/optim/scheduler_registry.h"
#include "core/optim/sgd.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

struct Case {
    const char* optimizer;
    const char* options;
    const char* scheduler;
    const char* schedulerOptions;
    DType dtype;
    bool twoGroups;
};

const Case kCases[] = {
    {"SGD", R"({"lr": 0.1, "momentum": 0.9, "nesterov": true})", "StepLR", R"({"step_size": 7})", DType::Float64,
     false},
    {"Adam", R"({"lr": 0.01, "amsgrad": true})", "OneCycleLR", R"({"max_lr": 0.05, "total_steps": 100})",
     DType::Float64, true},
    {"AdamW", R"({"lr": 0.01})", "CosineAnnealingLR", R"({"T_max": 20})", DType::Float32, false},
    {"RMSprop", R"({"lr": 0.01, "momentum": 0.5, "centered": true})", "LinearLR", R"({"total_iters": 60})",
     DType::Float64, true},
};

constexpr int kSteps = 100;
constexpr int kSaveAt = 50;

Tensor filled(DType dtype, const Shape& shape, double seed) {
    std::vector<double> v(static_cast<std::size_t>(shapeNumel(shape)));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::sin(seed + 1.7 * static_cast<double>(i));
    return ops::to(Tensor::fromVector<double>(v, shape), dtype);
}

struct Trainer {
    std::vector<Tensor> params;
    std::unique_ptr<optim::Optimizer> opt;
    std::unique_ptr<optim::LRScheduler> sched;

    Trainer(const Case& c, std::vector<Tensor> start) : params(std::move(start)) {
        for (auto& p : params) p.setRequiresGrad(true);
        std::vector<optim::ParamGroup> groups;
        if (c.twoGroups) {
            groups = {{{params[0]}, {}}, {{params[1]}, {{"lr", 0.003}}}};
        } else {
            groups = {{params, {}}};
        }
        opt = optim::makeOptimizer(c.optimizer, std::move(groups), io::parseJson(c.options, "options"));
        sched = optim::makeScheduler(c.scheduler, *opt, io::parseJson(c.schedulerOptions, "scheduler"));
    }

    void run(int from, int to) {
        for (int k = from; k < to; ++k) {
            for (std::size_t j = 0; j < params.size(); ++j)
                params[j].setGrad(filled(params[j].dtype(), params[j].sizes(), 0.37 * k + static_cast<double>(j)));
            opt->step();
            sched->step();
        }
    }
};

std::vector<Tensor> startParams(const Case& c) { return {filled(c.dtype, {3, 4}, 10.0), filled(c.dtype, {5}, 20.0)}; }

bool bitwiseEqual(const Tensor& a, const Tensor& b) {
    return a.dtype() == b.dtype() && a.sizes() == b.sizes() && std::memcmp(a.rawData(), b.rawData(), a.nbytes()) == 0;
}

}  // namespace

class TestOptimState : public QObject {
    Q_OBJECT

private slots:
    void resumeIsBitwiseExact_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kCases)); ++i)
            QTest::newRow(qPrintable(QString::fromUtf8(kCases[i].optimizer) + "+" + kCases[i].scheduler)) << i;
    }

    void resumeIsBitwiseExact() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        Trainer straight(c, startParams(c));
        straight.run(0, kSteps);

        Trainer first(c, startParams(c));
        first.run(0, kSaveAt);
        const auto optState = first.opt->state();
        const auto schedState = first.sched->state();
        const optim::EncodedState saved = optim::encodeOptimState(optState, &schedState);
        QVERIFY(!saved.tensors.empty());

        // Through text and .npy bytes, as a checkpoint file would carry them.
        const io::Json metadata = io::parseJson(io::writeJson(saved.metadata), "checkpoint");
        optim::NamedTensorList tensors;
        for (const auto& [name, t] : saved.tensors) tensors.emplace_back(name, io::decodeNpy(io::encodeNpy(t), name));
        std::vector<Tensor> resumedParams;
        for (const auto& p : first.params) resumedParams.push_back(io::decodeNpy(io::encodeNpy(p.detach()), "param"));

        const optim::DecodedState back = optim::decodeOptimState(tensors, metadata);
        QVERIFY(back.scheduler.has_value());
        Trainer second(c, resumedParams);
        second.opt->loadState(back.optimizer);
        second.sched->loadState(*back.scheduler);
        second.run(kSaveAt, kSteps);

        for (std::size_t j = 0; j < straight.params.size(); ++j)
            QVERIFY2(bitwiseEqual(second.params[j], straight.params[j]), qPrintable(QStringLiteral("param %1").arg(j)));
        QCOMPARE(second.sched->lastLr(), straight.sched->lastLr());
        QCOMPARE(second.opt->paramGroups()[0].options, straight.opt->paramGroups()[0].options);
        // The saved state is a copy: stepping on does not change it.
        const Tensor savedBuffer = ops::clone(optState.states.at(0).buffers.begin()->second);
        first.run(kSaveAt, kSaveAt + 1);
        QVERIFY(bitwiseEqual(optState.states.at(0).buffers.begin()->second, savedBuffer));
        QVERIFY(!bitwiseEqual(first.opt->stateOf(0)->buffers.begin()->second, savedBuffer));
    }

    void malformedStateIsRejected() {
        const Case& c = kCases[1];
        Trainer t(c, startParams(c));
        t.run(0, 3);
        const auto saved = optim::encodeOptimState(t.opt->state());
        QVERIFY(!optim::decodeOptimState(saved.tensors, saved.metadata).scheduler.has_value());
        QVERIFY_THROWS_EXCEPTION(IoError, optim::decodeOptimState({}, saved.metadata));  // tensors missing
        io::Json newer = saved.metadata;
        newer.set("version", 2);
        QVERIFY_THROWS_EXCEPTION(IoError, optim::decodeOptimState(saved.tensors, newer));
        // A state for another optimizer, or for other parameter shapes, is refused on load.
        Trainer other(kCases[0], startParams(kCases[0]));
        QVERIFY_THROWS_EXCEPTION(ValueError, other.opt->loadState(t.opt->state()));
    }

    // k micro-batches of a mean loss, each scaled by 1/k, step exactly like the one batch made of
    // them (here: a linear model, MSE, SGD with momentum, k = 2, three optimizer steps).
    void gradientAccumulationMatchesOneBigBatch() {
        auto data = [](int batch, int part) {  // part -1: the whole batch of 8 rows
            const Tensor x = filled(DType::Float64, {8, 3}, 1.0 + batch);
            const Tensor y = filled(DType::Float64, {8, 1}, 5.0 + batch);
            if (part < 0) return std::pair{x, y};
            return std::pair{ops::clone(ops::narrow(x, 0, 4 * part, 4)), ops::clone(ops::narrow(y, 0, 4 * part, 4))};
        };
        auto lossOf = [](const Tensor& w, const std::pair<Tensor, Tensor>& xy) {
            const Tensor diff = ops::sub(ops::matmul(xy.first, w), xy.second);
            return ops::mean(ops::mul(diff, diff));
        };
        Tensor wBig = filled(DType::Float64, {3, 1}, 0.5);
        Tensor wAcc = ops::clone(wBig);
        wBig.setRequiresGrad(true);
        wAcc.setRequiresGrad(true);
        optim::SGD big({wBig}, {{"lr", 0.1}, {"momentum", 0.9}});
        optim::SGD small({wAcc}, {{"lr", 0.1}, {"momentum", 0.9}});
        optim::GradAccumulator acc(small, 2);
        for (int b = 0; b < 3; ++b) {
            lossOf(wBig, data(b, -1)).backward();
            big.step();
            big.zeroGrad();
            acc.scale(lossOf(wAcc, data(b, 0))).backward();
            QVERIFY(!acc.microStep());
            acc.scale(lossOf(wAcc, data(b, 1))).backward();
            QVERIFY(acc.microStep());
            QCOMPARE(acc.pending(), std::int64_t(0));
        }
        const auto a = wAcc.toVector<double>(), b = wBig.toVector<double>();
        for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(std::abs(a[i] - b[i]) <= 1e-12 * (1 + std::abs(b[i])));
        QVERIFY(!acc.flush());
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::GradAccumulator(small, 0));
    }
};

QTEST_APPLESS_MAIN(TestOptimState)
#include "test_optim_state.moc"
