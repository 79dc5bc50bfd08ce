// The `.tessera` project file (docs/project-format.md): a JSON object with a format name and a
// version, the project's name and description, its data set, its model graph and its training
// settings. The GUI and tessera-cli read and write projects only through these functions.
//
//   Project p = loadProject("moons.tessera");          // IoError: "moons.tessera:7:12: field …"
//   p.name = "Moons, wider";
//   saveProject(p, "moons.tessera");                    // atomic: temp file, fsync, rename
//   std::filesystem::path csv = resolveProjectPath("moons.tessera", "data/moons.csv");
//
// The model section is a generic graph of nodes and edges: node types and params get their meaning
// from core/graph (issue 6); here only the structure is checked (unique ids, edges between nodes
// that exist, ports that are non-negative integers).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/json.h"

namespace tessera::io {

inline constexpr std::string_view kProjectFormatName = "tessera-project";
inline constexpr int kProjectFormatVersion = 1;  // the newest version this build reads and writes

struct NodeSpec {
    std::string id;                // unique within the project
    std::string type;              // layer type name, e.g. "Linear"
    Json params = Json::object();  // type-specific parameters, e.g. {"in": 2, "out": 32}
    double x = 0, y = 0;           // position on the designer canvas

    friend bool operator==(const NodeSpec&, const NodeSpec&) = default;
};

struct EdgeSpec {
    std::string from;  // node id
    int fromPort = 0;  // output port of `from`
    std::string to;    // node id
    int toPort = 0;    // input port of `to`

    friend bool operator==(const EdgeSpec&, const EdgeSpec&) = default;
};

struct Project {
    std::string name;
    std::string description;
    Json data = Json::object();  // data set: {"dataset": "moons", …} or {"csv": "relative/path.csv", …}
    std::vector<NodeSpec> nodes;
    std::vector<EdgeSpec> edges;
    Json training = Json::object();  // optimiser, epochs, batch size, seed, …

    const NodeSpec* findNode(std::string_view id) const;
    // The data set's display name: data.dataset, else the file name of data.csv, else "".
    std::string datasetName() const;

    friend bool operator==(const Project&, const Project&) = default;
};

// Parses and checks a project; `source` names the text in messages (usually the file path). Throws
// IoError "SOURCE:LINE:COLUMN: cause" for malformed JSON, a wrong format name, a newer version, a
// field of the wrong type or a broken graph structure.
Project parseProject(std::string_view text, std::string_view source);
Project loadProject(const std::filesystem::path& file);

// The file's text: stable key order, two-space indent, newline at the end.
std::string projectToJson(const Project& project);
void saveProject(const Project& project, const std::filesystem::path& file);

// Checks the graph structure; throws IoError prefixed with `source`.
void validateProjectStructure(const Project& project, std::string_view source);

// A path written inside a project file is relative to the folder holding that file; absolute paths
// are returned unchanged. The result is lexically normalised.
std::filesystem::path resolveProjectPath(const std::filesystem::path& projectFile, const std::string& path);

}  // namespace tessera::io
