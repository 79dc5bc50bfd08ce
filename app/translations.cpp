#include "app/translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

namespace tessera::app {

QStringList translationFolders() {
    const QString appDir = QCoreApplication::applicationDirPath();
    return {QDir::cleanPath(appDir + QStringLiteral("/../translations")),
            QDir::cleanPath(appDir + QStringLiteral("/../share/tessera/translations"))};
}

bool installTranslations(const QLocale& locale, const QStringList& folders) {
    // What is translated outside the .qm files (the lessons) follows the default locale.
    QLocale::setDefault(locale);
    if (locale.language() != QLocale::English && locale.language() != QLocale::C) {
        auto* qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
        } else {
            delete qt;
        }
    }
    // Without a translation for the locale, English is loaded: it holds the plural forms of the
    // source strings ("1 error", "2 errors").
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    for (const QLocale& candidate : {locale, english}) {
        for (const QString& folder : folders) {
            auto* own = new QTranslator(QCoreApplication::instance());
            if (own->load(candidate, QStringLiteral("tessera"), QStringLiteral("_"), folder)) {
                QCoreApplication::installTranslator(own);
                return candidate.language() == locale.language();
            }
            delete own;
        }
    }
    return false;
}

}  // namespace tessera::app
