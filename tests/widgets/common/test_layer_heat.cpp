// Operator timings as heat on the designer's nodes: layerTimeShares counts nested events once per
// thread and leaves unscoped ones out; the colour scale runs from pale yellow to dark red; a profile
// of digits-cnn gives every layer a share and the shares stay within the step time; the profile view
// emits the shares while its heat box is ticked; GraphScene paints a node's body in its colour; and
// the View menu's action and the Profile tab's box switch the designer's heat together.
#include <QCheckBox>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QtTest>
#include <filesystem>

#include "app/designer/designer_page.h"
#include "app/main_window.h"
#include "app/training/training_page.h"
#include "core/io/project.h"
#include "core/profile/profiler.h"
#include "core/train/project_session.h"
#include "widgets/common/layer_heat.h"
#include "widgets/designer/graph_model.h"
#include "widgets/designer/graph_scene.h"
#include "widgets/training/profile_view.h"

using namespace tessera;

namespace {

profile::Event makeEvent(std::int64_t start, std::int64_t end, profile::ScopeId scope, std::uint32_t thread = 0) {
    profile::Event e;
    e.name = "op";
    e.startNs = start;
    e.endNs = end;
    e.scope = scope;
    e.thread = thread;
    return e;
}

using Shares = QHash<QString, double>;

Shares sharesOf(const QList<QVariant>& signal) { return signal.front().value<Shares>(); }

profile::ScopeId scopeOf(const char* path) {
    profile::Scope scope(path);
    return profile::currentScope();
}

}  // namespace

class TestLayerHeat : public QObject {
    Q_OBJECT
private slots:
    void nestedEventsCountOnce() {
        const profile::ScopeId conv = scopeOf("conv1"), fc = scopeOf("fc");
        profile::ScopeId inner;
        {
            profile::Scope outer("fc");
            profile::Scope nested("Linear");
            inner = profile::currentScope();
        }
        const std::vector<profile::Event> events{makeEvent(0, 100, conv),     // conv1: 100 …
                                                 makeEvent(10, 60, conv),     // … with a nested op inside: still 100
                                                 makeEvent(200, 250, conv),   // + 50
                                                 makeEvent(300, 400, fc),     // fc: 100
                                                 makeEvent(350, 420, inner),  // "fc/Linear" overlapping: to 420 → 120
                                                 makeEvent(300, 330, fc, 1),  // another thread: + 30
                                                 makeEvent(500, 900, 0)};     // outside any layer
        const QHash<QString, double> shares = widgets::layerTimeShares(events, 1000);
        QCOMPARE(shares.size(), 2);
        QCOMPARE(shares.value("conv1"), 0.15);
        QCOMPARE(shares.value("fc"), 0.15);
        QCOMPARE(widgets::maxShare(shares), 0.15);
        QVERIFY(widgets::layerTimeShares(events, 0).isEmpty());
    }

    void colourScale() {
        QCOMPARE(widgets::heatColor(0), QColor(0xff, 0xf7, 0xbc));
        QCOMPARE(widgets::heatColor(1), QColor(0xb1, 0x00, 0x26));
        QCOMPARE(widgets::heatColor(0.5), QColor(0xfe, 0x99, 0x29));
        QCOMPARE(widgets::heatColor(7), widgets::heatColor(1));
        // Hotter is darker.
        QVERIFY(widgets::heatColor(0.8).lightness() < widgets::heatColor(0.3).lightness());
    }

    void digitsCnnProfileCoversItsLayers() {
        const auto file = std::filesystem::path(TESSERA_SOURCE_DIR) / "resources/examples/digits-cnn.tessera";
        train::ProjectSession session(io::loadProject(file), file, {.epochs = 1});
        double stepNs = 0;
        int steps = 0;
        session.trainer().callbacks().onStep = [&](const train::StepRecord& r) {
            if (r.step == 2) profile::start();
            if (r.step > 2) {
                const auto& t = r.timings;
                stepNs += static_cast<double>(t.dataNs + t.forwardNs + t.backwardNs + t.optimizerNs + t.metricsNs);
                ++steps;
            }
            if (r.step == 6) session.trainer().control().stop();
        };
        session.trainer().run();
        const auto events = profile::stop();
        QCOMPARE(steps, 4);
        widgets::ProfileView view;
        QSignalSpy heat(&view, &widgets::ProfileView::heatChanged);
        view.setEvents(events, stepNs, steps);
        QCOMPARE(heat.count(), 1);
        QVERIFY(sharesOf(heat.front()).isEmpty());  // heat is off
        view.heatBox()->click();
        QCOMPARE(heat.count(), 2);
        const auto shares = sharesOf(heat.back());
        QCOMPARE(shares, view.layerShares());
        double total = 0;
        for (const char* layer : {"conv1", "relu1", "pool1", "conv2", "relu2", "pool2", "flat", "fc", "loss"}) {
            QVERIFY2(shares.value(layer) > 0, layer);
            total += shares.value(layer);
        }
        QVERIFY2(total <= 1.0, qPrintable(QString::number(total)));
        QVERIFY(shares.value("conv2") > shares.value("flat"));
        view.setHeatShown(false);
        QVERIFY(sharesOf(heat.back()).isEmpty());
    }

    void sceneTintsHotNodes() {
        graph::ModelGraph g;
        g.addNode("Input", io::Json::object(), "x", 0, 0);
        g.addNode("ReLU", io::Json::object(), "hot", 300, 0);
        g.addNode("ReLU", io::Json::object(), "cold", 600, 0);
        widgets::GraphModel model;
        model.setGraph(g);
        widgets::GraphScene scene(&model);
        const auto bodyColour = [&](const QString& id) {
            const QRectF r = scene.nodeRect(id);
            QImage image(scene.sceneRect().size().toSize() + QSize(1, 1), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter p(&image);
            scene.render(&p, QRectF(QPointF(0, 0), scene.sceneRect().size()), scene.sceneRect());
            p.end();
            // Low in the body, left of the text: only the fill (and tint) there.
            const QPointF at = r.bottomLeft() + QPointF(4, -3) - scene.sceneRect().topLeft();
            return image.pixelColor(at.toPoint());
        };
        const QColor plain = bodyColour("hot");
        scene.setNodeHeat({{"hot", 0.6}, {"cold", 0.01}});
        QCOMPARE(scene.nodeHeat().size(), 2);
        const QColor hot = bodyColour("hot"), cold = bodyColour("cold");
        QVERIFY2(hot.red() > hot.blue() + 60, qPrintable(hot.name()));
        QVERIFY2(hot.lightness() < cold.lightness(), qPrintable(hot.name() + " " + cold.name()));
        QVERIFY2(hot != plain, qPrintable(plain.name()));
        scene.setNodeHeat({});
        QCOMPARE(bodyColour("hot"), plain);
    }

    void viewMenuPaintsTheDesigner() {
        app::MainWindow w({.persistent = false, .pluginFolders = {}});
        QVERIFY(w.openExample(QStringLiteral("digits-cnn")));
        widgets::ProfileView* profile = w.trainingPage()->profileView();
        profile->setEvents({makeEvent(0, 300, scopeOf("conv2")), makeEvent(300, 400, scopeOf("fc"))}, 1000, 1);
        QVERIFY(w.designerPage()->scene()->nodeHeat().isEmpty());
        auto* action = w.findChild<QAction*>(QStringLiteral("nodeHeatAction"));
        QVERIFY(action);
        action->trigger();
        QVERIFY(profile->heatShown());
        QCOMPARE(w.designerPage()->scene()->nodeHeat(), (Shares{{"conv2", 0.3}, {"fc", 0.1}}));
        profile->heatBox()->click();  // off again from the Profile tab
        QVERIFY(!action->isChecked());
        QVERIFY(w.designerPage()->scene()->nodeHeat().isEmpty());
    }
};

QTEST_MAIN(TestLayerHeat)
#include "test_layer_heat.moc"
