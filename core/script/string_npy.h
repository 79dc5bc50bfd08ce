// NumPy .npy files of str ('<U…', 1-D): string class labels given to `tessera-cli run --in y=y.npy`.
// core/io/npy.h reads the numeric ones.
//
//   std::optional<std::vector<std::string>> labels = readStringNpy("y.npy");   // nullopt: not a str array
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tessera::script {

// The strings of a 1-D '<U' array (UTF-32 in the file, UTF-8 here); nullopt when the file's dtype is not
// '<U'. IoError "FILE: cause" for a damaged header or data, or a str array that is not 1-D.
std::optional<std::vector<std::string>> readStringNpy(const std::filesystem::path& file);

}  // namespace tessera::script
