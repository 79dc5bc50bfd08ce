// The edits the Training page makes to a project, as plain functions of its sections and graph (so
// they are tested without a window): the split and data set choice in "data", the loss node's type,
// which training fields an edit touched (undo steps merge by them), and dropping the weights file a
// model starts from.
//
//   io::Json data = withSplit(project.data, 0.1, 0.2);          // data.valFraction / testFraction
//   io::Json iris = builtinDataSpec(project.data, "iris");      // keeps the split and its seed
//   changedPaths(before, after);                                // {"optimizer.lr"}
//   graph::ModelGraph g = …;  replaceLoss(g, lossNodeId(project), "NLLLoss");
//   io::Json t = withoutInitialWeights(project.training);       // next run: weights from the seed
#pragma once

#include <QStringList>
#include <string>

#include "core/graph/model_graph.h"
#include "core/io/json.h"
#include "core/io/project.h"

namespace tessera::app {

// A number in the data spec, or `fallback` when absent.
double dataNumber(const io::Json& spec, const char* key, double fallback);
// The spec without its split fractions: what decides which data set is loaded.
io::Json withoutSplit(const io::Json& spec);
io::Json withSplit(io::Json spec, double valFraction, double testFraction);
// A built-in data set (or generator) with its defaults; the split and its seed stay.
io::Json builtinDataSpec(const io::Json& old, const std::string& name);
// `spec` with the split and its seed of `old`.
io::Json keepSplit(io::Json spec, const io::Json& old);

// The dotted paths of the leaves that differ ("optimizer.lr"), sorted.
QStringList changedPaths(const io::Json& a, const io::Json& b);

// The registered loss node types, and the project's loss node (its id and type; "" when none).
QStringList lossTypes();
std::string lossNodeId(const io::Project& project);
std::string lossNodeType(const io::Project& project);
// Gives node `id` another type, wired as before, with the new type's default options (another loss's
// options would not fit it).
void replaceLoss(graph::ModelGraph& graph, const std::string& id, const std::string& type);

// The training section without "initialWeights".
io::Json withoutInitialWeights(io::Json training);
// The undo step's name and merge key for clearing training.initialWeights ("initialWeights", the path
// changedPaths gives, so the settings column and the Project tab make the same step).
QString clearInitialWeightsText();
inline const char* const kInitialWeightsKey = "initialWeights";
// A run refused over training.initialWeights (the file is missing, or no longer fits the edited graph)
// says first where the window clears it, then why; every message in the interface's language
// (widgets::coreMessage: the model that cannot be built, the training settings' fields).
QString explainRunError(const QString& error);

}  // namespace tessera::app
