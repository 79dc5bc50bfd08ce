// The instruction-set path of every kernel that has more than one (GEMM micro-kernels, the direct
// convolution, the element-wise clones of Note [Element-wise clones]). It is the best path the CPU runs,
// unless the environment variable TESSERA_ISA names another, so that an AVX-512 machine can run, test
// and benchmark its AVX2 path:
//
//   $ TESSERA_ISA=avx2 ./gemm_bench --cpu-time      # avx2 | avx512 | baseline
//
//   if (kernels::activeIsa() == kernels::Isa::Avx2) …
//
// The variable is read once, on the first kernel call that dispatches (or the first activeIsa()). An
// unknown value, or a path the CPU lacks, raises ValueError there, and again on every later call: no
// kernel silently runs on another path than the one asked for.
#pragma once

#include <atomic>
#include <string_view>

namespace tessera::kernels {

// Baseline is x86-64's SSE2 (or the plain C++ of another architecture); Avx2 means AVX2 + FMA; Avx512
// means AVX-512 F, VL, DQ (with AVX2 + FMA).
enum class Isa : int { Baseline = 1, Avx2 = 2, Avx512 = 3 };

// The best path this CPU runs.
Isa bestIsa();

// The path in use: TESSERA_ISA's or bestIsa(). Throws ValueError for a bad TESSERA_ISA.
Isa activeIsa();

// TESSERA_ISA's rule, for `value` on a CPU whose best path is `best`: "avx2", "avx512" or "baseline"
// (an empty value means `best`). Throws ValueError naming the variable, the value and the cause.
Isa parseIsa(std::string_view value, Isa best);

// "avx2", "avx512", "baseline": the names TESSERA_ISA takes.
const char* isaName(Isa isa);

namespace detail {
// 0 until resolved, then static_cast<int>(activeIsa()). Read by the element-wise loops on every call.
extern std::atomic<int> g_activeIsa;
int resolveActiveIsa();
inline Isa fastActiveIsa() {
    int isa = g_activeIsa.load(std::memory_order_relaxed);
    if (isa == 0) [[unlikely]]
        isa = resolveActiveIsa();
    return static_cast<Isa>(isa);
}
}  // namespace detail

}  // namespace tessera::kernels
