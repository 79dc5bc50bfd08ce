#include "widgets/data/data_settings.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLayoutItem>
#include <QSignalBlocker>
#include <QSpinBox>
#include <limits>
#include <vector>

#include "widgets/common/number_box.h"

namespace tessera::widgets {

namespace {

// One key of a data spec as docs/data.md documents it.
struct Key {
    const char* name;
    const char* label;  // translated in DataSettings' context
    bool integer;
    double defaultValue, min, max;
};

constexpr double kMaxReal = 1e9;
constexpr double kMaxSamples = 10000000;

// A generator's own keys (docs/data.md, "Generated data sets").
std::vector<Key> generatorKeys(const QString& name) {
    const Key samples1000{"samples",  QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Samples"), true, 1000, 2,
                          kMaxSamples};
    const auto samples = [&](double d) {
        Key k = samples1000;
        k.defaultValue = d;
        return k;
    };
    const auto noise = [](double d) {
        return Key{"noise", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Noise"), false, d, 0, kMaxReal};
    };
    const Key sequence{
        "sequenceLength", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Sequence length"), true, 32, 2, 100000};
    const auto classes = [](double d) {
        return Key{"classes", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Classes"), true, d, 2, 1000};
    };
    const Key features{"features", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Features"), true, 2, 1, 100000};
    if (name == "moons" || name == "xor" || name == "sine_regression") return {samples(1000), noise(0.1)};
    if (name == "circles")
        return {samples(1000), noise(0.05),
                Key{"factor", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Inner radius factor"), false, 0.8, 0,
                    0.999999}};
    if (name == "blobs")
        return {samples(1000),
                Key{"centers", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Centers"), true, 3, 1, 1000},
                features,
                Key{"clusterStd", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Cluster std"), false, 1, 0,
                    kMaxReal}};
    if (name == "spirals")
        return {samples(900), classes(3), noise(0.1),
                Key{"turns", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Turns"), false, 1, 0.001, 1000}};
    if (name == "linear") {
        Key one = features;
        one.defaultValue = 1;
        return {samples(1000), one, noise(0.1)};
    }
    if (name == "sine") return {samples(512), sequence, noise(0.05)};
    if (name == "sine_frequency") return {samples(512), sequence, classes(4), noise(0.1)};
    return {};
}

}  // namespace

DataSettings::DataSettings(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
    rebuild();
}

QWidget* DataSettings::field(const QString& key) const { return findChild<QWidget*>(key); }

void DataSettings::setSpec(const io::Json& spec) {
    m_spec = spec.isObject() ? spec : io::Json::object();
    const io::Json* dataset = m_spec.find("dataset");
    const QString source = dataset && dataset->isString() ? QString::fromStdString(dataset->asString()) : QString();
    if (source != m_source || m_keys.isEmpty()) {
        m_source = source;
        rebuild();
        return;
    }
    // The same fields (this may run inside one of their own signals: they are kept, not rebuilt).
    m_syncing = true;
    for (const QString& key : m_keys) {
        const io::Json* v = m_spec.find(key.toStdString());
        // A key the spec leaves out shows its default (undoing an edit may take the key away again).
        const double number = v && v->isNumber() ? v->asNumber() : m_defaults.value(key);
        QWidget* editor = field(key);
        if (auto* box = qobject_cast<QSpinBox*>(editor)) {
            box->setValue(static_cast<int>(number));
        } else if (auto* real = qobject_cast<NumberBox*>(editor)) {
            real->setValue(number);
        } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
            check->setChecked(v && v->isBool() && v->asBool());
        }
    }
    m_syncing = false;
}

void DataSettings::set(const QString& key, io::Json value) {
    if (m_syncing) return;
    const io::Json* current = m_spec.find(key.toStdString());
    if (current && *current == value) return;
    m_spec.set(key.toStdString(), std::move(value));
    emit edited(key);
}

void DataSettings::rebuild() {
    m_syncing = true;
    while (m_form->count() > 0) {
        QLayoutItem* item = m_form->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_keys.clear();
    m_defaults.clear();
    const auto number = [this](const char* key, double fallback) {
        const io::Json* v = m_spec.find(key);
        return v && v->isNumber() ? v->asNumber() : fallback;
    };
    std::vector<Key> keys = generatorKeys(m_source);
    keys.push_back({"seed", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Seed"), true, 0, 0, 2147483647});
    keys.push_back(
        {"scale", QT_TRANSLATE_NOOP("tessera::widgets::DataSettings", "Feature scale"), false, 1, 1e-12, kMaxReal});
    for (const Key& k : keys) {
        const QString key = QString::fromLatin1(k.name);
        const QString label = tr(k.label);
        QWidget* editor = nullptr;
        if (k.integer) {
            auto* box = new QSpinBox(this);
            box->setRange(static_cast<int>(k.min), static_cast<int>(k.max));
            box->setValue(static_cast<int>(number(k.name, k.defaultValue)));
            box->setKeyboardTracking(false);
            connect(box, &QSpinBox::valueChanged, this, [this, key](int v) { set(key, io::Json(v)); });
            editor = box;
        } else {
            auto* box = new NumberBox(this);
            box->setRange(k.min, k.max);
            box->setValue(number(k.name, k.defaultValue));
            connect(box, &NumberBox::valueChanged, this, [this, key](double v) { set(key, io::Json(v)); });
            editor = box;
        }
        editor->setObjectName(key);
        editor->setToolTip(tr("data.%1 (default %2)").arg(key, NumberBox::shortest(k.defaultValue)));
        m_form->addRow(label, editor);
        m_keys << key;
        m_defaults.insert(key, k.defaultValue);
    }
    auto* standardize = new QCheckBox(tr("Standardize features (training split's mean and std)"), this);
    standardize->setObjectName(QStringLiteral("standardize"));
    const io::Json* s = m_spec.find("standardize");
    standardize->setChecked(s && s->isBool() && s->asBool());
    connect(standardize, &QCheckBox::toggled, this,
            [this](bool on) { set(QStringLiteral("standardize"), io::Json(on)); });
    m_form->addRow(QString(), standardize);
    m_keys << QStringLiteral("standardize");
    m_syncing = false;
}

}  // namespace tessera::widgets
