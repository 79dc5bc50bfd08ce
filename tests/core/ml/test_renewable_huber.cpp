// RenewableHuberRegressor: the NumPy reference after every batch, the statistics of the estimate against
// the all-rows Huber M-estimate, weights versus repeated rows, checkpoints, thread counts and bad input.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>
#include <random>

#include "core/io/npy.h"
#include "core/io/npz.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/linear_model/renewable_huber.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

struct Data {
    Tensor X;
    Tensor y;
    Tensor w;
};

// Contaminated linear data: normal features, Student-t(3) noise, a fraction of gross outliers in y.
class Generator {
public:
    explicit Generator(std::uint64_t seed, std::int64_t features) : m_rng(seed), m_beta(features) {
        for (std::int64_t j = 0; j < features; ++j) m_beta[j] = 1.0 - 0.5 * static_cast<double>(j);
    }
    Data batch(std::int64_t rows, double outliers, bool weights = false) {
        const auto d = static_cast<std::int64_t>(m_beta.size());
        std::vector<double> X(rows * d), y(rows), w(rows);
        std::normal_distribution<double> normal;
        std::chi_squared_distribution<double> chi(3.0);
        std::uniform_real_distribution<double> unit;
        for (std::int64_t i = 0; i < rows; ++i) {
            double t = kIntercept;
            for (std::int64_t j = 0; j < d; ++j) {
                X[i * d + j] = normal(m_rng);
                t += X[i * d + j] * m_beta[j];
            }
            t += normal(m_rng) / std::sqrt(chi(m_rng) / 3.0);
            if (unit(m_rng) < outliers) t += 50.0 + 20.0 * unit(m_rng);
            y[i] = t;
            w[i] = 1.0 + std::floor(3.0 * unit(m_rng));
        }
        return {Tensor::fromVector<double>(X, {rows, d}), Tensor::fromVector<double>(y, {rows}),
                weights ? Tensor::fromVector<double>(w, {rows}) : Tensor()};
    }
    const std::vector<double>& beta() const { return m_beta; }
    static constexpr double kIntercept = 0.5;

private:
    std::mt19937_64 m_rng;
    std::vector<double> m_beta;
};

std::shared_ptr<Estimator> make(const ParamList& params = {}) {
    return EstimatorRegistry::instance().create("RenewableHuberRegressor", params);
}

// Coefficients then the intercept.
std::vector<double> full(const Estimator& e) {
    std::vector<double> v = e.attribute("coef_").tensor().toVector<double>();
    v.push_back(e.attribute("intercept_").tensor().item<double>());
    return v;
}

double relL2(const std::vector<double>& a, const std::vector<double>& b) {
    double num = 0, den = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        num += (a[i] - b[i]) * (a[i] - b[i]);
        den += b[i] * b[i];
    }
    return std::sqrt(num / den);
}

// Solves the p×p system A x = b by Gaussian elimination with partial pivoting (plain, for the test).
std::vector<double> solve(std::vector<double> A, std::vector<double> b) {
    const std::size_t p = b.size();
    for (std::size_t c = 0; c < p; ++c) {
        std::size_t piv = c;
        for (std::size_t r = c + 1; r < p; ++r)
            if (std::abs(A[r * p + c]) > std::abs(A[piv * p + c])) piv = r;
        for (std::size_t k = 0; k < p; ++k) std::swap(A[c * p + k], A[piv * p + k]);
        std::swap(b[c], b[piv]);
        for (std::size_t r = c + 1; r < p; ++r) {
            const double f = A[r * p + c] / A[c * p + c];
            for (std::size_t k = c; k < p; ++k) A[r * p + k] -= f * A[c * p + k];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(p);
    for (std::size_t c = p; c-- > 0;) {
        double s = b[c];
        for (std::size_t k = c + 1; k < p; ++k) s -= A[c * p + k] * x[k];
        x[c] = s / A[c * p + c];
    }
    return x;
}

// Weighted least squares on all rows with an intercept column; `tau` > 0 iterates Huber's IRLS weights
// min(1, tau/|r|) to the M-estimate with that fixed threshold.
std::vector<double> allRows(const std::vector<Data>& batches, double tau) {
    const std::int64_t d = batches[0].X.size(1), p = d + 1;
    std::vector<double> beta(p, 0.0);
    for (int it = 0; it < (tau > 0 ? 500 : 1); ++it) {
        std::vector<double> A(p * p, 0.0), b(p, 0.0);
        for (const Data& B : batches) {
            const double* x = B.X.data<double>();
            const double* y = B.y.data<double>();
            for (std::int64_t i = 0; i < B.X.size(0); ++i) {
                std::vector<double> row(x + i * d, x + (i + 1) * d);
                row.push_back(1.0);
                double r = y[i];
                for (std::int64_t j = 0; j < p; ++j) r -= row[j] * beta[j];
                const double w = (tau > 0 && it > 0 && std::abs(r) > tau) ? tau / std::abs(r) : 1.0;
                for (std::int64_t j = 0; j < p; ++j) {
                    b[j] += w * row[j] * y[i];
                    for (std::int64_t k = 0; k < p; ++k) A[j * p + k] += w * row[j] * row[k];
                }
            }
        }
        const std::vector<double> next = solve(A, b);
        double step = 0;
        for (std::int64_t j = 0; j < p; ++j) step = std::max(step, std::abs(next[j] - beta[j]));
        beta = next;
        if (it > 0 && step < 1e-13) break;
    }
    return beta;
}

template <class F>
QString messageOf(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestRenewableHuber : public QObject {
    Q_OBJECT

private slots:
    void matchesNumpyReferenceAfterEveryBatch_data() {
        QTest::addColumn<QString>("penalty");
        QTest::addColumn<bool>("weighted");
        QTest::newRow("none") << "none" << false;
        QTest::newRow("none weighted") << "none" << true;
        QTest::newRow("l1") << "l1" << false;
        QTest::newRow("l1 weighted") << "l1" << true;
    }
    void matchesNumpyReferenceAfterEveryBatch() {
        QFETCH(QString, penalty);
        QFETCH(bool, weighted);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path folder = dir.path().toStdString();
        Generator gen(7, 5);
        auto m = make({{"penalty", penalty.toStdString()}, {"alpha", 0.05}, {"max_iter", 1000}});
        std::vector<std::vector<double>> ours;
        for (int b = 0; b < 5; ++b) {
            const Data data = gen.batch(300 + 100 * b, 0.05, weighted);
            io::writeNpy(folder / ("X_" + std::to_string(b) + ".npy"), data.X);
            io::writeNpy(folder / ("y_" + std::to_string(b) + ".npy"), data.y);
            if (weighted) io::writeNpy(folder / ("w_" + std::to_string(b) + ".npy"), data.w);
            m->partialFit(data.X, Array(data.y), data.w);
            ours.push_back(full(*m));
        }
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {QStringLiteral(TESSERA_SOURCE_DIR "/tests/core/ml/renewable_huber_reference.py"), dir.path(),
                      penalty, weighted ? "1" : "0", "1.345", "0.05"});
        QVERIFY(python.waitForFinished(120000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        for (int b = 0; b < 5; ++b) {
            const std::vector<double> ref =
                io::readNpy(folder / ("ref_" + std::to_string(b) + ".npy")).toVector<double>();
            QCOMPARE(ref.size(), ours[b].size());
            for (std::size_t j = 0; j < ref.size(); ++j)
                QVERIFY2(std::abs(ref[j] - ours[b][j]) <= 1e-10 * (1 + std::abs(ref[j])),
                         qPrintable(QString("batch %1 coefficient %2: %3 vs NumPy %4")
                                        .arg(b)
                                        .arg(j)
                                        .arg(ours[b][j], 0, 'g', 17)
                                        .arg(ref[j], 0, 'g', 17)));
        }
        if (penalty == "l1") QVERIFY(m->attribute("subgradient_").tensor().toVector<double>()[0] != 0);
    }

    void closeToAllRowsHuberAndFarFromOls() {
        Generator gen(11, 5);
        std::vector<Data> batches;
        auto m = make();
        for (int b = 0; b < 20; ++b) {
            batches.push_back(gen.batch(1000, 0.05));
            m->partialFit(batches.back().X, Array(batches.back().y));
        }
        const std::vector<double> ours = full(*m), huber = allRows(batches, 1.345), ols = allRows(batches, 0);
        std::vector<double> truth = gen.beta();
        truth.push_back(Generator::kIntercept);
        const double toHuber = relL2(ours, huber), oursErr = relL2(ours, truth), olsErr = relL2(ols, truth);
        qInfo(
            "20 batches x 1000 rows, 5 features, 5%% outliers: rel L2 to all-rows Huber %.4g; to the truth: "
            "renewable %.4g, all-rows Huber %.4g, OLS %.4g",
            toHuber, oursErr, relL2(huber, truth), olsErr);
        QVERIFY(toHuber < 0.02);
        QVERIFY(oursErr * 5 < olsErr);
        QCOMPARE(m->attribute("n_samples_seen_").tensor().item<std::int64_t>(), 20000);
        QCOMPARE(m->attribute("n_batches_").tensor().item<std::int64_t>(), 20);
        const Data clean = gen.batch(1000, 0.0);
        QVERIFY(m->score(clean.X, Array(clean.y)) > 0.3);  // t(3) noise of variance 3 against a signal of variance 2.5
    }

    void integerWeightsEqualRepeatedRows_data() {
        QTest::addColumn<QString>("penalty");
        QTest::newRow("none") << "none";
        QTest::newRow("l1") << "l1";
    }
    void integerWeightsEqualRepeatedRows() {
        QFETCH(QString, penalty);
        const ParamList params{{"penalty", penalty.toStdString()}, {"alpha", 0.05}, {"max_iter", 1000}};
        Generator gen(5, 4);
        auto weighted = make(params), repeated = make(params);
        std::int64_t rows = 0;
        for (int b = 0; b < 3; ++b) {
            const Data d = gen.batch(400, 0.05, true);
            weighted->partialFit(d.X, Array(d.y), d.w);
            const std::vector<double> X = d.X.toVector<double>(), y = d.y.toVector<double>(),
                                      w = d.w.toVector<double>();
            std::vector<double> Xr, yr;
            for (std::size_t i = 0; i < y.size(); ++i)
                for (int k = 0; k < static_cast<int>(w[i]); ++k) {
                    Xr.insert(Xr.end(), X.begin() + 4 * i, X.begin() + 4 * (i + 1));
                    yr.push_back(y[i]);
                }
            rows += static_cast<std::int64_t>(yr.size());
            repeated->partialFit(Tensor::fromVector<double>(Xr, {static_cast<std::int64_t>(yr.size()), 4}),
                                 Array(Tensor::fromVector<double>(yr, {static_cast<std::int64_t>(yr.size())})));
            const std::vector<double> a = full(*weighted), r = full(*repeated);
            for (std::size_t j = 0; j < a.size(); ++j) QVERIFY(std::abs(a[j] - r[j]) <= 1e-10 * (1 + std::abs(r[j])));
        }
        QCOMPARE(weighted->attribute("n_samples_seen_").tensor().item<std::int64_t>(), 1200);
        QCOMPARE(repeated->attribute("n_samples_seen_").tensor().item<std::int64_t>(), rows);
    }

    void checkpointRoundTripAndResume_data() {
        QTest::addColumn<QString>("penalty");
        QTest::newRow("none") << "none";
        QTest::newRow("l1") << "l1";
    }
    void checkpointRoundTripAndResume() {
        QFETCH(QString, penalty);
        QTemporaryDir dir;
        const std::filesystem::path file = dir.path().toStdString() + "/checkpoint.npz";
        const ParamList params{{"penalty", penalty.toStdString()}, {"alpha", 0.02}, {"max_iter", 1000}, {"n_jobs", 2}};
        Generator gen(3, 5);
        std::vector<Data> batches;
        for (int b = 0; b < 6; ++b) batches.push_back(gen.batch(700, 0.05));
        auto unstopped = make(params);
        for (int b = 0; b < 6; ++b) unstopped->partialFit(batches[b].X, Array(batches[b].y));
        auto first = make(params);
        for (int b = 0; b < 3; ++b) first->partialFit(batches[b].X, Array(batches[b].y));
        dynamic_cast<RenewableHuberRegressor&>(*first).saveCheckpoint(file);
        auto resumed = make();
        dynamic_cast<RenewableHuberRegressor&>(*resumed).loadCheckpoint(file);
        QCOMPARE(QString::fromStdString(resumed->param("penalty").asString()), penalty);
        QCOMPARE(resumed->param("n_jobs").asInt(), 2);
        QVERIFY(resumed->param("bandwidth").isNone());
        for (int b = 3; b < 6; ++b) resumed->partialFit(batches[b].X, Array(batches[b].y));
        QVERIFY(full(*resumed) == full(*unstopped));  // bit for bit
        QVERIFY(resumed->attribute("J_").tensor().toVector<double>() ==
                unstopped->attribute("J_").tensor().toVector<double>());
        QCOMPARE(resumed->attribute("n_batches_").tensor().item<std::int64_t>(), 6);

        // numpy.load reads it: the arrays, the 0-d intercept and the text parameter.
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {"-c",
                      "import sys, numpy as np; d = np.load(sys.argv[1]); "
                      "assert d['J'].shape == (6, 6) and d['coef'].shape == (5,) and d['intercept'].shape == (); "
                      "assert str(d['penalty']) == sys.argv[2] and int(d['n_batches']) == 3",
                      QString::fromStdString(file.string()), penalty});
        QVERIFY(python.waitForFinished(60000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());

        // A damaged byte fails the CRC of the entry it sits in; a field of the wrong shape is named.
        std::string bytes;
        {
            std::ifstream in(file, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        io::NpzEntries entries = io::decodeNpz(bytes, "checkpoint.npz");
        const std::size_t at = bytes.find("J.npy") + 5 + 128 + 8;
        std::string damaged = bytes;
        damaged[at] = static_cast<char>(damaged[at] ^ 0x40);
        QVERIFY(messageOf([&] { io::decodeNpz(damaged, "checkpoint.npz"); }).contains("entry 'J': CRC-32 mismatch"));
        for (auto& e : entries)
            if (e.name == "J") e.tensor = Tensor::fromVector<double>(std::vector<double>(9, 1.0), {3, 3});
        const std::filesystem::path bad = dir.path().toStdString() + "/bad.npz";
        io::writeNpz(bad, entries);
        auto victim = make();
        const QString msg = messageOf([&] { dynamic_cast<RenewableHuberRegressor&>(*victim).loadCheckpoint(bad); });
        QVERIFY2(msg.contains("field 'J': expected shape (6, 6), got (3, 3)"), qPrintable(msg));
        QVERIFY(!victim->isFitted());
    }

    void sameResultForEveryThreadCount() {
        Generator gen(9, 8);
        std::vector<Data> batches;
        for (int b = 0; b < 3; ++b) batches.push_back(gen.batch(3000, 0.05));
        for (const char* penalty : {"none", "l1"}) {
            std::vector<double> first;
            for (std::int64_t jobs : {1, 2, 3, -1}) {
                auto m = make({{"penalty", penalty}, {"alpha", 0.01}, {"n_jobs", jobs}, {"max_iter", 1000}});
                for (const Data& d : batches) m->partialFit(d.X, Array(d.y));
                if (first.empty()) first = full(*m);
                QVERIFY2(full(*m) == first, qPrintable(QString("%1, n_jobs=%2").arg(penalty).arg(jobs)));
            }
        }
    }

    void badInputIsRefusedInSklearnsWords() {
        Generator gen(1, 5);
        const Data d = gen.batch(50, 0.0);
        auto m = make();
        m->partialFit(d.X, Array(d.y));
        const std::vector<double> before = full(*m);

        std::vector<double> nanX = d.X.toVector<double>();
        nanX[7] = std::nan("");
        QVERIFY(messageOf([&] {
                    m->partialFit(Tensor::fromVector<double>(nanX, {50, 5}), Array(d.y));
                }).startsWith("Input X contains NaN."));
        const Data other = Generator(2, 3).batch(50, 0.0);
        QCOMPARE(messageOf([&] { m->partialFit(other.X, Array(other.y)); }),
                 QString("X has 3 features, but RenewableHuberRegressor is expecting 5 features as input."));
        QVERIFY(messageOf([&] {
                    m->partialFit(Tensor::fromVector<double>({}, {0, 5}), Array(Tensor::fromVector<double>({}, {0})));
                }).startsWith("Found array with 0 sample(s) (shape=(0, 5))"));
        QCOMPARE(full(*m), before);  // refused batches change nothing
        QCOMPARE(m->attribute("n_batches_").tensor().item<std::int64_t>(), 1);

        for (double tau : {0.0, -1.0}) {
            auto bad = make({{"tau", tau}});
            QVERIFY_THROWS_EXCEPTION(InvalidParameterError, bad->partialFit(d.X, Array(d.y)));
            QVERIFY(
                messageOf([&] {
                    bad->fit(d.X, Array(d.y));
                }).startsWith("The 'tau' parameter of RenewableHuberRegressor must be a float in the range (0, inf)"));
        }
        QVERIFY(messageOf([&] { make()->predict(d.X); }).contains("is not fitted yet"));
        QCOMPARE(messageOf([&] {
                     make({{"n_jobs", 0}})->partialFit(d.X, Array(d.y));
                 }),
                 QString("n_jobs == 0 in Parallel has no meaning"));
        QVERIFY(messageOf([&] {
                    make()->partialFit(d.X, Array(d.y), Tensor::fromVector<double>(std::vector<double>(50, 0.0), {50}));
                }).contains("positive, finite sum"));
    }

    void fitStartsAgainAndWarmStartKeepsTheStart() {
        Generator gen(4, 3);
        const Data a = gen.batch(500, 0.05), b = gen.batch(500, 0.05);
        auto m = make();
        m->partialFit(a.X, Array(a.y));
        m->partialFit(b.X, Array(b.y));
        auto fresh = make();
        fresh->fit(b.X, Array(b.y));
        m->fit(b.X, Array(b.y));
        QCOMPARE(full(*m), full(*fresh));
        QCOMPARE(m->attribute("n_batches_").tensor().item<std::int64_t>(), 1);
        QVERIFY(m->attribute("n_iter_").tensor().item<std::int64_t>() >= 1);
        QVERIFY(m->attribute("intercept_").tensor().dim() == 0);
    }
};

QTEST_GUILESS_MAIN(TestRenewableHuber)
#include "test_renewable_huber.moc"
