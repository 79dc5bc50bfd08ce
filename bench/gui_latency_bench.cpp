// Event-loop latency while a project trains in the GUI, and the GUI run's speed against
// `tessera-cli train` of the same project, epochs and kernel threads (issue 8). A precise 4 ms timer
// pings the UI thread; each ping's lateness is how long the event loop could not answer. Idle first,
// then while the run trains at full speed with the main window on the Training page and its curves
// drawn. Every event the UI thread delivers is timed too, so a stall of the UI's own work (a drain,
// a redraw) is told apart from the machine being busy: the slowest deliveries are listed by receiver.
// Rounds alternate CLI and GUI runs; the medians are reported.
//
//   build/bench/gui_latency_bench [PROJECT] [--epochs N] [--threads T] [--rounds R]
//   (default: digits-cnn, 5 epochs, 0 = the kernels' default threads, 3 rounds)
#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/training/training_controller.h"
#include "app/training/training_page.h"
#include "core/io/json.h"
#include "core/kernels/parallel.h"
#include "widgets/training/run_records_model.h"

using namespace tessera;

namespace {

constexpr int kPingMs = 4;

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct Delivery {
    double cpuMs = 0;   // the UI thread's own CPU time: its own work
    double wallMs = 0;  // wall clock: own work plus time the machine gave to others
    double totalCpuMs = 0;
    int count = 0;
};

// Times every event delivered on the UI thread while `recording`, in wall-clock and in the thread's
// CPU time, so a slow delivery is told apart from a busy machine.
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool recording = false;
    // Longest single delivery (by CPU time) per receiver class and event type.
    std::map<std::string, Delivery> longest;

    bool notify(QObject* receiver, QEvent* event) override {
        if (!recording) return QApplication::notify(receiver, event);
        // Named before delivery: the receiver or the event may be gone after it (deleteLater).
        const std::string key =
            std::string(receiver->metaObject()->className()) + " event " + std::to_string(int(event->type()));
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuMs();
        const bool done = QApplication::notify(receiver, event);
        const Delivery d{threadCpuMs() - cpu0, static_cast<double>(t.nsecsElapsed()) / 1e6};
        Delivery& slot = longest[key];
        slot.totalCpuMs += d.cpuMs;
        ++slot.count;
        if (d.cpuMs > slot.cpuMs) {
            slot.cpuMs = d.cpuMs;
            slot.wallMs = d.wallMs;
        }
        return done;
    }
};

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

struct Latency {
    double p50 = 0, p99 = 0, max = 0;
    std::size_t pings = 0;
};

Latency summarise(const std::vector<double>& late) {
    return {quantile(late, 0.5), quantile(late, 0.99), quantile(late, 1.0), late.size()};
}

// Pings the event loop until `done` returns true; lateness in ms of each ping.
std::vector<double> ping(const std::function<bool()>& done) {
    std::vector<double> late;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer timer;
    timer.setTimerType(Qt::PreciseTimer);
    timer.setInterval(kPingMs);
    QEventLoop loop;
    QObject::connect(&timer, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        late.push_back(std::max(0.0, static_cast<double>(now - last) / 1e6 - kPingMs));
        last = now;
        if (done()) loop.quit();
    });
    timer.start();
    loop.exec();
    return late;
}

// `tessera-cli train`'s own training time: the elapsed ms its last epoch line reports (the trainer's
// clock, as the GUI's metrics.csv elapsed_ms is), or a negative number when the run failed.
double cliTrainMs(const QString& project, std::int64_t epochs, int threads, const QString& out) {
    QProcess cli;
    QStringList args{"train", project, "--epochs", QString::number(epochs), "--out", out};
    if (threads > 0) args << "--threads" << QString::number(threads);
    cli.start(QStringLiteral(TESSERA_BINARY_DIR "/app/tessera-cli"), args);
    if (!cli.waitForFinished(-1) || cli.exitCode() != 0) {
        std::fprintf(stderr, "tessera-cli train failed: %s\n", cli.readAllStandardError().constData());
        return -1;
    }
    const QStringList lines = QString::fromUtf8(cli.readAllStandardOutput()).split('\n');
    static const QRegularExpression elapsed(QStringLiteral("^epoch .*\\s(\\d+) ms"));
    double ms = -1;
    for (const QString& line : lines)
        if (const auto m = elapsed.match(line); m.hasMatch()) ms = m.captured(1).toDouble();
    return ms;
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    QString path = QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/digits-cnn.tessera");
    std::int64_t epochs = 5;
    int threads = 0, rounds = 3;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == "--epochs" && i + 1 < args.size())
            epochs = args[++i].toLongLong();
        else if (args[i] == "--threads" && i + 1 < args.size())
            threads = args[++i].toInt();
        else if (args[i] == "--rounds" && i + 1 < args.size())
            rounds = std::max(1, args[++i].toInt());
        else
            path = args[i];
    }

    app::MainWindow window({.persistent = false, .pluginFolders = {}});
    if (!window.openFile(path)) return std::fprintf(stderr, "%s\n", qPrintable(window.lastError())), 1;
    if (threads > 0) {
        // The GUI run gets the CLI's --threads through the project's own setting.
        io::Json training = window.document()->project().training;
        training.set("threads", threads);
        window.document()->setSection(app::ProjectDocument::Section::Training, training, "threads");
    }
    window.resize(1400, 900);
    window.show();
    QTemporaryDir runs;
    app::TrainingPage* page = window.trainingPage();
    page->setRunsRoot(runs.path());

    QElapsedTimer idleClock;
    idleClock.start();
    const Latency idle = summarise(ping([&] { return idleClock.elapsed() > 1000; }));

    std::vector<double> p50s, p99s, maxes, ratios, cliMs, guiMs;
    std::int64_t steps = 0;
    for (int round = 0; round < rounds; ++round) {
        const double cli = cliTrainMs(path, epochs, threads, runs.filePath(QStringLiteral("cli-%1").arg(round)));
        if (cli < 0) return 1;

        bool finished = false;
        int refreshes = 0;
        auto connection =
            QObject::connect(page->controller(), &app::TrainingController::finished, [&] { finished = true; });
        auto counting =
            QObject::connect(page->controller(), &app::TrainingController::recordsChanged, [&] { ++refreshes; });
        app.recording = true;
        QElapsedTimer wall;
        wall.start();
        const double uiCpu0 = threadCpuMs();
        if (!page->run({.epochs = epochs}))
            return std::fprintf(stderr, "%s\n", qPrintable(page->controller()->lastError())), 1;
        const Latency training = summarise(ping([&] { return finished; }));
        const double guiWall = static_cast<double>(wall.nsecsElapsed()) / 1e6;
        const double uiCpu = threadCpuMs() - uiCpu0;
        app.recording = false;
        QObject::disconnect(connection);
        QObject::disconnect(counting);
        widgets::RunRecordsModel* epochRows = page->controller()->epochs();
        const double gui = epochRows->value(epochRows->rowCount() - 1, "elapsed_ms");
        steps = page->controller()->progress().step;
        std::printf(
            "round %d: lateness p50 %.2f ms  p99 %.2f ms  max %.2f ms (%zu pings); train time CLI %.0f ms, "
            "GUI %.0f ms (%.0f ms from Run to finished), GUI speed / CLI %.3f; UI thread CPU %.0f ms (%.1f %% of a "
            "core); views refreshed %.1f times a second\n",
            round + 1, training.p50, training.p99, training.max, training.pings, cli, gui, guiWall, cli / gui, uiCpu,
            100 * uiCpu / guiWall, 1000.0 * refreshes / guiWall);
        p50s.push_back(training.p50);
        p99s.push_back(training.p99);
        maxes.push_back(training.max);
        ratios.push_back(cli / gui);
        cliMs.push_back(cli);
        guiMs.push_back(gui);
    }

    std::printf("project %s, %lld epochs, %lld steps, kernel threads %d (CLI: %s), %d rounds\n", qPrintable(path),
                static_cast<long long>(epochs), static_cast<long long>(steps), kernels::numThreads(),
                threads > 0 ? qPrintable(QStringLiteral("--threads %1").arg(threads)) : "default", rounds);
    std::printf("event-loop lateness, idle:              p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu pings)\n",
                idle.p50, idle.p99, idle.max, idle.pings);
    std::printf("event-loop lateness, training (median): p50 %.2f ms  p99 %.2f ms  max %.2f ms\n", quantile(p50s, 0.5),
                quantile(p99s, 0.5), quantile(maxes, 0.5));
    std::printf("train time (median): CLI %.0f ms, GUI %.0f ms; GUI speed / CLI: median %.3f (min %.3f, max %.3f)\n",
                quantile(cliMs, 0.5), quantile(guiMs, 0.5), quantile(ratios, 0.5), quantile(ratios, 0),
                quantile(ratios, 1));
    std::vector<std::pair<Delivery, std::string>> slowest;
    for (const auto& [key, d] : app.longest) slowest.emplace_back(d, key);
    std::sort(slowest.begin(), slowest.end(),
              [](const auto& a, const auto& b) { return a.first.cpuMs > b.first.cpuMs; });
    std::printf("slowest single event deliveries on the UI thread while training (its own CPU time; wall clock):\n");
    for (std::size_t i = 0; i < std::min<std::size_t>(6, slowest.size()); ++i)
        std::printf("  %7.2f ms CPU  %7.2f ms wall  %s (%d deliveries, %.0f ms CPU in all)\n", slowest[i].first.cpuMs,
                    slowest[i].first.wallMs, slowest[i].second.c_str(), slowest[i].first.count,
                    slowest[i].first.totalCpuMs);
    std::sort(slowest.begin(), slowest.end(),
              [](const auto& a, const auto& b) { return a.first.totalCpuMs > b.first.totalCpuMs; });
    std::printf("the UI thread's CPU time per round by receiver (a paint is counted in its window update too):\n");
    for (std::size_t i = 0; i < std::min<std::size_t>(12, slowest.size()); ++i)
        std::printf("  %7.1f ms CPU  %5d deliveries  %s\n", slowest[i].first.totalCpuMs / rounds,
                    slowest[i].first.count / rounds, slowest[i].second.c_str());
    return 0;
}
