// One libFuzzer target per surface: this file is compiled once per surface with TESSERA_FUZZ_SURFACE
// set to its name (tests/fuzz/CMakeLists.txt), so every fuzzer runs fuzz::runInput like the replay
// suite does. A finding or an untyped exception aborts, which libFuzzer reports as a crash and saves.
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "tests/fuzz/surfaces.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (const tessera::fuzz::Surface* surface = tessera::fuzz::findSurface(TESSERA_FUZZ_SURFACE))
        tessera::fuzz::prepare(*surface);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const tessera::fuzz::Surface* surface = tessera::fuzz::findSurface(TESSERA_FUZZ_SURFACE);
    if (!surface) std::abort();
    try {
        tessera::fuzz::runInput(*surface, std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_%s: %s\n", TESSERA_FUZZ_SURFACE, e.what());
        std::abort();
    }
    return 0;
}
