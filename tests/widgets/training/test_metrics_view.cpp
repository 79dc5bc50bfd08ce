// Metrics views offscreen: the confusion matrix and per-class report of a known set of predictions
// equal sklearn's (precision_recall_fscore_support, zero_division=0); classify reads logits as
// train::accuracy does; regression shows R²; the decision boundary follows a linear rule.
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QtTest>
#include <cmath>

#include "core/data/builtin.h"
#include "core/tensor/factory.h"
#include "widgets/training/evaluation.h"
#include "widgets/training/metrics_view.h"

using namespace tessera;
using namespace tessera::widgets;

namespace {

Tensor matrix(const std::vector<std::vector<float>>& rows) {
    Tensor t = zeros({static_cast<std::int64_t>(rows.size()), static_cast<std::int64_t>(rows.front().size())});
    float* p = t.data<float>();
    for (const auto& row : rows)
        for (float v : row) *p++ = v;
    return t;
}

// y = [0]*5 + [1]*3 + [2]*2, predicted [0,0,0,1,2, 1,1,0, 2,2].
data::Dataset threeClasses() {
    data::Dataset d;
    d.name = "three";
    d.classNames = {"a", "b", "c"};
    d.features = zeros({10, 1});
    d.targets = zeros({10}, DType::Int64);
    const std::int64_t y[] = {0, 0, 0, 0, 0, 1, 1, 1, 2, 2};
    for (int i = 0; i < 10; ++i) d.targets.data<std::int64_t>()[i] = y[i];
    d.featureNames = {"x"};
    d.sampleShape = {1};
    return d;
}

}  // namespace

class TestMetricsView : public QObject {
    Q_OBJECT
private slots:
    void classificationMatchesSklearn() {
        const int predicted[] = {0, 0, 0, 1, 2, 1, 1, 0, 2, 2};
        std::vector<std::vector<float>> logits;
        for (int p : predicted) {
            std::vector<float> row(3, 0.0f);
            row[static_cast<std::size_t>(p)] = 2.0f;
            logits.push_back(row);
        }
        const Tensor scores = matrix(logits);
        Evaluation e = evaluate([&](const Tensor&) { return scores; }, threeClasses(), "test");
        QCOMPARE(e.confusion, (std::vector<std::vector<std::int64_t>>{{3, 1, 1}, {1, 2, 0}, {0, 0, 2}}));
        QCOMPARE(e.accuracy(), 0.7);

        MetricsView view;
        view.setEvaluation(e);
        ClassReportModel* r = view.reportModel();
        QCOMPARE(r->precision(0), 0.75);
        QCOMPARE(r->recall(0), 0.6);
        QVERIFY(std::abs(r->f1(0) - 0.66666667) < 1e-7);
        QVERIFY(std::abs(r->precision(1) - 0.66666667) < 1e-7);
        QCOMPARE(r->recall(2), 1.0);
        QCOMPARE(r->f1(2), 0.8);
        QCOMPARE(r->support(1), 3);
        ConfusionMatrixModel* m = view.confusionModel();
        QCOMPARE(m->data(m->index(0, 0)).toLongLong(), 3);
        m->setNormalized(true);
        QCOMPARE(m->data(m->index(0, 0)).toString(), QStringLiteral("0.60"));
        QCOMPARE(m->headerData(0, Qt::Vertical).toString(), QStringLiteral("a"));
        QVERIFY(view.summary().contains("accuracy 0.7000"));
    }

    void binaryLogitAndTies() {
        std::vector<int> classes;
        std::vector<float> confidence;
        classify(matrix({{-1.0f}, {0.0f}, {2.0f}}), classes, confidence);
        QCOMPARE(classes, (std::vector<int>{0, 0, 1}));  // 0 is not > 0, as BCEWithLogits' accuracy reads it
        QCOMPARE(confidence[1], 0.5f);
        classify(matrix({{1.0f, 1.0f}}), classes, confidence);
        QCOMPARE(classes, (std::vector<int>{0}));  // first of ties, as argmax
    }

    void rocAndPrMatchSklearn() {
        // roc_auc_score, average_precision_score and roc_curve(drop_intermediate=False) of sklearn 1.2.1.
        const QVector<int> y{0, 0, 1, 1, 0, 1, 1, 0};
        const QVector<double> s{0.1, 0.4, 0.35, 0.8, 0.4, 0.9, 0.4, 0.2};
        const RocPr r = rocPr(s, y);
        QCOMPARE(r.rocAuc, 0.8125);
        QVERIFY(std::abs(r.averagePrecision - 0.8166666666666667) < 1e-12);
        QCOMPARE(r.fpr, (QVector<double>{0, 0, 0, 0.5, 0.5, 0.75, 1}));
        QCOMPARE(r.tpr, (QVector<double>{0, 0.25, 0.5, 0.75, 1, 1, 1}));
        QVERIFY(rocPr({0.5, 0.7}, {1, 1}).fpr.isEmpty());  // one class only: no curve

        // A binary model's view shows them; scores are the probability of class 1.
        data::Dataset d = threeClasses().subset({0, 1, 5, 6});
        d.classNames = {"a", "b"};
        for (int i = 0; i < 4; ++i) d.targets.data<std::int64_t>()[i] = i < 2 ? 0 : 1;
        const Tensor logits = matrix({{-2.0f}, {0.5f}, {1.0f}, {3.0f}});
        Evaluation e = evaluate([&](const Tensor&) { return logits; }, d, "test");
        QCOMPARE(e.labels, (QVector<int>{0, 0, 1, 1}));
        QVERIFY(std::abs(e.scores[1] - 1 / (1 + std::exp(-0.5))) < 1e-6);
        MetricsView view;
        view.setEvaluation(e);
        QCOMPARE(view.rocPr().rocAuc, 1.0);
        // ROC and precision-recall on axes of their own, each with its title and axis labels.
        QCOMPARE(view.curveTitles(), (QStringList{"ROC curve · AUC 1.000", "Precision–recall curve · AP 1.000"}));
        QCOMPARE(view.curveAxisLabels(0), (QStringList{"false positive rate", "true positive rate (recall)"}));
        QCOMPARE(view.curveAxisLabels(1), (QStringList{"recall", "precision"}));
        QCOMPARE(view.curveGraphs(0), 2);  // the curve and the chance diagonal
        QCOMPARE(view.curveGraphs(1), 1);
    }
    void confusionMatrixIsReadableAndTitled() {
        MetricsView view;
        auto* predicted = view.findChild<QLabel*>("predictedTitle");
        auto* actual = view.findChild<QLabel*>("actualTitle");
        QVERIFY(predicted && actual);
        QVERIFY(predicted->text().startsWith("predicted"));
        QVERIFY(actual->text().startsWith("actual"));
        QVERIFY(actual->sizeHint().height() > actual->sizeHint().width());  // drawn upright, as a y-axis title
        QVERIFY(view.matrixView()->verticalHeader()->defaultSectionSize() >= 34);
        QVERIFY(view.matrixView()->minimumHeight() >= 100);
    }

    void regressionShowsR2() {
        data::Dataset d = data::loadBuiltin("diabetes");
        const Tensor perfect = d.targets;
        Evaluation e = evaluate([&](const Tensor&) { return perfect; }, d, "test");
        QCOMPARE(e.r2, 1.0);
        QCOMPARE(e.actual.size(), 442);
        MetricsView view;
        view.setEvaluation(e);
        QVERIFY(view.summary().contains("R² 1.0000"));
    }

    void boundaryFollowsTheRule() {
        data::Dataset d = data::loadBuiltin("iris");
        d = d.subset({0, 1, 2, 50, 51, 52});
        d.features = matrix({{0, 0}, {1, 0}, {0, 1}, {3, 3}, {4, 3}, {3, 4}});
        d.featureNames = {"x", "y"};
        d.sampleShape = {2};
        d.classNames = {"a", "b"};
        for (int i = 0; i < 6; ++i) d.targets.data<std::int64_t>()[i] = i < 3 ? 0 : 1;
        QVERIFY(hasBoundary(d));
        // Class 1 where x + y > 3.5.
        auto rule = [](const Tensor& x) {
            const std::int64_t n = x.size(0);
            Tensor out = zeros({n, 1});
            for (std::int64_t i = 0; i < n; ++i)
                out.data<float>()[i] = x.data<float>()[2 * i] + x.data<float>()[2 * i + 1] - 3.5f;
            return out;
        };
        BoundaryGrid g = boundaryGrid(rule, d, 16);
        QCOMPARE(g.size, 16);
        QCOMPARE(g.cellClass.front(), 0);  // bottom-left
        QCOMPARE(g.cellClass.back(), 1);   // top-right
        QCOMPARE(g.px.size(), 6);
        DecisionBoundaryView view;
        view.resize(200, 200);
        view.setGrid(g);
        const QImage shot = view.grab().toImage();
        QVERIFY(shot.pixelColor(20, 180) != shot.pixelColor(180, 20));
    }
};

QTEST_MAIN(TestMetricsView)
#include "test_metrics_view.moc"
