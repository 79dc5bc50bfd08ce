// sklearn.model_selection's functions: train_test_split over core/ml/model_selection/split.h. The
// splitter classes (KFold, StratifiedKFold, GroupKFold, ShuffleSplit, StratifiedShuffleSplit) are
// values of their own (ml_objects.h); the searches are registered estimators.
#include "core/ml/metrics/string_labels.h"
#include "core/ml/model_selection/split.h"
#include "core/ops/index_select.h"
#include "core/script/binding.h"
#include "core/script/ml_values.h"

namespace tessera::script {

namespace {

namespace ms = ml::model_selection;

std::int64_t rowsOf(const Value& v) {
    if (v.kind() == Value::Kind::Strings) return static_cast<std::int64_t>(v.asStrings().size());
    if (v.isSequence()) return static_cast<std::int64_t>(v.items().size());
    if (v.isTensor() && v.asTensor().dim() > 0) return v.asTensor().size(0);
    throw TypeError("train_test_split: Singleton array " + v.repr() + " cannot be considered a valid collection.");
}

// The rows `index` of an array, in that order (a list stays a list, as sklearn's _safe_indexing keeps it).
Value rows(const Value& v, const std::vector<std::int64_t>& index) {
    if (v.kind() == Value::Kind::Strings) {
        std::vector<std::string> out;
        for (auto i : index) out.push_back(v.asStrings()[static_cast<std::size_t>(i)]);
        return Value::strings(std::move(out));
    }
    if (v.isSequence()) {
        std::vector<Value> out;
        for (auto i : index) out.push_back(v.items()[static_cast<std::size_t>(i)]);
        return Value::list(std::move(out));
    }
    const Tensor idx = Tensor::fromVector<std::int64_t>(index, {static_cast<std::int64_t>(index.size())});
    return Value(ops::indexSelect(v.asTensor(), 0, idx));
}

ms::SplitSize splitSize(const Args& a, std::string_view name) {
    const Value& v = a.get(name);
    if (v.isNone()) return {};
    if (v.kind() == Value::Kind::Int) return v.asInt();
    return a.real(name);
}

const BindingGroup kModelSelection([](BindingTable& t) {
    t.add({"sklearn.model_selection.train_test_split"},
          {rest("arrays"), keywordOnly("test_size", Value()), keywordOnly("train_size", Value()),
           keywordOnly("random_state", Value()), keywordOnly("shuffle", Value(true)), keywordOnly("stratify", Value())},
          {}, [](const Args& a) {
              const Value& arrays = a.get("arrays");
              // rest() packs a lone sequence argument as the arrays themselves; one array is one argument.
              const std::vector<Value> items =
                  arrays.kind() == Value::Kind::Tuple ? arrays.items() : std::vector<Value>{arrays};
              if (items.empty()) throw ValueError("At least one array required as input");
              std::string lengths;
              bool consistent = true;
              for (const auto& v : items) {
                  lengths += (lengths.empty() ? "" : ", ") + std::to_string(rowsOf(v));
                  consistent = consistent && rowsOf(v) == rowsOf(items[0]);
              }
              if (!consistent)
                  throw ValueError("Found input variables with inconsistent numbers of samples: [" + lengths + "]");
              ms::TrainTestSplitOptions o;
              o.testSize = splitSize(a, "test_size");
              o.trainSize = splitSize(a, "train_size");
              o.randomState = a.optInteger("random_state");
              o.shuffle = a.boolean("shuffle");
              const ml::Array stratify = toOptArray(a.get("stratify"), "stratify");
              const ms::TrainTest tt = stratify.defined() ? ms::trainTestSplitIndices(rowsOf(items[0]), o, stratify)
                                                          : ms::trainTestSplitIndices(rowsOf(items[0]), o);
              std::vector<Value> out;
              for (const auto& v : items) {
                  out.push_back(rows(v, tt.train));
                  out.push_back(rows(v, tt.test));
              }
              return Value::list(std::move(out));
          });
});

}  // namespace

}  // namespace tessera::script
