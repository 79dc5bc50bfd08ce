#include "widgets/common/node_colours.h"

#include <QHash>
#include <map>

#include "core/graph/node_type_registry.h"

namespace tessera::widgets {

QColor categoryColour(const QString& category) {
    static const std::map<QString, QColor> colours = {
        {"Input/Output", QColor(0x4c, 0x8b, 0xf5)}, {"Linear", QColor(0x2e, 0x9e, 0x6b)},
        {"Convolution", QColor(0x8e, 0x5c, 0xd9)},  {"Pooling", QColor(0xb5, 0x6a, 0xd0)},
        {"Activation", QColor(0xe0, 0x8a, 0x1e)},   {"Normalization", QColor(0x1f, 0x9c, 0xb0)},
        {"Loss", QColor(0xd0, 0x4a, 0x4a)},         {"Regularization", QColor(0x8a, 0x8a, 0x8a)},
        {"Reshape", QColor(0x6b, 0x7f, 0x99)},      {"Recurrent", QColor(0xc0, 0x5c, 0x8e)},
        {"Attention", QColor(0xa0, 0x4f, 0xb8)},    {"Merge", QColor(0x5f, 0x8a, 0x3c)}};
    const auto it = colours.find(category);
    return it == colours.end() ? QColor(0x70, 0x78, 0x88) : it->second;
}

QColor nodeTypeColour(const QString& type) {
    if (const graph::NodeType* t = graph::NodeTypeRegistry::instance().find(type.toStdString()))
        return categoryColour(QString::fromStdString(t->category));
    return QColor::fromHsv(static_cast<int>(qHash(type) % 360), 140, 200);
}

}  // namespace tessera::widgets
