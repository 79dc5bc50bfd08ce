#include "widgets/designer/property_editor.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "core/graph/node_type_registry.h"
#include "widgets/common/core_text.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/param_editor.h"

namespace tessera::widgets {

namespace {

// The node's value of a parameter: what the user set, else what the analysis resolved (the
// schema's default), else the default itself.
io::Json currentValue(const GraphModel* model, const std::string& id, const nn::ParamSpec& spec) {
    const graph::Node& n = model->graph().node(id);
    if (const io::Json* v = n.params.find(spec.name)) return *v;
    if (const graph::NodeReport* r = model->report().node(id)) {
        if (const io::Json* v = r->params.find(spec.name)) return *v;
    }
    return spec.defaultValue;
}

}  // namespace

PropertyEditor::PropertyEditor(GraphModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_title(new QLabel(this)),
      m_name(new QLineEdit(this)),
      m_nameProblem(new QLabel(this)),
      m_help(new QLabel(this)),
      m_problems(new QLabel(this)),
      m_form(new QWidget(this)),
      m_layout(new QFormLayout(m_form)) {
    setObjectName(QStringLiteral("PropertyEditor"));
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setToolTip(
        tr("The node's name: it names the node's weights (name.weight) and must be unique, "
           "made of letters, digits and _"));
    m_nameProblem->setWordWrap(true);
    m_nameProblem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_help->setWordWrap(true);
    m_help->setStyleSheet(QStringLiteral("color: #5f6368"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_layout->setContentsMargins(0, 0, 0, 0);
    auto* nameRow = new QWidget(this);
    auto* nameLayout = new QFormLayout(nameRow);
    nameLayout->setContentsMargins(0, 0, 0, 0);
    nameLayout->addRow(tr("name"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(nameRow);
    layout->addWidget(m_nameProblem);
    layout->addWidget(m_help);
    layout->addWidget(m_form);
    layout->addWidget(m_problems);
    layout->addStretch(1);
    connect(m_name, &QLineEdit::editingFinished, this, &PropertyEditor::rename);
    connect(m_name, &QLineEdit::textEdited, this,
            [this](const QString& text) { showNameProblem(m_model->renameProblem(m_id, text)); });
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

QString PropertyEditor::nameProblem() const { return m_nameProblem->text(); }

void PropertyEditor::showNameProblem(const QString& text) {
    m_nameProblem->setText(text);
    m_nameProblem->setVisible(!text.isEmpty());
}

void PropertyEditor::rename() {
    const QString to = m_name->text().trimmed();
    if (m_id.isEmpty() || to == m_id) {
        showNameProblem({});
        return;
    }
    const QString from = m_id;
    // The editor follows the node through the rename (its old id disappears from the model first).
    m_id = to;
    if (!m_model->renameNode(from, to)) {
        m_id = from;
        showNameProblem(tr("Not renamed: %1").arg(m_model->lastError()));
        return;
    }
    showNameProblem({});
    emit nodeRenamed(from, to);
}

void PropertyEditor::rebuild() {
    while (m_layout->rowCount() > 0) m_layout->removeRow(0);
    m_editors.clear();
    showNameProblem({});
    const graph::Node* node = m_id.isEmpty() ? nullptr : m_model->graph().findNode(m_id.toStdString());
    const graph::NodeType* type = node ? graph::NodeTypeRegistry::instance().find(node->type) : nullptr;
    m_name->parentWidget()->setVisible(node != nullptr);
    m_name->setText(m_id);
    if (!node) {
        m_title->setText(tr("<i>Select a node to edit its parameters.</i>"));
        m_help->clear();
        m_problems->clear();
        return;
    }
    m_title->setText(QStringLiteral("<b>%1</b>").arg(QString::fromStdString(node->type)));
    m_help->setText(type ? coreText(type->help) : tr("Unknown node type."));
    if (!type) return;
    for (const nn::ParamSpec& spec : type->params) {
        const QString name = QString::fromStdString(spec.name);
        auto* editor = new ParamEditor(spec, m_form);
        editor->setObjectName(name);
        connect(editor, &ParamEditor::edited, this, [this, name, required = spec.required](const io::Json& v) {
            if (v.isNull() && required) {
                m_model->unsetParam(m_id, name);
            } else {
                m_model->setParam(m_id, name, v);
            }
        });
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
        if (ParamEditor* editor = m_editors.value(QString::fromStdString(spec.name)))
            editor->setValue(currentValue(m_model, node->id, spec));
    }
    m_problems->setText(m_model->nodeData(m_id, GraphModel::ShapeErrorRole).toString());
}

}  // namespace tessera::widgets
