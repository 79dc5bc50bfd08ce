#include "core/export/torch_code.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>

#include "core/data/dataset.h"
#include "core/export/python_text.h"
#include "core/export/torch_scripts.h"
#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"
#include "core/graph/node_type_registry.h"
#include "core/io/atomic_file.h"
#include "core/io/npy.h"
#include "core/train/project_session.h"
#include "core/train/training_config.h"

namespace tessera::exporter {

namespace {

using namespace detail;

// The nn layers whose torch forward returns a tuple of which the graph passes on the first element.
bool returnsTuple(const std::string& type) {
    return type == "LSTM" || type == "GRU" || type == "RNN" || type == "MultiheadAttention";
}

// ---------------------------------------------------------------------------------------------
// model.py

class ModelWriter {
public:
    ModelWriter(const io::Project& project, std::string_view source)
        : m_project(project), m_source(source), m_graph(graph::ModelGraph::fromProject(project)) {
        m_report = graph::analyze(m_graph);
        if (m_report.hasErrors()) {
            std::string message = std::string(source) + ": the model cannot be exported while it has problems:";
            for (const auto& p : m_report.problems)
                if (p.severity == graph::Severity::Error) message += "\n  " + graph::formatProblem(p, &m_graph);
            throw ExportError(message);
        }
        if (m_report.inputId.empty() || m_report.outputId.empty())
            throw ExportError(std::string(source) + ": the model needs an Input and an Output node to be exported");
    }

    ModelCode write() {
        for (const std::string& id : m_report.order) m_names[id] = id == m_report.inputId ? "x" : variableName(id);
        const std::set<std::string> trainingOnly = nodesBehindTarget();
        std::ostringstream init, body;
        std::set<std::string> helpers;
        bool usesTorch = false;
        for (const std::string& id : m_report.order) {
            if (trainingOnly.count(id)) continue;
            const graph::Node& node = m_graph.node(id);
            const graph::NodeType& type = graph::NodeTypeRegistry::instance().get(node.type);
            const std::vector<std::string> in = inputs(id);
            const std::string out = m_names[id];
            if (type.role == graph::NodeRole::Input) {
                body << "        x = x.reshape(x.size(0), *INPUT_SHAPE).float()\n";
            } else if (type.role == graph::NodeRole::Output) {
                m_returned = in.at(0);
            } else if (type.source == "nn") {
                init << "        " << assign(id, "nn." + node.type + "(" + keywords(node) + ")") << "\n";
                std::string arg = in.at(0);
                if (node.type == "Embedding") arg += ".long()";
                if (node.type == "MultiheadAttention") arg = arg + ", " + arg + ", " + arg + ", need_weights=False";
                body << "        " << out << (returnsTuple(node.type) ? ", _" : "") << " = " << call(id) << "(" << arg
                     << ")\n";
            } else if (node.type == "Normalize") {
                helpers.insert("Normalize");
                const auto edge = m_report.edgeType(m_graph.inputEdges(id).at(0));
                std::vector<std::int64_t> shape;
                for (std::size_t d = 1; d < edge->shape.size(); ++d) shape.push_back(edge->shape[d].size);
                init << "        " << assign(id, "Normalize(" + pyTuple(shape) + ")") << "\n";
                body << "        " << out << " = " << call(id) << "(" << in.at(0) << ")\n";
            } else if (node.type == "PositionalEncoding") {
                helpers.insert("PositionalEncoding");
                init << "        " << assign(id, "PositionalEncoding(" + keywords(node) + ")") << "\n";
                body << "        " << out << " = " << call(id) << "(" << in.at(0) << ")\n";
            } else if (node.type == "Add" || node.type == "Mul") {
                std::string expr;
                for (std::size_t i = 0; i < in.size(); ++i)
                    expr += (i ? (node.type == "Add" ? " + " : " * ") : "") + in[i];
                body << "        " << out << " = " << expr << "\n";
            } else if (node.type == "Concat") {
                std::string list;
                for (std::size_t i = 0; i < in.size(); ++i) list += (i ? ", " : "") + in[i];
                usesTorch = true;
                body << "        " << out << " = torch.cat([" << list << "], dim=" << param(id, "dim") << ")\n";
            } else if (node.type == "SelectLast") {
                body << "        " << out << " = " << in.at(0) << ".select(" << param(id, "dim") << ", -1)\n";
            } else if (node.type == "Reshape") {
                std::string sizes;
                for (const auto& s : resolved(id).at("shape").isArray() ? resolved(id).at("shape").asArray()
                                                                        : io::Json::Array{resolved(id).at("shape")})
                    sizes += ", " + pyLiteral(s);
                body << "        " << out << " = " << in.at(0) << ".reshape(" << in.at(0) << ".size(0)" << sizes
                     << ")\n";
            } else {
                throw ExportError(std::string(m_source) + ": node '" + id + "' (" + node.type +
                                  ") has no PyTorch equivalent in the code export" +
                                  (type.source != "graph" ? " (it comes from the plugin '" + type.source + "')" : ""));
            }
        }
        if (m_returned.empty())
            throw ExportError(std::string(m_source) + ": the Output node '" + m_report.outputId + "' has no input");

        ModelCode code;
        if (!m_report.lossId.empty()) {
            const graph::Node& loss = m_graph.node(m_report.lossId);
            code.lossType = loss.type;
            code.lossParams = loss.params;
            const std::vector<std::string> lossIn = inputs(m_report.lossId);
            m_lossInput = lossIn.at(0);
            code.lossReadsOutput = m_lossInput == m_returned;
            if (trainingOnly.count(sourceOf(m_report.lossId, 0)))
                throw ExportError(std::string(m_source) + ": the loss '" + m_report.lossId +
                                  "' reads a prediction computed from the Target; the code export needs the "
                                  "prediction to come from the Input alone");
            code.targetTransform = targetTransform();
        }

        std::ostringstream py;
        py << "\"\"\"The " << m_project.name << " network, exported from Tessera.\n\n";
        if (!m_project.description.empty()) py << wrap(m_project.description) << "\n\n";
        py << "Submodules are named after the graph's node ids, so state_dict() keys equal Tessera's weight\n"
              "names and load_weights() reads Tessera's weights.safetensors as it is.\n\"\"\"\n";
        if (helpers.count("PositionalEncoding")) py << "import math\n\n";
        usesTorch = usesTorch || !helpers.empty();
        py << (usesTorch ? "import torch\n" : "") << "from torch import nn\n\nimport safetensors_lite\n\n";
        py << "INPUT_SHAPE = " << pyTuple(inputShape()) << "\n\n";
        if (helpers.count("Normalize")) py << normalizeClass();
        if (helpers.count("PositionalEncoding")) py << positionalEncodingClass();
        py << "\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n" << init.str() << "\n";
        if (code.lossReadsOutput) {
            py << "    def forward(self, x):\n" << body.str() << "        return " << m_returned << "\n";
        } else {
            py << "    def forward(self, x, with_loss_input=False):\n"
                  "        \"\"\"The Output's tensor; with_loss_input=True also returns what the loss reads.\"\"\"\n"
               << body.str() << "        if with_loss_input:\n            return " << m_returned << ", " << m_lossInput
               << "\n        return " << m_returned << "\n";
        }
        py << loadWeightsFunction();
        code.text = py.str();
        return code;
    }

private:
    std::string variableName(const std::string& id) const {
        std::string name = id;
        for (char& c : name)
            if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') c = '_';
        if (!isIdentifier(name)) name = "n_" + name;
        return name;
    }

    // `self.conv1 = …` when the id is an identifier; Python takes any module name without a dot.
    std::string assign(const std::string& id, const std::string& ctor) const {
        return isIdentifier(id) ? "self." + id + " = " + ctor : "self.add_module(" + pyString(id) + ", " + ctor + ")";
    }
    std::string call(const std::string& id) const {
        return isIdentifier(id) ? "self." + id : "self.get_submodule(" + pyString(id) + ")";
    }

    io::Json resolved(const std::string& id) const {
        const graph::Node& node = m_graph.node(id);
        std::vector<graph::ParamIssue> issues;
        return graph::resolveParams(graph::NodeTypeRegistry::instance().get(node.type), node.params, issues);
    }
    std::string param(const std::string& id, const std::string& name) const { return pyLiteral(resolved(id).at(name)); }

    // The keywords the user set, in the schema's (torch's signature) order.
    std::string keywords(const graph::Node& node) const {
        std::string out;
        for (const nn::ParamSpec& spec : graph::NodeTypeRegistry::instance().get(node.type).params)
            if (const io::Json* v = node.params.find(spec.name))
                out += (out.empty() ? "" : ", ") + spec.name + "=" + pyLiteral(*v);
        return out;
    }

    std::string sourceOf(const std::string& id, int port) const {
        for (const graph::Edge& e : m_graph.inputEdges(id))
            if (e.toPort == port) return e.from;
        return {};
    }

    // The variables feeding `id`, in port order.
    std::vector<std::string> inputs(const std::string& id) const {
        std::vector<graph::Edge> edges = m_graph.inputEdges(id);
        std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.toPort < b.toPort; });
        std::vector<std::string> out;
        for (const graph::Edge& e : edges) out.push_back(m_names.at(e.from));
        return out;
    }

    // The Target, the loss and anything computed from them: train.py's business, not the model's.
    std::set<std::string> nodesBehindTarget() const {
        std::set<std::string> out;
        if (!m_report.targetId.empty()) out.insert(m_report.targetId);
        if (!m_report.lossId.empty()) out.insert(m_report.lossId);
        for (const std::string& id : m_report.order)
            for (const graph::Edge& e : m_graph.inputEdges(id))
                if (out.count(e.from)) out.insert(id);
        return out;
    }

    std::vector<std::int64_t> inputShape() const {
        const io::Json shape = resolved(m_report.inputId).at("shape");
        std::vector<std::int64_t> out;
        if (shape.isArray())
            for (const auto& s : shape.asArray()) out.push_back(s.asInteger());
        else
            out.push_back(shape.asInteger());
        return out;
    }

    std::string targetTransform() const {
        if (m_report.targetId.empty()) return "y";
        const io::Json p = resolved(m_report.targetId);
        if (!p.at("classes").isNull()) return "y.reshape(y.size(0)).long()";
        std::string sizes;
        const io::Json& shape = p.at("shape");
        if (shape.isArray())
            for (const auto& s : shape.asArray()) sizes += ", " + pyLiteral(s);
        else
            sizes = ", " + pyLiteral(shape);
        return "y.reshape(y.size(0)" + sizes + ").float()";
    }

    static std::string wrap(const std::string& text) {
        std::string out, line;
        std::istringstream words(text);
        std::string word;
        while (words >> word) {
            if (!line.empty() && line.size() + 1 + word.size() > 96) {
                out += line + "\n";
                line.clear();
            }
            line += (line.empty() ? "" : " ") + word;
        }
        return out + line;
    }

    static std::string normalizeClass() {
        return "\nclass Normalize(nn.Module):\n"
               "    \"\"\"(x - mean) / std with the training split's statistics, kept as buffers (Tessera's\n"
               "    Normalize node: population std, 1 where a feature's std is 0).\"\"\"\n\n"
               "    def __init__(self, shape):\n"
               "        super().__init__()\n"
               "        self.register_buffer(\"mean\", torch.zeros(shape))\n"
               "        self.register_buffer(\"std\", torch.ones(shape))\n\n"
               "    def forward(self, x):\n"
               "        return (x - self.mean) / self.std\n\n";
    }

    static std::string positionalEncodingClass() {
        return "\nclass PositionalEncoding(nn.Module):\n"
               "    \"\"\"Adds sinusoidal positions to a batch-first sequence [N, L, d_model], as in the PyTorch\n"
               "    tutorial (without dropout). The table is a buffer, stored with the weights.\"\"\"\n\n"
               "    def __init__(self, d_model, max_len=5000):\n"
               "        super().__init__()\n"
               "        position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)\n"
               "        rate = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float64) * (-math.log(10000.0) / "
               "d_model))\n"
               "        pe = torch.zeros(max_len, d_model, dtype=torch.float64)\n"
               "        pe[:, 0::2] = torch.sin(position * rate)\n"
               "        pe[:, 1::2] = torch.cos(position * rate)[:, : d_model // 2]\n"
               "        self.register_buffer(\"pe\", pe.float())\n\n"
               "    def forward(self, x):\n"
               "        return x + self.pe[: x.size(1)]\n\n";
    }

    static std::string loadWeightsFunction() {
        return "\n\ndef load_weights(model, path):\n"
               "    \"\"\"Loads a safetensors file written by Tessera (or by train.py) into `model`.\"\"\"\n"
               "    try:\n"
               "        from safetensors.torch import load_file\n"
               "    except ImportError:\n"
               "        load_file = safetensors_lite.load_file\n"
               "    model.load_state_dict(load_file(str(path)))\n"
               "    return model\n";
    }

    const io::Project& m_project;
    std::string_view m_source;
    graph::ModelGraph m_graph;
    graph::GraphReport m_report;
    std::map<std::string, std::string> m_names;
    std::string m_returned, m_lossInput;
};

void writeText(const std::filesystem::path& file, const std::string& text, ExportedFiles& files) {
    io::writeFileAtomically(file, text);
    files.files.push_back(file);
}

}  // namespace

std::string torchModelSource(const io::Project& project, std::string_view source) {
    return ModelWriter(project, source).write().text;
}

ExportedFiles exportTorchCode(const io::Project& project, const std::filesystem::path& projectFile,
                              const std::filesystem::path& outDir, const TorchCodeOptions& options) {
    const std::string source = projectFile.string();
    ModelCode model = ModelWriter(project, source).write();
    if (model.lossType.empty())
        throw ExportError(source + ": the model has no loss node, so there is nothing for train.py to minimise");
    // The session builds the data, the split and the seed-drawn initial weights exactly as training does.
    train::ProjectSession session(project, projectFile);
    const train::TrainingConfig& cfg = session.config();

    std::error_code ec;
    std::filesystem::create_directories(outDir / "data", ec);
    if (ec) throw IoError(outDir.string() + ": cannot create the export folder: " + ec.message());

    ExportedFiles files;
    writeText(outDir / "model.py", model.text, files);
    writeText(outDir / "safetensors_lite.py", kSafetensorsLiteScript, files);
    writeText(outDir / "data.py", torchDataScript(project, session.split()), files);
    const std::array<std::pair<const char*, const data::Dataset*>, 3> splits = {
        {{"train", &session.split().train}, {"val", &session.split().val}, {"test", &session.split().test}}};
    for (const auto& [name, ds] : splits) {
        const std::filesystem::path x = outDir / "data" / (std::string(name) + "_x.npy");
        const std::filesystem::path y = outDir / "data" / (std::string(name) + "_y.npy");
        io::writeNpy(x, ds->features);
        io::writeNpy(y, ds->targets);
        files.files.push_back(x);
        files.files.push_back(y);
    }
    writeText(outDir / "train.py", torchTrainScript(project, cfg, model, session.task() == data::Task::Classification),
              files);
    writeText(outDir / "launch.sh", kLaunchScript, files);
    std::filesystem::permissions(outDir / "launch.sh", std::filesystem::perms::owner_exec,
                                 std::filesystem::perm_options::add, ec);
    session.saveWeights(outDir / "initial_weights.safetensors");
    files.files.push_back(outDir / "initial_weights.safetensors");
    if (!options.weights.empty()) {
        // Loaded into the model first, so a file that does not fit the graph is refused here, naming it.
        session.loadWeights(options.weights);
        session.saveWeights(outDir / "weights.safetensors");
        files.files.push_back(outDir / "weights.safetensors");
    }
    writeText(outDir / "README.md", torchReadme(project, !options.weights.empty()), files);
    return files;
}

}  // namespace tessera::exporter
