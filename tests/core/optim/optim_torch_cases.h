// Shared by the optim suites: runs cases in torch 1.13 (optim_reference.py, one Python process per
// suite) and the same cases in Tessera, and compares parameters and learning rates.
#pragma once

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/io/json.h"
#include "core/io/npy.h"
#include "core/ops/view.h"
#include "core/optim/optimizer.h"
#include "core/optim/optimizer_registry.h"

namespace optim_test {

using namespace tessera;

constexpr int kParams = 2;  // optim_reference.py's SHAPES

// Writes `cases` to dir/cases.json and runs the reference script on them; false (after a QFAIL-style
// message) when Python fails.
inline bool runReference(const QString& dir, const io::Json& cases) {
    QFile file(dir + "/cases.json");
    if (!file.open(QIODevice::WriteOnly)) return false;
    file.write(QByteArray::fromStdString(io::writeJson(cases)));
    file.close();
    QProcess python;
    python.start(QStringLiteral(TESSERA_PYTHON3),
                 {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/optim/optim_reference.py"), dir});
    if (!python.waitForStarted()) return false;
    python.waitForFinished(-1);
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0) {
        qWarning("%s", python.readAllStandardError().constData());
        return false;
    }
    return true;
}

inline std::string path(const QString& dir, int i, const std::string& name) {
    return (dir + QStringLiteral("/case%1_").arg(i)).toStdString() + name + ".npy";
}

inline std::vector<double> values(const Tensor& t) { return ops::to(t, DType::Float64).toVector<double>(); }

// |a − b| ≤ atol + rtol·|b| element-wise, reporting the first miss.
inline bool allClose(const std::vector<double>& a, const std::vector<double>& b, double rtol, double atol,
                     const QString& what) {
    if (a.size() != b.size()) {
        qWarning("%s: %zu values, torch has %zu", qPrintable(what), a.size(), b.size());
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(std::abs(a[i] - b[i]) <= atol + rtol * std::abs(b[i]))) {
            qWarning("%s[%zu]: tessera %.17g, torch %.17g", qPrintable(what), i, a[i], b[i]);
            return false;
        }
    return true;
}

struct Run {
    std::vector<Tensor> params;
    std::vector<std::vector<double>> lrs;  // per step, per group
};

// Builds the case's parameter groups from the reference's starting values.
inline std::vector<optim::ParamGroup> groupsOf(const io::Json& c, const std::vector<Tensor>& params) {
    std::vector<optim::ParamGroup> groups;
    if (c.contains("group2")) {
        groups.resize(2);
        groups[0].params = {params[0]};
        groups[1].params = {params[1]};
        groups[1].options = optim::optionsFromJson(c.at("group2"), "group2");
    } else {
        groups.resize(1);
        groups[0].params = params;
    }
    return groups;
}

// Called after each optimizer step (a scheduler's step, or nothing).
using AfterStep = std::function<void()>;
using MakeAfterStep = std::function<AfterStep(const io::Json& c, optim::Optimizer& opt)>;

// Runs case i in Tessera: the reference's starting parameters and gradients, the case's optimizer
// from the registry, and after each step `makeAfterStep`'s action (if given).
inline Run runTessera(const QString& dir, int i, const io::Json& c, const MakeAfterStep& makeAfterStep) {
    Run run;
    std::vector<Tensor> grads;
    for (int j = 0; j < kParams; ++j) {
        Tensor p = io::readNpy(path(dir, i, "p" + std::to_string(j) + "_init"));
        p.setRequiresGrad(true);
        run.params.push_back(p);
        grads.push_back(io::readNpy(path(dir, i, "p" + std::to_string(j) + "_grads")));
    }
    auto opt = optim::makeOptimizer(c.at("optimizer").asString(), groupsOf(c, run.params), c.at("options"));
    AfterStep after = makeAfterStep ? makeAfterStep(c, *opt) : AfterStep();
    const std::int64_t steps = c.at("steps").asInteger();
    const std::int64_t skip = c.contains("skip") ? c.at("skip").asInteger() : 0;
    for (std::int64_t k = 0; k < steps; ++k) {
        for (int j = 0; j < kParams; ++j) {
            if (j == 1 && skip && k % skip == skip - 1)
                run.params[j].setGrad(Tensor());
            else
                run.params[j].setGrad(ops::clone(ops::select(grads[j], 0, k)));
        }
        opt->step();
        if (after) after();
        std::vector<double> lrs;
        for (const auto& g : opt->paramGroups()) lrs.push_back(g.get("lr"));
        run.lrs.push_back(lrs);
    }
    return run;
}

// Compares run with the reference of case i; rtol 1e-6 / atol 1e-7 as issue 5 asks.
inline bool matchesTorch(const QString& dir, int i, const Run& run, const QString& label) {
    bool ok = true;
    for (int j = 0; j < kParams; ++j) {
        const auto want = values(io::readNpy(path(dir, i, "p" + std::to_string(j) + "_final")));
        ok = allClose(values(run.params[j]), want, 1e-6, 1e-7, label + QStringLiteral(" param %1").arg(j)) && ok;
    }
    std::vector<double> lrs;
    for (const auto& row : run.lrs) lrs.insert(lrs.end(), row.begin(), row.end());
    ok = allClose(lrs, values(io::readNpy(path(dir, i, "lrs"))), 1e-12, 0, label + " lr") && ok;
    return ok;
}

}  // namespace optim_test
