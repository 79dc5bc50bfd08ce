// kneighbors / radius_neighbors of the fitted neighbours estimators (NearestNeighbors,
// KNeighborsClassifier, KNeighborsRegressor, RadiusNeighborsClassifier), which the common Estimator
// interface does not name.
//
//   auto nn = EstimatorRegistry::instance().create("NearestNeighbors", {{"n_neighbors", 3}});
//   nn->fit(X);
//   KNeighborsResult r = kneighbors(*nn, &Q);          // r.distances, r.indices: (rows, 3)
//   KNeighborsResult self = kneighbors(*nn, nullptr);  // X=None: each training row without itself
//   RadiusNeighbors rn = radiusNeighbors(*nn, &Q, 0.5, /*sortResults=*/true);
#pragma once

#include <cstdint>
#include <optional>

#include "core/ml/neighbors/neighbors_search.h"
#include "core/tensor/tensor.h"

namespace tessera::ml {
class Estimator;
}

namespace tessera::ml::neighbors {

struct KNeighborsResult {
    Tensor distances;  // (rows, k) Float64; undefined when return_distance=False
    Tensor indices;    // (rows, k) Int64
};

// Implemented by the neighbours estimators.
class NeighborsAccess {
public:
    virtual ~NeighborsAccess() = default;
    virtual KNeighborsResult kneighborsOf(const Tensor* X, std::optional<std::int64_t> nNeighbors,
                                          bool returnDistance) const = 0;
    virtual RadiusNeighbors radiusOf(const Tensor* X, std::optional<double> radius, bool sortResults) const = 0;
};

// TypeError naming the class when `e` is not a neighbours estimator; X nullptr means X=None.
KNeighborsResult kneighbors(const Estimator& e, const Tensor* X, std::optional<std::int64_t> nNeighbors = std::nullopt,
                            bool returnDistance = true);
RadiusNeighbors radiusNeighbors(const Estimator& e, const Tensor* X, std::optional<double> radius = std::nullopt,
                                bool sortResults = false);

}  // namespace tessera::ml::neighbors
