// Forests against scikit-learn 1.2.1: with the draws sklearn derives from random_state (splitter
// seeds, bootstrap counts, balanced_subsample weights), every tree of RandomForest* and ExtraTrees*
// (checked against ml::RandomState's sklearnDraws) must have sklearn's `tree_` arrays bit for bit, and the forest's
// predict / predict_proba, feature_importances_ and out-of-bag predictions must be identical; 1 and 2 threads give the
// same trees.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <fstream>
#include <sstream>

#include "core/io/json.h"
#include "core/io/npy.h"
#include "core/ml/ensemble/forest.h"
#include "core/ml/tree/predictor.h"

using namespace tessera;
using namespace tessera::ml;
using namespace tessera::ml::tree;

namespace {

std::string g_dir;

template <class T>
std::vector<T> load(const std::string& name) {
    Tensor t = io::readNpy(g_dir + "/" + name + ".npy");
    const T* p = t.data<T>();
    return std::vector<T>(p, p + t.numel());
}

template <class T>
QString compareExact(const std::vector<T>& got, const std::vector<T>& want) {
    if (got.size() != want.size()) return QString("size %1, sklearn %2").arg(got.size()).arg(want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
            return QString("element %1: %2, sklearn %3")
                .arg(i)
                .arg(double(got[i]), 0, 'g', 17)
                .arg(double(want[i]), 0, 'g', 17);
        }
    }
    return {};
}

bool sameTrees(const std::vector<Tree>& a, const std::vector<Tree>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].childrenLeft != b[i].childrenLeft || a[i].feature != b[i].feature ||
            std::memcmp(a[i].threshold.data(), b[i].threshold.data(), a[i].threshold.size() * 8) != 0 ||
            std::memcmp(a[i].value.data(), b[i].value.data(), a[i].value.size() * 8) != 0 ||
            std::memcmp(a[i].impurity.data(), b[i].impurity.data(), a[i].impurity.size() * 8) != 0) {
            return false;
        }
    }
    return true;
}

}  // namespace

class TestForest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    io::Json m_cases;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        g_dir = m_dir.path().toStdString();
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/ml/ensemble/sklearn_forests.py"), m_dir.path()});
        QVERIFY(python.waitForStarted());
        python.waitForFinished(-1);
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        std::ifstream in(g_dir + "/cases.json");
        std::stringstream text;
        text << in.rdbuf();
        m_cases = io::parseJson(text.str(), "cases.json");
        QVERIFY(m_cases.size() >= 10);
    }

    void sameForestAsSklearn_data() {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_cases.size(); ++i) {
            QTest::newRow(m_cases.asArray()[i].at("name").asString().c_str()) << int(i);
        }
    }

    void sameForestAsSklearn() {
        QFETCH(int, index);
        const io::Json& c = m_cases.asArray()[index];
        const std::string name = c.at("name").asString() + ".";
        Tensor X = io::readNpy(g_dir + "/" + name + "X.npy");
        const int64_t rows = X.sizes()[0], cols = X.sizes()[1];
        const std::vector<double> y = load<double>(name + "y");
        const std::vector<double> sw = c.at("has_sw").asBool() ? load<double>(name + "sw") : std::vector<double>{};
        const bool classifier = c.at("classifier").asBool();
        const std::string criterion = c.at("criterion").asString();

        TreeParams p;
        p.criterion = criterion == "gini"            ? Criterion::Gini
                      : criterion == "entropy"       ? Criterion::Entropy
                      : criterion == "squared_error" ? Criterion::SquaredError
                                                     : Criterion::FriedmanMse;
        p.splitter = c.at("splitter").asString() == "best" ? SplitterKind::Best : SplitterKind::Random;
        p.maxDepth = c.at("max_depth").asInteger();
        p.minSamplesSplit = c.at("min_samples_split").asInteger();
        p.minSamplesLeaf = c.at("min_samples_leaf").asInteger();
        p.minWeightLeaf = c.at("min_weight_leaf").asNumber();
        p.maxFeatures = c.at("max_features").asInteger();
        std::vector<int64_t> nClasses;
        for (const io::Json& k : c.at("n_classes").asArray()) nClasses.push_back(k.asInteger());

        const int64_t nTrees = c.at("n_estimators").asInteger();
        std::vector<ensemble::TreeDraw> draws(nTrees);
        for (int64_t t = 0; t < nTrees; ++t) {
            const std::string tp = name + "t" + std::to_string(t) + ".";
            draws[t].splitterSeed = static_cast<uint32_t>(load<int64_t>(tp + "seed")[0]);
            if (c.at("bootstrap").asBool()) draws[t].sampleCounts = load<double>(tp + "counts");
            if (c.at("subsample").asBool()) draws[t].subsampleWeight = load<double>(tp + "subsample");
        }
        // The same draws from ml::RandomState(random_state), as the estimators make them.
        RandomState rng(static_cast<uint32_t>(c.at("random_state").asInteger()));
        const std::vector<ensemble::TreeDraw> ours =
            ensemble::sklearnDraws(rng, nTrees, rows, c.at("n_bootstrap").asInteger(), c.at("bootstrap").asBool());
        for (int64_t t = 0; t < nTrees; ++t) {
            QCOMPARE(ours[t].splitterSeed, draws[t].splitterSeed);
            QVERIFY(ours[t].sampleCounts == draws[t].sampleCounts);
        }
        const TrainingData data = TrainingData::fromRowMajor(X.data<double>(), rows, cols);
        const std::vector<Tree> trees = ensemble::growForest(data, y, nClasses, sw, p, draws, 2);
        QVERIFY(sameTrees(trees, ensemble::growForest(data, y, nClasses, sw, p, draws, 1)));

        const auto check = [&](const QString& what, const QString& diff) {
            QVERIFY2(diff.isEmpty(), qPrintable(what + ": " + diff));
        };
        for (int64_t t = 0; t < nTrees; ++t) {
            const std::string tp = name + "t" + std::to_string(t) + ".";
            const QString where = QString("tree %1 ").arg(t);
            const Tree& tr = trees[t];
            check(where + "children_left", compareExact(tr.childrenLeft, load<int64_t>(tp + "children_left")));
            check(where + "children_right", compareExact(tr.childrenRight, load<int64_t>(tp + "children_right")));
            check(where + "feature", compareExact(tr.feature, load<int64_t>(tp + "feature")));
            check(where + "threshold", compareExact(tr.threshold, load<double>(tp + "threshold")));
            check(where + "impurity", compareExact(tr.impurity, load<double>(tp + "impurity")));
            check(where + "n_node_samples", compareExact(tr.nNodeSamples, load<int64_t>(tp + "n_node_samples")));
            check(where + "weighted_n_node_samples",
                  compareExact(tr.weightedNNodeSamples, load<double>(tp + "weighted_n_node_samples")));
            check(where + "value", compareExact(tr.value, load<double>(tp + "value")));
        }
        check("feature_importances_", compareExact(ensemble::forestFeatureImportances(trees, cols),
                                                   load<double>(name + "feature_importances")));

        std::vector<float> X32(X.data<double>(), X.data<double>() + rows * cols);
        const FlatForest flat(trees, classifier ? LeafOutput::Probability : LeafOutput::Value);
        const std::vector<double> predicted = flat.predictMean(X32.data(), rows, 2);
        check(classifier ? "predict_proba" : "predict", compareExact(predicted, load<double>(name + "predict")));
        QVERIFY(predicted == flat.predictMean(X32.data(), rows, 1));
        if (c.at("oob").asBool()) {
            check("oob", compareExact(ensemble::oobPredictions(trees, draws, X32.data(), rows, classifier),
                                      load<double>(name + "oob")));
        }
        const std::vector<int64_t> leaves = flat.apply(X32.data(), rows, 2);
        for (int64_t t = 0; t < nTrees; ++t) {
            const std::vector<int64_t> one = trees[t].apply(X32.data(), rows);
            for (int64_t r = 0; r < rows; ++r) QCOMPARE(leaves[r * nTrees + t], one[r]);
        }
    }
};

QTEST_GUILESS_MAIN(TestForest)
#include "test_forest.moc"
