// NumPy .npy files: how tensors go in and out of tessera-cli and the torch conformance tests.
//
//   Tensor x = io::readNpy("x.npy");      // '<f4' '<f8' '<i8' '|b1'; C or Fortran order; 0-d and empty
//   io::writeNpy("y.npy", x);             // format 1.0 (2.0 for huge headers), C order, atomic
//
// Every malformed or unsupported file (bad magic, truncated header or data, a dtype such as '<f2' or
// '>f4', a bad shape) throws IoError "FILE: cause".
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/tensor/tensor.h"

namespace tessera::io {

Tensor readNpy(const std::filesystem::path& file);
// Writes a temporary file next to `file` and renames it over `file`, so readers never see half a file.
void writeNpy(const std::filesystem::path& file, const Tensor& tensor);

// The same on bytes in memory; `source` names the bytes in error messages.
Tensor decodeNpy(std::string_view bytes, std::string_view source);
std::string encodeNpy(const Tensor& tensor);

}  // namespace tessera::io
