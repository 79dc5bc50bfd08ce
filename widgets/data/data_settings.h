// The data settings a project's "data" object holds besides its source (docs/data.md), edited in the
// GUI: a generator's keys (samples, noise, factor, centers, …, each with its documented default and
// range), and for every source the seed, the feature scale and standardization. Each edit emits the
// whole new spec; what a field shows when the spec leaves a key out is the key's default.
//
//   DataSettings form;
//   form.setSpec(project.data);                        // {"dataset": "moons", "noise": 0.2, …}
//   connect(&form, &DataSettings::edited, this, [&](const QString& key) {
//       document->setSection(Section::Data, form.spec(), tr("Change Data Settings"), key);
//   });
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "core/io/json.h"

class QFormLayout;

namespace tessera::widgets {

class DataSettings : public QWidget {
    Q_OBJECT
public:
    explicit DataSettings(QWidget* parent = nullptr);

    // Shows the keys of `spec`'s source (a generator's own keys, then seed, scale, standardize).
    void setSpec(const io::Json& spec);
    const io::Json& spec() const { return m_spec; }
    // The keys shown, in order ("samples", "noise", "seed", "scale", "standardize").
    QStringList keys() const { return m_keys; }
    // The editor of `key` (a NumberBox, QSpinBox or QCheckBox named after the key), or null.
    QWidget* field(const QString& key) const;

signals:
    // The user changed `key`; spec() is the whole new data object.
    void edited(const QString& key);

private:
    void rebuild();
    void set(const QString& key, io::Json value);

    io::Json m_spec = io::Json::object();
    QString m_source;  // the dataset name the fields were built for ("" for a CSV file)
    QStringList m_keys;
    QHash<QString, double> m_defaults;
    QFormLayout* m_form;
    bool m_syncing = false;
};

}  // namespace tessera::widgets
