// What an imported model is trained for: ONNX carries the inference graph only, so an imported
// classifier or regressor has no Target and no loss and cannot be run. trainingTaskChoices() offers
// the tasks its output allows, the likeliest first — the one a Tessera export kept in the file's
// metadata ("tessera.task"), else one inferred from the output: [N, C > 1] scores C classes
// (CrossEntropyLoss on logits, or on a Softmax's input; NLLLoss after LogSoftmax), [N, 1] and other
// shapes are regression values (MSELoss). addTrainingTask() adds the Target and loss nodes.
//
//   onnx::ImportedModel m = onnx::importOnnxFile("classifier.onnx");
//   std::vector<onnx::TrainingTask> choices = onnx::trainingTaskChoices(m);   // choices[0]: CrossEntropyLoss, 3
//   onnx::addTrainingTask(m.graph, choices[0]);
//   std::string meta = onnx::trainingTaskMetadata(graph);                    // for an export's metadata_props
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/graph/model_graph.h"
#include "core/io/json.h"
#include "core/onnx/onnx_import.h"

namespace tessera::onnx {

inline constexpr const char* kTaskMetadataKey = "tessera.task";

struct TrainingTask {
    enum class Kind { None, Classification, Regression };
    Kind kind = Kind::None;
    std::string prediction;  // the node whose output the loss reads
    int predictionPort = 0;
    std::string loss;  // a loss node type: "CrossEntropyLoss", "NLLLoss", "MSELoss", …
    io::Json lossParams = io::Json::object();
    std::int64_t classes = 0;         // Classification: the Target's classes
    std::vector<std::int64_t> shape;  // Regression: the Target's shape (one sample)
    bool fromMetadata = false;        // kept by the export that wrote the file

    friend bool operator==(const TrainingTask&, const TrainingTask&) = default;
};

// The output's shape as text ("[N, 3]"); "" when the graph has no Output or its shape is unknown.
std::string outputShapeText(const graph::ModelGraph& graph);
// Never empty: the last choice is always Kind::None (predict only, no loss).
std::vector<TrainingTask> trainingTaskChoices(const ImportedModel& model);
// Adds a Target ("target") and the loss ("loss") fed by task.prediction and the Target, beside the
// Output; nothing for Kind::None. ValueError when the prediction node does not exist.
void addTrainingTask(graph::ModelGraph& graph, const TrainingTask& task);
// The graph's Target and loss as the JSON text kept under kTaskMetadataKey; "" when it has none.
std::string trainingTaskMetadata(const graph::ModelGraph& graph);

}  // namespace tessera::onnx
