#include "app/preferences.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::app {

namespace {

const QString kLanguage = QStringLiteral("preferences/language");
const QString kAutosave = QStringLiteral("preferences/autosaveSeconds");

}  // namespace

Preferences loadPreferences(const QSettings& settings) {
    Preferences p;
    p.language = settings.value(kLanguage, p.language).toString();
    p.autosaveSeconds = std::max(0, settings.value(kAutosave, p.autosaveSeconds).toInt());
    return p;
}

Preferences loadPreferences() { return loadPreferences(QSettings()); }

void savePreferences(const Preferences& preferences, QSettings& settings) {
    settings.setValue(kLanguage, preferences.language);
    settings.setValue(kAutosave, preferences.autosaveSeconds);
}

void savePreferences(const Preferences& preferences) {
    QSettings settings;
    savePreferences(preferences, settings);
}

QLocale startLocale(const Preferences& preferences, const QString& commandLine) {
    if (!commandLine.isEmpty()) return QLocale(commandLine);
    if (!preferences.language.isEmpty()) return QLocale(preferences.language);
    return QLocale::system();
}

QList<QPair<QString, QString>> PreferencesDialog::languages() {
    // Named in their own language, so a user who cannot read the current one still finds theirs.
    return {{QStringLiteral("en_US"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

PreferencesDialog::PreferencesDialog(const Preferences& current, QWidget* parent)
    : QDialog(parent), m_language(new QComboBox(this)), m_autosave(new QSpinBox(this)) {
    setWindowTitle(tr("Preferences"));
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("System default (%1)").arg(QLocale::system().nativeLanguageName()), QString());
    for (const auto& [code, name] : languages()) m_language->addItem(name, code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(current.language)));

    m_autosave->setObjectName(QStringLiteral("autosave"));
    m_autosave->setRange(0, 3600);
    m_autosave->setSuffix(tr(" s"));
    m_autosave->setSpecialValueText(tr("Off"));
    m_autosave->setValue(current.autosaveSeconds);

    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Autosave every:"), m_autosave);
    auto* note = new QLabel(tr("Changes take effect the next time Tessera starts."), this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

Preferences PreferencesDialog::preferences() const {
    return {.language = m_language->currentData().toString(), .autosaveSeconds = m_autosave->value()};
}

}  // namespace tessera::app
