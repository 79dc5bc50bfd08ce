// The splitters against sklearn 1.2.1: KFold, StratifiedKFold, GroupKFold, ShuffleSplit,
// StratifiedShuffleSplit and train_test_split give exactly sklearn's indices for the same
// random_state, on balanced, imbalanced and tied data; their errors are sklearn's words.
#include <QtTest>
#include <functional>

#include "core/ml/model_selection/split.h"
#include "core/tensor/error.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml::model_selection;

namespace {

struct Case {
    QString python;  // an expression giving an iterable of (train, test)
    std::function<std::vector<TrainTest>()> ours;
};

Tensor int64s(const std::vector<std::int64_t>& v) {
    return Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())});
}
Tensor doubles(const std::vector<double>& v) {
    return Tensor::fromVector<double>(v, {static_cast<std::int64_t>(v.size())});
}

QString pyList(const std::vector<std::int64_t>& v) {
    QStringList p;
    for (auto x : v) p << QString::number(x);
    return "np.array([" + p.join(',') + "])";
}
QString pyList(const std::vector<double>& v) {
    QStringList p;
    for (auto x : v) p << QString::number(x, 'g', 17);
    return "np.array([" + p.join(',') + "])";
}

QString line(const std::vector<std::int64_t>& v) {
    QStringList p;
    for (auto x : v) p << QString::number(x);
    return p.join(' ');
}

// Imbalanced labels in order of appearance 5, 2, 9, 0 (so sorting and appearance disagree).
std::vector<std::int64_t> labels(int n) {
    std::vector<std::int64_t> y;
    const std::int64_t values[] = {5, 2, 9, 0, 5, 5, 2, 5, 9, 5, 2};
    for (int i = 0; i < n; ++i) y.push_back(values[(i * 7 + i / 3) % 11]);
    return y;
}

std::vector<double> floatLabels(int n) {
    std::vector<double> y;
    for (int i = 0; i < n; ++i) y.push_back(i % 5 == 0 ? -1.5 : (i % 3 == 0 ? 0.25 : 2.0));
    return y;
}

// 23 groups of 4 or 5 members (many equal sizes) and a few large ones.
std::vector<std::int64_t> groups(int n) {
    std::vector<std::int64_t> g;
    for (int i = 0; i < n; ++i) g.push_back(i < 20 ? 100 + i % 3 : (i * 13) % 23);
    return g;
}

std::vector<Case> cases() {
    std::vector<Case> c;
    for (int n : {10, 37, 103})
        for (int k : {2, 3, 5}) {
            c.push_back({QString("KFold(%1).split(np.zeros(%2))").arg(k).arg(n), [=] { return KFold(k).split(n); }});
            for (int seed : {0, 1, 42})
                c.push_back(
                    {QString("KFold(%1, shuffle=True, random_state=%3).split(np.zeros(%2))").arg(k).arg(n).arg(seed),
                     [=] { return KFold(k, true, seed).split(n); }});
        }
    for (int n : {23, 60, 211}) {
        const auto y = labels(n);
        for (int k : {2, 3, 4}) {
            c.push_back({QString("StratifiedKFold(%1).split(np.zeros(%2), %3)").arg(k).arg(n).arg(pyList(y)),
                         [=] { return StratifiedKFold(k).split(int64s(y)); }});
            for (int seed : {0, 7, 2024})
                c.push_back({QString("StratifiedKFold(%1, shuffle=True, random_state=%4).split(np.zeros(%2), %3)")
                                 .arg(k)
                                 .arg(n)
                                 .arg(pyList(y))
                                 .arg(seed),
                             [=] { return StratifiedKFold(k, true, seed).split(int64s(y)); }});
        }
        std::vector<double> fy;  // float labels with whole values (StratifiedKFold refuses continuous ones)
        for (double v : floatLabels(n)) fy.push_back(std::round(v * 2));
        c.push_back(
            {QString("StratifiedKFold(3, shuffle=True, random_state=5).split(np.zeros(%1), %2)").arg(n).arg(pyList(fy)),
             [=] { return StratifiedKFold(3, true, 5).split(doubles(fy)); }});
    }
    for (int n : {60, 150}) {
        const auto g = groups(n);
        for (int k : {2, 3, 5})
            c.push_back({QString("GroupKFold(%1).split(np.zeros(%2), groups=%3)").arg(k).arg(n).arg(pyList(g)),
                         [=] { return GroupKFold(k).split(int64s(g)); }});
    }
    for (int n : {10, 57}) {
        for (int seed : {0, 3}) {
            c.push_back({QString("ShuffleSplit(4, random_state=%1).split(np.zeros(%2))").arg(seed).arg(n),
                         [=] { return ShuffleSplit(4, {}, {}, seed).split(n); }});
            c.push_back({QString("ShuffleSplit(3, test_size=0.3, train_size=0.5, random_state=%1).split(np.zeros(%2))")
                             .arg(seed)
                             .arg(n),
                         [=] { return ShuffleSplit(3, 0.3, 0.5, seed).split(n); }});
            c.push_back({QString("ShuffleSplit(2, test_size=4, random_state=%1).split(np.zeros(%2))").arg(seed).arg(n),
                         [=] { return ShuffleSplit(2, std::int64_t{4}, {}, seed).split(n); }});
        }
    }
    for (int n : {40, 97}) {
        const auto y = labels(n);
        for (int seed : {0, 11})
            c.push_back({QString("StratifiedShuffleSplit(3, test_size=0.35, random_state=%1).split(np.zeros(%2), %3)")
                             .arg(seed)
                             .arg(n)
                             .arg(pyList(y)),
                         [=] { return StratifiedShuffleSplit(3, 0.35, {}, seed).split(int64s(y)); }});
    }
    // train_test_split through its indices: split arange(n) and read the train and test halves.
    auto tts = [](const QString& args, int n, TrainTestSplitOptions o) {
        return Case{QString("[train_test_split(np.arange(%1), %2)]").arg(n).arg(args), [=] {
                        TrainTestSplitOptions opt = o;
                        return std::vector<TrainTest>{trainTestSplitIndices(n, opt)};
                    }};
    };
    for (int n : {9, 50, 128}) {
        for (int seed : {0, 1, 42}) {
            c.push_back(tts(QString("random_state=%1").arg(seed), n, {.randomState = seed}));
            c.push_back(
                tts(QString("test_size=0.33, random_state=%1").arg(seed), n, {.testSize = 0.33, .randomState = seed}));
            c.push_back(tts(QString("train_size=5, random_state=%1").arg(seed), n,
                            {.trainSize = std::int64_t{5}, .randomState = seed}));
        }
        c.push_back(tts("shuffle=False, test_size=0.2", n, {.testSize = 0.2, .shuffle = false}));
    }
    for (int n : {30, 77, 200}) {
        const auto y = labels(n);
        for (int seed : {0, 42})
            c.push_back(tts(QString("test_size=0.25, random_state=%1, stratify=%2").arg(seed).arg(pyList(y)), n,
                            {.testSize = 0.25, .randomState = seed, .stratify = int64s(y)}));
        const auto fy = floatLabels(n);
        c.push_back(tts(QString("train_size=0.6, random_state=3, stratify=%1").arg(pyList(fy)), n,
                        {.trainSize = 0.6, .randomState = 3, .stratify = doubles(fy)}));
    }
    return c;
}

}  // namespace

class TestSplit : public QObject {
    Q_OBJECT
private slots:
    void indicesEqualSklearn() {
        const auto all = cases();
        QString script =
            "import numpy as np\n"
            "from sklearn.model_selection import KFold, StratifiedKFold, GroupKFold, ShuffleSplit, "
            "StratifiedShuffleSplit, train_test_split\n"
            "def out(splits):\n"
            "    s = list(splits)\n"
            "    print(len(s))\n"
            "    for tr, te in s:\n"
            "        print(' '.join(map(str, tr)))\n"
            "        print(' '.join(map(str, te)))\n";
        for (const auto& c : all) script += "out(" + c.python + ")\n";
        // Empty index lines are kept: split with KeepEmptyParts semantics by reading raw output.
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3), {QStringLiteral("-")});
        QVERIFY(python.waitForStarted());
        python.write(script.toUtf8());
        python.closeWriteChannel();
        python.waitForFinished(-1);
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        const QStringList lines = QString::fromUtf8(python.readAllStandardOutput()).split('\n');
        int at = 0;
        for (const auto& c : all) {
            const auto ours = c.ours();
            QCOMPARE(ours.size(), static_cast<std::size_t>(lines[at++].toInt()));
            for (std::size_t f = 0; f < ours.size(); ++f) {
                const QString train = lines[at++];
                const QString test = lines[at++];
                if (line(ours[f].train) != train || line(ours[f].test) != test)
                    QFAIL(qPrintable(
                        QString("%1, split %2:\n ours train %3\n sklearn    %4\n ours test  %5\n sklearn    %6")
                            .arg(c.python.left(200))
                            .arg(f)
                            .arg(line(ours[f].train), train, line(ours[f].test), test)));
            }
        }
    }

    void trainTestSplitTakesRows() {
        const Tensor X = Tensor::fromVector<double>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {6, 2});
        const Tensor y = Tensor::fromVector<std::int64_t>({0, 1, 2, 3, 4, 5}, {6});
        const auto parts = trainTestSplit({X, y}, {.testSize = std::int64_t{2}, .randomState = 0});
        QCOMPARE(parts.size(), std::size_t{4});
        const auto idx = trainTestSplitIndices(6, {.testSize = std::int64_t{2}, .randomState = 0});
        QCOMPARE(parts[2].toVector<std::int64_t>(), idx.train);
        QCOMPARE(parts[3].toVector<std::int64_t>(), idx.test);
        QCOMPARE(parts[0].sizes(), (Shape{4, 2}));
        QCOMPARE(parts[1].toVector<double>()[0], static_cast<double>(2 * idx.test[0]));
    }

    void noneSeedsDifferBetweenCalls() {
        // random_state=None draws fresh entropy per split() call, as sklearn's global generator moves on.
        const auto a = ShuffleSplit(1, {}, {}, std::nullopt).split(1000).front().test;
        const auto b = ShuffleSplit(1, {}, {}, std::nullopt).split(1000).front().test;
        QVERIFY(a != b);
    }

    void errorsAsSklearnWordsThem() {
        QCOMPARE(
            errorOf<ValueError>([] { KFold(1); }),
            QString("KFold: k-fold cross-validation requires at least one train/test split by setting n_splits=2 or "
                    "more, got n_splits=1."));
        QCOMPARE(errorOf<ValueError>([] { KFold(3, false, 0); }),
                 QString("KFold: Setting a random_state has no effect since shuffle is False. You should leave "
                         "random_state to its default (None), or set shuffle=True."));
        QCOMPARE(
            errorOf<ValueError>([] { KFold(6).split(5); }),
            QString("KFold: Cannot have number of splits n_splits=6 greater than the number of samples: n_samples=5."));
        QCOMPARE(errorOf<ValueError>([] {
                     StratifiedKFold(3).split(int64s({0, 0, 1, 1}));
                 }),
                 QString("StratifiedKFold: n_splits=3 cannot be greater than the number of members in each class."));
        QCOMPARE(errorOf<ValueError>([] {
                     StratifiedKFold(2).split(doubles({0.5, 1, 2, 3}));
                 }),
                 QString("StratifiedKFold.split: Supported target types are: ('binary', 'multiclass'). Got "
                         "'continuous' instead."));
        QCOMPARE(errorOf<ValueError>([] {
                     GroupKFold(3).split(int64s({0, 0, 1, 1}));
                 }),
                 QString("GroupKFold: Cannot have number of splits n_splits=3 greater than the number of groups: 2."));
        QCOMPARE(errorOf<ValueError>([] { trainTestSplitIndices(10, {.testSize = 1.5}); }),
                 QString("test_size=1.5 should be either positive and smaller than the number of samples 10 or a float "
                         "in the (0, 1) range"));
        QCOMPARE(errorOf<ValueError>([] { trainTestSplitIndices(10, {.testSize = 0.6, .trainSize = 0.6}); }),
                 QString("The sum of test_size and train_size = 1.2, should be in the (0, 1) range. Reduce test_size "
                         "and/or train_size."));
        QCOMPARE(errorOf<ValueError>(
                     [] { trainTestSplitIndices(10, {.testSize = std::int64_t{6}, .trainSize = std::int64_t{6}}); }),
                 QString("The sum of train_size and test_size = 12, should be smaller than the number of samples 10. "
                         "Reduce test_size and/or train_size."));
        QCOMPARE(errorOf<ValueError>([] { trainTestSplitIndices(1, {}); }),
                 QString("With n_samples=1, test_size=0.25 and train_size=None, the resulting train set will be empty. "
                         "Adjust any of the aforementioned parameters."));
        QCOMPARE(errorOf<ValueError>([] {
                     trainTestSplitIndices(4, {.shuffle = false, .stratify = int64s({0, 1, 0, 1})});
                 }),
                 QString("train_test_split: Stratified train/test split is not implemented for shuffle=False"));
        QCOMPARE(errorOf<ValueError>([] {
                     trainTestSplitIndices(6, {.stratify = int64s({0, 1, 1, 1, 1, 1})});
                 }),
                 QString("StratifiedShuffleSplit: The least populated class in y has only 1 member, which is too few. "
                         "The minimum number of groups for any class cannot be less than 2."));
        QCOMPARE(errorOf<ValueError>([] {
                     trainTestSplit({Tensor::fromVector<double>({1, 2, 3}, {3}), int64s({1, 2})});
                 }),
                 QString("train_test_split: Found input variables with inconsistent numbers of samples: [3, 2]"));
    }
};

QTEST_APPLESS_MAIN(TestSplit)
#include "test_split.moc"
