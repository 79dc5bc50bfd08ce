#include "plugins/plugin_loader.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonObject>
#include <QLibrary>
#include <QPluginLoader>
#include <QStandardPaths>

#include "plugins/tessera_plugin.h"

namespace tessera::plugins {

PluginLoader::PluginLoader() = default;

PluginLoader::~PluginLoader() = default;

QStringList PluginLoader::defaultFolders() {
    const QString appDir = QCoreApplication::applicationDirPath();
    return {QDir::cleanPath(appDir + QStringLiteral("/plugins")),
            QDir::cleanPath(appDir + QStringLiteral("/../lib/tessera/plugins")), userFolder()};
}

QString PluginLoader::userFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/tessera/plugins");
}

QList<PluginInfo> PluginLoader::load(const QStringList& folders) {
    QList<PluginInfo> results;
    for (const QString& folder : folders) {
        const QDir dir(folder);
        if (!dir.exists()) continue;
        for (const QString& entry : dir.entryList(QDir::Files, QDir::Name)) {
            const QString file = dir.absoluteFilePath(entry);
            if (QLibrary::isLibrary(file)) results.append(loadOne(file));
        }
    }
    return results;
}

QList<Plugin*> PluginLoader::plugins() const { return m_plugins; }

PluginInfo PluginLoader::loadOne(const QString& file) {
    PluginInfo info;
    info.file = file;
    auto loader = std::make_unique<QPluginLoader>(file);
    const QJsonObject meta = loader->metaData();
    if (meta.isEmpty()) {
        info.error =
            QCoreApplication::translate("tessera::plugins::PluginLoader", "not a Qt plugin (no plugin metadata): %1")
                .arg(loader->errorString());
        return info;
    }
    const QString iid = meta.value(QStringLiteral("IID")).toString();
    if (iid != QLatin1String(TESSERA_PLUGIN_IID)) {
        info.error =
            QCoreApplication::translate("tessera::plugins::PluginLoader", "interface id is \"%1\", expected \"%2\"")
                .arg(iid, QLatin1String(TESSERA_PLUGIN_IID));
        return info;
    }
    const QJsonObject data = meta.value(QStringLiteral("MetaData")).toObject();
    auto requireString = [&](const char* key, QString& out) {
        const QJsonValue v = data.value(QLatin1String(key));
        if (!v.isString() || v.toString().isEmpty()) {
            info.error = QCoreApplication::translate("tessera::plugins::PluginLoader",
                                                     "metadata field \"%1\" must be a non-empty string")
                             .arg(QLatin1String(key));
            return false;
        }
        out = v.toString();
        return true;
    };
    if (!requireString("name", info.name) || !requireString("version", info.version)) return info;
    info.description = data.value(QStringLiteral("description")).toString();
    const QJsonValue api = data.value(QStringLiteral("api"));
    if (!api.isDouble() || api.toInt(-1) != kPluginApiVersion) {
        info.error = QCoreApplication::translate("tessera::plugins::PluginLoader",
                                                 "metadata field \"api\" must be %1 (the plugin API of this Tessera)")
                         .arg(kPluginApiVersion);
        return info;
    }
    for (const Plugin* loaded : m_plugins) {
        if (loaded->name() == info.name) {
            info.error =
                QCoreApplication::translate("tessera::plugins::PluginLoader", "a plugin named \"%1\" is already loaded")
                    .arg(info.name);
            return info;
        }
    }
    QObject* instance = loader->instance();
    if (!instance) {
        info.error = QCoreApplication::translate("tessera::plugins::PluginLoader", "cannot be loaded: %1")
                         .arg(loader->errorString());
        return info;
    }
    auto* plugin = qobject_cast<Plugin*>(instance);
    if (!plugin) {
        info.error = QCoreApplication::translate("tessera::plugins::PluginLoader",
                                                 "does not implement the Tessera plugin interface");
        loader->unload();
        return info;
    }
    m_plugins.append(plugin);
    m_loaders.push_back(std::move(loader));
    return info;
}

}  // namespace tessera::plugins
