// The property editor's typed parameter editors: how each JSON value maps onto what an editor shows
// and back (the model, no widget), then the editors themselves driven with the mouse, offscreen.
#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleOptionSpinBox>
#include <QToolButton>
#include <QtTest>

#include "core/graph/node_type_registry.h"
#include "widgets/common/number_box.h"
#include "widgets/designer/param_editor.h"

using namespace tessera;
using widgets::ParamEditor;
using widgets::ParamState;
using widgets::paramState;
using widgets::paramValue;

namespace {

const nn::ParamSpec& spec(const std::string& type, const std::string& name) {
    for (const nn::ParamSpec& p : graph::NodeTypeRegistry::instance().get(type).params) {
        if (p.name == name) return p;
    }
    qFatal("no parameter %s.%s", type.c_str(), name.c_str());
}

io::Json parse(const char* text) { return io::parseJson(text, "test"); }

// The value survives the trip value → state → value.
void roundTrip(const nn::ParamSpec& s, const io::Json& v) { QCOMPARE(paramValue(s, paramState(s, v)), v); }

// Clicks a spin box's up (or down) arrow, as a person does.
void clickArrow(QSpinBox* box, bool up) {
    QStyleOptionSpinBox option;
    option.initFrom(box);
    option.subControls = QStyle::SC_SpinBoxUp | QStyle::SC_SpinBoxDown;
    option.stepEnabled = QAbstractSpinBox::StepUpEnabled | QAbstractSpinBox::StepDownEnabled;
    const QRect r = box->style()->subControlRect(QStyle::CC_SpinBox, &option,
                                                 up ? QStyle::SC_SpinBoxUp : QStyle::SC_SpinBoxDown, box);
    QTest::mouseClick(box, Qt::LeftButton, Qt::NoModifier, r.center());
}

void click(QWidget* w) { QTest::mouseClick(w, Qt::LeftButton, Qt::NoModifier, w->rect().center()); }

// Opens a combo box and clicks one of its items. The popup ignores a release that comes within a
// double-click interval of opening it, so the click is repeated until the popup takes it.
void choose(QComboBox* combo, int index) {
    QTest::mouseClick(combo, Qt::LeftButton, Qt::NoModifier, combo->rect().center());
    QTRY_VERIFY(combo->view()->isVisible());
    const QRect item = combo->view()->visualRect(combo->model()->index(index, 0));
    QTRY_VERIFY((QTest::mouseClick(combo->view()->viewport(), Qt::LeftButton, Qt::NoModifier, item.center()),
                 !combo->view()->isVisible()));
}

io::Json lastEdit(const QSignalSpy& spy) { return spy.last().first().value<io::Json>(); }

}  // namespace

class TestParamEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<io::Json>(); }

    void intOrTupleMapsToOneValueOrOnePerDimension() {
        const nn::ParamSpec& k = spec("Conv2d", "kernel_size");
        QVERIFY(!widgets::paramNullable(k));
        QVERIFY(!widgets::paramIsList(k));
        ParamState s = paramState(k, io::Json(3));
        QVERIFY(!s.perDimension && !s.unset);
        QCOMPARE(s.numbers, (std::vector<std::optional<double>>{3.0}));
        s = paramState(k, parse("[3, 5]"));
        QVERIFY(s.perDimension);
        QCOMPARE(s.numbers, (std::vector<std::optional<double>>{3.0, 5.0}));
        QVERIFY(paramState(k, io::Json()).unset);
        for (const char* v : {"3", "[3, 5]", "null"}) roundTrip(k, parse(v));
        // A number typed as 3.0 still writes an integer.
        QVERIFY(paramValue(k, paramState(k, io::Json(3.0))).isInteger());

        const nn::ParamSpec& padding = spec("Conv2d", "padding");
        QCOMPARE(paramState(padding, io::Json("same")).text, QString("same"));
        for (const char* v : {"\"same\"", "\"valid\"", "1", "[0, 2]"}) roundTrip(padding, parse(v));

        const nn::ParamSpec& stride = spec("MaxPool2d", "stride");  // default None: kernel_size
        QVERIFY(widgets::paramNullable(stride));
        QVERIFY(paramState(stride, io::Json()).unset);
        for (const char* v : {"null", "2", "[1, 2]"}) roundTrip(stride, parse(v));

        const nn::ParamSpec& out = spec("AdaptiveAvgPool2d", "output_size");  // null elements
        QCOMPARE(paramState(out, parse("[null, 4]")).numbers, (std::vector<std::optional<double>>{std::nullopt, 4.0}));
        for (const char* v : {"[null, 4]", "[2, null]", "1"}) roundTrip(out, parse(v));
    }

    void shapesAreListsOfAnyLength() {
        const nn::ParamSpec& shape = spec("Input", "shape");
        QVERIFY(widgets::paramIsList(shape));
        QCOMPARE(paramState(shape, parse("[1, 8, 8]")).numbers, (std::vector<std::optional<double>>{1.0, 8.0, 8.0}));
        QVERIFY(paramState(shape, io::Json()).numbers.empty());
        // A single number is a list of one; an empty list is "not set".
        QCOMPARE(paramValue(shape, paramState(shape, io::Json(4))), parse("[4]"));
        QCOMPARE(paramValue(shape, ParamState{}), io::Json());
        for (const char* v : {"[1, 8, 8]", "[4]", "null"}) roundTrip(shape, parse(v));
        const nn::ParamSpec& reshape = spec("Reshape", "shape");
        roundTrip(reshape, parse("[-1, 4]"));
        const nn::ParamSpec& target = spec("Target", "shape");  // None unless regression
        QVERIFY(widgets::paramNullable(target));
        for (const char* v : {"null", "[1]"}) roundTrip(target, parse(v));
    }

    void optionalNumbersAndPlainValues() {
        const nn::ParamSpec& classes = spec("Target", "classes");
        QVERIFY(widgets::paramNullable(classes));
        ParamState s = paramState(classes, io::Json());
        QVERIFY(s.unset);
        // Unticking None starts from the smallest value the schema allows (2 classes).
        s.unset = false;
        QCOMPARE(paramValue(classes, s), io::Json(2));
        for (const char* v : {"null", "10"}) roundTrip(classes, parse(v));
        const nn::ParamSpec& momentum = spec("BatchNorm2d", "momentum");
        for (const char* v : {"null", "0.1"}) roundTrip(momentum, parse(v));
        roundTrip(spec("Linear", "in_features"), io::Json(64));
        QVERIFY(paramState(spec("Linear", "in_features"), io::Json()).unset);
        roundTrip(spec("Linear", "bias"), io::Json(false));
        roundTrip(spec("LeakyReLU", "negative_slope"), io::Json(0.2));
        roundTrip(spec("Conv2d", "padding_mode"), io::Json("reflect"));
        // Sequential is no node type of the designer; its layer list maps to text all the same.
        roundTrip(nn::layerInfo("Sequential").params.front(), parse(R"([{"type": "ReLU"}])"));
    }

    // No parameter of any node type the designer offers is left to a text field, and every default
    // maps to an editor state and back unchanged.
    void everyNodeTypeGetsMouseEditors() {
        const auto& registry = graph::NodeTypeRegistry::instance();
        int count = 0;
        for (const std::string& name : registry.names()) {
            for (const nn::ParamSpec& p : registry.get(name).params) {
                const QString where = QString::fromStdString(name + "." + p.name);
                ParamEditor editor(p);
                QVERIFY2(!editor.lineEdit(), qPrintable(where + " is edited as text"));
                if (!p.required)
                    QVERIFY2(paramValue(p, paramState(p, p.defaultValue)) == p.defaultValue, qPrintable(where));
                ++count;
            }
        }
        QVERIFY(count > 100);
    }

    void tupleEditorByMouse() {
        ParamEditor editor(spec("Conv2d", "kernel_size"));
        editor.resize(400, 30);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy edits(&editor, &ParamEditor::edited);
        editor.setValue(io::Json());
        QCOMPARE(editor.spinBox()->text(), QString("not set"));
        QCOMPARE(edits.size(), 0);
        for (int i = 0; i < 3; ++i) clickArrow(editor.spinBox(), true);
        QCOMPARE(edits.size(), 3);
        QCOMPARE(lastEdit(edits), io::Json(3));
        click(editor.perDimensionBox());
        QCOMPARE(lastEdit(edits), parse("[3, 3]"));
        QVERIFY(editor.spinBox(1)->isVisible() && !editor.spinBox()->isVisible());
        clickArrow(editor.spinBox(1), true);
        QCOMPARE(lastEdit(edits), parse("[3, 4]"));
        click(editor.perDimensionBox());
        QCOMPARE(lastEdit(edits), io::Json(3));
        // Below the minimum it is not set again.
        for (int i = 0; i < 3; ++i) clickArrow(editor.spinBox(), false);
        QCOMPARE(lastEdit(edits), io::Json());
    }

    void paddingOffersSameAndValid() {
        ParamEditor editor(spec("Conv2d", "padding"));
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setValue(io::Json(0));
        QSignalSpy edits(&editor, &ParamEditor::edited);
        QComboBox* mode = editor.comboBox();
        QVERIFY(mode);
        choose(mode, mode->findData("same"));
        QCOMPARE(edits.size(), 1);
        QCOMPARE(lastEdit(edits), io::Json("same"));
        QVERIFY(!editor.spinBox()->isVisible());
    }

    void shapeListGrowsAndShrinks() {
        ParamEditor editor(spec("Input", "shape"));
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setValue(io::Json());
        QVERIFY(!editor.spinBox(0));
        QSignalSpy edits(&editor, &ParamEditor::edited);
        for (int i = 0; i < 3; ++i) click(editor.addButton());
        QCOMPARE(lastEdit(edits), parse("[1, 1, 1]"));
        QVERIFY(editor.spinBox(2));
        clickArrow(editor.spinBox(1), true);
        QCOMPARE(lastEdit(edits), parse("[1, 2, 1]"));
        click(editor.removeButton());
        QCOMPARE(lastEdit(edits), parse("[1, 2]"));
        QVERIFY(!editor.spinBox(2));
    }

    void smallNumbersAreShownNotRounded() {
        ParamEditor editor(spec("LayerNorm", "eps"));
        editor.setValue(io::Json(1e-12));
        QCOMPARE(editor.doubleSpinBox()->value(), 1e-12);
        QCOMPARE(editor.doubleSpinBox()->text(), QString("1e-12"));
        editor.setValue(io::Json(0.5));
        QCOMPARE(editor.doubleSpinBox()->text(), QString("0.5"));
    }

    // An eps typed in scientific notation is the value written, and one the range refuses is not taken.
    void scientificNotationIsTaken() {
        ParamEditor editor(spec("LayerNorm", "eps"));
        editor.setValue(io::Json(1e-5));
        QSignalSpy edits(&editor, &ParamEditor::edited);
        QDoubleSpinBox* box = editor.doubleSpinBox();
        box->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(box, "1e-8");
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(lastEdit(edits), io::Json(1e-8));
        QCOMPARE(box->text(), QString("1e-08"));
    }

    void noneToggle() {
        ParamEditor editor(spec("Target", "classes"));
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setValue(io::Json());
        QVERIFY(editor.noneBox()->isChecked());
        QVERIFY(!editor.spinBox()->isEnabled());
        QSignalSpy edits(&editor, &ParamEditor::edited);
        click(editor.noneBox());
        QCOMPARE(lastEdit(edits), io::Json(2));
        QVERIFY(editor.spinBox()->isEnabled());
        clickArrow(editor.spinBox(), true);
        QCOMPARE(lastEdit(edits), io::Json(3));
        click(editor.noneBox());
        QCOMPARE(lastEdit(edits), io::Json());
        // setValue shows a value and says nothing.
        const qsizetype before = edits.size();
        editor.setValue(io::Json(10));
        QCOMPARE(editor.spinBox()->value(), 10);
        QCOMPARE(edits.size(), before);
    }
};

QTEST_MAIN(TestParamEditor)
#include "test_param_editor.moc"
