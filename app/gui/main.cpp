// tessera: the GUI. `tessera [PROJECT]` opens the workbench; `--example NAME` opens a built-in
// example as an untitled copy; `--screenshot FILE.png` renders the window at 1400×900, writes the
// PNG and exits (no dialogs, no QSettings), for CI and docs. `--train-epochs N` trains the project
// for N epochs first and waits for the run to end (with --screenshot its run folder is temporary).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QEvent>
#include <QEventLoop>
#include <QLocale>
#include <QPixmap>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "app/main_window.h"
#include "app/training_dock.h"
#include "app/translations.h"
#include "app/versions.h"
#include "plugins/plugin_loader.h"

namespace {

int fail(const QString& message) {
    std::fprintf(stderr, "tessera: %s\n", qPrintable(message));
    return 1;
}

// --help and --version print and exit; they must work without a display, so no QApplication.
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version") return true;
    }
    return false;
}

// Prints one line on stdout once the window has painted for the first time and the event loop has
// flushed it to the screen, so a test can grab the screen exactly then instead of polling.
class ShownReporter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint && !m_reported) {
            m_reported = true;
            QTimer::singleShot(0, this, [] {
                std::fputs("tessera: window shown\n", stdout);
                std::fflush(stdout);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_reported = false;
};

}  // namespace

int main(int argc, char** argv) {
    std::unique_ptr<QCoreApplication> application;
    if (onlyPrints(argc, argv)) {
        application = std::make_unique<QCoreApplication>(argc, argv);
    } else {
        application = std::make_unique<QApplication>(argc, argv);
    }
    QCoreApplication& app = *application;
    QCoreApplication::setOrganizationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationName(QStringLiteral("Tessera"));
    QCoreApplication::setApplicationVersion(tessera::app::tesseraVersion());
    QGuiApplication::setDesktopFileName(QStringLiteral("org.tessera.Tessera"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Tessera: a workbench for building and inspecting models."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"), QStringLiteral("A .tessera project file to open."),
                                 QStringLiteral("[PROJECT]"));
    const QCommandLineOption example(QStringLiteral("example"),
                                     QStringLiteral("Open a built-in example (%1) as an untitled copy.")
                                         .arg(tessera::app::MainWindow::exampleNames().join(QStringLiteral(", "))),
                                     QStringLiteral("NAME"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window at 1400x900 to FILE (PNG) and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption language(QStringLiteral("lang"),
                                      QStringLiteral("User-interface language, e.g. zh_CN (default: the system's)."),
                                      QStringLiteral("LOCALE"));
    const QCommandLineOption reportShown(QStringLiteral("report-shown"),
                                         QStringLiteral("Print \"tessera: window shown\" on stdout once the window "
                                                        "is on screen (for tests)."));
    const QCommandLineOption trainEpochs(QStringLiteral("train-epochs"),
                                         QStringLiteral("Train the project for N epochs and wait for the run to end."),
                                         QStringLiteral("N"));
    const QCommandLineOption trainingTab(QStringLiteral("training-tab"),
                                         QStringLiteral("Show this tab of the Training dock: Curves, Metrics, "
                                                        "Settings or Data."),
                                         QStringLiteral("TAB"));
    const QCommandLineOption profileSteps(QStringLiteral("profile-steps"),
                                          QStringLiteral("With --train-epochs: profile the first S steps."),
                                          QStringLiteral("S"));
    parser.addOptions({example, screenshot, language, reportShown, trainEpochs, trainingTab, profileSteps});
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("expected at most one PROJECT, got %1").arg(positional.size()));
    if (!positional.isEmpty() && parser.isSet(example)) return fail(QStringLiteral("give either PROJECT or --example"));

    tessera::app::installTranslations(parser.isSet(language) ? QLocale(parser.value(language)) : QLocale::system());

    const bool shooting = parser.isSet(screenshot);
    tessera::app::MainWindow window(
        {.persistent = !shooting, .pluginFolders = tessera::plugins::PluginLoader::defaultFolders()});
    bool loaded = true;
    if (!positional.isEmpty()) loaded = window.openFile(positional.first());
    if (parser.isSet(example)) loaded = window.openExample(parser.value(example));

    if (parser.isSet(trainingTab)) {
        QTabWidget* tabs = window.trainingDock()->tabs();
        int found = -1;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->tabText(i).compare(parser.value(trainingTab), Qt::CaseInsensitive) == 0) found = i;
        if (found < 0) return fail(QStringLiteral("--training-tab: no tab named '%1'").arg(parser.value(trainingTab)));
        tabs->setCurrentIndex(found);
    }
    QTemporaryDir shotRuns;
    if (parser.isSet(trainEpochs)) {
        bool ok = false;
        const qint64 epochs = parser.value(trainEpochs).toLongLong(&ok);
        if (!ok || epochs < 1)
            return fail(
                QStringLiteral("--train-epochs: expected a count >= 1, got '%1'").arg(parser.value(trainEpochs)));
        if (!loaded) return fail(window.lastError());
        tessera::app::TrainingDock* dock = window.trainingDock();
        if (shooting) dock->setRunsRoot(shotRuns.path());
        QEventLoop loop;
        QObject::connect(dock->controller(), &tessera::app::TrainingController::finished, &loop, &QEventLoop::quit);
        QObject::connect(dock->controller(), &tessera::app::TrainingController::failed, &loop, &QEventLoop::quit);
        if (!dock->run({.epochs = epochs})) return fail(dock->controller()->lastError());
        if (parser.isSet(profileSteps)) dock->controller()->profileSteps(parser.value(profileSteps).toInt());
        if (shooting) window.resize(1400, 900);
        window.show();
        loop.exec();
        if (dock->controller()->state() == tessera::app::TrainingController::State::Failed)
            return fail(dock->controller()->lastError());
    }

    if (shooting) {
        if (!loaded) return fail(window.lastError());
        window.resize(1400, 900);
        window.show();
        QCoreApplication::processEvents();
        const QPixmap picture = window.grab();
        const QString out = parser.value(screenshot);
        if (!picture.save(out, "PNG")) return fail(QStringLiteral("cannot write the screenshot to %1").arg(out));
        return 0;
    }
    ShownReporter reporter;
    if (parser.isSet(reportShown)) window.installEventFilter(&reporter);
    window.show();
    return QCoreApplication::exec();
}
