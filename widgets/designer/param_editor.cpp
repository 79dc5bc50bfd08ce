#include "widgets/designer/param_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/tensor/error.h"
#include "widgets/common/core_text.h"
#include "widgets/common/number_box.h"

namespace tessera::widgets {

namespace {

constexpr double kIntLimit = 1e9;

bool isInteger(nn::ParamType type) {
    return type == nn::ParamType::Int || type == nn::ParamType::OptionalInt || type == nn::ParamType::IntOrTuple;
}

double lowest(const nn::ParamSpec& spec) { return spec.min.value_or(-kIntLimit); }
double highest(const nn::ParamSpec& spec) { return spec.max.value_or(kIntLimit); }

// What a number editor starts from when its value is None or not set: 1 where the range allows it.
double fallback(const nn::ParamSpec& spec) { return std::clamp(1.0, lowest(spec), highest(spec)); }

int toInt(double v) { return static_cast<int>(std::clamp(v, -kIntLimit, kIntLimit)); }

std::optional<double> element(const io::Json& v) {
    if (v.isNumber()) return v.asNumber();
    return std::nullopt;
}

}  // namespace

bool paramNullable(const nn::ParamSpec& spec) {
    return spec.type == nn::ParamType::OptionalInt || spec.type == nn::ParamType::OptionalFloat ||
           (!spec.required && spec.defaultValue.isNull() && spec.type != nn::ParamType::Layers &&
            spec.type != nn::ParamType::String);
}

bool paramIsList(const nn::ParamSpec& spec) { return spec.type == nn::ParamType::IntOrTuple && spec.tupleSize <= 0; }

ParamState paramState(const nn::ParamSpec& spec, const io::Json& value) {
    ParamState s;
    s.unset = value.isNull();
    switch (spec.type) {
        case nn::ParamType::Int:
        case nn::ParamType::Float:
        case nn::ParamType::OptionalInt:
        case nn::ParamType::OptionalFloat:
            s.numbers = {value.isNumber() ? value.asNumber() : fallback(spec)};
            break;
        case nn::ParamType::Bool:
            s.flag = value.isBool() && value.asBool();
            break;
        case nn::ParamType::Choice:
        case nn::ParamType::String:
            if (value.isString()) s.text = QString::fromStdString(value.asString());
            break;
        case nn::ParamType::IntOrTuple:
            if (value.isString()) s.text = QString::fromStdString(value.asString());
            if (value.isArray()) {
                for (const io::Json& e : value.asArray()) s.numbers.push_back(element(e));
                s.perDimension = !paramIsList(spec);
            } else if (value.isNumber()) {
                s.numbers = {value.asNumber()};
            } else if (!paramIsList(spec)) {
                s.numbers = {fallback(spec)};
            }
            break;
        case nn::ParamType::Layers:
            if (!value.isNull()) s.text = QString::fromStdString(io::writeJson(value, 0)).trimmed();
            break;
    }
    return s;
}

io::Json paramValue(const nn::ParamSpec& spec, const ParamState& state) {
    if (state.unset) return nullptr;
    auto number = [&](const std::optional<double>& v) -> io::Json {
        if (!v) return nullptr;
        if (isInteger(spec.type)) return static_cast<std::int64_t>(std::llround(*v));
        return *v;
    };
    switch (spec.type) {
        case nn::ParamType::Int:
        case nn::ParamType::Float:
        case nn::ParamType::OptionalInt:
        case nn::ParamType::OptionalFloat:
            return state.numbers.empty() ? io::Json() : number(state.numbers.front());
        case nn::ParamType::Bool:
            return state.flag;
        case nn::ParamType::Choice:
        case nn::ParamType::String:
            return state.text.toStdString();
        case nn::ParamType::IntOrTuple: {
            if (!state.text.isEmpty()) return state.text.toStdString();
            if (state.numbers.empty()) return nullptr;
            if (!paramIsList(spec) && !state.perDimension) return number(state.numbers.front());
            io::Json::Array items;
            for (const auto& v : state.numbers) items.push_back(number(v));
            return items;
        }
        case nn::ParamType::Layers:
            return state.text.trimmed().isEmpty() ? io::Json() : io::parseJson(state.text.toStdString(), spec.name);
    }
    return nullptr;
}

ParamEditor::ParamEditor(nn::ParamSpec spec, QWidget* parent)
    : QWidget(parent),
      m_spec(std::move(spec)),
      m_state(paramState(m_spec, m_spec.defaultValue)),
      m_layout(new QHBoxLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    const QString help = coreText(m_spec.help);
    setToolTip(help);
    if (paramNullable(m_spec)) {
        m_none = new QCheckBox(tr("None"), this);
        m_none->setObjectName(QStringLiteral("none"));
        m_none->setToolTip(
            tr("Leave %1 unset (None), as torch's default does").arg(QString::fromStdString(m_spec.name)));
        m_layout->addWidget(m_none);
        connect(m_none, &QCheckBox::toggled, this, [this](bool on) {
            ParamState next = m_state;
            next.unset = on;
            if (!on && paramIsList(m_spec) && next.numbers.empty()) next.numbers = {fallback(m_spec)};
            commit(next);
        });
    }
    switch (m_spec.type) {
        case nn::ParamType::Int:
        case nn::ParamType::OptionalInt:
            m_spin = newSpinBox(QStringLiteral("value"), m_spec.required ? Special::NotSet : Special::Nothing);
            break;
        case nn::ParamType::Float:
        case nn::ParamType::OptionalFloat: {
            m_double = new NumberBox(this);
            m_double->setObjectName(QStringLiteral("value"));
            m_double->setRange(m_spec.min.value_or(-std::numeric_limits<double>::max()),
                               m_spec.max.value_or(std::numeric_limits<double>::max()));
            m_double->setToolTip(help);
            m_layout->addWidget(m_double, 1);
            connect(m_double, &NumberBox::valueChanged, this, [this](double v) {
                if (m_syncing) return;
                ParamState next = m_state;
                next.numbers = {v};
                commit(next);
            });
            break;
        }
        case nn::ParamType::Bool:
            m_check = new QCheckBox(this);
            m_check->setObjectName(QStringLiteral("value"));
            m_check->setToolTip(help);
            m_layout->addWidget(m_check, 1);
            connect(m_check, &QCheckBox::toggled, this, [this](bool on) {
                ParamState next = m_state;
                next.flag = on;
                commit(next);
            });
            break;
        case nn::ParamType::Choice:
            m_combo = new QComboBox(this);
            m_combo->setObjectName(QStringLiteral("value"));
            for (const std::string& c : m_spec.choices) m_combo->addItem(QString::fromStdString(c));
            m_combo->setToolTip(help);
            m_layout->addWidget(m_combo, 1);
            connect(m_combo, &QComboBox::textActivated, this, [this](const QString& text) {
                ParamState next = m_state;
                next.text = text;
                commit(next);
            });
            break;
        case nn::ParamType::IntOrTuple:
            if (!m_spec.choices.empty()) {
                // A number, or one of the schema's strings ('same', 'valid').
                m_combo = new QComboBox(this);
                m_combo->setObjectName(QStringLiteral("mode"));
                m_combo->addItem(tr("size"), QString());
                for (const std::string& c : m_spec.choices)
                    m_combo->addItem(QStringLiteral("'%1'").arg(QString::fromStdString(c)), QString::fromStdString(c));
                m_combo->setToolTip(help);
                m_layout->addWidget(m_combo);
                connect(m_combo, &QComboBox::activated, this, [this](int index) {
                    ParamState next = m_state;
                    next.text = m_combo->itemData(index).toString();
                    if (next.text.isEmpty() && next.numbers.empty()) next.numbers = {fallback(m_spec)};
                    commit(next);
                });
            }
            if (paramIsList(m_spec)) {
                m_remove = new QToolButton(this);
                m_remove->setObjectName(QStringLiteral("remove"));
                m_remove->setText(QStringLiteral("−"));
                m_remove->setToolTip(tr("Remove the last dimension"));
                m_add = new QToolButton(this);
                m_add->setObjectName(QStringLiteral("add"));
                m_add->setText(QStringLiteral("+"));
                m_add->setToolTip(tr("Add a dimension"));
                m_layout->addStretch(1);
                m_layout->addWidget(m_remove);
                m_layout->addWidget(m_add);
                connect(m_add, &QToolButton::clicked, this, [this] {
                    ParamState next = m_state;
                    next.unset = false;
                    next.numbers.push_back(fallback(m_spec));
                    commit(next);
                });
                connect(m_remove, &QToolButton::clicked, this, [this] {
                    ParamState next = m_state;
                    if (next.numbers.empty()) return;
                    next.numbers.pop_back();
                    commit(next);
                });
            } else {
                m_spin = newSpinBox(QStringLiteral("value"), m_spec.required ? Special::NotSet : Special::Nothing);
                for (int i = 0; i < m_spec.tupleSize; ++i)
                    m_dims << newSpinBox(QStringLiteral("dim%1").arg(i),
                                         m_spec.nullElements ? Special::None : Special::Nothing);
                m_perDimension = new QCheckBox(tr("per dim"), this);
                m_perDimension->setObjectName(QStringLiteral("perDimension"));
                m_perDimension->setToolTip(tr("A different value for each of the %n dimensions", "", m_spec.tupleSize));
                m_layout->addWidget(m_perDimension);
                connect(m_perDimension, &QCheckBox::toggled, this, [this](bool on) {
                    ParamState next = m_state;
                    next.perDimension = on;
                    // Switching keeps the value: 3 becomes [3, 3], and [3, 5] becomes 3.
                    const std::optional<double> first = next.numbers.empty() || !next.numbers.front()
                                                            ? std::optional<double>(fallback(m_spec))
                                                            : next.numbers.front();
                    next.numbers.assign(on ? static_cast<std::size_t>(m_spec.tupleSize) : 1, first);
                    commit(next);
                });
            }
            break;
        case nn::ParamType::String:
        case nn::ParamType::Layers:
            m_line = new QLineEdit(this);
            m_line->setObjectName(QStringLiteral("value"));
            m_line->setToolTip(help);
            m_layout->addWidget(m_line, 1);
            connect(m_line, &QLineEdit::editingFinished, this, [this] {
                ParamState next = m_state;
                next.text = m_line->text();
                commit(next);
            });
            break;
    }
    syncWidgets();
}

QSpinBox* ParamEditor::newSpinBox(const QString& name, Special special) {
    auto* box = new QSpinBox(this);
    box->setObjectName(name);
    // One below the minimum reads "not set" (a required value) or "None" (a null element).
    box->setRange(toInt(lowest(m_spec)) - (special == Special::Nothing ? 0 : 1), toInt(highest(m_spec)));
    if (special == Special::NotSet) box->setSpecialValueText(tr("not set"));
    if (special == Special::None) box->setSpecialValueText(tr("None"));
    box->setKeyboardTracking(false);
    box->setToolTip(toolTip());
    m_layout->insertWidget(m_add ? m_layout->indexOf(m_remove) - 1 : m_layout->count(), box, 1);
    connect(box, &QSpinBox::valueChanged, this, [this, box] {
        if (!m_syncing) readSpinBox(box);
    });
    return box;
}

QSpinBox* ParamEditor::spinBox(int index) const {
    if (index < 0) return m_spin;
    return index < m_dims.size() ? m_dims[index] : nullptr;
}

void ParamEditor::readSpinBox(QSpinBox* box) {
    ParamState next = m_state;
    const bool special = !box->specialValueText().isEmpty() && box->value() == box->minimum();
    const std::optional<double> v = special ? std::nullopt : std::optional<double>(box->value());
    if (box == m_spin) {
        // Stepping below the minimum of a required value un-sets it.
        next.unset = !v;
        next.numbers = {v.value_or(fallback(m_spec))};
    } else {
        const auto i = static_cast<std::size_t>(m_dims.indexOf(box));
        if (i >= next.numbers.size()) next.numbers.resize(i + 1, fallback(m_spec));
        next.numbers[i] = v;
    }
    commit(next);
}

void ParamEditor::setValue(const io::Json& value) {
    m_state = paramState(m_spec, value);
    syncWidgets();
}

void ParamEditor::commit(ParamState next) {
    if (next == m_state) return;
    m_state = std::move(next);
    syncWidgets();
    try {
        emit edited(value());
    } catch (const Error& e) {
        // Only Sequential's layer list is text that may not parse; the field says why.
        m_line->setToolTip(QString::fromUtf8(e.what()));
        m_line->setStyleSheet(QStringLiteral("color: #c62828"));
    }
}

void ParamEditor::syncWidgets() {
    m_syncing = true;
    const ParamState& s = m_state;
    const std::optional<double> first = s.numbers.empty() ? std::nullopt : s.numbers.front();
    const bool numeric = s.text.isEmpty();
    if (m_none) {
        const QSignalBlocker block(m_none);
        m_none->setChecked(s.unset && paramNullable(m_spec));
    }
    const bool none = m_none && m_none->isChecked();
    auto show = [](QSpinBox* box, const std::optional<double>& v) {
        const QSignalBlocker block(box);
        box->setValue(v ? toInt(*v) : box->minimum());
    };
    switch (m_spec.type) {
        case nn::ParamType::Int:
        case nn::ParamType::OptionalInt:
            show(m_spin, s.unset && !none ? std::nullopt : first);
            m_spin->setEnabled(!none);
            break;
        case nn::ParamType::Float:
        case nn::ParamType::OptionalFloat: {
            const QSignalBlocker block(m_double);
            m_double->setValue(first.value_or(fallback(m_spec)));
            m_double->setEnabled(!none);
            break;
        }
        case nn::ParamType::Bool: {
            const QSignalBlocker block(m_check);
            m_check->setChecked(s.flag);
            break;
        }
        case nn::ParamType::Choice: {
            const QSignalBlocker block(m_combo);
            m_combo->setCurrentIndex(m_combo->findText(s.text));
            break;
        }
        case nn::ParamType::IntOrTuple: {
            if (m_combo) {
                const QSignalBlocker block(m_combo);
                m_combo->setCurrentIndex(std::max(0, m_combo->findData(s.text)));
                m_combo->setEnabled(!none);
            }
            if (paramIsList(m_spec)) {
                // One spin box per dimension: add or drop boxes to match.
                const int want = none ? 0 : static_cast<int>(s.numbers.size());
                while (m_dims.size() > want) delete m_dims.takeLast();
                while (m_dims.size() < want)
                    m_dims << newSpinBox(QStringLiteral("dim%1").arg(m_dims.size()), Special::Nothing);
                for (int i = 0; i < want; ++i) show(m_dims[i], s.numbers[static_cast<std::size_t>(i)]);
                m_add->setEnabled(!none);
                m_remove->setEnabled(!none && want > 0);
                break;
            }
            const bool perDim = s.perDimension && numeric;
            m_spin->setVisible(!perDim && numeric);
            m_spin->setEnabled(!none);
            show(m_spin, s.unset && !none ? std::nullopt : first);
            for (int i = 0; i < m_dims.size(); ++i) {
                m_dims[i]->setVisible(perDim);
                m_dims[i]->setEnabled(!none);
                if (perDim && static_cast<std::size_t>(i) < s.numbers.size())
                    show(m_dims[i], s.numbers[static_cast<std::size_t>(i)]);
            }
            const QSignalBlocker block(m_perDimension);
            m_perDimension->setChecked(s.perDimension);
            m_perDimension->setVisible(numeric);
            m_perDimension->setEnabled(!none);
            break;
        }
        case nn::ParamType::String:
        case nn::ParamType::Layers:
            if (!m_line->hasFocus()) m_line->setText(s.text);
            m_line->setStyleSheet({});
            m_line->setToolTip(toolTip());
            break;
    }
    m_syncing = false;
}

}  // namespace tessera::widgets
