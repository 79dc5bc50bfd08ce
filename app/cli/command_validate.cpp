// tessera-cli validate PROJECT...: loads each project, checks its structure and prints a summary.
#include <filesystem>
#include <map>

#include "app/cli/command.h"
#include "core/io/project.h"
#include "core/tensor/error.h"

namespace tessera::cli {

namespace {

// Data files named by the project must exist; the path is resolved as the GUI resolves it.
void checkDataFile(const io::Project& project, const std::filesystem::path& file, std::ostream& out) {
    const io::Json* csv = project.data.find("csv");
    if (!csv || !csv->isString()) return;
    const std::filesystem::path resolved = io::resolveProjectPath(file, csv->asString());
    if (!std::filesystem::is_regular_file(resolved)) {
        throw IoError(file.string() + ":" + std::to_string(csv->line()) + ":" + std::to_string(csv->column()) +
                      ": field 'data.csv': " + resolved.string() + " does not exist");
    }
    out << "  data file: " << resolved.string() << "\n";
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return usageError(err, "validate", "expected at least one PROJECT file");
    int failures = 0;
    for (const auto& arg : args) {
        const std::filesystem::path file(arg);
        try {
            const io::Project project = io::loadProject(file);
            out << file.string() << ": valid " << io::kProjectFormatName << " v" << io::kProjectFormatVersion << " \""
                << project.name << "\"\n";
            const std::string dataset = project.datasetName();
            out << "  data set: " << (dataset.empty() ? "(none)" : dataset) << "\n";
            checkDataFile(project, file, out);
            std::map<std::string, int> types;
            for (const auto& node : project.nodes) ++types[node.type];
            out << "  nodes: " << project.nodes.size();
            const char* separator = " (";
            for (const auto& [type, count] : types) {
                out << separator << type << " " << count;
                separator = ", ";
            }
            out << (types.empty() ? "" : ")") << "\n";
            out << "  edges: " << project.edges.size() << "\n";
        } catch (const Error& e) {
            err << "tessera-cli validate: " << e.what() << "\n";
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

[[maybe_unused]] const bool registered = registerCommand(
    {"validate", "PROJECT...", "Load each project file, check its structure and print a summary.", run});

}  // namespace

}  // namespace tessera::cli
