#include "core/autograd/graph_snapshot.h"

#include <sstream>

#include "core/autograd/autograd_meta.h"
#include "core/ops/dispatch.h"

namespace tessera::autograd {

SnapshotTensor describeTensor(const Tensor& t, std::string name, bool withValues) {
    SnapshotTensor s;
    s.name = std::move(name);
    s.defined = t.defined();
    if (!t.defined()) return s;
    s.sizes = t.sizes();
    s.strides = t.strides();
    s.dtype = t.dtype();
    s.storageId = reinterpret_cast<std::uintptr_t>(t.storage().get());
    if (withValues) s.values = t.toVector<double>();
    return s;
}

ForwardRecorder::ForwardRecorder(bool withValues) : m_withValues(withValues), m_observe(*this) {}

void ForwardRecorder::outputRecorded(const Tensor& out, const std::shared_ptr<Node>& node, std::uint32_t outputNr) {
    Entry& entry = m_outputs[node.get()];
    if (entry.node.lock() != node) entry = Entry{node, {}, {}};
    if (const ops::OpInfo* op = ops::currentOp()) entry.op = std::string(op->name);
    if (entry.outputs.size() <= outputNr) entry.outputs.resize(outputNr + 1);
    entry.outputs[outputNr] = describeTensor(out, "output", m_withValues);
}

std::vector<SnapshotTensor> ForwardRecorder::outputsOf(const Node& node) const {
    auto it = m_outputs.find(&node);
    if (it == m_outputs.end() || it->second.node.lock().get() != &node) return {};
    std::vector<SnapshotTensor> out = it->second.outputs;
    if (out.size() > 1)
        for (std::size_t i = 0; i < out.size(); ++i) out[i].name = "output[" + std::to_string(i) + "]";
    return out;
}

std::string ForwardRecorder::opOf(const Node& node) const {
    auto it = m_outputs.find(&node);
    return it == m_outputs.end() || it->second.node.lock().get() != &node ? std::string() : it->second.op;
}

GraphRecorder::GraphRecorder(const TensorList& roots, bool withValues, const ForwardRecorder* forward)
    : m_withValues(withValues) {
    std::vector<Node*> stack;
    auto visit = [&](Node* n) -> std::size_t {
        auto [it, inserted] = m_index.try_emplace(n, m_snapshot.nodes.size());
        if (inserted) {
            SnapshotNode sn;
            sn.name = std::string(n->name());
            sn.sequenceNr = n->sequenceNr();
            sn.scope = profile::scopePath(n->scope());
            if (auto* acc = dynamic_cast<AccumulateGrad*>(n)) {
                sn.isLeafAccumulator = true;
                const auto* meta = autogradMetaIfAny(acc->variable());
                sn.variable = describeTensor(acc->variable(), meta ? meta->name : std::string(), withValues);
            }
            for (auto& info : n->savedTensors()) sn.saved.push_back(describeTensor(info.value, info.name, withValues));
            if (forward) {
                sn.outputs = forward->outputsOf(*n);
                sn.op = forward->opOf(*n);
            }
            m_snapshot.nodes.push_back(std::move(sn));
            stack.push_back(n);
        }
        return it->second;
    };
    for (const auto& r : roots) {
        m_snapshot.rootTensors.push_back(describeTensor(r, "output", withValues));
        Edge e = gradientEdge(r);
        if (e.isValid()) m_snapshot.roots.push_back(visit(e.function.get()));
    }
    while (!stack.empty()) {
        Node* n = stack.back();
        stack.pop_back();
        const std::size_t from = m_index.at(n);
        const auto& edges = n->nextEdges();
        for (std::size_t i = 0; i < edges.size(); ++i) {
            if (!edges[i].isValid()) continue;
            const std::size_t to = visit(edges[i].function.get());
            m_snapshot.edges.push_back({from, to, i, edges[i].inputNr});
        }
    }
}

void GraphRecorder::nodeEvaluated(const Node& node, const TensorList& gradsIn, const TensorList& gradsOut) {
    auto it = m_index.find(&node);
    if (it == m_index.end()) return;
    SnapshotNode& sn = m_snapshot.nodes[it->second];
    sn.backwardOrder = m_nextOrder++;
    sn.gradsIn.clear();
    sn.gradsOut.clear();
    for (std::size_t i = 0; i < gradsIn.size(); ++i)
        sn.gradsIn.push_back(describeTensor(gradsIn[i], "grad_output[" + std::to_string(i) + "]", m_withValues));
    for (std::size_t i = 0; i < gradsOut.size(); ++i)
        sn.gradsOut.push_back(describeTensor(gradsOut[i], "grad_input[" + std::to_string(i) + "]", m_withValues));
    if (sn.isLeafAccumulator)
        if (const auto* acc = dynamic_cast<const AccumulateGrad*>(&node))
            sn.leafGrad = describeTensor(acc->variable().grad(), "grad", m_withValues);
}

namespace {
std::string sizesLabel(const Shape& s) {
    std::ostringstream os;
    os << '(';
    for (std::size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
    os << ')';
    return os.str();
}
}  // namespace

std::string toDot(const GraphSnapshot& g) {
    std::ostringstream os;
    os << "digraph autograd {\n"
       << "  graph [rankdir=BT];\n"
       << "  node [shape=box, style=filled, fillcolor=lightgrey, fontname=\"monospace\", fontsize=12];\n";
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const auto& n = g.nodes[i];
        if (n.isLeafAccumulator) {
            std::string label = n.variable.name.empty() ? "" : n.variable.name + "\\n";
            os << "  n" << i << " [label=\"" << label << sizesLabel(n.variable.sizes) << "\", fillcolor=lightblue];\n";
        } else {
            os << "  n" << i << " [label=\"" << n.name << "\"];\n";
        }
        for (std::size_t s = 0; s < n.saved.size(); ++s) {
            if (!n.saved[s].defined) continue;
            os << "  n" << i << "_s" << s << " [label=\"" << n.saved[s].name << "\\n"
               << sizesLabel(n.saved[s].sizes) << "\", fillcolor=orange];\n"
               << "  n" << i << "_s" << s << " -> n" << i << " [style=dashed, arrowhead=none];\n";
        }
    }
    for (const auto& e : g.edges) os << "  n" << e.to << " -> n" << e.from << ";\n";
    for (std::size_t r = 0; r < g.roots.size(); ++r) {
        os << "  out" << r << " [label=\"" << sizesLabel(g.rootTensors[r].sizes) << "\", fillcolor=darkolivegreen1];\n"
           << "  n" << g.roots[r] << " -> out" << r << ";\n";
    }
    os << "}\n";
    return os.str();
}

}  // namespace tessera::autograd
