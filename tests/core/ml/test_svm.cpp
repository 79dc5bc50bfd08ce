// The SVMs beyond the conformance cases: sklearn's errors that come from methods (break_ties with
// 'ovo', predict_proba without probability), one class, the kernel refused by name, the iteration
// limit's fit_status_, and a solution that does not depend on shrinking or on the cache size (a
// cache of two columns evicts and swaps on every step).
#include <QtTest>
#include <cmath>
#include <random>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

struct Data {
    Tensor X;
    Array y;
};

Data blobs(std::int64_t n, std::int64_t p, std::uint64_t seed, std::int64_t classes) {
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

double maxAbsDiff(const Tensor& a, const Tensor& b) {
    const std::vector<double> x = a.toVector<double>(), y = b.toVector<double>();
    if (x.size() != y.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < x.size(); ++i) m = std::max(m, std::fabs(x[i] - y[i]));
    return m;
}

}  // namespace

class TestSvm : public QObject {
    Q_OBJECT

private slots:
    void methodErrorsInSklearnsWords() {
        const Data d = blobs(60, 3, 1, 3);
        auto ovo = make("SVC", {{"break_ties", true}, {"decision_function_shape", "ovo"}});
        ovo->fit(d.X, d.y);
        QCOMPARE(errorOf<ValueError>([&] { ovo->predict(d.X); }),
                 QString("break_ties must be False when decision_function_shape is 'ovo'"));
        auto plain = make("SVC", {});
        plain->fit(d.X, d.y);
        QCOMPARE(errorOf<AttributeError>([&] { plain->predictProba(d.X); }),
                 QString("predict_proba is not available when  probability=False"));
    }

    void oneClassAndPrecomputedAreRefused() {
        const Data d = blobs(20, 2, 2, 1);
        QCOMPARE(errorOf<ValueError>([&] { make("SVC", {})->fit(d.X, d.y); }),
                 QString("The number of classes has to be greater than one; got 1 class"));
        const Data two = blobs(20, 2, 2, 2);
        QVERIFY(errorOf<ValueError>([&] {
                    make("SVC", {{"kernel", "precomputed"}})->fit(two.X, two.y);
                }).contains("kernel='precomputed' is not available"));
    }

    void iterationLimitSetsFitStatus() {
        const Data d = blobs(80, 4, 3, 2);
        auto limited = make("SVC", {{"max_iter", 2}});
        limited->fit(d.X, d.y);
        QCOMPARE(limited->attribute("fit_status_").tensor().item<std::int64_t>(), 1);
        auto full = make("SVC", {});
        full->fit(d.X, d.y);
        QCOMPARE(full->attribute("fit_status_").tensor().item<std::int64_t>(), 0);
    }

    void solutionIndependentOfShrinkingAndCache() {
        const Data d = blobs(150, 5, 4, 3);
        for (const std::string name : {"SVC", "NuSVC"}) {
            auto base = make(name, {{"tol", 1e-10}, {"decision_function_shape", "ovo"}});
            base->fit(d.X, d.y);
            auto other = make(
                name, {{"tol", 1e-10}, {"decision_function_shape", "ovo"}, {"shrinking", false}, {"cache_size", 1e-6}});
            other->fit(d.X, d.y);
            QVERIFY2(maxAbsDiff(base->decisionFunction(d.X), other->decisionFunction(d.X)) < 1e-6, name.c_str());
            QCOMPARE(base->attribute("n_support_").tensor().toVector<std::int64_t>(),
                     other->attribute("n_support_").tensor().toVector<std::int64_t>());
        }
        std::vector<double> t;
        for (std::int64_t i = 0; i < 150; ++i)
            t.push_back(d.X.data<double>()[i * 5] * 2 - d.X.data<double>()[i * 5 + 1]);
        const Array y(Tensor::fromVector<double>(t, {150}));
        auto svr = make("SVR", {{"tol", 1e-10}});
        svr->fit(d.X, y);
        auto svr2 = make("SVR", {{"tol", 1e-10}, {"shrinking", false}, {"cache_size", 1e-6}});
        svr2->fit(d.X, y);
        QVERIFY(maxAbsDiff(svr->predict(d.X).tensor(), svr2->predict(d.X).tensor()) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestSvm)
#include "test_svm.moc"
