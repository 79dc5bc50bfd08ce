// The input surfaces that the fuzzers and the corpus replay drive, one function per surface, so that a
// libFuzzer target (fuzz_<name>.cpp, clang build) and the replay suite (test_fuzz_replay.cpp, every
// build) run exactly the same code on the same bytes (docs/RELIABILITY.md).
//
//   const fuzz::Surface* s = fuzz::findSurface("npy");
//   fuzz::runInput(*s, bytes);   // returns when the bytes were loaded or rejected properly; throws
//                                // fuzz::Finding (or lets an untyped exception out) otherwise
//
// "Rejected properly" means a tessera::Error whose message names the input (its source name). Any
// other exception escaping, or an error that does not say which input it is about, is a finding.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::fuzz {

// Limits the surfaces apply to what a small input may ask for, so that a fuzzer finds the missing
// checks in the code under test rather than spending its memory on inputs that are merely large.
inline constexpr std::int64_t kMaxModelParameters = 1 << 24;  // floats a built model may hold
inline constexpr std::int64_t kMaxModelMacs = 1 << 26;        // multiply-adds of one sample's forward

struct Surface {
    std::string_view name;    // "project", "csv", "onnx", "safetensors", "checkpoint", "npy", "script"
    std::string_view source;  // the name the bytes are given in error messages ("fuzz.tessera")
    void (*run)(std::string_view bytes);
    void (*prepare)() = nullptr;  // one-time set-up (loading the model inputs are loaded into), or null
};

class Finding : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

const std::vector<Surface>& surfaces();
const Surface* findSurface(std::string_view name);

// Runs the surface's one-time set-up, so that it is not counted against the first input's time.
void prepare(const Surface& surface);

// Runs the surface; a tessera::Error is accepted when its message contains the surface's source name.
void runInput(const Surface& surface, std::string_view bytes);

}  // namespace tessera::fuzz
