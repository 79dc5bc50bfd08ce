// tessera-cli predict PROJECT --weights FILE --in X.npy --out Y.npy
// Runs the project's model with trained weights on raw feature rows (the Normalize node is part of
// the model) and writes the Output node's tensor as float32 .npy (docs/cli.md).
#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "core/io/npy.h"
#include "core/io/project.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"

namespace tessera::cli {
namespace {

constexpr std::string_view kName = "predict";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a;
    try {
        a = parseArguments(args, {"--weights", "--in", "--out"});
        a.project();
        a.required("--weights");
        a.required("--in");
        a.required("--out");
    } catch (const UsageError& e) {
        return usageError(err, kName, e.what());
    }
    const std::filesystem::path projectFile = a.project();
    const io::Project project = io::loadProject(projectFile);
    auto model = train::buildModel(project, 0);
    train::loadWeights(*model, a.required("--weights"));
    const std::string inFile = a.required("--in");
    Tensor x = io::readNpy(inFile);
    if (!isFloating(x.dtype()))
        throw TypeError(inFile + ": features must be float32 or float64, found " + std::string(dtypeName(x.dtype())));
    Tensor y;
    try {
        y = train::predict(*model, ops::to(x, DType::Float32));
    } catch (const ShapeError& e) {
        throw ShapeError(inFile + ": features " + shapeToString(x.sizes()) + " do not fit the model: " + e.what());
    }
    y = ops::to(y, DType::Float32);
    io::writeNpy(a.required("--out"), y);
    out << "wrote " << a.required("--out") << " " << shapeToString(y.sizes()) << " float32\n";
    return 0;
}

[[maybe_unused]] const bool registered =
    registerCommand({kName, "PROJECT --weights FILE --in X.npy --out Y.npy",
                     "Run the trained model on raw feature rows and write the Output node's float32 tensor.", run});

}  // namespace
}  // namespace tessera::cli
