// tessera: the GUI. `tessera [PROJECT]` opens the workbench; `--example NAME` opens a built-in
// example as an untitled copy; `--screenshot FILE.png` renders the window at 1400×900, writes the
// PNG and exits (no dialogs, no QSettings), for CI and docs. `--show playground|lessons` opens the
// autograd playground or lessons (`--lesson N`, `--lesson-step K`, `--graph-steps S` pick what they
// show); `--show training-step` opens the autograd graph of one training step of the project
// (`--layers collapsed|expanded` overrides the automatic choice), and --screenshot then pictures that
// window once its graph is laid out.
// `--train-epochs N` trains the project for N epochs first and waits for the run to end (with
// --screenshot its run folder is temporary). After it, `--node-heat` paints the profiled operator
// timings on the designer's nodes (and shows the Designer unless --training-tab is given) and
// `--try-row R` tries the model on row R of the test split. `--select ID` selects a node in the
// designer, so its parameters show in the property editor. `--import-csv FILE` opens FILE in the CSV
// import window (with --screenshot, that window is pictured).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QLocale>
#include <QPixmap>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>
#include <memory>

#include "app/autograd/autograd_dialogs.h"
#include "app/autograd/training_step_dialog.h"
#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/preferences.h"
#include "app/project/project_document.h"
#include "app/training/training_page.h"
#include "app/translations.h"
#include "app/versions.h"
#include "plugins/plugin_loader.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/autograd/lesson_player.h"
#include "widgets/autograd/playground_widget.h"
#include "widgets/data/csv_import_dialog.h"
#include "widgets/designer/graph_model.h"
#include "widgets/training/loss_plot.h"
#include "widgets/training/profile_view.h"
#include "widgets/training/try_model.h"

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
    const QCommandLineOption show(QStringLiteral("show"),
                                  QStringLiteral("Also open a tool window: playground, lessons or training-step."),
                                  QStringLiteral("WHAT"));
    const QCommandLineOption lesson(QStringLiteral("lesson"),
                                    QStringLiteral("With --show lessons: open lesson N (from 1)."), QStringLiteral("N"),
                                    QStringLiteral("1"));
    const QCommandLineOption lessonStep(QStringLiteral("lesson-step"),
                                        QStringLiteral("With --show lessons: open step K of the lesson (from 1)."),
                                        QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption graphSteps(QStringLiteral("graph-steps"),
                                        QStringLiteral("Press Step S times in the computation graph (forward, "
                                                       "then backward)."),
                                        QStringLiteral("S"));
    const QCommandLineOption layers(QStringLiteral("layers"),
                                    QStringLiteral("With --show training-step: collapsed or expanded (default: "
                                                   "collapsed for big graphs)."),
                                    QStringLiteral("HOW"));
    const QCommandLineOption trainEpochs(QStringLiteral("train-epochs"),
                                         QStringLiteral("Train the project for N epochs and wait for the run to end."),
                                         QStringLiteral("N"));
    const QCommandLineOption trainingTab(QStringLiteral("training-tab"),
                                         QStringLiteral("Show the Training page and this view of it: Curves, "
                                                        "Metrics, Profile, Data or Settings."),
                                         QStringLiteral("TAB"));
    const QCommandLineOption profileSteps(QStringLiteral("profile-steps"),
                                          QStringLiteral("With --train-epochs: profile the first S steps."),
                                          QStringLiteral("S"));
    const QCommandLineOption select(
        QStringLiteral("select"), QStringLiteral("Select node ID in the designer (its parameters show on the right)."),
        QStringLiteral("ID"));
    parser.addOptions({example, screenshot, language, reportShown, show, lesson, lessonStep, graphSteps, layers,
                       trainEpochs, trainingTab, profileSteps});
    parser.addOption(select);
    const QCommandLineOption importCsv(QStringLiteral("import-csv"),
                                       QStringLiteral("Open FILE in the Training page's CSV import window."),
                                       QStringLiteral("FILE"));
    parser.addOption(importCsv);
    const QCommandLineOption nodeHeat(QStringLiteral("node-heat"),
                                      QStringLiteral("With --profile-steps: paint the operator timings on the "
                                                     "designer's nodes."));
    const QCommandLineOption tryRow(QStringLiteral("try-row"),
                                    QStringLiteral("With --train-epochs: try the model on row R of the test split."),
                                    QStringLiteral("R"));
    parser.addOptions({nodeHeat, tryRow});
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("expected at most one PROJECT, got %1").arg(positional.size()));
    if (!positional.isEmpty() && parser.isSet(example)) return fail(QStringLiteral("give either PROJECT or --example"));

    const bool shooting = parser.isSet(screenshot);
    // Screenshots read no settings: they depend only on the command line (and LANG for the language).
    const tessera::app::Preferences preferences =
        shooting ? tessera::app::Preferences{} : tessera::app::loadPreferences();
    tessera::app::installTranslations(tessera::app::startLocale(preferences, parser.value(language)));

    tessera::app::MainWindow window({.persistent = !shooting,
                                     .pluginFolders = tessera::plugins::PluginLoader::defaultFolders(),
                                     .autosaveSeconds = shooting ? 0 : preferences.autosaveSeconds});
    bool loaded = true;
    if (!positional.isEmpty()) loaded = window.openFile(positional.first());
    if (parser.isSet(example)) loaded = window.openExample(parser.value(example));
    if (parser.isSet(select)) {
        if (!window.document()->graphModel()->hasNode(parser.value(select)))
            return fail(QStringLiteral("--select: no node '%1' in the project").arg(parser.value(select)));
        window.designerPage()->showNode(parser.value(select));
    }

    QWidget* tool = nullptr;
    tessera::widgets::ComputationGraphView* graphView = nullptr;
    tessera::app::TrainingStepDialog* trainingStep = nullptr;
    QString captureError;
    if (parser.isSet(show)) {
        const QString what = parser.value(show);
        if (what == QStringLiteral("playground")) {
            auto* dialog = new tessera::app::PlaygroundDialog(&window);
            graphView = dialog->playground()->graphView();
            tool = dialog;
        } else if (what == QStringLiteral("lessons")) {
            auto* dialog = new tessera::app::LessonsDialog(&window);
            auto* player = dialog->player();
            const int n = parser.value(lesson).toInt();
            if (n < 1 || n > static_cast<int>(player->lessons().size()))
                return fail(QStringLiteral("--lesson: expected 1 to %1, got '%2'")
                                .arg(player->lessons().size())
                                .arg(parser.value(lesson)));
            player->openLesson(n - 1);
            const int k = parser.value(lessonStep).toInt();
            const int steps = static_cast<int>(player->lessons()[static_cast<std::size_t>(n - 1)].steps.size());
            if (k < 1 || k > steps)
                return fail(QStringLiteral("--lesson-step: lesson %1 has steps 1 to %2, got '%3'")
                                .arg(n)
                                .arg(steps)
                                .arg(parser.value(lessonStep)));
            player->openStep(k - 1);
            graphView = player->playground()->graphView();
            tool = dialog;
        } else if (what == QStringLiteral("training-step")) {
            if (!loaded) return fail(window.lastError());
            using Layers = tessera::app::TrainingStepDialog::Layers;
            const QString how = parser.value(layers);
            if (parser.isSet(layers) && how != QStringLiteral("collapsed") && how != QStringLiteral("expanded"))
                return fail(QStringLiteral("--layers: expected collapsed or expanded, got '%1'").arg(how));
            trainingStep = window.showTrainingStep();
            if (parser.isSet(layers))
                trainingStep->setLayers(how == QStringLiteral("collapsed") ? Layers::Collapsed : Layers::Expanded);
            QObject::connect(trainingStep, &tessera::app::TrainingStepDialog::failed,
                             [&captureError](const QString& message) { captureError = message; });
            graphView = trainingStep->graphView();
            tool = trainingStep;
        } else {
            return fail(QStringLiteral("--show: expected playground, lessons or training-step, got '%1'").arg(what));
        }
        if (parser.isSet(graphSteps)) {
            const int steps = parser.value(graphSteps).toInt();
            const auto press = [graphView, steps] {
                graphView->restartSteps();
                for (int i = steps; i > 0; --i) graphView->step();
            };
            if (trainingStep) {
                QObject::connect(trainingStep, &tessera::app::TrainingStepDialog::captured, graphView, press);
            } else {
                press();
            }
        }
    }
    if (parser.isSet(trainingTab)) {
        window.pages()->setCurrentWidget(window.trainingPage());
        if (!window.trainingPage()->showView(parser.value(trainingTab)))
            return fail(QStringLiteral("--training-tab: no view named '%1' (expected curves, metrics, profile, "
                                       "tensors, try, data or settings)")
                            .arg(parser.value(trainingTab)));
    }
    QTemporaryDir shotRuns;
    if (parser.isSet(trainEpochs)) {
        bool ok = false;
        const qint64 epochs = parser.value(trainEpochs).toLongLong(&ok);
        if (!ok || epochs < 1)
            return fail(
                QStringLiteral("--train-epochs: expected a count >= 1, got '%1'").arg(parser.value(trainEpochs)));
        if (!loaded) return fail(window.lastError());
        tessera::app::TrainingPage* page = window.trainingPage();
        if (shooting) page->setRunsRoot(shotRuns.path());
        QEventLoop loop;
        QObject::connect(page->controller(), &tessera::app::TrainingController::finished, &loop, &QEventLoop::quit);
        QObject::connect(page->controller(), &tessera::app::TrainingController::failed, &loop, &QEventLoop::quit);
        if (!page->run({.epochs = epochs})) return fail(page->controller()->lastError());
        if (parser.isSet(profileSteps)) page->controller()->profileSteps(parser.value(profileSteps).toInt());
        if (shooting) window.resize(1400, 900);
        window.show();
        loop.exec();
        if (page->controller()->state() == tessera::app::TrainingController::State::Failed)
            return fail(page->controller()->lastError());
        if (parser.isSet(nodeHeat)) {
            page->profileView()->setHeatShown(true);
            if (!parser.isSet(trainingTab)) window.pages()->setCurrentWidget(window.designerPage());
        }
        if (parser.isSet(tryRow)) {
            auto* tryView = page->findChild<tessera::widgets::TryModelView*>();
            const int row = parser.value(tryRow).toInt(&ok);
            if (!ok || row < 0 || row >= tryView->rows()->model()->rowCount())
                return fail(QStringLiteral("--try-row: expected a row from 0 to %1, got '%2'")
                                .arg(tryView->rows()->model()->rowCount() - 1)
                                .arg(parser.value(tryRow)));
            tryView->rows()->setCurrentIndex(tryView->rows()->model()->index(row, 0));
        }
    }

    if (parser.isSet(importCsv)) {
        if (!loaded) return fail(window.lastError());
        window.pages()->setCurrentWidget(window.trainingPage());
        tool = window.trainingPage()->importCsvFile(parser.value(importCsv));
        if (!tool) return fail(window.lastError());
    }

    if (shooting) {
        if (!loaded) return fail(window.lastError());
        window.resize(1400, 900);
        window.show();
        if (tool) {
            tool->resize(1400, 900);
            tool->show();
            // The step is captured and the graph laid out on worker threads: wait for them (bounded)
            // before taking the picture.
            QElapsedTimer waited;
            waited.start();
            while (captureError.isEmpty() &&
                   ((trainingStep && trainingStep->isCapturing()) || (graphView && graphView->isLayoutPending())) &&
                   waited.elapsed() < 60000)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
            if (!captureError.isEmpty()) return fail(captureError);
        }
        QCoreApplication::processEvents();
        // Curves redraw at most ten times a second: draw what a run's last records added now, not
        // 100 ms after the picture.
        for (auto* plot : window.findChildren<tessera::widgets::LossPlot*>()) plot->refresh();
        const QPixmap picture = tool ? tool->grab() : window.grab();
        const QString out = parser.value(screenshot);
        if (!picture.save(out, "PNG")) return fail(QStringLiteral("cannot write the screenshot to %1").arg(out));
        return 0;
    }
    // After the window is up, so the question appears over it.
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    ShownReporter reporter;
    if (parser.isSet(reportShown)) window.installEventFilter(&reporter);
    window.show();
    if (tool) tool->show();
    return QCoreApplication::exec();
}
