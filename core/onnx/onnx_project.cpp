#include "core/onnx/onnx_project.h"

#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_task.h"
#include "core/train/project_session.h"

namespace tessera::onnx {

void exportProjectOnnx(const io::Project& project, const std::filesystem::path& weights,
                       const std::filesystem::path& out) {
    auto model = train::buildModel(project, 0);
    train::loadWeights(*model, weights);
    model->eval();
    ExportOptions options{.modelName = project.name, .docString = project.description, .metadata = {}};
    if (std::string task = trainingTaskMetadata(graph::ModelGraph::fromProject(project)); !task.empty())
        options.metadata.emplace_back(kTaskMetadataKey, std::move(task));
    exportOnnxFile(*model, out, options);
}

std::filesystem::path projectWeightsFile(const std::filesystem::path& projectFile) {
    std::filesystem::path weights = projectFile;
    weights.replace_extension(".safetensors");
    return weights;
}

io::Project projectFromImport(const ImportedModel& model, const std::filesystem::path& onnxFile) {
    io::Project project;
    // torch names every graph "torch_jit" (and older exporters "torch-jit-export", "main_graph"): the file
    // says more.
    const bool generic = model.name.empty() || model.name == "torch_jit" || model.name == "torch-jit-export" ||
                         model.name == "main_graph";
    project.name = generic ? onnxFile.stem().string() : model.name;
    project.description = "Imported from " + onnxFile.filename().string() +
                          (model.producer.empty() ? "" : " (" + model.producer + ")") +
                          (model.docString.empty() ? "" : ": " + model.docString);
    model.graph.toProject(project);
    return project;
}

ImportedProject importOnnxProject(const std::filesystem::path& onnxFile, const std::filesystem::path& projectFile,
                                  const std::optional<TrainingTask>& task) {
    ImportedModel imported = importOnnxFile(onnxFile);
    auto model = buildImported(imported);
    const std::size_t nodes = imported.graph.nodes().size();
    const TrainingTask chosen = task ? *task : trainingTaskChoices(imported).front();
    addTrainingTask(imported.graph, chosen);
    ImportedProject result{projectFromImport(imported, onnxFile), projectWeightsFile(projectFile), nodes, chosen};
    // Training fine-tunes the imported weights rather than drawing new ones; the file sits beside the
    // project, so its bare name resolves.
    if (!result.project.training.isObject()) result.project.training = io::Json::object();
    result.project.training.set("initialWeights", result.weights.filename().string());
    train::saveWeights(*model, result.weights);
    io::saveProject(result.project, projectFile);
    return result;
}

}  // namespace tessera::onnx
