// Shared by the ONNX suites: temporary files, running onnxruntime-node and python3-onnx, and comparing
// tensors within rtol/atol.
#pragma once

#include <QProcess>
#include <QStringList>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <string>

#include "core/io/npy.h"
#include "core/ops/view.h"
#include "core/tensor/tensor.h"

namespace onnx_harness {

inline std::filesystem::path sourceDir() { return TESSERA_SOURCE_DIR; }
inline std::filesystem::path ortDir() { return sourceDir() / "tools" / "onnxruntime"; }
inline bool haveOrt() { return std::filesystem::exists(ortDir() / "node_modules" / "onnxruntime-node"); }

// Runs a program; returns its exit code, stdout+stderr in `output`.
inline int runProgram(const QString& program, const QStringList& args, QString& output) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(300000)) return -1;
    output = QString::fromUtf8(p.readAll());
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

// The model's first output for `input` as computed by onnxruntime-node.
inline tessera::Tensor runOrt(const std::filesystem::path& model, const tessera::Tensor& input,
                              const std::filesystem::path& dir) {
    const auto in = dir / (model.stem().string() + "_in.npy"), out = dir / (model.stem().string() + "_ort.npy");
    tessera::io::writeNpy(in, input);
    QString log;
    const int rc = runProgram("node",
                              {QString::fromStdString((sourceDir() / "tests/core/onnx/ort_run.js").string()),
                               QString::fromStdString(ortDir().string()), QString::fromStdString(model.string()),
                               QString::fromStdString(in.string()), QString::fromStdString(out.string())},
                              log);
    if (rc != 0) qWarning("onnxruntime failed on %s: %s", model.c_str(), qPrintable(log));
    return rc == 0 ? tessera::io::readNpy(out) : tessera::Tensor();
}

// Largest violation of |a - b| ≤ atol + rtol·|b| (≤ 0 when within tolerance); the shapes must match.
inline double excess(const tessera::Tensor& a, const tessera::Tensor& b, double rtol = 1e-5, double atol = 1e-6) {
    if (!a.defined() || !b.defined() || a.sizes() != b.sizes()) return INFINITY;
    const auto x = tessera::ops::contiguous(tessera::ops::to(a, tessera::DType::Float64)).toVector<double>();
    const auto y = tessera::ops::contiguous(tessera::ops::to(b, tessera::DType::Float64)).toVector<double>();
    double worst = -INFINITY;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double e = std::abs(x[i] - y[i]) - (atol + rtol * std::abs(y[i]));
        if (!(e <= worst)) worst = std::isnan(e) ? INFINITY : e;
    }
    return x.empty() ? 0 : worst;
}

}  // namespace onnx_harness
