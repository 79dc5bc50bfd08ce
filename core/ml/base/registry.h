// The estimator registry: one table of every class with its sklearn name, module, kind, keywords
// (default, constraints, help — every keyword of sklearn 1.2.1's get_params()) and factory. The
// designer, the script language, docs/estimators.md and persistence all read it.
//
//   const RegisterEstimator<StandardScaler> kStandardScaler({
//       "StandardScaler", "sklearn.preprocessing", EstimatorKind::Transformer,
//       "Standardize features by removing the mean and scaling to unit variance.",
//       {{"copy", true, {constraintOf(Constraint::Kind::Boolean)}, "Copy X (always: inputs are never changed)."},
//        {"with_mean", true, {constraintOf(Constraint::Kind::Boolean)}, "Center the data before scaling."}},
//       {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"}});
//
//   auto s = EstimatorRegistry::instance().create("StandardScaler", {{"with_std", false}});
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"

namespace tessera::ml {

enum class EstimatorKind { Classifier, Regressor, Transformer, Clusterer, OutlierDetector, Composite };
std::string_view kindName(EstimatorKind kind);  // "classifier", "regressor", …

struct EstimatorInfo {
    std::string name;    // "StandardScaler"
    std::string module;  // "sklearn.preprocessing" (or "tessera.…" for Tessera's own)
    EstimatorKind kind = EstimatorKind::Transformer;
    std::string summary;
    std::vector<ParamSpec> params;     // sorted by keyword on registration, as get_params() lists them
    std::vector<std::string> methods;  // sklearn's method names the class has: "fit", "predict", …
    std::function<std::shared_ptr<Estimator>(const EstimatorInfo&)> factory = nullptr;  // set by RegisterEstimator

    const ParamSpec* findParam(std::string_view keyword) const;
    bool hasMethod(std::string_view method) const;
};

class EstimatorRegistry {
public:
    static EstimatorRegistry& instance();

    // ValueError when the name is already registered or a keyword appears twice.
    void add(EstimatorInfo info);
    const EstimatorInfo* find(std::string_view name) const;
    // ValueError "sklearn estimator 'NAME' is not available in Tessera" when absent.
    const EstimatorInfo& at(std::string_view name) const;
    std::vector<std::string> names() const;  // sorted
    std::vector<const EstimatorInfo*> all() const;

    std::shared_ptr<Estimator> create(std::string_view name, const ParamList& params = {}) const;

private:
    std::map<std::string, std::unique_ptr<EstimatorInfo>, std::less<>> m_infos;
};

// Registers class T (constructible from const EstimatorInfo&) during static initialisation.
template <class T>
struct RegisterEstimator {
    explicit RegisterEstimator(EstimatorInfo info) {
        info.factory = [](const EstimatorInfo& i) {
            return std::static_pointer_cast<Estimator>(std::make_shared<T>(i));
        };
        EstimatorRegistry::instance().add(std::move(info));
    }
};

// Shorthands for schemas.
Constraint booleanC();
Constraint noneC();

}  // namespace tessera::ml
