// The example projects of resources/examples, for the app suites.
//
//   MainWindow w(…);  w.openFile(examplePath("moons-mlp"));
//   io::Project p = exampleProject("digits-cnn");
#pragma once

#include <QString>

#include "core/io/project.h"

inline QString examplePath(const QString& name) {
    return QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/%1.tessera").arg(name);
}

inline tessera::io::Project exampleProject(const QString& name) {
    return tessera::io::loadProject(examplePath(name).toStdString());
}
