// Reading whole files and replacing them atomically: a reader (or a crash) sees either the old
// content or the new one, never a half-written file.
//
//   writeFileAtomically("model.tessera", text);   // temp file in the same folder, fsync, rename
//   std::string text = readFile("model.tessera");
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace tessera::io {

// Writes `bytes` to a temporary file next to `file` (same folder, so rename is atomic), flushes and
// fsyncs it, renames it over `file` and fsyncs the folder. On any failure the temporary file is
// removed, `file` is left as it was, and IoError names the file and the cause.
void writeFileAtomically(const std::filesystem::path& file, std::string_view bytes);

// The whole content of `file`; IoError names the file and the cause when it cannot be read.
std::string readFile(const std::filesystem::path& file);

}  // namespace tessera::io
