// The errors of core/ml, worded as scikit-learn 1.2.1 words them and typed as it types them:
//
//   throw NotFittedError("This StandardScaler instance is not fitted yet. Call 'fit' with appropriate "
//                        "arguments before using this estimator.");
//
// Messages of bad input name the estimator and the cause; the script language and the CLI print them.
#pragma once

#include "core/tensor/error.h"

namespace tessera::ml {

// sklearn.exceptions.NotFittedError (a ValueError there too).
class NotFittedError : public ValueError {
public:
    using ValueError::ValueError;
};

// sklearn.utils._param_validation.InvalidParameterError: a constructor keyword with a bad value.
class InvalidParameterError : public ValueError {
public:
    using ValueError::ValueError;
};

// Python's NotImplementedError: a combination sklearn itself does not implement (LDA's transform with
// the 'lsqr' solver, shrinkage with 'svd').
class NotImplementedError : public Error {
public:
    using Error::Error;
};

// Python's AttributeError: a method the class does not have, or a fitted attribute that is absent.
class AttributeError : public Error {
public:
    using Error::Error;
};

}  // namespace tessera::ml
