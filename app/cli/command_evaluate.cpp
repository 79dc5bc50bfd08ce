// tessera-cli evaluate PROJECT --weights FILE [--split test|val|train] [--out FILE.json]
// Loads trained weights into the project's model and prints the split's loss and metrics as JSON
// (the keys of train's test_metrics.json); --out also writes them to a file (docs/cli.md).
#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "core/io/atomic_file.h"
#include "core/io/project.h"
#include "core/tensor/error.h"
#include "core/train/limits.h"
#include "core/train/project_session.h"

namespace tessera::cli {
namespace {

constexpr std::string_view kName = "evaluate";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a;
    std::string split = "test";
    try {
        a = parseArguments(args, {"--weights", "--split", "--out", "--threads"});
        a.project();
        a.required("--weights");
        split = a.value("--split").value_or("test");
        if (split != "train" && split != "val" && split != "test")
            throw UsageError("--split expects train, val or test, got '" + split + "'");
    } catch (const UsageError& e) {
        return usageError(err, kName, e.what());
    }
    const std::filesystem::path projectFile = a.project();
    train::SessionOverrides overrides;
    if (auto threads = a.integer("--threads", 1, train::kMaxThreads)) overrides.threads = static_cast<int>(*threads);
    train::ProjectSession session(io::loadProject(projectFile), projectFile, overrides);
    session.loadWeights(a.required("--weights"));
    const std::string text = io::writeJson(train::metricsJson(session.evaluate(split), split));
    out << text;
    if (auto file = a.value("--out")) io::writeFileAtomically(*file, text);
    return 0;
}

[[maybe_unused]] const bool registered = registerCommand(
    {kName, "PROJECT --weights FILE [--split test|val|train] [--threads T] [--out FILE.json]",
     "Print (and with --out write) the loss and metrics of trained weights on a split of the project's data.", run});

}  // namespace
}  // namespace tessera::cli
