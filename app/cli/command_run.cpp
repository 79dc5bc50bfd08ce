// tessera-cli run SCRIPT.py --in NAME=FILE.npy … --out DIR [--threads N] [--requires-grad NAME,…]
//                 [--backward VAR [--grad-output FILE.npy]] [--dot]
// and the same command under its old name, `tessera-cli autograd`. The work is
// core/script/run_script.h; this file only reads the command line (docs/cli.md).
#include <charconv>
#include <iostream>

#include "app/cli/command.h"
#include "core/ml/base/warnings.h"
#include "core/script/run_script.h"
#include "core/tensor/error.h"

namespace tessera::cli {
namespace {

constexpr std::string_view kUsage =
    "SCRIPT.py --in NAME=FILE.npy... --out DIR [--threads N] [--requires-grad NAME,...] [--backward VAR "
    "[--grad-output FILE.npy]] [--dot] [--max-tensor-mb N]";

std::vector<std::string> splitNames(const std::string& list) {
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!name.empty()) names.push_back(name);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return names;
}

int runAs(std::string_view kName, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    script::ScriptRun runSpec;
    bool haveOut = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string* {
            if (i + 1 >= args.size()) return nullptr;
            return &args[++i];
        };
        if (a == "--dot") {
            runSpec.dot = true;
        } else if (a == "--in" || a == "--out" || a == "--threads" || a == "--requires-grad" || a == "--backward" ||
                   a == "--grad-output" || a == "--max-tensor-mb") {
            const std::string* v = value();
            if (!v) return usageError(err, kName, a + " needs a value");
            try {
                if (a == "--in") {
                    runSpec.inputs.push_back(script::parseInputSpec(*v));
                } else if (a == "--out") {
                    runSpec.outDir = *v;
                    haveOut = true;
                } else if (a == "--threads") {
                    int n = 0;
                    const auto r = std::from_chars(v->data(), v->data() + v->size(), n);
                    if (r.ec != std::errc() || r.ptr != v->data() + v->size() || n < 1)
                        return usageError(err, kName, "--threads expects a positive integer, got '" + *v + "'");
                    runSpec.threads = n;
                } else if (a == "--max-tensor-mb") {
                    std::size_t mb = 0;
                    const auto r = std::from_chars(v->data(), v->data() + v->size(), mb);
                    if (r.ec != std::errc() || r.ptr != v->data() + v->size() || mb < 1 || mb > (std::size_t{1} << 30))
                        return usageError(err, kName, "--max-tensor-mb expects a positive integer, got '" + *v + "'");
                    runSpec.maxTensorBytes = mb << 20;
                } else if (a == "--requires-grad") {
                    for (auto& name : splitNames(*v)) runSpec.requiresGrad.push_back(name);
                } else if (a == "--backward") {
                    runSpec.backward = *v;
                } else {
                    runSpec.gradOutput = *v;
                }
            } catch (const Error& e) {
                return usageError(err, kName, e.what());
            }
        } else if (a.starts_with("--")) {
            return usageError(err, kName, "unknown option " + a);
        } else if (runSpec.script.empty()) {
            runSpec.script = a;
        } else {
            return usageError(err, kName,
                              "more than one SCRIPT given ('" + runSpec.script.string() + "' and '" + a + "')");
        }
    }
    if (runSpec.script.empty()) return usageError(err, kName, "expected a SCRIPT.py");
    if (!haveOut) return usageError(err, kName, "expected --out DIR");
    // sklearn's warnings go to stderr as Python shows them ("SCRIPT: ConvergenceWarning: …"), after the run.
    ml::WarningCollector warnings;
    auto showWarnings = [&] {
        for (const ml::Warning& w : warnings.warnings())
            err << runSpec.script.string() << ": " << ml::categoryName(w.category) << ": " << w.message << "\n";
    };
    try {
        const auto files = script::runScriptFile(runSpec);
        showWarnings();
        for (const auto& file : files) out << file.string() << "\n";
    } catch (const Error& e) {
        showWarnings();
        // The message starts with "SCRIPT:LINE:COLUMN:" for errors inside the script, like a compiler's.
        err << e.what() << "\n";
        return 1;
    }
    return 0;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runAs("run", args, out, err);
}
int autograd(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runAs("autograd", args, out, err);
}

[[maybe_unused]] const bool registeredRun = registerCommand(
    {"run", kUsage,
     "Run a scikit-learn or PyTorch-style script on .npy inputs; write every variable (and gradients) as .npy.", run});
[[maybe_unused]] const bool registeredAutograd =
    registerCommand({"autograd", kUsage, "The same as `run` (its old name).", autograd});

}  // namespace
}  // namespace tessera::cli
