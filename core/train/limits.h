// The ranges a project file may give the training settings (docs/RELIABILITY.md), so that a damaged
// or hostile project cannot ask for a run of 10^9 epochs or a million threads.
//
//   if (epochs > train::kMaxEpochs) …   // parseTrainingConfig's "training.epochs: must be at most 100000"
//
// `tessera-cli train --epochs N` may go beyond kMaxEpochs: typing it is the explicit raise.
#pragma once

#include <cstdint>

namespace tessera::train {

inline constexpr std::int64_t kMaxEpochs = 100'000;
inline constexpr std::int64_t kMaxBatchSize = std::int64_t{1} << 20;
inline constexpr std::int64_t kMaxThreads = 1024;

}  // namespace tessera::train
