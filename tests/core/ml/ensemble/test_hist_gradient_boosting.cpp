// HistGradientBoosting* beyond the conformance cases: the bin mapper's thresholds are sklearn's
// `_bin_mapper.bin_thresholds_` bit for bit (distinct values, quantiles, NaN, the 200000-row
// subsample), loss='poisson' and early_stopping='auto' on more than 10000 rows give sklearn's
// predictions, 250 categories split as sklearn splits them, 1 and 2 threads grow the same trees
// (with categorical, monotonic and interaction constraints too), and predictorTrees gives tree_
// arrays that reproduce the raw predictions.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>

#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/hist_gradient_boosting/binning.h"
#include "core/ml/ensemble/hist_gradient_boosting/predictor_trees.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

bool near(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    if (got.size() != want.size()) return false;
    for (size_t i = 0; i < got.size(); ++i)
        if (!(std::abs(got[i] - want[i]) <= tol * std::max(1.0, std::abs(want[i])))) return false;
    return true;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// rows × 4: a category in [0, 12) (NaN every 17th row), two smooth columns and a noisy one; y mixes them.
struct Mixed {
    Tensor X;
    std::vector<double> y;
};
Mixed mixedData(int64_t rows) {
    std::vector<double> x(rows * 4), y(rows);
    uint64_t state = 12345;
    auto uniform = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    for (int64_t r = 0; r < rows; ++r) {
        const double c = std::floor(uniform() * 12), a = uniform() * 4 - 2, b = uniform() * 4 - 2, e = uniform();
        x[r * 4] = r % 17 == 0 ? std::nan("") : c;
        x[r * 4 + 1] = a;
        x[r * 4 + 2] = b;
        x[r * 4 + 3] = e;
        y[r] = (static_cast<int64_t>(c) % 3 == 0 ? 1.5 : -0.5) + a - 0.5 * b * b + 0.3 * e;
    }
    return {Tensor::fromVector<double>(x, {rows, 4}), y};
}

}  // namespace

class TestHistGradientBoosting : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const std::string& name) const { return m_dir.path().toStdString() + "/" + name + ".npy"; }
    Tensor npy(const std::string& name) const { return io::readNpy(path(name)); }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/ml/ensemble/sklearn_hgb.py"), m_dir.path()});
        QVERIFY(python.waitForFinished(600000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    }

    void binThresholdsAreSklearns() {
        const Tensor X = npy("bins_X");
        for (const int bins : {255, 17}) {
            const hgb::BinMapper m = hgb::BinMapper::fit(X.data<double>(), X.size(0), X.size(1), bins + 1, 0);
            for (int64_t f = 0; f < X.size(1); ++f) {
                const std::vector<double> want =
                    npy("bins_" + std::to_string(bins) + "_" + std::to_string(f)).toVector<double>();
                QVERIFY2(sameBits(m.thresholds[f], want), qPrintable(QString("max_bins %1, feature %2: %3 vs %4 values")
                                                                         .arg(bins)
                                                                         .arg(f)
                                                                         .arg(m.thresholds[f].size())
                                                                         .arg(want.size())));
            }
        }
        // A NaN goes to the missing bin, a value to the first threshold at or above it.
        const hgb::BinMapper m = hgb::BinMapper::fit(X.data<double>(), X.size(0), X.size(1), 256, 0);
        const std::vector<uint8_t> binned = m.transform(X.data<double>(), X.size(0), X.size(1));
        const double* x = X.data<double>();
        for (int64_t r = 0; r < 50; ++r) {
            const double v = x[r * 4 + 1];
            const uint8_t b = binned[1 * X.size(0) + r];
            if (std::isnan(v)) {
                QCOMPARE(int(b), 255);
            } else {
                QVERIFY(b == m.thresholds[1].size() || v <= m.thresholds[1][b]);
                QVERIFY(b == 0 || v > m.thresholds[1][b - 1]);
            }
        }
    }

    void subsampledThresholdsAreSklearns() {
        const Tensor X = npy("subsample_X");
        auto est = EstimatorRegistry::instance().create(
            "HistGradientBoostingRegressor", {{"max_iter", 1}, {"random_state", 5}, {"early_stopping", false}});
        est->fit(X, Array(npy("subsample_y")));
        QVERIFY(sameBits(est->attribute("_bin_mapper.bin_thresholds_.0").tensor().toVector<double>(),
                         npy("subsample_thresholds").toVector<double>()));
    }

    void poissonPredictionsAreSklearns() {
        const Tensor X = npy("poisson_X");
        auto est = EstimatorRegistry::instance().create("HistGradientBoostingRegressor",
                                                        {{"loss", "poisson"}, {"max_iter", 15}});
        est->fit(X, Array(npy("poisson_y")));
        QVERIFY(near(est->predict(X).tensor().toVector<double>(), npy("poisson_pred").toVector<double>(), 1e-6));
    }

    void autoEarlyStoppingIsSklearns() {
        const Tensor X = npy("auto_X");
        auto est = EstimatorRegistry::instance().create(
            "HistGradientBoostingClassifier",
            {{"max_iter", 200}, {"learning_rate", 0.5}, {"n_iter_no_change", 3}, {"random_state", 11}});
        est->fit(X, Array(npy("auto_y")));
        QVERIFY(est->attribute("do_early_stopping_").tensor().item<bool>());
        QCOMPARE(est->attribute("n_iter_").tensor().item<int64_t>(), npy("auto_n_iter").toVector<int64_t>()[0]);
        QVERIFY(near(est->attribute("validation_score_").tensor().toVector<double>(),
                     npy("auto_validation_score").toVector<double>(), 1e-6));
        const Tensor head = Tensor::fromVector<double>(
            std::vector<double>(X.data<double>(), X.data<double>() + 500 * X.size(1)), {500, X.size(1)});
        QVERIFY(near(est->predictProba(head).toVector<double>(), npy("auto_proba").toVector<double>(), 1e-6));
    }

    void oneAndTwoThreadsGrowTheSameTrees() {
        // 12000 x 5: the root and the larger nodes build their histograms one feature per task.
        const Tensor X = npy("auto_X");
        const Array y(npy("auto_y"));
        std::vector<std::vector<double>> predictions;
        for (const int threads : {1, 2}) {
            kernels::setNumThreads(threads);
            auto est = EstimatorRegistry::instance().create("HistGradientBoostingClassifier",
                                                            {{"max_iter", 10}, {"early_stopping", false}});
            est->fit(X, y);
            predictions.push_back(est->predictProba(X).toVector<double>());
            predictions.push_back(est->attribute("_predictors.value").tensor().toVector<double>());
        }
        QVERIFY(sameBits(predictions[0], predictions[2]));
        QVERIFY(sameBits(predictions[1], predictions[3]));
    }

    void manyCategoriesAreSklearns() {
        auto est = EstimatorRegistry::instance().create("HistGradientBoostingClassifier",
                                                        {{"max_iter", 30},
                                                         {"categorical_features", ParamValue::list({0, 1})},
                                                         {"early_stopping", false},
                                                         {"min_samples_leaf", 5}});
        est->fit(npy("cats_X"), Array(npy("cats_y")));
        QCOMPARE(est->attribute("_predictors.feature_idx").tensor().toVector<int64_t>(),
                 npy("cats_feature_idx").toVector<int64_t>());
        QCOMPARE(est->attribute("_predictors.raw_left_cat_bitsets").tensor().toVector<int64_t>(),
                 npy("cats_raw_bitsets").toVector<int64_t>());
        QVERIFY(
            near(est->predictProba(npy("cats_X_test")).toVector<double>(), npy("cats_proba").toVector<double>(), 1e-6));
    }

    void oneAndTwoThreadsGrowTheSameConstrainedTrees() {
        const Mixed d = mixedData(12000);
        const Tensor y = Tensor::fromVector<double>(d.y, {12000});
        std::vector<std::vector<double>> out;
        for (const int threads : {1, 2}) {
            kernels::setNumThreads(threads);
            auto est = EstimatorRegistry::instance().create(
                "HistGradientBoostingRegressor",
                {{"max_iter", 8},
                 {"early_stopping", false},
                 {"categorical_features", ParamValue::list({0})},
                 {"monotonic_cst", ParamValue::list({0, 1, -1, 0})},
                 {"interaction_cst", ParamValue::list({ParamValue::list({0, 1}), ParamValue::list({1, 2, 3})})}});
            est->fit(d.X, Array(y));
            out.push_back(est->predict(d.X).tensor().toVector<double>());
            out.push_back(est->attribute("_predictors.value").tensor().toVector<double>());
            out.push_back(est->attribute("_predictors.raw_left_cat_bitsets").tensor().toVector<double>());
        }
        for (size_t i = 0; i < 3; ++i) QVERIFY(sameBits(out[i], out[i + 3]));
    }

    void predictorTreesGiveTheRawPredictions() {
        const Mixed d = mixedData(600);
        auto est = EstimatorRegistry::instance().create("HistGradientBoostingRegressor",
                                                        {{"max_iter", 12}, {"min_samples_leaf", 5}});
        est->fit(d.X, Array(Tensor::fromVector<double>(d.y, {600})));
        const std::vector<std::vector<tree::Tree>> trees = hgb::predictorTrees(*est);
        QCOMPARE(static_cast<int64_t>(trees.size()), est->attribute("n_iter_").tensor().item<int64_t>());
        const double baseline = est->attribute("_baseline_prediction").tensor().toVector<double>()[0];
        const std::vector<double> want = est->predict(d.X).tensor().toVector<double>();
        const double* xs = d.X.data<double>();
        std::vector<double> got(600, baseline);
        for (const auto& iteration : trees) {
            QCOMPARE(iteration.size(), size_t{1});
            const tree::Tree& t = iteration[0];
            t.validate();
            QVERIFY(t.comparison == tree::Comparison::LessEqual);
            for (int64_t r = 0; r < 600; ++r) {
                int64_t n = 0;
                while (t.childrenLeft[n] != tree::kLeaf) {
                    const double v = xs[r * 4 + t.feature[n]];
                    const bool left = std::isnan(v) ? t.missingGoLeft[n] != 0 : v <= t.threshold[n];
                    n = left ? t.childrenLeft[n] : t.childrenRight[n];
                }
                got[r] += t.value[n];
            }
        }
        QVERIFY(sameBits(got, want));

        auto categorical = EstimatorRegistry::instance().create(
            "HistGradientBoostingRegressor", {{"max_iter", 3}, {"categorical_features", ParamValue::list({0})}});
        categorical->fit(d.X, Array(Tensor::fromVector<double>(d.y, {600})));
        QVERIFY_THROWS_EXCEPTION(ValueError, hgb::predictorTrees(*categorical));
    }
};

QTEST_APPLESS_MAIN(TestHistGradientBoosting)
#include "test_hist_gradient_boosting.moc"
