#include "core/data/split.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/data/mix_seed.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

namespace tessera::data {

namespace {

// A seeded random order of `rows` (Fisher–Yates through the generator's randperm).
void shuffleRows(std::vector<std::int64_t>& rows, Generator& gen) {
    if (rows.size() < 2) return;
    std::vector<std::int64_t> perm = gen.randperm(static_cast<std::int64_t>(rows.size())).toVector<std::int64_t>();
    std::vector<std::int64_t> out(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) out[i] = rows[static_cast<std::size_t>(perm[i])];
    rows = std::move(out);
}

// Splits `total` into parts proportional to `weights` (largest remainder; ties to the lower index).
std::vector<std::int64_t> apportion(std::int64_t total, const std::vector<std::int64_t>& weights) {
    const std::int64_t sum = std::accumulate(weights.begin(), weights.end(), std::int64_t{0});
    std::vector<std::int64_t> parts(weights.size(), 0);
    if (sum == 0) return parts;
    std::vector<std::pair<std::int64_t, std::size_t>> remainders;  // (remainder numerator, index)
    std::int64_t given = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        parts[i] = total * weights[i] / sum;
        given += parts[i];
        remainders.push_back({total * weights[i] % sum, i});
    }
    std::stable_sort(remainders.begin(), remainders.end(), [](auto& a, auto& b) { return a.first > b.first; });
    for (std::size_t k = 0; given < total; ++k, ++given) ++parts[remainders[k].second];
    return parts;
}

void checkFraction(double f, const char* key) {
    if (!(f >= 0.0 && f < 1.0))
        throw ValueError(std::string("data.") + key + ": expected a fraction in [0, 1), got " + std::to_string(f));
}

}  // namespace

Split stratifiedSplit(const Dataset& dataset, double valFraction, double testFraction, std::uint64_t seed) {
    checkFraction(valFraction, "valFraction");
    checkFraction(testFraction, "testFraction");
    if (valFraction + testFraction >= 1.0)
        throw ValueError("data: valFraction + testFraction must be below 1, got " +
                         std::to_string(valFraction + testFraction));
    const auto n = static_cast<std::int64_t>(dataset.size());
    const auto nTest = static_cast<std::int64_t>(std::ceil(testFraction * static_cast<double>(n) - 1e-9));
    const auto nVal = static_cast<std::int64_t>(std::ceil(valFraction * static_cast<double>(n) - 1e-9));
    if (n - nTest - nVal < 1)
        throw ValueError("data: the training split of '" + dataset.name + "' would be empty (" + std::to_string(n) +
                         " rows, " + std::to_string(nVal) + " for validation, " + std::to_string(nTest) + " for test)");

    Generator gen(mixSeed(seed, 0x5B11u));
    // Strata: one per class, or a single one for regression.
    std::vector<std::vector<std::int64_t>> strata;
    if (dataset.task == Task::Classification) {
        strata.resize(static_cast<std::size_t>(dataset.numClasses()));
        const std::int64_t* y = dataset.targets.data<std::int64_t>();
        for (std::int64_t i = 0; i < n; ++i) strata[static_cast<std::size_t>(y[i])].push_back(i);
    } else {
        strata.emplace_back(static_cast<std::size_t>(n));
        std::iota(strata[0].begin(), strata[0].end(), std::int64_t{0});
    }
    std::vector<std::int64_t> sizes;
    for (auto& s : strata) sizes.push_back(static_cast<std::int64_t>(s.size()));
    const std::vector<std::int64_t> testPer = apportion(nTest, sizes);
    std::vector<std::int64_t> rest(sizes.size());
    for (std::size_t c = 0; c < sizes.size(); ++c) rest[c] = sizes[c] - testPer[c];
    const std::vector<std::int64_t> valPer = apportion(nVal, rest);

    Split split;
    for (std::size_t c = 0; c < strata.size(); ++c) {
        shuffleRows(strata[c], gen);
        auto begin = strata[c].begin();
        split.testRows.insert(split.testRows.end(), begin, begin + testPer[c]);
        split.valRows.insert(split.valRows.end(), begin + testPer[c], begin + testPer[c] + valPer[c]);
        split.trainRows.insert(split.trainRows.end(), begin + testPer[c] + valPer[c], strata[c].end());
    }
    shuffleRows(split.trainRows, gen);
    shuffleRows(split.valRows, gen);
    shuffleRows(split.testRows, gen);
    split.train = dataset.subset(split.trainRows);
    split.val = dataset.subset(split.valRows);
    split.test = dataset.subset(split.testRows);
    return split;
}

void standardize(Split& split) {
    const Tensor& x = split.train.features;
    const std::int64_t n = x.size(0), f = x.size(1);
    std::vector<double> mean(static_cast<std::size_t>(f), 0.0), var(static_cast<std::size_t>(f), 0.0);
    const float* p = x.data<float>();
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < f; ++j) mean[static_cast<std::size_t>(j)] += p[i * f + j];
    for (auto& m : mean) m /= static_cast<double>(std::max<std::int64_t>(n, 1));
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < f; ++j) {
            const double d = p[i * f + j] - mean[static_cast<std::size_t>(j)];
            var[static_cast<std::size_t>(j)] += d * d;
        }
    std::vector<double> scale(static_cast<std::size_t>(f));
    for (std::size_t j = 0; j < scale.size(); ++j) {
        const double sd = std::sqrt(var[j] / static_cast<double>(std::max<std::int64_t>(n, 1)));
        scale[j] = sd > 0 ? 1.0 / sd : 1.0;
    }
    for (Dataset* d : {&split.train, &split.val, &split.test}) {
        float* q = d->features.data<float>();
        for (std::int64_t i = 0, m = d->features.size(0); i < m; ++i)
            for (std::int64_t j = 0; j < f; ++j) {
                const auto jj = static_cast<std::size_t>(j);
                q[i * f + j] = static_cast<float>((q[i * f + j] - mean[jj]) * scale[jj]);
            }
    }
}

Split splitFromSpec(const Dataset& dataset, const io::Json& dataSpec) {
    auto number = [&](const char* key, double fallback) {
        const io::Json* v = dataSpec.isObject() ? dataSpec.find(key) : nullptr;
        if (!v) return fallback;
        if (!v->isNumber())
            throw ValueError(std::string("data.") + key + ": expected a number, found " +
                             std::string(io::typeName(v->type())));
        return v->asNumber();
    };
    const double val = number("valFraction", 0.1);
    const double test = number("testFraction", 0.2);
    std::uint64_t seed = 0;
    if (const io::Json* s = dataSpec.isObject() ? dataSpec.find("seed") : nullptr) {
        if (!s->isInteger() || s->asInteger() < 0)
            throw ValueError("data.seed: expected a non-negative integer, found " + writeJson(*s, 0));
        seed = static_cast<std::uint64_t>(s->asInteger());
    }
    Split split = stratifiedSplit(dataset, val, test, seed);
    if (const io::Json* s = dataSpec.isObject() ? dataSpec.find("standardize") : nullptr) {
        if (!s->isBool())
            throw ValueError("data.standardize: expected a boolean, found " + std::string(io::typeName(s->type())));
        if (s->asBool()) standardize(split);
    }
    return split;
}

}  // namespace tessera::data
