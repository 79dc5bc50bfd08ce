// ParamEditor: one parameter of a node as a typed editor built from its schema (nn::ParamSpec), so
// that every value can be set with the mouse and none needs JSON typed in:
//   Int, Float           a spin box with the schema's range
//   Bool / Choice        a check box / a combo box
//   OptionalInt/Float    a "None" check box beside the spin box (any parameter whose default is None)
//   IntOrTuple           one spin box plus a "per dimension" toggle showing tupleSize spin boxes, and a
//                        combo for the schema's strings ('same', 'valid') where it allows them; a list of
//                        any length (an Input's shape) is a row of spin boxes with − and + buttons
//   String, Layers       a text field (a name, or Sequential's children as JSON)
// A required parameter that is not set yet shows "not set" (the spin box one below its minimum).
// paramState()/paramValue() are the editor's model — how a JSON value maps onto what the editor shows
// and back — and are tested without the widget.
//
//   auto* editor = new ParamEditor(spec);          // spec of Conv2d's "kernel_size"
//   editor->setValue(io::Json(3));                  // shows 3, per dimension off
//   connect(editor, &ParamEditor::edited, this, [](const io::Json& v) { … });   // [3, 5] after a toggle
#pragma once

#include <QList>
#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

#include "core/io/json.h"
#include "core/nn/layer_registry.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace tessera::widgets {

class NumberBox;

// What an editor shows for one value.
struct ParamState {
    bool unset = false;         // null: None for a nullable parameter, "not set" for a required one
    QString text;               // Choice and String values; IntOrTuple's string choice ("same"), "" for numbers
    bool flag = false;          // Bool
    bool perDimension = false;  // IntOrTuple with a tupleSize: one value per dimension
    // Int/Float/Optional*: one number; IntOrTuple: one, tupleSize or (lists) any count of them.
    // nullopt is a null element (torch's None in AdaptiveAvgPool2d's output_size).
    std::vector<std::optional<double>> numbers;

    friend bool operator==(const ParamState&, const ParamState&) = default;
};

// True when null is a valid value of the parameter (its type is optional or its default is None).
bool paramNullable(const nn::ParamSpec& spec);
// True for an IntOrTuple of any length (a shape), edited as a list with − and +.
bool paramIsList(const nn::ParamSpec& spec);
ParamState paramState(const nn::ParamSpec& spec, const io::Json& value);
// The JSON value for a state; null when unset (or a list is empty).
io::Json paramValue(const nn::ParamSpec& spec, const ParamState& state);

class ParamEditor : public QWidget {
    Q_OBJECT
public:
    explicit ParamEditor(nn::ParamSpec spec, QWidget* parent = nullptr);

    const nn::ParamSpec& spec() const { return m_spec; }
    io::Json value() const { return paramValue(m_spec, m_state); }
    ParamState state() const { return m_state; }
    // Shows a value without emitting edited().
    void setValue(const io::Json& value);

    // The parts, for tests and for people using the keyboard: the single spin box ("value"), the
    // per-dimension ones ("dim0", "dim1", …), "none", "perDimension", "mode", "add", "remove".
    QSpinBox* spinBox(int index = -1) const;  // -1: the single one
    NumberBox* doubleSpinBox() const { return m_double; }
    QCheckBox* noneBox() const { return m_none; }
    QCheckBox* perDimensionBox() const { return m_perDimension; }
    QCheckBox* checkBox() const { return m_check; }
    QComboBox* comboBox() const { return m_combo; }
    QToolButton* addButton() const { return m_add; }
    QToolButton* removeButton() const { return m_remove; }
    QLineEdit* lineEdit() const { return m_line; }

signals:
    // The user changed the value (never emitted by setValue).
    void edited(const tessera::io::Json& value);

private:
    // What the spin box shows one below the minimum.
    enum class Special { Nothing, NotSet, None };
    QSpinBox* newSpinBox(const QString& name, Special special);
    void readSpinBox(QSpinBox* box);
    void syncWidgets();
    void commit(ParamState next);

    nn::ParamSpec m_spec;
    ParamState m_state;
    QHBoxLayout* m_layout;
    QCheckBox* m_none = nullptr;
    QComboBox* m_combo = nullptr;  // Choice, or IntOrTuple's "size"/string choices
    QSpinBox* m_spin = nullptr;
    NumberBox* m_double = nullptr;
    QCheckBox* m_perDimension = nullptr;
    QList<QSpinBox*> m_dims;
    QToolButton* m_add = nullptr;
    QToolButton* m_remove = nullptr;
    QCheckBox* m_check = nullptr;
    QLineEdit* m_line = nullptr;
    bool m_syncing = false;
};

}  // namespace tessera::widgets

Q_DECLARE_METATYPE(tessera::io::Json)
