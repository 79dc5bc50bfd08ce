// Every metric of core/ml/metrics against sklearn 1.2.1 on the same seeded data: binary, multiclass
// (labels that are not 0..k-1), float labels, ties in scores, sample weights with zeros, multi-output
// regression, and clusterings; results within 1e-10 relative. Errors are checked for their words.
#include <QtTest>
#include <functional>

#include "core/ml/metrics/classification.h"
#include "core/ml/metrics/cluster.h"
#include "core/ml/metrics/ranking.h"
#include "core/ml/metrics/regression.h"
#include "core/ml/random_state.h"
#include "core/tensor/error.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml::metrics;

namespace {

constexpr std::int64_t kN = 80;

Tensor vec(const std::vector<double>& v) {
    return Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())});
}
Tensor ivec(const std::vector<std::int64_t>& v) {
    return Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())});
}

// The data every case reads, built from a seeded RandomState (so both sides see the same numbers).
struct Data {
    Tensor yb, pb, sb, wb;      // binary labels 0/1, predictions, tied scores, weights with zeros
    Tensor ym, pm, probm;       // multiclass labels {1, 2, 4, 7}, predictions, probabilities (n, 4)
    Tensor yf, pf;              // float labels {-1.0, 1.0}
    Tensor y3, prob3;           // 3 classes 0..2 and probabilities (ovo/ovr)
    Tensor yr, pr, Yr, Pr, wr;  // regression: 1 output and 3 outputs
    Tensor X, lab, lab2;        // clustering: (n, 3) points, two labelings
};

Data makeData() {
    ml::RandomState r(20);
    Data d;
    std::vector<std::int64_t> yb, pb, ym, pm, y3, lab, lab2;
    std::vector<double> sb, wb, yf, pf, probm, prob3, yr, pr, Yr, Pr, wr, X;
    const std::int64_t classes[] = {1, 2, 4, 7};
    for (std::int64_t i = 0; i < kN; ++i) {
        yb.push_back(r.randint(0, 2));
        pb.push_back(r.randomSample() < 0.75 ? yb.back() : 1 - yb.back());
        sb.push_back(std::round((0.35 * static_cast<double>(yb.back()) + 0.65 * r.randomSample()) * 10) / 10);  // ties
        wb.push_back(i % 9 == 4 ? 0.0 : 0.5 + r.randomSample());
        ym.push_back(classes[r.randint(0, 4)]);
        pm.push_back(r.randomSample() < 0.6 ? ym.back() : classes[r.randint(0, 4)]);
        double s = 0;
        std::vector<double> row;
        for (int k = 0; k < 4; ++k) row.push_back(0.05 + r.randomSample() + (classes[k] == ym.back() ? 0.8 : 0.0));
        for (double v : row) s += v;
        for (double v : row) probm.push_back(v / s);
        yf.push_back(yb.back() ? 1.0 : -1.0);
        pf.push_back(pb.back() ? 1.0 : -1.0);
        y3.push_back(r.randint(0, 3));
        s = 0;
        row.clear();
        for (int k = 0; k < 3; ++k) row.push_back(0.1 + r.randomSample() + (k == y3.back() ? 0.6 : 0.0));
        for (double v : row) s += v;
        for (double v : row) prob3.push_back(v / s);
        yr.push_back(3 * r.standardNormal() + 1);
        pr.push_back(yr.back() + r.standardNormal());
        for (int k = 0; k < 3; ++k) {
            Yr.push_back((k + 1) * r.standardNormal());
            Pr.push_back(Yr.back() * 0.8 + r.standardNormal() * 0.5);
        }
        wr.push_back(r.uniform(0.1, 2.0));
        const std::int64_t c = r.randint(0, 3);
        lab.push_back(c);
        lab2.push_back(r.randomSample() < 0.7 ? c : r.randint(0, 4));
        for (int k = 0; k < 3; ++k) X.push_back(r.standardNormal() + 3.0 * static_cast<double>(c == k));
    }
    d.yb = ivec(yb);
    d.pb = ivec(pb);
    d.sb = vec(sb);
    d.wb = vec(wb);
    d.ym = ivec(ym);
    d.pm = ivec(pm);
    d.probm = Tensor::fromVector<double>(probm, {kN, 4});
    d.yf = vec(yf);
    d.pf = vec(pf);
    d.y3 = ivec(y3);
    d.prob3 = Tensor::fromVector<double>(prob3, {kN, 3});
    d.yr = vec(yr);
    d.pr = vec(pr);
    d.Yr = Tensor::fromVector<double>(Yr, {kN, 3});
    d.Pr = Tensor::fromVector<double>(Pr, {kN, 3});
    d.wr = vec(wr);
    d.X = Tensor::fromVector<double>(X, {kN, 3});
    d.lab = ivec(lab);
    d.lab2 = ivec(lab2);
    return d;
}

struct Case {
    QString python;
    std::function<std::vector<double>(const Data&)> ours;
};

std::vector<double> one(double v) { return {v}; }
std::vector<double> flat(const Tensor& t) { return t.toVector<double>(); }
std::vector<double> concat(std::initializer_list<std::vector<double>> parts) {
    std::vector<double> out;
    for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

std::vector<double> reportValues(const ClassificationReport& r) {
    std::vector<double> out;
    for (const auto& row : r.rows) out.insert(out.end(), {row.precision, row.recall, row.f1, row.support});
    if (r.accuracy) out.push_back(*r.accuracy);
    for (const auto& row : r.averages) out.insert(out.end(), {row.precision, row.recall, row.f1, row.support});
    return out;
}

std::vector<Case> cases() {
    std::vector<Case> c;
    auto add = [&](QString py, std::function<std::vector<double>(const Data&)> f) {
        c.push_back({std::move(py), std::move(f)});
    };
    // accuracy, balanced accuracy
    add("accuracy_score(yb, pb)", [](const Data& d) { return one(accuracyScore(d.yb, d.pb)); });
    add("accuracy_score(ym, pm, normalize=False)", [](const Data& d) { return one(accuracyScore(d.ym, d.pm, false)); });
    add("accuracy_score(ym, pm, sample_weight=wb)",
        [](const Data& d) { return one(accuracyScore(d.ym, d.pm, true, d.wb)); });
    add("balanced_accuracy_score(ym, pm)", [](const Data& d) { return one(balancedAccuracyScore(d.ym, d.pm)); });
    add("balanced_accuracy_score(ym, pm, sample_weight=wb, adjusted=True)",
        [](const Data& d) { return one(balancedAccuracyScore(d.ym, d.pm, d.wb, true)); });
    // confusion matrix
    add("confusion_matrix(ym, pm)", [](const Data& d) { return flat(confusionMatrix(d.ym, d.pm)); });
    add("confusion_matrix(ym, pm, labels=[7, 1, 3])", [](const Data& d) {
        return flat(confusionMatrix(d.ym, d.pm, {.labels = std::vector<double>{7, 1, 3}}));
    });
    add("confusion_matrix(ym, pm, sample_weight=wb, normalize='true')",
        [](const Data& d) { return flat(confusionMatrix(d.ym, d.pm, {.sampleWeight = d.wb, .normalize = "true"})); });
    add("confusion_matrix(ym, pm, normalize='pred')",
        [](const Data& d) { return flat(confusionMatrix(d.ym, d.pm, {.normalize = "pred"})); });
    add("confusion_matrix(yf, pf, normalize='all')",
        [](const Data& d) { return flat(confusionMatrix(d.yf, d.pf, {.normalize = "all"})); });
    // precision / recall / f1 / fbeta
    for (const char* avg : {"binary", "micro", "macro", "weighted"}) {
        const std::string a = avg;
        add(QString("precision_score(yb, pb, average='%1')").arg(avg),
            [a](const Data& d) { return one(precisionScore(d.yb, d.pb, {.average = a})); });
        add(QString("recall_score(yb, pb, average='%1', sample_weight=wb)").arg(avg),
            [a](const Data& d) { return one(recallScore(d.yb, d.pb, {.average = a, .sampleWeight = d.wb})); });
        add(QString("f1_score(yb, pb, average='%1', pos_label=0)").arg(avg),
            [a](const Data& d) { return one(f1Score(d.yb, d.pb, {.posLabel = 0, .average = a})); });
        add(QString("fbeta_score(yb, pb, beta=0.5, average='%1')").arg(avg),
            [a](const Data& d) { return one(fbetaScore(d.yb, d.pb, 0.5, {.average = a})); });
        if (a == "binary") continue;
        add(QString("precision_score(ym, pm, average='%1')").arg(avg),
            [a](const Data& d) { return one(precisionScore(d.ym, d.pm, {.average = a})); });
        add(QString("recall_score(ym, pm, average='%1', sample_weight=wb)").arg(avg),
            [a](const Data& d) { return one(recallScore(d.ym, d.pm, {.average = a, .sampleWeight = d.wb})); });
        add(QString("f1_score(ym, pm, average='%1', labels=[7, 2, 3])").arg(avg), [a](const Data& d) {
            return one(f1Score(d.ym, d.pm, {.labels = std::vector<double>{7, 2, 3}, .average = a}));
        });
        add(QString("fbeta_score(ym, pm, beta=2.0, average='%1', zero_division=1, labels=[3, 4])").arg(avg),
            [a](const Data& d) {
                return one(fbetaScore(d.ym, d.pm, 2.0,
                                      {.labels = std::vector<double>{3, 4}, .average = a, .zeroDivision = 1}));
            });
    }
    add("f1_score(yf, pf, pos_label=-1)", [](const Data& d) { return one(f1Score(d.yf, d.pf, {.posLabel = -1})); });
    add("precision_score(ym, pm, average=None)", [](const Data& d) { return precisionScorePerLabel(d.ym, d.pm); });
    add("recall_score(ym, pm, average=None, labels=[4, 1])", [](const Data& d) {
        return recallScorePerLabel(d.ym, d.pm, {.labels = std::vector<double>{4, 1}});
    });
    add("f1_score(ym, pm, average=None, sample_weight=wb)",
        [](const Data& d) { return f1ScorePerLabel(d.ym, d.pm, {.sampleWeight = d.wb}); });
    add("np.concatenate([np.ravel(v) for v in precision_recall_fscore_support(ym, pm)])", [](const Data& d) {
        const auto r = precisionRecallFscoreSupport(d.ym, d.pm, {.average = ""});
        return concat({r.precision, r.recall, r.fscore, r.support});
    });
    // classification_report as data
    add("report(ym, pm)", [](const Data& d) { return reportValues(classificationReport(d.ym, d.pm)); });
    add("report(ym, pm, labels=[1, 2, 9], sample_weight=wb)", [](const Data& d) {
        return reportValues(
            classificationReport(d.ym, d.pm, {.labels = std::vector<double>{1, 2, 9}, .sampleWeight = d.wb}));
    });
    // matthews, log loss, brier
    add("matthews_corrcoef(yb, pb)", [](const Data& d) { return one(matthewsCorrcoef(d.yb, d.pb)); });
    add("matthews_corrcoef(ym, pm, sample_weight=wb)",
        [](const Data& d) { return one(matthewsCorrcoef(d.ym, d.pm, d.wb)); });
    add("log_loss(ym, probm)", [](const Data& d) { return one(logLoss(d.ym, d.probm)); });
    add("log_loss(ym, probm, sample_weight=wb, normalize=False)",
        [](const Data& d) { return one(logLoss(d.ym, d.probm, {.normalize = false, .sampleWeight = d.wb})); });
    add("log_loss(yb, sb)", [](const Data& d) { return one(logLoss(d.yb, d.sb)); });
    add("log_loss(yb, sb, eps=1e-3)", [](const Data& d) { return one(logLoss(d.yb, d.sb, {.eps = 1e-3})); });
    add("brier_score_loss(yb, sb)", [](const Data& d) { return one(brierScoreLoss(d.yb, d.sb)); });
    add("brier_score_loss(yf, sb, sample_weight=wb, pos_label=-1)",
        [](const Data& d) { return one(brierScoreLoss(d.yf, d.sb, d.wb, -1.0)); });
    // curves and areas
    add("np.concatenate(roc_curve(yb, sb))", [](const Data& d) {
        const auto r = rocCurve(d.yb, d.sb);
        return concat({r.fpr, r.tpr, r.thresholds});
    });
    add("np.concatenate(roc_curve(yb, sb, drop_intermediate=False, sample_weight=wb))", [](const Data& d) {
        const auto r = rocCurve(d.yb, d.sb, std::nullopt, d.wb, false);
        return concat({r.fpr, r.tpr, r.thresholds});
    });
    add("np.concatenate(roc_curve(ym, probm[:, 2], pos_label=4))", [](const Data& d) {
        const Tensor col = Tensor::fromVector<double>(
            [&] {
                std::vector<double> v;
                const auto p = d.probm.toVector<double>();
                for (std::int64_t i = 0; i < kN; ++i) v.push_back(p[i * 4 + 2]);
                return v;
            }(),
            {kN});
        const auto r = rocCurve(d.ym, col, 4.0);
        return concat({r.fpr, r.tpr, r.thresholds});
    });
    add("np.concatenate(precision_recall_curve(yb, sb))", [](const Data& d) {
        const auto r = precisionRecallCurve(d.yb, d.sb);
        return concat({r.precision, r.recall, r.thresholds});
    });
    add("np.concatenate(precision_recall_curve(yf, sb, pos_label=-1, sample_weight=wb))", [](const Data& d) {
        const auto r = precisionRecallCurve(d.yf, d.sb, -1.0, d.wb);
        return concat({r.precision, r.recall, r.thresholds});
    });
    add("auc(*roc_curve(yb, sb)[:2])", [](const Data& d) {
        const auto r = rocCurve(d.yb, d.sb);
        return one(auc(r.fpr, r.tpr));
    });
    add("roc_auc_score(yb, sb)", [](const Data& d) { return one(rocAucScore(d.yb, d.sb)); });
    add("roc_auc_score(yf, sb, sample_weight=wb)",
        [](const Data& d) { return one(rocAucScore(d.yf, d.sb, {.sampleWeight = d.wb})); });
    add("roc_auc_score(yb, sb, max_fpr=0.3)",
        [](const Data& d) { return one(rocAucScore(d.yb, d.sb, {.maxFpr = 0.3})); });
    for (const char* avg : {"macro", "weighted"}) {
        const std::string a = avg;
        add(QString("roc_auc_score(ym, probm, multi_class='ovr', average='%1')").arg(avg),
            [a](const Data& d) { return one(rocAucScore(d.ym, d.probm, {.average = a, .multiClass = "ovr"})); });
        add(QString("roc_auc_score(ym, probm, multi_class='ovo', average='%1')").arg(avg),
            [a](const Data& d) { return one(rocAucScore(d.ym, d.probm, {.average = a, .multiClass = "ovo"})); });
        add(QString("roc_auc_score(y3, prob3, multi_class='ovr', average='%1', sample_weight=wb)").arg(avg),
            [a](const Data& d) {
                return one(rocAucScore(d.y3, d.prob3, {.average = a, .sampleWeight = d.wb, .multiClass = "ovr"}));
            });
    }
    add("roc_auc_score(ym, probm, multi_class='ovr', average='micro')",
        [](const Data& d) { return one(rocAucScore(d.ym, d.probm, {.average = "micro", .multiClass = "ovr"})); });
    add("roc_auc_score(y3, prob3, multi_class='ovo', labels=[0, 1, 2])", [](const Data& d) {
        return one(rocAucScore(d.y3, d.prob3, {.multiClass = "ovo", .labels = std::vector<double>{0, 1, 2}}));
    });
    add("average_precision_score(yb, sb)", [](const Data& d) { return one(averagePrecisionScore(d.yb, d.sb)); });
    add("average_precision_score(yf, sb, pos_label=-1, sample_weight=wb)",
        [](const Data& d) { return one(averagePrecisionScore(d.yf, d.sb, -1, d.wb)); });
    // regression
    add("r2_score(yr, pr)", [](const Data& d) { return one(r2Score(d.yr, d.pr)); });
    add("r2_score(yr, pr, sample_weight=wr)",
        [](const Data& d) { return one(r2Score(d.yr, d.pr, {.sampleWeight = d.wr})); });
    add("r2_score(Yr, Pr, multioutput='raw_values')", [](const Data& d) { return r2ScoreRawValues(d.Yr, d.Pr); });
    add("r2_score(Yr, Pr, multioutput='variance_weighted')",
        [](const Data& d) { return one(r2Score(d.Yr, d.Pr, {.multioutput = "variance_weighted"})); });
    add("r2_score(Yr, Pr, multioutput=[0.2, 0.5, 1.0], sample_weight=wr)", [](const Data& d) {
        return one(r2Score(d.Yr, d.Pr, {.sampleWeight = d.wr, .multioutputWeights = {0.2, 0.5, 1.0}}));
    });
    add("r2_score(yr, yr * 0 + 1.5)",
        [](const Data& d) { return one(r2Score(d.yr, vec(std::vector<double>(kN, 1.5)))); });
    add("explained_variance_score(yr, pr)", [](const Data& d) { return one(explainedVarianceScore(d.yr, d.pr)); });
    add("explained_variance_score(Yr, Pr, multioutput='raw_values', sample_weight=wr)",
        [](const Data& d) { return explainedVarianceScoreRawValues(d.Yr, d.Pr, {.sampleWeight = d.wr}); });
    add("explained_variance_score(Yr, Pr, multioutput='variance_weighted')",
        [](const Data& d) { return one(explainedVarianceScore(d.Yr, d.Pr, {.multioutput = "variance_weighted"})); });
    add("mean_absolute_error(yr, pr)", [](const Data& d) { return one(meanAbsoluteError(d.yr, d.pr)); });
    add("mean_absolute_error(Yr, Pr, sample_weight=wr, multioutput='raw_values')",
        [](const Data& d) { return meanAbsoluteErrorRawValues(d.Yr, d.Pr, {.sampleWeight = d.wr}); });
    add("mean_squared_error(yr, pr)", [](const Data& d) { return one(meanSquaredError(d.yr, d.pr)); });
    add("mean_squared_error(Yr, Pr, squared=False, multioutput=[1, 2, 3])", [](const Data& d) {
        return one(meanSquaredError(d.Yr, d.Pr, {.multioutputWeights = {1, 2, 3}, .squared = false}));
    });
    add("median_absolute_error(yr, pr)", [](const Data& d) { return one(medianAbsoluteError(d.yr, d.pr)); });
    add("median_absolute_error(yr[:-1], pr[:-1])", [](const Data& d) {
        auto t = d.yr.toVector<double>(), p = d.pr.toVector<double>();
        t.pop_back();
        p.pop_back();
        return one(medianAbsoluteError(vec(t), vec(p)));
    });
    add("median_absolute_error(Yr, Pr, sample_weight=wr, multioutput='raw_values')",
        [](const Data& d) { return medianAbsoluteErrorRawValues(d.Yr, d.Pr, {.sampleWeight = d.wr}); });
    // clustering
    add("silhouette_score(X, lab)", [](const Data& d) { return one(silhouetteScore(d.X, d.lab)); });
    add("silhouette_samples(X, lab2)", [](const Data& d) { return silhouetteSamples(d.X, d.lab2); });
    add("silhouette_score(X, lab2, sample_size=30, random_state=4)",
        [](const Data& d) { return one(silhouetteScore(d.X, d.lab2, 30, 4)); });
    add("adjusted_rand_score(lab, lab2)", [](const Data& d) { return one(adjustedRandScore(d.lab, d.lab2)); });
    add("adjusted_rand_score(ym, pm)", [](const Data& d) { return one(adjustedRandScore(d.ym, d.pm)); });
    add("mutual_info_score(lab, lab2)", [](const Data& d) { return one(mutualInfoScore(d.lab, d.lab2)); });
    for (const char* m : {"arithmetic", "geometric", "min", "max"})
        add(QString("normalized_mutual_info_score(ym, pm, average_method='%1')").arg(m),
            [m](const Data& d) { return one(normalizedMutualInfoScore(d.ym, d.pm, m)); });
    add("davies_bouldin_score(X, lab)", [](const Data& d) { return one(daviesBouldinScore(d.X, d.lab)); });
    add("davies_bouldin_score(X, lab2)", [](const Data& d) { return one(daviesBouldinScore(d.X, d.lab2)); });
    add("calinski_harabasz_score(X, lab2)", [](const Data& d) { return one(calinskiHarabaszScore(d.X, d.lab2)); });
    return c;
}

}  // namespace

class TestMetrics : public QObject {
    Q_OBJECT
private slots:
    void valuesEqualSklearn() {
        const Data d = makeData();
        const auto all = cases();
        QString script =
            "import numpy as np\n"
            "from sklearn.metrics import *\n"
            "def report(*a, **k):\n"
            "    r = classification_report(*a, output_dict=True, **k)\n"
            "    out = []\n"
            "    for key, v in r.items():\n"
            "        out += [v] if key == 'accuracy' else [v['precision'], v['recall'], v['f1-score'], v['support']]\n"
            "    return out\n"
            "def out(v):\n"
            "    print(' '.join(float(x).hex() for x in np.ravel(np.asarray(v, dtype=np.float64))))\n";
        const std::pair<const char*, Tensor> arrays[] = {{"yb", d.yb}, {"pb", d.pb},   {"sb", d.sb},       {"wb", d.wb},
                                                         {"ym", d.ym}, {"pm", d.pm},   {"probm", d.probm}, {"yf", d.yf},
                                                         {"pf", d.pf}, {"y3", d.y3},   {"prob3", d.prob3}, {"yr", d.yr},
                                                         {"pr", d.pr}, {"Yr", d.Yr},   {"Pr", d.Pr},       {"wr", d.wr},
                                                         {"X", d.X},   {"lab", d.lab}, {"lab2", d.lab2}};
        for (const auto& [name, t] : arrays) script += QString("%1 = %2\n").arg(name, pyArray(t));
        for (const auto& c : all) script += "out(" + c.python + ")\n";
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), static_cast<qsizetype>(all.size()));
        for (std::size_t i = 0; i < all.size(); ++i) {
            const auto ours = all[i].ours(d);
            const QString problem = mismatch(all[i].python, ours, hexDoubles(lines[static_cast<qsizetype>(i)]));
            if (!problem.isEmpty()) QFAIL(qPrintable(problem));
        }
    }

    void reportTextAsSklearnPrintsIt() {
        const Data d = makeData();
        const QStringList lines =
            runSklearn(QString("import numpy as np, json\nfrom sklearn.metrics import classification_report\n"
                               "print(json.dumps(classification_report(%1, %2, digits=3)))\n")
                           .arg(pyArray(d.ym), pyArray(d.pm)));
        QCOMPARE(lines.size(), 1);
        const QString expected = QJsonDocument::fromJson(("[" + lines[0] + "]").toUtf8()).array()[0].toString();
        QCOMPARE(QString::fromStdString(classificationReport(d.ym, d.pm).text(3)), expected);
    }

    void errorsAsSklearnWordsThem() {
        const Tensor a = ivec({0, 1, 2, 1});
        const Tensor b = ivec({0, 1, 1, 1});
        QCOMPARE(errorOf<ValueError>([&] { f1Score(a, b); }),
                 QString("precision_recall_fscore_support: Target is multiclass but average='binary'. Please choose "
                         "another average setting, one of [None, 'micro', 'macro', 'weighted']."));
        QCOMPARE(
            errorOf<ValueError>([&] {
                precisionScore(ivec({0, 2, 2}), ivec({0, 2, 0}));
            }),
            QString("precision_recall_fscore_support: pos_label=1 is not a valid label. It should be one of [0, 2]"));
        QCOMPARE(errorOf<ValueError>([&] {
                     accuracyScore(a, ivec({0, 1}));
                 }),
                 QString("accuracy_score: Found input variables with inconsistent numbers of samples: [4, 2]"));
        QCOMPARE(
            errorOf<ValueError>([&] {
                accuracyScore(a, vec({0.5, 1, 2, 1}));
            }),
            QString("accuracy_score: Classification metrics can't handle a mix of multiclass and continuous targets"));
        QCOMPARE(
            errorOf<ValueError>([&] {
                rocAucScore(ivec({1, 1, 1}), vec({0.2, 0.4, 0.1}));
            }),
            QString("roc_auc_score: Only one class present in y_true. ROC AUC score is not defined in that case."));
        QCOMPARE(errorOf<ValueError>([&] {
                     rocAucScore(a, Tensor::fromVector<double>(std::vector<double>(12, 1.0 / 3), {4, 3}));
                 }),
                 QString("roc_auc_score: multi_class must be in ('ovo', 'ovr')"));
        QCOMPARE(errorOf<ValueError>([&] {
                     rocCurve(ivec({0, 2, 2}), vec({0.1, 0.2, 0.3}));
                 }),
                 QString("roc_curve: y_true takes value in {0, 2} and pos_label is not specified: either make y_true "
                         "take value in {0, 1} or {-1, 1} or pass pos_label explicitly."));
        QCOMPARE(errorOf<ValueError>([&] {
                     logLoss(ivec({1, 1}), vec({0.2, 0.4}));
                 }),
                 QString("log_loss: y_true contains only one label (1). Please provide the true labels explicitly "
                         "through the labels argument."));
        QCOMPARE(errorOf<ValueError>([&] {
                     r2Score(Tensor::fromVector<double>({1, 2, 3, 4}, {2, 2}), vec({1, 2}));
                 }),
                 QString("r2_score: y_true and y_pred have different number of output (2!=1)"));
        QCOMPARE(errorOf<ValueError>([&] {
                     silhouetteScore(Tensor::fromVector<double>({1, 2, 3}, {3, 1}), ivec({0, 0, 0}));
                 }),
                 QString("silhouette_samples: Number of labels is 1. Valid values are 2 to n_samples - 1 (inclusive)"));
        QCOMPARE(
            errorOf<ValueError>([&] {
                brierScoreLoss(a, vec({0.1, 0.2, 0.3, 0.4}));
            }),
            QString(
                "brier_score_loss: Only binary classification is supported. The type of the target is multiclass."));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_ml_metrics.moc"
