// LabelEncoder (sklearn.preprocessing): target labels, numbers or strings, to 0 … n_classes-1 and back.
// sklearn's fit/transform take y alone; Tessera's Estimator verbs take X, so the encoder is fitted
// with y as the target (`fit(Tensor(), y)`, or a 1-D numeric tensor as X) and labels of any kind go
// through these two functions. transform/inverse_transform of the Estimator interface take numeric
// labels as a 1-D tensor.
//
//   auto enc = EstimatorRegistry::instance().create("LabelEncoder");
//   enc->fit(Tensor(), Array(std::vector<std::string>{"b", "a", "b"}));   // classes_ ["a", "b"]
//   Tensor codes = labelEncoderTransform(*enc, labels);                    // int64 [1, 0, 1]
//   Array back = labelEncoderInverseTransform(*enc, codes);                // ["b", "a", "b"]
#pragma once

#include "core/ml/base/estimator.h"

namespace tessera::ml {

Tensor labelEncoderTransform(const Estimator& encoder, const Array& y);
Array labelEncoderInverseTransform(const Estimator& encoder, const Tensor& codes);

}  // namespace tessera::ml
