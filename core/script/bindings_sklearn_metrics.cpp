// sklearn.metrics under sklearn 1.2.1's names and keywords, over core/ml/metrics. Labels may be
// numbers or strings wherever sklearn takes either (the ml::Array overloads of string_labels.h).
#include <cmath>

#include "core/ml/metrics/classification.h"
#include "core/ml/metrics/cluster.h"
#include "core/ml/metrics/ranking.h"
#include "core/ml/metrics/regression.h"
#include "core/ml/metrics/string_labels.h"
#include "core/ops/view.h"
#include "core/script/binding.h"
#include "core/script/ml_values.h"

namespace tessera::script {

namespace {

namespace mt = ml::metrics;

ml::Array labelsArg(const Args& a, std::string_view name) { return toArray(a.get(name), name); }
Tensor tensorArg(const Args& a, std::string_view name) { return toTensor(a.get(name), name); }
Tensor optTensorArg(const Args& a, std::string_view name) {
    return a.isNone(name) ? Tensor() : toTensor(a.get(name), name);
}

mt::Labels labelList(const Args& a) {
    if (a.isNone("labels")) return std::nullopt;
    const Tensor t = toTensor(a.get("labels"), "labels");
    return ops::to(t, DType::Float64).toVector<double>();
}

// zero_division: "warn" (behaves as 0), 0 or 1.
double zeroDivision(const Args& a) {
    const Value& v = a.get("zero_division");
    if (v.kind() == Value::Kind::String) {
        if (v.asString() != "warn")
            throw ValueError("The 'zero_division' parameter must be 'warn', 0 or 1, got '" + v.asString() + "'");
        return 0.0;
    }
    return a.real("zero_division");
}

// pos_label as a number (numeric labels) or a string (string labels).
struct PosLabel {
    double number = 1;
    std::string text;
};
PosLabel posLabel(const Args& a) {
    const Value& v = a.get("pos_label");
    if (v.kind() == Value::Kind::String) return {1, v.asString()};
    return {a.real("pos_label"), {}};
}

mt::PrfOptions prfOptions(const Args& a, double beta = 1.0) {
    mt::PrfOptions o;
    o.labels = labelList(a);
    o.posLabel = posLabel(a).number;
    o.average = a.isNone("average") ? std::string() : a.string("average");
    o.sampleWeight = optTensorArg(a, "sample_weight");
    o.zeroDivision = zeroDivision(a);
    o.beta = beta;
    return o;
}

std::vector<Param> prfParams(bool withBeta) {
    std::vector<Param> p{"y_true", "y_pred"};
    if (withBeta) p.push_back(keywordOnly("beta", Value(1.0)));
    for (auto q :
         {keywordOnly("labels", Value()), keywordOnly("pos_label", Value(1)), keywordOnly("average", Value("binary")),
          keywordOnly("sample_weight", Value()), keywordOnly("zero_division", Value("warn"))})
        p.push_back(q);
    return p;
}

// precision/recall/F: average=None gives one value per label.
Value prfScore(const Args& a, int which, double beta) {
    const mt::PrfOptions o = prfOptions(a, beta);
    const ml::Array t = labelsArg(a, "y_true"), p = labelsArg(a, "y_pred");
    const mt::PrecisionRecallFscore r = mt::precisionRecallFscoreSupport(t, p, o, posLabel(a).text);
    const std::vector<double>& v = which == 0 ? r.precision : which == 1 ? r.recall : r.fscore;
    if (o.average.empty()) return fromDoubles(v);
    return Value(v.at(0));
}

mt::RegressionOptions regressionOptions(const Args& a, bool* raw) {
    mt::RegressionOptions o;
    o.sampleWeight = optTensorArg(a, "sample_weight");
    const Value& m = a.get("multioutput");
    *raw = false;
    if (m.kind() == Value::Kind::String) {
        *raw = m.asString() == "raw_values";
        if (!*raw) o.multioutput = m.asString();
    } else if (!m.isNone()) {
        o.multioutputWeights = ops::to(toTensor(m, "multioutput"), DType::Float64).toVector<double>();
    }
    return o;
}

using RegressionFn = double (*)(const Tensor&, const Tensor&, const mt::RegressionOptions&);
using RegressionRawFn = std::vector<double> (*)(const Tensor&, const Tensor&, const mt::RegressionOptions&);

Value regression(const Args& a, RegressionFn fn, RegressionRawFn raw) {
    bool isRaw = false;
    mt::RegressionOptions o = regressionOptions(a, &isRaw);
    const Tensor t = tensorArg(a, "y_true"), p = tensorArg(a, "y_pred");
    return isRaw ? fromDoubles(raw(t, p, o)) : Value(fn(t, p, o));
}

// classification_report(..., output_dict=True) as Python's dict of dicts.
Value reportDict(const mt::ClassificationReport& r) {
    auto row = [&](const mt::ReportRow& x) {
        const Value support = r.weightedSupport ? Value(x.support) : Value(static_cast<std::int64_t>(x.support));
        return Value::dict({{Value("precision"), Value(x.precision)},
                            {Value("recall"), Value(x.recall)},
                            {Value("f1-score"), Value(x.f1)},
                            {Value("support"), support}});
    };
    std::vector<std::pair<Value, Value>> items;
    for (const auto& x : r.rows) items.emplace_back(Value(x.name), row(x));
    if (r.accuracy) items.emplace_back(Value("accuracy"), Value(*r.accuracy));
    for (const auto& x : r.averages) items.emplace_back(Value(x.name), row(x));
    return Value::dict(std::move(items));
}

std::optional<double> optPos(const Args& a) {
    if (a.isNone("pos_label")) return std::nullopt;
    return a.real("pos_label");
}

const BindingGroup kMetrics([](BindingTable& t) {
    t.add({"sklearn.metrics.accuracy_score"},
          {"y_true", "y_pred", keywordOnly("normalize", Value(true)), keywordOnly("sample_weight", Value())}, {},
          [](const Args& a) {
              const bool normalize = a.boolean("normalize");
              const double v = mt::accuracyScore(labelsArg(a, "y_true"), labelsArg(a, "y_pred"), normalize,
                                                 optTensorArg(a, "sample_weight"));
              // An unweighted count is an int in sklearn (the sum of a boolean array).
              if (!normalize && a.isNone("sample_weight")) return Value(static_cast<std::int64_t>(std::llround(v)));
              return Value(v);
          });
    t.add({"sklearn.metrics.balanced_accuracy_score"},
          {"y_true", "y_pred", keywordOnly("sample_weight", Value()), keywordOnly("adjusted", Value(false))}, {},
          [](const Args& a) {
              return Value(mt::balancedAccuracyScore(labelsArg(a, "y_true"), labelsArg(a, "y_pred"),
                                                     optTensorArg(a, "sample_weight"), a.boolean("adjusted")));
          });
    t.add({"sklearn.metrics.precision_score"}, prfParams(false), {}, [](const Args& a) { return prfScore(a, 0, 1); });
    t.add({"sklearn.metrics.recall_score"}, prfParams(false), {}, [](const Args& a) { return prfScore(a, 1, 1); });
    t.add({"sklearn.metrics.f1_score"}, prfParams(false), {}, [](const Args& a) { return prfScore(a, 2, 1); });
    t.add({"sklearn.metrics.fbeta_score"}, prfParams(true), {},
          [](const Args& a) { return prfScore(a, 2, a.real("beta")); });
    {
        std::vector<Param> p = prfParams(true);
        for (auto& q : p)
            if (q.name == "average") q.defaultValue = Value();
        t.add({"sklearn.metrics.precision_recall_fscore_support"}, p, {}, [](const Args& a) {
            const mt::PrfOptions o = prfOptions(a, a.real("beta"));
            const auto r =
                mt::precisionRecallFscoreSupport(labelsArg(a, "y_true"), labelsArg(a, "y_pred"), o, posLabel(a).text);
            if (!o.average.empty())
                return Value::tuple({Value(r.precision.at(0)), Value(r.recall.at(0)), Value(r.fscore.at(0)), Value()});
            std::vector<std::int64_t> support;
            for (double s : r.support) support.push_back(static_cast<std::int64_t>(s));
            const bool weighted = !a.isNone("sample_weight");
            const Value sup =
                weighted
                    ? fromDoubles(r.support)
                    : Value(Tensor::fromVector<std::int64_t>(support, {static_cast<std::int64_t>(support.size())}));
            return Value::tuple({fromDoubles(r.precision), fromDoubles(r.recall), fromDoubles(r.fscore), sup});
        });
    }
    t.add({"sklearn.metrics.confusion_matrix"},
          {"y_true", "y_pred", keywordOnly("labels", Value()), keywordOnly("sample_weight", Value()),
           keywordOnly("normalize", Value())},
          {}, [](const Args& a) {
              mt::ConfusionMatrixOptions o;
              o.labels = labelList(a);
              o.sampleWeight = optTensorArg(a, "sample_weight");
              o.normalize = a.isNone("normalize") ? std::string() : a.string("normalize");
              return Value(mt::confusionMatrix(labelsArg(a, "y_true"), labelsArg(a, "y_pred"), o));
          });
    t.add({"sklearn.metrics.classification_report"},
          {"y_true", "y_pred", keywordOnly("labels", Value()), keywordOnly("target_names", Value()),
           keywordOnly("sample_weight", Value()), keywordOnly("digits", Value(2)),
           keywordOnly("output_dict", Value(false)), keywordOnly("zero_division", Value("warn"))},
          {}, [](const Args& a) {
              mt::ReportOptions o;
              o.labels = labelList(a);
              if (!a.isNone("target_names")) o.targetNames = toArray(a.get("target_names"), "target_names").strings();
              o.sampleWeight = optTensorArg(a, "sample_weight");
              o.zeroDivision = zeroDivision(a);
              const auto r = mt::classificationReport(labelsArg(a, "y_true"), labelsArg(a, "y_pred"), o);
              if (a.boolean("output_dict")) return reportDict(r);
              return Value(r.text(static_cast<int>(a.integer("digits"))));
          });
    t.add({"sklearn.metrics.matthews_corrcoef"}, {"y_true", "y_pred", keywordOnly("sample_weight", Value())}, {},
          [](const Args& a) {
              return Value(mt::matthewsCorrcoef(labelsArg(a, "y_true"), labelsArg(a, "y_pred"),
                                                optTensorArg(a, "sample_weight")));
          });
    t.add({"sklearn.metrics.log_loss"},
          {"y_true", "y_pred", keywordOnly("eps", Value("auto")), keywordOnly("normalize", Value(true)),
           keywordOnly("sample_weight", Value()), keywordOnly("labels", Value())},
          {}, [](const Args& a) {
              mt::LogLossOptions o;
              if (a.get("eps").kind() != Value::Kind::String) o.eps = a.real("eps");
              o.normalize = a.boolean("normalize");
              o.sampleWeight = optTensorArg(a, "sample_weight");
              o.labels = labelList(a);
              return Value(mt::logLoss(labelsArg(a, "y_true"), tensorArg(a, "y_pred"), o));
          });
    t.add({"sklearn.metrics.brier_score_loss"},
          {"y_true", "y_prob", keywordOnly("sample_weight", Value()), keywordOnly("pos_label", Value())}, {},
          [](const Args& a) {
              return Value(mt::brierScoreLoss(tensorArg(a, "y_true"), tensorArg(a, "y_prob"),
                                              optTensorArg(a, "sample_weight"), optPos(a)));
          });
    t.add({"sklearn.metrics.roc_auc_score"},
          {"y_true", "y_score", keywordOnly("average", Value("macro")), keywordOnly("sample_weight", Value()),
           keywordOnly("max_fpr", Value()), keywordOnly("multi_class", Value("raise")), keywordOnly("labels", Value())},
          {}, [](const Args& a) {
              mt::RocAucOptions o;
              o.average = a.string("average");
              o.sampleWeight = optTensorArg(a, "sample_weight");
              o.maxFpr = a.optReal("max_fpr");
              o.multiClass = a.string("multi_class");
              o.labels = labelList(a);
              return Value(mt::rocAucScore(tensorArg(a, "y_true"), tensorArg(a, "y_score"), o));
          });
    t.add({"sklearn.metrics.roc_curve"},
          {"y_true", "y_score", keywordOnly("pos_label", Value()), keywordOnly("sample_weight", Value()),
           keywordOnly("drop_intermediate", Value(true))},
          {}, [](const Args& a) {
              const auto r = mt::rocCurve(tensorArg(a, "y_true"), tensorArg(a, "y_score"), optPos(a),
                                          optTensorArg(a, "sample_weight"), a.boolean("drop_intermediate"));
              return Value::tuple({fromDoubles(r.fpr), fromDoubles(r.tpr), fromDoubles(r.thresholds)});
          });
    t.add({"sklearn.metrics.precision_recall_curve"},
          {"y_true", "probas_pred", keywordOnly("pos_label", Value()), keywordOnly("sample_weight", Value())}, {},
          [](const Args& a) {
              const auto r = mt::precisionRecallCurve(tensorArg(a, "y_true"), tensorArg(a, "probas_pred"), optPos(a),
                                                      optTensorArg(a, "sample_weight"));
              return Value::tuple({fromDoubles(r.precision), fromDoubles(r.recall), fromDoubles(r.thresholds)});
          });
    t.add({"sklearn.metrics.average_precision_score"},
          {"y_true", "y_score", keywordOnly("average", Value("macro")), keywordOnly("pos_label", Value(1)),
           keywordOnly("sample_weight", Value())},
          {}, [](const Args& a) {
              return Value(mt::averagePrecisionScore(tensorArg(a, "y_true"), tensorArg(a, "y_score"),
                                                     a.real("pos_label"), optTensorArg(a, "sample_weight")));
          });
    t.add({"sklearn.metrics.auc"}, {"x", "y"}, {}, [](const Args& a) {
        return Value(mt::auc(ops::to(tensorArg(a, "x"), DType::Float64).toVector<double>(),
                             ops::to(tensorArg(a, "y"), DType::Float64).toVector<double>()));
    });

    const std::vector<Param> r2Params{"y_true", "y_pred", keywordOnly("sample_weight", Value()),
                                      keywordOnly("multioutput", Value("uniform_average")),
                                      keywordOnly("force_finite", Value(true))};
    t.add({"sklearn.metrics.r2_score"}, r2Params, {},
          [](const Args& a) { return regression(a, mt::r2Score, mt::r2ScoreRawValues); });
    t.add({"sklearn.metrics.explained_variance_score"}, r2Params, {},
          [](const Args& a) { return regression(a, mt::explainedVarianceScore, mt::explainedVarianceScoreRawValues); });
    const std::vector<Param> errorParams{"y_true", "y_pred", keywordOnly("sample_weight", Value()),
                                         keywordOnly("multioutput", Value("uniform_average"))};
    t.add({"sklearn.metrics.mean_absolute_error"}, errorParams, {},
          [](const Args& a) { return regression(a, mt::meanAbsoluteError, mt::meanAbsoluteErrorRawValues); });
    t.add({"sklearn.metrics.median_absolute_error"}, errorParams, {},
          [](const Args& a) { return regression(a, mt::medianAbsoluteError, mt::medianAbsoluteErrorRawValues); });
    t.add({"sklearn.metrics.mean_squared_error"},
          {"y_true", "y_pred", keywordOnly("sample_weight", Value()),
           keywordOnly("multioutput", Value("uniform_average")), keywordOnly("squared", Value(true))},
          {}, [](const Args& a) {
              bool raw = false;
              mt::RegressionOptions o = regressionOptions(a, &raw);
              o.squared = a.boolean("squared");
              const Tensor yt = tensorArg(a, "y_true"), yp = tensorArg(a, "y_pred");
              return raw ? fromDoubles(mt::meanSquaredErrorRawValues(yt, yp, o))
                         : Value(mt::meanSquaredError(yt, yp, o));
          });

    t.add({"sklearn.metrics.silhouette_score"},
          {"X", "labels", keywordOnly("metric", Value("euclidean")), keywordOnly("sample_size", Value()),
           keywordOnly("random_state", Value())},
          {}, [](const Args& a) {
              if (a.string("metric") != "euclidean")
                  throw ValueError("silhouette_score: metric '" + a.string("metric") +
                                   "' is not available in Tessera (only 'euclidean')");
              const ml::Array labels = labelsArg(a, "labels");
              if (labels.isStrings()) {
                  if (!a.isNone("sample_size"))
                      throw ValueError("silhouette_score: sample_size with string labels is not available in Tessera");
                  return Value(mt::silhouetteScore(tensorArg(a, "X"), labels));
              }
              return Value(mt::silhouetteScore(tensorArg(a, "X"), labels.tensor(), a.optInteger("sample_size"),
                                               a.optInteger("random_state")));
          });
    t.add({"sklearn.metrics.silhouette_samples"}, {"X", "labels", keywordOnly("metric", Value("euclidean"))}, {},
          [](const Args& a) {
              if (a.string("metric") != "euclidean")
                  throw ValueError("silhouette_samples: metric '" + a.string("metric") +
                                   "' is not available in Tessera (only 'euclidean')");
              return fromDoubles(mt::silhouetteSamples(tensorArg(a, "X"), tensorArg(a, "labels")));
          });
    t.add({"sklearn.metrics.adjusted_rand_score"}, {"labels_true", "labels_pred"}, {}, [](const Args& a) {
        return Value(mt::adjustedRandScore(labelsArg(a, "labels_true"), labelsArg(a, "labels_pred")));
    });
    t.add({"sklearn.metrics.mutual_info_score"}, {"labels_true", "labels_pred", keywordOnly("contingency", Value())},
          {}, [](const Args& a) {
              if (!a.isNone("contingency"))
                  throw ValueError("mutual_info_score: contingency= is not available in Tessera");
              return Value(mt::mutualInfoScore(tensorArg(a, "labels_true"), tensorArg(a, "labels_pred")));
          });
    t.add({"sklearn.metrics.normalized_mutual_info_score"},
          {"labels_true", "labels_pred", keywordOnly("average_method", Value("arithmetic"))}, {}, [](const Args& a) {
              return Value(mt::normalizedMutualInfoScore(labelsArg(a, "labels_true"), labelsArg(a, "labels_pred"),
                                                         a.string("average_method")));
          });
    t.add({"sklearn.metrics.davies_bouldin_score"}, {"X", "labels"}, {},
          [](const Args& a) { return Value(mt::daviesBouldinScore(tensorArg(a, "X"), labelsArg(a, "labels"))); });
    t.add({"sklearn.metrics.calinski_harabasz_score"}, {"X", "labels"}, {},
          [](const Args& a) { return Value(mt::calinskiHarabaszScore(tensorArg(a, "X"), labelsArg(a, "labels"))); });
});

}  // namespace

}  // namespace tessera::script
