// The colour of a node type, shared by every view that draws one (the designer's canvas, the Project
// dock), so a node looks the same wherever it appears: one colour per palette category.
//
//   QColor c = categoryColour("Convolution");   // the canvas's band of a Conv2d node
//   QColor d = nodeTypeColour("Conv2d");        // the same colour, found through the registry
#pragma once

#include <QColor>
#include <QString>

namespace tessera::widgets {

QColor categoryColour(const QString& category);
// The colour of the type's category; a type the registry does not know gets a stable colour of its own.
QColor nodeTypeColour(const QString& type);

}  // namespace tessera::widgets
