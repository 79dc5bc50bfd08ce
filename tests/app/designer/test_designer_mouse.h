// Mouse gestures on the designer for tests, each done as a person does it with QTest mouse events:
// drag a layer out of the palette onto the canvas, drag from port to port, click a spin box's arrows,
// pick a combo box item, click a check box. Positions are read from the widgets; nothing is set
// behind the widgets' backs.
#pragma once

#include <QAbstractItemView>
#include <QComboBox>
#include <QLabel>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyleOptionSpinBox>
#include <QTreeWidget>
#include <QtTest>

#include "app/designer/designer_page.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/node_palette.h"

namespace designer_mouse {

using namespace tessera;

inline QPoint viewportPoint(widgets::GraphView* view, QPointF scenePos) { return view->mapFromScene(scenePos); }

inline void click(QWidget* w, QPoint at) { QTest::mouseClick(w, Qt::LeftButton, Qt::NoModifier, at); }
inline void click(QWidget* w) { click(w, w->rect().center()); }

// Scrolls the palette with its scroll bar (clicking the groove pages) until `item` is in sight.
inline bool revealInPalette(QTreeWidget* tree, QTreeWidgetItem* item) {
    QScrollBar* bar = tree->verticalScrollBar();
    for (int i = 0; i < 40; ++i) {
        const QRect r = tree->visualItemRect(item);
        if (tree->viewport()->rect().contains(r)) return true;
        const int w = bar->width();
        // The groove just inside the arrow buttons, on the side the item is on.
        const QPoint groove(w / 2, r.top() < 0 ? w + 4 : bar->height() - w - 4);
        click(bar, groove);
    }
    return false;
}

// Presses on the palette's `type`, drags it over the canvas and lets go so that the node's top-left
// corner lands at `scenePos`.
inline void dragFromPalette(app::DesignerPage* page, const QString& type, QPointF scenePos) {
    QTreeWidget* tree = page->palette()->tree();
    QTreeWidgetItem* item = page->palette()->typeItem(type);
    QVERIFY2(item, qPrintable(type));
    QVERIFY2(revealInPalette(tree, item), qPrintable(type));
    QWidget* from = tree->viewport();
    const QPoint start = tree->visualItemRect(item).center();
    widgets::GraphView* view = page->view();
    const QPoint onCanvas = viewportPoint(view, scenePos);
    QVERIFY2(view->viewport()->rect().contains(onCanvas), qPrintable(type + " would land off the canvas"));
    // The palette keeps the mouse while the button is down, so every event goes to it.
    const QPoint end = from->mapFromGlobal(view->viewport()->mapToGlobal(onCanvas));
    QTest::mousePress(from, Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(from, start + QPoint(12, 0));
    QTest::mouseMove(from, (start + end) / 2);
    QTest::mouseMove(from, end);
    // The layer's name follows the pointer while it is carried, and goes when it is let go.
    const QLabel* carried = tree->findChild<QLabel*>("dragLabel");
    QVERIFY(carried && carried->isVisible() && carried->text() == type);
    QTest::mouseRelease(from, Qt::LeftButton, Qt::NoModifier, end);
    QVERIFY(!tree->findChild<QLabel*>("dragLabel"));
}

inline void dragOnCanvas(widgets::GraphView* view, QPointF fromScene, QPointF toScene) {
    QWidget* viewport = view->viewport();
    const QPoint from = viewportPoint(view, fromScene), to = viewportPoint(view, toScene);
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport, (from + to) / 2);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, to);
}

inline void wire(app::DesignerPage* page, const QString& from, const QString& to, int toPort = 0) {
    dragOnCanvas(page->view(), page->scene()->outputPortPos(from, 0), page->scene()->inputPortPos(to, toPort));
}

inline void clickNode(app::DesignerPage* page, const QString& id) {
    const QRectF r = page->scene()->nodeRect(id);
    // The body below the header, left of the text: on the node, on no port.
    click(page->view()->viewport(), viewportPoint(page->view(), r.topLeft() + QPointF(r.width() / 2, 30)));
}

// Clicks a spin box's up (or down) arrow `times` times.
inline void clickArrow(QSpinBox* box, bool up, int times = 1) {
    QStyleOptionSpinBox option;
    option.initFrom(box);
    option.subControls = QStyle::SC_SpinBoxUp | QStyle::SC_SpinBoxDown;
    option.stepEnabled = QAbstractSpinBox::StepUpEnabled | QAbstractSpinBox::StepDownEnabled;
    const QRect r = box->style()->subControlRect(QStyle::CC_SpinBox, &option,
                                                 up ? QStyle::SC_SpinBoxUp : QStyle::SC_SpinBoxDown, box);
    for (int i = 0; i < times; ++i) click(box, r.center());
}

// Types a number into a spin box as a person does: double-click to select what is there, type, Enter.
inline void typeNumber(QSpinBox* box, int value) {
    QWidget* field = box->findChild<QLineEdit*>();
    QTest::mouseDClick(field, Qt::LeftButton, Qt::NoModifier, field->rect().center());
    QTest::keyClicks(field, QString::number(value));
    QTest::keyClick(field, Qt::Key_Return);
}

// Opens a combo box and clicks one of its items. The popup ignores a release that comes within a
// double-click interval of opening it, so the click is repeated until the popup takes it.
inline void choose(QComboBox* combo, int index) {
    click(combo);
    QTRY_VERIFY(combo->view()->isVisible());
    const QRect item = combo->view()->visualRect(combo->model()->index(index, 0));
    QTRY_VERIFY((click(combo->view()->viewport(), item.center()), !combo->view()->isVisible()));
}

}  // namespace designer_mouse
