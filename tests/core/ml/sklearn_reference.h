// Runs a Python script with Debian's NumPy and scikit-learn 1.2.1 (/usr/bin/python3, TESSERA_PYTHON3)
// and returns its standard output split into lines; the test fails when the interpreter cannot run it.
// Reference values are printed as float.hex() so that they are read back exactly.
//
//   const QStringList lines = runSklearn("import numpy as np\nprint(np.random.RandomState(0).rand().hex())\n");
//   double v = hexDouble(lines[0]);
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/tensor/tensor.h"

inline QStringList runSklearn(const QString& script) {
    QProcess python;
    python.start(QStringLiteral(TESSERA_PYTHON3), {QStringLiteral("-")});
    if (!python.waitForStarted()) {
        QTest::qFail(qPrintable("cannot start " + QStringLiteral(TESSERA_PYTHON3)), __FILE__, __LINE__);
        return {};
    }
    python.write(script.toUtf8());
    python.closeWriteChannel();
    python.waitForFinished(-1);
    const QString err = QString::fromUtf8(python.readAllStandardError());
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0) {
        QTest::qFail(qPrintable("the sklearn reference script failed: " + err), __FILE__, __LINE__);
        return {};
    }
    return QString::fromUtf8(python.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// A double written by float.hex() (or repr: strtod reads both exactly).
inline double hexDouble(const QString& token) { return std::strtod(token.toLatin1().constData(), nullptr); }

inline std::vector<double> hexDoubles(const QString& line) {
    std::vector<double> out;
    for (const QString& t : line.split(' ', Qt::SkipEmptyParts)) out.push_back(hexDouble(t));
    return out;
}

inline std::vector<long long> ints(const QString& line) {
    std::vector<long long> out;
    for (const QString& t : line.split(' ', Qt::SkipEmptyParts)) out.push_back(t.toLongLong());
    return out;
}

// Relative closeness for comparisons with sklearn: |a - b| <= tol * max(|a|, |b|), or both tiny.
inline bool closeRel(double a, double b, double tol = 1e-10) {
    if (a == b) return true;
    if (std::isnan(a) && std::isnan(b)) return true;
    const double scale = std::max(std::abs(a), std::abs(b));
    return std::abs(a - b) <= tol * scale || std::abs(a - b) <= 1e-14;
}

// A tensor as a NumPy expression that rebuilds it exactly: np.array([...], dtype=...).reshape((...)).
inline QString pyArray(const tessera::Tensor& t) {
    QStringList parts;
    if (t.dtype() == tessera::DType::Int64)
        for (auto v : t.toVector<std::int64_t>()) parts << QString::number(v);
    else
        for (auto v : t.toVector<double>()) parts << QString::asprintf("%.17g", v);
    QString shape;
    for (auto s : t.sizes()) shape += QString::number(s) + ",";
    return QString("np.array([%1], dtype=%2).reshape((%3))")
        .arg(parts.join(','), t.dtype() == tessera::DType::Int64 ? "np.int64" : "np.float64", shape);
}

// Empty when ours and sklearn's values agree (closeRel), else a message naming `what` with both lists.
inline QString mismatch(const QString& what, const std::vector<double>& ours, const std::vector<double>& theirs) {
    bool same = ours.size() == theirs.size();
    for (std::size_t k = 0; same && k < ours.size(); ++k) same = closeRel(ours[k], theirs[k]);
    if (same) return {};
    QStringList a, b;
    for (double v : ours) a << QString::number(v, 'g', 17);
    for (double v : theirs) b << QString::number(v, 'g', 17);
    return QString("%1:\n ours    %2\n sklearn %3").arg(what, a.join(' ').left(600), b.join(' ').left(600));
}
