// The designer driven as a person drives it, offscreen: drag layers out of the palette, wire ports
// with the mouse, change a parameter in the property editor, drag a node, then undo everything and
// redo everything, checking the graph after every step. Also: every template, auto-laid out, has no
// overlapping nodes and a shape label on every edge, and opens at a readable zoom from its Input with a
// button that fits the rest.
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "test_designer_mouse.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/node_palette.h"
#include "widgets/designer/param_editor.h"
#include "widgets/designer/problems_view.h"
#include "widgets/designer/property_editor.h"

using namespace tessera;
using app::MainWindow;

namespace {

app::MainWindowOptions quiet() { return {.persistent = false, .pluginFolders = {}}; }

QPoint viewportPoint(widgets::GraphView* view, QPointF scenePos) { return view->mapFromScene(scenePos); }

void dragMouse(QWidget* viewport, QPoint from, QPoint to) {
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport, (from + to) / 2);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, to);
}

}  // namespace

class TestDesigner : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void buildWithTheMouseThenUndoAndRedoAll() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphView* view = page->view();
        widgets::GraphScene* scene = page->scene();
        widgets::GraphModel* model = w.document()->graphModel();
        QUndoStack* undo = w.document()->undoStack();
        view->setZoom(1);
        view->centerOn(300, 100);
        std::vector<graph::ModelGraph> steps{model->graph()};
        auto step = [&] {
            steps.push_back(model->graph());
            QCOMPARE(undo->index(), static_cast<int>(steps.size()) - 1);
        };

        designer_mouse::dragFromPalette(page, "Linear", {0, 0});
        QCOMPARE(model->nodeIds(), QStringList({"linear1"}));
        QCOMPARE(model->nodeData("linear1", widgets::GraphModel::PositionRole).toPointF(), QPointF(0, 0));
        step();
        designer_mouse::dragFromPalette(page, "ReLU", {300, 0});
        QCOMPARE(model->nodeIds(), QStringList({"linear1", "relu1"}));
        step();
        QVERIFY(w.document()->isModified());

        // Wire linear1's output to relu1's input with the mouse.
        dragMouse(view->viewport(), viewportPoint(view, scene->outputPortPos("linear1", 0)),
                  viewportPoint(view, scene->inputPortPos("relu1", 0)));
        QCOMPARE(model->graph().edges(), (std::vector<graph::Edge>{{"linear1", 0, "relu1", 0}}));
        step();
        // Backwards is refused with a hint and changes nothing.
        QSignalSpy hints(scene, &widgets::GraphScene::hintRequested);
        dragMouse(view->viewport(), viewportPoint(view, scene->outputPortPos("relu1", 0)),
                  viewportPoint(view, scene->inputPortPos("linear1", 0)));
        QCOMPARE(hints.size(), 1);
        QVERIFY(hints.first().first().toString().contains("cycle"));
        QCOMPARE(undo->index(), static_cast<int>(steps.size()) - 1);

        // Click the Linear node and set out_features in the property editor.
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                          viewportPoint(view, scene->nodeRect("linear1").center()));
        QCOMPARE(scene->selectedNodeIds(), QStringList({"linear1"}));
        QCOMPARE(page->propertyEditor()->node(), QString("linear1"));
        auto* outFeatures = page->propertyEditor()->editor("out_features")->spinBox();
        QVERIFY(outFeatures);
        outFeatures->setValue(16);
        QCOMPARE(model->graph().node("linear1").params.at("out_features"), io::Json(16));
        step();

        // Drag the ReLU by (100, 60): one step, snapped to the grid.
        const QPointF reluAt = scene->nodeRect("relu1").topLeft();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                          viewportPoint(view, scene->nodeRect("relu1").center()));
        dragMouse(view->viewport(), viewportPoint(view, scene->nodeRect("relu1").center()),
                  viewportPoint(view, scene->nodeRect("relu1").center() + QPointF(100, 60)));
        QCOMPARE(model->nodeData("relu1", widgets::GraphModel::PositionRole).toPointF(), reluAt + QPointF(100, 60));
        step();

        // Undo the whole history, then redo it.
        for (int i = static_cast<int>(steps.size()) - 2; i >= 0; --i) {
            undo->undo();
            QCOMPARE(model->graph(), steps[static_cast<std::size_t>(i)]);
            QCOMPARE(scene->items().isEmpty(), model->graph().nodes().empty());
        }
        QVERIFY(!w.document()->isModified());
        for (std::size_t i = 1; i < steps.size(); ++i) {
            undo->redo();
            QCOMPARE(model->graph(), steps[i]);
        }
        QCOMPARE(scene->edgeItems().size(), 1);
        // No Input feeds linear1, so the shape on its edge is unknown and says so.
        QCOMPARE(scene->edgeItems().first()->label(), QString("?"));
    }

    void fixAShapeErrorFromItsMessageThenSaveAndReopen() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample("digits-cnn"));
        app::DesignerPage* page = w.designerPage();
        widgets::ProblemsView* problems = page->problemsView();
        QCOMPARE(problems->count(), 0);
        page->showNode("fc");
        auto* inFeatures = page->propertyEditor()->editor("in_features")->spinBox();
        QVERIFY(inFeatures);
        inFeatures->setValue(65);
        QCOMPARE(problems->count(), 1);
        QVERIFY2(problems->item(0)->text().contains("set in_features to 64"), qPrintable(problems->item(0)->text()));
        QVERIFY(!w.document()->graphModel()->nodeData("fc", widgets::GraphModel::ValidRole).toBool());
        // The message leads to the node: clicking it selects fc.
        page->scene()->clearSelection();
        QTest::mouseClick(problems->viewport(), Qt::LeftButton, Qt::NoModifier,
                          problems->visualItemRect(problems->item(0)).center());
        QCOMPARE(page->scene()->selectedNodeIds(), QStringList({"fc"}));
        // Clearing the selection emptied the editor; selecting fc built it again.
        inFeatures = page->propertyEditor()->editor("in_features")->spinBox();
        QVERIFY(inFeatures);
        QCOMPARE(inFeatures->value(), 65);
        inFeatures->setValue(64);
        QCOMPARE(problems->count(), 0);

        QTemporaryDir dir;
        const QString file = dir.filePath("digits.tessera");
        QVERIFY(w.saveTo(file));
        MainWindow again(quiet());
        QVERIFY(again.openFile(file));
        QCOMPARE(again.document()->graphModel()->graph(), w.document()->graphModel()->graph());
    }

    void paletteSearchAndDoubleClick() {
        MainWindow w(quiet());
        app::DesignerPage* page = w.designerPage();
        widgets::NodePalette* palette = page->palette();
        QVERIFY(palette->visibleTypes().contains("Linear"));
        QTest::keyClicks(palette->searchBox(), "conv");
        const QStringList shown = palette->visibleTypes();
        QVERIFY(shown.contains("Conv1d") && shown.contains("Conv2d"));
        QVERIFY(!shown.contains("Linear"));
        palette->setFilter({});
        QVERIFY(palette->visibleTypes().contains("Linear"));
        // Double-click adds to the right of what is there and selects the new node.
        QTreeWidgetItem* relu = palette->typeItem("ReLU");
        QVERIFY(relu);
        emit palette->tree()->itemDoubleClicked(relu, 0);
        emit palette->tree()->itemDoubleClicked(relu, 0);
        QCOMPARE(w.document()->graphModel()->nodeIds(), QStringList({"relu1", "relu2"}));
        QVERIFY(page->scene()->nodeRect("relu2").left() > page->scene()->nodeRect("relu1").right());
        QCOMPARE(page->scene()->selectedNodeIds(), QStringList({"relu2"}));
        // The second came after the selected first, fed by it.
        QCOMPARE(w.document()->graphModel()->graph().edges(), (std::vector<graph::Edge>{{"relu1", 0, "relu2", 0}}));
    }

    // Building from scratch: a layer added from the palette appears next to the selected node, fed by
    // it, with its shape-decided parameters filled in (one undo step), and in view.
    void paletteAddsAfterTheSelection() {
        MainWindow w(quiet());
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphModel* model = w.document()->graphModel();
        QTreeWidget* tree = page->palette()->tree();
        emit tree->itemDoubleClicked(page->palette()->typeItem("Input"), 0);
        QVERIFY(model->setParam("input1", "shape", io::Json::array({5})));
        QUndoStack* undo = w.document()->undoStack();
        for (const char* type : {"Linear", "ReLU", "Linear", "ReLU", "Linear", "ReLU", "Linear"}) {
            const QStringList before = page->scene()->selectedNodeIds();
            QCOMPARE(before.size(), 1);
            const int steps = undo->count();
            emit tree->itemDoubleClicked(page->palette()->typeItem(type), 0);
            QCOMPARE(undo->count(), steps + 1);
            const QStringList after = page->scene()->selectedNodeIds();
            QCOMPARE(after.size(), 1);
            const QString id = after.front();
            QVERIFY(id != before.front());
            QCOMPARE(model->graph().inputEdges(id.toStdString()),
                     (std::vector<graph::Edge>{{before.front().toStdString(), 0, id.toStdString(), 0}}));
            QVERIFY(page->scene()->nodeRect(id).left() > page->scene()->nodeRect(before.front()).right());
            const QRectF shown = page->view()->mapToScene(page->view()->viewport()->rect()).boundingRect();
            QVERIFY2(shown.contains(page->scene()->nodeRect(id)), qPrintable(id + " is out of view"));
        }
        QCOMPARE(model->graph().findNode("linear1")->params.at("in_features"), io::Json(5));
    }

    void deleteCopyPasteDuplicate() {
        MainWindow w(quiet());
        QVERIFY(w.openExample("moons-mlp"));
        widgets::GraphScene* scene = w.designerPage()->scene();
        widgets::GraphModel* model = w.document()->graphModel();
        const graph::ModelGraph original = model->graph();
        const QString first = model->nodeIds()[1];
        scene->selectNodes({first});
        scene->duplicateSelection();
        QCOMPARE(model->graph().nodes().size(), original.nodes().size() + 1);
        QCOMPARE(scene->selectedNodeIds().size(), 1);
        scene->deleteSelection();
        QCOMPARE(model->graph(), original);
        scene->selectNodes(model->nodeIds());
        scene->copySelection();
        scene->paste();
        QCOMPARE(model->graph().nodes().size(), 2 * original.nodes().size());
        QCOMPARE(model->graph().edges().size(), 2 * original.edges().size());
        w.document()->undoStack()->undo();
        QCOMPARE(model->graph(), original);
    }

    // A project opens at a readable zoom: the whole graph when it fits so, else from its Input (wholly
    // in view, at the left) with the rest a scroll away and a button saying how much is shown that
    // fits it all. At the window size of the screenshots, the long templates need the button.
    void projectsOpenReadableFromTheirInput_data() {
        QTest::addColumn<QString>("name");
        for (const QString& name : MainWindow::exampleNames()) QTest::newRow(qPrintable(name)) << name;
    }
    void projectsOpenReadableFromTheirInput() {
        QFETCH(QString, name);
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample(name));
        widgets::GraphView* view = w.designerPage()->view();
        widgets::GraphScene* scene = w.designerPage()->scene();
        const graph::ModelGraph& graph = w.document()->graphModel()->graph();
        QVERIFY2(view->zoom() >= widgets::GraphView::kReadableZoom - 1e-9, qPrintable(QString::number(view->zoom())));
        const auto shown = [&] { return view->mapToScene(view->viewport()->rect()).boundingRect(); };
        const int total = static_cast<int>(graph.nodes().size());
        QToolButton* fit = view->fitButton();
        if (view->nodesInView() == total) {
            QVERIFY(!fit->isVisible());
            return;
        }
        for (const graph::Node& n : graph.nodes())
            if (n.type == "Input")
                QVERIFY2(shown().contains(scene->nodeRect(QString::fromStdString(n.id))), n.id.c_str());
        QVERIFY(fit->isVisible());
        QVERIFY2(fit->text().startsWith(QStringLiteral("%1 of %2 nodes in view").arg(view->nodesInView()).arg(total)),
                 qPrintable(fit->text()));
        // Above the canvas, never over a node.
        QVERIFY(fit->geometry().bottom() < view->viewport()->geometry().top());
        // The rest is reachable: scrolled to the far end, the rightmost node is in view.
        QString last;
        for (const graph::Node& n : graph.nodes())
            if (last.isEmpty() || scene->nodeRect(QString::fromStdString(n.id)).right() > scene->nodeRect(last).right())
                last = QString::fromStdString(n.id);
        QVERIFY(!shown().contains(scene->nodeRect(last)));
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
        QVERIFY2(shown().intersects(scene->nodeRect(last)), qPrintable(last));
        QTest::mouseClick(fit, Qt::LeftButton);
        QCOMPARE(view->nodesInView(), total);
        QVERIFY(!fit->isVisible());
        // Zooming in again brings the button back.
        view->setZoom(widgets::GraphView::kReadableZoom);
        QVERIFY(view->nodesInView() < total);
        QVERIFY(fit->isVisible());
    }
    void longTemplatesNeedTheFitButton() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample("sine-transformer"));
        QVERIFY(w.designerPage()->view()->fitButton()->isVisible());
        // A graph of three nodes fits whole at the readable zoom: no button.
        w.newProject();
        for (const char* type : {"Input", "Linear", "ReLU"})
            emit w.designerPage()->palette()->tree()->itemDoubleClicked(w.designerPage()->palette()->typeItem(type), 0);
        w.designerPage()->view()->fitReadable();
        QCOMPARE(w.designerPage()->view()->nodesInView(), 3);
        QVERIFY(w.designerPage()->view()->zoom() >= widgets::GraphView::kReadableZoom);
        QVERIFY(!w.designerPage()->view()->fitButton()->isVisible());
    }

    void templatesLayOutCleanly_data() {
        QTest::addColumn<QString>("name");
        for (const QString& name : MainWindow::exampleNames()) QTest::newRow(qPrintable(name)) << name;
    }
    void templatesLayOutCleanly() {
        QFETCH(QString, name);
        MainWindow w(quiet());
        QVERIFY(w.openExample(name));
        widgets::GraphScene* scene = w.designerPage()->scene();
        scene->autoLayout();
        const QStringList ids = w.document()->graphModel()->nodeIds();
        QVERIFY(!ids.isEmpty());
        for (qsizetype i = 0; i < ids.size(); ++i) {
            for (qsizetype j = i + 1; j < ids.size(); ++j) {
                QVERIFY2(!scene->nodeRect(ids[i]).intersects(scene->nodeRect(ids[j])),
                         qPrintable(ids[i] + " overlaps " + ids[j]));
            }
        }
        QCOMPARE(scene->edgeItems().size(), static_cast<qsizetype>(w.document()->graphModel()->graph().edges().size()));
        for (const widgets::EdgeItem* e : scene->edgeItems()) {
            QVERIFY2(e->label().startsWith("[") && e->label() != "?", qPrintable(e->label()));
            QVERIFY(!e->labelRect().isEmpty());
        }
        // Every edge is routed around the nodes it passes: no point of its curve lies inside a node
        // other than its own two (a folded chain's long diagonals crossed whole rows of them).
        const graph::ModelGraph& graph = w.document()->graphModel()->graph();
        for (const widgets::EdgeItem* e : scene->edgeItems()) {
            const QPainterPath curve = e->path();
            const QString from = QString::fromStdString(e->edge().from), to = QString::fromStdString(e->edge().to);
            for (const QString& id : ids) {
                if (id == from || id == to) continue;
                const QRectF body = scene->nodeRect(id).adjusted(2, 2, -2, -2);
                for (int k = 0; k <= 100; ++k)
                    QVERIFY2(!body.contains(curve.pointAtPercent(k / 100.0)),
                             qPrintable(from + " → " + to + " crosses " + id));
            }
        }
        // A chain runs left to right (no row folded under another), and Target sits beside the output
        // it is compared with: no further left than the loss's other input.
        for (const graph::Edge& e : graph.edges())
            QVERIFY2(scene->nodeRect(QString::fromStdString(e.from)).left() <
                         scene->nodeRect(QString::fromStdString(e.to)).left(),
                     qPrintable(QString::fromStdString(e.from + " → " + e.to)));
        for (const graph::Node& n : graph.nodes()) {
            if (n.type != "Target") continue;
            for (const graph::Edge& toLoss : graph.edges()) {
                if (toLoss.from != n.id) continue;
                for (const graph::Edge& other : graph.edges())
                    if (other.to == toLoss.to && other.from != n.id)
                        QVERIFY2(scene->nodeRect(QString::fromStdString(n.id)).left() >=
                                     scene->nodeRect(QString::fromStdString(other.from)).left(),
                                 qPrintable(QString::fromStdString(n.id + " is far from " + other.from)));
            }
        }
    }
};

QTEST_MAIN(TestDesigner)
#include "test_designer.moc"
