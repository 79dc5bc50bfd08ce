#include "core/script/run_script.h"

#include <cctype>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "core/autograd/autograd_meta.h"
#include "core/autograd/graph_snapshot.h"
#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ops/view.h"
#include "core/script/interpreter.h"
#include "core/script/string_npy.h"
#include "core/tensor/memory_limit.h"

namespace tessera::script {

namespace {

bool isIdentifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw IoError(file.string() + ": cannot open the script");
    std::ostringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

void writeTextFile(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw IoError(file.string() + ": cannot write");
}

}  // namespace

ScriptInput parseInputSpec(std::string_view spec) {
    const auto eq = spec.find('=');
    if (eq == std::string_view::npos || eq + 1 == spec.size())
        throw ValueError("--in: expected NAME=FILE.npy, got '" + std::string(spec) + "'");
    const std::string name(spec.substr(0, eq));
    if (!isIdentifier(name)) throw ValueError("--in: '" + name + "' is not a valid variable name");
    return {name, std::filesystem::path(std::string(spec.substr(eq + 1)))};
}

std::vector<std::filesystem::path> runScriptFile(const ScriptRun& run) {
    if (run.threads < 0) throw ValueError("--threads: expected a positive number, got " + std::to_string(run.threads));
    if (run.threads > 0) kernels::setNumThreads(run.threads);
    const std::string text = readText(run.script);
    const MemoryLimit limit(run.maxTensorBytes);

    const Program program = parse(text, run.script.string());
    // Note [NumPy-style scripts]: a script importing from sklearn, tessera or numpy sees its float32
    // inputs as float64, as sklearn's check_array widens them; so every floating result is float64.
    const bool widen = Interpreter::importsNumpyStyle(program);
    Interpreter interp;
    for (const auto& in : run.inputs) {
        if (auto labels = readStringNpy(in.file)) {
            interp.setVariable(in.name, Value::strings(std::move(*labels)));
            continue;
        }
        Tensor t = io::readNpy(in.file);
        if (widen && t.dtype() == DType::Float32) t = ops::to(t, DType::Float64);
        interp.setVariable(in.name, Value(std::move(t)));
    }
    std::vector<Tensor> tracked;
    for (const auto& name : run.requiresGrad) {
        const Value* v = interp.variable(name);
        if (!v || !v->isTensor() || std::find_if(run.inputs.begin(), run.inputs.end(), [&](const auto& in) {
                                        return in.name == name;
                                    }) == run.inputs.end())
            throw ValueError("--requires-grad: '" + name + "' is not an input (give it with --in " + name +
                             "=FILE.npy)");
        if (!isFloating(v->asTensor().dtype()))
            throw ValueError("--requires-grad: input '" + name + "' is " +
                             std::string(dtypeName(v->asTensor().dtype())) +
                             "; only floating point tensors can require gradients");
        v->asTensor().setRequiresGrad(true);
        autograd::autogradMeta(v->asTensor()).name = name;  // labels the leaf in graph.dot
        tracked.push_back(v->asTensor());
    }

    interp.run(program);

    std::unique_ptr<autograd::GraphRecorder> recorder;
    if (!run.backward.empty()) {
        const Value* v = interp.variable(run.backward);
        if (!v) throw ValueError("--backward: the script assigns no variable '" + run.backward + "'");
        if (!v->isTensor())
            throw ValueError("--backward: '" + run.backward + "' is a " + v->typeName() + ", not a Tensor");
        const Tensor gradient = run.gradOutput.empty() ? Tensor() : io::readNpy(run.gradOutput);
        if (run.dot) recorder = std::make_unique<autograd::GraphRecorder>(autograd::TensorList{v->asTensor()});
        std::optional<autograd::ObserveBackward> observe;
        if (recorder) observe.emplace(*recorder);
        v->asTensor().backward(gradient);
    } else if (!run.gradOutput.empty()) {
        throw ValueError("--grad-output needs --backward VAR");
    } else if (run.dot) {
        autograd::TensorList roots;
        for (const auto& [name, tensor] : interp.outputs())
            if (tensor.gradFn()) roots.push_back(tensor);
        recorder = std::make_unique<autograd::GraphRecorder>(roots);
    }

    std::error_code ec;
    std::filesystem::create_directories(run.outDir, ec);
    if (ec) throw IoError(run.outDir.string() + ": cannot create the output folder: " + ec.message());
    std::vector<std::filesystem::path> written;
    for (const auto& [name, tensor] : interp.outputs()) {
        written.push_back(run.outDir / (name + ".npy"));
        io::writeNpy(written.back(), tensor.detach());
    }
    for (std::size_t i = 0; i < tracked.size(); ++i) {
        const Tensor g = tracked[i].grad();
        if (!g.defined()) continue;
        written.push_back(run.outDir / ("grad_" + run.requiresGrad[i] + ".npy"));
        io::writeNpy(written.back(), g);
    }
    if (recorder) {
        written.push_back(run.outDir / "graph.dot");
        writeTextFile(written.back(), autograd::toDot(recorder->snapshot()));
    }
    return written;
}

}  // namespace tessera::script
