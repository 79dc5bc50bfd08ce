#include "core/io/project.h"

#include <cmath>
#include <set>

#include "core/io/atomic_file.h"
#include "core/tensor/error.h"

namespace tessera::io {

namespace {

// Reads one JSON object of the file, naming the field path ("model.nodes[2].type") and its place in
// every error.
class Reader {
public:
    Reader(std::string_view source, const Json& object, std::string path)
        : m_source(source), m_object(object), m_path(std::move(path)) {}

    [[noreturn]] void failAt(const Json& where, const std::string& cause) const {
        std::string message(m_source);
        if (where.line() > 0) message += ":" + std::to_string(where.line()) + ":" + std::to_string(where.column());
        throw IoError(message + ": " + cause);
    }

    std::string fieldName(std::string_view key) const {
        return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
    }

    const Json& require(std::string_view key, Json::Type type) const {
        const Json* value = m_object.find(key);
        if (!value) failAt(m_object, "field '" + fieldName(key) + "' is missing");
        checkType(key, *value, type);
        return *value;
    }

    const Json* optional(std::string_view key, Json::Type type) const {
        const Json* value = m_object.find(key);
        if (value) checkType(key, *value, type);
        return value;
    }

    std::string string(std::string_view key, bool required) const {
        const Json* value = required ? &require(key, Json::Type::String) : optional(key, Json::Type::String);
        return value ? value->asString() : std::string();
    }

    int nonNegativeInt(std::string_view key) const {
        const Json& value = require(key, Json::Type::Number);
        if (!value.isInteger() || value.asNumber() < 0 || value.asNumber() > 1e9) {
            failAt(value, "field '" + fieldName(key) + "' must be a non-negative integer");
        }
        return static_cast<int>(value.asInteger());
    }

    void rejectUnknown(std::initializer_list<std::string_view> known) const {
        for (const auto& [key, value] : m_object.asObject()) {
            bool ok = false;
            for (auto k : known) ok = ok || k == key;
            if (!ok) failAt(value, "unknown field '" + fieldName(key) + "'");
        }
    }

    Reader child(const Json& object, const std::string& path) const { return Reader(m_source, object, path); }
    const std::string& path() const { return m_path; }

private:
    void checkType(std::string_view key, const Json& value, Json::Type type) const {
        if (value.type() != type) {
            failAt(value, "field '" + fieldName(key) + "' must be " + std::string(typeName(type)) + ", found " +
                              std::string(typeName(value.type())));
        }
    }

    std::string_view m_source;
    const Json& m_object;
    std::string m_path;
};

NodeSpec readNode(const Reader& parent, const Json& value, std::size_t index) {
    const std::string path = "model.nodes[" + std::to_string(index) + "]";
    if (!value.isObject()) {
        parent.failAt(value, "field '" + path + "' must be an object, found " + std::string(typeName(value.type())));
    }
    const Reader r = parent.child(value, path);
    r.rejectUnknown({"id", "type", "params", "position"});
    NodeSpec node;
    node.id = r.string("id", true);
    node.type = r.string("type", true);
    if (node.id.empty()) r.failAt(r.require("id", Json::Type::String), "field '" + path + ".id' must not be empty");
    if (node.type.empty())
        r.failAt(r.require("type", Json::Type::String), "field '" + path + ".type' must not be empty");
    if (const Json* params = r.optional("params", Json::Type::Object)) node.params = *params;
    if (const Json* position = r.optional("position", Json::Type::Array)) {
        const auto& xy = position->asArray();
        if (xy.size() != 2 || !xy[0].isNumber() || !xy[1].isNumber()) {
            r.failAt(*position, "field '" + path + ".position' must be an array of two numbers [x, y]");
        }
        node.x = xy[0].asNumber();
        node.y = xy[1].asNumber();
    }
    return node;
}

EdgeSpec readEdge(const Reader& parent, const Json& value, std::size_t index) {
    const std::string path = "model.edges[" + std::to_string(index) + "]";
    if (!value.isObject()) {
        parent.failAt(value, "field '" + path + "' must be an object, found " + std::string(typeName(value.type())));
    }
    const Reader r = parent.child(value, path);
    r.rejectUnknown({"from", "fromPort", "to", "toPort"});
    EdgeSpec edge;
    edge.from = r.string("from", true);
    edge.fromPort = r.nonNegativeInt("fromPort");
    edge.to = r.string("to", true);
    edge.toPort = r.nonNegativeInt("toPort");
    return edge;
}

// Structural errors carry the place of the offending node or edge when the project was parsed.
void validate(const Project& project, std::string_view source, const Json* model) {
    auto fail = [&](const std::string& field, std::size_t index, const char* list, const std::string& cause) {
        std::string message(source);
        if (model) {
            const Json& item = model->at(list).asArray()[index];
            message += ":" + std::to_string(item.line()) + ":" + std::to_string(item.column());
        }
        throw IoError(message + ": " + field + ": " + cause);
    };
    std::set<std::string_view> ids;
    for (std::size_t i = 0; i < project.nodes.size(); ++i) {
        const NodeSpec& node = project.nodes[i];
        const std::string field = "model.nodes[" + std::to_string(i) + "]";
        if (node.id.empty()) fail(field, i, "nodes", "node id must not be empty");
        if (node.type.empty()) fail(field, i, "nodes", "node '" + node.id + "' has no type");
        if (!node.params.isObject()) fail(field, i, "nodes", "params of node '" + node.id + "' must be an object");
        if (!std::isfinite(node.x) || !std::isfinite(node.y)) {
            fail(field, i, "nodes", "position of node '" + node.id + "' must be finite");
        }
        if (!ids.insert(node.id).second) fail(field, i, "nodes", "duplicate node id '" + node.id + "'");
    }
    for (std::size_t i = 0; i < project.edges.size(); ++i) {
        const EdgeSpec& edge = project.edges[i];
        const std::string field = "model.edges[" + std::to_string(i) + "]";
        if (!ids.count(edge.from)) fail(field, i, "edges", "edge from unknown node '" + edge.from + "'");
        if (!ids.count(edge.to)) fail(field, i, "edges", "edge to unknown node '" + edge.to + "'");
        if (edge.fromPort < 0 || edge.toPort < 0) fail(field, i, "edges", "ports must be non-negative");
        if (edge.from == edge.to) fail(field, i, "edges", "edge connects node '" + edge.from + "' to itself");
    }
}

}  // namespace

const NodeSpec* Project::findNode(std::string_view id) const {
    for (const auto& node : nodes) {
        if (node.id == id) return &node;
    }
    return nullptr;
}

std::string Project::datasetName() const {
    if (!data.isObject()) return {};
    if (const Json* d = data.find("dataset"); d && d->isString()) return d->asString();
    if (const Json* csv = data.find("csv"); csv && csv->isString()) {
        return std::filesystem::path(csv->asString()).filename().string();
    }
    return {};
}

Project parseProject(std::string_view text, std::string_view source) {
    const Json root = parseJson(text, source);
    if (!root.isObject()) {
        throw IoError(std::string(source) + ":" + std::to_string(root.line()) + ":" + std::to_string(root.column()) +
                      ": a project file must be a JSON object, found " + std::string(typeName(root.type())));
    }
    const Reader r(source, root, "");
    const Json& format = r.require("format", Json::Type::String);
    if (format.asString() != kProjectFormatName) {
        r.failAt(format, "field 'format' is \"" + format.asString() + "\", expected \"" +
                             std::string(kProjectFormatName) + "\" (not a Tessera project)");
    }
    const Json& version = r.require("version", Json::Type::Number);
    if (!version.isInteger() || version.asNumber() < 1) {
        r.failAt(version, "field 'version' must be a positive integer");
    }
    if (version.asInteger() > kProjectFormatVersion) {
        r.failAt(version, "field 'version' is " + std::to_string(version.asInteger()) +
                              ", newer than this Tessera understands (" + std::to_string(kProjectFormatVersion) +
                              "); open it with a newer Tessera");
    }
    r.rejectUnknown({"format", "version", "name", "description", "data", "model", "training"});

    Project project;
    project.name = r.string("name", true);
    project.description = r.string("description", false);
    if (const Json* data = r.optional("data", Json::Type::Object)) project.data = *data;
    if (const Json* training = r.optional("training", Json::Type::Object)) project.training = *training;
    const Json* model = r.optional("model", Json::Type::Object);
    if (model) {
        const Reader m = r.child(*model, "model");
        m.rejectUnknown({"nodes", "edges"});
        if (const Json* nodes = m.optional("nodes", Json::Type::Array)) {
            for (std::size_t i = 0; i < nodes->size(); ++i)
                project.nodes.push_back(readNode(m, nodes->asArray()[i], i));
        }
        if (const Json* edges = m.optional("edges", Json::Type::Array)) {
            for (std::size_t i = 0; i < edges->size(); ++i)
                project.edges.push_back(readEdge(m, edges->asArray()[i], i));
        }
        // validate() looks items up by list name; give it empty lists where the file had none.
        Json complete = *model;
        if (!complete.contains("nodes")) complete.set("nodes", Json::array());
        if (!complete.contains("edges")) complete.set("edges", Json::array());
        validate(project, source, &complete);
    }
    return project;
}

Project loadProject(const std::filesystem::path& file) { return parseProject(readFile(file), file.string()); }

std::string projectToJson(const Project& project) {
    Json::Array nodes;
    for (const auto& node : project.nodes) {
        nodes.push_back(Json::object({{"id", node.id},
                                      {"type", node.type},
                                      {"params", node.params},
                                      {"position", Json::array({node.x, node.y})}}));
    }
    Json::Array edges;
    for (const auto& edge : project.edges) {
        edges.push_back(
            Json::object({{"from", edge.from}, {"fromPort", edge.fromPort}, {"to", edge.to}, {"toPort", edge.toPort}}));
    }
    const Json root = Json::object({{"format", std::string(kProjectFormatName)},
                                    {"version", kProjectFormatVersion},
                                    {"name", project.name},
                                    {"description", project.description},
                                    {"data", project.data},
                                    {"model", Json::object({{"nodes", std::move(nodes)}, {"edges", std::move(edges)}})},
                                    {"training", project.training}});
    return writeJson(root);
}

void saveProject(const Project& project, const std::filesystem::path& file) {
    validateProjectStructure(project, file.string());
    writeFileAtomically(file, projectToJson(project));
}

void validateProjectStructure(const Project& project, std::string_view source) { validate(project, source, nullptr); }

std::filesystem::path resolveProjectPath(const std::filesystem::path& projectFile, const std::string& path) {
    const std::filesystem::path p(path);
    if (p.is_absolute()) return p.lexically_normal();
    std::filesystem::path folder = projectFile.parent_path();
    if (folder.empty()) folder = ".";
    return std::filesystem::absolute(folder / p).lexically_normal();
}

}  // namespace tessera::io
