// ml::RandomState: NumPy's legacy `numpy.random.RandomState` (MT19937 and its legacy algorithms),
// bit for bit, so that a `random_state` gives the same splits, folds and initialisations as
// scikit-learn 1.2.1 on NumPy 1.24.
//
//   ml::RandomState rng(42);                        // np.random.RandomState(42)
//   double u = rng.randomSample();                  // rng.random_sample()
//   std::int64_t k = rng.randint(0, 10);            // rng.randint(10)
//   std::vector<std::int64_t> p = rng.permutation(5);
//   rng.shuffle(std::span(p));                      // rng.shuffle(p)
//   ml::RandomState fresh = ml::checkRandomState(std::nullopt);  // sklearn: None → fresh entropy
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tessera::ml {

class RandomState {
public:
    // RandomState(seed): NumPy seeds an int with MT19937's init_genrand.
    explicit RandomState(std::uint32_t seed);
    // RandomState(array_of_uint32): init_by_array, as NumPy does for a sequence seed.
    static RandomState fromKey(std::span<const std::uint32_t> key);
    // RandomState(None): 624 words from the operating system's entropy through init_by_array.
    static RandomState fromEntropy();

    void seed(std::uint32_t seed);
    void seedByArray(std::span<const std::uint32_t> key);

    // The raw generator: one tempered MT19937 word; two words high-first for 64 bits (NumPy's order).
    std::uint32_t nextUint32();
    std::uint64_t nextUint64();

    // random_sample / rand: (a >> 5, b >> 6) into a 53-bit double in [0, 1).
    double randomSample();
    std::vector<double> randomSample(std::int64_t n);
    // uniform(low, high): low + (high - low) * random_sample().
    double uniform(double low = 0.0, double high = 1.0);
    std::vector<double> uniform(double low, double high, std::int64_t n);
    // randint(low, high): [low, high) by masked rejection sampling, 32-bit draws when the range fits
    // in 32 bits (as NumPy picks them for int32 and int64 results), 64-bit draws otherwise.
    std::int64_t randint(std::int64_t low, std::int64_t high);
    std::vector<std::int64_t> randint(std::int64_t low, std::int64_t high, std::int64_t n);
    // random_interval(max): a value in [0, max], the step of NumPy's shuffle.
    std::uint64_t randomInterval(std::uint64_t max);
    // standard_normal: the legacy polar Box–Muller, which keeps the second value for the next call.
    double standardNormal();
    std::vector<double> standardNormal(std::int64_t n);
    // normal(loc, scale) = loc + scale * standard_normal().
    double normal(double loc, double scale);

    // binomial(n, p): NumPy's legacy binomial — inversion when min(p, 1-p)·n <= 30, else Kachitvichyanukul
    // and Schmeiser's BTPE, drawing from the other tail (and returning n - draw) when p > 0.5; n == 0 and
    // p == 0 still take one draw, as the legacy sampler does.
    std::int64_t binomial(std::int64_t n, double p);
    // multinomial(n, pvals): one binomial per category on the remaining count and probability mass,
    // stopping once nothing remains (a zero count or probability draws nothing here); the last category
    // takes the rest (ValueError when sum(pvals[:-1]) > 1).
    std::vector<std::int64_t> multinomial(std::int64_t n, std::span<const double> pvals);

    // permutation(n): arange(n) shuffled.
    std::vector<std::int64_t> permutation(std::int64_t n);
    // shuffle(x): NumPy's legacy Fisher–Yates, from the last element down, swapping i with
    // random_interval(i). Rows of a 2-D array are shuffled with the same draws.
    template <class T>
    void shuffle(std::span<T> x) {
        for (std::size_t i = x.size(); i > 1; --i) {
            const std::size_t j = static_cast<std::size_t>(randomInterval(i - 1));
            std::swap(x[i - 1], x[j]);
        }
    }
    // choice(a, size, replace, p) for a population arange(popSize); p empty means uniform.
    std::vector<std::int64_t> choice(std::int64_t popSize, std::int64_t size, bool replace = true,
                                     std::span<const double> p = {});

    // The generator's full state (key, position, cached gauss), as get_state()/set_state() carry it.
    struct State {
        std::array<std::uint32_t, 624> key{};
        int pos = 624;
        bool hasGauss = false;
        double gauss = 0.0;
    };
    const State& state() const { return m_state; }
    void setState(const State& state);

private:
    RandomState() = default;
    void generate();
    State m_state;
};

// sklearn.utils.check_random_state for int and None: an int seeds a new RandomState (ValueError
// naming the seed when it is outside [0, 2**32 - 1]); None gives a RandomState from fresh entropy.
RandomState checkRandomState(std::optional<std::int64_t> seed);

}  // namespace tessera::ml
