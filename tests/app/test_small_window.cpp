// Issue 19: in a small window (1024×700) the canvas keeps most of the space — the Project dock folds
// away, the empty Problems dock takes only its title's room (and opens when a problem appears), the
// property editor folds away while no node is selected and comes back, narrower, for a selected node —
// and a large window keeps the full layout (Note [Small windows] in app/main_window.cpp).
#include <QDockWidget>
#include <QSplitter>
#include <QTabWidget>
#include <QtTest>

#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/project/project_document.h"
#include "core/io/json.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/designer/graph_view.h"
#include "widgets/designer/problems_view.h"
#include "widgets/designer/property_editor.h"

using namespace tessera;
using app::MainWindow;

namespace {

double share(int part, int whole) { return whole > 0 ? static_cast<double>(part) / whole : 0; }

void settle(MainWindow& w, int width, int height) {
    w.resize(width, height);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // The show and its layout, then the docks sized after it (MainWindow sizes them once laid out).
    for (int round = 0; round < 3; ++round) QCoreApplication::processEvents();
}

}  // namespace

class TestSmallWindow : public QObject {
    Q_OBJECT
private slots:
    void theCanvasKeepsMostOfA1024By700Window() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("digits-cnn"));
        settle(w, 1024, 700);
        QCOMPARE(w.size(), QSize(1024, 700));
        const QWidget* canvas = w.designerPage()->view();
        qInfo("canvas %dx%d in a %dx%d window; Project dock %d wide, Messages %d high", canvas->width(),
              canvas->height(), w.width(), w.height(), w.projectDock()->width(), w.messagesDock()->height());
        // Nothing selected: the property editor is folded away.
        QVERIFY(w.designerPage()->propertyEditor()->node().isEmpty());
        QCOMPARE(w.designerPage()->splitter()->sizes().at(2), 0);
        QVERIFY2(share(canvas->width(), w.width()) >= 0.6, qPrintable(QString::number(canvas->width())));
        QVERIFY2(share(canvas->height(), w.height()) >= 0.6, qPrintable(QString::number(canvas->height())));
        // The Project dock (what the Project tab shows) folds away; the Problems dock on top is empty
        // and takes only its title's and tab bar's room.
        QVERIFY(w.projectDock()->isHidden());
        QVERIFY(w.designerPage()->problemsView()->count() == 0);
        QVERIFY2(w.problemsDock()->height() <= 80, qPrintable(QString::number(w.problemsDock()->height())));

        // A selected node shows its properties; the canvas still has the larger part.
        const QString id = QStringLiteral("conv1");
        w.designerPage()->showNode(id);
        QCoreApplication::processEvents();
        QCOMPARE(w.designerPage()->propertyEditor()->node(), id);
        QVERIFY(w.designerPage()->splitter()->sizes().at(2) >= 150);
        QVERIFY2(share(canvas->width(), w.width()) >= 0.4, qPrintable(QString::number(canvas->width())));
        // Deselected, it folds again.
        w.designerPage()->scene()->clearSelection();
        QCoreApplication::processEvents();
        QCOMPARE(w.designerPage()->splitter()->sizes().at(2), 0);

        // A problem appears: the Problems dock opens to be read.
        QVERIFY(w.document()->graphModel()->setParam("conv1", "in_channels", io::Json(3)));
        for (int round = 0; round < 3; ++round) QCoreApplication::processEvents();
        QVERIFY(w.designerPage()->problemsView()->count() > 0);
        QVERIFY2(w.problemsDock()->height() >= 90, qPrintable(QString::number(w.problemsDock()->height())));
    }

    void aLargeWindowKeepsTheFullLayout() {
        MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample("digits-cnn"));
        settle(w, 1400, 900);
        QVERIFY(w.designerPage()->splitter()->sizes().at(2) >= 200);
        QVERIFY(w.projectDock()->width() >= 250);
        QVERIFY2(w.problemsDock()->height() >= 90, qPrintable(QString::number(w.problemsDock()->height())));
        // Made small, the panes fold; large again, they come back.
        settle(w, 1024, 700);
        QCOMPARE(w.designerPage()->splitter()->sizes().at(2), 0);
        QVERIFY(w.projectDock()->isHidden());
        settle(w, 1400, 900);
        QVERIFY(w.designerPage()->splitter()->sizes().at(2) >= 200);
        QVERIFY(!w.projectDock()->isHidden());
        QVERIFY(w.projectDock()->width() >= 250);
    }
};

QTEST_MAIN(TestSmallWindow)
#include "test_small_window.moc"
