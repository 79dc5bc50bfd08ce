// The one field for a real number a user types: a learning rate, a weight decay, an eps, a momentum,
// a layer's float parameter. It takes what the range allows in any form a person writes it ("3e-4",
// "0.0003", ".5", "1E-08"), shows the shortest text that reads back as exactly the value ("0.0003",
// "1e-08", never "0.000300"), steps by the value's own decade, and refuses what it cannot take visibly:
// the field turns red with the reason while the text is out of range, and if editing ends there the
// value stays as it was and refused() says why (also shown as a tool tip at the field).
//
//   auto* lr = new NumberBox(this);
//   lr->setRange(0, 10);
//   connect(lr, &NumberBox::valueChanged, this, &RunPanel::changed);   // on Enter or focus out
//   connect(lr, &NumberBox::refused, status, &QStatusBar::showMessage);
#pragma once

#include <QDoubleSpinBox>
#include <QString>

namespace tessera::widgets {

class NumberBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit NumberBox(QWidget* parent = nullptr);

    // The shortest text that parses back to exactly `value` ("0.0003", "1e-08", "3").
    static QString shortest(double value);
    // Why `text` cannot be taken, or an empty string when it can (the value it means is in range).
    QString problem(const QString& text) const;
    // Whether the field shows a refusal (red, with the reason as its tool tip).
    bool showsProblem() const { return !m_problem.isEmpty(); }

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;
    void stepBy(int steps) override;

signals:
    // Editing ended on text the field could not take; the value did not change.
    void refused(const QString& reason);

private:
    // The number `text` spells (without prefix, suffix and surrounding spaces), if it spells one.
    bool parse(const QString& text, double* value) const;
    void showProblem(const QString& problem);

    QString m_problem;
    QString m_help;  // the tool tip the owner set, restored when the problem is gone
};

}  // namespace tessera::widgets
