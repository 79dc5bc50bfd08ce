// issue 7's "done when", offscreen: a new user builds the digits CNN from an empty canvas with the
// mouse alone — palette drags, port-to-port drags, clicks on spin box arrows, check boxes and combo
// boxes (the keyboard only to type one number into a spin box) — sees a shape on every edge, gets the
// graph of resources/examples/digits-cnn.tessera, makes a deliberate shape error, reads it in the
// Problems list, fixes it with the mouse, saves, reopens and gets the same graph. Also: edge ends
// dragged off or onto another port, a wire drawn backwards from a free input, and renaming a node.
#include <QCheckBox>
#include <QLineEdit>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <map>

#include "app/main_window.h"
#include "app/project/project_document.h"
#include "core/io/project.h"
#include "test_designer_mouse.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/param_editor.h"
#include "widgets/designer/problems_view.h"
#include "widgets/designer/property_editor.h"

using namespace tessera;
using namespace designer_mouse;
using app::MainWindow;

namespace {

app::MainWindowOptions quiet() { return {.persistent = false, .pluginFolders = {}}; }

graph::ModelGraph example(const QString& name) {
    return graph::ModelGraph::fromProject(
        io::loadProject(std::string(TESSERA_SOURCE_DIR) + "/resources/examples/" + name.toStdString() + ".tessera"));
}

// `built` equals `expected` up to node ids and positions: same types and params in the same order,
// and the same edges once ids are mapped in node order.
void compareStructure(const graph::ModelGraph& built, const graph::ModelGraph& expected) {
    QCOMPARE(built.nodes().size(), expected.nodes().size());
    std::map<std::string, std::string> id;
    for (std::size_t i = 0; i < built.nodes().size(); ++i) {
        const graph::Node& b = built.nodes()[i];
        const graph::Node& e = expected.nodes()[i];
        QCOMPARE(QString::fromStdString(b.type), QString::fromStdString(e.type));
        QVERIFY2(b.params == e.params, qPrintable(QString::fromStdString(b.id + ": " + io::writeJson(b.params, 0) +
                                                                         " != " + io::writeJson(e.params, 0))));
        id[e.id] = b.id;
    }
    std::vector<graph::Edge> mapped;
    for (const graph::Edge& e : expected.edges()) mapped.push_back({id.at(e.from), e.fromPort, id.at(e.to), e.toPort});
    auto sorted = [](std::vector<graph::Edge> v) {
        std::sort(v.begin(), v.end(), [](const graph::Edge& a, const graph::Edge& b) {
            return std::tie(a.to, a.toPort) < std::tie(b.to, b.toPort);
        });
        return v;
    };
    QCOMPARE(sorted(built.edges()), sorted(mapped));
}

QToolButton* toolButton(app::DesignerPage* page, const QString& text) {
    for (QAction* a : page->toolBar()->actions()) {
        if (a->text() == text) return qobject_cast<QToolButton*>(page->toolBar()->widgetForAction(a));
    }
    return nullptr;
}

}  // namespace

class TestDesignerFromScratch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void buildTheDigitsCnnWithTheMouse() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphView* view = page->view();
        widgets::GraphScene* scene = page->scene();
        widgets::GraphModel* model = w.document()->graphModel();
        widgets::PropertyEditor* properties = page->propertyEditor();
        QVERIFY(model->graph().nodes().empty());
        // A new project has no data set, and Problems says so until it has one.
        QVERIFY(page->problemsView()->count() >= 1 && page->problemsView()->item(0)->text().startsWith("No data set"));
        w.document()->setSection(app::ProjectDocument::Section::Data,
                                 io::parseJson(R"({"dataset": "digits", "scale": 0.0625})", "data"), "Choose Data");
        QVERIFY(page->problemsView()->projectProblems().isEmpty());

        // Zoom out with the tool bar so that twelve nodes fit, then lay them out in rows of four.
        QToolButton* zoomOut = toolButton(page, "Zoom Out");
        QVERIFY(zoomOut);
        for (int i = 0; i < 3; ++i) click(zoomOut);
        QVERIFY(view->zoom() < 0.6);
        const QRectF visible = view->mapToScene(view->viewport()->rect().adjusted(10, 10, -10, -10)).boundingRect();
        const double columnWidth = visible.width() / 4, rowHeight = visible.height() / 3;
        auto cell = [&](int i) {
            return visible.topLeft() + QPointF((i % 4) * columnWidth + 10, (i / 4) * rowHeight + 10);
        };
        const QStringList types{"Input",     "Conv2d",  "ReLU",   "MaxPool2d", "Conv2d", "ReLU",
                                "MaxPool2d", "Flatten", "Linear", "Output",    "Target", "CrossEntropyLoss"};
        for (int i = 0; i < types.size(); ++i) {
            dragFromPalette(page, types[i], cell(i));
            QCOMPARE(model->graph().nodes().size(), static_cast<std::size_t>(i + 1));
            QCOMPARE(model->graph().nodes().back().type, types[i].toStdString());
        }
        const QStringList ids = model->nodeIds();
        QCOMPARE(ids, QStringList({"input1", "conv2d1", "relu1", "maxpool2d1", "conv2d2", "relu2", "maxpool2d2",
                                   "flatten1", "linear1", "output1", "target1", "crossentropyloss1"}));

        // Wire the chain, the loss's input and its target.
        for (int i = 0; i + 1 < 10; ++i) wire(page, ids[i], ids[i + 1]);
        wire(page, "linear1", "crossentropyloss1", 0);
        wire(page, "target1", "crossentropyloss1", 1);
        QCOMPARE(model->graph().edges().size(), std::size_t{11});

        // Parameters, in the property editor, with the mouse.
        auto select = [&](const QString& id) {
            clickNode(page, id);
            QCOMPARE(scene->selectedNodeIds(), QStringList({id}));
            QCOMPARE(properties->node(), id);
            // The editors appear once the event loop has shown them.
            const QList<widgets::ParamEditor*> editors = properties->findChildren<widgets::ParamEditor*>();
            QTRY_VERIFY(!editors.isEmpty() &&
                        std::all_of(editors.begin(), editors.end(), [](QWidget* e) { return e->isVisible(); }));
        };
        auto spin = [&](const QString& param, int dim = -1) {
            widgets::ParamEditor* editor = properties->editor(param);
            return editor ? editor->spinBox(dim) : nullptr;
        };
        select("input1");
        for (int i = 0; i < 3; ++i) click(properties->editor("shape")->addButton());
        clickArrow(spin("shape", 1), true, 7);
        clickArrow(spin("shape", 2), true, 7);
        for (const QString& conv : {QString("conv2d1"), QString("conv2d2")}) {
            const bool first = conv == "conv2d1";
            select(conv);
            QCOMPARE(spin("in_channels")->text(), QString("not set"));
            clickArrow(spin("in_channels"), true, first ? 1 : 8);
            clickArrow(spin("out_channels"), true, first ? 8 : 16);
            clickArrow(spin("kernel_size"), true, 3);
            clickArrow(spin("padding"), true, 1);
        }
        for (const QString& pool : {QString("maxpool2d1"), QString("maxpool2d2")}) {
            select(pool);
            QVERIFY(properties->editor("stride")->noneBox()->isChecked());
            clickArrow(spin("kernel_size"), true, 2);
        }
        select("linear1");
        clickArrow(spin("in_features"), true, 1);
        typeNumber(spin("in_features"), 64);
        // Linear allows 0 features: from "not set" the first click gives 0.
        clickArrow(spin("out_features"), true, 11);
        QCOMPARE(spin("out_features")->value(), 10);
        select("target1");
        QUndoStack* undo = w.document()->undoStack();
        const int steps = undo->count();
        click(properties->editor("classes")->noneBox());
        clickArrow(spin("classes"), true, 8);
        // Nine clicks on one parameter, one undo step.
        QCOMPARE(undo->count(), steps + 1);

        compareStructure(model->graph(), example("digits-cnn"));
        QCOMPARE(page->problemsView()->count(), 0);
        QCOMPARE(scene->edgeItems().size(), 11);
        for (const widgets::EdgeItem* e : scene->edgeItems())
            QVERIFY2(e->label().startsWith("[") && e->label() != "?", qPrintable(e->label()));
        QCOMPARE(model->edgeLabel({"flatten1", 0, "linear1", 0}), QString("[N, 64]"));

        // A deliberate shape error: one feature too many. The Problems list says what to do.
        select("linear1");
        clickArrow(spin("in_features"), true);
        widgets::ProblemsView* problems = page->problemsView();
        QCOMPARE(problems->count(), 1);
        const QString message = problems->item(0)->text();
        QVERIFY2(message.contains("linear1") && message.contains("set in_features to 64"), qPrintable(message));
        QVERIFY(model->nodeData("linear1", widgets::GraphModel::HasErrorRole).toBool());
        click(view->viewport(), viewportPoint(view, visible.bottomRight() - QPointF(5, 5)));
        QVERIFY(scene->selectedNodeIds().isEmpty());
        click(problems->viewport(), problems->visualItemRect(problems->item(0)).center());
        QCOMPARE(scene->selectedNodeIds(), QStringList({"linear1"}));
        clickArrow(spin("in_features"), false);
        QCOMPARE(problems->count(), 0);
        compareStructure(model->graph(), example("digits-cnn"));

        QTemporaryDir dir;
        const QString file = dir.filePath("digits.tessera");
        QVERIFY(w.saveTo(file));
        MainWindow again(quiet());
        QVERIFY(again.openFile(file));
        QCOMPARE(again.document()->graphModel()->graph(), model->graph());
        compareStructure(again.document()->graphModel()->graph(), example("digits-cnn"));
    }

    void dragAnEdgeEndOffOrOntoAnotherPort() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample("digits-cnn"));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphScene* scene = page->scene();
        widgets::GraphModel* model = w.document()->graphModel();
        QUndoStack* undo = w.document()->undoStack();
        const graph::ModelGraph original = model->graph();
        const auto has = [&](const graph::Edge& e) {
            const auto& edges = model->graph().edges();
            return std::find(edges.begin(), edges.end(), e) != edges.end();
        };

        // Off the port onto empty canvas: disconnected, one step.
        const QPointF outPort = scene->inputPortPos("out", 0);
        dragOnCanvas(page->view(), outPort, outPort + QPointF(0, -60));
        QVERIFY(!has({"fc", 0, "out", 0}));
        QCOMPARE(model->graph().edges().size(), original.edges().size() - 1);
        QCOMPARE(undo->count(), 1);
        // Backwards from the free input port onto fc: connected again.
        dragOnCanvas(page->view(), outPort, scene->nodeRect("fc").center());
        QVERIFY(has({"fc", 0, "out", 0}));
        QCOMPARE(model->graph().edges().size(), original.edges().size());
        QCOMPARE(undo->count(), 2);
        undo->undo();
        undo->undo();
        QCOMPARE(model->graph(), original);

        // From out's input onto loss's target input: the edge moves, the old one there goes.
        dragOnCanvas(page->view(), scene->inputPortPos("out", 0), scene->inputPortPos("loss", 1));
        QVERIFY(has({"fc", 0, "loss", 1}));
        QVERIFY(!has({"fc", 0, "out", 0}) && !has({"target", 0, "loss", 1}));
        QCOMPARE(undo->count(), 1);
        undo->undo();
        QCOMPARE(model->graph(), original);

        // Dropped back where it was: nothing changes. Into a cycle: refused, with the reason.
        dragOnCanvas(page->view(), scene->inputPortPos("relu1", 0), scene->inputPortPos("relu1", 0));
        QCOMPARE(model->graph(), original);
        QSignalSpy hints(scene, &widgets::GraphScene::hintRequested);
        dragOnCanvas(page->view(), scene->inputPortPos("relu2", 0), scene->inputPortPos("conv1", 0));
        QCOMPARE(model->graph(), original);
        QCOMPARE(hints.size(), 1);
        QVERIFY2(hints.first().first().toString().contains("cycle"), qPrintable(hints.first().first().toString()));
        QVERIFY(scene->edgeItem({"conv2", 0, "relu2", 0})->isVisible());
        QCOMPARE(undo->index(), 0);
        QCOMPARE(undo->count(), 1);
    }

    void renameANodeFromThePropertyEditor() {
        MainWindow w(quiet());
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample("digits-cnn"));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphModel* model = w.document()->graphModel();
        widgets::PropertyEditor* properties = page->propertyEditor();
        const graph::ModelGraph original = model->graph();
        clickNode(page, "fc");
        QLineEdit* name = properties->nameEdit();
        QCOMPARE(name->text(), QString("fc"));
        auto typeName = [&](const QString& text) {
            QTest::mouseDClick(name, Qt::LeftButton, Qt::NoModifier, name->rect().center());
            QTest::keyClicks(name, text);
            QTest::keyClick(name, Qt::Key_Return);
        };
        // Refused with a reason, and nothing changes.
        typeName("out");
        QVERIFY2(properties->nameProblem().contains("'out' already exists"), qPrintable(properties->nameProblem()));
        typeName("2nd");
        QVERIFY2(properties->nameProblem().contains("not a valid name"), qPrintable(properties->nameProblem()));
        QCOMPARE(model->graph(), original);

        typeName("classifier");
        QCOMPARE(properties->nameProblem(), QString());
        QVERIFY(model->hasNode("classifier") && !model->hasNode("fc"));
        QCOMPARE(model->graph().inputEdges("classifier").size(), std::size_t{1});
        QCOMPARE(model->graph().outputEdges("classifier").size(), std::size_t{2});
        QCOMPARE(page->scene()->selectedNodeIds(), QStringList({"classifier"}));
        QCOMPARE(properties->node(), QString("classifier"));
        QCOMPARE(w.document()->undoStack()->count(), 1);
        w.document()->undoStack()->undo();
        QCOMPARE(model->graph(), original);
        w.document()->undoStack()->redo();
        QVERIFY(model->hasNode("classifier"));
    }
};

QTEST_MAIN(TestDesignerFromScratch)
#include "test_designer_from_scratch.moc"
