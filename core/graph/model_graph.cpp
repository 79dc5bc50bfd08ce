#include "core/graph/model_graph.h"

#include <algorithm>
#include <cctype>

#include "core/tensor/error.h"

namespace tessera::graph {

ModelGraph ModelGraph::fromProject(const io::Project& project) {
    ModelGraph g;
    g.m_nodes.reserve(project.nodes.size());
    for (const auto& n : project.nodes) g.m_nodes.push_back(Node{n.id, n.type, n.params, n.x, n.y});
    g.m_edges.reserve(project.edges.size());
    for (const auto& e : project.edges) g.m_edges.push_back(Edge{e.from, e.fromPort, e.to, e.toPort});
    return g;
}

void ModelGraph::toProject(io::Project& project) const {
    project.nodes.clear();
    project.edges.clear();
    for (const auto& n : m_nodes) project.nodes.push_back(io::NodeSpec{n.id, n.type, n.params, n.x, n.y});
    for (const auto& e : m_edges) project.edges.push_back(io::EdgeSpec{e.from, e.fromPort, e.to, e.toPort});
}

const Node* ModelGraph::findNode(std::string_view id) const {
    for (const auto& n : m_nodes) {
        if (n.id == id) return &n;
    }
    return nullptr;
}

const Node& ModelGraph::node(std::string_view id) const {
    if (const Node* n = findNode(id)) return *n;
    throw ValueError("no node '" + std::string(id) + "' in the graph");
}

Node& ModelGraph::mutableNode(std::string_view id) { return const_cast<Node&>(node(id)); }

std::vector<Edge> ModelGraph::inputEdges(std::string_view id) const {
    std::vector<Edge> out;
    for (const auto& e : m_edges) {
        if (e.to == id) out.push_back(e);
    }
    return out;
}

std::vector<Edge> ModelGraph::outputEdges(std::string_view id) const {
    std::vector<Edge> out;
    for (const auto& e : m_edges) {
        if (e.from == id) out.push_back(e);
    }
    return out;
}

std::string ModelGraph::uniqueId(std::string_view base) const {
    std::string stem;
    for (char c : base) stem += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (stem.empty()) stem = "node";
    for (int k = 1;; ++k) {
        std::string id = stem + std::to_string(k);
        if (!findNode(id)) return id;
    }
}

std::string ModelGraph::addNode(std::string type, io::Json params, std::string id, double x, double y) {
    if (id.empty()) id = uniqueId(type);
    if (findNode(id)) throw ValueError("a node with id '" + id + "' already exists");
    if (!params.isObject()) throw ValueError("node '" + id + "': params must be a JSON object");
    m_nodes.push_back(Node{id, std::move(type), std::move(params), x, y});
    return id;
}

void ModelGraph::removeNode(std::string_view id) {
    node(id);
    std::erase_if(m_nodes, [&](const Node& n) { return n.id == id; });
    std::erase_if(m_edges, [&](const Edge& e) { return e.from == id || e.to == id; });
}

void ModelGraph::renameNode(std::string_view id, const std::string& newId) {
    if (id == newId) return;
    if (newId.empty()) throw ValueError("a node id may not be empty");
    if (findNode(newId)) throw ValueError("a node with id '" + newId + "' already exists");
    const std::string old(id);
    mutableNode(old).id = newId;
    for (auto& e : m_edges) {
        if (e.from == old) e.from = newId;
        if (e.to == old) e.to = newId;
    }
}

void ModelGraph::setParam(std::string_view id, std::string_view name, io::Json value) {
    mutableNode(id).params.set(name, std::move(value));
}

void ModelGraph::setParams(std::string_view id, io::Json params) {
    if (!params.isObject()) throw ValueError("node '" + std::string(id) + "': params must be a JSON object");
    mutableNode(id).params = std::move(params);
}

void ModelGraph::setPosition(std::string_view id, double x, double y) {
    Node& n = mutableNode(id);
    n.x = x;
    n.y = y;
}

void ModelGraph::connect(const std::string& from, int fromPort, const std::string& to, int toPort) {
    node(from);
    node(to);
    if (from == to) throw ValueError("node '" + from + "' cannot be connected to itself");
    if (fromPort < 0 || toPort < 0) throw ValueError("port numbers must be ≥ 0");
    disconnect(to, toPort);
    m_edges.push_back(Edge{from, fromPort, to, toPort});
}

bool ModelGraph::disconnect(std::string_view to, int toPort) {
    return std::erase_if(m_edges, [&](const Edge& e) { return e.to == to && e.toPort == toPort; }) > 0;
}

}  // namespace tessera::graph
