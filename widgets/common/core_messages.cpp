#include "widgets/common/core_messages.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>
#include <vector>

namespace tessera::widgets {

namespace {

// The messages of core/graph's analysis (analysis.cpp) and the most common shape-rule messages, as
// core writes them; more specific templates come before more general ones.
const char* const kTemplates[] = {
    QT_TRANSLATE_NOOP("tessera::core", "a node has an empty id"),
    QT_TRANSLATE_NOOP("tessera::core", "node id '%1' may not contain '.': it names the node's weights ('%2.weight')"),
    QT_TRANSLATE_NOOP("tessera::core", "two nodes have the id '%1'"),
    QT_TRANSLATE_NOOP("tessera::core", "unknown node type '%1' (did you mean %2?)"),
    QT_TRANSLATE_NOOP("tessera::core", "unknown node type '%1'"),
    QT_TRANSLATE_NOOP("tessera::core", "an edge connects to the unknown node '%1'"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no output port; the edge to '%2' leaves from port %3"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has 1 output port; the edge to '%2' leaves from port %3"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has %2 output ports; the edge to '%3' leaves from port %4"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no input port; the edge from '%2' arrives at port %3"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has 1 input port; the edge from '%2' arrives at port %3"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has %2 input ports; the edge from '%3' arrives at port %4"),
    QT_TRANSLATE_NOOP("tessera::core", "input %1 is fed by both '%2' and '%3'; an input takes one edge"),
    QT_TRANSLATE_NOOP("tessera::core", "is on a cycle (%1); a model graph may not loop back"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has more than one Input node ('%1' and '%2'); it takes exactly one"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has more than one Output node ('%1' and '%2'); it takes exactly one"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has more than one loss node ('%1' and '%2'); it takes exactly one"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has more than one Target node ('%1' and '%2'); it takes exactly one"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has no Input node; add one for the data set's features"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has no Output node; connect the prediction to an Output"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the model has no loss, so it can predict but not train; connect the prediction and a Target "
                      "to a loss such as CrossEntropyLoss or MSELoss"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the model has a loss but no Target node; add a Target and connect it to the loss's target "
                      "input"),
    QT_TRANSLATE_NOOP("tessera::core", "input %1 (%2) is not connected"),
    QT_TRANSLATE_NOOP("tessera::core", "input %1 is not connected"),
    QT_TRANSLATE_NOOP("tessera::core", "%1's shape rule gave %2 outputs for %3 ports"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the Input shape %1 holds %2 features per sample but the data set's rows have %3"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the data set has class labels (%1 classes); give the Target classes %2 instead of a shape"),
    QT_TRANSLATE_NOOP("tessera::core", "the Target has %1 classes but the data set has %2"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the data set's targets are regression values (%1 per sample); give the Target a shape "
                      "instead of classes"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the Target shape %1 holds %2 values per sample but the data set's targets have %3"),
    QT_TRANSLATE_NOOP("tessera::core", "leads to neither the Output nor the loss, so it is never computed"),
    QT_TRANSLATE_NOOP("tessera::core", "Linear expects %1 input features, gets %2 — add Flatten"),
    QT_TRANSLATE_NOOP("tessera::core", "Linear expects %1 input features, gets %2 — set in_features to %3"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1 expects %2 %3 (dim %4), gets %5 — set %6 to %7 or change the layer before it"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no parameter '%2' (did you mean %3?)"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no parameter '%2'; it takes none"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no parameter '%2'; its parameters are %3"),
    // The other shape rules (core/graph/builtin_nodes.cpp, layer_nodes.cpp).
    QT_TRANSLATE_NOOP("tessera::core", "%1: %2 %3 is out of range for a %4-d input %5 (allowed %6 … %7)"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 expects %2, gets %3 — add Flatten before it"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 needs floating-point values, gets %2"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 needs a known sample shape, gets %2"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 needs known spatial sizes, gets %2"),
    QT_TRANSLATE_NOOP("tessera::core", "Target: set either classes (classification) or shape (regression), not both"),
    QT_TRANSLATE_NOOP("tessera::core", "Target: set classes (for class labels) or shape (for regression values)"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: input %2 has shape %3 but input 0 has %4; they cannot be broadcast together"),
    QT_TRANSLATE_NOOP("tessera::core", "Concat: dim 0 is the batch dimension N; join along 1 or later"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "Concat: input %1 has shape %2, input 0 has %3; all dimensions but dim %4 must match"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "SelectLast: dim 0 is the batch dimension N; pick the time dimension (1 for [N, L, H])"),
    QT_TRANSLATE_NOOP("tessera::core", "SelectLast: the sequence is empty"),
    QT_TRANSLATE_NOOP("tessera::core", "Reshape: only one entry of shape may be -1"),
    QT_TRANSLATE_NOOP("tessera::core", "Reshape: a sample of %1 has %2 values; shape %3 cannot hold them"),
    QT_TRANSLATE_NOOP("tessera::core", "PositionalEncoding expects d_model = %1 features (the last dim), gets %2"),
    QT_TRANSLATE_NOOP("tessera::core", "PositionalEncoding: sequences of %1 steps are longer than max_len %2"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: class-index targets for scores %2 must have shape %3, gets %4"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: the prediction %2 scores %3 classes but the Target has %4 — make the last layer output %5"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "NLLLoss needs int64 class-index targets, gets %1 — give the Target classes instead of a shape"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: class-probability targets must have the prediction's shape %2, gets %3"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1 needs float targets of the prediction's shape %2, but the Target gives class indices — give "
                      "the Target a shape instead of classes"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: the prediction %2 and the target %3 differ in shape; torch would broadcast them to %4 and "
                      "compute the wrong loss"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: the prediction %2 and the target %3 differ in shape"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: in_channels must be divisible by groups"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: out_channels must be divisible by groups"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: padding='same' is not supported for strided convolutions"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: the padded input (%2) is smaller than the kernel (%3) — reduce kernel_size or add padding"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: return_indices=true gives two outputs; the graph takes one"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: padding %2 is more than half the kernel size %3"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: the input %2 is too small for the kernel %3 — reduce kernel_size or remove a pooling layer "
                      "before it"),
    QT_TRANSLATE_NOOP("tessera::core", "LayerNorm normalizes the last dims %1, gets %2"),
    QT_TRANSLATE_NOOP("tessera::core", "Flatten: start_dim comes after end_dim"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1 reads %2 as (sequence, batch, features) because batch_first is false, so the batch %3 would "
                      "be taken for time — set batch_first to true"),
    QT_TRANSLATE_NOOP("tessera::core", "MultiheadAttention: embed_dim must be divisible by num_heads"),
    QT_TRANSLATE_NOOP("tessera::core", "TransformerEncoderLayer: d_model must be divisible by nhead"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 has no shape rule in the model graph yet; it cannot be used in a graph"),
    // The layouts those rules name (requireRank's), shown inside "%1 expects %2, gets %3".
    QT_TRANSLATE_NOOP("tessera::core", "a sequence of at least 2 dims [N, L, …]"),
    QT_TRANSLATE_NOOP("tessera::core", "a batched tensor [N, …]"),
    QT_TRANSLATE_NOOP("tessera::core", "a batch-first sequence [N, L, d_model]"),
    QT_TRANSLATE_NOOP("tessera::core", "class scores [N, C] (or [N, C, d1, …])"),
    QT_TRANSLATE_NOOP("tessera::core", "a sequence [N, L, embed_dim] (batch_first) or [L, N, embed_dim]"),
    QT_TRANSLATE_NOOP("tessera::core", "a sequence [N, L, d_model] (batch_first) or [L, N, d_model]"),
    QT_TRANSLATE_NOOP("tessera::core", "a sequence [N, L, input_size] (batch_first) or [L, N, input_size]"),
    // Errors raised while a run starts (core/train): the model that cannot be built, one line per
    // problem as formatProblem() writes it, and the training settings' fields.
    QT_TRANSLATE_NOOP("tessera::core", "%1: cannot build the model:"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 (%2), input %3, parameter '%4': %5"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 (%2), input %3: %4"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 (%2), parameter '%3': %4"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 (%2): warning: %3"),
    QT_TRANSLATE_NOOP("tessera::core", "%1 (%2): %3"),
    QT_TRANSLATE_NOOP("tessera::core", "model: %1"),
    QT_TRANSLATE_NOOP("tessera::core", "the model has no loss node, so it cannot be trained; add a loss and a Target"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "%1: the model has no loss node, so it cannot be trained; add a loss and a Target"),
    QT_TRANSLATE_NOOP("tessera::core", "%1: training.%2: %3"),
    QT_TRANSLATE_NOOP("tessera::core", "must be an integer, found %1"),
    QT_TRANSLATE_NOOP("tessera::core", "must be at least %1, found %2"),
    QT_TRANSLATE_NOOP("tessera::core", "must be at most %1, found %2"),
    QT_TRANSLATE_NOOP("tessera::core", "must be a number, found %1"),
    QT_TRANSLATE_NOOP("tessera::core", "must be true or false, found %1"),
    QT_TRANSLATE_NOOP("tessera::core", "must be a non-empty string, found %1"),
    QT_TRANSLATE_NOOP("tessera::core", "must be an object, found %1"),
    QT_TRANSLATE_NOOP("tessera::core", "must be an object"),
    QT_TRANSLATE_NOOP("tessera::core", "unknown field (expected one of %1)"),
    QT_TRANSLATE_NOOP("tessera::core", "missing (the class name, e.g. \"Adam\")"),
    // The ONNX viewer's reasons (core/onnx/onnx_inspect.cpp).
    QT_TRANSLATE_NOOP("tessera::core",
                      "Tessera has no layer for the ONNX operator %1 (docs/onnx.md lists what it imports)"),
    QT_TRANSLATE_NOOP("tessera::core",
                      "the operator domain '%1' is not ai.onnx; Tessera imports only ONNX's standard operators"),
    QT_TRANSLATE_NOOP("tessera::core", "unsupported ONNX operators: %1 (docs/onnx.md lists what Tessera imports)"),
    // core/data's loader (load_dataset.cpp), as the data panel shows it.
    QT_TRANSLATE_NOOP("tessera::core", "data: missing \"dataset\" (a built-in or generated set) or \"csv\" (a file)"),
    // Last: the general form of requireRank's message, after every more specific "expects".
    QT_TRANSLATE_NOOP("tessera::core", "%1 expects %2, gets %3"),
};

struct Template {
    const char* source;
    QRegularExpression pattern;
};

// Each template as an anchored pattern: its text literally, each %N a lazy group.
const std::vector<Template>& templates() {
    static const std::vector<Template> all = [] {
        std::vector<Template> out;
        static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
        for (const char* source : kTemplates) {
            const QString text = QString::fromUtf8(source);
            QString pattern = QStringLiteral("^");
            qsizetype at = 0;
            for (auto it = placeholder.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                pattern += QRegularExpression::escape(text.mid(at, m.capturedStart() - at)) + QStringLiteral("(.+?)");
                at = m.capturedEnd();
            }
            pattern += QRegularExpression::escape(text.mid(at)) + QStringLiteral("$");
            out.push_back({source, QRegularExpression(pattern, QRegularExpression::DotMatchesEverythingOption)});
        }
        return out;
    }();
    return all;
}

const Template* templateOf(const QString& line) {
    for (const Template& t : templates())
        if (t.pattern.match(line).hasMatch()) return &t;
    return nullptr;
}

// One line: its template translated, with its values filled in. A value that is itself a sentence of
// core's (the message after "node (Type): ", a field's cause, a layout) is translated too; a single word
// (an id, a type, a number) never is.
QString translateLine(const QString& line) {
    const Template* t = templateOf(line);
    if (!t) return line;
    const QRegularExpressionMatch m = t->pattern.match(line);
    QString translated = QCoreApplication::translate("tessera::core", t->source);
    for (int i = 1; i <= m.lastCapturedIndex(); ++i) {
        const QString value = m.captured(i);
        translated =
            translated.arg(value.contains(QLatin1Char(' ')) && templateOf(value) ? translateLine(value) : value);
    }
    return translated;
}

// Each line of a message on its own (cannot build the model: one problem per line), indentation kept.
template <class PerLine>
void forEachLine(const QString& text, PerLine perLine) {
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        qsizetype indent = 0;
        while (indent < line.size() && line[indent] == QLatin1Char(' ')) ++indent;
        perLine(line.left(indent), line.mid(indent));
    }
}

}  // namespace

QString coreMessage(std::string_view message) {
    const QString text = QString::fromUtf8(message.data(), static_cast<qsizetype>(message.size()));
    QStringList lines;
    forEachLine(text, [&](const QString& indent, const QString& line) { lines << indent + translateLine(line); });
    return lines.join(QLatin1Char('\n'));
}

bool matchesCoreTemplate(std::string_view message) {
    const QString text = QString::fromUtf8(message.data(), static_cast<qsizetype>(message.size()));
    bool all = true;
    forEachLine(text, [&](const QString&, const QString& line) { all = all && templateOf(line); });
    return all;
}

}  // namespace tessera::widgets
