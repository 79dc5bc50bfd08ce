// The estimator framework of core/ml: registry, parameters (defaults, validation in sklearn's words,
// nested names, clone), fitted attributes, the common input checks and persistence.
#include <QtTest>

#include <cmath>
#include <filesystem>

#include "../error_of.h"
#include "core/io/atomic_file.h"
#include "core/io/safetensors.h"
#include "core/kernels/parallel.h"
#include "core/ml/base/errors.h"
#include "core/ml/base/persistence.h"
#include "core/ml/base/registry.h"
#include "core/ml/compose/pipeline.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

Tensor matrix(std::vector<double> v, std::int64_t rows, std::int64_t cols) {
    return Tensor::fromVector<double>(v, {rows, cols});
}

std::shared_ptr<Estimator> make(const char* name, const ParamList& params = {}) {
    return EstimatorRegistry::instance().create(name, params);
}

}  // namespace

class TestMlBase : public QObject {
    Q_OBJECT

private slots:
    void registryListsSchema() {
        const EstimatorInfo& info = EstimatorRegistry::instance().at("StandardScaler");
        QCOMPARE(QString::fromStdString(info.module), QString("sklearn.preprocessing"));
        QCOMPARE(info.params.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(info.params[0].keyword), QString("copy"));  // sorted as get_params()
        QCOMPARE(errorOf<ValueError>([] { EstimatorRegistry::instance().at("PLSRegression"); }),
                 QString("sklearn estimator 'PLSRegression' is not available in Tessera"));
    }

    void paramsGetSetAndValidate() {
        auto s = make("StandardScaler", {{"with_mean", false}});
        QVERIFY(!s->param("with_mean").asBool());
        const ParamList params = s->getParams();
        QCOMPARE(params.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(params[1].first), QString("with_mean"));
        QCOMPARE(errorOf<ValueError>([&] {
                     s->setParams({{"alpha", 1.0}});
                 }),
                 QString("Invalid parameter 'alpha' for estimator StandardScaler(with_mean=False). Valid parameters "
                         "are: ['copy', 'with_mean', 'with_std']."));
        s->setParams({{"with_std", "yes"}});
        const Tensor X = matrix({1, 2, 3, 4}, 2, 2);
        QCOMPARE(errorOf<InvalidParameterError>([&] { s->fit(X); }),
                 QString("The 'with_std' parameter of StandardScaler must be an instance of 'bool', an instance of "
                         "'numpy.bool_' or an instance of 'int'. Got 'yes' instead."));
    }

    void pythonReprOfValues() {
        QCOMPARE(QString::fromStdString(pythonFloatRepr(1.0)), QString("1.0"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(1e-5)), QString("1e-05"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(0.0001)), QString("0.0001"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(123456.5)), QString("123456.5"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(1e16)), QString("1e+16"));
        QCOMPARE(QString::fromStdString(pythonFloatRepr(0.1)), QString("0.1"));
        QCOMPARE(QString::fromStdString(ParamValue::tuple({0, 1}).repr()), QString("(0, 1)"));
        QCOMPARE(QString::fromStdString(ParamValue::tuple({ParamValue(2.5)}).repr()), QString("(2.5,)"));
        QCOMPARE(QString::fromStdString(ParamValue::dict({{"a", ParamValue()}}).repr()), QString("{'a': None}"));
        const Constraint c = realInterval(0, ParamValue(), Closed::Left);
        QCOMPARE(QString::fromStdString(c.str()), QString("a float in the range [0, inf)"));
        QVERIFY(c.satisfiedBy(ParamValue(0)));
        QVERIFY(!c.satisfiedBy(ParamValue(-0.5)));
        QVERIFY(!c.satisfiedBy(ParamValue("a")));
        QVERIFY(!intInterval(1, std::nullopt, Closed::Left).satisfiedBy(ParamValue(1.0)));
    }

    void paramJsonRoundTrip() {
        const ParamValue v = ParamValue::list(
            {ParamValue(1.0), ParamValue(2), ParamValue::tuple({ParamValue("a"), ParamValue()}), ParamValue(true),
             ParamValue(std::nan("")), ParamValue(make("StandardScaler", {{"with_std", false}}))});
        const ParamValue back = ParamValue::fromJson(io::parseJson(io::writeJson(v.toJson()), "t"), "t");
        QCOMPARE(QString::fromStdString(back.repr()), QString::fromStdString(v.repr()));
        QVERIFY(back.items()[0].kind() == ParamValue::Kind::Float);
        QVERIFY(back.items()[1].kind() == ParamValue::Kind::Int);
        QVERIFY(back.items()[2].kind() == ParamValue::Kind::Tuple);
    }

    void cloneIsUnfittedWithSameParams() {
        auto s = make("StandardScaler", {{"with_mean", false}});
        s->fit(matrix({1, 2, 3, 5}, 2, 2));
        QVERIFY(s->isFitted());
        auto c = s->clone();
        QVERIFY(!c->isFitted());
        QVERIFY(c->getParams() == s->getParams());
        QVERIFY(c.get() != s.get());
    }

    void missingMethodsAndAttributes() {
        auto s = make("StandardScaler");
        QCOMPARE(errorOf<AttributeError>([&] { s->predict(matrix({1}, 1, 1)); }),
                 QString("'StandardScaler' object has no attribute 'predict'"));
        QCOMPARE(errorOf<AttributeError>([&] { s->attribute("mean_"); }),
                 QString("'StandardScaler' object has no attribute 'mean_'"));
        QCOMPARE(errorOf<NotFittedError>([&] { s->transform(matrix({1}, 1, 1)); }),
                 QString("This StandardScaler instance is not fitted yet. Call 'fit' with appropriate arguments "
                         "before using this estimator."));
    }

    void inputChecks() {
        auto s = make("StandardScaler");
        s->fit(matrix({1, 2, 3, 4, 5, 6, 7, 8}, 2, 4));
        QCOMPARE(s->attribute("n_features_in_").tensor().item<std::int64_t>(), std::int64_t(4));
        QCOMPARE(errorOf<ValueError>([&] {
                     s->transform(matrix({1, 2, 3}, 1, 3));
                 }),
                 QString("X has 3 features, but StandardScaler is expecting 4 features as input."));
        QCOMPARE(errorOf<ValueError>([&] {
                     s->fit(Tensor::fromVector<double>({1, 2}, {2}));
                 }).left(46),
                 QString("Expected 2D array, got 1D array instead. Resha"));
        QCOMPARE(errorOf<ValueError>([&] {
                     s->fit(Tensor::empty({0, 3}, DType::Float64));
                 }),
                 QString("Found array with 0 sample(s) (shape=(0, 3)) while a minimum of 1 is required by "
                         "StandardScaler."));
        QCOMPARE(errorOf<ValueError>([&] {
                     s->fit(matrix({1, INFINITY}, 1, 2));
                 }),
                 QString("Input X contains infinity or a value too large for dtype('float64')."));
        // Float32 input is widened as check_array widens it.
        s->fit(Tensor::fromVector<float>({1, 2, 3, 4}, {2, 2}));
        QCOMPARE(s->transform(Tensor::fromVector<float>({1, 2}, {1, 2})).dtype(), DType::Float64);
    }

    void standardScalerValues() {
        auto s = make("StandardScaler");
        // Column 1 is constant: its scale_ is 1, as sklearn's near-constant rule sets it.
        const Tensor X = matrix({1, 5, 2, 5, 4, 5, NAN, 5}, 4, 2);
        const Tensor Z = s->fitTransform(X);
        const std::vector<double> mean = s->attribute("mean_").tensor().toVector<double>();
        QCOMPARE(mean[0], 7.0 / 3.0);
        QCOMPARE(mean[1], 5.0);
        QCOMPARE(s->attribute("scale_").tensor().toVector<double>()[1], 1.0);
        QCOMPARE(s->attribute("n_samples_seen_").tensor().toVector<std::int64_t>(), (std::vector<std::int64_t>{3, 4}));
        const std::vector<double> z = Z.toVector<double>();
        QVERIFY(std::isnan(z[6]));
        QCOMPARE(z[1], 0.0);
        const Tensor back = s->inverseTransform(Z);
        QVERIFY(std::abs(back.toVector<double>()[2] - 2.0) < 1e-14);
        QCOMPARE(s->getFeatureNamesOut(), (std::vector<std::string>{"x0", "x1"}));
    }

    void pipelineNamesIndexingAndNestedParams() {
        auto pipe = makePipeline({make("StandardScaler"), make("StandardScaler"), make("Ridge")});
        const auto steps = pipe->children();
        QCOMPARE(steps.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(steps[0].first), QString("standardscaler-1"));
        QCOMPARE(QString::fromStdString(steps[1].first), QString("standardscaler-2"));
        QCOMPARE(QString::fromStdString(steps[2].first), QString("ridge"));
        pipe->setParams({{"ridge__alpha", 0.25}, {"standardscaler-1__with_mean", false}});
        QCOMPARE(pipelineStep(*pipe, -1)->param("alpha").asDouble(), 0.25);
        QVERIFY(!namedStep(*pipe, "standardscaler-1")->param("with_mean").asBool());
        const ParamList deep = pipe->getParams(true);
        QCOMPARE(QString::fromStdString(deep[0].first), QString("memory"));
        QCOMPARE(QString::fromStdString(deep[3].first), QString("standardscaler-1"));
        QVERIFY(std::any_of(deep.begin(), deep.end(), [](const auto& p) { return p.first == "ridge__alpha"; }));
        QCOMPARE(errorOf<IndexError>([&] { pipelineStep(*pipe, 3); }), QString("list index out of range"));
        // Replacing a step by name, as pipe.set_params(ridge=...) does.
        pipe->setParams({{"ridge", ParamValue(make("LinearRegression"))}});
        QCOMPARE(QString::fromStdString(pipelineStep(*pipe, 2)->className()), QString("LinearRegression"));
        const Tensor X = matrix({1, 2, 3, 5, 4, 1, 0, 2}, 4, 2);
        const Tensor y = Tensor::fromVector<double>({1, 2, 3, 4}, {4});
        pipe->fit(X, Array(y));
        QVERIFY(pipelineStep(*pipe, 0)->isFitted());
        auto c = pipe->clone();
        QVERIFY(!pipelineStep(*c, 0)->isFitted());
        QVERIFY(pipelineStep(*c, 0).get() != pipelineStep(*pipe, 0).get());
        auto head = pipelineSlice(*pipe, 0, -1);
        QCOMPARE(head->transform(X).size(1), std::int64_t(2));
        QCOMPARE(errorOf<AttributeError>([&] { pipe->transform(X); }),
                 QString("This 'Pipeline' has no attribute 'transform'"));
        auto back = decodeEstimator(encodeEstimator(*pipe), "pipe");
        QVERIFY(back->predict(X) == pipe->predict(X));
    }

    void resultsDoNotDependOnThreads() {
        // 9000 rows: LinearRegression's QR runs on two row blocks (Note [Row blocks]), Ridge on the GEMM.
        const std::int64_t n = 9000, p = 6;
        std::vector<double> x(n * p), y(n);
        for (std::int64_t i = 0; i < n * p; ++i) x[i] = std::sin(0.37 * static_cast<double>(i)) * (1 + i % 7);
        for (std::int64_t i = 0; i < n; ++i) y[i] = x[i * p] - 2 * x[i * p + 3] + std::cos(static_cast<double>(i));
        const Tensor X = matrix(x, n, p);
        const Array Y(Tensor::fromVector<double>(y, {n}));
        const int saved = kernels::numThreads();
        for (const char* name : {"LinearRegression", "Ridge"}) {
            kernels::setNumThreads(1);
            auto one = make(name);
            one->fit(X, Y);
            kernels::setNumThreads(2);
            auto two = make(name);
            two->fit(X, Y);
            QVERIFY2(one->attribute("coef_") == two->attribute("coef_"), name);
            QVERIFY2(one->predict(X) == two->predict(X), name);
        }
        kernels::setNumThreads(saved);
    }

    void persistenceRoundTripAndDamage() {
        const auto dir = std::filesystem::temp_directory_path() / ("tessera-ml-base-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        const auto file = dir / "scaler.safetensors";
        auto s = make("StandardScaler", {{"with_std", false}});
        const Tensor X = matrix({1, 2, 3, 4, 5, 7}, 3, 2);
        s->fit(X);
        saveEstimator(file, *s);
        auto back = loadEstimator(file);
        QCOMPARE(QString::fromStdString(back->className()), QString("StandardScaler"));
        QVERIFY(back->getParams() == s->getParams());
        QVERIFY(!back->attribute("scale_").defined());
        QVERIFY(back->transform(X).toVector<double>() == s->transform(X).toVector<double>());

        std::string bytes = io::readFile(file);
        io::writeFileAtomically(file, bytes.substr(0, bytes.size() - 3));
        QVERIFY(errorOf<IoError>([&] { loadEstimator(file); }).startsWith(QString::fromStdString(file.string() + ":")));
        io::writeFileAtomically(file, io::encodeSafetensors({{"a", Tensor::scalar<double>(1)}}));
        QCOMPARE(errorOf<IoError>([&] { loadEstimator(file); }),
                 QString::fromStdString(
                     file.string() + ": not a Tessera estimator file (no 'tessera.estimator' entry in the metadata)"));
        std::filesystem::remove_all(dir);
    }
};

QTEST_APPLESS_MAIN(TestMlBase)
#include "test_ml_base.moc"
