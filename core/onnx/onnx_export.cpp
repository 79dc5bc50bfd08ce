#include "core/onnx/onnx_export.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/graph/node_type_registry.h"
#include "core/io/atomic_file.h"
#include "core/onnx/onnx_graph_builder.h"
#include "core/tensor/error.h"

namespace tessera::onnx {

namespace {

void setValueInfo(::onnx::ValueInfoProto* info, const std::string& name, const graph::TensorType& type) {
    info->set_name(name);
    auto* tensor = info->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(::onnx::TensorProto::FLOAT);
    auto* shape = tensor->mutable_shape();
    for (const auto& d : type.shape) {
        auto* dim = shape->add_dim();
        if (d.isKnown()) {
            dim->set_dim_value(d.size);
        } else {
            dim->set_dim_param(d.name);
        }
    }
}

// The nodes the Output depends on: Target, losses and dangling branches are not exported.
std::set<std::string> needed(const graph::ModelGraph& g, const std::string& outputId) {
    std::set<std::string> seen;
    std::vector<std::string> pending{outputId};
    while (!pending.empty()) {
        std::string id = pending.back();
        pending.pop_back();
        if (!seen.insert(id).second) continue;
        for (const auto& e : g.inputEdges(id)) pending.push_back(e.from);
    }
    return seen;
}

}  // namespace

std::string exportOnnx(const graph::GraphModule& model, const ExportOptions& options) {
    registerNodeExporters();
    const graph::ModelGraph& g = model.graph();
    const graph::GraphReport& report = model.report();
    const auto& registry = graph::NodeTypeRegistry::instance();

    std::map<std::string, const nn::Module*, std::less<>> modules;
    for (const auto& [name, module] : model.namedChildren()) modules[name] = module.get();

    ::onnx::ModelProto proto;
    GraphBuilder builder;
    auto* gp = static_cast<::onnx::GraphProto*>(builder.proto());
    std::map<std::pair<std::string, int>, std::string> values;  // (node id, output port) → ONNX value
    std::string result;
    const std::set<std::string> used = needed(g, report.outputId);

    for (const auto& id : report.order) {
        if (!used.count(id)) continue;
        const graph::Node& node = g.node(id);
        const graph::NodeReport& nr = *report.node(id);
        const graph::NodeType& type = registry.get(node.type);
        std::vector<graph::TensorType> inputTypes;
        std::vector<std::string> inputs;
        auto edges = g.inputEdges(id);
        std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.toPort < b.toPort; });
        for (const auto& e : edges) {
            inputs.push_back(values.at({e.from, e.fromPort}));
            inputTypes.push_back(*nr.inputs[static_cast<std::size_t>(e.toPort)]);
        }
        if (type.role == graph::NodeRole::Input) {
            setValueInfo(gp->add_input(), "input", nr.outputs[0]);
            values[{id, 0}] = "input";
            continue;
        }
        if (type.role == graph::NodeRole::Output) {
            result = inputs.at(0);
            continue;
        }
        const std::any* slot = registry.extension(node.type, "onnx");
        if (!slot) {
            throw ValueError("cannot export node '" + id + "' (" + node.type + ") to ONNX: the type " + node.type +
                             " has no ONNX mapping");
        }
        auto it = modules.find(id);
        NodeExport e{node,   nr.params, inputTypes, nr.outputs, inputs, it == modules.end() ? nullptr : it->second,
                     builder};
        const auto outs = std::any_cast<const NodeExporter&>(*slot)(e);
        for (std::size_t i = 0; i < outs.size(); ++i) values[{id, static_cast<int>(i)}] = outs[i];
    }

    // The Output's tensor is named "output": rename the value that feeds it (an Identity when that is the
    // graph input itself).
    if (result == "input") {
        builder.node("Identity", {"input"}, {}, "output_identity", 1);
        result = gp->node(gp->node_size() - 1).output(0);
    }
    for (auto& n : *gp->mutable_node()) {
        for (auto& s : *n.mutable_input()) {
            if (s == result) s = "output";
        }
        for (auto& s : *n.mutable_output()) {
            if (s == result) s = "output";
        }
    }
    setValueInfo(gp->add_output(), "output", model.outputType());

    gp->set_name(options.modelName);
    proto.set_ir_version(kIrVersion);
    proto.set_producer_name("Tessera");
    proto.set_producer_version(TESSERA_VERSION);
    proto.set_doc_string(options.docString);
    for (const auto& [key, value] : options.metadata) {
        auto* entry = proto.add_metadata_props();
        entry->set_key(key);
        entry->set_value(value);
    }
    auto* opset = proto.add_opset_import();
    opset->set_domain("");
    opset->set_version(kOpsetVersion);
    *proto.mutable_graph() = std::move(*gp);

    try {
        ::onnx::checker::check_model(proto);
        ::onnx::ModelProto inferred = proto;
        ::onnx::shape_inference::InferShapes(inferred, ::onnx::OpSchemaRegistry::Instance(),
                                             ::onnx::ShapeInferenceOptions(true, 1, false));
    } catch (const std::exception& err) {
        throw ValueError("ONNX export of '" + options.modelName +
                         "': the exported model fails ONNX's checks: " + err.what());
    }
    std::string bytes;
    proto.SerializeToString(&bytes);
    return bytes;
}

void exportOnnxFile(const graph::GraphModule& model, const std::filesystem::path& file, const ExportOptions& options) {
    io::writeFileAtomically(file, exportOnnx(model, options));
}

}  // namespace tessera::onnx
