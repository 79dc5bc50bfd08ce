// LSTM and GRU nodes and the shape arithmetic of their zero initial states (see onnx_importer.h).
#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "core/onnx/onnx_importer.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::onnx::detail {

// One direction's recurrent weights [G·H, …] or biases [G·H] from ONNX's gate order to torch's:
// ONNX block k is torch block order[k] (the exporter's reorderGates, inverted).
Tensor toTorchGates(const Tensor& w, const Ints& order) {
    const Tensor c = ops::contiguous(w);
    const auto v = c.toVector<float>();
    const std::int64_t block = c.numel() / static_cast<std::int64_t>(order.size());
    std::vector<float> out(v.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        std::copy_n(v.begin() + static_cast<std::ptrdiff_t>(k) * block, block, out.begin() + order[k] * block);
    }
    return Tensor::fromVector<float>(out, c.sizes());
}

bool Importer::importShapeArithmetic(const ::onnx::NodeProto& n) {
    const std::string& op = n.op_type();
    const std::string& out = n.output(0);
    auto shapeValue = [&](int i) { return m_shapeValues.count(n.input(i)) > 0; };
    auto constantOrShape = [&](int i) { return n.input(i).empty() || isConstant(n.input(i)) || shapeValue(i); };
    if (op == "Shape") {
        m_shapeValues.insert(out);
        return true;
    }
    if (op == "Gather" || op == "Unsqueeze" || op == "Squeeze" || op == "Concat" || op == "Slice" || op == "Cast") {
        bool any = false, all = true;
        for (int i = 0; i < n.input_size(); ++i) {
            any = any || shapeValue(i);
            all = all && constantOrShape(i);
        }
        if (any && all) {
            m_shapeValues.insert(out);
            return true;
        }
        if (op == "Slice" && n.input_size() > 0 && m_zeros.count(n.input(0))) {
            for (int i = 1; i < n.input_size(); ++i) {
                if (!constantOrShape(i)) failNode(n, "slicing an initial state needs constant bounds");
            }
            m_zeros.insert(out);
            return true;
        }
        return false;
    }
    if (op == "ConstantOfShape") {
        if (n.input_size() < 1 || !constantOrShape(0)) failNode(n, "the shape must come from constants and Shape");
        if (const auto* a = attr(n, "value"); a && !allZero(tensorFrom(a->t()))) {
            failNode(n, "only zeros (an initial recurrent state) are supported");
        }
        m_zeros.insert(out);
        return true;
    }
    return false;
}

void Importer::importRecurrent(const ::onnx::NodeProto& n) {
    const bool lstm = n.op_type() == "LSTM";
    const Ints order = lstm ? Ints{0, 3, 1, 2} : Ints{1, 0, 2};  // ONNX i,o,f,c / z,r,h → torch's blocks
    const std::int64_t gates = static_cast<std::int64_t>(order.size());
    auto input = m_timeFirst.find(n.input(0));
    if (input == m_timeFirst.end()) {
        failNode(n,
                 "the input must be a batch-first sequence transposed to time-first (Transpose perm [1, 0, 2]); "
                 "Tessera's sequence layers are batch_first");
    }
    const std::string direction = stringAttr(n, "direction", "forward");
    if (direction != "forward" && direction != "bidirectional")
        failNode(n, "direction '" + direction + "' is not supported");
    const std::int64_t dirs = direction == "bidirectional" ? 2 : 1;
    const std::int64_t hidden = intAttr(n, "hidden_size", 0);
    if (hidden < 1) failNode(n, "hidden_size must be given");
    if (intAttr(n, "layout", 0) != 0) failNode(n, "layout=1 is not supported");
    if (attr(n, "clip")) failNode(n, "clip has no torch equivalent");
    if (lstm && intAttr(n, "input_forget", 0) != 0) failNode(n, "input_forget=1 has no torch equivalent");
    if (!lstm && intAttr(n, "linear_before_reset", 0) != 1) {
        failNode(n, "linear_before_reset=0 differs from torch's GRU (which applies the reset gate after the product)");
    }
    if (attr(n, "activations")) {
        const auto* a = attr(n, "activations");
        for (int i = 0; i < a->strings_size(); ++i) {
            const std::string& f = a->strings(i);
            const bool gate = i % (lstm ? 3 : 2) == 0;
            if (f != (gate ? "Sigmoid" : "Tanh")) failNode(n, "activation '" + f + "' differs from torch's");
        }
    }
    if (n.input_size() > 4 && !n.input(4).empty()) failNode(n, "sequence_lens is not supported");
    if (!isZeroState(n, 5) || (lstm && !isZeroState(n, 6))) failNode(n, "only zero initial states are supported");
    if (lstm && n.input_size() > 7 && !n.input(7).empty()) failNode(n, "peephole weights have no torch equivalent");
    for (int i = 1; i < n.output_size(); ++i) {
        if (!n.output(i).empty() && !consumers(n.output(i)).empty())
            failNode(n, "the final states (outputs Y_h, Y_c) are used; Tessera's layer outputs the sequence only");
    }
    const Tensor& w = constant(n, 1);
    const Tensor& r = constant(n, 2);
    const bool bias = n.input_size() > 3 && !n.input(3).empty();
    if (w.dim() != 3 || w.size(0) != dirs || w.size(1) != gates * hidden || w.dtype() != DType::Float32)
        failNode(n, "W must be float32 [" + std::to_string(dirs) + ", " + std::to_string(gates * hidden) + ", input]");
    if (r.sizes() != Shape{dirs, gates * hidden, hidden}) failNode(n, "R must be [directions, gates·hidden, hidden]");
    Tensor b;
    if (bias) {
        b = constant(n, 3);
        if (b.sizes() != Shape{dirs, 2 * gates * hidden}) failNode(n, "B must be [directions, 2·gates·hidden]");
    }

    // A layer stacked on one this import made, with the same settings, becomes that node's next layer
    // (torch and Tessera write one ONNX node per layer).
    const std::string type = lstm ? "LSTM" : "GRU";
    const auto& [prevId, prevPort] = input->second;
    const graph::Node* prev = m_graph.findNode(prevId);
    std::string id;
    std::int64_t layer = 0;
    if (prev && prev->type == type && m_stacked.count(prevId) && consumers(n.input(0)).size() == 1 &&
        prev->params.at("hidden_size").asInteger() == hidden &&
        prev->params.at("bidirectional").asBool() == (dirs == 2) && prev->params.at("bias").asBool() == bias &&
        w.size(2) == dirs * hidden) {
        id = prevId;
        layer = prev->params.at("num_layers").asInteger();
        m_graph.setParam(id, "num_layers", layer + 1);
    } else {
        // "lstm_l0/LSTM" (Tessera) → "lstm", "/rnn/LSTM" (torch) → "rnn"
        std::string wanted = readableId();
        if (const auto cut = wanted.rfind("_l");
            cut != std::string::npos && cut + 2 < wanted.size() &&
            std::all_of(wanted.begin() + static_cast<std::ptrdiff_t>(cut) + 2, wanted.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
            !m_graph.findNode(wanted.substr(0, cut))) {
            wanted = wanted.substr(0, cut);
        }
        id = addNode(type,
                     io::Json::object({{"input_size", w.size(2)},
                                       {"hidden_size", hidden},
                                       {"num_layers", 1},
                                       {"bias", bias},
                                       {"batch_first", true},
                                       {"bidirectional", dirs == 2}}),
                     {input->second}, n.output(0), 3, wanted);
        m_stacked.insert(id);
    }
    for (std::int64_t d = 0; d < dirs; ++d) {
        const std::string suffix = "_l" + std::to_string(layer) + (d == 1 ? "_reverse" : "");
        weight(id, "weight_ih" + suffix, toTorchGates(ops::select(w, 0, d), order));
        weight(id, "weight_hh" + suffix, toTorchGates(ops::select(r, 0, d), order));
        if (bias) {
            const Tensor bd = ops::select(b, 0, d);
            weight(id, "bias_ih" + suffix, toTorchGates(ops::narrow(bd, 0, 0, gates * hidden), order));
            weight(id, "bias_hh" + suffix, toTorchGates(ops::narrow(bd, 0, gates * hidden, gates * hidden), order));
        }
    }
    m_values.erase(n.output(0));
    m_recurrent[n.output(0)] = {id, dirs, false};
}

}  // namespace tessera::onnx::detail
