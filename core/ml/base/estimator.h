// The one interface of every estimator, as scikit-learn's BaseEstimator and its mixins: parameters
// stored unchanged and validated in fit, fit returning the estimator, fitted state in attributes
// named like sklearn's (ending in "_"), and one small set of verbs.
//
//   std::shared_ptr<Estimator> ridge = EstimatorRegistry::instance().create("Ridge", {{"alpha", 0.5}});
//   ridge->fit(X, y);
//   Array p = ridge->predict(X);                 // a 1-D Float64 tensor
//   Array coef = ridge->attribute("coef_");
//   ridge->setParams({{"alpha", 2.0}});          // nested keys for composites: "ridge__alpha"
//   std::shared_ptr<Estimator> fresh = ridge->clone();   // same parameters, not fitted
//
// A method the class does not have raises AttributeError as Python would ("'StandardScaler' object has
// no attribute 'predict'"); see EstimatorInfo::methods for the list a class has.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/data/table.h"
#include "core/ml/base/array.h"
#include "core/ml/base/param.h"
#include "core/tensor/tensor.h"

namespace tessera::ml {

struct EstimatorInfo;

class Estimator : public std::enable_shared_from_this<Estimator> {
public:
    explicit Estimator(const EstimatorInfo& info);  // every keyword at its default
    virtual ~Estimator();
    Estimator(const Estimator&) = delete;
    Estimator& operator=(const Estimator&) = delete;

    const EstimatorInfo& info() const { return *m_info; }
    const std::string& className() const;

    // Parameters. getParams(deep) lists the keywords in sklearn's (alphabetical) order and, when deep,
    // the parameters of nested estimators as "name__keyword". setParams takes the same names; an
    // unknown one is refused as sklearn refuses it. Values are validated in fit.
    virtual ParamList getParams(bool deep = true) const;
    Estimator& setParams(const ParamList& params);
    const ParamValue& param(std::string_view keyword) const;
    // sklearn.base.clone: a new unfitted estimator of the same class with cloned parameters.
    std::shared_ptr<Estimator> clone() const;

    virtual Estimator& fit(const Tensor& X, const Array& y = {}, const Tensor& sampleWeight = {});
    // One incremental update from a batch (sklearn's partial_fit), returning the estimator.
    virtual Estimator& partialFit(const Tensor& X, const Array& y = {}, const Tensor& sampleWeight = {});
    virtual Array predict(const Tensor& X) const;
    virtual Tensor predictProba(const Tensor& X) const;
    virtual Tensor predictLogProba(const Tensor& X) const;
    virtual Tensor decisionFunction(const Tensor& X) const;
    virtual Tensor transform(const Tensor& X) const;
    // fit(X, y).transform(X) unless the class has a faster or different one.
    virtual Tensor fitTransform(const Tensor& X, const Array& y = {}, const Tensor& sampleWeight = {});
    virtual Tensor inverseTransform(const Tensor& X) const;
    virtual Array fitPredict(const Tensor& X, const Array& y = {}, const Tensor& sampleWeight = {});
    virtual Tensor scoreSamples(const Tensor& X) const;
    // sklearn's default score of the kind: accuracy for classifiers, R² for regressors.
    virtual double score(const Tensor& X, const Array& y, const Tensor& sampleWeight = {}) const;
    // Output column names; `inputFeatures` empty means x0, x1, … (or feature_names_in_).
    virtual std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures = {}) const;

    // X as a table of named columns of numbers or strings, as sklearn takes a pandas DataFrame. Fitting
    // from a table records feature_names_in_; the other methods check the names against it as sklearn
    // does. The defaults convert an all-numeric table to Float64 and call the Tensor methods; a string
    // column is refused naming it. Classes that read strings or select columns by name (encoders,
    // SimpleImputer, ColumnTransformer, Pipeline, the searches) override them.
    virtual Estimator& fitTable(const data::Table& X, const Array& y = {}, const Tensor& sampleWeight = {});
    virtual Array predictTable(const data::Table& X) const;
    virtual Tensor predictProbaTable(const data::Table& X) const;
    virtual Tensor decisionFunctionTable(const data::Table& X) const;
    virtual Tensor transformTable(const data::Table& X) const;
    virtual Tensor fitTransformTable(const data::Table& X, const Array& y = {}, const Tensor& sampleWeight = {});
    virtual double scoreTable(const data::Table& X, const Array& y, const Tensor& sampleWeight = {}) const;

    // Nested estimators as (name, estimator): parameters holding an estimator, or a composite's steps.
    virtual std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> children() const;

    // Fitted estimators that sklearn holds in an attribute: best_estimator_ (one), estimators_ (a list),
    // named_transformers_ (by name). Scripts reach them as `forest.estimators_[3].tree_`. Their state
    // is stored in this estimator's own attributes (see Note [Attributes that are dicts or objects]), so
    // persistence needs nothing more; a class rebuilds the objects from those attributes. None by default.
    struct HeldEstimators {
        enum class Form { One, List, Named };
        std::string attribute;  // "estimators_"
        Form form = Form::List;
        std::vector<std::pair<std::string, std::shared_ptr<Estimator>>> items;  // names only for Named
    };
    virtual std::vector<HeldEstimators> heldEstimators() const;

    // Fitted state.
    bool isFitted() const { return !m_attributes.empty(); }
    bool hasAttribute(std::string_view name) const;
    // AttributeError ("'Ridge' object has no attribute 'coef_'") when absent, as Python raises it.
    const Array& attribute(std::string_view name) const;
    const std::vector<std::pair<std::string, Array>>& attributes() const { return m_attributes; }
    // Persistence: replaces the fitted state as a whole (names are checked against nothing: the file is
    // trusted to come from saveEstimator, whose checks run in loadEstimator), then calls
    // attributesRestored() so that a class can rebuild what it derives from them.
    void restoreAttributes(std::vector<std::pair<std::string, Array>> attributes);

    // sklearn's check_is_fitted: NotFittedError in sklearn's words.
    void checkFitted() const;
    // sklearn's _validate_params: every keyword against its constraints.
    void validateParams() const;

protected:
    void setAttribute(std::string_view name, Array value);
    void clearAttributes() { m_attributes.clear(); }

    // check_array + _check_n_features for fit (reset: records n_features_in_) and for the other methods.
    // Returns contiguous Float64; float32/int64/bool are widened. NaN/Inf refused unless allowNaN (NaN
    // only). `minSamples` as check_array's ensure_min_samples.
    Tensor validateFitX(const Tensor& X, bool allowNaN = false, std::int64_t minSamples = 1);
    // `stateless` (Normalizer, Binarizer): no fit needed, the feature count is checked only after one.
    Tensor validateX(const Tensor& X, bool allowNaN = false, bool stateless = false) const;
    // check_consistent_length and y's own checks (finite, numeric when `numeric`).
    void checkY(const Tensor& X, const Array& y, bool numeric) const;
    // A 1-D Float64 sample_weight of X's rows, or all ones when undefined (_check_sample_weight).
    Tensor sampleWeightOrOnes(const Tensor& sampleWeight, std::int64_t rows) const;

    double paramDouble(std::string_view keyword) const { return param(keyword).asDouble(); }
    std::int64_t paramInt(std::string_view keyword) const { return param(keyword).asInt(); }
    // sklearn 1.2 still takes an int for a boolean keyword, so any number counts.
    bool paramBool(std::string_view keyword) const { return param(keyword).asDouble() != 0; }
    const std::string& paramString(std::string_view keyword) const { return param(keyword).asString(); }

    // AttributeError for a method the class does not have.
    [[noreturn]] void noMethod(std::string_view method) const;

    // The Float64 tensor of a table passed to a method other than fit: its column names checked
    // against feature_names_in_ (when fitted from a table) as sklearn's _check_feature_names does.
    Tensor tableToX(const data::Table& X) const;
    // After a fit from a table: feature_names_in_ = the table's column names.
    void recordFeatureNames(const data::Table& X);

    // A numeric attribute as a tensor (shortcut of attribute(name).tensor()).
    const Tensor& fitted(std::string_view name) const;

    // Hooks for composites whose parameters are not plain keywords (Pipeline's step names).
    virtual bool setChildParam(std::string_view name, const ParamValue& value);
    // After restoreAttributes: rebuild derived state (a predictor's flattened layout, held estimators).
    virtual void attributesRestored() {}

private:
    const EstimatorInfo* m_info;
    ParamList m_params;  // in the schema's order
    std::vector<std::pair<std::string, Array>> m_attributes;
};

// sklearn's n_features_in_-free feature names x0, x1, …, or `inputFeatures` when given (checked to
// have `n` names).
std::vector<std::string> defaultFeatureNames(std::int64_t n, const std::vector<std::string>& inputFeatures,
                                             std::string_view estimator);

}  // namespace tessera::ml
