// What `tessera-cli run` (and its old name `autograd`) does, without the command line: reads a script
// file and .npy inputs, runs the script, optionally runs backward, and writes every assigned variable
// (and each tracked input's gradient) as .npy files. A script that imports from sklearn, tessera or
// numpy has its float32 inputs widened to float64 (Note [NumPy-style scripts] in run_script.cpp).
//
//   ScriptRun run;
//   run.script = "model.py";
//   run.inputs = {parseInputSpec("x=x.npy"), parseInputSpec("w=w.npy")};
//   run.outDir = "out";
//   run.requiresGrad = {"w"};
//   run.backward = "loss";
//   run.dot = true;
//   std::vector<std::string> files = runScriptFile(run);   // "out/loss.npy", …, "out/grad_w.npy", "out/graph.dot"
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::script {

struct ScriptInput {
    std::string name;
    std::filesystem::path file;
};

struct ScriptRun {
    std::filesystem::path script;
    std::vector<ScriptInput> inputs;
    std::filesystem::path outDir;           // created when missing
    int threads = 0;                        // kernel threads; 0 keeps the default (all cores)
    std::vector<std::string> requiresGrad;  // floating inputs to track
    std::string backward;                   // a variable to call backward() on ("" for none)
    std::filesystem::path gradOutput;       // its gradient (.npy), needed when it is not a scalar
    // Also write outDir/graph.dot: the autograd graph (PyTorch's Node names) behind the --backward
    // variable, or behind every assigned tensor that has a grad_fn when there is no backward.
    bool dot = false;
    // The most one tensor of the run may take (core/tensor/memory_limit.h): a script asking for
    // torch.zeros(10**6, 10**6) fails with a message instead of exhausting the machine.
    std::size_t maxTensorBytes = std::size_t{1} << 30;
};

// "NAME=FILE.npy" → {NAME, FILE.npy}; ValueError when the form or the name is wrong.
ScriptInput parseInputSpec(std::string_view spec);

// Runs `run` and returns the files written, in order. Throws ScriptError (with file, line and column)
// for errors in the script, IoError for unreadable inputs or unwritable outputs, ValueError for bad
// options (an unknown --requires-grad name, a non-tensor --backward variable).
std::vector<std::filesystem::path> runScriptFile(const ScriptRun& run);

}  // namespace tessera::script
