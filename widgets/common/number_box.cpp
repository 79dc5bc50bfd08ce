#include "widgets/common/number_box.h"

#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QToolTip>
#include <algorithm>
#include <cfloat>
#include <cmath>

namespace tessera::widgets {

namespace {

// What a person may have typed so far on the way to a number: "-", "1.", "3e", "3e-".
const QRegularExpression& partialNumber() {
    static const QRegularExpression re(QStringLiteral("^[+-]?(\\d*[.,]?\\d*)([eE][+-]?\\d*)?$"));
    return re;
}

}  // namespace

NumberBox::NumberBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // QDoubleSpinBox rounds every value to its decimals: allow all a double has, so 1e-12 stays 1e-12;
    // what is shown is textFromValue's shortest form, not a fixed number of places.
    setDecimals(DBL_MAX_10_EXP + DBL_DIG);
    // Commit on Enter or focus out, not on every key: "3e-4" passes through "3" on its way.
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    connect(lineEdit(), &QLineEdit::textEdited, this, [this](const QString& text) { showProblem(problem(text)); });
    connect(this, &QAbstractSpinBox::editingFinished, this, [this] {
        if (m_problem.isEmpty()) return;
        const QString reason = m_problem;
        showProblem(QString());
        QToolTip::showText(mapToGlobal(QPoint(0, height())), reason, this);
        emit refused(reason);
    });
}

QString NumberBox::shortest(double value) {
    if (value == 0) return QStringLiteral("0");  // also -0
    // As printf's %g decides, with the fewest digits that read back exactly: plain for decimal
    // exponents from -4 to 15 (0.0003, 1234.5), else scientific (1e-08, 1e+20).
    const int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
    const char format = exponent >= -4 && exponent < 16 ? 'f' : 'e';
    return QLocale::c().toString(value, format, QLocale::FloatingPointShortest);
}

QString NumberBox::textFromValue(double value) const { return shortest(value); }

bool NumberBox::parse(const QString& text, double* value) const {
    QString t = text.trimmed();
    if (!prefix().isEmpty() && t.startsWith(prefix())) t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix())) t.chop(suffix().size());
    t = t.trimmed();
    // Group separators are refused: "1,5" must not read as 15.
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::RejectGroupSeparator);
    bool ok = false;
    double v = c.toDouble(t, &ok);
    if (!ok && locale().decimalPoint() != QStringLiteral(".")) {  // a decimal comma where the locale writes one
        QLocale local = locale();
        local.setNumberOptions(QLocale::RejectGroupSeparator);
        v = local.toDouble(t, &ok);
    }
    if (!ok || !std::isfinite(v)) return false;
    *value = v;
    return true;
}

QString NumberBox::problem(const QString& text) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) return {};
    double v = 0;
    if (!parse(text, &v)) return tr("\"%1\" is not a number").arg(text.trimmed());
    if (v < minimum())
        return tr("%1 is below the smallest value allowed here, %2").arg(shortest(v), shortest(minimum()));
    if (v > maximum())
        return tr("%1 is above the largest value allowed here, %2").arg(shortest(v), shortest(maximum()));
    return {};
}

double NumberBox::valueFromText(const QString& text) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) return minimum();
    double v = value();
    parse(text, &v);
    return v;
}

QValidator::State NumberBox::validate(QString& text, int&) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) return QValidator::Acceptable;
    if (problem(text).isEmpty()) return QValidator::Acceptable;
    QString t = text.trimmed();
    if (!prefix().isEmpty() && t.startsWith(prefix())) t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix())) t.chop(suffix().size());
    double v = 0;
    // A whole number out of range may still be on its way into it ("1" of "10"): intermediate, shown red.
    if (parse(t, &v) || partialNumber().match(t.trimmed()).hasMatch()) return QValidator::Intermediate;
    return QValidator::Invalid;
}

void NumberBox::stepBy(int steps) {
    const double v = value();
    double step = singleStep();
    if (v != 0) {
        // One unit of the leading digit (0.0003 → 0.0004); below a power of ten, one of the next digit
        // down (0.001 → 0.0009), so stepping down never jumps to zero.
        step = std::pow(10.0, std::floor(std::log10(std::abs(v))));
        if (steps < 0 && std::abs(v) <= step * (1 + 1e-12) && v > 0) step /= 10;
        if (steps > 0 && std::abs(v) <= step * (1 + 1e-12) && v < 0) step /= 10;
    }
    // 12 significant digits keep the sum free of binary noise (0.0003 + 0.0001 is 0.0004, not …0005).
    const double next = QString::number(v + steps * step, 'g', 12).toDouble();
    setValue(std::clamp(next, minimum(), maximum()));
}

// Text that cannot be taken stays as it is: editing then ends on the previous value (and refused()).
void NumberBox::fixup(QString&) const {}

void NumberBox::showProblem(const QString& problem) {
    if (problem == m_problem) return;
    if (m_problem.isEmpty()) m_help = toolTip();
    m_problem = problem;
    setProperty("refusing", !problem.isEmpty());
    setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("QDoubleSpinBox { border: 2px solid #d03030; }"));
    setToolTip(problem.isEmpty() ? m_help : problem);
}

}  // namespace tessera::widgets
