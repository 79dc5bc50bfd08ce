// The ONNX mapping of every node type (docs/onnx.md has the table). Each exporter writes the node's
// inference-time computation; settings ONNX cannot express fail with a message naming the node.
#include <algorithm>
#include <any>
#include <cmath>
#include <mutex>
#include <numbers>

#include "core/graph/node_type_registry.h"
#include "core/onnx/onnx_graph_builder.h"
#include "core/ops/join.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"

namespace tessera::onnx {

Tensor NodeExport::weight(const std::string& name) const {
    if (!module) return {};
    for (const auto& [key, value] : module->stateDict()) {
        if (key == name) return value;
    }
    return {};
}

void NodeExport::fail(const std::string& why) const {
    throw ValueError("cannot export node '" + node.id + "' (" + node.type + ") to ONNX: " + why);
}

namespace {

using Outputs = std::vector<std::string>;
using Ints = std::vector<std::int64_t>;

std::int64_t rankOf(const NodeExport& e, std::size_t port = 0) {
    return static_cast<std::int64_t>(e.inputTypes.at(port).shape.size());
}

Tensor required(const NodeExport& e, const std::string& name) {
    Tensor t = e.weight(name);
    if (!t.defined()) e.fail("its layer has no tensor '" + name + "'");
    return t;
}

Ints intsOf(const io::Json& value, std::size_t n) { return nn::intList(value, n); }

// Reshape to the node's output type, keeping the batch dimension (0 copies it).
std::string reshapeToOutput(NodeExport& e, const std::string& x, const std::string& hint) {
    Ints shape{0};
    const auto& out = e.outputTypes.at(0).shape;
    for (std::size_t i = 1; i < out.size(); ++i) {
        if (!out[i].isKnown()) e.fail("its output shape " + graph::toString(out) + " is not known");
        shape.push_back(out[i].size);
    }
    return e.graph.op("Reshape", {x, e.graph.ints(hint + ".shape", shape)}, {{"allowzero", 0}}, hint);
}

// y = x·Wᵀ + b: Gemm on 2-d inputs, MatMul + Add otherwise.
std::string linear(GraphBuilder& g, const std::string& x, std::int64_t rank, const Tensor& w, const Tensor& b,
                   const std::string& hint) {
    if (rank == 2) {
        std::vector<std::string> in{x, g.initializer(hint + ".weight", w)};
        if (b.defined()) in.push_back(g.initializer(hint + ".bias", b));
        return g.op("Gemm", in, {{"alpha", 1.0}, {"beta", 1.0}, {"transB", 1}}, hint);
    }
    std::string y =
        g.op("MatMul", {x, g.initializer(hint + ".weight_t", ops::contiguous(ops::transpose(w, 0, 1)))}, {}, hint);
    if (b.defined()) y = g.op("Add", {y, g.initializer(hint + ".bias", b)}, {}, hint);
    return y;
}

std::string gelu(GraphBuilder& g, const std::string& x, bool tanhApprox, const std::string& hint) {
    if (tanhApprox) {
        // 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
        std::string cube = g.op("Pow", {x, g.scalar(hint + ".three", 3.0)}, {}, hint + "_cube");
        std::string inner = g.op("Add", {x, g.op("Mul", {cube, g.scalar(hint + ".c", 0.044715)}, {}, hint)}, {}, hint);
        inner = g.op("Mul", {inner, g.scalar(hint + ".k", std::sqrt(2.0 / std::numbers::pi))}, {}, hint);
        std::string t = g.op("Add", {g.op("Tanh", {inner}, {}, hint), g.scalar(hint + ".one", 1.0)}, {}, hint);
        return g.op("Mul", {g.op("Mul", {x, t}, {}, hint), g.scalar(hint + ".half", 0.5)}, {}, hint);
    }
    // 0.5·x·(1 + erf(x/√2))
    std::string erf = g.op("Erf", {g.op("Div", {x, g.scalar(hint + ".sqrt2", std::sqrt(2.0))}, {}, hint)}, {}, hint);
    std::string t = g.op("Add", {erf, g.scalar(hint + ".one", 1.0)}, {}, hint);
    return g.op("Mul", {g.op("Mul", {x, t}, {}, hint), g.scalar(hint + ".half", 0.5)}, {}, hint);
}

std::string layerNorm(NodeExport& e, const std::string& x, const std::string& prefix, std::int64_t dims, double eps,
                      const std::string& hint) {
    Tensor w = e.weight(prefix + "weight"), b = e.weight(prefix + "bias");
    const auto& shape = e.inputTypes.at(0).shape;
    Shape normalized;
    for (std::size_t i = shape.size() - static_cast<std::size_t>(dims); i < shape.size(); ++i) {
        normalized.push_back(shape[i].size);
    }
    if (!w.defined()) w = ones(normalized);
    if (!b.defined()) b = zeros(normalized);
    return e.graph.op("LayerNormalization",
                      {x, e.graph.initializer(hint + ".weight", w), e.graph.initializer(hint + ".bias", b)},
                      {{"axis", -dims}, {"epsilon", eps}}, hint);
}

// Self-attention of a batch-first [N, L, E] sequence, decomposed as torch computes it: packed in-projection,
// q scaled by 1/√d, softmax(q·kᵀ)·v per head, out-projection.
std::string selfAttention(NodeExport& e, const std::string& x, const std::string& prefix, std::int64_t embed,
                          std::int64_t heads, const std::string& hint) {
    GraphBuilder& g = e.graph;
    const std::int64_t d = embed / heads;
    Tensor w = e.weight(prefix + "in_proj_weight");
    if (!w.defined()) e.fail("attention with separate kdim/vdim projections has no ONNX mapping yet");
    if (e.weight(prefix + "bias_k").defined()) e.fail("add_bias_kv=True has no ONNX mapping yet");
    const Tensor b = e.weight(prefix + "in_proj_bias");
    const std::string qkv = linear(g, x, 3, w, b, hint + "_in_proj");
    const auto parts =
        g.node("Split", {qkv, g.ints(hint + ".split", {embed, embed, embed})}, {{"axis", 2}}, hint + "_qkv", 3);
    auto heads4 = [&](const std::string& t, const std::string& name) {
        std::string r =
            g.op("Reshape", {t, g.ints(hint + ".heads", {0, 0, heads, d})}, {{"allowzero", 0}}, hint + "_" + name);
        return g.op("Transpose", {r}, {{"perm", Ints{0, 2, 1, 3}}}, hint + "_" + name);
    };
    std::string q = heads4(parts[0], "q"), k = heads4(parts[1], "k"), v = heads4(parts[2], "v");
    q = g.op("Mul", {q, g.scalar(hint + ".scale", 1.0 / std::sqrt(static_cast<double>(d)))}, {}, hint + "_q");
    const std::string kt = g.op("Transpose", {k}, {{"perm", Ints{0, 1, 3, 2}}}, hint + "_kt");
    const std::string scores = g.op("MatMul", {q, kt}, {}, hint + "_scores");
    const std::string attn = g.op("Softmax", {scores}, {{"axis", -1}}, hint + "_weights");
    std::string out = g.op("MatMul", {attn, v}, {}, hint + "_context");
    out = g.op("Transpose", {out}, {{"perm", Ints{0, 2, 1, 3}}}, hint + "_context");
    out = g.op("Reshape", {out, g.ints(hint + ".merge", {0, 0, embed})}, {{"allowzero", 0}}, hint + "_context");
    return linear(g, out, 3, required(e, prefix + "out_proj.weight"), e.weight(prefix + "out_proj.bias"),
                  hint + "_out_proj");
}

void add(const std::string& type, NodeExporter fn) {
    graph::NodeTypeRegistry::instance().setExtension(type, "onnx", std::any(std::move(fn)));
}

void unary(const std::string& type, const std::string& op) {
    add(type, [op](NodeExport& e) { return Outputs{e.graph.op(op, {e.inputs[0]}, {}, e.node.id)}; });
}

// Recurrent weights in ONNX's gate order: `order[k]` is the torch block that becomes ONNX block k.
Tensor reorderGates(const Tensor& w, const Ints& order) {
    const Tensor c = ops::contiguous(ops::to(w, DType::Float32));
    const auto v = c.toVector<float>();
    const std::int64_t blocks = static_cast<std::int64_t>(order.size());
    const std::int64_t blockSize = c.numel() / blocks;
    std::vector<float> out(v.size());
    for (std::int64_t k = 0; k < blocks; ++k) {
        std::copy_n(v.begin() + order[static_cast<std::size_t>(k)] * blockSize, blockSize, out.begin() + k * blockSize);
    }
    return Tensor::fromVector<float>(out, c.sizes());
}

void recurrent(const std::string& type, const Ints& order) {
    add(type, [type, order](NodeExport& e) {
        GraphBuilder& g = e.graph;
        const std::int64_t layers = e.params.at("num_layers").asInteger();
        const std::int64_t hidden = e.params.at("hidden_size").asInteger();
        const bool bidirectional = e.params.at("bidirectional").asBool();
        if (e.params.find("proj_size") && e.params.at("proj_size").asInteger() > 0) {
            e.fail("proj_size > 0 has no ONNX mapping");
        }
        const std::int64_t gates = static_cast<std::int64_t>(order.size());
        const std::string& id = e.node.id;
        std::string x = g.op("Transpose", {e.inputs[0]}, {{"perm", Ints{1, 0, 2}}}, id + "_time_first");
        for (std::int64_t layer = 0; layer < layers; ++layer) {
            std::vector<Tensor> ws, rs, bs;
            for (int dir = 0; dir < (bidirectional ? 2 : 1); ++dir) {
                const std::string suffix = "_l" + std::to_string(layer) + (dir == 1 ? "_reverse" : "");
                ws.push_back(reorderGates(required(e, "weight_ih" + suffix), order));
                rs.push_back(reorderGates(required(e, "weight_hh" + suffix), order));
                Tensor bi = e.weight("bias_ih" + suffix), bh = e.weight("bias_hh" + suffix);
                if (!bi.defined()) bi = zeros({gates * hidden});
                if (!bh.defined()) bh = zeros({gates * hidden});
                bs.push_back(ops::cat({reorderGates(bi, order), reorderGates(bh, order)}, 0));
            }
            const std::string l = id + "_l" + std::to_string(layer);
            // As torch writes them: direction only when it is not the default "forward".
            std::vector<Attribute> attrs{{"hidden_size", hidden}};
            if (bidirectional) attrs.emplace_back("direction", "bidirectional");
            if (type == "GRU") attrs.emplace_back("linear_before_reset", 1);
            const auto outs =
                g.node(type,
                       {x, g.initializer(l + ".W", ops::stack(ws, 0)), g.initializer(l + ".R", ops::stack(rs, 0)),
                        g.initializer(l + ".B", ops::stack(bs, 0))},
                       attrs, l, 1);
            // Y [T, D, N, H] → [T, N, D·H]
            x = g.op("Transpose", {outs[0]}, {{"perm", Ints{0, 2, 1, 3}}}, l + "_y");
            x = g.op("Reshape", {x, g.ints(l + ".shape", {0, 0, -1})}, {{"allowzero", 0}}, l + "_y");
        }
        return Outputs{g.op("Transpose", {x}, {{"perm", Ints{1, 0, 2}}}, id)};
    });
}

void registerAll() {
    add("Normalize", [](NodeExport& e) {
        const std::string centred = e.graph.op(
            "Sub", {e.inputs[0], e.graph.initializer(e.node.id + ".mean", required(e, "mean"))}, {}, e.node.id);
        return Outputs{
            e.graph.op("Div", {centred, e.graph.initializer(e.node.id + ".std", required(e, "std"))}, {}, e.node.id)};
    });
    for (const std::string& type : {std::string("Add"), std::string("Mul")}) {
        add(type, [type](NodeExport& e) {
            std::string acc = e.inputs[0];
            for (std::size_t i = 1; i < e.inputs.size(); ++i) acc = e.graph.op(type, {acc, e.inputs[i]}, {}, e.node.id);
            return Outputs{acc};
        });
    }
    add("Concat", [](NodeExport& e) {
        return Outputs{e.graph.op("Concat", e.inputs, {{"axis", e.params.at("dim").asInteger()}}, e.node.id)};
    });
    add("SelectLast", [](NodeExport& e) {
        return Outputs{e.graph.op("Gather", {e.inputs[0], e.graph.ints(e.node.id + ".last", {-1}, true)},
                                  {{"axis", e.params.at("dim").asInteger()}}, e.node.id)};
    });
    add("Reshape", [](NodeExport& e) { return Outputs{reshapeToOutput(e, e.inputs[0], e.node.id)}; });
    add("PositionalEncoding", [](NodeExport& e) {
        const graph::Dim& len = e.inputTypes[0].shape[1];
        if (!len.isKnown()) e.fail("the sequence length is not known");
        const Tensor pe = ops::unsqueeze(ops::narrow(required(e, "pe"), 0, 0, len.size), 0);
        return Outputs{e.graph.op("Add", {e.inputs[0], e.graph.initializer(e.node.id + ".pe", ops::contiguous(pe))}, {},
                                  e.node.id)};
    });

    add("Linear", [](NodeExport& e) {
        return Outputs{linear(e.graph, e.inputs[0], rankOf(e), required(e, "weight"), e.weight("bias"), e.node.id)};
    });
    for (const auto& [type, dims] : {std::pair<std::string, std::size_t>{"Conv1d", 1}, {"Conv2d", 2}}) {
        add(type, [dims = dims](NodeExport& e) {
            if (e.params.at("padding_mode").asString() != "zeros") {
                e.fail("padding_mode '" + e.params.at("padding_mode").asString() +
                       "' has no ONNX mapping (only 'zeros')");
            }
            const Ints k = intsOf(e.params.at("kernel_size"), dims), s = intsOf(e.params.at("stride"), dims),
                       dil = intsOf(e.params.at("dilation"), dims);
            Ints pads(2 * dims, 0);
            const io::Json& p = e.params.at("padding");
            if (p.isString()) {
                if (p.asString() == "same") {
                    for (std::size_t i = 0; i < dims; ++i) {
                        const std::int64_t total = dil[i] * (k[i] - 1);
                        pads[i] = total / 2;
                        pads[i + dims] = total - total / 2;
                    }
                }
            } else {
                const Ints pp = intsOf(p, dims);
                for (std::size_t i = 0; i < dims; ++i) pads[i] = pads[i + dims] = pp[i];
            }
            std::vector<std::string> in{e.inputs[0], e.graph.initializer(e.node.id + ".weight", required(e, "weight"))};
            if (Tensor b = e.weight("bias"); b.defined()) in.push_back(e.graph.initializer(e.node.id + ".bias", b));
            return Outputs{e.graph.op("Conv", in,
                                      {{"kernel_shape", k},
                                       {"strides", s},
                                       {"pads", pads},
                                       {"dilations", dil},
                                       {"group", e.params.at("groups").asInteger()}},
                                      e.node.id)};
        });
    }
    for (const auto& [type, dims] :
         {std::pair<std::string, std::size_t>{"MaxPool1d", 1}, {"MaxPool2d", 2}, {"AvgPool1d", 1}, {"AvgPool2d", 2}}) {
        if (!graph::NodeTypeRegistry::instance().find(type)) continue;
        const bool isMax = type.starts_with("Max");
        add(type, [dims = dims, isMax](NodeExport& e) {
            const Ints k = intsOf(e.params.at("kernel_size"), dims);
            const io::Json& stride = e.params.at("stride");
            const Ints s = stride.isNull() || (stride.isArray() && stride.asArray().empty()) ? k : intsOf(stride, dims);
            const Ints pp = intsOf(e.params.at("padding"), dims);
            Ints pads(2 * dims);
            for (std::size_t i = 0; i < dims; ++i) pads[i] = pads[i + dims] = pp[i];
            std::vector<Attribute> attrs{{"kernel_shape", k},
                                         {"strides", s},
                                         {"pads", pads},
                                         {"ceil_mode", e.params.at("ceil_mode").asBool() ? 1 : 0}};
            if (isMax) {
                // As torch writes MaxPool: dilations only when some differ from 1.
                const Ints dilations = intsOf(e.params.at("dilation"), dims);
                if (std::any_of(dilations.begin(), dilations.end(), [](std::int64_t d) { return d != 1; }))
                    attrs.emplace_back("dilations", dilations);
                return Outputs{e.graph.op("MaxPool", {e.inputs[0]}, attrs, e.node.id)};
            }
            if (e.params.find("divisor_override") && !e.params.at("divisor_override").isNull()) {
                e.fail("divisor_override has no ONNX mapping");
            }
            if (e.params.at("ceil_mode").asBool()) e.fail("ceil_mode=True differs between torch and ONNX AveragePool");
            attrs.emplace_back("count_include_pad", e.params.at("count_include_pad").asBool() ? 1 : 0);
            return Outputs{e.graph.op("AveragePool", {e.inputs[0]}, attrs, e.node.id)};
        });
    }
    add("AdaptiveAvgPool2d", [](NodeExport& e) {
        const auto& in = e.inputTypes[0].shape;
        const auto& out = e.outputTypes[0].shape;
        const std::size_t r = in.size();
        if (out[r - 1].size == 1 && out[r - 2].size == 1) {
            return Outputs{e.graph.op("GlobalAveragePool", {e.inputs[0]}, {}, e.node.id)};
        }
        Ints k;
        for (std::size_t i = r - 2; i < r; ++i) {
            if (!in[i].isKnown() || in[i].size % out[i].size != 0) {
                e.fail("output size " + graph::toString(out) + " does not divide the input " + graph::toString(in) +
                       " evenly, which ONNX pooling cannot express");
            }
            k.push_back(in[i].size / out[i].size);
        }
        return Outputs{e.graph.op("AveragePool", {e.inputs[0]}, {{"kernel_shape", k}, {"strides", k}}, e.node.id)};
    });
    for (const std::string& type : {std::string("BatchNorm1d"), std::string("BatchNorm2d")}) {
        add(type, [](NodeExport& e) {
            const Tensor mean = e.weight("running_mean"), var = e.weight("running_var");
            if (!mean.defined() || !var.defined()) {
                e.fail(
                    "without running statistics (track_running_stats=False) it normalises with batch statistics "
                    "even at inference, which ONNX BatchNormalization cannot express");
            }
            const std::int64_t c = e.params.at("num_features").asInteger();
            // ONNX's momentum weighs the running statistic, torch's the batch one; torch writes 1 − momentum
            // (momentum=None, a cumulative average, as 1).
            const io::Json& momentum = e.params.at("momentum");
            Tensor w = e.weight("weight"), b = e.weight("bias");
            if (!w.defined()) w = ones({c});
            if (!b.defined()) b = zeros({c});
            const std::string& id = e.node.id;
            GraphBuilder& g = e.graph;
            return Outputs{g.op("BatchNormalization",
                                {e.inputs[0], g.initializer(id + ".weight", w), g.initializer(id + ".bias", b),
                                 g.initializer(id + ".running_mean", mean), g.initializer(id + ".running_var", var)},
                                {{"epsilon", e.params.at("eps").asNumber()},
                                 {"momentum", 1.0 - (momentum.isNull() ? 0.0 : momentum.asNumber())},
                                 {"training_mode", 0}},
                                id)};
        });
    }
    add("LayerNorm", [](NodeExport& e) {
        const io::Json& shape = e.params.at("normalized_shape");
        const std::int64_t dims = shape.isArray() ? static_cast<std::int64_t>(shape.asArray().size()) : 1;
        return Outputs{layerNorm(e, e.inputs[0], "", dims, e.params.at("eps").asNumber(), e.node.id)};
    });

    unary("ReLU", "Relu");
    unary("Sigmoid", "Sigmoid");
    unary("Tanh", "Tanh");
    add("SiLU", [](NodeExport& e) {
        const std::string s = e.graph.op("Sigmoid", {e.inputs[0]}, {}, e.node.id + "_sigmoid");
        return Outputs{e.graph.op("Mul", {e.inputs[0], s}, {}, e.node.id)};
    });
    add("GELU", [](NodeExport& e) {
        return Outputs{gelu(e.graph, e.inputs[0], e.params.at("approximate").asString() == "tanh", e.node.id)};
    });
    add("ELU", [](NodeExport& e) {
        return Outputs{e.graph.op("Elu", {e.inputs[0]}, {{"alpha", e.params.at("alpha").asNumber()}}, e.node.id)};
    });
    add("LeakyReLU", [](NodeExport& e) {
        return Outputs{
            e.graph.op("LeakyRelu", {e.inputs[0]}, {{"alpha", e.params.at("negative_slope").asNumber()}}, e.node.id)};
    });
    for (const auto& [type, op] :
         {std::pair<std::string, std::string>{"Softmax", "Softmax"}, {"LogSoftmax", "LogSoftmax"}}) {
        add(type, [op = op](NodeExport& e) {
            const io::Json& dim = e.params.at("dim");
            const std::int64_t rank = rankOf(e);
            // torch's legacy implicit dim: 0 for 0-, 1- and 3-d inputs, else 1.
            const std::int64_t axis = dim.isNull() ? (rank == 0 || rank == 1 || rank == 3 ? 0 : 1) : dim.asInteger();
            return Outputs{e.graph.op(op, {e.inputs[0]}, {{"axis", axis}}, e.node.id)};
        });
    }
    // Inference: dropout is the identity and is left out.
    add("Dropout", [](NodeExport& e) { return Outputs{e.inputs[0]}; });
    add("Flatten", [](NodeExport& e) {
        const std::int64_t rank = rankOf(e);
        std::int64_t start = e.params.at("start_dim").asInteger(), end = e.params.at("end_dim").asInteger();
        if (start < 0) start += rank;
        if (end < 0) end += rank;
        if (start == 1 && end == rank - 1) {
            return Outputs{e.graph.op("Flatten", {e.inputs[0]}, {{"axis", 1}}, e.node.id)};
        }
        if (start == 0) e.fail("flattening the batch dimension (start_dim=0) has no mapping with a dynamic batch");
        return Outputs{reshapeToOutput(e, e.inputs[0], e.node.id)};
    });
    add("Embedding", [](NodeExport& e) {
        if (!e.params.at("max_norm").isNull()) e.fail("max_norm renormalises weights during lookup; ONNX cannot");
        const std::string idx = e.graph.op("Cast", {e.inputs[0]}, {{"to", 7}}, e.node.id + "_indices");
        return Outputs{e.graph.op("Gather", {e.graph.initializer(e.node.id + ".weight", required(e, "weight")), idx},
                                  {}, e.node.id)};
    });
    recurrent("LSTM", {0, 3, 1, 2});  // torch i, f, g, o → ONNX i, o, f, c
    recurrent("GRU", {1, 0, 2});      // torch r, z, n → ONNX z, r, h
    add("MultiheadAttention", [](NodeExport& e) {
        if (e.params.at("add_zero_attn").asBool()) e.fail("add_zero_attn=True has no ONNX mapping yet");
        return Outputs{selfAttention(e, e.inputs[0], "", e.params.at("embed_dim").asInteger(),
                                     e.params.at("num_heads").asInteger(), e.node.id)};
    });
    add("TransformerEncoderLayer", [](NodeExport& e) {
        GraphBuilder& g = e.graph;
        const std::string& id = e.node.id;
        const std::int64_t embed = e.params.at("d_model").asInteger();
        const double eps = e.params.at("layer_norm_eps").asNumber();
        const bool normFirst = e.params.at("norm_first").asBool();
        const bool useGelu = e.params.at("activation").asString() == "gelu";
        auto sa = [&](const std::string& x) {
            return selfAttention(e, x, "self_attn.", embed, e.params.at("nhead").asInteger(), id + "_self_attn");
        };
        auto ff = [&](const std::string& x) {
            std::string h = linear(g, x, 3, required(e, "linear1.weight"), e.weight("linear1.bias"), id + "_linear1");
            h = useGelu ? gelu(g, h, false, id + "_gelu") : g.op("Relu", {h}, {}, id + "_relu");
            return linear(g, h, 3, required(e, "linear2.weight"), e.weight("linear2.bias"), id + "_linear2");
        };
        std::string x = e.inputs[0];
        if (normFirst) {
            x = g.op("Add", {x, sa(layerNorm(e, x, "norm1.", 1, eps, id + "_norm1"))}, {}, id + "_res1");
            x = g.op("Add", {x, ff(layerNorm(e, x, "norm2.", 1, eps, id + "_norm2"))}, {}, id);
        } else {
            x = layerNorm(e, g.op("Add", {x, sa(x)}, {}, id + "_res1"), "norm1.", 1, eps, id + "_norm1");
            x = layerNorm(e, g.op("Add", {x, ff(x)}, {}, id + "_res2"), "norm2.", 1, eps, id);
        }
        return Outputs{x};
    });
}

}  // namespace

void registerNodeExporters() {
    static std::once_flag once;
    std::call_once(once, registerAll);
}

}  // namespace tessera::onnx
