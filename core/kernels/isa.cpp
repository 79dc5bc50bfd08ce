#include "core/kernels/isa.h"

#include <cstdlib>
#include <string>

#include "core/tensor/error.h"

namespace tessera::kernels {

namespace detail {
std::atomic<int> g_activeIsa{0};
}  // namespace detail

namespace {

bool cpuRuns(Isa isa) {
#if defined(__x86_64__) || defined(__i386__)
    switch (isa) {
        case Isa::Baseline:
            return true;
        case Isa::Avx2:
            return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
        case Isa::Avx512:
            return cpuRuns(Isa::Avx2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                   __builtin_cpu_supports("avx512dq");
    }
    return false;
#else
    return isa == Isa::Baseline;
#endif
}

// The outcome of reading TESSERA_ISA, kept so that a bad value fails the same way on every call.
struct Resolution {
    Isa isa = Isa::Baseline;
    std::string error;
};

const Resolution& resolution() {
    static const Resolution r = [] {
        Resolution out;
        const char* value = std::getenv("TESSERA_ISA");
        try {
            out.isa = parseIsa(value ? value : "", bestIsa());
        } catch (const ValueError& e) {
            out.error = e.what();
        }
        return out;
    }();
    return r;
}

}  // namespace

Isa bestIsa() {
    if (cpuRuns(Isa::Avx512)) return Isa::Avx512;
    if (cpuRuns(Isa::Avx2)) return Isa::Avx2;
    return Isa::Baseline;
}

Isa parseIsa(std::string_view value, Isa best) {
    if (value.empty()) return best;
    Isa isa;
    if (value == "avx512")
        isa = Isa::Avx512;
    else if (value == "avx2")
        isa = Isa::Avx2;
    else if (value == "baseline")
        isa = Isa::Baseline;
    else
        throw ValueError("TESSERA_ISA: unknown instruction-set path '" + std::string(value) +
                         "' (expected avx2, avx512 or baseline)");
    if (static_cast<int>(isa) > static_cast<int>(best))
        throw ValueError("TESSERA_ISA: this CPU cannot run the " + std::string(isaName(isa)) +
                         " path (the best it runs is " + isaName(best) + ")");
    return isa;
}

Isa activeIsa() { return static_cast<Isa>(detail::resolveActiveIsa()); }

const char* isaName(Isa isa) {
    switch (isa) {
        case Isa::Baseline:
            return "baseline";
        case Isa::Avx2:
            return "avx2";
        case Isa::Avx512:
            return "avx512";
    }
    return "?";
}

namespace detail {

int resolveActiveIsa() {
    const Resolution& r = resolution();
    if (!r.error.empty()) throw ValueError(r.error);
    const int isa = static_cast<int>(r.isa);
    g_activeIsa.store(isa, std::memory_order_relaxed);
    return isa;
}

}  // namespace detail

}  // namespace tessera::kernels
