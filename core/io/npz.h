// NumPy .npz archives (what numpy.savez writes and numpy.load reads): a ZIP of stored .npy entries.
//
//   io::NpzEntries arrays{{"coef", coef}, {"J", J}};
//   arrays.push_back(io::NpzEntry::text("penalty", "l1"));   // a 0-d '<U' array (ASCII)
//   io::writeNpz("state.npz", arrays);                        // atomic (temp file, fsync, rename)
//   io::NpzEntries back = io::readNpz("state.npz");           // in the archive's order
//
// Entries are stored uncompressed with their CRC-32; the reader checks the ZIP structure, each CRC and
// each .npy header, and refuses compressed (savez_compressed) entries. Every malformed file throws
// IoError "FILE: entry 'NAME': cause" (or "FILE: cause" for the archive itself).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::io {

struct NpzEntry {
    std::string name;                // without ".npy"
    Tensor tensor;                   // a numeric array (undefined for a text entry)
    std::optional<std::string> str;  // a 0-d unicode string array instead

    static NpzEntry text(std::string name, std::string value) { return {std::move(name), {}, std::move(value)}; }
};
using NpzEntries = std::vector<NpzEntry>;

void writeNpz(const std::filesystem::path& file, const NpzEntries& entries);
NpzEntries readNpz(const std::filesystem::path& file);

std::string encodeNpz(const NpzEntries& entries);
NpzEntries decodeNpz(std::string_view bytes, std::string_view source);

}  // namespace tessera::io
