// What the closed-form linear models share (internal to core/ml/linear_model): sklearn's
// _preprocess_data (weighted centering, rows scaled by sqrt(sample_weight)), the least-squares and
// ridge solvers, and the coef_/intercept_ attributes in sklearn's shapes.
//
//   CenteredData d = centerData(X, Y, targets, sw, fitIntercept);
//   std::vector<double> coef = solveRidge(d, alphas);          // [targets, features]
#pragma once

#include <cstdint>
#include <vector>

#include "core/ml/base/array.h"
#include "core/ml/base/estimator.h"
#include "core/ml/base/param.h"
#include "core/tensor/tensor.h"

namespace tessera::ml::detail {

struct CenteredData {
    std::int64_t rows = 0, features = 0, targets = 0;
    Tensor X;  // Float64 [rows, features], centered and scaled by sqrt(sample_weight)
    Tensor Y;  // Float64 [rows, targets], likewise
    std::vector<double> xOffset, yOffset;
};

// X contiguous Float64 [n, p]; Y contiguous Float64 [n, t]; sw empty or n weights.
CenteredData centerData(const Tensor& X, const Tensor& Y, const std::vector<double>& sw, bool fitIntercept);

struct LstsqResult {
    std::vector<double> coef;  // [targets, features]
    std::int64_t rank = 0;
    std::vector<double> singular;
};
// scipy.linalg.lstsq (gelsd's SVD, cond = machine epsilon).
LstsqResult solveLstsq(const CenteredData& d);
// scipy.optimize.nnls per target (Lawson–Hanson active set): LinearRegression(positive=True).
std::vector<double> solveNnls(const CenteredData& d);
// Ridge's "cholesky" solver (primal when features <= rows, else the kernel form), one alpha per target;
// "svd" when useSvd.
std::vector<double> solveRidge(const CenteredData& d, const std::vector<double>& alphas, bool useSvd);

// intercept_ = y_offset - x_offset · coef (0 without fit_intercept).
std::vector<double> intercepts(const CenteredData& d, const std::vector<double>& coef, bool fitIntercept);

// Xw + b for coef_ [p] or [t, p] and intercept_ (a 0-d tensor is broadcast), X [n, p] → [n, t].
std::vector<double> linearPredict(const Tensor& X, const Tensor& coef, const Tensor& intercept);
// The same as sklearn's shapes: [n] for a 1-D coef_, [n, t] otherwise (or [n] when `ravelSingle` and t == 1).
Tensor linearPredictTensor(const Tensor& X, const Tensor& coef, const Tensor& intercept, bool ravelSingle = false);

// coef_ and intercept_ in sklearn's shapes: [p] and a float for a 1-D y, [t, p] and [t] for a 2-D one;
// intercept_ is the float 0.0 without fit_intercept, whatever the targets (LinearModel._set_intercept).
std::pair<Array, Array> coefAttributes(const std::vector<double>& coef, const std::vector<double>& intercept,
                                       std::int64_t features, bool multiOutput, bool fitIntercept);
// y as contiguous Float64 [n] or [n, t].
Tensor targetMatrix(const Array& y);

// sklearn's compute_class_weight(class_weight, classes=classes, y=y) for class_weight None (all ones),
// 'balanced' (n / (k · count)) or a dict keyed by class label (the labels written as text, an int
// label by its digits); `codes` index into `classes`. ValueError in sklearn's words for dict keys
// that are not classes.
std::vector<double> classWeightFactors(const ParamValue& classWeight, const Array& classes,
                                       const std::vector<std::int64_t>& codes);
// y as a 1-D Float64 [n]; ValueError in sklearn's words (column_or_1d) for a 2-D y.
Tensor singleTarget(const Array& y);

// Element-wise log of probabilities (predict_log_proba = np.log(predict_proba)).
Tensor logOf(const Tensor& probabilities);

// LinearClassifierMixin: decision_function X·coef_ᵀ + intercept_ (1-D for a single row of coef_) and
// predict (classes_[1] where the score is > 0, else the first maximum, as argmax).
class LinearClassifier : public Estimator {
public:
    using Estimator::Estimator;
    Tensor decisionFunction(const Tensor& X) const override;
    Array predict(const Tensor& X) const override;
};

// LinearModel.predict: X·coef_ᵀ + intercept_ ([n] for a 1-D coef_, [n, t] for a 2-D one).
class LinearRegressor : public Estimator {
public:
    using Estimator::Estimator;
    Array predict(const Tensor& X) const override;
};

// A class label as Python prints it in a list: 3, 1.5, 'cat'.
std::string labelRepr(const Array& classes, std::int64_t index);

}  // namespace tessera::ml::detail
