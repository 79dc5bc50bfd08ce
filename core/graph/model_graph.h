// ModelGraph: the model as the designer edits it — nodes (an id, a type from the NodeTypeRegistry,
// parameters as JSON, a canvas position) and edges from an output port to an input port. It holds
// structure only; what a node means, its ports and shapes come from core/graph/node_type_registry.h
// and core/graph/analysis.h. It is stored in the `model` section of a .tessera file.
//
//   ModelGraph g = ModelGraph::fromProject(io::loadProject("moons.tessera"));
//   std::string id = g.addNode("Linear", {{"in_features", 32}, {"out_features", 2}});   // "linear1"
//   g.connect("relu2", 0, id, 0);          // replaces whatever fed input 0 of `id` before
//   g.setParam(id, "bias", false);
//   g.removeNode("fc3");                   // and its edges
//   io::Project p = …; g.toProject(p);     // nodes and edges back into the project
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/io/json.h"
#include "core/io/project.h"

namespace tessera::graph {

struct Node {
    std::string id;                        // unique; names the node's weights ("conv1.weight")
    std::string type;                      // a NodeTypeRegistry name: "Linear", "Input", "CrossEntropyLoss"
    io::Json params = io::Json::object();  // only the values the user set; defaults come from the schema
    double x = 0, y = 0;                   // canvas position

    friend bool operator==(const Node&, const Node&) = default;
};

struct Edge {
    std::string from;  // node id
    int fromPort = 0;  // output port of `from`
    std::string to;    // node id
    int toPort = 0;    // input port of `to`

    friend bool operator==(const Edge&, const Edge&) = default;
};

class ModelGraph {
public:
    ModelGraph() = default;
    static ModelGraph fromProject(const io::Project& project);
    // Replaces the project's nodes and edges with this graph's (other sections are kept).
    void toProject(io::Project& project) const;

    const std::vector<Node>& nodes() const { return m_nodes; }
    const std::vector<Edge>& edges() const { return m_edges; }
    const Node* findNode(std::string_view id) const;
    // Throws ValueError "no node 'fc9' in the graph".
    const Node& node(std::string_view id) const;
    // The edges ending at / starting from `id`, in graph order.
    std::vector<Edge> inputEdges(std::string_view id) const;
    std::vector<Edge> outputEdges(std::string_view id) const;

    // Adds a node; an empty id becomes a fresh one made from the type ("linear1", "linear2", …).
    // Throws ValueError when the id is taken. Returns the id.
    std::string addNode(std::string type, io::Json params = io::Json::object(), std::string id = {}, double x = 0,
                        double y = 0);
    // A fresh id "<base><k>" (base lower-cased, k ≥ 1) not used by any node.
    std::string uniqueId(std::string_view base) const;
    void removeNode(std::string_view id);                            // with its edges
    void renameNode(std::string_view id, const std::string& newId);  // edges follow
    void setParam(std::string_view id, std::string_view name, io::Json value);
    void setParams(std::string_view id, io::Json params);
    void setPosition(std::string_view id, double x, double y);
    // An input port takes one edge: connecting replaces the edge that ended there.
    void connect(const std::string& from, int fromPort, const std::string& to, int toPort);
    // Removes the edge ending at (to, toPort); false when there was none.
    bool disconnect(std::string_view to, int toPort);

    friend bool operator==(const ModelGraph&, const ModelGraph&) = default;

private:
    Node& mutableNode(std::string_view id);

    std::vector<Node> m_nodes;
    std::vector<Edge> m_edges;
};

}  // namespace tessera::graph
