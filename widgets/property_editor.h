// PropertyEditor: the parameters of one node as typed editors built from its type's schema — spin
// boxes with the schema's ranges for numbers, combo boxes for choices, check boxes for flags, and a
// JSON line for tuples and optional values — with the node's problems underneath. Every edit goes
// through GraphModel::setParam (so through the undo stack); typing into one editor is one step.
//
//   auto* editor = new PropertyEditor(model);
//   editor->setNode("conv1");
//   editor->editor("out_channels");     // the QSpinBox, for tests
#pragma once

#include <QHash>
#include <QString>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace tessera::widgets {

class GraphModel;

class PropertyEditor : public QWidget {
    Q_OBJECT
public:
    explicit PropertyEditor(GraphModel* model, QWidget* parent = nullptr);

    QString node() const { return m_id; }
    void setNode(const QString& id);  // "" shows nothing
    QWidget* editor(const QString& param) const { return m_editors.value(param); }

private:
    void rebuild();
    void showValues();

    GraphModel* m_model;
    QString m_id;
    QLabel* m_title;
    QLabel* m_help;
    QLabel* m_problems;
    QWidget* m_form;
    QFormLayout* m_layout;
    QHash<QString, QWidget*> m_editors;
};

}  // namespace tessera::widgets
