// The iterative linear models beyond the conformance cases: the optimisers on problems with known
// minima, the solvers and options refused by name, warm starts, and results that do not depend on the
// thread count (n_jobs).
#include <QtTest>
#include <cmath>
#include <random>

#include "core/kernels/parallel.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/optimize/lbfgs.h"
#include "core/ml/optimize/newton_cg.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

struct Data {
    Tensor X;
    Array y;
};

// Three Gaussian blobs with overlap (not separable), labels 0, 1, 2.
Data blobs(std::int64_t n, std::int64_t p, std::uint64_t seed, std::int64_t classes = 3) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    std::vector<double> X(static_cast<std::size_t>(n * p));
    std::vector<std::int64_t> y(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        y[i] = i % classes;
        for (std::int64_t j = 0; j < p; ++j) X[i * p + j] = normal(rng) + (j == y[i] ? 1.5 : 0.0);
    }
    return {Tensor::fromVector<double>(X, {n, p}), Array(Tensor::fromVector<std::int64_t>(y, {n}))};
}

std::shared_ptr<Estimator> make(const std::string& name, const ParamList& params) {
    return EstimatorRegistry::instance().create(name, params);
}

std::vector<double> values(const Estimator& e, const std::string& attribute) {
    return e.attribute(attribute).tensor().toVector<double>();
}

}  // namespace

class TestLinearIterative : public QObject {
    Q_OBJECT

private slots:
    void lbfgsFindsTheRosenbrockMinimum() {
        const optimize::LbfgsResult r = optimize::minimizeLbfgs(
            [](const std::vector<double>& x, std::vector<double>& g) {
                const double a = 1 - x[0], b = x[1] - x[0] * x[0];
                g = {-2 * a - 400 * x[0] * b, 200 * b};
                return a * a + 100 * b * b;
            },
            {-1.2, 1.0}, {.gtol = 1e-10, .ftol = 0.0, .maxIter = 1000});
        QCOMPARE(r.status, 0);
        QVERIFY2(std::abs(r.x[0] - 1) < 1e-8 && std::abs(r.x[1] - 1) < 1e-8, qPrintable(QString::number(r.x[0])));
        QVERIFY(r.nit > 10);  // a real descent, not a lucky first step
    }

    void lbfgsKeepsALowerBound() {
        // min (x + 1)² subject to x >= 0.5: the bound is active at the solution.
        optimize::LbfgsOptions o{.gtol = 1e-10, .maxIter = 100};
        o.lower = {0.5};
        const optimize::LbfgsResult r = optimize::minimizeLbfgs(
            [](const std::vector<double>& x, std::vector<double>& g) {
                g = {2 * (x[0] + 1)};
                return (x[0] + 1) * (x[0] + 1);
            },
            {3.0}, o);
        QVERIFY2(r.x[0] >= 0.5 && r.x[0] < 0.5 + 1e-12, qPrintable(QString::number(r.x[0], 'g', 17)));
    }

    void lbfgsStopsAtMaxIterWithScipysStatus() {
        const optimize::LbfgsResult r = optimize::minimizeLbfgs(
            [](const std::vector<double>& x, std::vector<double>& g) {
                const double a = 1 - x[0], b = x[1] - x[0] * x[0];
                g = {-2 * a - 400 * x[0] * b, 200 * b};
                return a * a + 100 * b * b;
            },
            {-1.2, 1.0}, {.gtol = 1e-12, .maxIter = 3});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.nit, std::int64_t{3});
        QCOMPARE(QString::fromStdString(r.message), QString("STOP: TOTAL NO. of ITERATIONS REACHED LIMIT"));
    }

    void newtonCgSolvesAQuadratic() {
        // f = ½ xᵀAx − bᵀx with A = [[4, 1], [1, 3]]: the minimum is A⁻¹b.
        const double A[2][2] = {{4, 1}, {1, 3}}, b[2] = {1, 2};
        auto f = [&](const std::vector<double>& x, std::vector<double>& g) {
            g = {A[0][0] * x[0] + A[0][1] * x[1] - b[0], A[1][0] * x[0] + A[1][1] * x[1] - b[1]};
            return 0.5 * (x[0] * (g[0] + b[0]) + x[1] * (g[1] + b[1])) - b[0] * x[0] - b[1] * x[1];
        };
        auto gradHess = [&](const std::vector<double>& x, std::vector<double>& g) -> optimize::HessianProduct {
            f(x, g);
            return [&](const std::vector<double>& v, std::vector<double>& out) {
                out = {A[0][0] * v[0] + A[0][1] * v[1], A[1][0] * v[0] + A[1][1] * v[1]};
            };
        };
        const optimize::NewtonCgResult r = optimize::minimizeNewtonCg(f, gradHess, {0.0, 0.0}, {.tol = 1e-12});
        QVERIFY(r.warning.empty());
        QVERIFY(std::abs(r.x[0] - 1.0 / 11) < 1e-12 && std::abs(r.x[1] - 7.0 / 11) < 1e-12);
        QVERIFY(r.nit >= 1 && r.nit <= 10);
    }

    void solversAndOptionsOutsideTheIssueAreRefusedByName() {
        const Data d = blobs(60, 3, 1);
        QCOMPARE(errorOf<ValueError>([&] {
                     make("LogisticRegression", {{"solver", "saga"}})->fit(d.X, d.y);
                 }),
                 QString("LogisticRegression: solver='saga' is not available in Tessera yet; 'lbfgs' and 'newton-cg' "
                         "are"));
        QCOMPARE(errorOf<ValueError>([&] {
                     make("LogisticRegression", {{"solver", "liblinear"}})->fit(d.X, d.y);
                 }),
                 QString("LogisticRegression: solver='liblinear' is not available in Tessera yet; 'lbfgs' and "
                         "'newton-cg' are"));
        QCOMPARE(errorOf<ValueError>([&] {
                     make("LinearSVC", {{"multi_class", "crammer_singer"}})->fit(d.X, d.y);
                 }),
                 QString("LinearSVC: multi_class='crammer_singer' is not available in Tessera yet; 'ovr' is"));
        QCOMPARE(errorOf<ValueError>([&] {
                     make("LinearSVC", {{"dual", false}})->fit(d.X, d.y);
                 }),
                 QString("LinearSVC: dual=False (liblinear's primal trust-region solvers) is not available in Tessera "
                         "yet; dual=True is"));
        QCOMPARE(errorOf<ValueError>([&] {
                     make("SGDClassifier", {{"learning_rate", "pa1"}, {"eta0", 0.1}})->fit(d.X, d.y);
                 }),
                 QString("SGDClassifier: learning_rate='pa1' (passive-aggressive) is not available in Tessera"));
    }

    void oneClassIsRefusedAsSklearnRefusesIt() {
        const Data d = blobs(20, 2, 2, 1);
        QCOMPARE(errorOf<ValueError>([&] { make("LogisticRegression", {})->fit(d.X, d.y); }),
                 QString("This solver needs samples of at least 2 classes in the data, but the data contains only one "
                         "class: 0"));
        QCOMPARE(errorOf<ValueError>([&] { make("SGDClassifier", {})->fit(d.X, d.y); }),
                 QString("The number of classes has to be greater than one; got 1 class"));
    }

    void resultsDoNotDependOnNJobs() {
        const Data d = blobs(300, 5, 3);
        for (const std::string name : {"LogisticRegression", "SGDClassifier"}) {
            ParamList base = {{"random_state", 0}};
            if (name == "LogisticRegression") base = {{"multi_class", "ovr"}};
            ParamList one = base, two = base;
            one.push_back({"n_jobs", 1});
            two.push_back({"n_jobs", 2});
            auto a = make(name, one), b = make(name, two);
            a->fit(d.X, d.y);
            b->fit(d.X, d.y);
            QVERIFY2(values(*a, "coef_") == values(*b, "coef_"), name.c_str());
            QVERIFY2(values(*a, "intercept_") == values(*b, "intercept_"), name.c_str());
        }
    }

    void resultsDoNotDependOnTheKernelThreadCount() {
        // The multinomial loss runs its products on the kernels' GEMM, whose sums are fixed per shape.
        const Data d = blobs(6000, 40, 5);
        std::vector<std::vector<double>> coefs;
        for (int threads : {1, 2}) {
            kernels::setNumThreads(threads);
            auto m = make("LogisticRegression", {{"tol", 1e-8}});
            m->fit(d.X, d.y);
            coefs.push_back(values(*m, "coef_"));
        }
        kernels::setNumThreads(1);
        QVERIFY(coefs[0] == coefs[1]);
    }

    void logisticWarmStartContinuesFromTheLastFit() {
        const Data d = blobs(200, 4, 4);
        auto m = make("LogisticRegression", {{"warm_start", true}, {"tol", 1e-8}});
        m->fit(d.X, d.y);
        const std::vector<double> first = values(*m, "coef_");
        const std::int64_t firstIter = m->attribute("n_iter_").tensor().toVector<std::int64_t>()[0];
        m->fit(d.X, d.y);
        const std::int64_t secondIter = m->attribute("n_iter_").tensor().toVector<std::int64_t>()[0];
        QVERIFY2(secondIter < firstIter, qPrintable(QString("%1 then %2").arg(firstIter).arg(secondIter)));
        const std::vector<double> second = values(*m, "coef_");
        for (std::size_t i = 0; i < first.size(); ++i) QVERIFY(std::abs(first[i] - second[i]) < 1e-5);
    }

    void huberWarmStartStartsAtThePreviousSolution() {
        const Data d = blobs(200, 3, 6);
        const Array y(Tensor::fromVector<double>(d.y.tensor().toVector<double>(), {200}));
        auto m = make("HuberRegressor", {{"warm_start", true}});
        m->fit(d.X, y);
        const std::int64_t firstIter = m->attribute("n_iter_").tensor().item<std::int64_t>();
        const std::vector<double> first = values(*m, "coef_");
        m->fit(d.X, y);
        const std::int64_t secondIter = m->attribute("n_iter_").tensor().item<std::int64_t>();
        QVERIFY2(secondIter < firstIter, qPrintable(QString("%1 then %2").arg(firstIter).arg(secondIter)));
        const std::vector<double> second = values(*m, "coef_");
        for (std::size_t i = 0; i < first.size(); ++i) QVERIFY(std::abs(first[i] - second[i]) < 1e-4);
        QCOMPARE(m->attribute("outliers_").tensor().dtype(), DType::Bool);
    }
};

QTEST_GUILESS_MAIN(TestLinearIterative)
#include "test_linear_iterative.moc"
