// The user's preferences (Edit → Preferences…): the interface language and the autosave interval,
// kept in QSettings and applied at the next start.
//
//   Preferences p = loadPreferences();           // {language "" = the system's, autosaveSeconds 30}
//   PreferencesDialog dialog(p, window);
//   if (dialog.exec() == QDialog::Accepted) savePreferences(dialog.preferences());
//   QLocale locale = startLocale(p, commandLineLanguage);   // --lang wins, then the preference
#pragma once

#include <QDialog>
#include <QLocale>
#include <QString>

class QComboBox;
class QSettings;
class QSpinBox;

namespace tessera::app {

struct Preferences {
    QString language;          // "zh_CN", "en_US"; "" follows the system
    int autosaveSeconds = 30;  // 0: off
    bool operator==(const Preferences&) const = default;
};

Preferences loadPreferences(const QSettings& settings);
Preferences loadPreferences();  // from the application's QSettings
void savePreferences(const Preferences& preferences, QSettings& settings);
void savePreferences(const Preferences& preferences);

// The locale to start in: `commandLine` (--lang) when given, else the preference, else the system's.
QLocale startLocale(const Preferences& preferences, const QString& commandLine);

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences& current, QWidget* parent = nullptr);
    Preferences preferences() const;

    // The languages offered besides the system's: each shipped translation, named in itself.
    static QList<QPair<QString, QString>> languages();  // {"en_US", "English"}, {"zh_CN", "简体中文"}

private:
    QComboBox* m_language;
    QSpinBox* m_autosave;
};

}  // namespace tessera::app
