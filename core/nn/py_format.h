// Values written as Python's repr writes them, for extraRepr() strings that match torch's reprs.
//
//   pyFloat(1e-5)          // "1e-05"
//   pyFloat(1.0)           // "1.0"
//   pyTuple({3, 3})        // "(3, 3)";  pyTuple({3}) is "(3,)"
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/tensor/tensor.h"

namespace tessera::nn {

std::string pyFloat(double value);
std::string pyBool(bool value);  // "True" / "False"
std::string pyTuple(const Shape& values);
std::string pyOptional(const std::optional<double>& value);  // pyFloat or "None"

}  // namespace tessera::nn
