// The computation-graph model against torch: for each script, the Nodes and edges found by walking
// the model's next functions from the root equal those of torch's grad_fn.next_functions (walked the
// same way by graph_walk.py), and the inputs' gradients agree.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <cmath>
#include <functional>
#include <map>

#include "core/script/script_error.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/tensor_panel.h"

using tessera::widgets::CaptureInput;
using tessera::widgets::ComputationGraphModel;
using tessera::widgets::GraphItemKind;

Q_DECLARE_METATYPE(std::vector<CaptureInput>)

namespace {

// Deterministic values in [-1.5, 1.5) that differ per input and element.
std::vector<double> valuesFor(std::size_t seed, std::int64_t n) {
    std::vector<double> v;
    for (std::int64_t i = 0; i < n; ++i) v.push_back(std::fmod(0.37 * double(i + 1) * double(seed + 3), 3.0) - 1.5);
    return v;
}

CaptureInput input(const std::string& name, tessera::Shape shape, bool requiresGrad = true) {
    std::int64_t n = 1;
    for (auto s : shape) n *= s;
    return {name, shape, valuesFor(std::hash<std::string>{}(name) % 7, n), requiresGrad, tessera::DType::Float32};
}

QJsonObject torchWalk(const std::string& script, const std::vector<CaptureInput>& inputs) {
    QJsonArray specs;
    for (const auto& in : inputs) {
        QJsonArray shape, values;
        for (auto s : in.sizes) shape.append(qint64(s));
        for (double v : in.values) values.append(v);
        specs.append(QJsonObject{{"name", QString::fromStdString(in.name)},
                                 {"shape", shape},
                                 {"values", values},
                                 {"requiresGrad", in.requiresGrad}});
    }
    QProcess py;
    py.start(QStringLiteral(TESSERA_PYTHON3),
             {QStringLiteral(TESSERA_SOURCE_DIR "/tests/widgets/autograd/graph_walk.py")});
    py.write(QJsonDocument(QJsonObject{{"script", QString::fromStdString(script)}, {"inputs", specs}}).toJson());
    py.closeWriteChannel();
    if (!py.waitForFinished(120000) || py.exitCode() != 0) qWarning() << py.readAllStandardError();
    return QJsonDocument::fromJson(py.readAllStandardOutput()).object();
}

// The same depth-first walk as graph_walk.py, over the model's NextFunctionsRole.
QJsonObject modelWalk(const ComputationGraphModel& model) {
    std::map<int, int> ids;
    QJsonArray names, edges;
    std::function<int(int)> visit = [&](int row) {
        if (auto it = ids.find(row); it != ids.end()) return it->second;
        const int id = static_cast<int>(ids.size());
        ids[row] = id;
        const QModelIndex index = model.index(row);
        const auto kind = static_cast<GraphItemKind>(model.data(index, ComputationGraphModel::KindRole).toInt());
        names.append(kind == GraphItemKind::Op ? model.name(row) : QStringLiteral("AccumulateGrad:") + model.name(row));
        const QVariantList next = model.data(index, ComputationGraphModel::NextFunctionsRole).toList();
        for (int i = 0; i < next.size(); ++i) {
            const QVariantList e = next[i].toList();
            if (e[0].toInt() < 0) continue;
            const int to = visit(e[0].toInt());
            edges.append(QJsonArray{id, i, to, e[1].toInt()});
        }
        return id;
    };
    visit(model.rowOfNode(model.graph().snapshot.roots.at(0)));
    return QJsonObject{{"names", names}, {"edges", edges}};
}

}  // namespace

class TestComputationGraphModel : public QObject {
    Q_OBJECT
private slots:
    void matchesTorch_data() {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QVariant>("inputs");
        auto row = [](const char* tag, const char* script, std::vector<CaptureInput> in) {
            QTest::newRow(tag) << QString::fromUtf8(script) << QVariant::fromValue(in);
        };
        row("chain_rule", "b = a * 3\nc = b.mean()\n", {input("a", {3})});
        row("inline_chain", "c = (a * 3).mean()\n", {input("a", {3})});
        row("broadcast", "c = (a * b).sum()\n", {input("a", {3}), input("b", {2, 3})});
        row("two_paths", "y = a * a + a.exp()\nz = y.sum()\n", {input("a", {4})});
        row("no_grad_branch", "c = (a * k + k.sin()).sum()\n", {input("a", {3}), input("k", {3}, false)});
        row("mlp", "h = torch.tanh(x @ w.t() + bias)\nloss = (h * h).mean()\n",
            {input("x", {4, 3}, false), input("w", {2, 3}), input("bias", {2})});
        row("views", "v = a.t()[1:, ::2].reshape(-1)\ns = (v * v).sum()\n", {input("a", {3, 4})});
        row("softmax_mse", "p = F.softmax(x @ w, dim=1)\nl = F.mse_loss(p, t)\n",
            {input("x", {4, 3}, false), input("w", {3, 2}), input("t", {4, 2}, false)});
        row("relu_pow_div", "y = (a.relu() ** 2 / (b.abs() + 1)).sum(0)\nz = y.mean()\n",
            {input("a", {2, 3}), input("b", {3})});
        // cross_entropy with label smoothing follows torch's formula op for op: index_put_ on the smoothing
        // term (CopySlices for an unbatched input), masked_select(...).mean() or a division by weights.
        row("cross_entropy_smoothing",
            "t = torch.tensor([1, 0, 2, 1])\nl = F.cross_entropy(x, t, ignore_index=2, label_smoothing=0.1)\n",
            {input("x", {4, 3})});
        row("cross_entropy_smoothing_weight",
            "t = torch.tensor([1, 0, 2])\nw = torch.tensor([0.5, 1.0, 2.0])\n"
            "l = F.cross_entropy(x, t, weight=w, label_smoothing=0.2)\n",
            {input("x", {3, 3})});
        row("cross_entropy_smoothing_sum",
            "l = F.cross_entropy(x, torch.tensor([2, 0]), reduction='sum', label_smoothing=0.4)\n",
            {input("x", {2, 3})});
        row("cross_entropy_smoothing_unbatched", "l = F.cross_entropy(x, torch.tensor(1), label_smoothing=0.3)\n",
            {input("x", {4})});
    }
    void matchesTorch() {
        QFETCH(QString, script);
        QFETCH(QVariant, inputs);
        const auto in = inputs.value<std::vector<CaptureInput>>();
        ComputationGraphModel model;
        model.setGraph(tessera::widgets::captureScript(script.toStdString(), in));
        const QJsonObject torch = torchWalk(script.toStdString(), in);
        QVERIFY2(!torch.isEmpty(), "graph_walk.py failed");
        QCOMPARE(QString::fromStdString(model.graph().backwardTarget), torch["target"].toString());
        const QJsonObject ours = modelWalk(model);
        QCOMPARE(QJsonDocument(ours["names"].toArray()).toJson(QJsonDocument::Compact),
                 QJsonDocument(torch["names"].toArray()).toJson(QJsonDocument::Compact));
        QCOMPARE(QJsonDocument(ours["edges"].toArray()).toJson(QJsonDocument::Compact),
                 QJsonDocument(torch["edges"].toArray()).toJson(QJsonDocument::Compact));
        const QJsonObject grads = torch["grads"].toObject();
        for (const auto& t : model.graph().tensors) {
            if (!t.isInput) continue;
            const QJsonValue expected = grads[QString::fromStdString(t.name)];
            QCOMPARE(t.grad.defined, !expected.isNull());
            if (!t.grad.defined) continue;
            const QJsonArray values = expected.toArray();
            QCOMPARE(qsizetype(t.grad.values.size()), values.size());
            for (qsizetype i = 0; i < values.size(); ++i)
                QVERIFY2(std::abs(t.grad.values[std::size_t(i)] - values[i].toDouble()) <=
                             1e-5 + 1e-5 * std::abs(values[i].toDouble()),
                         qPrintable(QStringLiteral("%1.grad[%2]").arg(QString::fromStdString(t.name)).arg(i)));
        }
    }
    void itemsHaveKindsScopesAndEdges() {
        ComputationGraphModel model;
        model.setGraph(tessera::widgets::captureScript("b = a * 3\nc = b.mean()\n", {input("a", {3})}));
        QStringList kinds;
        for (int r = 0; r < model.rowCount(); ++r)
            kinds << model.data(model.index(r), ComputationGraphModel::KindNameRole).toString() + ":" + model.name(r);
        kinds.sort();
        QCOMPARE(kinds, (QStringList{"input:a", "intermediate:b", "op:MeanBackward0", "op:MulBackward0", "root:c"}));
        // Forward: two ops in execution order; backward: Mean, Mul, AccumulateGrad.
        const auto& steps = model.steps();
        QCOMPARE(steps.size(), std::size_t(5));
        QCOMPARE(model.name(steps[0].row), QStringLiteral("MulBackward0"));
        QCOMPARE(model.name(steps[2].row), QStringLiteral("MeanBackward0"));
        QCOMPARE(model.name(steps[4].row), QStringLiteral("a"));
        QVERIFY(model.detailsHtml(steps[4].row).contains("storage"));
        QCOMPARE(model.find("mul").size(), 1);
    }
    void bigTensorsShowTheirFirstValues() {
        ComputationGraphModel model;
        std::vector<double> values(5000, 0.25);
        model.setGraph(tessera::widgets::captureScript("c = (a * 2).sum()\n",
                                                       {{"a", {5000}, values, true, tessera::DType::Float32}}));
        const std::vector<tessera::widgets::StepTensor> shown = model.stepTensors(0);  // forward: a * 2
        QVERIFY(!shown.empty());
        QCOMPARE(shown[0].tensor.values.size(), std::size_t(5000));
        // A panel, not a dump: shape, dtype, statistics and a heat map; the numbers on demand.
        QString html = model.stepHtml(0);
        QVERIFY2(html.contains("5000 values") && html.contains("mean 0.5") && html.contains("Show the 5000 numbers") &&
                     !html.contains("[0.5, 0.5"),
                 qPrintable(html.left(600)));
        const QImage map = model.panelImage("s0");
        QVERIFY(!map.isNull());
        QVERIFY(map.width() <= 240);
        model.toggleValues("s0");
        html = model.stepHtml(0);
        QVERIFY2(html.contains("5000 elements; the first 4096") && html.contains("[0.5, 0.5"),
                 qPrintable(html.left(600)));
    }
    // A 2-D tensor's heat map is a grid (rows × columns), not one flattened row; colours run from blue
    // below zero through white to red above.
    void heatMapsKeepTheShape() {
        tessera::autograd::SnapshotTensor t;
        t.defined = true;
        t.sizes = {2, 3};
        t.values = {-1, 0, 1, 2, 0, -2};
        const QImage map = tessera::widgets::tensorHeatMap(t);
        QVERIFY(!map.isNull());
        QCOMPARE(map.width() * 2, map.height() * 3);
        const auto at = [&](int row, int col) {
            return map.pixelColor(col * map.width() / 3 + 1, row * map.height() / 2 + 1);
        };
        QCOMPARE(at(0, 1), QColor(Qt::white));                 // 0
        QVERIFY(at(0, 0).blue() > at(0, 0).red());             // -1: light blue
        QVERIFY(at(1, 0).red() > at(1, 0).blue());             // 2: dark red
        QVERIFY(at(1, 2).blue() > at(1, 2).red());             // -2: dark blue
        QVERIFY(at(1, 2).lightness() < at(0, 0).lightness());  // |-2| is darker than |-1|
    }
    // Forward steps are named after the op that ran, backward steps after the Node; a Node receives
    // grad_output and returns grad_input, as PyTorch's hooks name them.
    void stepNamesAndGradientNames() {
        ComputationGraphModel model;
        model.setGraph(tessera::widgets::captureScript("b = a * 3\nc = b.mean()\n", {input("a", {3})}));
        const auto& steps = model.steps();
        QCOMPARE(steps.size(), std::size_t(5));
        QCOMPARE(steps[0].title, QStringLiteral("forward 1/2: mul"));
        QCOMPARE(steps[1].title, QStringLiteral("forward 2/2: mean"));
        QCOMPARE(steps[2].title, QStringLiteral("backward 1/3: MeanBackward0"));
        const QString mean = model.stepHtml(2), mul = model.stepHtml(3);
        QVERIFY2(mean.contains("received grad_output[0]") && mean.contains("returns grad_input[0]"), qPrintable(mean));
        QVERIFY(!mean.contains("grad_in[") && !mean.contains("grad_out["));
        QVERIFY(mul.contains("received grad_output[0]"));
        // No gradient before backward computes it.
        const int a = steps[4].row;
        for (int step : {-1, 0, 1, 2, 3}) QVERIFY2(!model.gradKnown(a, step), qPrintable(QString::number(step)));
        QVERIFY(model.gradKnown(a, 4));
        QVERIFY(!model.detailsHtml(a, -1).contains("[1, 1, 1]"));
        QVERIFY(model.detailsHtml(a, -1).contains("not computed yet"));
        QVERIFY(model.detailsHtml(a, 4).contains("[1, 1, 1]"));
    }
    void reportsScriptErrorsWithPlace() {
        try {
            tessera::widgets::captureScript("b = a *\n", {input("a", {3})});
            QFAIL("no error");
        } catch (const tessera::script::ScriptError& e) {
            QCOMPARE(e.line(), 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestComputationGraphModel)
#include "test_computation_graph_model.moc"
