#include "core/onnx/onnx_graph_builder.h"

#include <onnx/onnx_pb.h>

#include <cstring>
#include <set>

#include "core/ops/view.h"
#include "core/tensor/error.h"

namespace tessera::onnx {

struct GraphBuilder::Impl {
    ::onnx::GraphProto graph;
    std::set<std::string> names{"input", "output"};  // the graph's input and output

    std::string unique(const std::string& hint) {
        std::string base = hint.empty() ? "v" : hint;
        if (names.insert(base).second) return base;
        for (int k = 1;; ++k) {
            std::string name = base + "_" + std::to_string(k);
            if (names.insert(name).second) return name;
        }
    }
};

GraphBuilder::GraphBuilder() : m_impl(std::make_unique<Impl>()) {}
GraphBuilder::~GraphBuilder() = default;

void* GraphBuilder::proto() { return &m_impl->graph; }

std::vector<std::string> GraphBuilder::node(const std::string& opType, const std::vector<std::string>& inputs,
                                            const std::vector<Attribute>& attributes, const std::string& hint,
                                            int outputs) {
    ::onnx::NodeProto* n = m_impl->graph.add_node();
    n->set_op_type(opType);
    n->set_name(m_impl->unique(hint + "/" + opType));
    for (const auto& in : inputs) n->add_input(in);
    std::vector<std::string> out;
    for (int i = 0; i < outputs; ++i) {
        out.push_back(m_impl->unique(hint + (outputs > 1 ? "_" + std::to_string(i) : std::string())));
        n->add_output(out.back());
    }
    for (const auto& a : attributes) {
        ::onnx::AttributeProto* p = n->add_attribute();
        p->set_name(a.name);
        if (const auto* i = std::get_if<std::int64_t>(&a.value)) {
            p->set_type(::onnx::AttributeProto::INT);
            p->set_i(*i);
        } else if (const auto* f = std::get_if<double>(&a.value)) {
            p->set_type(::onnx::AttributeProto::FLOAT);
            p->set_f(static_cast<float>(*f));
        } else if (const auto* s = std::get_if<std::string>(&a.value)) {
            p->set_type(::onnx::AttributeProto::STRING);
            p->set_s(*s);
        } else if (const auto* is = std::get_if<std::vector<std::int64_t>>(&a.value)) {
            p->set_type(::onnx::AttributeProto::INTS);
            for (auto v : *is) p->add_ints(v);
        } else {
            p->set_type(::onnx::AttributeProto::FLOATS);
            for (auto v : std::get<std::vector<double>>(a.value)) p->add_floats(static_cast<float>(v));
        }
    }
    return out;
}

std::string GraphBuilder::op(const std::string& opType, const std::vector<std::string>& inputs,
                             const std::vector<Attribute>& attributes, const std::string& hint) {
    return node(opType, inputs, attributes, hint, 1)[0];
}

std::string GraphBuilder::initializer(const std::string& name, const Tensor& value) {
    ::onnx::TensorProto* t = m_impl->graph.add_initializer();
    t->set_name(m_impl->unique(name));
    for (auto s : value.sizes()) t->add_dims(s);
    if (value.dtype() == DType::Int64) {
        t->set_data_type(::onnx::TensorProto::INT64);
        const auto v = ops::contiguous(value).toVector<std::int64_t>();
        t->set_raw_data(std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(std::int64_t)));
    } else if (value.dtype() == DType::Float32 || value.dtype() == DType::Float64) {
        t->set_data_type(::onnx::TensorProto::FLOAT);
        const auto v = ops::contiguous(ops::to(value, DType::Float32)).toVector<float>();
        t->set_raw_data(std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float)));
    } else {
        throw TypeError("ONNX export: initializer '" + name + "' has dtype " + std::string(dtypeName(value.dtype())) +
                        "; only float and int64 tensors are written");
    }
    return t->name();
}

std::string GraphBuilder::ints(const std::string& name, const std::vector<std::int64_t>& values, bool scalar) {
    const Shape sizes = scalar ? Shape{} : Shape{static_cast<std::int64_t>(values.size())};
    return initializer(name, Tensor::fromVector<std::int64_t>(values, sizes));
}

std::string GraphBuilder::scalar(const std::string& name, double value) {
    return initializer(name, Tensor::fromVector<float>({static_cast<float>(value)}, {}));
}

}  // namespace tessera::onnx
