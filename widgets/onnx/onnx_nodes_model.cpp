#include "widgets/onnx/onnx_nodes_model.h"

#include <QColor>
#include <QLocale>
#include <QStringList>

#include "widgets/common/core_messages.h"

namespace tessera::widgets {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }
QString html(const std::string& s) { return text(s).toHtmlEscaped(); }

QString joined(const std::vector<std::string>& names) {
    QStringList out;
    for (const auto& n : names) out << (n.empty() ? QStringLiteral("—") : text(n));
    return out.join(QStringLiteral(", "));
}

std::int64_t valueCount(const onnx::InspectedTensor& t) {
    std::int64_t n = 1;
    for (const auto& d : t.dims) n *= d.empty() ? 0 : std::stoll(d);
    return n;
}

}  // namespace

OnnxNodesModel::OnnxNodesModel(QObject* parent) : QAbstractTableModel(parent) {}

void OnnxNodesModel::setModel(onnx::InspectedModel model) {
    beginResetModel();
    m_model = std::move(model);
    endResetModel();
}

int OnnxNodesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_model.nodes.size());
}

int OnnxNodesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString OnnxNodesModel::nodeName(int row) const {
    const auto& n = m_model.nodes.at(static_cast<std::size_t>(row));
    return n.name.empty() ? QStringLiteral("%1 #%2").arg(text(n.opType)).arg(row + 1) : text(n.name);
}

QVariant OnnxNodesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& n = m_model.nodes[static_cast<std::size_t>(index.row())];
    switch (role) {
        case SupportedRole:
            return n.supported;
        case ReasonRole:
            return n.supported ? QString() : coreMessage(n.reason);
        case OperatorRole:
            return text(n.opType);
        case Qt::ToolTipRole:
            return n.supported ? QVariant() : QVariant(tr("Not imported: %1").arg(coreMessage(n.reason)));
        case Qt::ForegroundRole:
            return n.supported || index.column() != ImportColumn ? QVariant() : QVariant(QColor(0xb0, 0x20, 0x20));
        case Qt::DisplayRole:
            switch (index.column()) {
                case NameColumn:
                    return nodeName(index.row());
                case OperatorColumn:
                    return n.domain.empty() ? text(n.opType) : text(n.domain + "." + n.opType);
                case InputsColumn:
                    return joined(n.inputs);
                case OutputsColumn:
                    return joined(n.outputs);
                case ImportColumn:
                    return n.supported ? tr("yes") : tr("not supported");
                default:
                    return {};
            }
        default:
            return {};
    }
}

QVariant OnnxNodesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case NameColumn:
            return tr("Node");
        case OperatorColumn:
            return tr("Operator");
        case InputsColumn:
            return tr("Inputs");
        case OutputsColumn:
            return tr("Outputs");
        case ImportColumn:
            return tr("Importable");
        default:
            return {};
    }
}

int OnnxNodesModel::unsupportedCount() const {
    int n = 0;
    for (const auto& node : m_model.nodes) n += node.supported ? 0 : 1;
    return n;
}

QString OnnxNodesModel::summary() const {
    std::int64_t values = 0;
    for (const auto& w : m_model.weights) values += valueCount(w);
    QStringList opsets;
    for (const auto& [domain, version] : m_model.opsets)
        opsets << (domain.empty() ? tr("opset %1").arg(version)
                                  : QStringLiteral("%1 %2").arg(text(domain)).arg(version));
    QStringList parts;
    if (!m_model.producer.empty()) parts << text(m_model.producer);
    parts << tr("IR %1").arg(m_model.irVersion) << opsets.join(QStringLiteral(", "))
          << tr("%n node(s)", nullptr, rowCount())
          << tr("%n weight(s) (%1 values)", nullptr, static_cast<int>(m_model.weights.size()))
                 .arg(QLocale().toString(static_cast<qlonglong>(values)));
    const int unsupported = unsupportedCount();
    parts << (unsupported ? tr("%n not supported for training", nullptr, unsupported) : tr("every node importable"));
    return parts.join(QStringLiteral(" · "));
}

QString OnnxNodesModel::signature() const {
    auto list = [](const std::vector<onnx::InspectedTensor>& values) {
        QStringList out;
        for (const auto& v : values)
            out << QStringLiteral("%1 %2 %3").arg(text(v.name), text(v.dtype), text(v.shapeText()));
        return out.join(QStringLiteral(", "));
    };
    return tr("inputs: %1 → outputs: %2").arg(list(m_model.inputs), list(m_model.outputs));
}

std::vector<const onnx::InspectedTensor*> OnnxNodesModel::weightsOf(int row) const {
    std::vector<const onnx::InspectedTensor*> out;
    const auto& n = m_model.nodes.at(static_cast<std::size_t>(row));
    for (const auto& in : n.inputs)
        if (const auto* w = m_model.weight(in)) out.push_back(w);
    for (const auto& a : n.attributes)
        if (a.type == "tensor") out.push_back(&a.tensor);
    return out;
}

QString OnnxNodesModel::origin(const std::string& value) const {
    if (value.empty()) return tr("(optional input left out)");
    if (m_model.weight(value)) return tr("weight");
    if (const int p = m_model.producerOf(value); p >= 0) return tr("from %1").arg(nodeName(p).toHtmlEscaped());
    for (const auto& in : m_model.inputs)
        if (in.name == value) return tr("the model's input");
    return tr("not computed in this graph");
}

QString OnnxNodesModel::nodeHtml(int row, const TensorPanel& panel) const {
    const auto& n = m_model.nodes.at(static_cast<std::size_t>(row));
    QString out =
        QStringLiteral("<h3>%1 <span style='color:#666'>%2</span></h3>")
            .arg(html(n.domain.empty() ? n.opType : n.domain + "." + n.opType), nodeName(row).toHtmlEscaped());
    if (!n.supported) {
        out += QStringLiteral("<p style='color:#b02020'><b>%1</b> %2</p>")
                   .arg(tr("Not supported for training:"), coreMessage(n.reason).toHtmlEscaped());
    }
    auto shapeOf = [&](const std::string& v) {
        const auto* info = m_model.value(v);
        return info ? html(info->dtype + " " + info->shapeText()) : tr("shape not recorded");
    };
    auto ports = [&](const QString& title, const std::vector<std::string>& values, bool inputs) {
        if (values.empty()) return;
        out += QStringLiteral("<p><b>%1</b></p><table cellspacing='0' cellpadding='2'>").arg(title);
        for (const auto& v : values) {
            out += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td><td style='color:#666'>%3</td></tr>")
                       .arg(v.empty() ? QStringLiteral("—") : html(v), v.empty() ? QString() : shapeOf(v),
                            inputs ? origin(v) : QString());
        }
        out += QStringLiteral("</table>");
    };
    out += QStringLiteral("<p><b>%1</b></p>").arg(tr("Attributes"));
    if (n.attributes.empty()) {
        out += QStringLiteral("<p style='color:#666'>%1</p>").arg(tr("none"));
    } else {
        out += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
        for (const auto& a : n.attributes) {
            out += QStringLiteral("<tr><td><code>%1</code></td><td style='color:#666'>%2</td><td>%3</td></tr>")
                       .arg(html(a.name), html(a.type), html(a.value));
        }
        out += QStringLiteral("</table>");
    }
    ports(tr("Inputs"), n.inputs, true);
    ports(tr("Outputs"), n.outputs, false);
    const auto weights = weightsOf(row);
    if (!weights.empty()) {
        out += QStringLiteral("<p><b>%1</b></p>").arg(tr("Weights"));
        for (const auto* w : weights) {
            if (w->values.defined()) {
                out += panel(*w);
            } else {
                out += QStringLiteral("<p><code>%1</code> %2 %3 — %4</p>")
                           .arg(html(w->name), html(w->dtype), html(w->shapeText()),
                                tr("values not read: %1").arg(html(w->unreadable)));
            }
        }
    }
    return out;
}

}  // namespace tessera::widgets
