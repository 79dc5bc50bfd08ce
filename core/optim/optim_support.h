// Helpers the optimizers share: option checks with torch's messages and state buffers.
#pragma once

#include <string>

#include "core/optim/optimizer.h"

namespace tessera::optim::detail {

// Merges `given` over `base`; a key `base` does not know is a ValueError naming the optimizer, as
// torch's "__init__() got an unexpected keyword argument".
Options withDefaults(const std::string& optimizer, Options base, const Options& given);

// ValueError "Invalid <what>: <value>" (torch's wording) unless low <= value.
void checkAtLeast(const std::string& what, double value, double low);
// The same for low <= value < high, as torch's beta checks.
void checkRange(const std::string& what, double value, double low, double high);

// The single group torch builds from a plain parameter list.
std::vector<ParamGroup> oneGroup(std::vector<Tensor> params);

// The buffer `key` of `state`, created as zeros like `param` when absent.
Tensor& stateBuffer(ParamState& state, const std::string& key, const Tensor& param);

}  // namespace tessera::optim::detail
