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
    // core/data's loader (load_dataset.cpp), as the data panel shows it.
    QT_TRANSLATE_NOOP("tessera::core", "data: missing \"dataset\" (a built-in or generated set) or \"csv\" (a file)"),
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

}  // namespace

QString coreMessage(std::string_view message) {
    const QString text = QString::fromUtf8(message.data(), static_cast<qsizetype>(message.size()));
    for (const Template& t : templates()) {
        const QRegularExpressionMatch m = t.pattern.match(text);
        if (!m.hasMatch()) continue;
        QString translated = QCoreApplication::translate("tessera::core", t.source);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i) translated = translated.arg(m.captured(i));
        return translated;
    }
    return text;
}

bool matchesCoreTemplate(std::string_view message) {
    const QString text = QString::fromUtf8(message.data(), static_cast<qsizetype>(message.size()));
    for (const Template& t : templates())
        if (t.pattern.match(text).hasMatch()) return true;
    return false;
}

}  // namespace tessera::widgets
