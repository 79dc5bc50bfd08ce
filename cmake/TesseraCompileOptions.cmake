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
