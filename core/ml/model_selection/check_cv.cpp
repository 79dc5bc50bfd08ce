#include "core/ml/model_selection/check_cv.h"

#include <cmath>
#include <set>

#include "core/ml/base/registry.h"
#include "core/ml/metrics/string_labels.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

const Estimator* finalEstimator(const Estimator& e) {
    if (e.info().kind != EstimatorKind::Composite) return &e;
    const auto kids = e.children();
    return kids.empty() ? nullptr : finalEstimator(*kids.back().second);
}

struct SplitterSchema {
    const char* name;
    std::vector<std::pair<const char*, ParamValue>> keywords;  // sklearn's defaults
};

const std::vector<SplitterSchema>& schemas() {
    static const std::vector<SplitterSchema> s = {
        {"KFold", {{"n_splits", 5}, {"shuffle", false}, {"random_state", ParamValue()}}},
        {"StratifiedKFold", {{"n_splits", 5}, {"shuffle", false}, {"random_state", ParamValue()}}},
        {"GroupKFold", {{"n_splits", 5}}},
        {"ShuffleSplit",
         {{"n_splits", 10}, {"test_size", ParamValue()}, {"train_size", ParamValue()}, {"random_state", ParamValue()}}},
        {"StratifiedShuffleSplit",
         {{"n_splits", 10}, {"test_size", ParamValue()}, {"train_size", ParamValue()}, {"random_state", ParamValue()}}},
    };
    return s;
}

const SplitterSchema& schemaOf(std::string_view name) {
    for (const auto& s : schemas())
        if (name == s.name) return s;
    throw ValueError("cv: the splitter '" + std::string(name) + "' is not available in Tessera");
}

Seed seedOf(const ParamValue& v) {
    if (v.isNone()) return std::nullopt;
    return v.asInt();
}

SplitSize sizeOf(const ParamValue& v) {
    if (v.isNone()) return {};
    if (v.isInt()) return v.asInt();
    return v.asDouble();
}

}  // namespace

bool isClassifier(const Estimator& estimator) {
    const Estimator* e = finalEstimator(estimator);
    return e && e->info().kind == EstimatorKind::Classifier;
}

bool isRegressor(const Estimator& estimator) {
    const Estimator* e = finalEstimator(estimator);
    return e && e->info().kind == EstimatorKind::Regressor;
}

ParamValue splitterParam(std::string_view name, const ParamList& params) {
    const SplitterSchema& schema = schemaOf(name);
    std::vector<ParamValue::Member> members{{"splitter", std::string(name)}};
    for (const auto& [k, def] : schema.keywords) members.emplace_back(k, def);
    for (const auto& [k, v] : params) {
        bool found = false;
        for (auto& m : members)
            if (m.first == k && k != "splitter") {
                m.second = v;
                found = true;
            }
        if (!found) throw TypeError(std::string(name) + ".__init__() got an unexpected keyword argument '" + k + "'");
    }
    return ParamValue::dict(std::move(members));
}

bool isSplitterParam(const ParamValue& value) {
    if (value.kind() != ParamValue::Kind::Dict) return false;
    for (const auto& [k, v] : value.members())
        if (k == "splitter") return v.isString();
    return false;
}

std::string typeOfTarget(const Array& y) {
    if (y.isStrings()) {
        const std::set<std::string> distinct(y.strings().begin(), y.strings().end());
        return distinct.size() <= 2 ? "binary" : "multiclass";
    }
    const Tensor& t = y.tensor("y");
    const std::vector<double> v = t.toVector<double>();
    bool integral = true;
    for (double d : v) integral = integral && std::isfinite(d) && d == std::floor(d);
    if (t.dim() == 2 && t.size(1) > 1) return integral ? "multiclass-multioutput" : "continuous-multioutput";
    if (!integral) return "continuous";
    const std::set<double> distinct(v.begin(), v.end());
    return distinct.size() <= 2 ? "binary" : "multiclass";
}

std::int64_t CvSplitter::getNSplits() const {
    return std::visit([](const auto& s) { return s.getNSplits(); }, m_splitter);
}

std::vector<TrainTest> CvSplitter::split(std::int64_t nSamples, const Array& y, const Array& groups) const {
    auto need = [](const Array& a, const char* splitter, const char* what) -> const Array& {
        if (!a.defined())
            throw ValueError(std::string(splitter) + ": The '" + what + "' parameter should not be None.");
        return a;
    };
    if (const auto* s = std::get_if<KFold>(&m_splitter)) return s->split(nSamples);
    if (const auto* s = std::get_if<ShuffleSplit>(&m_splitter)) return s->split(nSamples);
    if (const auto* s = std::get_if<StratifiedKFold>(&m_splitter))
        return stratifiedKFoldSplit(*s, need(y, "StratifiedKFold", "y"));
    if (const auto* s = std::get_if<StratifiedShuffleSplit>(&m_splitter))
        return stratifiedShuffleSplit(*s, need(y, "StratifiedShuffleSplit", "y"));
    return groupKFoldSplit(std::get<GroupKFold>(m_splitter), need(groups, "GroupKFold", "groups"));
}

CvSplitter checkCv(const ParamValue& cv, const Array& y, bool classifier) {
    if (cv.isNone() || cv.isInt()) {
        const std::int64_t k = cv.isNone() ? 5 : cv.asInt();
        if (classifier && y.defined()) {
            const std::string type = typeOfTarget(y);
            if (type == "binary" || type == "multiclass") return CvSplitter(StratifiedKFold(k));
        }
        return CvSplitter(KFold(k));
    }
    if (!isSplitterParam(cv))
        throw ValueError(
            "Expected cv as an integer, cross-validation object (from sklearn.model_selection) or an "
            "iterable. Got " +
            cv.repr() + ".");
    std::string name;
    for (const auto& [k, v] : cv.members())
        if (k == "splitter") name = v.asString();
    const ParamValue full = splitterParam(name, [&] {
        ParamList p;
        for (const auto& [k, v] : cv.members())
            if (k != "splitter") p.emplace_back(k, v);
        return p;
    }());
    auto get = [&](const char* key) -> const ParamValue& {
        for (const auto& [k, v] : full.members())
            if (k == key) return v;
        throw ValueError(name + ": no keyword " + key);
    };
    if (name == "KFold")
        return CvSplitter(KFold(get("n_splits").asInt(), get("shuffle").asBool(), seedOf(get("random_state"))));
    if (name == "StratifiedKFold")
        return CvSplitter(
            StratifiedKFold(get("n_splits").asInt(), get("shuffle").asBool(), seedOf(get("random_state"))));
    if (name == "GroupKFold") return CvSplitter(GroupKFold(get("n_splits").asInt()));
    if (name == "ShuffleSplit")
        return CvSplitter(ShuffleSplit(get("n_splits").asInt(), sizeOf(get("test_size")), sizeOf(get("train_size")),
                                       seedOf(get("random_state"))));
    return CvSplitter(StratifiedShuffleSplit(get("n_splits").asInt(), sizeOf(get("test_size")),
                                             sizeOf(get("train_size")), seedOf(get("random_state"))));
}

}  // namespace tessera::ml::model_selection
