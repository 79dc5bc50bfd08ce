#include "core/onnx/onnx_inspect.h"

#include <onnx/onnx_pb.h>

#include <cstdio>
#include <map>
#include <set>

#include "core/io/atomic_file.h"
#include "core/onnx/onnx_importer.h"
#include "core/tensor/error.h"

namespace tessera::onnx {

namespace detail {

namespace {

// The operators the importer has a rule for (onnx_import.cpp, onnx_import_patterns.cpp,
// onnx_import_recurrent.cpp); docs/onnx.md lists them with the uses each takes.
const std::set<std::string> kSupported{"Gemm",
                                       "MatMul",
                                       "Conv",
                                       "MaxPool",
                                       "AveragePool",
                                       "GlobalAveragePool",
                                       "BatchNormalization",
                                       "LayerNormalization",
                                       "Relu",
                                       "Sigmoid",
                                       "Tanh",
                                       "Elu",
                                       "LeakyRelu",
                                       "Softmax",
                                       "LogSoftmax",
                                       "Identity",
                                       "Dropout",
                                       "Flatten",
                                       "Reshape",
                                       "Add",
                                       "Mul",
                                       "Sub",
                                       "Div",
                                       "Concat",
                                       "Gather",
                                       "Cast",
                                       "Constant",
                                       "Transpose",
                                       "LSTM",
                                       "GRU",
                                       "Shape",
                                       "Unsqueeze",
                                       "Squeeze",
                                       "Slice",
                                       "ConstantOfShape",
                                       "Split",
                                       "Erf",
                                       "Pow"};

}  // namespace

bool supportedOperator(const ::onnx::NodeProto& n) {
    return (n.domain().empty() || n.domain() == "ai.onnx") && kSupported.count(n.op_type()) > 0;
}

}  // namespace detail

namespace {

std::string dtypeName(int type) {
    switch (type) {
        case ::onnx::TensorProto::FLOAT:
            return "float32";
        case ::onnx::TensorProto::UINT8:
            return "uint8";
        case ::onnx::TensorProto::INT8:
            return "int8";
        case ::onnx::TensorProto::UINT16:
            return "uint16";
        case ::onnx::TensorProto::INT16:
            return "int16";
        case ::onnx::TensorProto::INT32:
            return "int32";
        case ::onnx::TensorProto::INT64:
            return "int64";
        case ::onnx::TensorProto::STRING:
            return "string";
        case ::onnx::TensorProto::BOOL:
            return "bool";
        case ::onnx::TensorProto::FLOAT16:
            return "float16";
        case ::onnx::TensorProto::DOUBLE:
            return "float64";
        case ::onnx::TensorProto::UINT32:
            return "uint32";
        case ::onnx::TensorProto::UINT64:
            return "uint64";
        case ::onnx::TensorProto::BFLOAT16:
            return "bfloat16";
        default:
            return "data type " + std::to_string(type);
    }
}

std::string number(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

template <class List, class Format>
std::string listText(const List& items, Format format) {
    // A long list (a Constant's shape, pads of a big model) is cut: the view is for reading.
    constexpr int kShown = 32;
    std::string out = "[";
    int i = 0;
    for (const auto& item : items) {
        if (i == kShown) {
            out += ", … (" + std::to_string(items.size()) + " in all)";
            break;
        }
        out += (i++ ? ", " : "") + format(item);
    }
    return out + "]";
}

InspectedTensor describeProto(const ::onnx::TensorProto& t, const detail::Importer& reader) {
    InspectedTensor out;
    out.name = t.name();
    out.dtype = dtypeName(t.data_type());
    for (auto d : t.dims()) out.dims.push_back(std::to_string(d));
    try {
        out.values = reader.tensorFrom(t);
    } catch (const ValueError& e) {
        // The reader's message starts with the file's name, which the view shows already.
        const std::string what = e.what();
        const auto colon = what.find(": ");
        out.unreadable = colon == std::string::npos ? what : what.substr(colon + 2);
    }
    return out;
}

InspectedTensor describeValue(const ::onnx::ValueInfoProto& v) {
    InspectedTensor out;
    out.name = v.name();
    if (!v.type().has_tensor_type()) {
        out.dtype = "not a tensor";
        return out;
    }
    const auto& tt = v.type().tensor_type();
    out.dtype = dtypeName(tt.elem_type());
    if (!tt.has_shape()) return out;
    for (const auto& d : tt.shape().dim()) {
        out.dims.push_back(d.has_dim_value() ? std::to_string(d.dim_value()) : d.has_dim_param() ? d.dim_param() : "?");
    }
    return out;
}

InspectedAttribute describeAttribute(const ::onnx::AttributeProto& a, const detail::Importer& reader) {
    using A = ::onnx::AttributeProto;
    InspectedAttribute out;
    out.name = a.name();
    auto quoted = [](const std::string& s) { return "\"" + s + "\""; };
    switch (a.type()) {
        case A::FLOAT:
            out.type = "float";
            out.value = number(a.f());
            break;
        case A::INT:
            out.type = "int";
            out.value = std::to_string(a.i());
            break;
        case A::STRING:
            out.type = "string";
            out.value = quoted(a.s());
            break;
        case A::FLOATS:
            out.type = "floats";
            out.value = listText(a.floats(), [](float f) { return number(f); });
            break;
        case A::INTS:
            out.type = "ints";
            out.value = listText(a.ints(), [](std::int64_t i) { return std::to_string(i); });
            break;
        case A::STRINGS:
            out.type = "strings";
            out.value = listText(a.strings(), quoted);
            break;
        case A::TENSOR:
            out.type = "tensor";
            out.tensor = describeProto(a.t(), reader);
            if (out.tensor.name.empty()) out.tensor.name = a.name();
            out.value = out.tensor.dtype + " " + out.tensor.shapeText();
            break;
        case A::GRAPH:
            out.type = "graph";
            out.value = "graph '" + a.g().name() + "' (" + std::to_string(a.g().node_size()) + " nodes)";
            break;
        default:
            out.type = "type " + std::to_string(a.type());
            out.value = "(not shown)";
            break;
    }
    return out;
}

}  // namespace

std::string InspectedTensor::shapeText() const {
    std::string out = "[";
    for (std::size_t i = 0; i < dims.size(); ++i) out += (i ? ", " : "") + dims[i];
    return out + "]";
}

const InspectedTensor* InspectedModel::weight(std::string_view name) const {
    for (const auto& w : weights)
        if (w.name == name) return &w;
    return nullptr;
}

const InspectedTensor* InspectedModel::value(std::string_view name) const {
    for (const auto* list : {&inputs, &outputs, &values, &weights})
        for (const auto& v : *list)
            if (v.name == name) return &v;
    return nullptr;
}

int InspectedModel::producerOf(std::string_view value) const {
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (const auto& o : nodes[i].outputs)
            if (o == value) return static_cast<int>(i);
    return -1;
}

InspectedModel inspectOnnx(std::string_view bytes, const std::string& source) {
    const ::onnx::ModelProto model = detail::parseModel(bytes, source);
    const ::onnx::GraphProto& g = model.graph();
    const detail::Importer reader(model, source);

    InspectedModel out;
    out.source = source;
    out.irVersion = model.ir_version();
    out.producer = model.producer_name() + (model.producer_version().empty() ? "" : " " + model.producer_version());
    out.graphName = g.name();
    out.docString = model.doc_string();
    for (const auto& o : model.opset_import()) out.opsets.emplace_back(o.domain(), o.version());
    std::set<std::string> initializers;
    for (const auto& t : g.initializer()) {
        out.weights.push_back(describeProto(t, reader));
        initializers.insert(t.name());
    }
    for (const auto& v : g.input())
        if (!initializers.count(v.name())) out.inputs.push_back(describeValue(v));
    for (const auto& v : g.output()) out.outputs.push_back(describeValue(v));
    for (const auto& v : g.value_info()) out.values.push_back(describeValue(v));

    std::map<const ::onnx::NodeProto*, std::size_t> rows;
    for (const auto& n : g.node()) {
        InspectedNode node;
        node.name = n.name();
        node.opType = n.op_type();
        node.domain = n.domain();
        node.inputs.assign(n.input().begin(), n.input().end());
        node.outputs.assign(n.output().begin(), n.output().end());
        for (const auto& a : n.attribute()) node.attributes.push_back(describeAttribute(a, reader));
        if (!detail::supportedOperator(n)) {
            node.supported = false;
            node.reason = !n.domain().empty() && n.domain() != "ai.onnx"
                              ? "the operator domain '" + n.domain() +
                                    "' is not ai.onnx; Tessera imports only "
                                    "ONNX's standard operators"
                              : "Tessera has no layer for the ONNX operator " + n.op_type() +
                                    " (docs/onnx.md lists what it imports)";
        }
        rows[&n] = out.nodes.size();
        out.nodes.push_back(std::move(node));
    }

    // The importer itself says whether the whole model imports, and which node it stopped at when a
    // supported operator is used in a way Tessera cannot represent.
    detail::Importer importer(model, source);
    try {
        importer.run();
    } catch (const Error& e) {
        out.importError = e.what();
        if (const auto* failed = importer.failedNode(); failed && rows.count(failed)) {
            InspectedNode& node = out.nodes[rows.at(failed)];
            node.supported = false;
            node.reason = importer.failedWhy();
        }
    }
    return out;
}

InspectedModel inspectOnnxFile(const std::filesystem::path& file) {
    return inspectOnnx(io::readFile(file), file.string());
}

}  // namespace tessera::onnx
