// NumPy's legacy RandomState, following numpy/random/src/mt19937 and the legacy paths of mtrand.pyx
// (NumPy 1.24). Every draw consumes the generator exactly as NumPy does, so the streams coincide.
#include "core/ml/random_state.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "core/tensor/error.h"

namespace tessera::ml {

namespace {

constexpr int kN = 624;
constexpr int kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kUpperMask = 0x80000000U;
constexpr std::uint32_t kLowerMask = 0x7fffffffU;

std::uint32_t twist(std::uint32_t a, std::uint32_t b, std::uint32_t m) {
    const std::uint32_t y = (a & kUpperMask) | (b & kLowerMask);
    return m ^ (y >> 1) ^ ((0U - (y & 1U)) & kMatrixA);
}

// The smallest all-ones mask covering max (NumPy's gen_mask).
std::uint64_t maskFor(std::uint64_t max) {
    std::uint64_t mask = max;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    return mask;
}

// NumPy's kahan_sum, used to check that p sums to 1.
double kahanSum(std::span<const double> x) {
    double sum = x[0];
    double c = 0.0;
    for (std::size_t i = 1; i < x.size(); ++i) {
        const double y = x[i] - c;
        const double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    return sum;
}

// cdf = cumsum(p) / cdf[-1]: a sequential sum, as numpy.cumsum is.
std::vector<double> normalisedCdf(const std::vector<double>& p) {
    std::vector<double> cdf(p.size());
    double s = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        s += p[i];
        cdf[i] = s;
    }
    const double last = cdf.back();
    for (double& c : cdf) c /= last;
    return cdf;
}

// searchsorted(cdf, u, side='right').
std::int64_t searchRight(const std::vector<double>& cdf, double u) {
    return std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin();
}

}  // namespace

RandomState::RandomState(std::uint32_t seed) { this->seed(seed); }

RandomState RandomState::fromKey(std::span<const std::uint32_t> key) {
    RandomState rs;
    rs.seedByArray(key);
    return rs;
}

RandomState RandomState::fromEntropy() {
    std::random_device device;
    std::vector<std::uint32_t> key(kN);
    for (auto& k : key) k = static_cast<std::uint32_t>(device());
    return fromKey(key);
}

void RandomState::seed(std::uint32_t seed) {
    for (int pos = 0; pos < kN; ++pos) {
        m_state.key[pos] = seed;
        seed = 1812433253U * (seed ^ (seed >> 30)) + static_cast<std::uint32_t>(pos + 1);
    }
    m_state.pos = kN;
    m_state.hasGauss = false;
    m_state.gauss = 0.0;
}

void RandomState::seedByArray(std::span<const std::uint32_t> key) {
    if (key.empty()) throw ValueError("RandomState: the seed array is empty");
    seed(19650218U);
    auto& mt = m_state.key;
    int i = 1;
    std::size_t j = 0;
    for (std::size_t k = std::max<std::size_t>(kN, key.size()); k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<std::uint32_t>(j);
        ++i;
        ++j;
        if (i >= kN) {
            mt[0] = mt[kN - 1];
            i = 1;
        }
        if (j >= key.size()) j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
        ++i;
        if (i >= kN) {
            mt[0] = mt[kN - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;  // a non-zero state, as the reference code assures
    m_state.pos = kN;
    m_state.hasGauss = false;
    m_state.gauss = 0.0;
}

void RandomState::setState(const State& state) {
    if (state.pos < 0 || state.pos > kN)
        throw ValueError("RandomState.setState: position " + std::to_string(state.pos) + " is outside [0, 624]");
    m_state = state;
}

void RandomState::generate() {
    auto& key = m_state.key;
    int i = 0;
    for (; i < kN - kM; ++i) key[i] = twist(key[i], key[i + 1], key[i + kM]);
    for (; i < kN - 1; ++i) key[i] = twist(key[i], key[i + 1], key[i + kM - kN]);
    key[kN - 1] = twist(key[kN - 1], key[0], key[kM - 1]);
    m_state.pos = 0;
}

std::uint32_t RandomState::nextUint32() {
    if (m_state.pos == kN) generate();
    std::uint32_t y = m_state.key[m_state.pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

std::uint64_t RandomState::nextUint64() {
    const std::uint64_t hi = nextUint32();
    return (hi << 32) | nextUint32();
}

double RandomState::randomSample() {
    const std::int32_t a = static_cast<std::int32_t>(nextUint32() >> 5);
    const std::int32_t b = static_cast<std::int32_t>(nextUint32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

std::vector<double> RandomState::randomSample(std::int64_t n) {
    if (n < 0) throw ValueError("RandomState.random_sample: negative dimensions are not allowed");
    std::vector<double> out(static_cast<std::size_t>(n));
    for (double& v : out) v = randomSample();
    return out;
}

double RandomState::uniform(double low, double high) {
    const double range = high - low;
    if (!std::isfinite(range)) throw ValueError("RandomState.uniform: Range exceeds valid bounds");
    return low + range * randomSample();
}

std::vector<double> RandomState::uniform(double low, double high, std::int64_t n) {
    if (n < 0) throw ValueError("RandomState.uniform: negative dimensions are not allowed");
    std::vector<double> out(static_cast<std::size_t>(n));
    for (double& v : out) v = uniform(low, high);
    return out;
}

std::uint64_t RandomState::randomInterval(std::uint64_t max) {
    if (max == 0) return 0;
    const std::uint64_t mask = maskFor(max);
    std::uint64_t value;
    if (max <= 0xffffffffULL) {
        while ((value = (nextUint32() & mask)) > max) {
        }
    } else {
        while ((value = (nextUint64() & mask)) > max) {
        }
    }
    return value;
}

std::int64_t RandomState::randint(std::int64_t low, std::int64_t high) {
    if (low >= high)
        throw ValueError("RandomState.randint: low >= high (low " + std::to_string(low) + ", high " +
                         std::to_string(high) + ")");
    // random_bounded_uint64_fill with use_masked: the range is high - 1 - low, drawn from 32-bit words
    // when it fits in 32 bits.
    const std::uint64_t rng = static_cast<std::uint64_t>(high - 1) - static_cast<std::uint64_t>(low);
    const std::uint64_t off = static_cast<std::uint64_t>(low);
    if (rng == 0) return low;
    std::uint64_t value;
    if (rng <= 0xffffffffULL) {
        if (rng == 0xffffffffULL) return static_cast<std::int64_t>(off + nextUint32());
        const std::uint32_t mask = static_cast<std::uint32_t>(maskFor(rng));
        std::uint32_t v;
        while ((v = (nextUint32() & mask)) > rng) {
        }
        value = v;
    } else if (rng == 0xffffffffffffffffULL) {
        value = nextUint64();
    } else {
        const std::uint64_t mask = maskFor(rng);
        while ((value = (nextUint64() & mask)) > rng) {
        }
    }
    return static_cast<std::int64_t>(off + value);
}

std::vector<std::int64_t> RandomState::randint(std::int64_t low, std::int64_t high, std::int64_t n) {
    if (n < 0) throw ValueError("RandomState.randint: negative dimensions are not allowed");
    if (low >= high) randint(low, high);  // raises the error
    std::vector<std::int64_t> out(static_cast<std::size_t>(n));
    for (auto& v : out) v = randint(low, high);
    return out;
}

double RandomState::standardNormal() {
    if (m_state.hasGauss) {
        const double g = m_state.gauss;
        m_state.hasGauss = false;
        m_state.gauss = 0.0;
        return g;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * randomSample() - 1.0;
        x2 = 2.0 * randomSample() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    m_state.gauss = f * x1;
    m_state.hasGauss = true;
    return f * x2;
}

std::vector<double> RandomState::standardNormal(std::int64_t n) {
    if (n < 0) throw ValueError("RandomState.standard_normal: negative dimensions are not allowed");
    std::vector<double> out(static_cast<std::size_t>(n));
    for (double& v : out) v = standardNormal();
    return out;
}

double RandomState::normal(double loc, double scale) {
    if (scale < 0) throw ValueError("RandomState.normal: scale < 0 (" + std::to_string(scale) + ")");
    return loc + scale * standardNormal();
}

std::vector<std::int64_t> RandomState::permutation(std::int64_t n) {
    if (n < 0) throw ValueError("RandomState.permutation: negative dimensions are not allowed");
    std::vector<std::int64_t> out(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = i;
    shuffle(std::span<std::int64_t>(out));
    return out;
}

std::vector<std::int64_t> RandomState::choice(std::int64_t popSize, std::int64_t size, bool replace,
                                              std::span<const double> p) {
    if (size < 0) throw ValueError("RandomState.choice: negative dimensions are not allowed");
    if (popSize <= 0 && size != 0)
        throw ValueError("RandomState.choice: a must be greater than 0 unless no samples are taken");
    const bool weighted = !p.empty();
    if (weighted) {
        if (static_cast<std::int64_t>(p.size()) != popSize)
            throw ValueError("RandomState.choice: 'a' and 'p' must have same size (a " + std::to_string(popSize) +
                             ", p " + std::to_string(p.size()) + ")");
        const double sum = kahanSum(p);
        if (std::isnan(sum)) throw ValueError("RandomState.choice: probabilities contain NaN");
        if (std::any_of(p.begin(), p.end(), [](double v) { return v < 0; }))
            throw ValueError("RandomState.choice: probabilities are not non-negative");
        const double atol = std::sqrt(2.220446049250313e-16);
        if (std::abs(sum - 1.0) > atol) throw ValueError("RandomState.choice: probabilities do not sum to 1");
    }
    std::vector<std::int64_t> idx;
    if (replace) {
        if (weighted) {
            const auto cdf = normalisedCdf(std::vector<double>(p.begin(), p.end()));
            const auto u = randomSample(size);
            idx.reserve(u.size());
            for (double v : u) idx.push_back(searchRight(cdf, v));
        } else {
            idx = randint(0, popSize, size);
        }
        return idx;
    }
    if (size > popSize)
        throw ValueError("RandomState.choice: Cannot take a larger sample than population when 'replace=False' (" +
                         std::to_string(size) + " from " + std::to_string(popSize) + ")");
    if (!weighted) {
        idx = permutation(popSize);
        idx.resize(static_cast<std::size_t>(size));
        return idx;
    }
    if (std::count_if(p.begin(), p.end(), [](double v) { return v > 0; }) < size)
        throw ValueError("RandomState.choice: Fewer non-zero entries in p than size");
    // NumPy's loop: draw the missing count, zero the found entries' weights, keep each new value at its
    // first occurrence, in the order drawn.
    std::vector<double> weights(p.begin(), p.end());
    while (static_cast<std::int64_t>(idx.size()) < size) {
        const auto u = randomSample(size - static_cast<std::int64_t>(idx.size()));
        for (std::int64_t f : idx) weights[static_cast<std::size_t>(f)] = 0.0;
        const auto cdf = normalisedCdf(weights);
        std::vector<std::int64_t> fresh;
        for (double v : u) {
            const std::int64_t k = searchRight(cdf, v);
            if (std::find(fresh.begin(), fresh.end(), k) == fresh.end()) fresh.push_back(k);
        }
        idx.insert(idx.end(), fresh.begin(), fresh.end());
    }
    return idx;
}

namespace {

// Inversion: walk the probability mass function from 0, restarting when the walk passes its bound.
std::int64_t binomialInversion(RandomState& rs, std::int64_t n, double p) {
    const double q = 1.0 - p;
    const double qn = std::exp(static_cast<double>(n) * std::log(q));
    const double np = static_cast<double>(n) * p;
    const auto bound = static_cast<std::int64_t>(std::min(static_cast<double>(n), np + 10.0 * std::sqrt(np * q + 1)));
    std::int64_t x = 0;
    double px = qn;
    double u = rs.randomSample();
    while (u > px) {
        ++x;
        if (x > bound) {
            x = 0;
            px = qn;
            u = rs.randomSample();
        } else {
            u -= px;
            px = (static_cast<double>(n - x + 1) * p * px) / (static_cast<double>(x) * q);
        }
    }
    return x;
}

// BTPE (Kachitvichyanukul & Schmeiser 1988) for p <= 0.5: a triangle, two parallelograms and two
// exponential tails over the mode, then the squeeze or Stirling-bound acceptance test.
std::int64_t binomialBtpe(RandomState& rs, std::int64_t n, double p) {
    const double dn = static_cast<double>(n);
    const double r = std::min(p, 1.0 - p), q = 1.0 - r;
    const double fm = dn * r + r;
    const auto m = static_cast<std::int64_t>(std::floor(fm));
    const double dm = static_cast<double>(m);
    const double p1 = std::floor(2.195 * std::sqrt(dn * r * q) - 4.6 * q) + 0.5;
    const double xm = dm + 0.5, xl = xm - p1, xr = xm + p1;
    const double c = 0.134 + 20.5 / (15.3 + dm);
    double a = (fm - xl) / (fm - xl * r);
    const double laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    const double lamr = a * (1.0 + a / 2.0);
    const double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    const double nrq = dn * r * q;
    const auto corr = [](double v) {
        const double v2 = v * v;
        return (13680. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
    };
    for (;;) {
        const double u = rs.randomSample() * p4;
        double v = rs.randomSample();
        std::int64_t y;
        if (u <= p1) return static_cast<std::int64_t>(std::floor(xm - p1 * v + u));
        if (u <= p2) {
            const double x = xl + (u - p1) / c;
            v = v * c + 1.0 - std::abs(dm - x + 0.5) / p1;
            if (v > 1.0) continue;
            y = static_cast<std::int64_t>(std::floor(x));
        } else if (u <= p3) {
            y = static_cast<std::int64_t>(std::floor(xl + std::log(v) / laml));
            if (y < 0 || v == 0.0) continue;
            v = v * (u - p2) * laml;
        } else {
            y = static_cast<std::int64_t>(std::floor(xr - std::log(v) / lamr));
            if (y > n || v == 0.0) continue;
            v = v * (u - p3) * lamr;
        }
        const std::int64_t k = std::llabs(y - m);
        const double dk = static_cast<double>(k);
        if (!(k > 20 && dk < nrq / 2.0 - 1)) {
            const double s = r / q, aa = s * (dn + 1);
            double f = 1.0;
            if (m < y) {
                for (std::int64_t i = m + 1; i <= y; ++i) f *= (aa / static_cast<double>(i) - s);
            } else if (m > y) {
                for (std::int64_t i = y + 1; i <= m; ++i) f /= (aa / static_cast<double>(i) - s);
            }
            if (v > f) continue;
            return y;
        }
        const double rho = (dk / nrq) * ((dk * (dk / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
        const double t = -dk * dk / (2 * nrq);
        const double logV = std::log(v);
        if (logV < t - rho) return y;
        if (logV > t + rho) continue;
        const double x1 = static_cast<double>(y + 1), f1 = dm + 1, z = dn + 1 - dm, w = dn - static_cast<double>(y) + 1;
        const double bound = xm * std::log(f1 / x1) + (dn - dm + 0.5) * std::log(z / w) +
                             static_cast<double>(y - m) * std::log(w * r / (x1 * q)) + corr(f1) + corr(z) + corr(x1) +
                             corr(w);
        if (logV > bound) continue;
        return y;
    }
}

// random_binomial's dispatch, without the argument checks. NumPy's multinomial returns 0 for n == 0 or
// p == 0 without a draw; legacy RandomState.binomial has no such exit and draws once (`early`).
std::int64_t binomialDraw(RandomState& rs, std::int64_t n, double p, bool early = true) {
    if (early && (n == 0 || p == 0.0)) return 0;
    const double dn = static_cast<double>(n);
    if (p <= 0.5) return p * dn <= 30.0 ? binomialInversion(rs, n, p) : binomialBtpe(rs, n, p);
    const double q = 1.0 - p;
    return n - (q * dn <= 30.0 ? binomialInversion(rs, n, q) : binomialBtpe(rs, n, q));
}

}  // namespace

std::int64_t RandomState::binomial(std::int64_t n, double p) {
    if (n < 0) throw ValueError("RandomState.binomial: n < 0");
    if (!(p >= 0.0) || p > 1.0) throw ValueError("RandomState.binomial: p < 0, p > 1 or p is NaN");
    return binomialDraw(*this, n, p, false);
}

std::vector<std::int64_t> RandomState::multinomial(std::int64_t n, std::span<const double> pvals) {
    if (n < 0) throw ValueError("RandomState.multinomial: n < 0");
    const std::size_t d = pvals.size();
    if (d == 0) throw ValueError("RandomState.multinomial: pvals must have at least 1 element");
    for (double v : pvals)
        if (!(v >= 0.0) || v > 1.0)
            throw ValueError("RandomState.multinomial: pvals < 0, pvals > 1 or pvals contains NaNs");
    if (kahanSum(pvals.first(d - 1)) > 1.0 + 1e-12) throw ValueError("RandomState.multinomial: sum(pvals[:-1]) > 1.0");
    std::vector<std::int64_t> out(d, 0);
    double remaining = 1.0;
    std::int64_t left = n;
    for (std::size_t j = 0; j + 1 < d; ++j) {
        out[j] = binomialDraw(*this, left, pvals[j] / remaining);
        left -= out[j];
        if (left <= 0) break;
        remaining -= pvals[j];
    }
    if (left > 0) out[d - 1] = left;
    return out;
}

RandomState checkRandomState(std::optional<std::int64_t> seed) {
    if (!seed) return RandomState::fromEntropy();
    if (*seed < 0 || *seed > 0xffffffffLL)
        throw ValueError("random_state: Seed must be between 0 and 2**32 - 1 (got " + std::to_string(*seed) + ")");
    return RandomState(static_cast<std::uint32_t>(*seed));
}

}  // namespace tessera::ml
