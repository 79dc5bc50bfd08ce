// The interface every Tessera plugin implements. A plugin is one folder with a JSON metadata file
// and a factory class; it sees this header (and later the layer registry), never the main window.
//
//   class MyPlugin : public QObject, public tessera::plugins::Plugin {
//       Q_OBJECT
//       Q_PLUGIN_METADATA(IID TESSERA_PLUGIN_IID FILE "my_plugin.json")
//       Q_INTERFACES(tessera::plugins::Plugin)
//   public:
//       QString name() const override { return QStringLiteral("My plugin"); }
//       QString version() const override { return QStringLiteral("1.0"); }
//   };
//
// my_plugin.json holds {"name": "...", "version": "...", "api": 1, "description": "..."}; the loader
// (plugins/plugin_loader.h) checks it before it loads the library. The part through which a plugin
// adds layers to the model graph comes with the graph work (issue 6) and will raise `api`.
#pragma once

#include <QString>
#include <QtPlugin>

// Bumped whenever the interface changes incompatibly; the loader refuses plugins built for another.
#define TESSERA_PLUGIN_IID "org.tessera.Plugin/1"

namespace tessera::plugins {

inline constexpr int kPluginApiVersion = 1;  // the "api" a plugin's JSON metadata must declare

class Plugin {
public:
    virtual ~Plugin() = default;
    virtual QString name() const = 0;
    virtual QString version() const = 0;
};

}  // namespace tessera::plugins

Q_DECLARE_INTERFACE(tessera::plugins::Plugin, TESSERA_PLUGIN_IID)
