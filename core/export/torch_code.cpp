#include "core/export/torch_code.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/data/dataset.h"
#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"
#include "core/graph/node_type_registry.h"
#include "core/io/atomic_file.h"
#include "core/io/npy.h"
#include "core/train/project_session.h"
#include "core/train/training_config.h"

namespace tessera::exporter {

namespace {

// ---------------------------------------------------------------------------------------------
// Python text

std::string pyNumber(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    // Python writes floats with a decimal point or an exponent: 1.0, 1e-05, 0.25.
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}

std::string pyString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string pyLiteral(const io::Json& v) {
    switch (v.type()) {
        case io::Json::Type::Null:
            return "None";
        case io::Json::Type::Bool:
            return v.asBool() ? "True" : "False";
        case io::Json::Type::Number:
            return v.isInteger() ? std::to_string(v.asInteger()) : pyNumber(v.asNumber());
        case io::Json::Type::String:
            return pyString(v.asString());
        case io::Json::Type::Array: {
            std::string out = "(";
            const auto& items = v.asArray();
            for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + pyLiteral(items[i]);
            return out + (items.size() == 1 ? ",)" : ")");
        }
        case io::Json::Type::Object: {
            std::string out = "{";
            bool first = true;
            for (const auto& [k, item] : v.asObject()) {
                out += (first ? "" : ", ") + pyString(k) + ": " + pyLiteral(item);
                first = false;
            }
            return out + "}";
        }
    }
    return "None";
}

std::string pyTuple(const std::vector<std::int64_t>& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    return out + (values.size() == 1 ? ",)" : ")");
}

bool isIdentifier(const std::string& s) {
    static const std::set<std::string> keywords = {
        "False",    "None",   "True",  "and",  "as",     "assert",   "async",   "await", "break", "class",
        "continue", "def",    "del",   "elif", "else",   "except",   "finally", "for",   "from",  "global",
        "if",       "import", "in",    "is",   "lambda", "nonlocal", "not",     "or",    "pass",  "raise",
        "return",   "try",    "while", "with", "yield",  "x",        "self",    "torch", "nn",    "math"};
    if (s.empty() || keywords.count(s) || (std::isdigit(static_cast<unsigned char>(s[0])) != 0)) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; });
}

// The nn layers whose torch forward returns a tuple of which the graph passes on the first element.
bool returnsTuple(const std::string& type) {
    return type == "LSTM" || type == "GRU" || type == "RNN" || type == "MultiheadAttention";
}

// ---------------------------------------------------------------------------------------------
// model.py

struct ModelCode {
    std::string text;
    std::string lossType;
    io::Json lossParams = io::Json::object();
    std::string targetTransform;  // Python expression of `y` giving the loss's target
    bool lossReadsOutput = true;  // the loss reads the tensor the Output returns
};

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

// ---------------------------------------------------------------------------------------------
// The other files

const char* const kSafetensorsLite =
    R"PY("""A short reader and writer of the safetensors format (https://github.com/huggingface/safetensors),
for machines without the safetensors package (Debian 12 has none). model.load_weights uses the
package when it is installed and this module otherwise.
"""
import json
import struct

import numpy as np
import torch

_DTYPES = {"F64": np.float64, "F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32,
           "I16": np.int16, "I8": np.int8, "U8": np.uint8, "BOOL": np.bool_}
_NAMES = {np.dtype(v): k for k, v in _DTYPES.items()}


def load_file(path):
    """Returns {name: torch.Tensor} of a .safetensors file."""
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    body = memoryview(data)[8 + length:]
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        begin, end = info["data_offsets"]
        array = np.frombuffer(body[begin:end], dtype=_DTYPES[info["dtype"]]).reshape(info["shape"])
        tensors[name] = torch.from_numpy(array.copy())
    return tensors


def save_file(tensors, path, metadata=None):
    """Writes {name: torch.Tensor} as .safetensors (the layout Tessera reads)."""
    header, chunks, offset = {}, [], 0
    if metadata:
        header["__metadata__"] = metadata
    for name in sorted(tensors):
        array = tensors[name].detach().cpu().contiguous().numpy()
        raw = array.tobytes()
        header[name] = {"dtype": _NAMES[array.dtype], "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for raw in chunks:
            f.write(raw)
)PY";

std::string dataSource(const io::Project& project, const data::Split& split) {
    std::ostringstream py;
    py << "\"\"\"The rows Tessera used for " << project.name
       << ": its train, validation and test splits as .npy files in data/.\n\n"
          "Tessera's built-in data sets and generators are its own; shipping the rows keeps the exported\n"
          "training on exactly the data and split the workbench used (data."
       << (project.datasetName().empty() ? "csv" : project.datasetName()) << ", " << split.train.size() << " / "
       << split.val.size() << " / " << split.test.size() << " rows).\n\"\"\"\n"
       << "from pathlib import Path\n\nimport numpy as np\nimport torch\nfrom torch.utils.data import TensorDataset\n\n"
       << "DATA = Path(__file__).resolve().parent / \"data\"\n";
    if (!split.train.classNames.empty()) {
        py << "CLASS_NAMES = [";
        for (std::size_t i = 0; i < split.train.classNames.size(); ++i)
            py << (i ? ", " : "") << pyString(split.train.classNames[i]);
        py << "]\n";
    }
    py << "\n\ndef load_split(name):\n"
          "    \"\"\"The rows of split `name` (\"train\", \"val\" or \"test\") as a TensorDataset of\n"
          "    (features float32 [N, F], targets: int64 class indices [N] or float32 values [N, k]).\"\"\"\n"
          "    features = torch.from_numpy(np.load(DATA / f\"{name}_x.npy\"))\n"
          "    targets = torch.from_numpy(np.load(DATA / f\"{name}_y.npy\"))\n"
          "    return TensorDataset(features, targets)\n";
    return py.str();
}

std::string trainSource(const io::Project& project, const train::TrainingConfig& cfg, const ModelCode& model,
                        bool classification) {
    const std::string lossCtor = "nn." + model.lossType + "(" + [&] {
        std::string out;
        for (const auto& [k, v] : model.lossParams.asObject()) {
            std::string value = pyLiteral(v);
            if (k == "pos_weight" && !v.isNull()) value = "torch.tensor([" + value + "])";
            out += (out.empty() ? "" : ", ") + k + "=" + value;
        }
        return out;
    }() + ")";

    std::ostringstream py;
    py << "\"\"\"Trains the " << project.name
       << " network as Tessera's trainer does, on one process or many (torchrun).\n\n"
          "    python3 train.py                              # one process, from initial_weights.safetensors\n"
          "    python3 train.py --weights weights.safetensors  # continue from Tessera's trained weights\n"
          "    torchrun --nproc_per_node=4 train.py           # DistributedDataParallel (gloo on CPU, nccl on GPU)\n\n"
          "Every process reads batches of BATCH_SIZE / world size rows, so one step sees the same global\n"
          "batch as a single process. metrics.csv has the columns `tessera-cli train` writes.\n\"\"\"\n"
          "import argparse\nimport os\nimport time\nfrom pathlib import Path\n\n"
          "import torch\nimport torch.distributed as dist\nfrom torch import nn\n"
          "from torch.nn.parallel import DistributedDataParallel\n"
          "from torch.utils.data import DataLoader, DistributedSampler\n\n"
          "import safetensors_lite\nfrom data import load_split\nfrom model import Model, load_weights\n\n"
          "HERE = Path(__file__).resolve().parent\n";
    py << "EPOCHS = " << cfg.epochs << "\nBATCH_SIZE = " << cfg.batchSize << "\nSEED = " << cfg.seed
       << "\nSHUFFLE = " << (cfg.shuffle ? "True" : "False") << "\nDROP_LAST = " << (cfg.dropLast ? "True" : "False")
       << "\nCLIP_GRAD_NORM = " << (cfg.clipGradNorm > 0 ? pyNumber(cfg.clipGradNorm) : "None") << "\n";
    py << "OPTIMIZER = " << pyString(cfg.optimizer.type) << "\nOPTIMIZER_OPTIONS = " << pyLiteral(cfg.optimizer.options)
       << "\n";
    if (cfg.scheduler) {
        py << "SCHEDULER = " << pyString(cfg.scheduler->type)
           << "\nSCHEDULER_OPTIONS = " << pyLiteral(cfg.scheduler->options) << "\nSCHEDULER_PER_STEP = "
           << (cfg.scheduler->interval == train::SchedulerConfig::Interval::Step ? "True" : "False") << "\n";
    } else {
        py << "SCHEDULER = None\nSCHEDULER_OPTIONS = {}\nSCHEDULER_PER_STEP = False\n";
    }
    if (cfg.earlyStopping) {
        const auto& e = *cfg.earlyStopping;
        py << "EARLY_STOPPING = {\"monitor\": " << pyString(e.monitor) << ", \"patience\": " << e.patience
           << ", \"min_delta\": " << pyNumber(e.minDelta)
           << ", \"restore_best\": " << (e.restoreBest ? "True" : "False") << "}\n";
    } else {
        py << "EARLY_STOPPING = None\n";
    }
    py << "CLASSIFICATION = " << (classification ? "True" : "False") << "\n\n\n";
    py << "def loss_function():\n    return " << lossCtor << "\n\n\n"
       << "def target(y):\n    return " << model.targetTransform << "\n\n\n";
    py << "def predict_and_loss(model, criterion, x, y):\n";
    if (model.lossReadsOutput)
        py << "    prediction = model(x)\n    return prediction, criterion(prediction, target(y))\n\n\n";
    else
        py << "    prediction, loss_input = model(x, with_loss_input=True)\n"
              "    return prediction, criterion(loss_input, target(y))\n\n\n";
    py << R"PY(def correct(prediction, y):
    """Correct predictions as Tessera counts them: argmax of [N, C] scores, logit > 0 for one score."""
    if prediction.dim() == 2 and prediction.size(1) > 1:
        return (prediction.argmax(1) == y.reshape(-1).long()).sum().item()
    return ((prediction.reshape(-1) > 0).long() == y.reshape(-1).long()).sum().item()


def number(v):
    """Numbers as Tessera writes them in metrics.csv (shortest round-trip form)."""
    if v is None:
        return ""
    text = repr(float(v))
    return text[:-2] if text.endswith(".0") else text


class Totals:
    """Loss and accuracy over an epoch, weighted by rows and summed over the processes."""

    def __init__(self):
        self.loss, self.correct, self.rows = 0.0, 0, 0

    def add(self, prediction, loss, y):
        rows = y.size(0)
        self.loss += loss.item() * rows
        self.rows += rows
        if CLASSIFICATION:
            self.correct += correct(prediction, y)

    def result(self, distributed):
        values = torch.tensor([self.loss, float(self.correct), float(self.rows)], dtype=torch.float64)
        if distributed:
            dist.all_reduce(values)
        loss, right, rows = values.tolist()
        if rows == 0:
            return None, None
        return loss / rows, (right / rows if CLASSIFICATION else None)


def evaluate(model, criterion, dataset, device):
    """Loss and accuracy of a whole split in eval mode (every process computes the same numbers)."""
    if len(dataset) == 0:
        return None, None
    was_training = model.training
    model.eval()
    totals = Totals()
    with torch.no_grad():
        for x, y in DataLoader(dataset, batch_size=BATCH_SIZE):
            x, y = x.to(device), y.to(device)
            prediction, loss = predict_and_loss(model, criterion, x, y)
            totals.add(prediction, loss, y)
    model.train(was_training)
    return totals.result(distributed=False)


def make_scheduler(optimizer, steps_per_epoch):
    if SCHEDULER is None:
        return None
    options = dict(SCHEDULER_OPTIONS)
    if SCHEDULER == "OneCycleLR" and "total_steps" not in options and "epochs" not in options:
        options["epochs"] = EPOCHS
        options["steps_per_epoch"] = steps_per_epoch if SCHEDULER_PER_STEP else 1
    return getattr(torch.optim.lr_scheduler, SCHEDULER)(optimizer, **options)


def improved(value, best, monitor, min_delta):
    sign = 1.0 if monitor.endswith("_acc") or monitor.endswith("_r2") else -1.0
    return value is not None and (best is None or sign * value > best + min_delta), sign


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", default=str(HERE / "initial_weights.safetensors"),
                        help="weights to start from (default: Tessera's initial weights)")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--out", default=".", help="folder for metrics.csv and weights.safetensors")
    parser.add_argument("--steps-csv", default=None, help="also write the loss of every optimiser step here")
    args = parser.parse_args()

    world = int(os.environ.get("WORLD_SIZE", "1"))
    distributed = world > 1
    cuda = torch.cuda.is_available()
    if distributed:
        dist.init_process_group("nccl" if cuda else "gloo")
    rank = dist.get_rank() if distributed else 0
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    device = torch.device(f"cuda:{local_rank}" if cuda else "cpu")
    if BATCH_SIZE % world != 0:
        raise SystemExit(f"train.py: BATCH_SIZE {BATCH_SIZE} does not split evenly over {world} processes")
    torch.manual_seed(SEED)

    model = load_weights(Model(), args.weights).to(device)
    trained = DistributedDataParallel(model, device_ids=[local_rank] if cuda else None) if distributed else model
    criterion = loss_function().to(device)
    train_set, val_set = load_split("train"), load_split("val")
    sampler = DistributedSampler(train_set, shuffle=SHUFFLE, seed=SEED, drop_last=DROP_LAST) if distributed else None
    loader = DataLoader(train_set, batch_size=BATCH_SIZE // world, sampler=sampler,
                        shuffle=SHUFFLE and sampler is None, drop_last=DROP_LAST,
                        generator=torch.Generator().manual_seed(SEED))
    optimizer = getattr(torch.optim, OPTIMIZER)(model.parameters(), **OPTIMIZER_OPTIONS)
    scheduler = make_scheduler(optimizer, len(loader))

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    metrics = open(out / "metrics.csv", "w", newline="") if rank == 0 else None
    steps = open(args.steps_csv, "w", newline="") if args.steps_csv and rank == 0 else None
    if metrics:
        metrics.write("epoch,step,train_loss,val_loss,train_acc,val_acc,lr,elapsed_ms\n")
    if steps:
        steps.write("step,loss\n")

    start, step, best, best_state, bad_epochs = time.perf_counter(), 0, None, None, 0
    trained.train()
    for epoch in range(args.epochs):
        if sampler is not None:
            sampler.set_epoch(epoch)
        totals = Totals()
        lr = optimizer.param_groups[0]["lr"]
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad(set_to_none=True)
            prediction, loss = predict_and_loss(trained, criterion, x, y)
            loss.backward()
            if CLIP_GRAD_NORM is not None:
                nn.utils.clip_grad_norm_(model.parameters(), CLIP_GRAD_NORM)
            lr = optimizer.param_groups[0]["lr"]
            optimizer.step()
            if scheduler is not None and SCHEDULER_PER_STEP:
                scheduler.step()
            step += 1
            totals.add(prediction.detach(), loss.detach(), y)
            if steps:
                value = loss.detach().clone()
                if distributed:
                    dist.all_reduce(value)
                    value /= world
                steps.write(f"{step},{number(value.item())}\n")
            elif distributed and args.steps_csv:
                dist.all_reduce(loss.detach().clone())
        train_loss, train_acc = totals.result(distributed)
        val_loss, val_acc = evaluate(model, criterion, val_set, device)
        if scheduler is not None and not SCHEDULER_PER_STEP:
            scheduler.step()
        elapsed_ms = (time.perf_counter() - start) * 1000.0
        if metrics:
            metrics.write(f"{epoch + 1},{step},{number(train_loss)},{number(val_loss)},{number(train_acc)},"
                          f"{number(val_acc)},{number(lr)},{elapsed_ms:.3f}\n")
            metrics.flush()
        if EARLY_STOPPING is not None:
            monitored = {"train_loss": train_loss, "train_acc": train_acc, "val_loss": val_loss,
                         "val_acc": val_acc}.get(EARLY_STOPPING["monitor"])
            better, sign = improved(monitored, best, EARLY_STOPPING["monitor"], EARLY_STOPPING["min_delta"])
            if better:
                best, bad_epochs = sign * monitored, 0
                if EARLY_STOPPING["restore_best"]:
                    best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            else:
                bad_epochs += 1
            if bad_epochs >= EARLY_STOPPING["patience"]:
                break
    if best_state is not None:
        model.load_state_dict(best_state)
    if rank == 0:
        safetensors_lite.save_file(model.state_dict(), out / "weights.safetensors", {"format": "pt"})
    for f in (metrics, steps):
        if f:
            f.close()
    if distributed:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
)PY";
    return py.str();
}

const char* const kLaunch = R"SH(#!/bin/sh
# Trains on N processes of this machine with DistributedDataParallel (gloo on CPU, nccl with CUDA):
#   sh launch.sh 2                 # two processes, from initial_weights.safetensors
#   sh launch.sh 4 --weights weights.safetensors --epochs 10
# On several machines, see README.md (torchrun --nnodes … --rdzv_endpoint …).
set -e
cd "$(dirname "$0")"
processes=${1:-2}
[ $# -gt 0 ] && shift
# --redirects 1 --tee 1 keeps each process's output on this terminal, prefixed with its rank; they are
# also what lets Debian 12's torchrun (torch 1.13 on Python 3.11) start at all: it cannot parse its own
# default "0" for these options.
exec torchrun --standalone --nproc_per_node="$processes" --redirects 1 --tee 1 train.py "$@"
)SH";

std::string readmeText(const io::Project& project, bool hasTrainedWeights) {
    std::ostringstream md;
    md << "# " << project.name << " — exported from Tessera\n\n"
       << (project.description.empty() ? "" : project.description + "\n\n")
       << "Plain PyTorch modules; run them from this folder (they import each other by name).\n\n"
       << "| file | what it is |\n| --- | --- |\n"
       << "| model.py | `Model` (submodules named after the graph's nodes) and `load_weights(model, path)` |\n"
       << "| data.py, data/ | the exact train/val/test rows Tessera used, as .npy |\n"
       << "| train.py | Tessera's training settings: optimiser, schedule, epochs, batch size, clipping, early "
          "stopping, seed |\n"
       << "| launch.sh | `torchrun --nproc_per_node=N train.py` on this machine |\n"
       << "| initial_weights.safetensors | the weights Tessera draws from the training seed |\n"
       << (hasTrainedWeights ? "| weights.safetensors | Tessera's trained weights |\n" : "")
       << "| safetensors_lite.py | reads and writes .safetensors without the safetensors package |\n\n"
       << "## One machine\n\n```sh\npython3 train.py                 # one process\nsh launch.sh 2                   # "
          "two processes (DistributedDataParallel)\n```\n\n"
       << "`train.py --weights weights.safetensors` continues from Tessera's trained weights; the weights it "
          "writes (`weights.safetensors` in `--out`) open in Tessera again (`tessera-cli evaluate PROJECT "
          "--weights …`).\n\n"
       << "## Several machines\n\nOn each of M machines, with the same folder and one address reachable by "
          "all:\n\n```sh\ntorchrun --nnodes=M --nproc_per_node=N --rdzv_backend=c10d \\\n"
          "         --rdzv_endpoint=HOST:29500 --rdzv_id="
       << project.name << " train.py\n```\n\n"
       << "Every process reads BATCH_SIZE / (M·N) rows per step, so a step sees the same global batch as one "
          "process does.\n\n## Using the model\n\n```python\nimport numpy as np, torch\nfrom model import Model, "
          "load_weights\nmodel = load_weights(Model(), \"weights.safetensors\").eval()\n"
          "y = model(torch.from_numpy(np.load(\"data/test_x.npy\")))   # what `tessera-cli predict` writes\n```\n";
    return md.str();
}

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
    writeText(outDir / "safetensors_lite.py", kSafetensorsLite, files);
    writeText(outDir / "data.py", dataSource(project, session.split()), files);
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
    writeText(outDir / "train.py", trainSource(project, cfg, model, session.task() == data::Task::Classification),
              files);
    writeText(outDir / "launch.sh", kLaunch, files);
    std::filesystem::permissions(outDir / "launch.sh", std::filesystem::perms::owner_exec,
                                 std::filesystem::perm_options::add, ec);
    session.saveWeights(outDir / "initial_weights.safetensors");
    files.files.push_back(outDir / "initial_weights.safetensors");
    if (!options.weights.empty()) {
        // Loaded into the model first, so a file that does not fit the graph is refused here, naming it.
        auto check = train::buildModel(project, cfg.seed);
        train::loadWeights(*check, options.weights);
        train::saveWeights(*check, outDir / "weights.safetensors");
        files.files.push_back(outDir / "weights.safetensors");
    }
    writeText(outDir / "README.md", readmeText(project, !options.weights.empty()), files);
    return files;
}

}  // namespace tessera::exporter
