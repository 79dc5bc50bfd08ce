# Warning and sanitizer flags applied to every target of the project (never to dependencies).
add_library(tessera_options INTERFACE)
target_compile_options(tessera_options INTERFACE
  -Wall -Wextra -Werror
  # g++ 12 reports a false -Wrestrict inside std::string at -O2 (TOOLCHAIN.md).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>
  # No fused multiply-add from contraction: the element-wise loops' AVX-512 clones (whose ISA carries
  # FMA) must compute what the AVX2 and baseline clones compute (Note [Element-wise clones]).
  -ffp-contract=off)
target_include_directories(tessera_options INTERFACE ${PROJECT_SOURCE_DIR})
if(TESSERA_SANITIZE)
  # -O1 (placed after the build type's -O3, so it wins): instrumented -O3 compiles about three times
  # slower, and -O1 is what the sanitizers' authors recommend for exact reports.
  target_compile_options(tessera_options INTERFACE -O1 -fsanitize=address,undefined -fno-omit-frame-pointer
                                                   -fno-sanitize-recover=undefined)
  target_link_options(tessera_options INTERFACE -fsanitize=address,undefined)
endif()
if(TESSERA_TSAN)
  # ThreadSanitizer for the concurrency suites (scripts/sanitize.sh); -O1 for the same reason as above.
  target_compile_options(tessera_options INTERFACE -O1 -g -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(tessera_options INTERFACE -fsanitize=thread)
endif()
if(TESSERA_FUZZ)
  # Coverage for libFuzzer on every project file (the fuzzers themselves link -fsanitize=fuzzer, which
  # brings libFuzzer's main). Warnings stay on but do not fail: -Werror is for the gcc builds, and a
  # clang-only warning must not stop a fuzzing campaign. -O0 with line tables only: the core compiles
  # in well under half the time of -O1 -g, and fuzzed inputs are small enough that execution speed
  # is bound by the parsers' instrumentation, not by the kernels' optimisation.
  target_compile_options(tessera_options INTERFACE -O0 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined
                                                   -fno-omit-frame-pointer -fno-sanitize-recover=undefined
                                                   -Wno-error)
  target_link_options(tessera_options INTERFACE -fsanitize=address,undefined)
endif()
