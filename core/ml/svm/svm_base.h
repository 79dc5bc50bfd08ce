// What SVC, NuSVC, SVR, NuSVR and OneClassSVM share (sklearn/svm/_base.py's BaseLibSVM and BaseSVC,
// 1.2.1), internal to core/ml/svm: fit through libsvm.h with sklearn's gamma ('scale', 'auto' or a
// number), seed (rnd.randint(np.iinfo('i').max)), class weights and fitted attributes, and the
// decision values recomputed from those attributes (support_vectors_, _dual_coef_, _intercept_,
// n_support_, _gamma), so that a loaded model predicts as the fitted one.
#pragma once

#include "core/ml/base/estimator.h"
#include "core/ml/svm/libsvm.h"

namespace tessera::ml::detail {

class BaseLibSvm : public Estimator {
public:
    BaseLibSvm(const EstimatorInfo& info, SvmType type) : Estimator(info), type_(type) {}

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;

protected:
    bool classifier() const { return type_ == SvmType::CSvc || type_ == SvmType::NuSvc; }
    SvmParams svmParams() const;
    // libsvm's decision values [rows, pairs] (one column for regression and one-class), unflipped.
    std::vector<double> rawDecision(const Tensor& X, std::int64_t& columns) const;

private:
    SvmType type_;
};

class BaseSvc : public BaseLibSvm {
public:
    using BaseLibSvm::BaseLibSvm;
    Tensor decisionFunction(const Tensor& X) const override;
    Array predict(const Tensor& X) const override;
    Tensor predictProba(const Tensor& X) const override;
    Tensor predictLogProba(const Tensor& X) const override;
};

}  // namespace tessera::ml::detail
