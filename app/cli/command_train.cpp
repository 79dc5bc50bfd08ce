// tessera-cli train PROJECT [--epochs N] [--seed S] [--threads T] [--resume CHECKPOINT]
//                   [--stop-after-epoch K] [--detect-anomaly] [--quiet] --out DIR
// Trains the project's model with core/train (the GUI's code) and writes DIR/metrics.csv and
// DIR/checkpoint (refreshed during the run and written when it ends or stops), DIR/weights.safetensors
// and DIR/test_metrics.json (docs/cli.md).
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <sstream>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/limits.h"
#include "core/train/non_finite.h"
#include "core/train/project_session.h"

namespace tessera::cli {
namespace {

constexpr std::string_view kName = "train";

// Ctrl-C asks the trainer to stop after the current batch (checked from the step callback: the
// handler itself may only set a flag), so the checkpoint is written and the run can be resumed.
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void onInterrupt(int) { g_interrupted = 1; }

std::string metricsCsv(const std::vector<train::EpochRecord>& history) {
    std::string text = train::metricsCsvHeader();
    for (const auto& r : history) text += train::metricsCsvRow(r);
    return text;
}

std::string epochLine(const train::EpochRecord& r, std::int64_t epochs) {
    std::ostringstream s;
    s << "epoch " << r.epoch << "/" << epochs << "  step " << r.step << "  train_loss " << std::setprecision(4)
      << r.train.loss;
    if (r.validation) s << "  val_loss " << r.validation->loss;
    if (r.train.accuracy) s << "  train_acc " << *r.train.accuracy;
    if (r.validation && r.validation->accuracy) s << "  val_acc " << *r.validation->accuracy;
    if (r.train.r2) s << "  train_r2 " << *r.train.r2;
    if (r.validation && r.validation->r2) s << "  val_r2 " << *r.validation->r2;
    s << "  lr " << r.lr << "  " << std::fixed << std::setprecision(0) << r.elapsedMs << " ms";
    if (r.improved) s << "  *";
    return s.str();
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a;
    train::SessionOverrides overrides;
    std::optional<std::int64_t> stopAfter;
    try {
        a = parseArguments(args, {"--epochs", "--seed", "--threads", "--resume", "--stop-after-epoch", "--out"},
                           {"--quiet", "--detect-anomaly"});
        a.project();
        a.required("--out");
        overrides.epochs = a.integer("--epochs", 1);
        if (auto seed = a.integer("--seed", 0)) overrides.seed = static_cast<std::uint64_t>(*seed);
        if (auto threads = a.integer("--threads", 1, train::kMaxThreads))
            overrides.threads = static_cast<int>(*threads);
        stopAfter = a.integer("--stop-after-epoch", 1);
    } catch (const UsageError& e) {
        return usageError(err, kName, e.what());
    }
    const std::filesystem::path projectFile = a.project();
    const std::filesystem::path outDir = a.required("--out");
    const bool quiet = a.flag("--quiet");

    train::ProjectSession session(io::loadProject(projectFile), projectFile, overrides);
    train::Trainer& trainer = session.trainer();
    if (auto resume = a.value("--resume")) {
        trainer.loadCheckpoint(*resume);
        if (!quiet)
            out << "resumed " << *resume << " at epoch " << trainer.epoch() << ", step " << trainer.globalStep()
                << "\n";
    }
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec || !std::filesystem::is_directory(outDir))
        throw IoError(outDir.string() + ": cannot create the output folder (" + (ec ? ec.message() : "not a folder") +
                      ")");

    const std::filesystem::path checkpoint = outDir / "checkpoint";
    // Each atomic write fsyncs the file and its folder, which costs more than an epoch of a small
    // model: during the run the files are refreshed at most every two seconds, and always at the end.
    auto lastWrite = std::chrono::steady_clock::now();
    trainer.callbacks().onEpochEnd = [&](const train::EpochRecord& r) {
        if (std::chrono::steady_clock::now() - lastWrite >= std::chrono::seconds(2)) {
            io::writeFileAtomically(outDir / "metrics.csv", metricsCsv(trainer.history()));
            trainer.saveCheckpoint(checkpoint);
            lastWrite = std::chrono::steady_clock::now();
        }
        if (!quiet) out << epochLine(r, session.config().epochs) << std::endl;
        if (stopAfter && r.epoch >= *stopAfter) trainer.control().stop();
    };
    trainer.callbacks().onStep = [&](const train::StepRecord&) {
        if (g_interrupted) trainer.control().stop();
    };
    // The GUI's Run → Detect NaN/Inf: every op's output and every gradient checked, not only the loss.
    trainer.setDetectAnomaly(a.flag("--detect-anomaly"));
    trainer.callbacks().locateNonFinite = [&session](const Tensor& x, const Tensor& y) {
        return train::firstNonFiniteNode(session.model(), x, y);
    };
    std::signal(SIGINT, onInterrupt);
    train::TrainResult result = trainer.run();
    std::signal(SIGINT, SIG_DFL);
    // The history also holds the epochs of a resumed run, so the file is whole either way.
    io::writeFileAtomically(outDir / "metrics.csv", metricsCsv(result.history));
    trainer.saveCheckpoint(checkpoint);
    session.saveWeights(outDir / "weights.safetensors");
    if (result.nonFinite) {
        // The weights that led there are kept to be looked at; their test metrics would be NaN too.
        err << "tessera-cli train: stopped: " << result.nonFinite->message() << "\n";
        return 1;
    }

    // A project may keep no test split (data.testFraction 0); then there is nothing to report.
    const bool haveTest = session.split().test.size() > 0;
    io::Json test;
    if (haveTest) {
        test = train::metricsJson(session.evaluate("test"), "test");
        io::writeFileAtomically(outDir / "test_metrics.json", io::writeJson(test));
    }
    if (!quiet) {
        out << "finished (" << train::finishReasonName(result.reason) << ") after " << result.epochs << " epochs, "
            << result.steps << " steps";
        if (result.bestEpoch) out << "; best epoch " << *result.bestEpoch;
        out << "\n";
        if (haveTest)
            out << io::writeJson(test, 0) << "\n";
        else
            out << "no test split (data.testFraction is 0): test_metrics.json not written\n";
        out << "wrote " << (outDir / "metrics.csv").string() << ", " << checkpoint.string() << ", "
            << (outDir / "weights.safetensors").string();
        if (haveTest) out << ", " << (outDir / "test_metrics.json").string();
        out << "\n";
    }
    if (g_interrupted) {
        err << "tessera-cli train: interrupted after epoch " << trainer.epoch() << ", step " << trainer.globalStep()
            << "; resume with --resume " << checkpoint.string() << "\n";
        return 130;
    }
    return 0;
}

[[maybe_unused]] const bool registered = registerCommand(
    {kName,
     "PROJECT [--epochs N] [--seed S] [--threads T] [--resume CHECKPOINT] [--stop-after-epoch K] [--detect-anomaly] "
     "[--quiet] --out DIR",
     "Train the project's model; write metrics.csv, checkpoint, weights.safetensors and test_metrics.json to DIR.",
     run});

}  // namespace
}  // namespace tessera::cli
