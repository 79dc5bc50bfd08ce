// The profiler: forward ops and backward Nodes recorded through the dispatch point with their layer
// scope, aggregation with percentiles, and a Chrome trace that parses and has one event per op call.
#include <QtTest>

#include "core/ops/add.h"
#include "core/ops/conv.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/profile/aggregate.h"

using namespace tessera;

namespace {
const profile::OpStats* find(const std::vector<profile::OpStats>& rows, const std::string& name, profile::Phase phase) {
    for (const auto& r : rows)
        if (r.name == name && r.phase == phase) return &r;
    return nullptr;
}
}  // namespace

class TestProfiler : public QObject {
    Q_OBJECT
private slots:
    void offRecordsNothing() {
        profile::stop();
        Tensor a = Tensor::fromVector<float>({1, 2}, {2});
        ops::add(a, a);
        profile::start();
        QVERIFY(profile::stop().empty());
    }
    void forwardAndBackwardRowsWithScopes() {
        Tensor a = Tensor::fromVector<double>({1, 2, 3}, {3});
        a.setRequiresGrad();
        profile::start();
        Tensor loss;
        for (int i = 0; i < 4; ++i) {
            profile::Scope layer("block");
            loss = ops::sum(ops::mul(ops::add(a, 1.0), a));
        }
        const auto events = profile::stop();
        const auto rows = profile::aggregate(events);
        const auto* add = find(rows, "add", profile::Phase::Forward);
        QVERIFY(add);
        QCOMPARE(add->calls, std::int64_t(4));
        QVERIFY(add->p50Ns <= add->p95Ns && add->p95Ns <= add->p99Ns);
        QCOMPARE(add->flops, 12.0);
        profile::start();
        loss.backward();
        const auto backward = profile::stop();
        const auto backwardRows = profile::aggregate(backward);
        QVERIFY(find(backwardRows, "MulBackward0", profile::Phase::Backward));
        QVERIFY(find(backwardRows, "SumBackward0", profile::Phase::Backward));
        // Backward Nodes run under the layer scope that created them; the engine's own ops (the ones
        // backward starts from, the sums where paths meet) are backward work outside any layer.
        for (const auto& r : profile::aggregate(backward, true))
            if (r.phase == profile::Phase::Backward && r.name.ends_with("Backward0"))
                QCOMPARE(r.scope, std::string("block"));
        for (const auto& r : profile::aggregate(events, true)) QCOMPARE(r.scope, std::string("block"));
    }
    // An op a backward Node calls (convolution_backward by ConvolutionBackward0, mul by MulBackward0) is
    // backward work: the profile lists it under the backward phase, never the forward one.
    void opsCalledByBackwardNodesAreBackward() {
        Tensor x = Tensor::fromVector<float>(std::vector<float>(2 * 1 * 5 * 5, 0.5f), {2, 1, 5, 5});
        Tensor w = Tensor::fromVector<float>(std::vector<float>(3 * 1 * 3 * 3, 0.25f), {3, 1, 3, 3});
        x.setRequiresGrad();
        w.setRequiresGrad();
        Tensor loss = ops::sum(ops::mul(ops::conv2d(x, w), 2.0));
        profile::start();
        loss.backward();
        const auto events = profile::stop();
        bool sawConvolutionBackward = false;
        for (const auto& e : events) {
            QVERIFY2(e.phase == profile::Phase::Backward, e.name.c_str());
            sawConvolutionBackward |= e.name == "convolution_backward";
        }
        QVERIFY(sawConvolutionBackward);
        // Ops dispatched after backward returns are forward work again.
        profile::start();
        ops::add(x, 1.0);
        const auto after = profile::stop();
        QCOMPARE(after.size(), std::size_t(1));
        QVERIFY(after[0].phase == profile::Phase::Forward);
    }
    void chromeTraceHasOneEventPerCall() {
        Tensor a = Tensor::fromVector<float>({1, 2}, {2});
        profile::start();
        ops::mul(ops::add(a, a), a);
        const auto events = profile::stop();
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(profile::chromeTrace(events)));
        QVERIFY(doc.isObject());
        const QJsonArray trace = doc.object()["traceEvents"].toArray();
        QCOMPARE(trace.size(), static_cast<qsizetype>(events.size()));
        QStringList names;
        for (const auto& e : trace) {
            QCOMPARE(e.toObject()["ph"].toString(), QStringLiteral("X"));
            QVERIFY(e.toObject()["dur"].toDouble() >= 0);
            names << e.toObject()["name"].toString();
        }
        QVERIFY(names.contains("add") && names.contains("mul"));
    }
};

QTEST_APPLESS_MAIN(TestProfiler)
#include "test_profiler.moc"
