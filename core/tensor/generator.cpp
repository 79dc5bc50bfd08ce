#include "core/tensor/generator.h"

#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include "core/kernels/copy.h"
#include "core/kernels/parallel.h"

namespace tessera {

namespace {

// Elements per parallel chunk. Any value gives the same numbers (Note [Counter-based generation]).
constexpr std::int64_t kGrain = 1 << 14;

std::uint32_t low32(std::uint64_t x) { return static_cast<std::uint32_t>(x); }
std::uint32_t high32(std::uint64_t x) { return static_cast<std::uint32_t>(x >> 32); }
std::uint64_t join64(std::uint32_t hi, std::uint32_t lo) { return (std::uint64_t{hi} << 32) | lo; }

// A double in [0, 1) with 53 random bits.
double unit53(std::uint32_t hi, std::uint32_t lo) { return static_cast<double>(join64(hi, lo) >> 11) * 0x1p-53; }
// A number in [0, range) from 64 random bits (Lemire's multiply-shift; the bias is below 2^-64 * range).
std::uint64_t below(std::uint64_t random, std::uint64_t range) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(random) * range) >> 64);
}

using Block = std::array<std::uint32_t, 4>;

// Writes draw(block of element i) into every element of t, element i in row-major order using counter
// stream.base + i. Non-contiguous tensors are generated contiguously and copied in.
template <class T, class Stream, class Draw>
void generate(const Tensor& t, const Stream& stream, Draw draw) {
    const Tensor out = t.isContiguous() ? t : Tensor::empty(t.sizes(), t.dtype());
    T* p = out.data<T>();
    const std::array<std::uint32_t, 2> key{low32(stream.seed), high32(stream.seed)};
    kernels::parallelFor(0, out.numel(), kGrain, [&](std::int64_t lo, std::int64_t hi) {
        for (std::int64_t i = lo; i < hi; ++i) {
            const std::uint64_t c = stream.base + static_cast<std::uint64_t>(i);
            p[i] = draw(Generator::philox({low32(c), high32(c), 0, 0}, key), i);
        }
    });
    if (!t.isContiguous()) kernels::copy(t, out);
    t.bumpVersion();
}

void checkProbability(double p, const char* op) {
    if (!(p >= 0.0 && p <= 1.0))
        throw ValueError(std::string(op) + ": expects p to be in [0, 1], but got p=" + std::to_string(p));
}

}  // namespace

std::array<std::uint32_t, 4> Generator::philox(std::array<std::uint32_t, 4> c, std::array<std::uint32_t, 2> k) {
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            k[0] += 0x9E3779B9u;
            k[1] += 0xBB67AE85u;
        }
        const std::uint64_t p0 = std::uint64_t{0xD2511F53u} * c[0];
        const std::uint64_t p1 = std::uint64_t{0xCD9E8D57u} * c[2];
        c = {high32(p1) ^ c[1] ^ k[0], low32(p1), high32(p0) ^ c[3] ^ k[1], low32(p0)};
    }
    return c;
}

void Generator::manualSeed(std::uint64_t seed) {
    std::lock_guard lock(m_mutex);
    m_seed = seed;
    m_offset = 0;
}

std::uint64_t Generator::seed() const {
    std::lock_guard lock(m_mutex);
    return m_seed;
}

std::uint64_t Generator::offset() const {
    std::lock_guard lock(m_mutex);
    return m_offset;
}

Generator::Stream Generator::reserve(std::uint64_t n) {
    std::lock_guard lock(m_mutex);
    return {m_seed, std::exchange(m_offset, m_offset + n)};
}

void Generator::fillUniform(const Tensor& t, double from, double to) {
    if (!(from <= to))
        throw ValueError("uniform_: expects from <= to, but got from=" + std::to_string(from) +
                         " to=" + std::to_string(to));
    visitFloating(t.dtype(), "uniform_", [&]<class T>() {
        const Stream s = reserve(static_cast<std::uint64_t>(t.numel()));
        generate<T>(t, s, [&](const Block& b, std::int64_t) {
            // float32 gets 24 random bits, float64 53, as PyTorch's uniform does.
            const double u = sizeof(T) == 4 ? static_cast<double>(b[0] >> 8) * 0x1p-24 : unit53(b[0], b[1]);
            const T v = static_cast<T>(from + u * (to - from));
            // Rounding to T can reach `to`; the interval stays half-open.
            return v < static_cast<T>(to) || from == to ? v : std::nextafter(static_cast<T>(to), static_cast<T>(from));
        });
    });
}

void Generator::fillNormal(const Tensor& t, double mean, double std) {
    if (!(std >= 0.0)) throw ValueError("normal_: expects std >= 0.0, but found std " + std::to_string(std));
    visitFloating(t.dtype(), "normal_", [&]<class T>() {
        const Stream s = reserve(static_cast<std::uint64_t>(t.numel()));
        generate<T>(t, s, [&](const Block& b, std::int64_t) {
            // Box–Muller from two 53-bit uniforms; 1 - u keeps the logarithm's argument in (0, 1].
            const double radius = std::sqrt(-2.0 * std::log(1.0 - unit53(b[0], b[1])));
            const double angle = 2.0 * std::numbers::pi * unit53(b[2], b[3]);
            return static_cast<T>(mean + std * radius * std::cos(angle));
        });
    });
}

void Generator::fillBernoulli(const Tensor& t, double p) {
    checkProbability(p, "bernoulli_");
    visitDType(t.dtype(), [&]<class T>() {
        const Stream s = reserve(static_cast<std::uint64_t>(t.numel()));
        generate<T>(t, s, [&](const Block& b, std::int64_t) { return static_cast<T>(unit53(b[0], b[1]) < p); });
    });
}

void Generator::fillBernoulli(const Tensor& t, const Tensor& probs) {
    if (probs.sizes() != t.sizes())
        throw ShapeError("bernoulli_: probabilities of shape " + shapeToString(probs.sizes()) +
                         " do not match the output shape " + shapeToString(t.sizes()));
    const std::vector<double> p = probs.toVector<double>();
    for (double v : p) checkProbability(v, "bernoulli_");
    visitDType(t.dtype(), [&]<class T>() {
        const Stream s = reserve(static_cast<std::uint64_t>(t.numel()));
        generate<T>(t, s, [&](const Block& b, std::int64_t i) { return static_cast<T>(unit53(b[0], b[1]) < p[i]); });
    });
}

void Generator::fillRandint(const Tensor& t, std::int64_t low, std::int64_t high) {
    if (low >= high)
        throw ValueError("random_: expects 'from' to be less than 'to', but got from=" + std::to_string(low) +
                         " >= to=" + std::to_string(high));
    if (t.dtype() == DType::Bool && (low < 0 || high > 2))
        throw ValueError("random_: the range [" + std::to_string(low) + ", " + std::to_string(high) +
                         ") does not fit the bool dtype");
    const std::uint64_t range = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    visitDType(t.dtype(), [&]<class T>() {
        const Stream s = reserve(static_cast<std::uint64_t>(t.numel()));
        generate<T>(t, s, [&](const Block& b, std::int64_t) {
            return static_cast<T>(
                static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + below(join64(b[0], b[1]), range)));
        });
    });
}

Tensor Generator::randperm(std::int64_t n, DType dtype) {
    if (n < 0) throw ValueError("randperm: n must be non-negative, got " + std::to_string(n));
    if (dtype == DType::Bool) throw TypeError("randperm: \"randperm\" not implemented for 'bool'");
    std::vector<std::int64_t> perm(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) perm[i] = i;
    const Stream s = reserve(static_cast<std::uint64_t>(n));
    const std::array<std::uint32_t, 2> key{low32(s.seed), high32(s.seed)};
    for (std::int64_t i = n - 1; i > 0; --i) {
        const std::uint64_t c = s.base + static_cast<std::uint64_t>(i);
        const Block b = philox({low32(c), high32(c), 0, 0}, key);
        const auto j = static_cast<std::int64_t>(below(join64(b[0], b[1]), static_cast<std::uint64_t>(i + 1)));
        std::swap(perm[i], perm[j]);
    }
    Tensor out = Tensor::empty({n}, dtype);
    visitDType(dtype, [&]<class T>() {
        T* p = out.data<T>();
        for (std::int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(perm[i]);
    });
    return out;
}

Generator& defaultGenerator() {
    static Generator gen;
    return gen;
}

void manualSeed(std::uint64_t seed) { defaultGenerator().manualSeed(seed); }

}  // namespace tessera
