// Tessera's own node types: the data ends of the graph (Input, Target, Output), Normalize, the losses,
// merges (Add, Mul, Concat), Reshape and the sequence helpers (SelectLast, PositionalEncoding).
#include "core/graph/builtin_nodes.h"

#include <algorithm>
#include <tuple>

#include "core/graph/graph_layers.h"
#include "core/ops/add.h"
#include "core/ops/binary_cross_entropy.h"
#include "core/ops/cross_entropy.h"
#include "core/ops/join.h"
#include "core/ops/l1_loss.h"
#include "core/ops/loss_common.h"
#include "core/ops/mse_loss.h"
#include "core/ops/mul.h"
#include "core/ops/nll_loss.h"
#include "core/ops/smooth_l1_loss.h"
#include "core/ops/view.h"
#include "core/tensor/factory.h"

namespace tessera::graph::detail {

std::string shapeText(const TensorType& t) { return toString(t.shape); }

std::int64_t wrapDim(const NodeContext& ctx, std::int64_t dim, std::size_t rank, const std::string& param) {
    const auto r = static_cast<std::int64_t>(rank);
    if (dim < -r || dim >= r) {
        throw NodeProblem(ctx.node.type + ": " + param + " " + std::to_string(dim) + " is out of range for a " +
                              std::to_string(rank) + "-d input " + shapeText(ctx.inputs[0]) + " (allowed " +
                              std::to_string(-r) + " … " + std::to_string(r - 1) + ")",
                          -1, param);
    }
    return dim < 0 ? dim + r : dim;
}

void requireRank(const NodeContext& ctx, int port, std::size_t minRank, std::size_t maxRank,
                 const std::string& layout) {
    const auto& t = ctx.inputs[static_cast<std::size_t>(port)];
    const std::size_t rank = t.shape.size();
    if (rank >= minRank && rank <= maxRank) return;
    std::string hint;
    if (rank > maxRank) hint = " — add Flatten before it";
    throw NodeProblem(ctx.node.type + " expects " + layout + ", gets " + shapeText(t) + hint, port);
}

void requireFloat(const NodeContext& ctx, int port) {
    const auto& t = ctx.inputs[static_cast<std::size_t>(port)];
    if (t.dtype == DType::Float32 || t.dtype == DType::Float64) return;
    throw NodeProblem(ctx.node.type + " needs floating-point values, gets " + describe(t), port);
}

std::int64_t knownProduct(const SymShape& shape, std::size_t begin) {
    std::int64_t n = 1;
    for (std::size_t i = begin; i < shape.size(); ++i) {
        if (!shape[i].isKnown()) return -1;
        n *= shape[i].size;
    }
    return n;
}

namespace {

using nn::ParamSpec;
using nn::ParamType;

ParamSpec reductionParam() {
    return {.name = "reduction",
            .type = ParamType::Choice,
            .defaultValue = "mean",
            .choices = {"mean", "sum"},
            .help = "how the per-sample losses become one number: their mean or their sum"};
}

// The sample shape of a batched type ([N, a, b] → {a, b}); NodeProblem when a dim is unknown.
std::vector<std::int64_t> sampleShape(const NodeContext& ctx, int port) {
    const auto& t = ctx.inputs[static_cast<std::size_t>(port)];
    std::vector<std::int64_t> out;
    for (std::size_t i = 1; i < t.shape.size(); ++i) {
        if (!t.shape[i].isKnown()) {
            throw NodeProblem(ctx.node.type + " needs a known sample shape, gets " + shapeText(t), port);
        }
        out.push_back(t.shape[i].size);
    }
    return out;
}

std::vector<std::int64_t> shapeParam(const NodeContext& ctx, const std::string& name) {
    const io::Json& v = ctx.params.at(name);
    if (v.isInteger()) return {v.asInteger()};
    std::vector<std::int64_t> out;
    for (const auto& e : v.asArray()) out.push_back(e.asInteger());
    return out;
}

std::string listText(const std::vector<std::int64_t>& v) { return shapeToString(v); }

// Rows of [N, F] (or already [N, *shape]) as [N, *shape]; `what` names the data in the message.
Tensor reshapeRows(const Tensor& rows, const std::vector<std::int64_t>& shape, const std::string& who,
                   const std::string& what) {
    if (rows.dim() == 0) throw ShapeError(who + ": " + what + " must have a batch dimension, got a 0-d tensor");
    const std::int64_t n = rows.size(0);
    const std::int64_t perRow = n == 0 ? 0 : rows.numel() / n;
    const std::int64_t want = shapeNumel(shape);
    if (n > 0 && perRow != want) {
        throw ShapeError(who + ": the " + what + " have " + std::to_string(perRow) + " values per sample (" +
                         shapeToString(rows.sizes()) + ") but the shape " + listText(shape) + " holds " +
                         std::to_string(want));
    }
    Shape sizes{n};
    sizes.insert(sizes.end(), shape.begin(), shape.end());
    return ops::reshape(rows, sizes);
}

// NumPy broadcasting of symbolic shapes; nullopt when incompatible.
std::optional<SymShape> broadcast(const SymShape& a, const SymShape& b) {
    SymShape out(std::max(a.size(), b.size()));
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Dim* x = i < a.size() ? &a[a.size() - 1 - i] : nullptr;
        const Dim* y = i < b.size() ? &b[b.size() - 1 - i] : nullptr;
        Dim& o = out[out.size() - 1 - i];
        if (!x) {
            o = *y;
        } else if (!y || *x == *y || (y->isKnown() && y->size == 1)) {
            o = *x;
        } else if (x->isKnown() && x->size == 1) {
            o = *y;
        } else {
            return std::nullopt;
        }
    }
    return out;
}

NodeType inputNode() {
    NodeType t;
    t.name = "Input";
    t.category = "Input/Output";
    t.role = NodeRole::Input;
    t.help =
        "The data set's features. Each row of F numbers becomes one sample of the given shape "
        "([N, F] → [N, *shape]); the product of the shape must equal F.";
    t.params = {{.name = "shape",
                 .type = ParamType::IntOrTuple,
                 .required = true,
                 .min = 1,
                 .help = "shape of one sample, e.g. [4] for 4 features, [1, 8, 8] for an 8×8 image, [32, 1] for "
                         "a sequence of 32 steps"}};
    t.outputs = {{"output", "[N, *shape] float32"}};
    t.infer = [](const NodeContext& ctx) {
        Inferred r;
        r.outputs.push_back({batched(shapeParam(ctx, "shape")), DType::Float32, std::nullopt});
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        const auto shape = shapeParam(ctx, "shape");
        const std::string who = "Input '" + ctx.node.id + "'";
        return BuiltNode{
            nullptr, [shape, who](const std::vector<Tensor>& in) {
                return std::vector<Tensor>{ops::to(reshapeRows(in[0], shape, who, "features"), DType::Float32)};
            }};
    };
    return t;
}

NodeType targetNode() {
    NodeType t;
    t.name = "Target";
    t.category = "Input/Output";
    t.role = NodeRole::Target;
    t.help =
        "The data set's targets: class indices (set classes) or regression values of the given shape "
        "(set shape). Feeds the target input of a loss.";
    t.params = {{.name = "classes",
                 .type = ParamType::OptionalInt,
                 .defaultValue = nullptr,
                 .min = 2,
                 .help = "number of classes: targets are int64 class indices [N]"},
                {.name = "shape",
                 .type = ParamType::IntOrTuple,
                 .defaultValue = nullptr,
                 .min = 1,
                 .help = "shape of one regression target: targets are float32 [N, *shape]"}};
    t.outputs = {{"output", "[N] int64 class indices, or [N, *shape] float32"}};
    t.infer = [](const NodeContext& ctx) {
        const bool hasClasses = !ctx.isNull("classes"), hasShape = !ctx.isNull("shape");
        if (hasClasses == hasShape) {
            throw NodeProblem(hasClasses ? "Target: set either classes (classification) or shape (regression), not both"
                                         : "Target: set classes (for class labels) or shape (for regression values)",
                              -1, "classes");
        }
        Inferred r;
        if (hasClasses) {
            r.outputs.push_back({batched({}), DType::Int64, ctx.integer("classes")});
        } else {
            r.outputs.push_back({batched(shapeParam(ctx, "shape")), DType::Float32, std::nullopt});
        }
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        const std::string who = "Target '" + ctx.node.id + "'";
        if (!ctx.isNull("classes")) {
            return BuiltNode{
                nullptr, [who](const std::vector<Tensor>& in) {
                    return std::vector<Tensor>{ops::to(reshapeRows(in[0], {}, who, "targets"), DType::Int64)};
                }};
        }
        const auto shape = shapeParam(ctx, "shape");
        return BuiltNode{
            nullptr, [shape, who](const std::vector<Tensor>& in) {
                return std::vector<Tensor>{ops::to(reshapeRows(in[0], shape, who, "targets"), DType::Float32)};
            }};
    };
    return t;
}

NodeType outputNode() {
    NodeType t;
    t.name = "Output";
    t.category = "Input/Output";
    t.role = NodeRole::Output;
    t.help = "The model's prediction: what predict writes and what the ONNX export returns.";
    t.inputs = {{"input", "the prediction"}};
    t.infer = [](const NodeContext& ctx) {
        requireFloat(ctx, 0);
        return Inferred{};
    };
    t.build = [](const NodeContext&, Generator&) {
        return BuiltNode{nullptr, [](const std::vector<Tensor>& in) { return in; }};
    };
    return t;
}

NodeType normalizeNode() {
    NodeType t;
    t.name = "Normalize";
    t.category = "Normalization";
    t.help =
        "Standardises every feature with the mean and standard deviation of the training split "
        "(fitted before training, saved with the weights as buffers 'mean' and 'std'), like "
        "scikit-learn's StandardScaler.";
    t.inputs = {{"input", ""}};
    t.outputs = {{"output", "same shape"}};
    t.infer = [](const NodeContext& ctx) {
        requireFloat(ctx, 0);
        sampleShape(ctx, 0);
        Inferred r;
        r.outputs.push_back(ctx.inputs[0]);
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        auto m = std::make_shared<Normalize>(sampleShape(ctx, 0));
        return BuiltNode{m, [m](const std::vector<Tensor>& in) { return std::vector<Tensor>{m->forward(in[0])}; }};
    };
    return t;
}

NodeType elementwiseNode(const std::string& name, const std::string& help, bool isAdd) {
    NodeType t;
    t.name = name;
    t.category = "Merge";
    t.help = help;
    t.inputs = {{"input", ""}};
    t.variadic = true;
    t.minInputs = 2;
    t.outputs = {{"output", "the inputs' broadcast shape"}};
    t.infer = [name](const NodeContext& ctx) {
        SymShape shape = ctx.inputs[0].shape;
        for (std::size_t i = 0; i < ctx.inputs.size(); ++i) requireFloat(ctx, static_cast<int>(i));
        for (std::size_t i = 1; i < ctx.inputs.size(); ++i) {
            auto b = broadcast(shape, ctx.inputs[i].shape);
            if (!b) {
                throw NodeProblem(name + ": input " + std::to_string(i) + " has shape " + shapeText(ctx.inputs[i]) +
                                      " but input 0 has " + shapeText(ctx.inputs[0]) +
                                      "; they cannot be broadcast together",
                                  static_cast<int>(i));
            }
            shape = *b;
        }
        Inferred r;
        r.outputs.push_back({shape, ctx.inputs[0].dtype, std::nullopt});
        return r;
    };
    t.build = [isAdd](const NodeContext&, Generator&) {
        return BuiltNode{nullptr, [isAdd](const std::vector<Tensor>& in) {
                             Tensor acc = in[0];
                             for (std::size_t i = 1; i < in.size(); ++i) {
                                 acc = isAdd ? ops::add(acc, in[i]) : ops::mul(acc, in[i]);
                             }
                             return std::vector<Tensor>{acc};
                         }};
    };
    return t;
}

NodeType concatNode() {
    NodeType t;
    t.name = "Concat";
    t.category = "Merge";
    t.help = "Joins its inputs along one dimension (torch.cat). Every other dimension must match.";
    t.params = {{.name = "dim",
                 .type = ParamType::Int,
                 .defaultValue = 1,
                 .help = "the dimension to join along; 1 is the first after the batch (torch.cat's own default "
                         "0 would join batches)"}};
    t.inputs = {{"input", ""}};
    t.variadic = true;
    t.minInputs = 2;
    t.outputs = {{"output", ""}};
    t.infer = [](const NodeContext& ctx) {
        const std::size_t rank = ctx.inputs[0].shape.size();
        const std::int64_t dim = wrapDim(ctx, ctx.integer("dim"), rank, "dim");
        if (dim == 0) throw NodeProblem("Concat: dim 0 is the batch dimension N; join along 1 or later", -1, "dim");
        SymShape out = ctx.inputs[0].shape;
        for (std::size_t i = 1; i < ctx.inputs.size(); ++i) {
            const auto& s = ctx.inputs[i].shape;
            bool ok = s.size() == rank;
            for (std::size_t d = 0; ok && d < rank; ++d) {
                if (static_cast<std::int64_t>(d) != dim && !(s[d] == out[d])) ok = false;
            }
            if (!ok) {
                throw NodeProblem("Concat: input " + std::to_string(i) + " has shape " + shapeText(ctx.inputs[i]) +
                                      ", input 0 has " + shapeText(ctx.inputs[0]) + "; all dimensions but dim " +
                                      std::to_string(dim) + " must match",
                                  static_cast<int>(i));
            }
            const Dim& d = s[static_cast<std::size_t>(dim)];
            Dim& o = out[static_cast<std::size_t>(dim)];
            o = (o.isKnown() && d.isKnown()) ? Dim(o.size + d.size) : Dim::symbol(toString(o) + "+" + toString(d));
        }
        Inferred r;
        r.outputs.push_back({out, ctx.inputs[0].dtype, std::nullopt});
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        const std::int64_t dim = ctx.integer("dim");
        return BuiltNode{nullptr,
                         [dim](const std::vector<Tensor>& in) { return std::vector<Tensor>{ops::cat(in, dim)}; }};
    };
    return t;
}

NodeType selectLastNode() {
    NodeType t;
    t.name = "SelectLast";
    t.category = "Sequence";
    t.help =
        "Keeps the last step of a sequence and drops that dimension: x[:, -1] for dim 1. Turns an LSTM's or "
        "a Transformer's [N, L, H] output into [N, H].";
    t.params = {{.name = "dim", .type = ParamType::Int, .defaultValue = 1, .help = "the time dimension"}};
    t.inputs = {{"input", "a sequence, e.g. [N, L, H]"}};
    t.outputs = {{"output", "the input without dim"}};
    t.infer = [](const NodeContext& ctx) {
        requireRank(ctx, 0, 2, 16, "a sequence of at least 2 dims [N, L, …]");
        const std::int64_t dim = wrapDim(ctx, ctx.integer("dim"), ctx.inputs[0].shape.size(), "dim");
        if (dim == 0) {
            throw NodeProblem("SelectLast: dim 0 is the batch dimension N; pick the time dimension (1 for [N, L, H])",
                              -1, "dim");
        }
        const Dim& len = ctx.inputs[0].shape[static_cast<std::size_t>(dim)];
        if (len.isKnown() && len.size == 0) throw NodeProblem("SelectLast: the sequence is empty", 0);
        SymShape out = ctx.inputs[0].shape;
        out.erase(out.begin() + dim);
        Inferred r;
        r.outputs.push_back({out, ctx.inputs[0].dtype, std::nullopt});
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        const std::int64_t dim = ctx.integer("dim");
        return BuiltNode{nullptr, [dim](const std::vector<Tensor>& in) {
                             const std::int64_t d = dim < 0 ? dim + in[0].dim() : dim;
                             return std::vector<Tensor>{ops::select(in[0], d, in[0].size(d) - 1)};
                         }};
    };
    return t;
}

NodeType reshapeNode() {
    NodeType t;
    t.name = "Reshape";
    t.category = "Reshape";
    t.help =
        "Gives every sample a new shape with the same number of values ([N, …] → [N, *shape]); one entry "
        "may be -1 and is then inferred.";
    t.params = {{.name = "shape",
                 .type = ParamType::IntOrTuple,
                 .required = true,
                 .min = -1,
                 .help = "the new shape of one sample, without the batch dimension"}};
    t.inputs = {{"input", ""}};
    t.outputs = {{"output", "[N, *shape]"}};
    t.infer = [](const NodeContext& ctx) {
        requireRank(ctx, 0, 1, 16, "a batched tensor [N, …]");
        auto shape = shapeParam(ctx, "shape");
        const std::int64_t have = knownProduct(ctx.inputs[0].shape, 1);
        if (have < 0) throw NodeProblem("Reshape needs a known sample shape, gets " + shapeText(ctx.inputs[0]), 0);
        const auto unknown = std::count(shape.begin(), shape.end(), -1);
        if (unknown > 1) throw NodeProblem("Reshape: only one entry of shape may be -1", -1, "shape");
        std::int64_t known = 1;
        for (auto s : shape) known *= s == -1 ? 1 : s;
        if (unknown == 1 && known > 0 && have % known == 0) {
            *std::find(shape.begin(), shape.end(), -1) = have / known;
            known = have;
        }
        if (known != have) {
            throw NodeProblem("Reshape: a sample of " + shapeText(ctx.inputs[0]) + " has " + std::to_string(have) +
                                  " values; shape " + shapeToString(shapeParam(ctx, "shape")) + " cannot hold them",
                              -1, "shape");
        }
        Inferred r;
        r.outputs.push_back({batched(shape), ctx.inputs[0].dtype, std::nullopt});
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        Shape sizes{-1};
        for (auto s : shapeParam(ctx, "shape")) sizes.push_back(s);
        return BuiltNode{nullptr, [sizes](const std::vector<Tensor>& in) {
                             Shape s = sizes;
                             s[0] = in[0].size(0);
                             return std::vector<Tensor>{ops::reshape(in[0], s)};
                         }};
    };
    return t;
}

NodeType positionalEncodingNode() {
    NodeType t;
    t.name = "PositionalEncoding";
    t.category = "Sequence";
    t.help =
        "Adds fixed sine/cosine position signals to a batch-first sequence [N, L, d_model] (the PyTorch "
        "tutorial's PositionalEncoding, without dropout), so that attention can tell the steps apart.";
    t.params = {{.name = "d_model", .type = ParamType::Int, .required = true, .min = 1, .help = "feature size"},
                {.name = "max_len",
                 .type = ParamType::Int,
                 .defaultValue = 5000,
                 .min = 1,
                 .help = "longest sequence the table covers"}};
    t.inputs = {{"input", "[N, L, d_model]"}};
    t.outputs = {{"output", "same shape"}};
    t.infer = [](const NodeContext& ctx) {
        requireRank(ctx, 0, 3, 3, "a batch-first sequence [N, L, d_model]");
        requireFloat(ctx, 0);
        const auto& s = ctx.inputs[0].shape;
        const std::int64_t d = ctx.integer("d_model");
        if (!(s[2] == Dim(d))) {
            throw NodeProblem("PositionalEncoding expects d_model = " + std::to_string(d) +
                                  " features (the last dim), gets " + shapeText(ctx.inputs[0]),
                              0, "d_model");
        }
        if (s[1].isKnown() && s[1].size > ctx.integer("max_len")) {
            throw NodeProblem("PositionalEncoding: sequences of " + std::to_string(s[1].size) +
                                  " steps are longer than max_len " + std::to_string(ctx.integer("max_len")),
                              -1, "max_len");
        }
        Inferred r;
        r.outputs.push_back(ctx.inputs[0]);
        return r;
    };
    t.build = [](const NodeContext& ctx, Generator&) {
        auto m = std::make_shared<PositionalEncoding>(ctx.integer("d_model"), ctx.integer("max_len"));
        return BuiltNode{m, [m](const std::vector<Tensor>& in) { return std::vector<Tensor>{m->forward(in[0])}; }};
    };
    return t;
}

enum class LossKind { ClassIndex, Pointwise };

NodeType lossNode(const std::string& name, const std::string& help, LossKind kind, std::vector<ParamSpec> extra,
                  std::function<Tensor(const NodeContext&, const Tensor&, const Tensor&)> compute) {
    NodeType t;
    t.name = name;
    t.category = "Loss";
    t.role = NodeRole::Loss;
    t.help = help;
    t.params = std::move(extra);
    t.params.push_back(reductionParam());
    t.inputs = {{"input", "the prediction"}, {"target", "from the Target node"}};
    t.infer = [name, kind](const NodeContext& ctx) {
        const TensorType& in = ctx.inputs[0];
        const TensorType& target = ctx.inputs[1];
        requireFloat(ctx, 0);
        if (kind == LossKind::ClassIndex) {
            requireRank(ctx, 0, 2, 16, "class scores [N, C] (or [N, C, d1, …])");
            if (target.dtype == DType::Int64) {
                SymShape want = in.shape;
                want.erase(want.begin() + 1);
                if (target.shape != want) {
                    throw NodeProblem(name + ": class-index targets for scores " + shapeText(in) + " must have shape " +
                                          toString(want) + ", gets " + shapeText(target),
                                      1);
                }
                if (target.classes && in.shape[1].isKnown() && in.shape[1].size != *target.classes) {
                    throw NodeProblem(name + ": the prediction " + shapeText(in) + " scores " +
                                          std::to_string(in.shape[1].size) + " classes but the Target has " +
                                          std::to_string(*target.classes) + " — make the last layer output " +
                                          std::to_string(*target.classes),
                                      0);
                }
            } else if (name == "NLLLoss") {
                throw NodeProblem("NLLLoss needs int64 class-index targets, gets " + describe(target) +
                                      " — give the Target classes instead of a shape",
                                  1);
            } else if (target.shape != in.shape) {
                throw NodeProblem(name + ": class-probability targets must have the prediction's shape " +
                                      shapeText(in) + ", gets " + shapeText(target),
                                  1);
            }
        } else {
            if (target.dtype == DType::Int64) {
                throw NodeProblem(
                    name + " needs float targets of the prediction's shape " + shapeText(in) +
                        ", but the Target gives class indices — give the Target a shape instead of classes",
                    1);
            }
            if (target.shape != in.shape) {
                std::string why;
                if (auto b = broadcast(in.shape, target.shape)) {
                    why = "; torch would broadcast them to " + toString(*b) + " and compute the wrong loss";
                }
                throw NodeProblem(name + ": the prediction " + shapeText(in) + " and the target " + shapeText(target) +
                                      " differ in shape" + why,
                                  1);
            }
        }
        return Inferred{};
    };
    t.build = [compute](const NodeContext& ctx, Generator&) {
        // The context refers to the builder's data; the loss keeps copies for the life of the model.
        auto saved =
            std::make_shared<std::tuple<Node, io::Json, std::vector<TensorType>>>(ctx.node, ctx.params, ctx.inputs);
        return BuiltNode{nullptr, [compute, saved](const std::vector<Tensor>& in) {
                             const NodeContext c{std::get<0>(*saved), std::get<1>(*saved), std::get<2>(*saved)};
                             return std::vector<Tensor>{compute(c, in[0], in[1])};
                         }};
    };
    return t;
}

}  // namespace

void registerBuiltinNodes(NodeTypeRegistry& registry) {
    registry.add(inputNode());
    registry.add(targetNode());
    registry.add(outputNode());
    registry.add(normalizeNode());
    registry.add(
        elementwiseNode("Add", "Adds its inputs element-wise (with broadcasting): residual connections.", true));
    registry.add(elementwiseNode("Mul", "Multiplies its inputs element-wise (with broadcasting): gates.", false));
    registry.add(concatNode());
    registry.add(selectLastNode());
    registry.add(reshapeNode());
    registry.add(positionalEncodingNode());

    const ParamSpec ignoreIndex{.name = "ignore_index",
                                .type = ParamType::Int,
                                .defaultValue = -100,
                                .help = "targets equal to this class contribute nothing"};
    registry.add(lossNode("CrossEntropyLoss",
                          "Cross-entropy of class scores (logits) against class indices or class probabilities.",
                          LossKind::ClassIndex,
                          {ignoreIndex,
                           {.name = "label_smoothing",
                            .type = ParamType::Float,
                            .defaultValue = 0.0,
                            .min = 0.0,
                            .max = 1.0,
                            .help = "mixes this much of the uniform distribution into the targets"}},
                          [](const NodeContext& c, const Tensor& x, const Tensor& y) {
                              return ops::crossEntropy(x, y, {}, ops::parseReduction(c.string("reduction")),
                                                       c.integer("ignore_index"), c.number("label_smoothing"));
                          }));
    registry.add(lossNode(
        "NLLLoss", "Negative log-likelihood of log-probabilities (after LogSoftmax) against class indices.",
        LossKind::ClassIndex, {ignoreIndex}, [](const NodeContext& c, const Tensor& x, const Tensor& y) {
            return ops::nllLoss(x, y, {}, ops::parseReduction(c.string("reduction")), c.integer("ignore_index"));
        }));
    registry.add(lossNode("MSELoss", "Mean squared error between prediction and target.", LossKind::Pointwise, {},
                          [](const NodeContext& c, const Tensor& x, const Tensor& y) {
                              return ops::mseLoss(x, y, ops::parseReduction(c.string("reduction")));
                          }));
    registry.add(lossNode("L1Loss", "Mean absolute error between prediction and target.", LossKind::Pointwise, {},
                          [](const NodeContext& c, const Tensor& x, const Tensor& y) {
                              return ops::l1Loss(x, y, ops::parseReduction(c.string("reduction")));
                          }));
    registry.add(lossNode(
        "SmoothL1Loss", "L1 loss that is quadratic below beta: robust to outliers, smooth near 0.", LossKind::Pointwise,
        {{.name = "beta",
          .type = ParamType::Float,
          .defaultValue = 1.0,
          .min = 0.0,
          .help = "where the loss turns linear"}},
        [](const NodeContext& c, const Tensor& x, const Tensor& y) {
            return ops::smoothL1Loss(x, y, ops::parseReduction(c.string("reduction")), c.number("beta"));
        }));
    registry.add(lossNode("HuberLoss", "Huber loss: quadratic below delta, linear above.", LossKind::Pointwise,
                          {{.name = "delta",
                            .type = ParamType::Float,
                            .defaultValue = 1.0,
                            .min = 0.0,
                            .help = "where the loss turns linear"}},
                          [](const NodeContext& c, const Tensor& x, const Tensor& y) {
                              return ops::huberLoss(x, y, ops::parseReduction(c.string("reduction")),
                                                    c.number("delta"));
                          }));
    registry.add(lossNode(
        "BCEWithLogitsLoss", "Binary cross-entropy of logits (sigmoid included) against 0/1 targets of the same shape.",
        LossKind::Pointwise,
        {{.name = "pos_weight",
          .type = ParamType::OptionalFloat,
          .defaultValue = nullptr,
          .min = 0.0,
          .help = "weight of the positive examples (one number for every output; null = 1)"}},
        [](const NodeContext& c, const Tensor& x, const Tensor& y) {
            Tensor posWeight;
            if (!c.isNull("pos_weight")) posWeight = full({1}, c.number("pos_weight"), x.dtype());
            return ops::binaryCrossEntropyWithLogits(x, y, {}, posWeight, ops::parseReduction(c.string("reduction")));
        }));
    registry.add(lossNode("BCELoss", "Binary cross-entropy of probabilities (after Sigmoid) against 0/1 targets.",
                          LossKind::Pointwise, {}, [](const NodeContext& c, const Tensor& x, const Tensor& y) {
                              return ops::binaryCrossEntropy(x, y, {}, ops::parseReduction(c.string("reduction")));
                          }));
}

}  // namespace tessera::graph::detail
