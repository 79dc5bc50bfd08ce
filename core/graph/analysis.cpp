#include "core/graph/analysis.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "core/graph/node_type_registry.h"

namespace tessera::graph {

bool GraphReport::hasErrors() const {
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem& p) { return p.severity == Severity::Error; });
}

const NodeReport* GraphReport::node(std::string_view id) const {
    for (const auto& n : nodes) {
        if (n.id == id) return &n;
    }
    return nullptr;
}

std::optional<TensorType> GraphReport::edgeType(const Edge& edge) const {
    const NodeReport* n = node(edge.from);
    if (!n || edge.fromPort < 0 || edge.fromPort >= static_cast<int>(n->outputs.size())) return std::nullopt;
    return n->outputs[static_cast<std::size_t>(edge.fromPort)];
}

std::vector<Problem> GraphReport::problemsOf(std::string_view nodeId) const {
    std::vector<Problem> out;
    for (const auto& p : problems) {
        if (p.nodeId == nodeId) out.push_back(p);
    }
    return out;
}

namespace {

// Values per sample of a batched type.
std::int64_t knownProduct(const SymShape& shape) {
    std::int64_t n = 1;
    for (std::size_t d = 1; d < shape.size(); ++d) n *= shape[d].size;
    return n;
}

// The largest model analyze() accepts (Note [Model size limits]): parameters per node, and values per
// sample of any node's output; 2^28 values are 1 GiB of float32.
constexpr std::int64_t kMaxParameters = std::int64_t{1} << 28;
constexpr std::int64_t kMaxValuesPerSample = std::int64_t{1} << 28;

struct Analyzer {
    Analyzer(const ModelGraph& g, const AnalyzeOptions& o) : graph(g), options(o) {}

    const ModelGraph& graph;
    const AnalyzeOptions& options;
    NodeTypeRegistry& registry = NodeTypeRegistry::instance();
    GraphReport report;
    std::map<std::string, std::size_t, std::less<>> index;  // node id → position
    std::vector<const NodeType*> types;                     // per node; nullptr when unknown
    std::vector<bool> paramsOk;                             // per node
    std::vector<std::map<int, const Edge*>> incoming;       // per node: input port → edge
    std::vector<std::vector<std::size_t>> successors;       // per node

    void problem(const std::string& nodeId, std::string message, int port = -1, std::string param = {},
                 Severity severity = Severity::Error) {
        report.problems.push_back({severity, nodeId, port, std::move(param), std::move(message)});
    }

    std::string typeOf(std::size_t i) const { return graph.nodes()[i].type; }

    void checkNodes() {
        const auto& nodes = graph.nodes();
        types.assign(nodes.size(), nullptr);
        paramsOk.assign(nodes.size(), false);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const Node& n = nodes[i];
            NodeReport r;
            r.id = n.id;
            r.type = n.type;
            report.nodes.push_back(r);
            if (n.id.empty()) problem(n.id, "a node has an empty id");
            if (n.id.find('.') != std::string::npos) {
                problem(n.id, "node id '" + n.id + "' may not contain '.': it names the node's weights ('" + n.id +
                                  ".weight')");
            }
            if (!index.emplace(n.id, i).second) problem(n.id, "two nodes have the id '" + n.id + "'");
            types[i] = registry.find(n.type);
            if (!types[i]) {
                std::string message = "unknown node type '" + n.type + "'";
                const std::string close = closeNames(n.type, registry.names());
                if (!close.empty()) message += " (did you mean " + close + "?)";
                problem(n.id, message);
                continue;
            }
            std::vector<ParamIssue> issues;
            report.nodes[i].params = resolveParams(*types[i], n.params, issues);
            for (auto& issue : issues) problem(n.id, issue.message, -1, issue.param);
            paramsOk[i] = issues.empty();
        }
    }

    void checkEdges() {
        const auto& nodes = graph.nodes();
        incoming.assign(nodes.size(), {});
        successors.assign(nodes.size(), {});
        for (const auto& e : graph.edges()) {
            auto from = index.find(e.from), to = index.find(e.to);
            if (from == index.end() || to == index.end()) {
                problem(from == index.end() ? e.to : e.from,
                        "an edge connects to the unknown node '" + (from == index.end() ? e.from : e.to) + "'");
                continue;
            }
            const NodeType* src = types[from->second];
            const NodeType* dst = types[to->second];
            if (src && e.fromPort >= static_cast<int>(src->outputs.size())) {
                const std::size_t outs = src->outputs.size();
                problem(e.from, src->name + " has " +
                                    (outs == 0   ? "no output port"
                                     : outs == 1 ? "1 output port"
                                                 : std::to_string(outs) + " output ports") +
                                    "; the edge to '" + e.to + "' leaves from port " + std::to_string(e.fromPort));
                continue;
            }
            if (dst && !dst->variadic && e.toPort >= static_cast<int>(dst->inputs.size())) {
                const std::size_t ins = dst->inputs.size();
                problem(e.to,
                        dst->name + " has " +
                            (ins == 0   ? "no input port"
                             : ins == 1 ? "1 input port"
                                        : std::to_string(ins) + " input ports") +
                            "; the edge from '" + e.from + "' arrives at port " + std::to_string(e.toPort),
                        e.toPort);
                continue;
            }
            auto [slot, fresh] = incoming[to->second].emplace(e.toPort, &e);
            if (!fresh) {
                problem(e.to,
                        "input " + std::to_string(e.toPort) + " is fed by both '" + slot->second->from + "' and '" +
                            e.from + "'; an input takes one edge",
                        e.toPort);
                continue;
            }
            successors[from->second].push_back(to->second);
        }
    }

    // A cycle through `start` among `candidates`, as "a → b → a".
    std::string cycleText(std::size_t start, const std::set<std::size_t>& candidates) const {
        std::vector<std::size_t> path{start};
        std::set<std::size_t> seen{start};
        std::function<bool(std::size_t)> dfs = [&](std::size_t v) {
            for (auto w : successors[v]) {
                if (!candidates.count(w)) continue;
                if (w == start) return true;
                if (seen.insert(w).second) {
                    path.push_back(w);
                    if (dfs(w)) return true;
                    path.pop_back();
                }
            }
            return false;
        };
        if (!dfs(start)) return {};
        std::string text;
        for (auto v : path) text += graph.nodes()[v].id + " → ";
        return text + graph.nodes()[start].id;
    }

    void sortTopologically() {
        const std::size_t n = graph.nodes().size();
        std::vector<int> indegree(n, 0);
        for (std::size_t i = 0; i < n; ++i) {
            for (auto w : successors[i]) ++indegree[w];
        }
        std::set<std::size_t> ready;
        for (std::size_t i = 0; i < n; ++i) {
            if (indegree[i] == 0) ready.insert(i);
        }
        std::vector<bool> done(n, false);
        while (!ready.empty()) {
            const std::size_t v = *ready.begin();
            ready.erase(ready.begin());
            done[v] = true;
            report.order.push_back(graph.nodes()[v].id);
            for (auto w : successors[v]) {
                if (--indegree[w] == 0) ready.insert(w);
            }
        }
        std::set<std::size_t> left;
        for (std::size_t i = 0; i < n; ++i) {
            if (!done[i]) left.insert(i);
        }
        for (auto v : left) {
            const std::string cycle = cycleText(v, left);
            if (cycle.empty()) continue;  // only downstream of a cycle: reported through its inputs
            problem(graph.nodes()[v].id, "is on a cycle (" + cycle + "); a model graph may not loop back");
        }
    }

    void checkRoles() {
        std::map<NodeRole, std::vector<std::string>> byRole;
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (types[i]) byRole[types[i]->role].push_back(graph.nodes()[i].id);
        }
        auto single = [&](NodeRole role, const std::string& what, const std::string& missing, std::string& id) {
            const auto& ids = byRole[role];
            if (ids.empty()) {
                if (!missing.empty()) problem("", missing);
                return;
            }
            id = ids.front();
            for (std::size_t k = 1; k < ids.size(); ++k) {
                problem(ids[k], "the model has more than one " + what + " ('" + ids.front() + "' and '" + ids[k] +
                                    "'); it takes exactly one");
            }
        };
        single(NodeRole::Input, "Input node", "the model has no Input node; add one for the data set's features",
               report.inputId);
        single(NodeRole::Output, "Output node", "the model has no Output node; connect the prediction to an Output",
               report.outputId);
        single(NodeRole::Loss, "loss node", "", report.lossId);
        if (report.lossId.empty()) {
            problem("",
                    "the model has no loss, so it can predict but not train; connect the prediction and a Target to a "
                    "loss such as CrossEntropyLoss or MSELoss",
                    -1, {}, Severity::Warning);
        }
        single(NodeRole::Target, "Target node", "", report.targetId);
        if (!report.lossId.empty() && report.targetId.empty()) {
            problem("",
                    "the model has a loss but no Target node; add a Target and connect it to the loss's target "
                    "input");
        }
    }

    void infer() {
        const auto& nodes = graph.nodes();
        std::vector<std::size_t> orderIndex;
        for (const auto& id : report.order) orderIndex.push_back(index.at(id));
        for (auto i : orderIndex) {
            const Node& node = nodes[i];
            const NodeType* type = types[i];
            NodeReport& r = report.nodes[i];
            if (!type) continue;
            const int connected = incoming[i].empty() ? 0 : incoming[i].rbegin()->first + 1;
            const int ports = type->inputCount(connected);
            r.inputs.assign(static_cast<std::size_t>(ports), std::nullopt);
            bool ready = paramsOk[i];
            for (int port = 0; port < ports; ++port) {
                auto edge = incoming[i].find(port);
                if (edge == incoming[i].end()) {
                    const std::string name = type->inputName(port);
                    const bool telling = !name.empty() && name != "input";
                    problem(node.id,
                            "input " + std::to_string(port) + (telling ? " (" + name + ")" : "") + " is not connected",
                            port);
                    ready = false;
                    continue;
                }
                auto t = report.edgeType(*edge->second);
                if (!t) {
                    ready = false;
                    continue;
                }
                r.inputs[static_cast<std::size_t>(port)] = *t;
            }
            if (!ready) continue;
            std::vector<TensorType> inputs;
            for (const auto& t : r.inputs) inputs.push_back(*t);
            const NodeContext ctx{node, r.params, inputs};
            try {
                Inferred result = type->infer(ctx);
                if (result.outputs.size() != type->outputs.size()) {
                    problem(node.id, type->name + "'s shape rule gave " + std::to_string(result.outputs.size()) +
                                         " outputs for " + std::to_string(type->outputs.size()) + " ports");
                    continue;
                }
                r.outputs = std::move(result.outputs);
                r.parameters = result.parameters;
                r.macs = result.macs;
                r.ok = true;
                for (auto& w : result.warnings) problem(node.id, w, -1, {}, Severity::Warning);
            } catch (const NodeProblem& e) {
                problem(node.id, e.what(), e.port(), e.param());
            } catch (const std::exception& e) {
                // A rule that trips over a value it did not expect must not take the designer down.
                problem(node.id, type->name + ": " + e.what());
            }
        }
    }

    void checkInputFeatures() {
        if (!options.inputFeatures || report.inputId.empty()) return;
        const NodeReport* r = report.node(report.inputId);
        if (!r || r->outputs.empty()) return;
        const auto& shape = r->outputs[0].shape;
        std::int64_t n = 1;
        for (std::size_t d = 1; d < shape.size(); ++d) n *= shape[d].size;
        if (n != *options.inputFeatures) {
            SymShape sample(shape.begin() + 1, shape.end());
            problem(report.inputId,
                    "the Input shape " + toString(sample) + " holds " + std::to_string(n) +
                        " features per sample but the data set's rows have " + std::to_string(*options.inputFeatures),
                    -1, "shape");
        }
    }

    void checkTargets() {
        if ((!options.classes && !options.targetWidth) || report.targetId.empty()) return;
        const NodeReport* r = report.node(report.targetId);
        if (!r || r->outputs.empty()) return;
        const TensorType& t = r->outputs[0];
        if (options.classes) {
            const std::string n = std::to_string(*options.classes);
            const bool binaryAsFloat = *options.classes == 2 && knownProduct(t.shape) == 1;
            if (!t.classes && !binaryAsFloat) {
                problem(report.targetId,
                        "the data set has class labels (" + n + " classes); give the Target classes " + n +
                            " instead of a shape",
                        -1, "classes");
            } else if (t.classes && *t.classes != *options.classes) {
                problem(report.targetId,
                        "the Target has " + std::to_string(*t.classes) + " classes but the data set has " + n, -1,
                        "classes");
            }
            return;
        }
        const std::string w = std::to_string(*options.targetWidth);
        if (t.classes) {
            problem(report.targetId,
                    "the data set's targets are regression values (" + w +
                        " per sample); give the Target a shape instead of classes",
                    -1, "shape");
            return;
        }
        const std::int64_t n = knownProduct(t.shape);
        if (n != *options.targetWidth) {
            SymShape sample(t.shape.begin() + 1, t.shape.end());
            problem(report.targetId,
                    "the Target shape " + toString(sample) + " holds " + std::to_string(n) +
                        " values per sample but the data set's targets have " + w,
                    -1, "shape");
        }
    }

    // Nodes from which neither the Output nor the loss can be reached are never computed.
    void checkReachability() {
        const std::size_t n = graph.nodes().size();
        std::vector<std::vector<std::size_t>> predecessors(n);
        for (std::size_t v = 0; v < n; ++v) {
            for (auto w : successors[v]) predecessors[w].push_back(v);
        }
        std::vector<bool> used(n, false);
        std::vector<std::size_t> stack;
        for (std::size_t v = 0; v < n; ++v) {
            if (types[v] && (types[v]->role == NodeRole::Output || types[v]->role == NodeRole::Loss))
                stack.push_back(v);
        }
        while (!stack.empty()) {
            const std::size_t v = stack.back();
            stack.pop_back();
            if (used[v]) continue;
            used[v] = true;
            for (auto w : predecessors[v]) stack.push_back(w);
        }
        if (report.outputId.empty() && report.lossId.empty()) return;
        for (std::size_t v = 0; v < n; ++v) {
            if (!used[v] && types[v]) {
                problem(graph.nodes()[v].id, "leads to neither the Output nor the loss, so it is never computed", -1,
                        {}, Severity::Warning);
            }
        }
    }

    // Note [Model size limits]: a damaged or hostile project (a Linear with 10^9 outputs) must be an
    // error on its node, not an allocation of gigabytes when the model is built or run. The limits
    // are counted in values, 4 bytes each in float32; docs/RELIABILITY.md.
    void checkSizes() {
        for (const auto& r : report.nodes) {
            if (r.parameters > kMaxParameters)
                problem(r.id, "has " + std::to_string(r.parameters) + " parameters, more than the " +
                                  std::to_string(kMaxParameters) + " (1 GiB of float32) a model may hold");
            for (std::size_t o = 0; o < r.outputs.size(); ++o) {
                const SymShape& shape = r.outputs[o].shape;
                // Saturating: the product of a few huge known sizes overflows int64 otherwise.
                std::int64_t n = 1;
                for (std::size_t d = 1; d < shape.size() && n <= kMaxValuesPerSample; ++d) {
                    if (!shape[d].isKnown()) continue;
                    const std::int64_t size = shape[d].size;
                    n = size != 0 && n > kMaxValuesPerSample / size ? kMaxValuesPerSample + 1 : n * size;
                }
                if (n > kMaxValuesPerSample) {
                    problem(r.id, "output " + std::to_string(o) + " " + toString(shape) + " holds more than " +
                                      std::to_string(kMaxValuesPerSample) + " values (1 GiB of float32) per sample");
                    break;
                }
            }
        }
    }

    void totals() {
        for (const auto& r : report.nodes) {
            report.totalParameters += r.parameters;
            report.totalMacs += r.macs;
        }
        for (auto& r : report.nodes) {
            if (!r.ok) continue;
            for (const auto& p : report.problems) {
                if (p.nodeId == r.id && p.severity == Severity::Error) r.ok = false;
            }
        }
    }
};

}  // namespace

GraphReport analyze(const ModelGraph& graph, const AnalyzeOptions& options) {
    Analyzer a(graph, options);
    a.checkNodes();
    a.checkEdges();
    a.sortTopologically();
    a.checkRoles();
    a.infer();
    a.checkInputFeatures();
    a.checkTargets();
    a.checkReachability();
    a.checkSizes();
    a.totals();
    return std::move(a.report);
}

std::string formatProblem(const Problem& problem, const ModelGraph* graph) {
    std::string where = problem.nodeId.empty() ? "model" : problem.nodeId;
    if (graph && !problem.nodeId.empty()) {
        if (const Node* n = graph->findNode(problem.nodeId)) where += " (" + n->type + ")";
    }
    if (problem.port >= 0) where += ", input " + std::to_string(problem.port);
    if (!problem.param.empty()) where += ", parameter '" + problem.param + "'";
    return where + (problem.severity == Severity::Warning ? ": warning: " : ": ") + problem.message;
}

}  // namespace tessera::graph
