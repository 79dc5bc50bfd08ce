// Layers against torch: the C++ half of layer_runner.py (whose docstring describes the case format).
// A suite prepares every (case, mode) of its case files, runs torch once for all of them, then checks
// each job: outputs, parameters, input and parameter gradients and buffers (after the steps) within rtol 1e-5 / atol
// 1e-6 (float32), exactly for int64, and torch's state_dict of the loaded weights bitwise equal to Tessera's.
//
//   layertest::Suite suite(tmp.path());
//   suite.addCaseFile(QString(TESSERA_SOURCE_DIR) + "/tests/core/nn/layer_cases.json");  // default call layer(x0)
//   QString error = suite.runTorch();
//   for (const auto& job : suite.jobs()) QVERIFY2(suite.check(job).isEmpty(), …);
//
// Layers with several inputs or outputs pass a Call that runs them as the case's "call" does in torch.
#pragma once

#include <QtCore>

#include <cstring>
#include <functional>
#include <map>

#include "core/autograd/grad_mode.h"
#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/io/npy.h"
#include "core/io/safetensors.h"
#include "core/nn/layer_registry.h"
#include "core/ops/add.h"
#include "core/ops/mul.h"
#include "core/ops/sum.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "tests/core/conformance/case_check.h"

namespace tessera::layertest {

// Runs the layer on the inputs and returns the compared outputs, in the order of the case's "outputs".
using Call =
    std::function<std::vector<Tensor>(nn::Module& layer, const std::vector<Tensor>& inputs, const io::Json& spec)>;

inline std::vector<Tensor> defaultCall(nn::Module& layer, const std::vector<Tensor>& inputs, const io::Json&) {
    return {layer(inputs.at(0))};
}

struct Job {
    io::Json spec;  // the case, plus "dir" and "mode"
    QString name;   // "linear_basic/train"
    QString dir;
    QString error;  // what Tessera raised, if it did
    QString repr;   // the layer's repr()
    std::vector<Tensor> outputs, inputs;
    nn::NamedTensors state, parameters, buffers;  // state as saved; parameters and buffers after the steps
};

inline std::uint64_t seedOf(const std::string& text) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
    return h;
}

inline DType dtypeFromName(const std::string& name) {
    if (name == "float32") return DType::Float32;
    if (name == "float64") return DType::Float64;
    if (name == "int64") return DType::Int64;
    if (name == "bool") return DType::Bool;
    throw ValueError("layer case: unknown dtype '" + name + "'");
}

// A tensor drawn as the case's "dist" says: "normal", "uniform LO HI", "randint LO HI", "bernoulli P".
inline Tensor makeInput(const io::Json& spec, Generator& gen) {
    Shape shape;
    for (const auto& s : spec.at("shape").asArray()) shape.push_back(s.asInteger());
    const DType dtype = dtypeFromName(spec.contains("dtype") ? spec.at("dtype").asString() : "float32");
    const std::string dist = spec.contains("dist") ? spec.at("dist").asString() : "normal";
    QStringList words = QString::fromStdString(dist).split(' ', Qt::SkipEmptyParts);
    Tensor t = Tensor::empty(shape, dtype);
    const auto arg = [&](int i) { return words.value(i).toDouble(); };
    if (words.value(0) == "normal")
        gen.fillNormal(t);
    else if (words.value(0) == "uniform")
        gen.fillUniform(t, arg(1), arg(2));
    else if (words.value(0) == "randint")
        gen.fillRandint(t, static_cast<std::int64_t>(arg(1)), static_cast<std::int64_t>(arg(2)));
    else if (words.value(0) == "bernoulli")
        gen.fillBernoulli(t, arg(1));
    else
        throw ValueError("layer case: unknown dist '" + dist + "'");
    return t;
}

inline bool requiresGrad(const io::Json& inputSpec) {
    if (inputSpec.contains("requires_grad")) return inputSpec.at("requires_grad").asBool();
    return !inputSpec.contains("dtype") || inputSpec.at("dtype").asString() == "float32";
}

inline Tensor readOptionalNpy(const QString& path) {
    return QFile::exists(path) ? io::readNpy(path.toStdString()) : Tensor();
}

inline bool allZero(const Tensor& t) {
    for (const double v : t.toVector<double>())
        if (v != 0) return false;
    return true;
}

class Suite {
public:
    explicit Suite(QString root) : m_root(std::move(root)) {}

    // Prepares every case of the file in each of its modes; throws on a malformed case file.
    void addCaseFile(const QString& path, const Call& call = defaultCall) {
        const io::Json file = io::parseJson(io::readFile(path.toStdString()), path.toStdString());
        for (const auto& c : file.at("cases").asArray()) {
            io::Json::Array modes{io::Json("train"), io::Json("eval")};
            if (c.contains("modes")) modes = c.at("modes").asArray();
            for (const auto& mode : modes) prepare(c, mode.asString(), call);
        }
    }

    const std::vector<Job>& jobs() const { return m_jobs; }

    // Runs layer_runner.py over all prepared jobs; returns "" or why the runner failed.
    QString runTorch() {
        io::Json::Array jobs;
        for (const auto& job : m_jobs) jobs.push_back(job.spec);
        io::Json manifest = io::Json::object();
        manifest.set("jobs", io::Json(jobs));
        io::Json schemas = io::Json::object();
        for (const auto& type : nn::registeredLayers()) {
            io::Json params = io::Json::object();
            for (const auto& p : nn::layerInfo(type).params) {
                io::Json spec = io::Json::object();
                spec.set("required", p.required);
                spec.set("default", p.defaultValue);
                params.set(p.name, std::move(spec));
            }
            schemas.set(type, std::move(params));
        }
        manifest.set("schemas", std::move(schemas));
        const QString path = m_root + "/manifest.json";
        io::writeFileAtomically(path.toStdString(), io::writeJson(manifest));
        QProcess runner;
        runner.start(TESSERA_PYTHON3, {QString(TESSERA_SOURCE_DIR) + "/tests/core/nn/layer_runner.py", path});
        if (!runner.waitForFinished(900000) || runner.exitStatus() != QProcess::NormalExit || runner.exitCode() != 0)
            return "layer_runner.py failed: " + QString(runner.readAllStandardError());
        return {};
    }

    // "" when the job agrees with torch, else the first difference.
    QString check(const Job& job) const {
        QFile statusFile(job.dir + "/torch_status.json");
        if (!statusFile.open(QIODevice::ReadOnly)) return "no torch result";
        const QJsonObject status = QJsonDocument::fromJson(statusFile.readAll()).object();
        const QString torchError = status["error"].toString();
        if (job.spec.contains("error")) {
            const QString expected = QString::fromStdString(job.spec.at("error").asString());
            if (job.error.isEmpty()) return "Tessera did not raise (expected '" + expected + "')";
            if (!job.error.contains(expected))
                return "Tessera raised '" + job.error + "', which lacks '" + expected + "'";
            if (torchError.isEmpty()) return "torch did not raise, Tessera did: " + job.error;
            return {};
        }
        if (!job.error.isEmpty()) return "Tessera raised: " + job.error;
        if (!torchError.isEmpty()) return "torch raised: " + torchError + "\n" + status["traceback"].toString();

        QStringList problems;
        if (job.repr != status["repr"].toString())
            problems << "repr " + job.repr + ", torch has " + status["repr"].toString();
        const auto compare = [&](const std::string& what, const Tensor& got, const QString& file) {
            const Tensor want = readOptionalNpy(job.dir + "/" + file);
            if (!want.defined()) {
                if (got.defined() && !allZero(got)) problems << QString::fromStdString(what) + ": torch has none";
                return;
            }
            if (!got.defined()) {
                if (!allZero(want)) problems << QString::fromStdString(what) + ": Tessera has none";
                return;
            }
            const QString m = conformance::describeMismatch(what, got, want);
            if (!m.isEmpty()) problems << m;
        };
        for (std::size_t i = 0; i < job.outputs.size(); ++i)
            compare("output " + std::to_string(i), job.outputs[i], QString("torch_out%1.npy").arg(i));
        for (std::size_t i = 0; i < job.inputs.size(); ++i)
            if (job.inputs[i].requiresGrad())
                compare("grad of input " + std::to_string(i), job.inputs[i].grad(),
                        QString("torch_grad_input%1.npy").arg(i));
        for (const auto& [name, p] : job.parameters) {
            compare("parameter " + name, p.detach(), QString::fromStdString("torch_param." + name + ".npy"));
            compare("grad of " + name, p.grad(), QString::fromStdString("torch_grad." + name + ".npy"));
        }
        for (const auto& [name, b] : job.buffers)
            if (b.defined()) compare("buffer " + name, b, QString::fromStdString("torch_buffer." + name + ".npy"));
        return problems.join("\n");
    }

    // "" when every registered option is a keyword of the torch class with torch's default.
    QString checkSchemas() const {
        QFile file(m_root + "/torch_schema_check.json");
        if (!file.open(QIODevice::ReadOnly)) return "no schema check from layer_runner.py";
        QStringList problems;
        for (const auto& p : QJsonDocument::fromJson(file.readAll()).object()["problems"].toArray())
            problems << p.toString();
        return problems.join("\n");
    }

    // "" when torch's state_dict, as torch wrote it after loading Tessera's file, is bitwise Tessera's:
    // same names, dtypes, shapes and bytes, and the same file bytes.
    static QString checkRoundTrip(const Job& job) {
        if (job.spec.contains("error")) return {};
        const std::string mine = io::readFile((job.dir + "/weights.safetensors").toStdString());
        const std::string theirs = io::readFile((job.dir + "/torch_weights.safetensors").toStdString());
        const io::SafetensorsFile back = io::decodeSafetensors(theirs, "torch_weights.safetensors");
        std::map<std::string, Tensor> byName(back.tensors.begin(), back.tensors.end());
        if (byName.size() != job.state.size())
            return QString("torch wrote %1 tensors, Tessera %2").arg(byName.size()).arg(job.state.size());
        for (const auto& [name, t] : job.state) {
            const auto it = byName.find(name);
            if (it == byName.end()) return QString::fromStdString("torch's state_dict lacks '" + name + "'");
            const Tensor& u = it->second;
            const Tensor dense = ops::contiguous(t.detach());
            if (u.dtype() != t.dtype() || u.sizes() != t.sizes() ||
                std::memcmp(u.rawData(), dense.rawData(), dense.nbytes()) != 0)
                return QString::fromStdString("'" + name + "' differs after the round trip");
        }
        if (mine != theirs) return "torch's file differs byte for byte from Tessera's";
        return {};
    }

private:
    void prepare(const io::Json& c, const std::string& mode, const Call& call) {
        Job job;
        const std::string name = c.at("name").asString();
        job.name = QString::fromStdString(name + "/" + mode);
        job.dir = m_root + "/" + QString::fromStdString(name + "." + mode);
        QDir().mkpath(job.dir);
        job.spec = c;
        job.spec.set("dir", job.dir.toStdString());
        job.spec.set("mode", mode);
        try {
            run(job, call);
        } catch (const Error& e) {
            job.error = QString::fromUtf8(e.what());
        }
        m_jobs.push_back(std::move(job));
    }

    static void run(Job& job, const Call& call) {
        const io::Json& c = job.spec;
        const std::string dir = job.dir.toStdString();
        Generator gen(seedOf(c.at("name").asString()));
        const auto layer =
            nn::buildLayer(c.at("type").asString(), c.contains("options") ? c.at("options") : io::Json(), gen);
        if (c.contains("randomize_state") && c.at("randomize_state").asBool()) {
            for (const auto& [name, t] : layer->stateDict())
                if (t.defined() && isFloating(t.dtype())) gen.fillUniform(t, 0.5, 1.5);
        }
        layer->train(c.at("mode").asString() == "train");
        job.repr = QString::fromStdString(layer->repr());
        job.state = layer->stateDict();
        io::saveSafetensors(dir + "/weights.safetensors", job.state);
        // The saved state is compared with torch's later: keep copies, the layer's own tensors change.
        for (auto& [name, t] : job.state) t = ops::clone(t.detach());

        const auto& inputSpecs = c.at("inputs").asArray();
        for (std::size_t i = 0; i < inputSpecs.size(); ++i) {
            Tensor x = makeInput(inputSpecs[i], gen);
            io::writeNpy(dir + "/input" + std::to_string(i) + ".npy", x);
            if (requiresGrad(inputSpecs[i])) x.setRequiresGrad(true);
            job.inputs.push_back(x);
        }
        const std::int64_t steps = c.contains("steps") ? c.at("steps").asInteger() : 1;
        std::vector<Tensor> gradOutputs;
        for (std::int64_t step = 0; step < steps; ++step) {
            job.outputs = call(*layer, job.inputs, c);
            if (step == 0) {
                for (std::size_t i = 0; i < job.outputs.size(); ++i) {
                    Tensor g;
                    if (isFloating(job.outputs[i].dtype())) {
                        g = Tensor::empty(job.outputs[i].sizes(), job.outputs[i].dtype());
                        gen.fillNormal(g);
                        io::writeNpy(dir + "/grad_output" + std::to_string(i) + ".npy", g);
                    }
                    gradOutputs.push_back(g);
                }
            }
            Tensor loss;
            for (std::size_t i = 0; i < job.outputs.size(); ++i) {
                if (!gradOutputs[i].defined() || !job.outputs[i].requiresGrad()) continue;
                const Tensor term = ops::sum(ops::mul(job.outputs[i], gradOutputs[i]));
                loss = loss.defined() ? ops::add(loss, term) : term;
            }
            if (loss.defined()) loss.backward();
        }
        for (auto& o : job.outputs) o = o.detach();
        job.parameters = layer->namedParameters();
        job.buffers = layer->namedBuffers();
    }

    QString m_root;
    std::vector<Job> m_jobs;
};

}  // namespace tessera::layertest
