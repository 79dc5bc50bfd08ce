// HistGradientBoosting* beyond the conformance cases: the bin mapper's thresholds are sklearn's
// `_bin_mapper.bin_thresholds_` bit for bit (distinct values, quantiles, NaN, the 200000-row
// subsample), loss='poisson' and early_stopping='auto' on more than 10000 rows give sklearn's
// predictions, and 1 and 2 threads grow the same trees.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>

#include "core/io/npy.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/registry.h"
#include "core/ml/ensemble/hist_gradient_boosting/binning.h"

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
};

QTEST_APPLESS_MAIN(TestHistGradientBoosting)
#include "test_hist_gradient_boosting.moc"
