// PropertyEditor: the selected node's name and its parameters as typed editors built from its type's
// schema (see ParamEditor: spin boxes with the schema's ranges, "None" toggles, per-dimension tuples,
// shape lists with − and +, combo boxes, check boxes), with the node's problems underneath. Every
// edit goes through the GraphModel (so through the undo stack); the edits of one parameter that
// follow each other are one step. Renaming checks the name first and says why it is refused.
//
//   auto* editor = new PropertyEditor(model);
//   editor->setNode("conv1");
//   editor->editor("out_channels")->spinBox();    // the QSpinBox, for tests
//   editor->nameEdit();                            // type a new name, press Enter
#pragma once

#include <QHash>
#include <QString>
#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;

namespace tessera::widgets {

class GraphModel;
class ParamEditor;

class PropertyEditor : public QWidget {
    Q_OBJECT
public:
    explicit PropertyEditor(GraphModel* model, QWidget* parent = nullptr);

    QString node() const { return m_id; }
    void setNode(const QString& id);  // "" shows nothing
    ParamEditor* editor(const QString& param) const { return m_editors.value(param); }
    QLineEdit* nameEdit() const { return m_name; }
    // Why the last rename was refused ("" after a good one).
    QString nameProblem() const;

signals:
    void nodeRenamed(const QString& from, const QString& to);

private:
    void rebuild();
    void showValues();
    void rename();
    void showNameProblem(const QString& text);

    GraphModel* m_model;
    QString m_id;
    QLabel* m_title;
    QLineEdit* m_name;
    QLabel* m_nameProblem;
    QLabel* m_help;
    QLabel* m_problems;
    QWidget* m_form;
    QFormLayout* m_layout;
    QHash<QString, ParamEditor*> m_editors;
};

}  // namespace tessera::widgets
