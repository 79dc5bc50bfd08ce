// sklearn.pipeline's functions: make_pipeline(*steps, memory=None, verbose=False), with sklearn's step
// names (lowercased class names, numbered on repeats). Pipeline itself is a registered estimator.
#include "core/ml/compose/pipeline.h"
#include "core/script/binding.h"
#include "core/script/ml_values.h"

namespace tessera::script {

namespace {

const BindingGroup kPipeline([](BindingTable& t) {
    t.add(
        {"sklearn.pipeline.make_pipeline"},
        {rest("steps"), keywordOnly("memory", Value()), keywordOnly("verbose", Value(false))}, {}, [](const Args& a) {
            const Value& steps = a.get("steps");
            const std::vector<Value> items =
                steps.kind() == Value::Kind::Tuple ? steps.items() : std::vector<Value>{steps};
            std::vector<std::shared_ptr<ml::Estimator>> estimators;
            for (const auto& s : items) {
                if (s.kind() == Value::Kind::String && s.asString() == "passthrough") {
                    estimators.push_back(nullptr);
                } else if (s.kind() == Value::Kind::Estimator) {
                    estimators.push_back(s.asEstimator());
                } else {
                    throw TypeError("make_pipeline: every step must be an estimator or 'passthrough', got " + s.repr());
                }
            }
            return Value(ml::makePipeline(estimators, {{"memory", toParam(a.get("memory"), "memory")},
                                                       {"verbose", toParam(a.get("verbose"), "verbose")}}));
        });
});

}  // namespace

}  // namespace tessera::script
