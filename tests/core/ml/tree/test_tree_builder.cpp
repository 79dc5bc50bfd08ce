// The tree builder against scikit-learn 1.2.1: for every case of sklearn_trees.py (continuous data,
// repeated values, constant columns, class and sample weights, several random_states, every
// max_features form, both splitters, best-first growth, pruning, multi-output) the tree is grown from
// the same data and seed and every `tree_` array must be identical bit for bit, as must
// feature_importances_, apply and cost_complexity_pruning_path.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

#include "core/io/json.h"
#include "core/io/npy.h"
#include "core/ml/tree/builder.h"
#include "core/ml/tree/sklearn_sort.h"
#include "core/ml/tree/tree.h"

using namespace tessera;
using namespace tessera::ml::tree;

namespace {

template <class T>
std::vector<T> load(const QString& dir, const std::string& name) {
    Tensor t = io::readNpy((dir + "/").toStdString() + name + ".npy");
    const T* p = t.data<T>();
    return std::vector<T>(p, p + t.numel());
}

// Bitwise equality, reporting the first differing element.
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

Criterion criterionOf(const std::string& s) {
    if (s == "gini") return Criterion::Gini;
    if (s == "entropy" || s == "log_loss") return Criterion::Entropy;
    if (s == "squared_error") return Criterion::SquaredError;
    if (s == "friedman_mse") return Criterion::FriedmanMse;
    if (s == "poisson") return Criterion::Poisson;
    if (s == "absolute_error") return Criterion::AbsoluteError;
    throw ValueError("unknown criterion " + s);
}

}  // namespace

class TestTreeBuilder : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    io::Json m_cases;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/ml/tree/sklearn_trees.py"), m_dir.path()});
        QVERIFY(python.waitForStarted());
        python.waitForFinished(-1);
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        std::ifstream in((m_dir.path() + "/cases.json").toStdString());
        std::stringstream text;
        text << in.rdbuf();
        m_cases = io::parseJson(text.str(), "cases.json");
        QVERIFY(m_cases.size() >= 30);
    }

    void sameTreeAsSklearn_data() {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_cases.size(); ++i) {
            QTest::newRow(m_cases.asArray()[i].at("name").asString().c_str()) << int(i);
        }
    }

    void sameTreeAsSklearn() {
        QFETCH(int, index);
        const io::Json& c = m_cases.asArray()[index];
        const std::string name = c.at("name").asString() + ".";
        const QString dir = m_dir.path();
        Tensor X = io::readNpy((dir + "/").toStdString() + name + "X.npy");
        const int64_t rows = X.sizes()[0], cols = X.sizes()[1];
        const std::vector<double> y = load<double>(dir, name + "y");
        const std::vector<double> sw = c.at("has_sw").asBool() ? load<double>(dir, name + "sw") : std::vector<double>{};

        TreeParams p;
        p.criterion = criterionOf(c.at("criterion").asString());
        p.splitter = c.at("splitter").asString() == "best" ? SplitterKind::Best : SplitterKind::Random;
        p.maxDepth = c.at("max_depth").asInteger();
        p.minSamplesSplit = c.at("min_samples_split").asInteger();
        p.minSamplesLeaf = c.at("min_samples_leaf").asInteger();
        p.minWeightLeaf = c.at("min_weight_leaf").asNumber();
        p.maxFeatures = c.at("max_features").asInteger();
        p.maxLeafNodes = c.at("max_leaf_nodes").asInteger();
        p.minImpurityDecrease = c.at("min_impurity_decrease").asNumber();
        p.seed = static_cast<uint32_t>(c.at("seed").asInteger());
        std::vector<int64_t> nClasses;
        for (const io::Json& k : c.at("n_classes").asArray()) nClasses.push_back(k.asInteger());

        const TrainingData data = TrainingData::fromRowMajor(X.data<double>(), rows, cols);
        Tree full = buildTree(data, y, nClasses, sw, p);
        full.validate();
        const double ccpAlpha = c.at("ccp_alpha").asNumber();
        Tree t = ccpAlpha > 0.0 ? full.pruned(ccpAlpha) : full;
        t.validate();

        const auto check = [&](const QString& what, const QString& diff) {
            QVERIFY2(diff.isEmpty(), qPrintable(what + ": " + diff));
        };
        check("children_left", compareExact(t.childrenLeft, load<int64_t>(dir, name + "children_left")));
        check("children_right", compareExact(t.childrenRight, load<int64_t>(dir, name + "children_right")));
        check("feature", compareExact(t.feature, load<int64_t>(dir, name + "feature")));
        check("threshold", compareExact(t.threshold, load<double>(dir, name + "threshold")));
        check("impurity", compareExact(t.impurity, load<double>(dir, name + "impurity")));
        check("n_node_samples", compareExact(t.nNodeSamples, load<int64_t>(dir, name + "n_node_samples")));
        check("weighted_n_node_samples",
              compareExact(t.weightedNNodeSamples, load<double>(dir, name + "weighted_n_node_samples")));
        check("value", compareExact(t.value, load<double>(dir, name + "value")));
        check("feature_importances_",
              compareExact(t.computeFeatureImportances(), load<double>(dir, name + "feature_importances")));
        QCOMPARE(t.maxDepth, c.at("max_depth_fitted").asInteger());
        QCOMPARE(t.depth(), c.at("max_depth_fitted").asInteger());
        QCOMPARE(t.nLeaves(), c.at("n_leaves").asInteger());

        std::vector<float> X32(X.data<double>(), X.data<double>() + rows * cols);
        check("apply", compareExact(t.apply(X32.data(), rows), load<int64_t>(dir, name + "apply")));
        if (c.at("path").asBool()) {
            const PruningPath path = full.pruningPath();
            check("ccp_alphas", compareExact(path.ccpAlphas, load<double>(dir, name + "ccp_alphas")));
            check("impurities", compareExact(path.impurities, load<double>(dir, name + "ccp_impurities")));
        }
    }

    // Note [Introsort with the ties only]: the same samples in the same places as sklearnSort, for
    // nodes from all-distinct to nearly all-equal, small and past the heapsort depth.
    void introsortTiesIsSklearnSort() {
        std::mt19937 gen(7);
        for (int trial = 0; trial < 3000; ++trial) {
            const int64_t n = 1 + static_cast<int64_t>(gen() % (trial % 3 == 0 ? 3000 : 200));
            const int64_t kinds[] = {3, n, 5 * n, 2};
            const int64_t nDistinct = 1 + static_cast<int64_t>(gen() % kinds[trial % 4]);
            std::vector<float> distinct(nDistinct);
            for (int64_t i = 0; i < nDistinct; ++i) distinct[i] = 0.5f * static_cast<float>(i) - 3.0f;
            std::vector<int64_t> samples(n);
            for (int64_t i = 0; i < n; ++i) samples[i] = i;
            std::shuffle(samples.begin(), samples.end(), gen);
            std::vector<uint32_t> rank(n);
            std::vector<float> Xf(n);
            std::vector<uint64_t> sorted(n);
            for (int64_t i = 0; i < n; ++i) {
                rank[i] = static_cast<uint32_t>(gen() % nDistinct);
                Xf[i] = distinct[rank[i]];
                sorted[i] = (static_cast<uint64_t>(rank[i]) << 32) | static_cast<uint64_t>(samples[i]);
            }
            std::sort(sorted.begin(), sorted.end());
            std::vector<uint8_t> tied(n, 0);
            int64_t nTied = 0;
            for (int64_t i = 1; i < n; ++i) {
                if ((sorted[i] >> 32) != (sorted[i - 1] >> 32)) continue;
                nTied += 1 - tied[sorted[i - 1] & 0xFFFFFFFFu];
                tied[sorted[i - 1] & 0xFFFFFFFFu] = 1;
                tied[sorted[i] & 0xFFFFFFFFu] = 1;
                ++nTied;
            }
            std::vector<uint64_t> work(n);
            for (int64_t i = 0; i < n; ++i) {
                const uint64_t sample = static_cast<uint64_t>(samples[i]);
                work[i] = (static_cast<uint64_t>(rank[i]) << 32) | (static_cast<uint64_t>(tied[sample]) << 31) | sample;
            }
            std::vector<float> wantX = Xf;
            std::vector<int64_t> want = samples;
            detail::sklearnSort(wantX.data(), want.data(), n);
            detail::introsortTies(work.data(), n, detail::introsortDepth(n), sorted.data(), nTied);
            for (int64_t i = 0; i < n; ++i) {
                samples[i] = static_cast<int64_t>(work[i] & detail::kSampleMask);
                Xf[i] = distinct[work[i] >> 32];
            }
            QVERIFY2(samples == want && Xf == wantX, qPrintable(QString("trial %1, %2 values").arg(trial).arg(n)));
        }
    }
};

QTEST_GUILESS_MAIN(TestTreeBuilder)
#include "test_tree_builder.moc"
