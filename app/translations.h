// Loads Tessera's translation (tessera_<locale>.qm) and Qt's own (qtbase_<locale>.qm) for a locale.
//
//   installTranslations(QLocale::system());       // e.g. zh_CN: menus and dialogs in Chinese
#pragma once

#include <QLocale>
#include <QStringList>

namespace tessera::app {

// Where tessera_*.qm files are looked for: <exe>/../translations (the build tree) and
// <exe>/../share/tessera/translations (an installed tree).
QStringList translationFolders();

// Installs translators on the application for `locale`: Tessera's own (English when there is none
// for the locale) and Qt's when present, and makes `locale` the default QLocale (the lessons'
// language). Returns true when Tessera's translation for the locale's language was found.
bool installTranslations(const QLocale& locale, const QStringList& folders = translationFolders());

}  // namespace tessera::app
