#include "core/data/synthetic.h"

#include <cmath>
#include <numbers>
#include <string>

#include "core/data/mix_seed.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

namespace tessera::data {

namespace {

constexpr double kPi = std::numbers::pi;

// The random numbers of one data set: each draw takes the next elements of one Philox stream.
class Draws {
public:
    explicit Draws(std::uint64_t seed) : m_gen(seed) {}
    std::vector<double> uniform(std::int64_t n, double from, double to) {
        Tensor t = Tensor::empty({n}, DType::Float64);
        if (n > 0) m_gen.fillUniform(t, from, to);
        return t.toVector<double>();
    }
    std::vector<double> normal(std::int64_t n, double std) {
        Tensor t = Tensor::empty({n}, DType::Float64);
        if (n > 0) m_gen.fillNormal(t, 0.0, std);
        return t.toVector<double>();
    }
    std::vector<std::int64_t> permutation(std::int64_t n) { return m_gen.randperm(n).toVector<std::int64_t>(); }

private:
    Generator m_gen;
};

void requireAtLeast(const char* set, const char* param, std::int64_t value, std::int64_t least) {
    if (value < least)
        throw ValueError(std::string(set) + ": " + param + " must be at least " + std::to_string(least) + ", got " +
                         std::to_string(value));
}

void requireNonNegative(const char* set, const char* param, double value) {
    if (!(value >= 0.0) || !std::isfinite(value))
        throw ValueError(std::string(set) + ": " + param + " must be a finite number >= 0, got " +
                         std::to_string(value));
}

std::vector<std::string> numberedNames(const char* prefix, std::int64_t n) {
    std::vector<std::string> names;
    for (std::int64_t i = 0; i < n; ++i) names.push_back(prefix + std::to_string(i));
    return names;
}

// A classification data set from row-major double features and labels, rows in `order`.
Dataset classification(std::string name, const std::vector<double>& x, const std::vector<std::int64_t>& y,
                       std::int64_t features, std::int64_t classes, const std::vector<std::int64_t>& order) {
    const auto n = static_cast<std::int64_t>(y.size());
    std::vector<float> xs(static_cast<std::size_t>(n * features));
    std::vector<std::int64_t> ys(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        const auto src = static_cast<std::size_t>(order[static_cast<std::size_t>(i)]);
        for (std::int64_t j = 0; j < features; ++j)
            xs[static_cast<std::size_t>(i * features + j)] = static_cast<float>(x[src * features + j]);
        ys[static_cast<std::size_t>(i)] = y[src];
    }
    Dataset d;
    d.name = std::move(name);
    d.task = Task::Classification;
    d.features = Tensor::fromVector<float>(xs, {n, features});
    d.targets = Tensor::fromVector<std::int64_t>(ys, {n});
    d.featureNames = features == 2 ? std::vector<std::string>{"x", "y"} : numberedNames("x", features);
    d.classNames = numberedNames("", classes);
    d.sampleShape = {features};
    d.validate();
    return d;
}

Dataset regression(std::string name, const std::vector<double>& x, const std::vector<double>& y,
                   std::int64_t features) {
    const auto n = static_cast<std::int64_t>(y.size());
    Dataset d;
    d.name = std::move(name);
    d.task = Task::Regression;
    d.features = Tensor::fromVector<float>(std::vector<float>(x.begin(), x.end()), {n, features});
    d.targets = Tensor::fromVector<float>(std::vector<float>(y.begin(), y.end()), {n, 1});
    d.featureNames = features == 1 ? std::vector<std::string>{"x"} : numberedNames("x", features);
    d.sampleShape = {features};
    d.validate();
    return d;
}

// numpy.linspace(start, stop, m, endpoint)[i].
double linspace(double start, double stop, std::int64_t m, std::int64_t i, bool endpoint = true) {
    const std::int64_t div = endpoint ? m - 1 : m;
    return div > 0 ? start + (stop - start) * static_cast<double>(i) / static_cast<double>(div) : start;
}

}  // namespace

Dataset makeMoons(std::int64_t samples, double noise, std::uint64_t seed) {
    requireAtLeast("moons", "samples", samples, 2);
    requireNonNegative("moons", "noise", noise);
    Draws draws(mixSeed(seed, 1));
    const std::int64_t nOut = samples / 2, nIn = samples - nOut;
    std::vector<double> x;
    std::vector<std::int64_t> y;
    for (std::int64_t i = 0; i < nOut; ++i) {
        const double a = linspace(0, kPi, nOut, i);
        x.insert(x.end(), {std::cos(a), std::sin(a)});
        y.push_back(0);
    }
    for (std::int64_t i = 0; i < nIn; ++i) {
        const double a = linspace(0, kPi, nIn, i);
        x.insert(x.end(), {1 - std::cos(a), 1 - std::sin(a) - 0.5});
        y.push_back(1);
    }
    const std::vector<double> eps = draws.normal(2 * samples, noise);
    for (std::size_t k = 0; k < x.size(); ++k) x[k] += eps[k];
    return classification("moons", x, y, 2, 2, draws.permutation(samples));
}

Dataset makeCircles(std::int64_t samples, double noise, double factor, std::uint64_t seed) {
    requireAtLeast("circles", "samples", samples, 2);
    requireNonNegative("circles", "noise", noise);
    if (!(factor >= 0.0 && factor < 1.0))
        throw ValueError("circles: factor must be in [0, 1), got " + std::to_string(factor));
    Draws draws(mixSeed(seed, 2));
    const std::int64_t nOut = samples / 2, nIn = samples - nOut;
    std::vector<double> x;
    std::vector<std::int64_t> y;
    for (std::int64_t i = 0; i < nOut; ++i) {
        const double a = linspace(0, 2 * kPi, nOut, i, false);
        x.insert(x.end(), {std::cos(a), std::sin(a)});
        y.push_back(0);
    }
    for (std::int64_t i = 0; i < nIn; ++i) {
        const double a = linspace(0, 2 * kPi, nIn, i, false);
        x.insert(x.end(), {factor * std::cos(a), factor * std::sin(a)});
        y.push_back(1);
    }
    const std::vector<double> eps = draws.normal(2 * samples, noise);
    for (std::size_t k = 0; k < x.size(); ++k) x[k] += eps[k];
    return classification("circles", x, y, 2, 2, draws.permutation(samples));
}

Dataset makeBlobs(std::int64_t samples, std::int64_t centers, std::int64_t features, double clusterStd,
                  std::uint64_t seed) {
    requireAtLeast("blobs", "samples", samples, 1);
    requireAtLeast("blobs", "centers", centers, 1);
    requireAtLeast("blobs", "features", features, 1);
    requireNonNegative("blobs", "clusterStd", clusterStd);
    Draws draws(mixSeed(seed, 3));
    const std::vector<double> c = draws.uniform(centers * features, -10.0, 10.0);
    std::vector<double> x;
    std::vector<std::int64_t> y;
    for (std::int64_t k = 0; k < centers; ++k) {
        const std::int64_t count = samples / centers + (k < samples % centers ? 1 : 0);
        for (std::int64_t i = 0; i < count; ++i) {
            for (std::int64_t j = 0; j < features; ++j) x.push_back(c[static_cast<std::size_t>(k * features + j)]);
            y.push_back(k);
        }
    }
    const std::vector<double> eps = draws.normal(samples * features, clusterStd);
    for (std::size_t k = 0; k < x.size(); ++k) x[k] += eps[k];
    return classification("blobs", x, y, features, centers, draws.permutation(samples));
}

Dataset makeSpirals(std::int64_t samples, std::int64_t classes, double noise, double turns, std::uint64_t seed) {
    requireAtLeast("spirals", "classes", classes, 2);
    requireAtLeast("spirals", "samples", samples, classes);
    requireNonNegative("spirals", "noise", noise);
    requireNonNegative("spirals", "turns", turns);
    Draws draws(mixSeed(seed, 4));
    const std::vector<double> jitter = draws.normal(samples, noise * 2 * kPi / static_cast<double>(classes));
    std::vector<double> x;
    std::vector<std::int64_t> y;
    std::size_t k = 0;
    for (std::int64_t arm = 0; arm < classes; ++arm) {
        const std::int64_t count = samples / classes + (arm < samples % classes ? 1 : 0);
        for (std::int64_t i = 0; i < count; ++i, ++k) {
            const double t = linspace(0, 1, count, i);
            const double r = 0.1 + 0.9 * t;
            const double a =
                2 * kPi * static_cast<double>(arm) / static_cast<double>(classes) + 2 * kPi * turns * t + jitter[k];
            x.insert(x.end(), {r * std::cos(a), r * std::sin(a)});
            y.push_back(arm);
        }
    }
    return classification("spirals", x, y, 2, classes, draws.permutation(samples));
}

Dataset makeXor(std::int64_t samples, double noise, std::uint64_t seed) {
    requireAtLeast("xor", "samples", samples, 1);
    requireNonNegative("xor", "noise", noise);
    Draws draws(mixSeed(seed, 5));
    std::vector<double> x = draws.uniform(2 * samples, -1.0, 1.0);
    std::vector<std::int64_t> y(static_cast<std::size_t>(samples));
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = (x[2 * i] > 0) != (x[2 * i + 1] > 0) ? 1 : 0;
    const std::vector<double> eps = draws.normal(2 * samples, noise);
    for (std::size_t k = 0; k < x.size(); ++k) x[k] += eps[k];
    std::vector<std::int64_t> identity(static_cast<std::size_t>(samples));
    for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<std::int64_t>(i);
    return classification("xor", x, y, 2, 2, identity);
}

Dataset makeLinearRegression(std::int64_t samples, std::int64_t features, double noise, std::uint64_t seed) {
    requireAtLeast("linear", "samples", samples, 1);
    requireAtLeast("linear", "features", features, 1);
    requireNonNegative("linear", "noise", noise);
    Draws draws(mixSeed(seed, 6));
    const std::vector<double> w = draws.uniform(features + 1, -1.0, 1.0);  // weights, then the bias
    const std::vector<double> x = draws.normal(samples * features, 1.0);
    const std::vector<double> eps = draws.normal(samples, noise);
    std::vector<double> y(static_cast<std::size_t>(samples));
    for (std::size_t i = 0; i < y.size(); ++i) {
        double s = w[static_cast<std::size_t>(features)] + eps[i];
        for (std::size_t j = 0; j < static_cast<std::size_t>(features); ++j)
            s += x[i * static_cast<std::size_t>(features) + j] * w[j];
        y[i] = s;
    }
    return regression("linear", x, y, features);
}

Dataset makeSineRegression(std::int64_t samples, double noise, std::uint64_t seed) {
    requireAtLeast("sine_regression", "samples", samples, 1);
    requireNonNegative("sine_regression", "noise", noise);
    Draws draws(mixSeed(seed, 7));
    const std::vector<double> x = draws.uniform(samples, -kPi, kPi);
    const std::vector<double> eps = draws.normal(samples, noise);
    std::vector<double> y(x.size());
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = std::sin(x[i]) + eps[i];
    return regression("sine_regression", x, y, 1);
}

Dataset makeSineSequences(std::int64_t samples, std::int64_t length, std::int64_t classes, double noise,
                          std::uint64_t seed) {
    requireAtLeast("sine_frequency", "samples", samples, 1);
    requireAtLeast("sine_frequency", "sequenceLength", length, 2);
    requireAtLeast("sine_frequency", "classes", classes, 2);
    requireNonNegative("sine_frequency", "noise", noise);
    Draws draws(mixSeed(seed, 8));
    const std::vector<double> phase = draws.uniform(samples, 0.0, 2 * kPi);
    const std::vector<double> eps = draws.normal(samples * length, noise);
    const std::vector<std::int64_t> perm = draws.permutation(samples);
    std::vector<double> x(static_cast<std::size_t>(samples * length));
    std::vector<std::int64_t> y(static_cast<std::size_t>(samples));
    for (std::int64_t i = 0; i < samples; ++i) {
        const std::int64_t c = perm[static_cast<std::size_t>(i)] % classes;  // balanced, in random order
        y[static_cast<std::size_t>(i)] = c;
        for (std::int64_t t = 0; t < length; ++t) {
            const auto k = static_cast<std::size_t>(i * length + t);
            x[k] = std::sin(2 * kPi * static_cast<double>((c + 1) * t) / static_cast<double>(length) +
                            phase[static_cast<std::size_t>(i)]) +
                   eps[k];
        }
    }
    std::vector<std::int64_t> identity(static_cast<std::size_t>(samples));
    for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<std::int64_t>(i);
    Dataset d = classification("sine_frequency", x, y, length, classes, identity);
    d.featureNames = numberedNames("t", length);
    d.classNames.clear();
    for (std::int64_t c = 0; c < classes; ++c)
        d.classNames.push_back(std::to_string(c + 1) + (c ? " cycles" : " cycle"));
    d.sampleShape = {length, 1};
    d.validate();
    return d;
}

Dataset makeSineNextValue(std::int64_t samples, std::int64_t length, double noise, std::uint64_t seed) {
    requireAtLeast("sine", "samples", samples, 1);
    requireAtLeast("sine", "sequenceLength", length, 2);
    requireNonNegative("sine", "noise", noise);
    Draws draws(mixSeed(seed, 9));
    const std::vector<double> freq = draws.uniform(samples, 1.0, 3.0);
    const std::vector<double> phase = draws.uniform(samples, 0.0, 2 * kPi);
    const std::vector<double> eps = draws.normal(samples * length, noise);
    std::vector<double> x(static_cast<std::size_t>(samples * length)), y(static_cast<std::size_t>(samples));
    const auto wave = [&](std::size_t i, std::int64_t t) {
        return std::sin(2 * kPi * freq[i] * static_cast<double>(t) / static_cast<double>(length) + phase[i]);
    };
    for (std::size_t i = 0; i < y.size(); ++i) {
        for (std::int64_t t = 0; t < length; ++t) {
            const auto k = i * static_cast<std::size_t>(length) + static_cast<std::size_t>(t);
            x[k] = wave(i, t) + eps[k];
        }
        y[i] = wave(i, length);
    }
    Dataset d = regression("sine", x, y, length);
    d.featureNames = numberedNames("t", length);
    d.sampleShape = {length, 1};
    d.validate();
    return d;
}

}  // namespace tessera::data
