// The designer end to end under a real X server (Xvfb), with the real pointer: X Test extension
// events move the X pointer and press its button, the X server hands them to Qt's xcb platform, and
// Qt hands them to the widgets — no QTest events. A layer is dragged out of the palette onto the
// canvas, wired to an existing node port to port, and the node is dragged to a new place.
//
// ctest runs this suite offscreen like every other; the one test then starts this same program again
// under `xvfb-run` with QT_QPA_PLATFORM=xcb and TESSERA_XVFB_INNER=1, and passes when that run passes.
#include <dlfcn.h>
#include <QProcess>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "widgets/designer/graph_items.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/node_palette.h"

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

        // Palette → canvas: a free spot below the graph, in sight.
        QTreeWidget* tree = page->palette()->tree();
        QTreeWidgetItem* item = page->palette()->typeItem("Dropout");
        QVERIFY(item);
        tree->scrollToItem(item);
        const QPoint from = tree->viewport()->mapToGlobal(tree->visualItemRect(item).center());
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
                              QCoreApplication::applicationFilePath(), QStringLiteral("dragWithTheRealPointer")});
        QVERIFY2(inner.waitForFinished(100000), "the run under Xvfb did not finish within 100 s");
        const QString output = QString::fromLocal8Bit(inner.readAll());
        QVERIFY2(inner.exitStatus() == QProcess::NormalExit && inner.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.contains("Totals: 3 passed, 0 failed"), qPrintable(output));
    }
};

QTEST_MAIN(TestDesignerXvfb)
#include "test_designer_xvfb.moc"
