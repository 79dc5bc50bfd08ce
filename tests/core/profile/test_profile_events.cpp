// What the profiler records for one training-like step: every event's name, phase, input shapes, FLOPs,
// bytes and layer scope, compared line by line with data/profiled_step_events.txt. That file was written
// by the recorder that built each event from copied tensors (before the per-thread event log), so the
// cheaper recorder is held to exactly the same events. Also: events of several threads, of threads that
// exited before stop(), and of a custom Function whose Node (and name) is gone by the time they are read.
//
// If an op's composition changes on purpose (a backward formula calls different ops), regenerate the file:
// TESSERA_WRITE_PROFILE_EVENTS=1 build/tests/test_profile_events, and review the diff.
#include <QtTest>

#include <atomic>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/autograd/custom_function.h"
#include "core/ops/activation.h"
#include "core/ops/add.h"
#include "core/ops/batch_norm.h"
#include "core/ops/clamp.h"
#include "core/ops/conv.h"
#include "core/ops/join.h"
#include "core/ops/layer_norm.h"
#include "core/ops/matmul.h"
#include "core/ops/minmax.h"
#include "core/ops/mul.h"
#include "core/ops/nll_loss.h"
#include "core/ops/pool.h"
#include "core/ops/softmax.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"

using namespace tessera;

namespace {

const char* kGoldenPath = TESSERA_SOURCE_DIR "/tests/core/profile/data/profiled_step_events.txt";

Tensor filled(const Shape& shape, double scale, bool grad = false) {
    std::int64_t n = 1;
    for (auto s : shape) n *= s;
    std::vector<float> values(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(scale * ((i * 37 % 17) - 8.0) / 8.0);
    Tensor t = Tensor::fromVector<float>(values, shape);
    if (grad) t.setRequiresGrad();
    return t;
}

// A custom Function whose backward Node carries a name built at run time ("ScaleBackward").
struct Scale : autograd::Function<Scale> {
    static constexpr std::string_view kName = "Scale";
    static Tensor forward(autograd::FunctionCtx&, const Tensor& x) { return ops::mul(x, 2.0); }
    static autograd::TensorList backward(autograd::FunctionCtx&, const autograd::TensorList& grads) {
        return {ops::mul(grads[0], 2.0)};
    }
};

// One step of a small conv net and a few ops with several inputs or outputs, forward and backward.
void runStep() {
    const Tensor x = filled({4, 1, 6, 6}, 1.0);
    const Tensor w = filled({3, 1, 3, 3}, 0.3, true), b = filled({3}, 0.1, true);
    const Tensor fcW = filled({5, 12}, 0.2, true), fcB = filled({5}, 0.1, true);
    const Tensor lnW = filled({5}, 1.0, true), lnB = filled({5}, 0.0, true);
    const Tensor bnW = filled({3}, 1.0, true), bnB = filled({3}, 0.0, true);
    Tensor runningMean = ops::mul(filled({3}, 0.0), 0.0), runningVar = ops::add(filled({3}, 0.0), 1.0);
    const Tensor target = Tensor::fromVector<std::int64_t>({0, 3, 1, 4}, {4});
    Tensor loss;
    {
        profile::Scope net("net");
        Tensor h;
        {
            profile::Scope conv("conv1");
            h = ops::conv2d(x, w, b);
            h = ops::batchNorm(h, runningMean, runningVar, bnW, bnB, true);
            h = ops::relu(h);
            h = ops::maxPool2d(h, {2, 2});
        }
        Tensor logits;
        {
            profile::Scope head("head");
            h = ops::flatten(h, 1);
            logits = ops::linear(h, fcW, fcB);
            logits = ops::layerNorm(logits, {5}, lnW, lnB);
            logits = Scale::apply(logits);
        }
        const Tensor joined = ops::cat({logits, ops::mul(logits, 0.5)}, 1);
        const Tensor stacked = ops::stack({joined, joined}, 0);
        auto [values, indices] = ops::max(stacked, 0);
        const Tensor lo = ops::mul(onesLike(values), -3.0), hi = ops::mul(onesLike(values), 3.0);
        const Tensor clamped = ops::clamp(values, lo, hi);
        const Tensor logp = ops::logSoftmax(ops::narrow(clamped, 1, 0, 5), 1);
        loss = ops::add(ops::nllLoss(logp, target), ops::mul(ops::sum(ops::softmax(clamped, 1)), 1e-3));
        (void)indices;
    }
    loss.backward();
    autograd::NoGradGuard noGrad;
    ops::add_(w, w.grad(), -0.1);
}

std::string describe(const profile::Event& e) {
    std::ostringstream os;
    os.precision(17);
    os << profile::phaseName(e.phase) << ' ' << e.name << " scope=" << profile::scopePath(e.scope) << " shapes=[";
    for (std::size_t i = 0; i < e.inputShapes.size(); ++i) {
        os << (i ? " " : "") << '(';
        for (std::size_t d = 0; d < e.inputShapes[i].size(); ++d) os << (d ? "," : "") << e.inputShapes[i][d];
        os << ')';
    }
    os << "] flops=" << e.flops << " bytes=" << e.bytes;
    return os.str();
}

std::vector<std::string> readLines(const char* path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

void checkMulEvents(const std::vector<profile::Event>& events) {
    for (const auto& e : events) {
        QCOMPARE(e.name, std::string("mul"));
        QCOMPARE(e.inputShapes, (std::vector<Shape>{{8}, {8}}));
        QCOMPARE(e.bytes, 3 * 8.0 * 4);
    }
}

}  // namespace

class TestProfileEvents : public QObject {
    Q_OBJECT
private slots:
    void stepEventsMatchTheRecordedOnes() {
        runStep();  // warm up: first-use allocations are not part of the events anyway
        profile::start();
        runStep();
        const auto events = profile::stop();
        std::vector<std::string> actual;
        for (const auto& e : events) {
            actual.push_back(describe(e));
            QVERIFY(e.startNs <= e.endNs);
            QCOMPARE(e.thread, events.front().thread);
        }
        if (qEnvironmentVariableIsSet("TESSERA_WRITE_PROFILE_EVENTS")) {
            std::ofstream out(kGoldenPath);
            for (const auto& line : actual) out << line << '\n';
            QSKIP("wrote the expected events; review the diff");
        }
        const auto expected = readLines(kGoldenPath);
        QVERIFY2(!expected.empty(), kGoldenPath);
        for (std::size_t i = 0; i < std::min(actual.size(), expected.size()); ++i)
            QVERIFY2(
                actual[i] == expected[i],
                ("event " + std::to_string(i) + ": got '" + actual[i] + "', expected '" + expected[i] + "'").c_str());
        QCOMPARE(actual.size(), expected.size());
    }

    void eventsFinishInOrder() {
        profile::start();
        runStep();
        const auto events = profile::stop();
        QVERIFY(!events.empty());
        for (std::size_t i = 1; i < events.size(); ++i) QVERIFY(events[i - 1].endNs <= events[i].endNs);
    }

    void threadsThatExitedStillCount() {
        profile::start();
        std::vector<std::thread> threads;
        constexpr int kThreads = 3, kOps = 50;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([t] {
                profile::Scope scope("worker" + std::to_string(t));
                const Tensor a = filled({4, 4}, 1.0);
                for (int i = 0; i < kOps; ++i) (void)ops::add(a, a);
            });
        for (auto& th : threads) th.join();
        const auto events = profile::stop();
        QCOMPARE(events.size(), static_cast<std::size_t>(kThreads * kOps));
        std::set<std::uint32_t> numbers;
        std::set<std::string> scopes;
        for (const auto& e : events) {
            QCOMPARE(e.name, std::string("add"));
            QCOMPARE(e.flops, 16.0);
            QCOMPARE(e.bytes, 3 * 16.0 * 4);
            numbers.insert(e.thread);
            scopes.insert(profile::scopePath(e.scope));
        }
        QCOMPARE(numbers.size(), static_cast<std::size_t>(kThreads));
        QCOMPARE(scopes, (std::set<std::string>{"worker0", "worker1", "worker2"}));
        for (std::size_t i = 1; i < events.size(); ++i) QVERIFY(events[i - 1].endNs <= events[i].endNs);
        // start() forgets what the previous window recorded, on every thread.
        profile::start();
        QVERIFY(profile::stop().empty());
    }

    void recordingWhileAnotherThreadStops() {
        // A thread keeps running ops while the main thread starts and stops windows: every window gets
        // whole events only (checked by the sanitizer builds for races).
        std::atomic<bool> done{false};
        std::thread worker([&] {
            const Tensor a = filled({8}, 1.0);
            while (!done.load()) (void)ops::mul(a, a);
        });
        for (int i = 0; i < 200; ++i) {
            profile::start();
            checkMulEvents(profile::stop());
        }
        std::vector<profile::Event> events;
        while (events.empty()) {
            profile::start();
            events = profile::stop();
        }
        checkMulEvents(events);
        done = true;
        worker.join();
    }

    void customFunctionNameOutlivesItsNode() {
        Tensor x = filled({3}, 1.0, true);
        profile::start();
        {
            Tensor y = Scale::apply(x);
            ops::sum(y).backward();
        }  // the graph, and with it the Node that owned the name "ScaleBackward", is gone
        const auto events = profile::stop();
        bool found = false;
        for (const auto& e : events)
            found = found || (e.name == "ScaleBackward" && e.phase == profile::Phase::Backward);
        QVERIFY(found);
    }
};

QTEST_APPLESS_MAIN(TestProfileEvents)
#include "test_profile_events.moc"
