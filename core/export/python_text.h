// Internal to core/export: C++ values written as Python source text.
//
//   pyLiteral(json)          // null → None, true → True, [3, 3] → (3, 3), 0.5 → 0.5
//   pyNumber(1.0)            // "1.0"; pyNumber(1e-5) is "1e-05" as Python's repr
//   isIdentifier("conv-1")   // false: the exporter names such a module with add_module
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/io/json.h"

namespace tessera::exporter::detail {

std::string pyNumber(double v);
std::string pyString(const std::string& s);
std::string pyLiteral(const io::Json& v);
std::string pyTuple(const std::vector<std::int64_t>& values);
// A Python identifier that the generated code does not use for itself (x, self, torch, nn, math).
bool isIdentifier(const std::string& s);

}  // namespace tessera::exporter::detail
