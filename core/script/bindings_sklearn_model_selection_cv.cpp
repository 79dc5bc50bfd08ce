// sklearn.model_selection's cross-validation functions over core/ml/model_selection/validation.h:
// cross_val_score, cross_validate, cross_val_predict, learning_curve and validation_curve, with
// sklearn 1.2.1's keywords. `cv` takes an int, None or a splitter object (as its tagged dict), `scoring`
// a name, a list or a dict of names, `fit_params` only {'sample_weight': w}.
#include <cmath>

#include "core/ml/model_selection/validation.h"
#include "core/ops/view.h"
#include "core/script/binding.h"
#include "core/script/ml_values.h"

namespace tessera::script {

namespace {

namespace ms = ml::model_selection;

ms::CvOptions cvOptions(const Args& a, bool withScoring = true) {
    ms::CvOptions o;
    o.cv = toParam(a.get("cv"), "cv");
    if (withScoring) o.scoring = toParam(a.get("scoring"), "scoring");
    o.groups = toOptArray(a.get("groups"), "groups");
    o.nJobs = toParam(a.get("n_jobs"), "n_jobs");
    o.errorScore = toParam(a.get("error_score"), "error_score");
    const Value& fitParams = a.get("fit_params");
    if (!fitParams.isNone()) {
        for (const auto& [k, v] : fitParams.asDict().items) {
            if (k.kind() != Value::Kind::String || k.asString() != "sample_weight")
                throw ValueError(a.function() + ": fit_params other than 'sample_weight' are not available in Tessera");
            o.sampleWeight = toTensor(v, "sample_weight");
        }
    }
    return o;
}

const ml::Estimator& estimatorArg(const Args& a) {
    const Value& e = a.get("estimator");
    if (e.kind() != Value::Kind::Estimator) a.wrongType("estimator", "an estimator");
    return *e.asEstimator();
}

// The keywords every function shares, after `estimator, X, y`.
std::vector<Param> cvParams(std::vector<Param> extra, bool yRequired = false) {
    std::vector<Param> p{"estimator", "X", yRequired ? Param("y") : Param("y", Value())};
    for (auto q : {keywordOnly("groups", Value()), keywordOnly("cv", Value()), keywordOnly("n_jobs", Value()),
                   keywordOnly("verbose", Value(0)), keywordOnly("fit_params", Value()),
                   keywordOnly("error_score", Value(std::nan("")))})
        p.push_back(q);
    p.insert(p.end(), extra.begin(), extra.end());
    return p;
}

ml::Array yArg(const Args& a) { return toOptArray(a.get("y"), "y"); }

const BindingGroup kCrossValidation([](BindingTable& t) {
    t.add({"sklearn.model_selection.cross_val_score"},
          cvParams({keywordOnly("scoring", Value()), keywordOnly("pre_dispatch", Value("2*n_jobs"))}), {},
          [](const Args& a) {
              return Value(ms::crossValScore(estimatorArg(a), toTensor(a.get("X"), "X"), yArg(a), cvOptions(a)));
          });
    t.add({"sklearn.model_selection.cross_validate"},
          cvParams({keywordOnly("scoring", Value()), keywordOnly("pre_dispatch", Value("2*n_jobs")),
                    keywordOnly("return_train_score", Value(false)), keywordOnly("return_estimator", Value(false))}),
          {}, [](const Args& a) {
              if (a.boolean("return_estimator"))
                  throw ValueError("cross_validate: return_estimator=True is not available in Tessera");
              const auto r = ms::crossValidate(estimatorArg(a), toTensor(a.get("X"), "X"), yArg(a), cvOptions(a),
                                               a.boolean("return_train_score"));
              std::vector<std::pair<Value, Value>> items;
              for (const auto& [k, v] : r.columns) items.emplace_back(Value(k), Value(v));
              return Value::dict(std::move(items));
          });
    t.add({"sklearn.model_selection.cross_val_predict"},
          cvParams({keywordOnly("pre_dispatch", Value("2*n_jobs")), keywordOnly("method", Value("predict"))}), {},
          [](const Args& a) {
              return fromArray(ms::crossValPredict(estimatorArg(a), toTensor(a.get("X"), "X"), yArg(a),
                                                   cvOptions(a, false), a.string("method")));
          });
    t.add({"sklearn.model_selection.learning_curve"},
          cvParams({keywordOnly("train_sizes", Value()), keywordOnly("scoring", Value()),
                    keywordOnly("exploit_incremental_learning", Value(false)),
                    keywordOnly("pre_dispatch", Value("all")), keywordOnly("shuffle", Value(false)),
                    keywordOnly("random_state", Value()), keywordOnly("return_times", Value(false))},
                   true),
          {}, [](const Args& a) {
              if (a.boolean("exploit_incremental_learning") || a.boolean("return_times"))
                  throw ValueError(
                      "learning_curve: exploit_incremental_learning and return_times are not available in Tessera");
              ms::LearningCurveOptions curve;
              if (!a.isNone("train_sizes")) {
                  const Value& s = a.get("train_sizes");
                  const Tensor sizes = toTensor(s, "train_sizes");
                  bool integral = sizes.dtype() == DType::Int64;
                  if (s.isSequence()) {
                      integral = true;
                      for (const auto& v : s.items()) integral = integral && v.kind() == Value::Kind::Int;
                  }
                  if (integral) {
                      curve.trainSizes = ops::to(sizes, DType::Int64).toVector<std::int64_t>();
                  } else {
                      curve.trainSizes = ops::to(sizes, DType::Float64).toVector<double>();
                  }
              }
              curve.shuffle = a.boolean("shuffle");
              curve.randomState = toParam(a.get("random_state"), "random_state");
              const auto r =
                  ms::learningCurve(estimatorArg(a), toTensor(a.get("X"), "X"), yArg(a), curve, cvOptions(a));
              return Value::tuple({Value(r.trainSizesAbs), Value(r.trainScores), Value(r.testScores)});
          });
    t.add({"sklearn.model_selection.validation_curve"},
          cvParams({keywordOnly("param_name", Value()), keywordOnly("param_range", Value()),
                    keywordOnly("scoring", Value()), keywordOnly("pre_dispatch", Value("all"))},
                   true),
          {}, [](const Args& a) {
              std::vector<ml::ParamValue> range;
              const Value& r = a.get("param_range");
              if (r.isTensor()) {
                  for (const auto& p : toParam(r, "param_range").items()) range.push_back(p);
              } else {
                  if (!r.isSequence()) a.wrongType("param_range", "a list of values");
                  for (const auto& v : r.items()) range.push_back(toParam(v, "param_range"));
              }
              const auto c = ms::validationCurve(estimatorArg(a), toTensor(a.get("X"), "X"), yArg(a),
                                                 a.string("param_name"), range, cvOptions(a));
              return Value::tuple({Value(c.trainScores), Value(c.testScores)});
          });
});

}  // namespace

}  // namespace tessera::script
