// core/ml/model_selection's functions against sklearn 1.2.1 on the same seeded data: every scorer of
// get_scorer_names() that Tessera has, cross_val_score, cross_validate (multiple scoring, train scores),
// cross_val_predict (predict, predict_proba with a class missing from a training fold,
// predict_log_proba, decision_function, string labels), learning_curve (fractions, counts, shuffle) and
// validation_curve, within 1e-10 relative; n_jobs 1 and 2 give identical bits; errors in sklearn's words.
#include <QtTest>
#include <functional>

#include "core/ml/base/registry.h"
#include "core/ml/model_selection/check_cv.h"
#include "core/ml/model_selection/param_search.h"
#include "core/ml/model_selection/scorer.h"
#include "core/ml/model_selection/validation.h"
#include "core/ml/random_state.h"
#include "core/tensor/error.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;
using namespace tessera::ml::model_selection;

namespace {

constexpr std::int64_t kN = 60;
const std::vector<std::string> kNames = {"ant", "bee", "cat"};

struct Data {
    Tensor X;
    Array yr, yc, yb, yrare, groups;
    Array ys;  // string labels
};

Data makeData() {
    RandomState r(2024);
    std::vector<double> X, yr;
    std::vector<std::int64_t> yc, yb, yrare, groups;
    std::vector<std::string> ys;
    for (std::int64_t i = 0; i < kN; ++i) {
        double s = 0;
        for (int j = 0; j < 4; ++j) {
            X.push_back(r.standardNormal() * (1 + j) + 0.5 * j);
            s += X.back() * (j % 2 ? 1.0 : -0.7);
        }
        yr.push_back(s + 0.3 * r.standardNormal());
        const double z = X[i * 4] + 0.5 * X[i * 4 + 1] + 0.6 * r.standardNormal();
        yc.push_back(z < -0.6 ? 0 : z < 0.8 ? 1 : 2);
        yb.push_back(X[i * 4 + 2] + r.standardNormal() > 1.0 ? 1 : 0);
        // Class 2 only in the first 6 rows: KFold(3) leaves it out of the first fold's training rows.
        yrare.push_back(i < 6 ? 2 : yb.back());
        groups.push_back(i % 7);
        ys.push_back(kNames[static_cast<std::size_t>(yc.back())]);
    }
    auto iv = [](const std::vector<std::int64_t>& v) { return Array(Tensor::fromVector<std::int64_t>(v, {kN})); };
    return {Tensor::fromVector<double>(X, {kN, 4}),
            Array(Tensor::fromVector<double>(yr, {kN})),
            iv(yc),
            iv(yb),
            iv(yrare),
            iv(groups),
            Array(ys)};
}

std::shared_ptr<Estimator> make(const std::string& name, const ParamList& params = {}) {
    return EstimatorRegistry::instance().create(name, params);
}

std::vector<double> flat(const Tensor& t) { return t.toVector<double>(); }
// String predictions as their index among the sorted names, as np.searchsorted gives them in Python.
std::vector<double> codesOf(const Array& a) {
    std::vector<double> out;
    for (const auto& s : a.strings())
        out.push_back(static_cast<double>(std::find(kNames.begin(), kNames.end(), s) - kNames.begin()));
    return out;
}
std::vector<double> withoutTimes(const CrossValidateResult& r) {
    std::vector<double> out;
    for (const auto& [k, v] : r.columns)
        if (k != "fit_time" && k != "score_time")
            for (double d : v.toVector<double>()) out.push_back(d);
    return out;
}
std::vector<double> curve(const LearningCurve& c) {
    std::vector<double> out = flat(c.trainSizesAbs);
    for (double v : flat(c.trainScores)) out.push_back(v);
    for (double v : flat(c.testScores)) out.push_back(v);
    return out;
}

struct Case {
    QString python;
    std::function<std::vector<double>(const Data&)> ours;
};

std::vector<Case> cases() {
    std::vector<Case> c;
    auto add = [&](QString py, std::function<std::vector<double>(const Data&)> f) {
        c.push_back({std::move(py), std::move(f)});
    };
    // Every scorer on a fitted estimator of the matching kind.
    const char* regression[] = {"r2",
                                "explained_variance",
                                "neg_mean_squared_error",
                                "neg_root_mean_squared_error",
                                "neg_mean_absolute_error",
                                "neg_median_absolute_error"};
    for (const char* s : regression)
        add(QString("get_scorer('%1')(Ridge(alpha=0.7).fit(X, yr), X, yr)").arg(s), [s](const Data& d) {
            auto e = make("Ridge", {{"alpha", 0.7}});
            e->fit(d.X, d.yr);
            return std::vector<double>{getScorer(s)(*e, d.X, d.yr)};
        });
    for (const char* s : {"accuracy", "balanced_accuracy", "matthews_corrcoef", "precision", "recall", "f1", "roc_auc",
                          "average_precision", "neg_log_loss", "neg_brier_score", "f1_weighted", "precision_micro",
                          "recall_macro", "adjusted_rand_score", "normalized_mutual_info_score"})
        for (const char* est : {"GaussianNB", "RidgeClassifier"}) {
            const std::string scorer = s, cls = est;
            const bool proba = scorer == "neg_log_loss" || scorer == "neg_brier_score";
            if (proba && cls == "RidgeClassifier") continue;
            add(QString("get_scorer('%1')(%2().fit(X[:45], yb[:45]), X[45:], yb[45:])").arg(s, est),
                [scorer, cls](const Data& d) {
                    auto e = make(cls);
                    std::vector<std::int64_t> head(45), tail(kN - 45);
                    std::iota(head.begin(), head.end(), 0);
                    std::iota(tail.begin(), tail.end(), 45);
                    const auto rows = [&](const std::vector<std::int64_t>& r) {
                        std::vector<double> x;
                        const auto all = d.X.toVector<double>();
                        for (auto i : r) x.insert(x.end(), all.begin() + i * 4, all.begin() + i * 4 + 4);
                        return Tensor::fromVector<double>(x, {static_cast<std::int64_t>(r.size()), 4});
                    };
                    const auto labels = [&](const std::vector<std::int64_t>& r) {
                        std::vector<std::int64_t> y;
                        const auto all = d.yb.tensor().toVector<std::int64_t>();
                        for (auto i : r) y.push_back(all[i]);
                        return Array(Tensor::fromVector<std::int64_t>(y, {static_cast<std::int64_t>(r.size())}));
                    };
                    e->fit(rows(head), labels(head));
                    return std::vector<double>{getScorer(scorer)(*e, rows(tail), labels(tail))};
                });
        }
    for (const char* s : {"roc_auc_ovr", "roc_auc_ovo", "roc_auc_ovr_weighted", "roc_auc_ovo_weighted", "neg_log_loss",
                          "f1_macro", "precision_weighted", "recall_micro", "accuracy"})
        add(QString("get_scorer('%1')(GaussianNB().fit(X, ys), X, ys)").arg(s), [s](const Data& d) {
            auto e = make("GaussianNB");
            e->fit(d.X, d.ys);
            return std::vector<double>{getScorer(s)(*e, d.X, d.ys)};
        });
    // cross_val_score
    add("cross_val_score(Ridge(), X, yr)",
        [](const Data& d) { return flat(crossValScore(*make("Ridge"), d.X, d.yr)); });
    add("cross_val_score(Ridge(alpha=2.0), X, yr, cv=KFold(4, shuffle=True, random_state=0), "
        "scoring='neg_mean_squared_error')",
        [](const Data& d) {
            return flat(
                crossValScore(*make("Ridge", {{"alpha", 2.0}}), d.X, d.yr,
                              {.cv = splitterParam("KFold", {{"n_splits", 4}, {"shuffle", true}, {"random_state", 0}}),
                               .scoring = "neg_mean_squared_error"}));
        });
    add("cross_val_score(KNeighborsClassifier(), X, yc, cv=3, scoring='f1_macro')", [](const Data& d) {
        return flat(crossValScore(*make("KNeighborsClassifier"), d.X, d.yc, {.cv = 3, .scoring = "f1_macro"}));
    });
    add("cross_val_score(GaussianNB(), X, ys)",
        [](const Data& d) { return flat(crossValScore(*make("GaussianNB"), d.X, d.ys)); });
    add("cross_val_score(Ridge(), X, yr, groups=groups, cv=GroupKFold(3))", [](const Data& d) {
        return flat(crossValScore(*make("Ridge"), d.X, d.yr,
                                  {.cv = splitterParam("GroupKFold", {{"n_splits", 3}}), .groups = d.groups}));
    });
    add("cross_val_score(Ridge(), X, yr, cv=ShuffleSplit(4, test_size=0.3, random_state=8), scoring='r2')",
        [](const Data& d) {
            return flat(crossValScore(
                *make("Ridge"), d.X, d.yr,
                {.cv = splitterParam("ShuffleSplit", {{"n_splits", 4}, {"test_size", 0.3}, {"random_state", 8}}),
                 .scoring = "r2"}));
        });
    // cross_validate
    add("cv_flat(cross_validate(Ridge(), X, yr, scoring=['r2', 'neg_mean_absolute_error'], return_train_score=True))",
        [](const Data& d) {
            return withoutTimes(crossValidate(*make("Ridge"), d.X, d.yr,
                                              {.scoring = ParamValue::list({"r2", "neg_mean_absolute_error"})}, true));
        });
    add("cv_flat(cross_validate(GaussianNB(), X, ys, cv=StratifiedKFold(3, shuffle=True, random_state=1), "
        "scoring={'acc': 'accuracy', 'll': 'neg_log_loss'}))",
        [](const Data& d) {
            return withoutTimes(crossValidate(
                *make("GaussianNB"), d.X, d.ys,
                {.cv = splitterParam("StratifiedKFold", {{"n_splits", 3}, {"shuffle", true}, {"random_state", 1}}),
                 .scoring = ParamValue::dict({{"acc", "accuracy"}, {"ll", "neg_log_loss"}})}));
        });
    add("cv_flat(cross_validate(Ridge(), X, yr, sample_weight_fit=True))", [](const Data& d) {
        std::vector<double> w;
        for (std::int64_t i = 0; i < kN; ++i) w.push_back(0.5 + static_cast<double>(i % 5) * 0.25);
        return withoutTimes(
            crossValidate(*make("Ridge"), d.X, d.yr, {.sampleWeight = Tensor::fromVector<double>(w, {kN})}));
    });
    // cross_val_predict
    add("cross_val_predict(Ridge(), X, yr, cv=4)",
        [](const Data& d) { return flat(crossValPredict(*make("Ridge"), d.X, d.yr, {.cv = 4}).tensor()); });
    add("cross_val_predict(KNeighborsClassifier(n_neighbors=3), X, yc, method='predict_proba')", [](const Data& d) {
        return flat(crossValPredict(*make("KNeighborsClassifier", {{"n_neighbors", 3}}), d.X, d.yc, {}, "predict_proba")
                        .tensor());
    });
    add("cross_val_predict(GaussianNB(), X, yrare, cv=KFold(3), method='predict_proba')", [](const Data& d) {
        return flat(crossValPredict(*make("GaussianNB"), d.X, d.yrare,
                                    {.cv = splitterParam("KFold", {{"n_splits", 3}})}, "predict_proba")
                        .tensor());
    });
    add("cross_val_predict(GaussianNB(), X, ys, cv=3, method='predict_log_proba')", [](const Data& d) {
        return flat(crossValPredict(*make("GaussianNB"), d.X, d.ys, {.cv = 3}, "predict_log_proba").tensor());
    });
    add("cross_val_predict(RidgeClassifier(), X, yb, method='decision_function')", [](const Data& d) {
        return flat(crossValPredict(*make("RidgeClassifier"), d.X, d.yb, {}, "decision_function").tensor());
    });
    add("np.searchsorted(np.unique(ys), cross_val_predict(KNeighborsClassifier(), X, ys, cv=4))",
        [](const Data& d) { return codesOf(crossValPredict(*make("KNeighborsClassifier"), d.X, d.ys, {.cv = 4})); });
    // learning_curve, validation_curve
    add("lc_flat(learning_curve(Ridge(), X, yr, cv=3))",
        [](const Data& d) { return curve(learningCurve(*make("Ridge"), d.X, d.yr, {}, {.cv = 3})); });
    add("lc_flat(learning_curve(KNeighborsRegressor(), X, yr, train_sizes=[5, 12, 20, 30, 30], shuffle=True, "
        "random_state=2, scoring='neg_mean_absolute_error'))",
        [](const Data& d) {
            return curve(learningCurve(
                *make("KNeighborsRegressor"), d.X, d.yr,
                {.trainSizes = std::vector<std::int64_t>{5, 12, 20, 30, 30}, .shuffle = true, .randomState = 2},
                {.scoring = "neg_mean_absolute_error"}));
        });
    add("lc_flat(learning_curve(GaussianNB(), X, yc, train_sizes=[0.3, 0.65, 1.0], cv=4, scoring='accuracy'))",
        [](const Data& d) {
            return curve(learningCurve(*make("GaussianNB"), d.X, d.yc,
                                       {.trainSizes = std::vector<double>{0.3, 0.65, 1.0}},
                                       {.cv = 4, .scoring = "accuracy"}));
        });
    add("np.concatenate([np.ravel(a) for a in validation_curve(Ridge(), X, yr, param_name='alpha', "
        "param_range=[0.01, 1.0, 100.0], cv=4)])",
        [](const Data& d) {
            const auto v = validationCurve(*make("Ridge"), d.X, d.yr, "alpha", {0.01, 1.0, 100.0}, {.cv = 4});
            std::vector<double> out = flat(v.trainScores);
            for (double x : flat(v.testScores)) out.push_back(x);
            return out;
        });
    add("np.concatenate([np.ravel(a) for a in validation_curve(KNeighborsClassifier(), X, yc, "
        "param_name='n_neighbors', param_range=[1, 5, 9], scoring='balanced_accuracy')])",
        [](const Data& d) {
            const auto v = validationCurve(*make("KNeighborsClassifier"), d.X, d.yc, "n_neighbors", {1, 5, 9},
                                           {.scoring = "balanced_accuracy"});
            std::vector<double> out = flat(v.trainScores);
            for (double x : flat(v.testScores)) out.push_back(x);
            return out;
        });
    // ParameterSampler draws (the values, in sklearn's order).
    add("[v for p in ParameterSampler({'a': loguniform(1e-3, 1e3), 'b': uniform(-2, 5), 'c': randint(3, 90)}, 6, "
        "random_state=17) for v in p.values()]",
        [](const Data&) {
            std::vector<double> out;
            for (const auto& p : parameterSampler(ParamValue::dict({{"a", loguniformDistribution(1e-3, 1e3)},
                                                                    {"b", uniformDistribution(-2, 5)},
                                                                    {"c", randintDistribution(3, 90)}}),
                                                  6, 17))
                for (const auto& [k, v] : p) out.push_back(v.asDouble());
            return out;
        });
    return c;
}

}  // namespace

class TestModelSelection : public QObject {
    Q_OBJECT
private slots:
    void valuesEqualSklearn() {
        const Data d = makeData();
        const auto all = cases();
        QString script =
            "import numpy as np, warnings\n"
            "warnings.simplefilter('ignore')\n"
            "from sklearn.metrics import get_scorer\n"
            "from sklearn.model_selection import *\n"
            "from sklearn.linear_model import Ridge, RidgeClassifier\n"
            "from sklearn.naive_bayes import GaussianNB\n"
            "from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor\n"
            "from scipy.stats import loguniform, uniform, randint\n"
            "def cv_flat(r):\n"
            "    return np.concatenate([r[k] for k in r if k not in ('fit_time', 'score_time')])\n"
            "def lc_flat(r):\n"
            "    return np.concatenate([np.ravel(a) for a in r])\n"
            "def out(v):\n"
            "    print(' '.join(float(x).hex() for x in np.ravel(np.asarray(v, dtype=np.float64))))\n";
        script += "X = " + pyArray(d.X) + "\n";
        const std::pair<const char*, const Array*> arrays[] = {
            {"yr", &d.yr}, {"yc", &d.yc}, {"yb", &d.yb}, {"yrare", &d.yrare}, {"groups", &d.groups}};
        for (const auto& [name, a] : arrays) script += QString("%1 = %2\n").arg(name, pyArray(a->tensor()));
        script += "ys = np.array(['ant', 'bee', 'cat'], dtype=object)[yc]\n";
        // cross_validate's fit_params.
        script += "w = 0.5 + (np.arange(60) % 5) * 0.25\n";
        for (const auto& c : all) {
            QString py = c.python;
            py.replace("sample_weight_fit=True", "fit_params={'sample_weight': w}");
            script += "out(" + py + ")\n";
        }
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), static_cast<qsizetype>(all.size()));
        for (std::size_t i = 0; i < all.size(); ++i) {
            const auto ours = all[i].ours(d);
            const QString problem = mismatch(all[i].python, ours, hexDoubles(lines[static_cast<qsizetype>(i)]));
            if (!problem.isEmpty()) QFAIL(qPrintable(problem));
        }
    }

    void resultsDoNotDependOnThreads() {
        const Data d = makeData();
        auto run = [&](int jobs) {
            return withoutTimes(crossValidate(
                *make("KNeighborsRegressor"), d.X, d.yr,
                {.cv = 6, .scoring = ParamValue::list({"r2", "neg_mean_squared_error"}), .nJobs = jobs}, true));
        };
        QVERIFY(run(1) == run(2));
        QVERIFY(run(1) == run(-1));
        auto search = [&](int jobs) {
            auto s = make("GridSearchCV",
                          {{"estimator", make("Ridge")},
                           {"param_grid", ParamValue::dict({{"alpha", ParamValue::list({0.1, 1.0, 10.0, 100.0})}})},
                           {"n_jobs", jobs}});
            s->fit(d.X, d.yr);
            return s->attribute("cv_results_.split3_test_score").tensor().toVector<double>();
        };
        QVERIFY(search(1) == search(2));
        const auto p1 = crossValPredict(*make("GaussianNB"), d.X, d.ys, {.cv = 5, .nJobs = 1});
        const auto p2 = crossValPredict(*make("GaussianNB"), d.X, d.ys, {.cv = 5, .nJobs = 2});
        QVERIFY(p1 == p2);
    }

    void errorsAsSklearnWordsThem() {
        const Data d = makeData();
        const QStringList sk = runSklearn(
            "import numpy as np\n"
            "from sklearn.metrics import get_scorer\n"
            "from sklearn.model_selection import cross_val_score, learning_curve, GridSearchCV\n"
            "from sklearn.linear_model import Ridge\n"
            "from sklearn.preprocessing import StandardScaler\n"
            "X = np.random.RandomState(0).randn(30, 3); y = X[:, 0]\n"
            "def err(f):\n"
            "    try:\n"
            "        f()\n"
            "    except Exception as e:\n"
            "        print(str(e).replace('\\n', ' '))\n"
            "err(lambda: get_scorer('accurate'))\n"
            "err(lambda: learning_curve(Ridge(), X, y, train_sizes=[0.0, 0.5]))\n"
            "err(lambda: learning_curve(Ridge(), X, y, train_sizes=[2, 40]))\n"
            "err(lambda: cross_val_score(StandardScaler(), X, y))\n"
            "err(lambda: cross_val_score(Ridge(), X, y, error_score='rise'))\n"
            "err(lambda: GridSearchCV(Ridge(), {'alpha': []}).fit(X, y))\n");
        QCOMPARE(sk.size(), 6);
        const Tensor X = Tensor::fromVector<double>(std::vector<double>(90, 1.0), {30, 3});
        const Array y(Tensor::fromVector<double>(std::vector<double>(30, 2.0), {30}));
        QCOMPARE(errorOf<ValueError>([&] { getScorer("accurate"); }), sk[0]);
        QCOMPARE(errorOf<ValueError>([&] {
                     learningCurve(*make("Ridge"), X, y, {.trainSizes = std::vector<double>{0.0, 0.5}});
                 }),
                 sk[1]);
        QCOMPARE(errorOf<ValueError>([&] {
                     learningCurve(*make("Ridge"), X, y, {.trainSizes = std::vector<std::int64_t>{2, 40}});
                 }),
                 sk[2]);
        QCOMPARE(errorOf<TypeError>([&] { crossValScore(*make("StandardScaler"), X, y); }), sk[3]);
        QCOMPARE(errorOf<ValueError>([&] { crossValScore(*make("Ridge"), X, y, {.errorScore = "rise"}); }), sk[4]);
        QCOMPARE(errorOf<ValueError>([&] {
                     make("GridSearchCV", {{"estimator", make("Ridge")},
                                           {"param_grid", ParamValue::dict({{"alpha", ParamValue::list({})}})}})
                         ->fit(X, y);
                 }),
                 sk[5]);
        QCOMPARE(errorOf<ValueError>([&] { getScorer("max_error"); }),
                 QString("The scorer 'max_error' of sklearn is not available in Tessera"));
        QVERIFY(
            errorOf<ValueError>([&] {
                crossValScore(*make("Ridge"), X, y, {.scoring = ParamValue::list({"r2", "neg_mean_squared_error"})});
            }).contains("use sklearn.model_selection.cross_validate instead"));
        // A class cv: check_cv picks StratifiedKFold for classifiers only.
        QCOMPARE(checkCv(ParamValue(), d.yc, true).getNSplits(), 5);
        QVERIFY(isClassifier(*make("GridSearchCV", {{"estimator", make("GaussianNB")}})));
        QVERIFY(isRegressor(*make("GridSearchCV", {{"estimator", make("Ridge")}})));
    }
};

QTEST_APPLESS_MAIN(TestModelSelection)
#include "test_model_selection.moc"
