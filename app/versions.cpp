// Eigen and oneTBB may be included only in core/kernels (the layering rule), so their versions are
// not read from headers here: CMake takes each from the package it found (Eigen3_VERSION,
// TBB_VERSION, Graphviz's libgvc pkg-config version, ONNX_VERSION) and passes it to this file.
#include "app/versions.h"

#include <QtGlobal>

namespace tessera::app {

QString tesseraVersion() { return QStringLiteral(TESSERA_VERSION); }

QList<QPair<QString, QString>> libraryVersions() {
    QString qt = QString::fromLatin1(qVersion());
    if (qt != QLatin1String(QT_VERSION_STR))
        qt += QStringLiteral(" (built with %1)").arg(QLatin1String(QT_VERSION_STR));
    return {
        {QStringLiteral("Tessera"), tesseraVersion()},
        {QStringLiteral("Qt"), qt},
        {QStringLiteral("Eigen"), QStringLiteral(TESSERA_EIGEN_VERSION)},
        {QStringLiteral("oneTBB"), QStringLiteral(TESSERA_TBB_VERSION)},
        {QStringLiteral("Graphviz"), QStringLiteral(TESSERA_GRAPHVIZ_VERSION)},
        {QStringLiteral("ONNX"), QStringLiteral(TESSERA_ONNX_VERSION)},
    };
}

}  // namespace tessera::app
