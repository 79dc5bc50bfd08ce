// The example plugin: one folder, one JSON metadata file, one factory class. It only identifies
// itself; plugins that add layers implement the registry part of the interface (issue 6).
#include <QObject>

#include "plugins/tessera_plugin.h"

namespace tessera::plugins {

class ExamplePlugin : public QObject, public Plugin {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID TESSERA_PLUGIN_IID FILE "example_plugin.json")
    Q_INTERFACES(tessera::plugins::Plugin)
public:
    QString name() const override { return QStringLiteral("Example"); }
    QString version() const override { return QStringLiteral("1.0.0"); }
};

}  // namespace tessera::plugins

#include "example_plugin.moc"
