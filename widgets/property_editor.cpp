#include "widgets/property_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "core/graph/node_type_registry.h"
#include "core/tensor/error.h"
#include "widgets/graph_model.h"

namespace tessera::widgets {

namespace {

// The node's value of a parameter with the schema's default filled in.
io::Json currentValue(const GraphModel* model, const std::string& id, const nn::ParamSpec& spec) {
    const graph::Node& n = model->graph().node(id);
    if (const io::Json* v = n.params.find(spec.name)) return *v;
    if (const graph::NodeReport* r = model->report().node(id)) {
        if (const io::Json* v = r->params.find(spec.name)) return *v;
    }
    return spec.defaultValue;
}

int intBound(const std::optional<double>& bound, int fallback) {
    if (!bound) return fallback;
    return static_cast<int>(std::clamp(*bound, static_cast<double>(std::numeric_limits<int>::min()),
                                       static_cast<double>(std::numeric_limits<int>::max())));
}

}  // namespace

PropertyEditor::PropertyEditor(GraphModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_title(new QLabel(this)),
      m_help(new QLabel(this)),
      m_problems(new QLabel(this)),
      m_form(new QWidget(this)),
      m_layout(new QFormLayout(m_form)) {
    setObjectName(QStringLiteral("PropertyEditor"));
    m_help->setWordWrap(true);
    m_help->setStyleSheet(QStringLiteral("color: #5f6368"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_help);
    layout->addWidget(m_form);
    layout->addWidget(m_problems);
    layout->addStretch(1);
    connect(m_model, &GraphModel::nodeRemoved, this, [this](const QString& id) {
        if (id == m_id) setNode({});
    });
    connect(m_model, &GraphModel::nodeAdded, this, [this](const QString& id) {
        if (id == m_id) rebuild();
    });
    connect(m_model, &GraphModel::analysisChanged, this, &PropertyEditor::showValues);
    rebuild();
}

void PropertyEditor::setNode(const QString& id) {
    if (id == m_id) return;
    m_id = id;
    rebuild();
}

void PropertyEditor::rebuild() {
    while (m_layout->rowCount() > 0) m_layout->removeRow(0);
    m_editors.clear();
    const graph::Node* node = m_id.isEmpty() ? nullptr : m_model->graph().findNode(m_id.toStdString());
    const graph::NodeType* type = node ? graph::NodeTypeRegistry::instance().find(node->type) : nullptr;
    if (!node) {
        m_title->setText(tr("<i>Select a node to edit its parameters.</i>"));
        m_help->clear();
        m_problems->clear();
        return;
    }
    m_title->setText(QStringLiteral("<b>%1</b> — %2").arg(m_id.toHtmlEscaped(), QString::fromStdString(node->type)));
    m_help->setText(type ? QString::fromStdString(type->help) : tr("Unknown node type."));
    if (!type) return;
    const std::string id = m_id.toStdString();
    for (const nn::ParamSpec& spec : type->params) {
        const QString name = QString::fromStdString(spec.name);
        auto set = [this, name](io::Json value) { m_model->setParam(m_id, name, std::move(value)); };
        QWidget* editor = nullptr;
        switch (spec.type) {
            case nn::ParamType::Int: {
                auto* box = new QSpinBox(m_form);
                box->setRange(intBound(spec.min, -1000000000), intBound(spec.max, 1000000000));
                connect(box, &QSpinBox::valueChanged, this, [set](int v) { set(v); });
                editor = box;
                break;
            }
            case nn::ParamType::Float: {
                auto* box = new QDoubleSpinBox(m_form);
                box->setDecimals(6);
                box->setRange(spec.min.value_or(-1e9), spec.max.value_or(1e9));
                box->setSingleStep(0.01);
                connect(box, &QDoubleSpinBox::valueChanged, this, [set](double v) { set(v); });
                editor = box;
                break;
            }
            case nn::ParamType::Bool: {
                auto* box = new QCheckBox(m_form);
                connect(box, &QCheckBox::toggled, this, [set](bool v) { set(v); });
                editor = box;
                break;
            }
            case nn::ParamType::Choice: {
                auto* box = new QComboBox(m_form);
                for (const std::string& c : spec.choices) box->addItem(QString::fromStdString(c));
                connect(box, &QComboBox::textActivated, this, [set](const QString& v) { set(v.toStdString()); });
                editor = box;
                break;
            }
            default: {
                // Tuples, optional values, strings and layer lists: JSON text, checked by the schema.
                auto* line = new QLineEdit(m_form);
                const bool isString = spec.type == nn::ParamType::String;
                connect(line, &QLineEdit::editingFinished, this, [this, line, set, isString] {
                    const std::string text = line->text().toStdString();
                    if (isString) return set(text);
                    try {
                        set(io::parseJson(text, "value"));
                    } catch (const Error& e) {
                        m_problems->setText(QString::fromUtf8(e.what()));
                    }
                });
                editor = line;
                break;
            }
        }
        editor->setObjectName(name);
        editor->setToolTip(QString::fromStdString(spec.help));
        m_editors.insert(name, editor);
        m_layout->addRow(name, editor);
    }
    showValues();
}

void PropertyEditor::showValues() {
    const graph::Node* node = m_id.isEmpty() ? nullptr : m_model->graph().findNode(m_id.toStdString());
    const graph::NodeType* type = node ? graph::NodeTypeRegistry::instance().find(node->type) : nullptr;
    if (!type) return;
    for (const nn::ParamSpec& spec : type->params) {
        QWidget* editor = m_editors.value(QString::fromStdString(spec.name));
        if (!editor) continue;
        const io::Json v = currentValue(m_model, node->id, spec);
        const QSignalBlocker block(editor);
        if (auto* box = qobject_cast<QSpinBox*>(editor)) {
            if (v.isNumber()) box->setValue(static_cast<int>(v.asNumber()));
        } else if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) {
            if (v.isNumber()) box->setValue(v.asNumber());
        } else if (auto* box = qobject_cast<QCheckBox*>(editor)) {
            if (v.isBool()) box->setChecked(v.asBool());
        } else if (auto* box = qobject_cast<QComboBox*>(editor)) {
            if (v.isString()) box->setCurrentText(QString::fromStdString(v.asString()));
        } else if (auto* line = qobject_cast<QLineEdit*>(editor); line && !line->hasFocus()) {
            line->setText(v.isString() && spec.type == nn::ParamType::String
                              ? QString::fromStdString(v.asString())
                              : QString::fromStdString(io::writeJson(v, 0)).trimmed());
        }
    }
    m_problems->setText(m_model->nodeData(m_id, GraphModel::ShapeErrorRole).toString());
}

}  // namespace tessera::widgets
