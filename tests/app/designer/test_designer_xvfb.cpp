// The designer end to end under a real X server (Xvfb), with the real pointer: X Test extension
// events move the X pointer and press its button, the X server hands them to Qt's xcb platform, and
// Qt hands them to the widgets — no QTest events. A layer is dragged out of the palette onto the
// canvas, wired to an existing node port to port, and the node is dragged to a new place. Then the
// first hour of a new user: an MLP built from scratch by double-clicking the palette (each layer comes
// after the selected one, connected, its in_features filled from the incoming shape), trained, another
// project opened (no view shows the old run), and lesson 1 walked (no gradient before backward).
//
// ctest runs this suite offscreen like every other; the one test then starts this same program again
// under `xvfb-run` with QT_QPA_PLATFORM=xcb and TESSERA_XVFB_INNER=1, and passes when that run passes.
#include <dlfcn.h>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "app/autograd/autograd_dialogs.h"
#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "app/training/run_inspection.h"
#include "app/training/training_controller.h"
#include "app/training/training_page.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/autograd/lesson_player.h"
#include "widgets/autograd/playground_widget.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/node_palette.h"
#include "widgets/training/metrics_view.h"
#include "widgets/training/run_records_model.h"
#include "widgets/training/tensor_inspector.h"

using namespace tessera;

namespace {

// The few libX11/libXtst calls needed, looked up at run time: the runtime libraries come with Xvfb
// and Qt's xcb platform, their development headers are not needed for this.
class XPointer {
public:
    XPointer() {
        m_x11 = dlopen("libX11.so.6", RTLD_NOW);
        m_xtst = dlopen("libXtst.so.6", RTLD_NOW);
        if (!m_x11 || !m_xtst) return;
        m_open = reinterpret_cast<OpenFn>(dlsym(m_x11, "XOpenDisplay"));
        m_flush = reinterpret_cast<FlushFn>(dlsym(m_x11, "XFlush"));
        m_close = reinterpret_cast<FlushFn>(dlsym(m_x11, "XCloseDisplay"));
        m_motion = reinterpret_cast<MotionFn>(dlsym(m_xtst, "XTestFakeMotionEvent"));
        m_button = reinterpret_cast<ButtonFn>(dlsym(m_xtst, "XTestFakeButtonEvent"));
        if (m_open && m_flush && m_close && m_motion && m_button) m_display = m_open(nullptr);
    }
    ~XPointer() {
        if (m_display) m_close(m_display);
        if (m_xtst) dlclose(m_xtst);
        if (m_x11) dlclose(m_x11);
    }
    bool ok() const { return m_display != nullptr; }

    void moveTo(QPoint global) {
        m_motion(m_display, -1, global.x(), global.y(), 0);
        m_flush(m_display);
    }
    void button(bool press) {
        m_button(m_display, 1, press ? 1 : 0, 0);
        m_flush(m_display);
    }
    void doubleClick(QPoint at) {
        moveTo(at);
        for (int i = 0; i < 2; ++i) {
            button(true);
            button(false);
        }
    }
    // Press at `from`, move there in steps, release at `to`; Qt sees each step.
    void drag(QPoint from, QPoint to) {
        moveTo(from);
        button(true);
        for (int i = 1; i <= 8; ++i) {
            moveTo(from + (to - from) * i / 8);
            QCoreApplication::processEvents();
        }
        button(false);
    }

private:
    using OpenFn = void* (*)(const char*);
    using FlushFn = int (*)(void*);
    using MotionFn = int (*)(void*, int, int, int, unsigned long);
    using ButtonFn = int (*)(void*, unsigned int, int, unsigned long);
    void* m_x11 = nullptr;
    void* m_xtst = nullptr;
    void* m_display = nullptr;
    OpenFn m_open = nullptr;
    FlushFn m_flush = nullptr, m_close = nullptr;
    MotionFn m_motion = nullptr;
    ButtonFn m_button = nullptr;
};

QPoint global(widgets::GraphView* view, QPointF scenePos) {
    return view->viewport()->mapToGlobal(view->mapFromScene(scenePos));
}

}  // namespace

class TestDesignerXvfb : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void dragWithTheRealPointer() {
        if (qEnvironmentVariable("TESSERA_XVFB_INNER") != QStringLiteral("1")) return runUnderXvfb();
        QCOMPARE(QGuiApplication::platformName(), QString("xcb"));
        XPointer pointer;
        QVERIFY2(pointer.ok(), "cannot open the X display or load libXtst.so.6 (package libxtst6)");

        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openExample("moons-mlp"));
        app::DesignerPage* page = w.designerPage();
        widgets::GraphView* view = page->view();
        widgets::GraphScene* scene = page->scene();
        widgets::GraphModel* model = w.document()->graphModel();
        QUndoStack* undo = w.document()->undoStack();
        const std::size_t nodes = model->graph().nodes().size();

        // Palette → canvas: a free spot below the graph, in sight. The graph opens at a readable zoom
        // showing its start; Fit shows all of it, relu2 (wired to below) included.
        QTreeWidget* tree = page->palette()->tree();
        QTreeWidgetItem* item = page->palette()->typeItem("Dropout");
        QVERIFY(item);
        tree->scrollToItem(item);
        const QPoint from = tree->viewport()->mapToGlobal(tree->visualItemRect(item).center());
        view->fitAll();
        const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
        const QRectF graph = scene->itemsBoundingRect();
        const QPointF drop(graph.left(), std::min(graph.bottom() + 40, shown.bottom() - 100));
        QVERIFY2(shown.contains(drop), "no room below the graph");
        pointer.drag(from, global(view, drop));
        QTRY_COMPARE(model->graph().nodes().size(), nodes + 1);
        QCOMPARE(model->graph().nodes().back().type, std::string("Dropout"));
        QCOMPARE(undo->count(), 1);
        const QString dropout = model->nodeIds().last();

        // Port to port: the template's second ReLU into the new node.
        QVERIFY(model->hasNode("relu2"));
        pointer.drag(global(view, scene->outputPortPos("relu2", 0)), global(view, scene->inputPortPos(dropout, 0)));
        const graph::Edge edge{"relu2", 0, dropout.toStdString(), 0};
        QTRY_VERIFY(std::find(model->graph().edges().begin(), model->graph().edges().end(), edge) !=
                    model->graph().edges().end());
        QCOMPARE(undo->count(), 2);

        // Move the new node by its body: one step, its edge follows.
        const QPointF before = scene->nodeRect(dropout).topLeft();
        const QPointF grip = before + QPointF(90, 40);
        pointer.drag(global(view, grip), global(view, grip + QPointF(60, 30)));
        QTRY_COMPARE(undo->count(), 3);
        const QPointF after = model->nodeData(dropout, widgets::GraphModel::PositionRole).toPointF();
        QVERIFY2(QLineF(after, before + QPointF(60, 30)).length() < 12,
                 qPrintable(QString("moved to %1,%2").arg(after.x()).arg(after.y())));
        QCOMPARE(scene->edgeItem(edge)->label(), model->edgeLabel(edge));
    }

    void firstHourOfANewUser() {
        if (qEnvironmentVariable("TESSERA_XVFB_INNER") != QStringLiteral("1")) return;  // run by the first test
        XPointer pointer;
        QVERIFY(pointer.ok());
        QTemporaryDir runs;
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.trainingPage()->setRunsRoot(runs.path());
        w.newProject();
        w.document()->setSection(app::ProjectDocument::Section::Data,
                                 io::parseJson(R"({"dataset": "moons", "samples": 200, "noise": 0.1})", "data"),
                                 "Choose Data");
        app::DesignerPage* page = w.designerPage();
        widgets::GraphModel* model = w.document()->graphModel();
        widgets::GraphScene* scene = page->scene();
        QTreeWidget* tree = page->palette()->tree();
        const auto add = [&](const char* type) {
            QTreeWidgetItem* item = page->palette()->typeItem(type);
            tree->scrollToItem(item);
            const std::size_t before = model->graph().nodes().size();
            pointer.doubleClick(tree->viewport()->mapToGlobal(tree->visualItemRect(item).center()));
            [&] { QTRY_COMPARE(model->graph().nodes().size(), before + 1); }();
            return scene->selectedNodeIds().value(0);
        };
        const QString input = add("Input");
        QVERIFY(model->setParam(input, "shape", io::Json::array({2})));
        const QString fc1 = add("Linear");
        QVERIFY(model->setParam(fc1, "out_features", io::Json(16)));
        add("ReLU");
        const QString fc2 = add("Linear");
        QVERIFY(model->setParam(fc2, "out_features", io::Json(2)));
        add("Output");
        // Features come from the incoming shape: no counting by hand.
        QCOMPARE(model->graph().findNode(fc1.toStdString())->params.at("in_features"), io::Json(2));
        QCOMPARE(model->graph().findNode(fc2.toStdString())->params.at("in_features"), io::Json(16));
        scene->selectNodes({fc2});
        const QString loss = add("CrossEntropyLoss");
        const QString target = add("Target");
        QVERIFY(model->setParam(target, "classes", io::Json(2)));
        QVERIFY(model->connectPorts(target, 0, loss, 1));
        QVERIFY2(!model->report().hasErrors(), qPrintable(QString::number(model->report().problems.size())));

        app::TrainingPage* training = w.trainingPage();
        QSignalSpy finished(training->controller(), &app::TrainingController::finished);
        QVERIFY2(training->run({.epochs = 2}), qPrintable(training->controller()->lastError()));
        QVERIFY(finished.wait(60000));
        QVERIFY(training->controller()->steps()->rowCount() > 0);
        QVERIFY(training->metricsView()->confusionModel()->rowCount() > 0);

        QVERIFY(w.openExample("iris-mlp"));
        QCOMPARE(training->controller()->steps()->rowCount(), 0);
        QCOMPARE(training->controller()->epochs()->rowCount(), 0);
        QCOMPARE(training->metricsView()->confusionModel()->rowCount(), 0);
        QVERIFY(training->metricsView()->boundaryView()->grid().empty());
        QCOMPARE(training->controller()->inspection()->tensors()->rowCount(), 0);
        for (const QLabel* label : training->findChildren<QLabel*>())
            QVERIFY2(!label->text().contains("run-001"), qPrintable(label->text()));

        // Lesson 1, step by step: no tensor shows a gradient until backward computes it.
        auto* lessons = new app::LessonsDialog(&w);
        lessons->show();
        widgets::LessonPlayer* player = lessons->player();
        player->openLesson(0);
        widgets::ComputationGraphView* view = player->playground()->graphView();
        const widgets::ComputationGraphModel* graph = player->playground()->model();
        QTRY_VERIFY(graph->rowCount() > 0);
        const auto anyGrad = [&] {
            for (int row = 0; row < graph->rowCount(); ++row)
                if (!view->shownGrad(row).isEmpty()) return true;
            return false;
        };
        QVERIFY(!anyGrad());
        while (view->currentStep() + 1 < static_cast<int>(graph->steps().size())) {
            view->step();
            const bool backward = graph->steps()[static_cast<std::size_t>(view->currentStep())].phase ==
                                  widgets::GraphStep::Phase::Backward;
            if (!backward) QVERIFY2(!anyGrad(), qPrintable(graph->steps()[std::size_t(view->currentStep())].title));
        }
        QVERIFY(anyGrad());
        lessons->close();
    }

private:
    void runUnderXvfb() {
        const QString xvfbRun = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
        QVERIFY2(!xvfbRun.isEmpty(), "xvfb-run not found (packages xvfb, xauth)");
        QProcess inner;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.insert(QStringLiteral("TESSERA_XVFB_INNER"), QStringLiteral("1"));
        inner.setProcessEnvironment(env);
        inner.setProcessChannelMode(QProcess::MergedChannels);
        inner.start(xvfbRun, {QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1280x800x24"),
                              QCoreApplication::applicationFilePath(), QStringLiteral("dragWithTheRealPointer"),
                              QStringLiteral("firstHourOfANewUser")});
        QVERIFY2(inner.waitForFinished(100000), "the run under Xvfb did not finish within 100 s");
        const QString output = QString::fromLocal8Bit(inner.readAll());
        QVERIFY2(inner.exitStatus() == QProcess::NormalExit && inner.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.contains("Totals: 4 passed, 0 failed"), qPrintable(output));
    }
};

QTEST_MAIN(TestDesignerXvfb)
#include "test_designer_xvfb.moc"
