// Event-loop latency while a project trains in the GUI, and the GUI run's speed against the same run
// headless (issue 8). A precise 4 ms timer pings the UI thread; each ping's lateness is how long the
// event loop could not answer. Idle first, then while the run trains at full speed with the main
// window, the Training dock and its curves open. The headless run is the same TrainingSession run
// on a plain thread with no event loop.
//
//   build/bench/gui_latency_bench [PROJECT] [--epochs N] [--threads T]   (default: digits-cnn, 5, 0)
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <thread>
#include <vector>

#include "app/main_window.h"
#include "app/training_controller.h"
#include "app/training_dock.h"
#include "core/io/project.h"
#include "core/kernels/parallel.h"

using namespace tessera;

namespace {

constexpr int kPingMs = 4;

struct Latency {
    double p50 = 0, p99 = 0, max = 0;
    std::size_t pings = 0;
};

Latency summarise(std::vector<double> late) {
    Latency l;
    if (late.empty()) return l;
    std::sort(late.begin(), late.end());
    auto at = [&](double q) { return late[static_cast<std::size_t>(q * static_cast<double>(late.size() - 1))]; };
    l.p50 = at(0.5);
    l.p99 = at(0.99);
    l.max = late.back();
    l.pings = late.size();
    return l;
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

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QString path = QStringLiteral(TESSERA_SOURCE_DIR "/resources/examples/digits-cnn.tessera");
    std::int64_t epochs = 5;
    int threads = 0;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == "--epochs" && i + 1 < args.size())
            epochs = args[++i].toLongLong();
        else if (args[i] == "--threads" && i + 1 < args.size())
            threads = args[++i].toInt();
        else
            path = args[i];
    }
    if (threads > 0) kernels::setNumThreads(threads);
    const io::Project project = io::loadProject(path.toStdString());

    // Headless: the same session, trained on a plain thread.
    auto session = app::buildTrainingSession(project, path, {.epochs = epochs});
    QElapsedTimer headless;
    headless.start();
    std::thread worker([&] { session->trainer->run(); });
    worker.join();
    const double headlessMs = static_cast<double>(headless.nsecsElapsed()) / 1e6;

    app::MainWindow window({.persistent = false, .pluginFolders = {}});
    if (!window.openFile(path)) return std::fprintf(stderr, "%s\n", qPrintable(window.lastError())), 1;
    window.resize(1400, 900);
    window.show();
    QTemporaryDir runs;
    app::TrainingDock* dock = window.trainingDock();
    dock->setRunsRoot(runs.path());

    QElapsedTimer idleClock;
    idleClock.start();
    const Latency idle = summarise(ping([&] { return idleClock.elapsed() > 1000; }));

    bool finished = false;
    QObject::connect(dock->controller(), &app::TrainingController::finished, [&] { finished = true; });
    QElapsedTimer gui;
    gui.start();
    if (!dock->run({.epochs = epochs}))
        return std::fprintf(stderr, "%s\n", qPrintable(dock->controller()->lastError())), 1;
    const Latency training = summarise(ping([&] { return finished; }));
    const double guiMs = static_cast<double>(gui.nsecsElapsed()) / 1e6;

    std::printf("project %s, %lld epochs, %lld steps, kernel threads %d\n", qPrintable(path),
                static_cast<long long>(epochs), static_cast<long long>(dock->controller()->progress().step),
                kernels::numThreads());
    std::printf("event-loop lateness, idle:     p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu pings)\n", idle.p50,
                idle.p99, idle.max, idle.pings);
    std::printf("event-loop lateness, training: p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu pings)\n", training.p50,
                training.p99, training.max, training.pings);
    std::printf("run time: headless %.0f ms, GUI %.0f ms, speed ratio GUI/headless %.3f\n", headlessMs, guiMs,
                headlessMs / guiMs);
    return 0;
}
