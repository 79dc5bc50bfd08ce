// The versions of the libraries this build of Tessera uses, for the About box and bug reports.
//
//   for (const auto& [library, version] : libraryVersions()) …   // {"Qt", "6.4.2"}, {"Eigen", "3.4.0"}, …
#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace tessera::app {

// Tessera itself, Qt (run-time and build-time when they differ), Eigen, oneTBB, Graphviz and ONNX.
QList<QPair<QString, QString>> libraryVersions();

QString tesseraVersion();

}  // namespace tessera::app
