// Finds and loads Tessera plugins: every shared library in the plugin folders is checked (Qt plugin
// metadata, interface id, the JSON "name"/"version"/"api" fields) and then loaded with QPluginLoader.
// Bad plugins are not fatal: each comes back with the file and the cause, for the Messages dock.
//
//   PluginLoader loader;
//   for (const PluginInfo& info : loader.load(PluginLoader::defaultFolders()))
//       if (!info.ok()) report(info.file, info.error);
//   for (Plugin* p : loader.plugins()) …
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

class QPluginLoader;

namespace tessera::plugins {

class Plugin;

struct PluginInfo {
    QString file;  // absolute path of the library
    QString name;
    QString version;
    QString description;
    QString error;  // empty when the plugin loaded

    bool ok() const { return error.isEmpty(); }
};

class PluginLoader {
public:
    PluginLoader();
    ~PluginLoader();
    PluginLoader(const PluginLoader&) = delete;
    PluginLoader& operator=(const PluginLoader&) = delete;

    // The folders searched by default: `plugins` next to the executable (the build tree), the
    // installed lib/tessera/plugins beside it, and the user's own plugin folder.
    static QStringList defaultFolders();
    static QString userFolder();

    // Checks and loads every library in `folders` (missing folders are skipped) and returns one
    // entry per library, good or bad. A plugin whose name is already loaded is refused.
    QList<PluginInfo> load(const QStringList& folders);

    // The plugins loaded so far; they stay loaded for the life of the loader.
    QList<Plugin*> plugins() const;

private:
    PluginInfo loadOne(const QString& file);

    std::vector<std::unique_ptr<QPluginLoader>> m_loaders;
    QList<Plugin*> m_plugins;
};

}  // namespace tessera::plugins
