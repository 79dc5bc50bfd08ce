// What the conformance cases cannot reach (they compare fit errors and results): transform-time errors
// of the encoders and discriminant analyses worded as sklearn 1.2.1 words them, LabelEncoder on string
// and integer labels, the refusals of sparse output by name, ColumnTransformer's nested parameters
// against sklearn's get_params(deep=True), its fitted named_transformers_ after a persistence
// round trip, and tables (pandas DataFrames in sklearn) through cross_val_score and transform by name.
#include <QtTest>

#include "core/ml/base/errors.h"
#include "core/ml/base/persistence.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/tables.h"
#include "core/ml/model_selection/split.h"
#include "core/ml/model_selection/validation.h"
#include "core/ml/preprocessing/label_encoder.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using namespace tessera::ml;

namespace {

Tensor matrix(const std::vector<double>& v, std::int64_t rows, std::int64_t cols) {
    return Tensor::fromVector<double>(v, {rows, cols});
}

std::shared_ptr<Estimator> create(const std::string& name, const ParamList& params = {}) {
    return EstimatorRegistry::instance().create(name, params);
}

}  // namespace

class TestEncodersCompose : public QObject {
    Q_OBJECT

private slots:
    void transformErrorsAreSklearns() {
        const QStringList sk = runSklearn(R"(
import numpy as np
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, LabelEncoder
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
def err(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(str(e).replace("\n", "|"))
X = np.array([[0., 1.], [1., 1.], [2., 3.]])
err(lambda: OneHotEncoder(sparse_output=False).fit(X).transform(np.array([[0., 7.], [5., 1.], [np.nan, 1.]])))
err(lambda: OrdinalEncoder().fit(X).transform(np.array([[0., 1.], [0., 2.5]])))
err(lambda: LabelEncoder().fit(np.array(["a", "b"], dtype=object)).transform(np.array(["c"], dtype=object)))
err(lambda: LabelEncoder().fit(np.array([1, 2, 3])).transform(np.array([7, 5, 7])))
err(lambda: LabelEncoder().fit(np.array([1, 2, 3])).inverse_transform(np.array([4, 0, 3])))
Xl = np.array([[0., 1.], [1., 0.], [2., 2.], [3., 1.], [0., 3.]])
yl = np.array([0, 0, 1, 1, 1])
err(lambda: LinearDiscriminantAnalysis(solver="lsqr").fit(Xl, yl).transform(Xl))
err(lambda: QuadraticDiscriminantAnalysis().fit(Xl, np.array([0, 0, 1, 1, 2])))
)");
        QCOMPARE(sk.size(), 7);
        auto onehot = create("OneHotEncoder", {{"sparse_output", false}});
        onehot->fit(matrix({0, 1, 1, 1, 2, 3}, 3, 2));
        QCOMPARE(errorOf<ValueError>([&] { onehot->transform(matrix({0, 7, 5, 1, std::nan(""), 1}, 3, 2)); }), sk[0]);
        auto ordinal = create("OrdinalEncoder");
        ordinal->fit(matrix({0, 1, 1, 1, 2, 3}, 3, 2));
        QCOMPARE(errorOf<ValueError>([&] { ordinal->transform(matrix({0, 1, 0, 2.5}, 2, 2)); }), sk[1]);
        auto strings = create("LabelEncoder");
        strings->fit(Tensor(), Array(std::vector<std::string>{"a", "b"}));
        QCOMPARE(errorOf<ValueError>([&] { labelEncoderTransform(*strings, Array(std::vector<std::string>{"c"})); }),
                 sk[2]);
        auto ints = create("LabelEncoder");
        ints->fit(Tensor(), Array(Tensor::fromVector<std::int64_t>({1, 2, 3}, {3})));
        QCOMPARE(errorOf<ValueError>([&] {
                     ints->transform(Tensor::fromVector<std::int64_t>({7, 5, 7}, {3}));
                 }),
                 sk[3]);
        QCOMPARE(errorOf<ValueError>([&] {
                     ints->inverseTransform(Tensor::fromVector<std::int64_t>({4, 0, 3}, {3}));
                 }),
                 sk[4]);
        const Tensor Xl = matrix({0, 1, 1, 0, 2, 2, 3, 1, 0, 3}, 5, 2);
        auto lda = create("LinearDiscriminantAnalysis", {{"solver", "lsqr"}});
        lda->fit(Xl, Array(Tensor::fromVector<std::int64_t>({0, 0, 1, 1, 1}, {5})));
        QCOMPARE(errorOf<NotImplementedError>([&] { lda->transform(Xl); }), sk[5]);
        auto qda = create("QuadraticDiscriminantAnalysis");
        QCOMPARE(errorOf<ValueError>([&] {
                     qda->fit(Xl, Array(Tensor::fromVector<std::int64_t>({0, 0, 1, 1, 2}, {5})));
                 }),
                 sk[6]);
    }

    void labelEncoderRoundTripsStrings() {
        auto enc = create("LabelEncoder");
        const Array y(std::vector<std::string>{"pear", "apple", "pear", "fig"});
        enc->fit(Tensor(), y);
        QCOMPARE(enc->attribute("classes_").strings(), (std::vector<std::string>{"apple", "fig", "pear"}));
        const Tensor codes = labelEncoderTransform(*enc, y);
        QCOMPARE(codes.toVector<std::int64_t>(), (std::vector<std::int64_t>{2, 0, 2, 1}));
        QVERIFY(labelEncoderInverseTransform(*enc, codes) == y);
        QCOMPARE(errorOf<TypeError>([&] { labelEncoderTransform(*create("StandardScaler"), y); }),
                 QString("labelEncoderTransform: expected a LabelEncoder, got StandardScaler"));
    }

    void sparseOutputIsRefusedByName() {
        const Tensor X = matrix({0, 1, 1, 0}, 2, 2);
        QCOMPARE(errorOf<ValueError>([&] { create("OneHotEncoder")->fit(X); }),
                 QString("OneHotEncoder: sparse_output=True (a scipy.sparse matrix) is not available in Tessera; set "
                         "sparse_output=False"));
        QCOMPARE(errorOf<ValueError>([&] { create("KBinsDiscretizer")->fit(X); }),
                 QString("KBinsDiscretizer: encode='onehot' (a scipy.sparse matrix) is not available in Tessera; use "
                         "'onehot-dense' or 'ordinal'"));
        QCOMPARE(errorOf<ValueError>([&] {
                     create("TransformedTargetRegressor", {{"func", "log"}})
                         ->fit(X, Array(Tensor::fromVector<double>({1, 2}, {2})));
                 }),
                 QString("TransformedTargetRegressor: func and inverse_func (Python callables) are not available in "
                         "Tessera; use transformer"));
    }

    void columnTransformerParamsAreSklearns() {
        const QStringList sk = runSklearn(R"(
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import StandardScaler, OneHotEncoder
ct = ColumnTransformer([("num", StandardScaler(), [0]), ("cat", OneHotEncoder(), [1])], remainder=StandardScaler())
print(" ".join(sorted(ct.get_params(deep=True).keys())))
)");
        QCOMPARE(sk.size(), 1);
        auto ct =
            create("ColumnTransformer",
                   {{"transformers",
                     ParamValue::list({ParamValue::tuple({"num", create("StandardScaler"), ParamValue::list({0})}),
                                       ParamValue::tuple({"cat", create("OneHotEncoder"), ParamValue::list({1})})})},
                    {"remainder", create("StandardScaler")}});
        QStringList keys;
        for (const auto& [k, v] : ct->getParams(true)) keys << QString::fromStdString(k);
        keys.sort();
        QCOMPARE(keys.join(' '), sk[0]);
        ct->setParams({{"num__with_mean", false}, {"remainder__with_std", false}, {"cat__sparse_output", false}});
        const Tensor X = matrix({1, 0, 5, 2, 1, 7, 4, 0, 9, 8, 1, 2}, 4, 3);
        const Tensor Z = ct->fitTransform(X);
        QCOMPARE(Z.size(1), 4);  // num, two categories, remainder
        // num is scaled without centring: x / std(x).
        const std::vector<double> z = Z.toVector<double>();
        QVERIFY(std::abs(z[0] - 1.0 / std::sqrt(7.1875)) < 1e-12);
        const auto held = ct->heldEstimators();
        QCOMPARE(held.size(), std::size_t{1});
        QCOMPARE(held[0].attribute, std::string("named_transformers_"));
        QCOMPARE(held[0].items.size(), std::size_t{3});
        QCOMPARE(held[0].items[2].first, std::string("remainder"));
        auto back = decodeEstimator(encodeEstimator(*ct), "column transformer");
        QVERIFY(Array(back->transform(X)) == Array(ct->transform(X)));
        const auto heldBack = back->heldEstimators();
        QVERIFY(heldBack[0].items[0].second->attribute("scale_") == held[0].items[0].second->attribute("scale_"));
        QCOMPARE(back->getFeatureNamesOut(),
                 (std::vector<std::string>{"num__x0", "cat__x1_0.0", "cat__x1_1.0", "remainder__x2"}));
    }

    // A table through cross_val_score (its folds by Table::takeRows), ColumnTransformer's transform of a
    // table by name (columns reordered, one extra) and the errors of tables, against pandas + sklearn.
    void tablesThroughCrossValidationAndByName() {
        const QStringList sk = runSklearn(R"(
import numpy as np, pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder
def err(f):
    try:
        f()
        print("no error")
    except Exception as e:
        print(str(e).replace("\n", "|"))
city = ["Oslo", "Lima", "Oslo", "Quito", "Lima", "Oslo", "Quito", "Lima", "Oslo", "Lima", "Quito", "Oslo"]
age = [31., 22., 47., 35., 29., 51., 40., 33., 27., 45., 38., 30.]
y = np.array([3., 1., 4., 1.5, 5., 9., 2., 6., 5., 3.5, 5.8, 9.7])
X = pd.DataFrame({"city": city, "age": age})
pipe = Pipeline([("prep", ColumnTransformer([("oh", OneHotEncoder(sparse_output=False, handle_unknown="ignore"), ["city"])], remainder="passthrough")), ("ridge", Ridge())])
for v in cross_val_score(pipe, X, y, cv=3):
    print(float(v).hex())
ct = ColumnTransformer([("oh", OneHotEncoder(sparse_output=False), ["city"])], remainder="passthrough").fit(X)
from sklearn.model_selection import train_test_split
tr, te = train_test_split(X, test_size=0.25, random_state=3, stratify=y > 4)
print(" ".join(str(i) for i in tr.index), "|", " ".join(str(i) for i in te.index), "|", " ".join(tr["city"]))
for v in ct.transform(pd.DataFrame({"extra": [1.] * 2, "age": [5., 6.], "city": ["Lima", "Oslo"]})).ravel():
    print(float(v).hex())
err(lambda: ct.transform(pd.DataFrame({"age": [5.]})))
err(lambda: ct.transform(pd.DataFrame({"city": ["Lima"]})))
err(lambda: ColumnTransformer([("oh", OneHotEncoder(), ["town"])]).fit(X))
err(lambda: Ridge().fit(ColumnTransformer([("keep", "passthrough", ["city"])]).fit_transform(X), y))
)");
        QCOMPARE(sk.size(), 3 + 1 + 8 + 4);
        const std::vector<std::string> city{"Oslo",  "Lima", "Oslo", "Quito", "Lima",  "Oslo",
                                            "Quito", "Lima", "Oslo", "Lima",  "Quito", "Oslo"};
        data::Table X;
        X.addStrings("city", city);
        X.addNumeric("age", {31, 22, 47, 35, 29, 51, 40, 33, 27, 45, 38, 30});
        const Array y(Tensor::fromVector<double>({3, 1, 4, 1.5, 5, 9, 2, 6, 5, 3.5, 5.8, 9.7}, {12}));
        auto onehot = [](const ParamList& extra = {}) {
            ParamList p{{"sparse_output", false}};
            p.insert(p.end(), extra.begin(), extra.end());
            return ParamValue(create("OneHotEncoder", p));
        };
        auto prep =
            create("ColumnTransformer",
                   {{"transformers", ParamValue::list({ParamValue::tuple(
                                         {"oh", onehot({{"handle_unknown", "ignore"}}), ParamValue::list({"city"})})})},
                    {"remainder", "passthrough"}});
        auto pipe = create("Pipeline",
                           {{"steps", ParamValue::list({ParamValue::tuple({"prep", ParamValue(prep)}),
                                                        ParamValue::tuple({"ridge", ParamValue(create("Ridge"))})})}});
        model_selection::CvOptions cv;
        cv.cv = ParamValue(3);
        const std::vector<double> scores = model_selection::crossValScore(*pipe, X, y, cv).toVector<double>();
        QCOMPARE(scores.size(), std::size_t{3});
        for (std::size_t k = 0; k < 3; ++k)
            QVERIFY(std::abs(scores[k] - hexDouble(sk[k])) <= 1e-10 * std::abs(hexDouble(sk[k])));

        // train_test_split of a DataFrame: the rows (pandas' index) and their strings.
        model_selection::TrainTestSplitOptions split;
        split.testSize = 0.25;
        split.randomState = 3;
        std::vector<double> strata, ids;
        for (double v : y.tensor().toVector<double>()) strata.push_back(v > 4 ? 1.0 : 0.0);
        split.stratify = Tensor::fromVector<double>(strata, {12});
        data::Table Xr = X;
        for (std::int64_t i = 0; i < 12; ++i) ids.push_back(static_cast<double>(i));
        Xr.addNumeric("id", ids);
        const auto [train, test] = model_selection::trainTestSplit(Xr, split);
        QString text;
        for (double v : train.find("id")->numbers) text += QString::number(static_cast<int>(v)) + " ";
        text += "| ";
        for (double v : test.find("id")->numbers) text += QString::number(static_cast<int>(v)) + " ";
        text += "|";
        for (const auto& c : train.find("city")->strings) text += " " + QString::fromStdString(c);
        QCOMPARE(text, sk[3]);

        auto ct = create(
            "ColumnTransformer",
            {{"transformers", ParamValue::list({ParamValue::tuple({"oh", onehot(), ParamValue::list({"city"})})})},
             {"remainder", "passthrough"}});
        ct->fitTable(X);
        data::Table other;
        other.addNumeric("extra", {1, 1});
        other.addNumeric("age", {5, 6});
        other.addStrings("city", {"Lima", "Oslo"});
        const std::vector<double> z = ct->transformTable(other).toVector<double>();
        QCOMPARE(z.size(), std::size_t{8});
        for (std::size_t k = 0; k < 8; ++k) QCOMPARE(z[k], hexDouble(sk[4 + k]));
        data::Table ageOnly;
        ageOnly.addNumeric("age", {5});
        QCOMPARE(errorOf<ValueError>([&] { ct->transformTable(ageOnly); }), sk[12]);
        data::Table cityOnly;
        cityOnly.addStrings("city", {"Lima"});
        QCOMPARE(errorOf<ValueError>([&] { ct->transformTable(cityOnly); }), sk[13]);
        auto town = create(
            "ColumnTransformer",
            {{"transformers", ParamValue::list({ParamValue::tuple({"oh", onehot(), ParamValue::list({"town"})})})}});
        QCOMPARE(errorOf<ValueError>([&] { town->fitTable(X); }), sk[14]);
        // sklearn's message names the value only; Tessera's adds the column.
        auto keep =
            create("ColumnTransformer",
                   {{"transformers",
                     ParamValue::list({ParamValue::tuple({"keep", "passthrough", ParamValue::list({"city"})})})}});
        const data::Table kept = fitTransformToTable(*keep->clone(), X);
        QVERIFY(!kept.allNumeric());
        QVERIFY(errorOf<ValueError>([&] {
                    create("Ridge")->fit(fitTransformToTable(*keep, X).numericTensor(), y);
                }).startsWith(sk[15]));
    }
};

QTEST_APPLESS_MAIN(TestEncodersCompose)
#include "test_encoders_compose.moc"
