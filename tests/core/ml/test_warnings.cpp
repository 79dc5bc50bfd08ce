// sklearn's warnings in core/ml (core/ml/base/warnings.h): the channel (collectors per thread, scopes for
// workers, the process handler), and the warnings the estimators raise where sklearn 1.2.1 raises them,
// in sklearn's words (texts from python3-sklearn's own warnings on the same kind of fit).
#include <QRegularExpression>
#include <QtTest>

#include <thread>

#include "core/ml/base/registry.h"
#include "core/ml/base/warnings.h"
#include "tests/core/ml/ensemble/ensemble_data.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

std::vector<Warning> fitCollecting(Estimator& e, const Tensor& X, const Array& y = {}) {
    WarningCollector collected;
    e.fit(X, y);
    return collected.warnings();
}

}  // namespace

class TestWarnings : public QObject {
    Q_OBJECT

private slots:
    void collectorsHandlersAndScopes() {
        std::vector<Warning> handled;
        setWarningHandler([&](const Warning& w) { handled.push_back(w); });
        warn(WarningCategory::UserWarning, "to the handler");
        {
            WarningCollector outer;
            {
                WarningCollector inner;
                warn(WarningCategory::ConvergenceWarning, "inner");
                QCOMPARE(inner.warnings().size(), std::size_t{1});
            }
            std::thread worker([&outer] {
                warn(WarningCategory::UserWarning, "no collector on this thread");
                WarningScope scope(&outer);
                warn(WarningCategory::FitFailedWarning, "from a worker");
            });
            worker.join();
            QCOMPARE(outer.warnings().size(), std::size_t{1});
            QCOMPARE(outer.warnings()[0].message, std::string("from a worker"));
            QCOMPARE(categoryName(outer.warnings()[0].category), std::string_view("FitFailedWarning"));
        }
        setWarningHandler({});
        warn(WarningCategory::UserWarning, "dropped");
        QCOMPARE(handled.size(), std::size_t{2});
        QCOMPARE(handled[0].message, std::string("to the handler"));
        QCOMPARE(handled[1].message, std::string("no collector on this thread"));
    }

    void convergenceWarningsInSklearnsWords_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("param");
        QTest::addColumn<bool>("classes");
        QTest::addColumn<QString>("message");
        QTest::newRow("LogisticRegression")
            << "LogisticRegression"
            << "max_iter" << true
            << "lbfgs failed to converge (status=1):\nSTOP: TOTAL NO. of ITERATIONS REACHED LIMIT.\n\nIncrease the "
               "number of iterations (max_iter) or scale the data as shown in:\n    "
               "https://scikit-learn.org/stable/modules/preprocessing.html\nPlease also refer to the documentation "
               "for alternative solver options:\n    "
               "https://scikit-learn.org/stable/modules/linear_model.html#logistic-regression";
        QTest::newRow("LinearSVC") << "LinearSVC"
                                   << "max_iter" << true
                                   << "Liblinear failed to converge, increase the number of iterations.";
        QTest::newRow("SGDClassifier")
            << "SGDClassifier"
            << "max_iter" << true
            << "Maximum number of iteration reached before convergence. Consider increasing max_iter to improve the "
               "fit.";
        QTest::newRow("GaussianMixture") << "GaussianMixture"
                                         << "max_iter" << false
                                         << "Initialization 1 did not converge. Try different init parameters, or "
                                            "increase max_iter, tol or check for degenerate data.";
        QTest::newRow("FastICA") << "FastICA"
                                 << "max_iter" << false
                                 << "FastICA did not converge. Consider increasing tolerance or the maximum number of "
                                    "iterations.";
        QTest::newRow("FactorAnalysis")
            << "FactorAnalysis"
            << "max_iter" << false
            << "FactorAnalysis did not converge. You might want to increase the number of iterations.";
    }

    void convergenceWarningsInSklearnsWords() {
        QFETCH(QString, name);
        QFETCH(QString, param);
        QFETCH(bool, classes);
        QFETCH(QString, message);
        auto& reg = EstimatorRegistry::instance();
        const auto d = testing::makeData(80, 3, classes, 31);
        ParamList p{{param.toStdString(), 1}};
        if (name == "GaussianMixture") p.emplace_back("n_components", 2);
        if (name != "LogisticRegression" && name != "FactorAnalysis") p.emplace_back("random_state", 0);
        auto e = reg.create(name.toStdString(), p);
        const auto warnings = fitCollecting(*e, d.X, classes ? d.y : Array());
        QCOMPARE(warnings.size(), std::size_t{1});
        QCOMPARE(categoryName(warnings[0].category), std::string_view("ConvergenceWarning"));
        QCOMPARE(QString::fromStdString(warnings[0].message), message);
        // Converged fits say nothing.
        auto quiet =
            reg.create(name.toStdString(), name == "GaussianMixture" ? ParamList{{"random_state", 0}} : ParamList{});
        if (name != "SGDClassifier" && name != "LinearSVC") {
            QVERIFY(fitCollecting(*quiet, d.X, classes ? d.y : Array()).empty());
        }
    }

    // column_or_1d(y, warn=True): a [n, 1] y is flattened with sklearn's warning, the fit is the 1-D one.
    void columnVectorYWarnsAndIsFlattened_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("classes");
        QTest::newRow("LogisticRegression") << "LogisticRegression" << true;
        QTest::newRow("GaussianNB") << "GaussianNB" << true;
        QTest::newRow("SVC") << "SVC" << true;
        QTest::newRow("AdaBoostRegressor") << "AdaBoostRegressor" << false;
    }

    void columnVectorYWarnsAndIsFlattened() {
        QFETCH(QString, name);
        QFETCH(bool, classes);
        auto& reg = EstimatorRegistry::instance();
        const auto d = testing::makeData(50, 3, classes, 34);
        const Tensor& y = d.y.tensor();
        const Tensor column = classes ? Tensor::fromVector<std::int64_t>(y.toVector<std::int64_t>(), {50, 1})
                                      : Tensor::fromVector<double>(y.toVector<double>(), {50, 1});
        const ParamList p =
            name == "AdaBoostRegressor" ? ParamList{{"n_estimators", 5}, {"random_state", 0}} : ParamList{};
        auto flat = reg.create(name.toStdString(), p);
        auto fromColumn = reg.create(name.toStdString(), p);
        QVERIFY(fitCollecting(*flat, d.X, d.y).empty());
        const auto warnings = fitCollecting(*fromColumn, d.X, Array(column));
        QCOMPARE(warnings.size(), std::size_t{1});
        QCOMPARE(categoryName(warnings[0].category), std::string_view("DataConversionWarning"));
        QCOMPARE(warnings[0].message,
                 std::string("A column-vector y was passed when a 1d array was expected. Please "
                             "change the shape of y to (n_samples, ), for example using ravel()."));
        QVERIFY(flat->predict(d.X) == fromColumn->predict(d.X));
    }

    void lassoReportsItsDualityGap() {
        const auto d = testing::makeData(60, 3, false, 32);
        auto lasso = EstimatorRegistry::instance().create("Lasso", {{"alpha", 0.01}, {"max_iter", 1}});
        const auto warnings = fitCollecting(*lasso, d.X, d.y);
        QCOMPARE(warnings.size(), std::size_t{1});
        const QRegularExpression text(
            "^Objective did not converge\\. You might want to increase the number of iterations, check the scale of "
            "the features or consider increasing regularisation\\. Duality gap: \\d\\.\\d{3}e[-+]\\d{2}, tolerance: "
            "\\d\\.\\d{3}e[-+]\\d{2}$");
        QVERIFY2(text.match(QString::fromStdString(warnings[0].message)).hasMatch(), warnings[0].message.c_str());
    }

    void kmeansWarnsAsSklearn() {
        // 40 rows on two points: three clusters cannot be distinct; n_init left at 'warn'.
        std::vector<double> x;
        for (int i = 0; i < 40; ++i) x.insert(x.end(), {i % 2 ? 1.0 : -1.0, 0.5});
        auto km = EstimatorRegistry::instance().create("KMeans", {{"n_clusters", 3}, {"random_state", 0}});
        const auto warnings = fitCollecting(*km, Tensor::fromVector<double>(x, {40, 2}));
        QCOMPARE(warnings.size(), std::size_t{2});
        QCOMPARE(categoryName(warnings[0].category), std::string_view("FutureWarning"));
        QCOMPARE(warnings[0].message, std::string("The default value of `n_init` will change from 10 to 'auto' in "
                                                  "1.4. Set the value of `n_init` explicitly to suppress the warning"));
        QCOMPARE(categoryName(warnings[1].category), std::string_view("ConvergenceWarning"));
        QCOMPARE(warnings[1].message, std::string("Number of distinct clusters (2) found smaller than n_clusters (3). "
                                                  "Possibly due to duplicate points in X."));
    }

    void searchesWarnOfFailedFitsFromEveryThread_data() {
        QTest::addColumn<int>("jobs");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
    }

    void searchesWarnOfFailedFitsFromEveryThread() {
        QFETCH(int, jobs);
        auto& reg = EstimatorRegistry::instance();
        // max_iter=1 members warn on the workers; the solver 'sag' candidate fails in every fold.
        auto search = reg.create("GridSearchCV",
                                 {{"estimator", ParamValue(reg.create("LogisticRegression", {{"max_iter", 1}}))},
                                  {"param_grid", ParamValue::dict({{"solver", ParamValue::list({"lbfgs", "sag"})}})},
                                  {"cv", 3},
                                  {"refit", false},
                                  {"n_jobs", static_cast<std::int64_t>(jobs)}});
        const auto d = testing::makeData(60, 3, true, 33);
        const auto warnings = fitCollecting(*search, d.X, d.y);
        std::size_t convergence = 0, failed = 0;
        for (const auto& w : warnings) {
            convergence += w.category == WarningCategory::ConvergenceWarning;
            if (w.category == WarningCategory::FitFailedWarning) {
                ++failed;
                QVERIFY(
                    w.message.starts_with("\n3 fits failed out of a total of 6.\nThe score on these train-test "
                                          "partitions for these parameters will be set to nan.\n"));
            }
        }
        QCOMPARE(convergence, std::size_t{3});
        QCOMPARE(failed, std::size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestWarnings)
#include "test_warnings.moc"
