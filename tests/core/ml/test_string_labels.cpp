// String class labels in the metrics and splitters against sklearn 1.2.1: the same values and indices
// as sklearn computes for arrays of str (sorted as NumPy sorts them, non-ASCII included), report rows
// named by the strings, pos_label given as a string, and sklearn's errors for a missing pos_label and
// mixed label types.
#include <QtTest>

#include "core/ml/metrics/string_labels.h"
#include "core/ml/random_state.h"
#include "core/tensor/error.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

const std::vector<std::string> kNames{"beta", "Alpha", "gamma", "\xc3\xa9t\xc3\xa9", "alpha"};

std::vector<std::string> labels(RandomState& r, int n, int k) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(kNames[r.randint(0, k)]);
    return out;
}

QString pyList(const std::vector<std::string>& v) {
    QStringList p;
    for (const auto& s : v) p << "'" + QString::fromStdString(s) + "'";
    return "np.array([" + p.join(',') + "], dtype=object)";
}

QString ints(const std::vector<std::int64_t>& v) {
    QStringList p;
    for (auto x : v) p << QString::number(x);
    return p.join(' ');
}

}  // namespace

class TestStringLabels : public QObject {
    Q_OBJECT
private slots:
    void valuesEqualSklearn() {
        RandomState r(3);
        const auto t = labels(r, 60, 5), p = labels(r, 60, 5), b = labels(r, 60, 2), bp = labels(r, 60, 2);
        std::vector<double> x;
        for (int i = 0; i < 60 * 2; ++i) x.push_back(r.standardNormal());
        const Tensor X = Tensor::fromVector<double>(x, {60, 2});
        QString xs;
        for (double v : x) xs += QString::asprintf("%.17g,", v);
        const QString script =
            "import numpy as np\nfrom sklearn.metrics import *\nfrom sklearn.model_selection import *\n"
            "t = " +
            pyList(t) + "\np = " + pyList(p) + "\nb = " + pyList(b) + "\nbp = " + pyList(bp) + "\nX = np.array([" + xs +
            "]).reshape(60, 2)\n"
            "def out(v): print(' '.join(float(x).hex() for x in np.ravel(v)))\n"
            "out(accuracy_score(t, p)); out(balanced_accuracy_score(t, p)); out(confusion_matrix(t, p))\n"
            "out(f1_score(t, p, average='macro')); out(precision_score(b, bp, pos_label='beta'))\n"
            "out(recall_score(t, p, average='weighted')); out(matthews_corrcoef(t, p))\n"
            "out(adjusted_rand_score(t, p)); out(normalized_mutual_info_score(t, p)); out(silhouette_score(X, t))\n"
            "r = classification_report(t, p, output_dict=True); print(' '.join(k for k in r if k not in ('accuracy', "
            "'macro avg', 'weighted avg')))\n"
            "for tr, te in StratifiedKFold(3, shuffle=True, random_state=1).split(X, t): print(' '.join(map(str, "
            "te)))\n"
            "for tr, te in GroupKFold(3).split(X, t, groups=p): print(' '.join(map(str, te)))\n"
            "tr, te = train_test_split(np.arange(60), test_size=0.3, random_state=2, stratify=t); print(' "
            "'.join(map(str, tr)))\n";
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), 18);
        using namespace metrics;
        const Array T(t), P(p), B(b), BP(bp);
        const std::vector<double> ours{accuracyScore(T, P), balancedAccuracyScore(T, P)};
        QVERIFY(closeRel(ours[0], hexDouble(lines[0])));
        QVERIFY(closeRel(ours[1], hexDouble(lines[1])));
        const auto cm = confusionMatrix(T, P).toVector<double>();
        QCOMPARE(cm, hexDoubles(lines[2]));
        QVERIFY(closeRel(f1Score(T, P, {.average = "macro"}), hexDouble(lines[3])));
        QVERIFY(closeRel(precisionScore(B, BP, {}, "beta"), hexDouble(lines[4])));
        QVERIFY(closeRel(recallScore(T, P, {.average = "weighted"}), hexDouble(lines[5])));
        QVERIFY(closeRel(matthewsCorrcoef(T, P), hexDouble(lines[6])));
        QVERIFY(closeRel(adjustedRandScore(T, P), hexDouble(lines[7])));
        QVERIFY(closeRel(normalizedMutualInfoScore(T, P), hexDouble(lines[8])));
        QVERIFY(closeRel(metrics::silhouetteScore(X, T), hexDouble(lines[9])));
        QStringList rows;
        for (const auto& row : classificationReport(T, P).rows) rows << QString::fromStdString(row.name);
        QCOMPARE(rows.join(' '), lines[10]);
        int at = 11;
        for (const auto& f : model_selection::stratifiedKFoldSplit(model_selection::StratifiedKFold(3, true, 1), T))
            QCOMPARE(ints(f.test), lines[at++]);
        for (const auto& f : model_selection::groupKFoldSplit(model_selection::GroupKFold(3), P))
            QCOMPARE(ints(f.test), lines[at++]);
        QCOMPARE(ints(model_selection::trainTestSplitIndices(60, {.testSize = 0.3, .randomState = 2}, T).train),
                 lines[at]);
    }

    void errorsAsSklearnWordsThem() {
        const Array a(std::vector<std::string>{"no", "yes", "yes"}), b(std::vector<std::string>{"yes", "yes", "no"});
        QCOMPARE(errorOf<ValueError>([&] { metrics::f1Score(a, b); }),
                 QString("precision_recall_fscore_support: pos_label=1 is not a valid label. It should be one of "
                         "['no', 'yes']"));
        const Array n(Tensor::fromVector<std::int64_t>({0, 1, 1}, {3}));
        QCOMPARE(errorOf<TypeError>([&] { metrics::accuracyScore(a, n); }),
                 QString("accuracy_score: Mix of label input types (string and number)"));
    }
};

QTEST_APPLESS_MAIN(TestStringLabels)
#include "test_string_labels.moc"
