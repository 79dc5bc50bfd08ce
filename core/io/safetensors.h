// Weights files in the safetensors layout (https://github.com/huggingface/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON header {name: {"dtype", "shape", "data_offsets"},
// "__metadata__": {string: string}} padded with spaces to a multiple of 8, then the tensor bytes.
// A file written here loads with safetensors' torch.load_file, and theirs load here.
//
//   io::saveSafetensors("weights.safetensors", model.stateDict(), {{"format", "pt"}});
//   io::SafetensorsFile f = io::loadSafetensors("weights.safetensors");
//   model.loadStateDict(f.tensors);
//
// Tensors are written in the library's order (8-byte dtypes before 4-byte before 1-byte, by name within
// a dtype) and the write is atomic. Every malformed file (a bad header length or JSON, an unknown dtype,
// offsets out of range, overlapping or not covering the data, a shape that does not match the byte
// length) throws IoError "FILE: cause".
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tensor/tensor.h"

namespace tessera::io {

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

struct SafetensorsFile {
    NamedTensors tensors;  // in the order of their data in the file
    std::map<std::string, std::string> metadata;
};

// Tensor names must be unique and not "__metadata__"; float32, float64, int64 and bool are stored as
// F32, F64, I64 and BOOL.
void saveSafetensors(const std::filesystem::path& file, const NamedTensors& tensors,
                     const std::map<std::string, std::string>& metadata = {});
SafetensorsFile loadSafetensors(const std::filesystem::path& file);

// The same on bytes in memory; `source` names the bytes in error messages.
std::string encodeSafetensors(const NamedTensors& tensors, const std::map<std::string, std::string>& metadata = {});
SafetensorsFile decodeSafetensors(std::string_view bytes, std::string_view source);

}  // namespace tessera::io
