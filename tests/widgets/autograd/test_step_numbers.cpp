// Every number the step-through shows, against torch: for each step of every lesson (and a few more
// scripts), the forward steps' op outputs and the backward steps' incoming gradients, VJP outputs,
// path contributions and .grad before and after equal what torch 1.13 computes for the same script
// (step_numbers.py runs it in /usr/bin/python3 with a hook on every Node), and the backward steps
// come in torch's engine order. Headless: the model's stepTensors() are what the panel prints.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <cmath>
#include <functional>
#include <map>

#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/lesson.h"

using namespace tessera::widgets;

namespace {

struct Case {
    QString tag;
    QString script;
    std::vector<CaptureInput> inputs;
    QString backward;
};

// Every lesson step's script, and a few more (a branch without grad, two paths, unnamed outputs).
std::vector<Case> cases() {
    std::vector<Case> out;
    for (const QString& path : builtinLessons()) {
        const Lesson lesson = loadLesson(path);
        for (std::size_t s = 0; s < lesson.steps.size(); ++s) {
            const LessonStep& step = lesson.steps[s];
            out.push_back({QFileInfo(path).baseName() + QStringLiteral(" step ") + QString::number(s + 1), step.script,
                           step.inputs, step.backward});
        }
    }
    auto in = [](const char* name, tessera::Shape shape, std::vector<double> v, bool grad = true) {
        return CaptureInput{name, std::move(shape), std::move(v), grad, tessera::DType::Float32};
    };
    out.push_back({QStringLiteral("no_grad_branch"),
                   QStringLiteral("c = (a * k + k.sin()).sum()\n"),
                   {in("a", {3}, {0.5, -1, 2}), in("k", {3}, {1, 2, 3}, false)},
                   {}});
    out.push_back({QStringLiteral("two_paths_exp"),
                   QStringLiteral("y = a * a + a.exp()\nz = y.sum()\n"),
                   {in("a", {2}, {0.3, -0.7})},
                   {}});
    out.push_back({QStringLiteral("unnamed_mlp"),
                   QStringLiteral("loss = (torch.tanh(x @ w + bias) ** 2).mean()\n"),
                   {in("x", {2, 3}, {0.5, -1, 2, 1, 0, -0.5}, false), in("w", {3, 2}, {0.1, 0.2, -0.3, 0.4, 0.5, -0.6}),
                    in("bias", {2}, {0.1, -0.2})},
                   {}});
    return out;
}

// Runs every case in one torch process (importing torch is the slow part).
QJsonArray runTorch(const std::vector<Case>& all) {
    QJsonArray list;
    for (const Case& c : all) {
        QJsonArray specs;
        for (const auto& in : c.inputs) {
            QJsonArray shape, values;
            for (auto s : in.sizes) shape.append(qint64(s));
            for (double v : in.values) values.append(v);
            specs.append(QJsonObject{{"name", QString::fromStdString(in.name)},
                                     {"shape", shape},
                                     {"values", values},
                                     {"requiresGrad", in.requiresGrad}});
        }
        list.append(QJsonObject{{"script", c.script}, {"inputs", specs}, {"backward", c.backward}});
    }
    QProcess py;
    py.start(QStringLiteral(TESSERA_PYTHON3),
             {QStringLiteral(TESSERA_SOURCE_DIR "/tests/widgets/autograd/step_numbers.py")});
    py.write(QJsonDocument(list).toJson());
    py.closeWriteChannel();
    if (!py.waitForFinished(300000) || py.exitCode() != 0) qWarning() << py.readAllStandardError();
    return QJsonDocument::fromJson(py.readAllStandardOutput()).array();
}

// The walk of step_numbers.py over the snapshot: depth-first from the first root along the edges in
// output order, then from the other roots. Returns each snapshot Node's number in that walk.
std::map<std::size_t, int> walk(const tessera::autograd::GraphSnapshot& g, QStringList& names) {
    std::map<std::size_t, int> ids;
    std::function<void(std::size_t)> visit = [&](std::size_t node) {
        if (ids.count(node)) return;
        ids[node] = static_cast<int>(ids.size());
        const auto& n = g.nodes[node];
        names << (n.isLeafAccumulator ? QStringLiteral("AccumulateGrad:") + QString::fromStdString(n.variable.name)
                                      : QString::fromStdString(n.name));
        std::vector<const tessera::autograd::SnapshotEdge*> out;
        for (const auto& e : g.edges)
            if (e.from == node) out.push_back(&e);
        std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->outputIndex < b->outputIndex; });
        for (const auto* e : out) visit(e->to);
    };
    for (std::size_t r : g.roots) visit(r);
    return ids;
}

// Compares values shown with torch's (float32 on both sides); an empty string when they agree.
QString differs(const tessera::autograd::SnapshotTensor& shown, const QJsonValue& torch) {
    if (torch.isNull() || torch.isUndefined()) return shown.defined ? QStringLiteral("torch has None") : QString();
    if (!shown.defined) return QStringLiteral("shown None, torch has values");
    const QJsonArray expected = torch.toArray();
    if (static_cast<qsizetype>(shown.values.size()) != expected.size())
        return QStringLiteral("%1 values shown, torch has %2").arg(shown.values.size()).arg(expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const double a = shown.values[static_cast<std::size_t>(i)], b = expected[i].toDouble();
        if (std::abs(a - b) > 1e-6 + 1e-5 * std::abs(b))
            return QStringLiteral("element %1: shown %2, torch %3").arg(i).arg(a, 0, 'g', 9).arg(b, 0, 'g', 9);
    }
    return {};
}

}  // namespace

class TestStepNumbers : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        m_cases = cases();
        m_torch = runTorch(m_cases);
        QCOMPARE(m_torch.size(), qsizetype(m_cases.size()));
    }
    void everyNumberIsTorchs_data() {
        QTest::addColumn<int>("which");
        for (std::size_t i = 0; i < m_cases.size(); ++i) QTest::newRow(qPrintable(m_cases[i].tag)) << int(i);
    }
    void everyNumberIsTorchs() {
        QFETCH(int, which);
        const Case& c = m_cases[static_cast<std::size_t>(which)];
        ComputationGraphModel model;
        model.setGraph(captureScript(c.script.toStdString(), c.inputs, c.backward.toStdString()));
        const QJsonObject torch = m_torch[which].toObject();
        QVERIFY2(!torch.isEmpty(), "step_numbers.py failed");
        QCOMPARE(QString::fromStdString(model.graph().backwardTarget), torch["target"].toString());

        QStringList names;
        const std::map<std::size_t, int> ids = walk(model.graph().snapshot, names);
        QStringList torchNames;
        for (const auto& v : torch["names"].toArray()) torchNames << v.toString();
        QCOMPARE(names, torchNames);

        const QJsonArray forward = torch["forward"].toArray(), gradsIn = torch["gradsIn"].toArray(),
                         gradsOut = torch["gradsOut"].toArray();
        QList<int> order;
        int forwardSteps = 0;
        for (int s = 0; s < static_cast<int>(model.steps().size()); ++s) {
            const GraphStep& step = model.steps()[static_cast<std::size_t>(s)];
            const int k = ids.at(step.node);
            const std::vector<StepTensor> shown = model.stepTensors(s);
            if (step.phase == GraphStep::Phase::Forward) {
                ++forwardSteps;
                int outputs = 0;
                for (const auto& t : shown) {
                    if (t.kind != StepTensor::Kind::Output) continue;
                    ++outputs;
                    const QString d = differs(t.tensor, forward[k].toArray()[t.index]);
                    QVERIFY2(d.isEmpty(), qPrintable(step.title + ", " + t.label + ": " + d));
                }
                QVERIFY2(outputs > 0, qPrintable(step.title + ": no output shown"));
                continue;
            }
            order << k;
            bool vjp = false;
            for (const auto& t : shown) {
                QJsonValue expected;
                switch (t.kind) {
                    case StepTensor::Kind::GradIn:
                        expected = gradsIn[k].toArray()[t.index];
                        break;
                    case StepTensor::Kind::GradOut:
                        vjp = true;
                        expected = gradsOut[k].toArray()[t.index];
                        break;
                    case StepTensor::Kind::Skipped:
                        QVERIFY2(t.index >= gradsOut[k].toArray().size() || gradsOut[k].toArray()[t.index].isNull(),
                                 qPrintable(step.title + ": torch computes the skipped " + t.label));
                        continue;
                    case StepTensor::Kind::PathGradient:
                        expected = gradsOut[ids.at(t.node)].toArray()[t.index];
                        break;
                    case StepTensor::Kind::GradBefore:
                        expected = torch["gradBefore"].toObject()[model.name(step.row)];
                        break;
                    case StepTensor::Kind::GradAfter:
                        expected = torch["gradAfter"].toObject()[model.name(step.row)];
                        break;
                    default:
                        continue;
                }
                const QString d = differs(t.tensor, expected);
                QVERIFY2(d.isEmpty(), qPrintable(step.title + ", " + t.label + ": " + d));
            }
            const bool leaf = model.kind(step.row) != GraphItemKind::Op;
            QVERIFY2(leaf || vjp, qPrintable(step.title + ": no VJP output shown"));
        }
        QVERIFY(forwardSteps > 0);
        QList<int> torchOrder;
        for (const auto& v : torch["order"].toArray()) torchOrder << v.toInt();
        QCOMPARE(order, torchOrder);
    }

private:
    std::vector<Case> m_cases;
    QJsonArray m_torch;
};

QTEST_MAIN(TestStepNumbers)
#include "test_step_numbers.moc"
