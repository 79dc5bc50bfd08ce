// tessera-cli validate PROJECT...: loads each project, checks its structure, runs the model graph's
// shape inference and prints per-node shapes, parameter counts and MACs with the totals; every problem
// goes to stderr and an error makes the exit code 1.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <map>

#include "app/cli/command.h"
#include "core/data/load_dataset.h"
#include "core/graph/analysis.h"
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

// The node's output for the table: its first output's shape, the Output's input, or "-".
std::string shapeColumn(const graph::NodeReport& n) {
    if (!n.outputs.empty()) return graph::toString(n.outputs[0].shape);
    if (n.ok && n.type != "Output") return "(loss)";
    if (!n.inputs.empty() && n.inputs[0]) return graph::toString(n.inputs[0]->shape);
    return "-";
}

// Prints the node table and the problems; returns the number of errors.
int checkModel(const io::Project& project, const std::filesystem::path& file, std::ostream& out, std::ostream& err) {
    if (project.nodes.empty()) {
        out << "  model: empty\n";
        return 0;
    }
    const graph::ModelGraph graph = graph::ModelGraph::fromProject(project);
    // The data set, when the project names one, tells the Input's feature count and the Target's kind.
    graph::AnalyzeOptions options;
    int errors = 0;
    if (project.data.contains("dataset") || project.data.contains("csv")) {
        try {
            const data::Dataset dataset = data::loadDataset(project.data, file);
            options.inputFeatures = dataset.numFeatures();
            if (dataset.task == data::Task::Classification) {
                options.classes = dataset.numClasses();
            } else {
                options.targetWidth = dataset.targetWidth();
            }
            out << "  samples: " << dataset.size() << " × " << dataset.numFeatures() << " features\n";
        } catch (const Error& e) {
            err << "tessera-cli validate: " << e.what() << "\n";  // names the file, line and column
            ++errors;
        }
    }
    const graph::GraphReport report = graph::analyze(graph, options);
    std::size_t idWidth = 4, typeWidth = 4, shapeWidth = 6;
    for (const auto& n : report.nodes) {
        idWidth = std::max(idWidth, n.id.size());
        typeWidth = std::max(typeWidth, n.type.size());
        shapeWidth = std::max(shapeWidth, shapeColumn(n).size());
    }
    auto row = [&](const std::string& id, const std::string& type, const std::string& shape, const std::string& params,
                   const std::string& macs) {
        out << "  " << std::left << std::setw(static_cast<int>(idWidth)) << id << "  "
            << std::setw(static_cast<int>(typeWidth)) << type << "  " << std::setw(static_cast<int>(shapeWidth))
            << shape << "  " << std::right << std::setw(10) << params << "  " << std::setw(12) << macs << "\n";
    };
    row("node", "type", "output", "params", "MACs/sample");
    for (const auto& n : report.nodes) {
        row(n.id, n.type, shapeColumn(n), std::to_string(n.parameters), std::to_string(n.macs));
    }
    row("total", "", "", std::to_string(report.totalParameters), std::to_string(report.totalMacs));
    for (const auto& p : report.problems) {
        if (p.severity == graph::Severity::Error) ++errors;
        err << "tessera-cli validate: " << file.string() << ": " << graph::formatProblem(p, &graph) << "\n";
    }
    out << "  problems: " << (report.problems.empty() ? "none" : std::to_string(report.problems.size())) << "\n";
    return errors;
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
            if (checkModel(project, file, out, err) > 0) ++failures;
        } catch (const Error& e) {
            err << "tessera-cli validate: " << e.what() << "\n";
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

[[maybe_unused]] const bool registered = registerCommand(
    {"validate", "PROJECT...",
     "Load each project file, check its model graph and print shapes, parameters and MACs per node.", run});

}  // namespace

}  // namespace tessera::cli
