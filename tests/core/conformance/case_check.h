// Checking one case of the runner's manifest (runner.py) against Tessera: shared by the conformance
// suite (cases/*.py) and the random-script suite (random_cases.py).
//
//   QString failure = checkCase(spec, outDir + "/" + name, "cases/views.py", &coveredOps);
//   if (!failure.isEmpty()) QFAIL(qPrintable(failure));
#pragma once

#include <QtCore>

#include <cmath>
#include <optional>
#include <set>

#include "core/autograd/graph_snapshot.h"
#include "core/io/npy.h"
#include "core/script/interpreter.h"
#include "core/tensor/error.h"

namespace tessera::conformance {

// The start of checkCase's message for a case whose values and gradients agree but whose autograd graph
// differs; a case may declare such a known difference with `# graph-differs: REASON`.
inline const QString kGraphDiffersPrefix = QStringLiteral("autograd graph differs from torch's");

// Runs a conformance runner (runner.py, or tests/core/script/sklearn_runner.py) on one case file, in one
// python process, writing into `out`; the cases of its manifest, or nullopt with the reason in *error.
inline std::optional<QJsonArray> runCaseFile(const QString& runner, const QString& caseFile, const QString& out,
                                             QString* error) {
    QProcess process;
    process.start(TESSERA_PYTHON3, {runner, caseFile, out});
    const bool finished = process.waitForFinished(600000);
    QFile manifest(out + "/manifest.json");
    if (!finished || process.exitCode() != 0 || !manifest.open(QIODevice::ReadOnly)) {
        *error = QFileInfo(runner).fileName() + " failed: " + QString(process.readAllStandardError());
        return std::nullopt;
    }
    return QJsonDocument::fromJson(manifest.readAll()).object()["cases"].toArray();
}

// Why `got` differs from torch's `want` (shape, dtype, or the first element out of tolerance), or "".
// `toleranceScale` widens both tolerances (1 for single-op cases).
inline QString describeMismatch(const std::string& name, const Tensor& got, const Tensor& want,
                                double toleranceScale = 1.0) {
    if (got.dtype() != want.dtype())
        return QString("%1: dtype %2, torch has %3")
            .arg(QString::fromStdString(name), QString::fromStdString(std::string(dtypeName(got.dtype()))),
                 QString::fromStdString(std::string(dtypeName(want.dtype()))));
    if (got.sizes() != want.sizes())
        return QString("%1: shape %2, torch has %3")
            .arg(QString::fromStdString(name), QString::fromStdString(shapeToString(got.sizes())),
                 QString::fromStdString(shapeToString(want.sizes())));
    if (!isFloating(want.dtype())) {
        const auto a = got.toVector<std::int64_t>(), b = want.toVector<std::int64_t>();
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i])
                return QString("%1: element %2 is %3, torch has %4")
                    .arg(QString::fromStdString(name))
                    .arg(i)
                    .arg(a[i])
                    .arg(b[i]);
        return {};
    }
    const bool f32 = want.dtype() == DType::Float32;
    const double rtol = (f32 ? 1e-5 : 1e-12) * toleranceScale, atol = (f32 ? 1e-6 : 1e-13) * toleranceScale;
    const auto a = got.toVector<double>(), b = want.toVector<double>();
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) && std::isnan(b[i])) continue;
        if (a[i] == b[i]) continue;  // equal infinities
        if (std::isfinite(a[i]) && std::isfinite(b[i]) && std::fabs(a[i] - b[i]) <= atol + rtol * std::fabs(b[i]))
            continue;
        return QString("%1: element %2 is %3, torch has %4")
            .arg(QString::fromStdString(name))
            .arg(i)
            .arg(a[i], 0, 'g', 17)
            .arg(b[i], 0, 'g', 17);
    }
    return {};
}

// The multiset of Node names and of (from name, to name) edges: equal for two graphs of the same shape
// whatever order their Nodes were numbered in.
inline QStringList graphSignature(const QStringList& nodes, const std::vector<std::pair<int, int>>& edges) {
    QStringList sig = nodes;
    for (const auto& [from, to] : edges) sig << nodes[from] + " -> " + nodes[to];
    sig.sort();
    return sig;
}

// Compares Tessera's autograd graph behind `root` with torch's (runner.py's grad_fn_graph); "" if equal.
inline QString compareGraph(const Tensor& root, const QJsonObject& torchGraph) {
    QStringList torchNodes;
    for (const auto& n : torchGraph["nodes"].toArray()) torchNodes << n.toString();
    std::vector<std::pair<int, int>> torchEdges;
    for (const auto& e : torchGraph["edges"].toArray())
        torchEdges.emplace_back(e.toArray()[0].toInt(), e.toArray()[1].toInt());
    const autograd::GraphSnapshot g = autograd::GraphRecorder({root}).snapshot();
    QStringList nodes;
    for (const auto& n : g.nodes) nodes << QString::fromStdString(n.name);
    std::vector<std::pair<int, int>> edges;
    for (const auto& e : g.edges) edges.emplace_back(static_cast<int>(e.from), static_cast<int>(e.to));
    const QStringList ours = graphSignature(nodes, edges), theirs = graphSignature(torchNodes, torchEdges);
    if (ours == theirs) return {};
    return kGraphDiffersPrefix + ":\n  Tessera: " + ours.join(", ") + "\n  torch:   " + theirs.join(", ");
}

// Runs one case (its runner output in `dir`) through the interpreter and compares every output and
// gradient with torch's. Returns "" when the case passes, else the reason. The ops the case called are
// added to `covered` when it passes. `toleranceScale` widens the tolerances for long compositions.
inline QString checkCase(const QJsonObject& spec, const QString& dir, const std::string& source,
                         std::set<std::string>* covered, double toleranceScale = 1.0) {
    const QString expectedError = spec["error"].isNull() ? QString() : spec["error"].toString();
    const QString torchError = spec["torch_error"].isNull() ? QString() : spec["torch_error"].toString();
    if (expectedError.isEmpty() && !torchError.isEmpty())
        return "torch raised: " + torchError + "\n" + spec["torch_traceback"].toString();
    if (!expectedError.isEmpty() && torchError.isEmpty()) return "the case expects an error but torch raised none";

    script::Interpreter interp;
    for (const auto& name : spec["inputs"].toArray())
        interp.setVariable(name.toString().toStdString(),
                           script::Value(io::readNpy((dir + "/inputs/" + name.toString() + ".npy").toStdString())));
    std::vector<std::pair<std::string, Tensor>> tracked;
    for (const auto& name : spec["requires_grad"].toArray()) {
        const script::Value* v = interp.variable(name.toString().toStdString());
        if (!v || !v->isTensor()) return "requires_grad names no input: " + name.toString();
        v->asTensor().setRequiresGrad(true);
        tracked.emplace_back("grad_" + name.toString().toStdString(), v->asTensor());
    }
    const std::string backward = spec["backward"].isNull() ? std::string() : spec["backward"].toString().toStdString();
    // Blank lines in front keep the line numbers of the case file in Tessera's messages.
    const std::string text = std::string(static_cast<std::size_t>(spec["script_line"].toInt() - 1), '\n') +
                             spec["script"].toString().toStdString();
    if (!expectedError.isEmpty()) {
        try {
            interp.run(text, source);
        } catch (const Error& e) {
            const QString message = QString::fromUtf8(e.what());
            if (!message.contains(expectedError))
                return "Tessera's message '" + message + "' lacks '" + expectedError + "'";
            return {};
        }
        return "Tessera raised no error; torch raised " + torchError;
    }
    try {
        interp.run(text, source);
    } catch (const Error& e) {
        return QString("Tessera raised: ") + e.what();
    }

    auto outputs = interp.outputs();
    // Values and gradients are compared first; a graph that differs from torch's is reported last.
    QString graph;
    if (!backward.empty()) {
        const script::Value* root = interp.variable(backward);
        if (!root || !root->isTensor()) return "the backward variable is not a tensor";
        graph = compareGraph(root->asTensor(), spec["graph"].toObject());
        try {
            root->asTensor().backward();
        } catch (const Error& e) {
            return QString("Tessera's backward raised: ") + e.what();
        }
        for (const auto& [name, input] : tracked)
            if (input.grad().defined()) outputs.emplace_back(name, input.grad());
    }
    std::set<std::string> expected;
    for (const auto& o : spec["outputs"].toArray()) expected.insert(o.toString().toStdString());
    std::set<std::string> produced;
    for (const auto& [name, tensor] : outputs) {
        produced.insert(name);
        if (!expected.count(name)) return QString::fromStdString("Tessera has output " + name + " that torch has not");
        const Tensor want = io::readNpy((dir + "/torch/" + QString::fromStdString(name) + ".npy").toStdString());
        const QString mismatch = describeMismatch(name, tensor, want, toleranceScale);
        if (!mismatch.isEmpty()) return mismatch;
    }
    for (const auto& name : expected)
        if (!produced.count(name)) return QString::fromStdString("torch has output " + name + " that Tessera has not");
    if (covered) covered->insert(interp.calledOps().begin(), interp.calledOps().end());
    return graph;
}

}  // namespace tessera::conformance
