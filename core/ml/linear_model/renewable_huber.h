// RenewableHuberRegressor (module tessera.linear_model): robust linear regression fed batch by batch.
// Each partial_fit updates the estimate from the new batch and a summary of the past (the estimate and
// the accumulated information matrix J_), never revisiting old rows. penalty='none' is RHE (Newton on
// the renewable estimating equation), 'l1' is RPSHE (LAMM on the smoothed, L1-penalised renewable
// objective). The equations are in docs/streaming.md.
//
//   auto m = EstimatorRegistry::instance().create("RenewableHuberRegressor", {{"tau", 1.345}});
//   for (auto& [X, y] : batches) m->partialFit(X, Array(y));
//   auto& rh = dynamic_cast<RenewableHuberRegressor&>(*m);
//   rh.saveCheckpoint("state.npz");           // numpy.load-able; atomic
//   fresh.loadCheckpoint("state.npz");        // continues bit-identically
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/ml/base/estimator.h"

namespace tessera::ml {

class RenewableHuberRegressor : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    Estimator& partialFit(const Tensor& X, const Array& y, const Tensor& sampleWeight) override;
    Array predict(const Tensor& X) const override;

    // Fitted state and constructor parameters as a NumPy .npz (see docs/streaming.md for the fields).
    void saveCheckpoint(const std::filesystem::path& file) const;
    // Replaces parameters and state; IoError names the file and the field when it is damaged or
    // inconsistent. The estimator is unchanged when the file is refused.
    void loadCheckpoint(const std::filesystem::path& file);

    // ConvergenceWarning texts of the updates so far (max_iter reached), naming the batch.
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    void update(const Tensor& X, const Array& y, const Tensor& sampleWeight, bool fresh);
    std::vector<std::string> m_warnings;
};

}  // namespace tessera::ml
