// The real-number field every numeric setting uses: scientific notation is read as written ("3e-4" is
// 0.0003, not 3), any value the range allows is taken (1e-08 for a learning rate), values show in their
// shortest exact form ("0.001", not "0.001000"), and what the range refuses is refused visibly — the
// field turns red while the text is out of range, and when editing ends there the value stays as it
// was and refused() names the value and the bound.
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/common/number_box.h"

using tessera::widgets::NumberBox;

namespace {

// Selects all of the field's text, types `text` and presses Enter, as a user does.
void type(NumberBox& box, const QString& text) {
    box.findChild<QLineEdit*>()->selectAll();
    QTest::keyClicks(&box, text);
    QTest::keyClick(&box, Qt::Key_Return);
}

}  // namespace

class TestNumberBox : public QObject {
    Q_OBJECT
private slots:
    void shortestExactText() {
        QCOMPARE(NumberBox::shortest(0.0003), QString("0.0003"));
        QCOMPARE(NumberBox::shortest(1e-8), QString("1e-08"));
        QCOMPARE(NumberBox::shortest(0.001), QString("0.001"));
        QCOMPARE(NumberBox::shortest(3), QString("3"));
        QCOMPARE(NumberBox::shortest(0.1 + 0.2), QString("0.30000000000000004"));  // exact, not rounded
        NumberBox box;
        box.setRange(0, 10);
        box.setValue(0.001);
        QCOMPARE(box.text(), QString("0.001"));
        box.setValue(1e-12);
        QCOMPARE(box.value(), 1e-12);
        QCOMPARE(box.text(), QString("1e-12"));
    }

    void scientificNotationIsReadAsWritten() {
        NumberBox box;
        box.setRange(0, 10);
        box.setValue(0.01);
        QSignalSpy changed(&box, &NumberBox::valueChanged);
        type(box, "3e-4");
        QCOMPARE(box.value(), 0.0003);
        QCOMPARE(box.text(), QString("0.0003"));
        QCOMPARE(changed.size(), 1);  // once, on Enter: not 3 on the way
        type(box, "1E-08");
        QCOMPARE(box.value(), 1e-8);
        QCOMPARE(box.text(), QString("1e-08"));
        type(box, ".5");
        QCOMPARE(box.value(), 0.5);
    }

    void outOfRangeIsRefusedVisiblyAndKeepsTheValue() {
        NumberBox box;
        box.setRange(0, 10);
        box.setValue(0.001);
        QSignalSpy refused(&box, &NumberBox::refused);
        QSignalSpy changed(&box, &NumberBox::valueChanged);
        box.findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(&box, "20");
        QVERIFY(box.showsProblem());
        QVERIFY(box.toolTip().contains("10"));
        QTest::keyClick(&box, Qt::Key_Return);
        QCOMPARE(box.value(), 0.001);
        QVERIFY(changed.isEmpty());
        QCOMPARE(refused.size(), 1);
        const QString reason = refused.front().front().toString();
        QVERIFY2(reason.contains("20") && reason.contains("10"), qPrintable(reason));
        type(box, "-1e-3");
        QCOMPARE(box.value(), 0.001);
        QCOMPARE(refused.size(), 2);
        // Letters that cannot be part of a number never reach the text.
        box.findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(&box, "0.5x");
        QCOMPARE(box.findChild<QLineEdit*>()->text(), QString("0.5"));
        QTest::keyClick(&box, Qt::Key_Return);
        QCOMPARE(box.value(), 0.5);
        QVERIFY(!box.showsProblem());
    }

    void specialValueTextStandsForTheMinimum() {
        NumberBox box;
        box.setRange(0, 100);
        box.setSpecialValueText("off");
        box.setValue(0);
        QCOMPARE(box.text(), QString("off"));
        type(box, "2.5");
        QCOMPARE(box.value(), 2.5);
        QCOMPARE(box.text(), QString("2.5"));
    }

    // Stepping moves by the value's own decade, so a learning rate of 0.0003 steps to 0.0004, not 0.0103.
    void stepsByTheDecade() {
        NumberBox box;
        box.setRange(0, 10);
        box.setValue(0.0003);
        box.stepUp();
        QCOMPARE(box.text(), QString("0.0004"));
        box.setValue(0.001);
        box.stepDown();
        QCOMPARE(box.text(), QString("0.0009"));
    }
};

QTEST_MAIN(TestNumberBox)
#include "test_number_box.moc"
