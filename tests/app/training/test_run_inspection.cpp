// Looking inside a run, offscreen: the controller's RunInspection fills the tensor history while
// digits-cnn trains and hands its weights to the try-the-model view, whose prediction equals the
// trained GraphModule's forward on the same row (also for weights taken while paused); a digit drawn
// on the pad with mouse events changes the input and the prediction; a run whose loss explodes stops
// as "non-finite" naming the op and layer (GUI controller and tessera-cli), and so does one whose
// gradient overflows with detection on (Run → Detect NaN/Inf, tessera-cli train --detect-anomaly),
// naming the backward Node's layer with the same message in both; the tensor history
// model's statistics, histograms over time and heat maps are checked without the widget.
#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <numeric>

#include "app/training/inspect_views.h"
#include "app/training/run_inspection.h"
#include "app/training/training_controller.h"
#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/io/project.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/train/project_session.h"
#include "tests/app/cli_process.h"
#include "tests/app/example_projects.h"
#include "tests/core/train/overflowing_gradient.h"
#include "widgets/training/tensor_inspector.h"
#include "widgets/training/try_model.h"

using namespace tessera;
using app::TrainingController;
using State = TrainingController::State;

namespace {

// What the trained model itself says for row `row` of `data`.
std::vector<double> forward(graph::GraphModule& model, const data::Dataset& data, int row) {
    return ops::to(train::predict(model, data.subset({row}).features), DType::Float64).toVector<double>();
}

io::Project exploding() {
    io::Project p = exampleProject(QStringLiteral("moons-mlp"));
    p.training = io::parseJson(R"({"optimizer": {"type": "SGD", "lr": 1e30}, "epochs": 3, "batchSize": 64})", "test");
    return p;
}

train::ProbedTensor probed(const std::string& layer, train::TensorKind kind, std::vector<std::int64_t> shape,
                           std::vector<float> values) {
    train::ProbedTensor t;
    t.layer = layer;
    t.name = kind == train::TensorKind::Activation ? "output" : "weight";
    t.kind = kind;
    t.shape = std::move(shape);
    t.values = std::move(values);
    for (float v : t.values)
        if (!std::isfinite(v)) ++t.nonFinite;
    return t;
}

}  // namespace

class TestRunInspection : public QObject {
    Q_OBJECT
private slots:
    void tryTheModelPredictsAsTheTrainedModel() {
        QTemporaryDir runs;
        TrainingController c;
        widgets::TensorInspector tensors(c.inspection()->tensors());
        widgets::TryModelView tryModel;
        app::connectInspectViews(&c, &tensors, &tryModel);
        c.inspection()->setSampleEvery(5);
        QSignalSpy finished(&c, &TrainingController::finished);
        QVERIFY2(c.start(exampleProject("digits-cnn"), examplePath("digits-cnn"), runs.path(), {.epochs = 2}),
                 qPrintable(c.lastError()));
        QVERIFY(finished.wait(120000));
        QCOMPARE(c.state(), State::Finished);

        // Samples every 5 steps and a last one at the end.
        const widgets::TensorHistoryModel* history = c.inspection()->tensors();
        const std::int64_t steps = c.progress().step;
        QCOMPARE(history->lastStep(), steps);
        QCOMPARE(history->samples(), static_cast<int>(steps / 5 + (steps % 5 ? 1 : 0)));
        for (const char* layer : {"conv1", "conv2", "fc"}) {
            QVERIFY(history->find(layer, "weight", train::TensorKind::Weight) >= 0);
            QVERIFY(history->find(layer, "weight", train::TensorKind::Gradient) >= 0);
            QVERIFY(history->find(layer, "output", train::TensorKind::Activation) >= 0);
        }
        QVERIFY(history->find("relu1", "output", train::TensorKind::Activation) >= 0);

        widgets::TryModelModel* model = tryModel.model();
        QVERIFY(model->hasModel());
        QCOMPARE(c.inspection()->weightsStep(), steps);
        QCOMPARE(model->imageShape(), (std::vector<std::int64_t>{8, 8}));
        QCOMPARE(model->rowCount(), 10);
        graph::GraphModule& trained = c.session()->model();
        const data::Dataset& test = c.session()->split().test;
        QCOMPARE(static_cast<std::size_t>(tryModel.rows()->model()->rowCount()), test.size());
        for (int row : {0, 7, 100}) {
            tryModel.rows()->setCurrentIndex(tryModel.rows()->model()->index(row, 0));
            QCOMPARE(model->outputs(), forward(trained, test, row));
            double sum = 0;
            for (int k = 0; k < 10; ++k) sum += model->probability(k);
            QVERIFY(std::abs(sum - 1) < 1e-9);
            const auto& out = model->outputs();
            QCOMPARE(model->predictedClass(), static_cast<int>(std::max_element(out.begin(), out.end()) - out.begin()));
            QCOMPARE(model->data(model->index(model->predictedClass(), 1), Qt::UserRole).toDouble(),
                     model->probability(model->predictedClass()));
        }
    }

    void tryModelModelWithoutAView_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("softmax over 2 classes") << QStringLiteral("moons-mlp");
        QTest::newRow("one logit, sigmoid") << QStringLiteral("breast-cancer-logreg");
        QTest::newRow("10 classes, 8x8 images") << QStringLiteral("digits-cnn");
    }

    void tryModelModelWithoutAView() {
        QFETCH(QString, name);
        const auto file = std::filesystem::path(examplePath(name).toStdString());
        train::ProjectSession session(io::loadProject(file), file, {.epochs = 2});
        session.trainer().run();
        widgets::TryModelModel m;
        QSignalSpy predicted(&m, &widgets::TryModelModel::predicted);
        const data::Dataset& test = session.split().test;
        m.setModel(session.model().graph(), session.model().stateDict(), test);
        QCOMPARE(m.features(), test.numFeatures());
        QCOMPARE(m.rowCount(), static_cast<int>(test.numClasses()));
        // Before a row is chosen the input is all zeros, and the view says so.
        QCOMPARE(m.inputRow(), -1);
        QVERIFY2(name == "digits-cnn" ? m.inputText().contains("blank image") : m.inputText().contains("zero"),
                 qPrintable(m.inputText()));
        for (int row : {0, 5, 17}) {
            m.setInputRow(row);
            QCOMPARE(m.inputText(), QString("Input: row %1 of the test split").arg(row));
            const std::vector<double> expected = forward(session.model(), test, row);
            QCOMPARE(m.outputs(), expected);
            if (expected.size() == 1) {
                const double p = 1 / (1 + std::exp(-expected[0]));
                QVERIFY(std::abs(m.probability(1) - p) < 1e-12);
                QCOMPARE(m.predictedClass(), p > 0.5 ? 1 : 0);
            } else {
                const auto top = std::max_element(expected.begin(), expected.end()) - expected.begin();
                QCOMPARE(m.predictedClass(), static_cast<int>(top));
            }
            QCOMPARE(m.data(m.index(m.predictedClass(), widgets::TryModelModel::Label)).toString(),
                     QString::fromStdString(test.classNames[static_cast<std::size_t>(m.predictedClass())]));
            QVERIFY(m.predictionText().startsWith(
                QString::fromStdString(test.classNames[static_cast<std::size_t>(m.predictedClass())])));
        }
        QVERIFY(predicted.count() >= 4);
        // Only the images get a pad.
        QCOMPARE(m.imageShape().empty(), name != QStringLiteral("digits-cnn"));
        // A wrong number of values is refused, naming both counts; the last prediction stands.
        const std::vector<double> before = m.outputs();
        m.setInput(std::vector<float>(3, 0.0f));
        QVERIFY2(m.error().contains(QStringLiteral("3 values")), qPrintable(m.error()));
        QCOMPARE(m.outputs(), before);
        // Rows of another data set do not fit the network.
        data::Dataset other = test;
        other.features = Tensor::fromVector(std::vector<float>(6, 0.0f), {2, 3});
        other.featureNames = {"a", "b", "c"};
        QVERIFY_THROWS_EXCEPTION(ValueError, m.setModel(session.model().graph(), session.model().stateDict(), other));
    }

    void weightsOfAPausedRun() {
        QTemporaryDir runs;
        TrainingController c;
        widgets::TensorInspector tensors(c.inspection()->tensors());
        widgets::TryModelView tryModel;
        app::connectInspectViews(&c, &tensors, &tryModel);
        QVERIFY2(c.start(exampleProject("moons-mlp"), examplePath("moons-mlp"), runs.path(), {.startPaused = true}),
                 qPrintable(c.lastError()));
        QCOMPARE(c.inspection()->weightsStep(), 0);
        c.stepOnce();
        c.stepOnce();
        c.stepOnce();
        QTRY_COMPARE(c.inspection()->weightsStep(), 3);
        tryModel.model()->setInputRow(4);
        const std::vector<double> whilePaused = tryModel.model()->outputs();
        QSignalSpy finished(&c, &TrainingController::finished);
        c.stop();
        QVERIFY(finished.wait(30000));
        QCOMPARE(c.progress().step, 3);
        QCOMPARE(whilePaused, forward(c.session()->model(), c.session()->split().test, 4));
    }

    void drawingOnThePadPredictsLive() {
        const auto file = std::filesystem::path(examplePath("digits-cnn").toStdString());
        train::ProjectSession session(io::loadProject(file), file, {.epochs = 1});
        session.trainer().run();
        widgets::TryModelView view;
        view.resize(700, 500);
        view.model()->setModel(session.model().graph(), session.model().stateDict(), session.split().test);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        widgets::DigitPad* pad = view.pad();
        QVERIFY(pad->isVisible());
        auto* inputText = view.findChild<QLabel*>("tryInput");
        QVERIFY(inputText && inputText->isVisible());
        QCOMPARE(inputText->text(), QString("Input: a blank image — draw a digit, or pick a test row below"));
        QSignalSpy predicted(view.model(), &widgets::TryModelModel::predicted);

        // A vertical stroke down column 4: a "1".
        const QPoint top = pad->cellRect(1, 4).center(), bottom = pad->cellRect(6, 4).center();
        QTest::mousePress(pad, Qt::LeftButton, {}, top);
        for (int r = 2; r <= 6; ++r) {
            QMouseEvent move(QEvent::MouseMove, QPointF(pad->cellRect(r, 4).center()),
                             pad->mapToGlobal(QPointF(pad->cellRect(r, 4).center())), Qt::NoButton, Qt::LeftButton,
                             Qt::NoModifier);
            QApplication::sendEvent(pad, &move);
        }
        QTest::mouseRelease(pad, Qt::LeftButton, {}, bottom);
        QVERIFY(predicted.count() >= 5);
        const std::vector<float>& input = view.model()->input();
        const float full = view.model()->maxValue();
        for (int r = 1; r <= 6; ++r) QCOMPARE(input[static_cast<std::size_t>(r * 8 + 4)], full);
        QCOMPARE(input[static_cast<std::size_t>(3 * 8 + 3)], 0.5f * full);  // the pen's edge
        QCOMPARE(input[0], 0.0f);
        QCOMPARE(pad->cellAt(top), QPoint(4, 1));
        QCOMPARE(inputText->text(), QString("Input: the digit drawn on the pad"));
        // The prediction is the network's on exactly this picture.
        Tensor x = Tensor::fromVector(input, {1, 64});
        QCOMPARE(view.model()->outputs(),
                 ops::to(train::predict(session.model(), x), DType::Float64).toVector<double>());
        QVERIFY(view.model()->predictedClass() >= 0);

        QTest::mouseClick(pad, Qt::RightButton, {}, pad->cellRect(3, 4).center());
        QCOMPARE(view.model()->input()[3 * 8 + 4], 0.0f);
        view.findChild<QPushButton*>()->click();
        const std::vector<float>& cleared = view.model()->input();
        QVERIFY(std::all_of(cleared.begin(), cleared.end(), [](float v) { return v == 0.0f; }));
    }

    void explodingLossStopsTheRunNamingTheOp() {
        QTemporaryDir runs;
        TrainingController c;
        c.setDetectAnomaly(true);
        QSignalSpy finished(&c, &TrainingController::finished);
        QVERIFY2(c.start(exploding(), examplePath("moons-mlp"), runs.path()), qPrintable(c.lastError()));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.front().front().toString(), QStringLiteral("non-finite"));
        QCOMPARE(c.finishReason(), train::FinishReason::NonFinite);
        QVERIFY(c.nonFinite());
        QCOMPARE(c.nonFinite()->op, std::string("linear"));
        QCOMPARE(c.nonFinite()->layer, std::string("fc2"));
        // With detection on, the op's own output is caught before the loss is computed.
        QVERIFY2(c.lastError().startsWith(QStringLiteral("Inf in the forward pass at step 2")),
                 qPrintable(c.lastError()));
        const io::Json run = io::parseJson(io::readFile((runs.filePath("run-001/run.json")).toStdString()), "run.json");
        QCOMPARE(run.at("status").asString(), std::string("non-finite"));
        QCOMPARE(QString::fromStdString(run.at("error").asString()), c.lastError());
    }

    void explodingLossFailsTheCli() {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("exploding.tessera"));
        io::saveProject(exploding(), project.toStdString());
        const testing::Run r = testing::cli({QStringLiteral("train"), project, QStringLiteral("--quiet"),
                                             QStringLiteral("--out"), dir.filePath(QStringLiteral("out"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("stopped: NaN in the loss at step 2")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("op 'linear'")) && r.err.contains(QStringLiteral("(layer 'fc2')")),
                 qPrintable(r.err));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("out/weights.safetensors"))));
    }

    // A finite forward and an overflowing gradient: both stop at step 1 in fc2's backward Node and say
    // so in the same words.
    void badGradientNamesItsLayerInTheGuiAndTheCli() {
        QTemporaryDir dir;
        io::Project p = exampleProject(QStringLiteral("moons-mlp"));
        p.training = io::parseJson(R"({"optimizer": {"type": "SGD", "lr": 0.1}, "epochs": 1, "batchSize": 64,
                                       "seed": 0, "initialWeights": "overflow.safetensors"})",
                                   "test");
        const QString project = dir.filePath(QStringLiteral("overflow.tessera"));
        {
            io::Project plain = p;
            plain.training = io::parseJson(R"({"seed": 0})", "test");
            train::ProjectSession s(plain, project.toStdString());
            s.model().loadStateDict(overflowingGradientWeights(s.model()));
            s.saveWeights(dir.filePath(QStringLiteral("overflow.safetensors")).toStdString());
        }
        io::saveProject(p, project.toStdString());

        TrainingController c;
        c.setDetectAnomaly(true);
        QSignalSpy finished(&c, &TrainingController::finished);
        QVERIFY2(c.start(io::loadProject(project.toStdString()), project, dir.filePath(QStringLiteral("runs"))),
                 qPrintable(c.lastError()));
        QVERIFY(finished.wait(30000));
        QCOMPARE(c.finishReason(), train::FinishReason::NonFinite);
        QVERIFY(c.nonFinite());
        QCOMPARE(c.nonFinite()->where, train::NonFiniteReport::Where::Backward);
        QCOMPARE(c.nonFinite()->op, std::string("AddmmBackward0"));
        QCOMPARE(c.nonFinite()->layer, std::string("fc2"));
        QVERIFY2(c.lastError().startsWith(QStringLiteral("Inf in a gradient at step 1: ")) &&
                     c.lastError().endsWith(QStringLiteral("(AddmmBackward0, layer 'fc2')")),
                 qPrintable(c.lastError()));

        // Without --detect-anomaly only the loss is checked: step 1 applies the infinite gradient and the
        // loss of step 2 stops the run. With it, the GUI's stop, word for word.
        const QString out = dir.filePath(QStringLiteral("out"));
        const testing::Run plainRun =
            testing::cli({QStringLiteral("train"), project, QStringLiteral("--quiet"), QStringLiteral("--epochs"),
                          QStringLiteral("1"), QStringLiteral("--out"), out});
        QCOMPARE(plainRun.code, 1);
        QVERIFY2(plainRun.err.contains(QStringLiteral("stopped: NaN in the loss at step 2")), qPrintable(plainRun.err));
        const testing::Run r = testing::cli({QStringLiteral("train"), project, QStringLiteral("--detect-anomaly"),
                                             QStringLiteral("--quiet"), QStringLiteral("--out"), out});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err.trimmed(), QStringLiteral("tessera-cli train: stopped: ") + c.lastError());
    }

    void tensorHistoryModel() {
        widgets::TensorHistoryModel m;
        train::ProbeSample s1;
        s1.step = 10;
        s1.tensors = {probed("fc", train::TensorKind::Weight, {2, 3}, {-1, 0, 1, 2, 3, 4}),
                      probed("fc", train::TensorKind::Activation, {4}, {0, 0, 1, NAN})};
        m.append(s1);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.samples(), 1);
        const int w = m.find("fc", "weight", train::TensorKind::Weight);
        QCOMPARE(w, 0);
        QCOMPARE(m.data(m.index(w, widgets::TensorHistoryModel::Mean), Qt::UserRole).toDouble(), 1.5);
        QCOMPARE(m.data(m.index(w, widgets::TensorHistoryModel::Std), Qt::UserRole).toDouble(), std::sqrt(17.5 / 6));
        QCOMPARE(m.data(m.index(w, widgets::TensorHistoryModel::Min), Qt::UserRole).toDouble(), -1.0);
        QCOMPARE(m.data(m.index(w, widgets::TensorHistoryModel::Max), Qt::UserRole).toDouble(), 4.0);
        QCOMPARE(m.data(m.index(w, widgets::TensorHistoryModel::Shape)).toString(), QStringLiteral("[2, 3]"));
        const int a = m.find("fc", "output", train::TensorKind::Activation);
        QCOMPARE(m.data(m.index(a, widgets::TensorHistoryModel::NonFinite), Qt::UserRole).toLongLong(), 1);
        const auto& hist = m.series(w).points.back().histogram;
        QCOMPARE(std::accumulate(hist.begin(), hist.end(), 0.0), 6.0);

        train::ProbeSample s2;
        s2.step = 20;
        s2.tensors = {probed("fc", train::TensorKind::Weight, {2, 3}, {-3, -3, -3, 5, 5, 5})};
        m.append(s2);
        QCOMPARE(m.rowCount(), 2);
        const auto grid = m.overTime(w, 8);
        QCOMPARE(grid.steps, (std::vector<std::int64_t>{10, 20}));
        QCOMPARE(grid.lo, -3.0);
        QCOMPARE(grid.hi, 5.0);
        QCOMPARE(grid.density.size(), std::size_t{16});
        for (int row = 0; row < 2; ++row) {
            double sum = 0;
            for (int b = 0; b < 8; ++b) sum += grid.density[static_cast<std::size_t>(row * 8 + b)];
            QVERIFY(std::abs(sum - 1) < 1e-12);
        }
        // The second sample: half its values at the bottom bin, half at the top.
        QCOMPARE(grid.density[8], 0.5);
        QCOMPARE(grid.density[15], 0.5);
        const auto heat = m.heatMap(w);
        QCOMPARE(heat.rows, 2);
        QCOMPARE(heat.columns, 3);
        QCOMPARE(heat.lo, -3.0f);
        QCOMPARE(heat.hi, 5.0f);
        const auto line = m.heatMap(a);
        QCOMPARE(line.rows, 1);
        QCOMPARE(line.columns, 4);
    }

    void inspectorFiltersByKind() {
        widgets::TensorHistoryModel m;
        widgets::TensorInspector view(&m);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        train::ProbeSample s;
        s.step = 5;
        s.tensors = {probed("a", train::TensorKind::Weight, {2}, {1, 2}),
                     probed("a", train::TensorKind::Activation, {2}, {3, 4}),
                     probed("b", train::TensorKind::Weight, {2}, {5, 6})};
        m.append(s);
        QCOMPARE(view.table()->model()->rowCount(), 3);
        QCOMPARE(view.plots()->row(), 0);  // the first series is shown at once
        view.setKindFilter(static_cast<int>(train::TensorKind::Weight));
        QCOMPARE(view.table()->model()->rowCount(), 2);
        view.setKindFilter(static_cast<int>(train::TensorKind::Activation));
        QCOMPARE(view.table()->model()->rowCount(), 1);
        view.table()->setCurrentIndex(view.table()->model()->index(0, 0));
        QCOMPARE(view.plots()->row(), 1);
        view.setKindFilter(-1);
        QCOMPARE(view.table()->model()->rowCount(), 3);
        QSignalSpy detect(&view, &widgets::TensorInspector::detectAnomalyChanged);
        view.detectAnomalyBox()->click();
        QCOMPARE(detect.count(), 1);
        QCOMPARE(detect.front().front().toBool(), true);
    }
};

QTEST_MAIN(TestRunInspection)
#include "test_run_inspection.moc"
