#include "core/tensor/factory.h"

#include <cmath>
#include <string>

#include "core/kernels/layout.h"
#include "core/kernels/parallel.h"
#include "core/ops/dispatch.h"

namespace tessera {

namespace {
using ops::OpCall;
using ops::OpCategory;
using ops::OpInfo;
using ops::registerOp;

const OpInfo& kZeros = registerOp({"zeros", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kOnes = registerOp({"ones", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kFull = registerOp({"full", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kArange = registerOp({"arange", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kLinspace = registerOp({"linspace", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kEye = registerOp({"eye", OpCategory::Factory, ops::elementwiseCost, false});
const OpInfo& kRand = registerOp({"rand", OpCategory::Random, ops::elementwiseCost, false});
const OpInfo& kRandn = registerOp({"randn", OpCategory::Random, ops::elementwiseCost, false});
const OpInfo& kRandint = registerOp({"randint", OpCategory::Random, ops::elementwiseCost, false});
const OpInfo& kRandperm = registerOp({"randperm", OpCategory::Random, ops::elementwiseCost, false});
const OpInfo& kBernoulli = registerOp({"bernoulli", OpCategory::Random, ops::elementwiseCost, false});

constexpr std::int64_t kGrain = 1 << 16;

Tensor filled(const Shape& sizes, double value, DType dtype) {
    Tensor out = Tensor::empty(sizes, dtype);
    visitDType(dtype, [&]<class T>() {
        T* p = out.data<T>();
        const T v = static_cast<T>(value);
        kernels::parallelFor(0, out.numel(), kGrain, [&](std::int64_t lo, std::int64_t hi) {
            for (std::int64_t i = lo; i < hi; ++i) p[i] = v;
        });
    });
    return out;
}

Generator& orDefault(Generator* gen) { return gen ? *gen : defaultGenerator(); }

void checkFloatingDType(DType dtype, const char* op) {
    if (!isFloating(dtype))
        throw TypeError(std::string(op) + ": expected a floating point dtype (float32 or float64), got " +
                        std::string(dtypeName(dtype)));
}

// Note [Matching torch's range arithmetic]: torch 1.13 computes arange and linspace on the CPU with an
// AVX2 kernel: runs of 2×8 float (2×4 double or int64) elements start from a base computed with a fused
// multiply-add, and the lanes of each vector of 8 (4) add k·step to that base; the tail past the last
// full run of 16 (8) elements is computed per element. Rounding differs between the two forms in the
// last bit, so element i is computed here the way torch computes it, which makes the results equal to
// torch's bit for bit (checked by test_factory against torch). Ranges above torch's parallel grain
// (32768 elements) depend on torch's thread count; ours do not.
template <class T>
constexpr std::int64_t vectorLanes() {
    return 32 / static_cast<std::int64_t>(sizeof(T));
}

// Calls f(i, baseIndex, lane) for every i in [0, n): baseIndex/lane locate i in torch's vector runs;
// lane < 0 marks the per-element tail.
template <class T, class F>
void forEachRangeElement(std::int64_t n, F f) {
    const std::int64_t lanes = vectorLanes<T>();
    const std::int64_t vectorised = n - n % (2 * lanes);
    for (std::int64_t i = 0; i < n; ++i) {
        if (i < vectorised)
            f(i, i - i % lanes, i % lanes);
        else
            f(i, i, -1);
    }
}

}  // namespace

Tensor zeros(const Shape& sizes, DType dtype) {
    OpCall call(kZeros);
    return call.finish(filled(sizes, 0.0, dtype));
}

Tensor ones(const Shape& sizes, DType dtype) {
    OpCall call(kOnes);
    return call.finish(filled(sizes, 1.0, dtype));
}

Tensor full(const Shape& sizes, double value, DType dtype) {
    OpCall call(kFull);
    return call.finish(filled(sizes, value, dtype));
}

namespace {
// torch.preserve_format, as *_like factories default to: a dense x's layout (the filled memory is the
// same in any dense order, so the contiguous result is viewed with x's strides), contiguous otherwise.
Tensor likeLayout(const Tensor& x, Tensor filled) {
    if (x.isContiguous() || !kernels::isNonOverlappingAndDense(x)) return filled;
    return Tensor::fromStorage(filled.storage(), x.sizes(), x.strides(), 0, filled.dtype());
}
}  // namespace

Tensor zerosLike(const Tensor& x, std::optional<DType> dtype) {
    return likeLayout(x, zeros(x.sizes(), dtype.value_or(x.dtype())));
}
Tensor onesLike(const Tensor& x, std::optional<DType> dtype) {
    return likeLayout(x, ones(x.sizes(), dtype.value_or(x.dtype())));
}
Tensor fullLike(const Tensor& x, double value, std::optional<DType> dtype) {
    return likeLayout(x, full(x.sizes(), value, dtype.value_or(x.dtype())));
}

Tensor arange(double start, double end, double step, DType dtype) {
    OpCall call(kArange);
    if (dtype == DType::Bool) throw TypeError("arange: \"arange_cpu\" not implemented for 'Bool'");
    if (dtype == DType::Int64) {
        // torch converts the arguments to the output type before it counts.
        start = std::trunc(start);
        end = std::trunc(end);
        step = std::trunc(step);
    }
    if (step == 0) throw ValueError("arange: step must be nonzero");
    if (!std::isfinite(start) || !std::isfinite(end))
        throw ValueError("arange: unsupported range: " + std::to_string(start) + " -> " + std::to_string(end));
    if ((step > 0 && end < start) || (step < 0 && end > start))
        throw ValueError("arange: upper bound and larger bound inconsistent with step sign (start " +
                         std::to_string(start) + ", end " + std::to_string(end) + ", step " + std::to_string(step) +
                         ")");
    const double count = std::ceil((end - start) / step);
    if (count > 9.0e15) throw ValueError("arange: the range holds too many elements (" + std::to_string(count) + ")");
    const auto n = static_cast<std::int64_t>(count);
    Tensor out = Tensor::empty({n}, dtype);
    visitDType(dtype, [&]<class T>() {
        T* p = out.data<T>();
        if constexpr (std::is_same_v<T, std::int64_t>) {
            const auto s = static_cast<std::int64_t>(start), d = static_cast<std::int64_t>(step);
            for (std::int64_t i = 0; i < n; ++i) p[i] = s + d * i;
        } else if constexpr (std::is_floating_point_v<T>) {
            // Note [Matching torch's range arithmetic]; the arithmetic is in double for both types.
            forEachRangeElement<T>(n, [&](std::int64_t i, std::int64_t base, std::int64_t lane) {
                const T b = static_cast<T>(std::fma(step, static_cast<double>(base), start));
                p[i] = lane < 0 ? b : static_cast<T>(std::fma(static_cast<double>(lane), step, static_cast<double>(b)));
            });
        }
    });
    return call.finish(out);
}

Tensor linspace(double start, double end, std::int64_t steps, DType dtype) {
    OpCall call(kLinspace);
    if (steps < 0) throw ValueError("linspace: number of steps must be non-negative, got " + std::to_string(steps));
    if (dtype == DType::Bool) throw TypeError("linspace: \"linspace_cpu\" not implemented for 'Bool'");
    Tensor out = Tensor::empty({steps}, dtype);
    visitDType(dtype, [&]<class T>() {
        if constexpr (!std::is_same_v<T, bool>) {
            T* p = out.data<T>();
            if (steps == 1) p[0] = static_cast<T>(start);
            if (steps <= 1) return;
            // torch's types: the ends in the output type, the step in it too (double for int64).
            using Step = std::conditional_t<std::is_integral_v<T>, double, T>;
            const T a = static_cast<T>(start), b = static_cast<T>(end);
            const Step step = (static_cast<Step>(b) - static_cast<Step>(a)) / static_cast<Step>(steps - 1);
            const std::int64_t halfway = steps / 2;
            // Note [Matching torch's range arithmetic]: the base of a run is a fused multiply-add from
            // the nearer end; the lanes add k·step with a separate rounding of the product.
            auto at = [&](std::int64_t i) -> Step {
                if (i < halfway) return std::fma(step, static_cast<Step>(i), static_cast<Step>(a));
                return std::fma(-step, static_cast<Step>(steps - i - 1), static_cast<Step>(b));
            };
            forEachRangeElement<T>(steps, [&](std::int64_t i, std::int64_t base, std::int64_t lane) {
                const T v = static_cast<T>(at(base));
                p[i] = lane < 0 ? v : static_cast<T>(static_cast<Step>(v) + static_cast<Step>(lane) * step);
            });
        }
    });
    return call.finish(out);
}

Tensor eye(std::int64_t n, std::int64_t m, DType dtype) {
    OpCall call(kEye);
    if (m == -1) m = n;
    if (n < 0 || m < 0)
        throw ValueError("eye: n and m must be non-negative, got n=" + std::to_string(n) + " m=" + std::to_string(m));
    Tensor out = filled({n, m}, 0.0, dtype);
    visitDType(dtype, [&]<class T>() {
        T* p = out.data<T>();
        for (std::int64_t i = 0; i < std::min(n, m); ++i) p[i * m + i] = static_cast<T>(1);
    });
    return call.finish(out);
}

Tensor rand(const Shape& sizes, DType dtype, Generator* gen) {
    OpCall call(kRand);
    checkFloatingDType(dtype, "rand");
    Tensor out = Tensor::empty(sizes, dtype);
    orDefault(gen).fillUniform(out);
    return call.finish(out);
}

Tensor randn(const Shape& sizes, DType dtype, Generator* gen) {
    OpCall call(kRandn);
    checkFloatingDType(dtype, "randn");
    Tensor out = Tensor::empty(sizes, dtype);
    orDefault(gen).fillNormal(out);
    return call.finish(out);
}

Tensor randint(std::int64_t low, std::int64_t high, const Shape& sizes, DType dtype, Generator* gen) {
    OpCall call(kRandint);
    Tensor out = Tensor::empty(sizes, dtype);
    orDefault(gen).fillRandint(out, low, high);
    return call.finish(out);
}

Tensor randperm(std::int64_t n, DType dtype, Generator* gen) {
    OpCall call(kRandperm);
    return call.finish(orDefault(gen).randperm(n, dtype));
}

Tensor bernoulli(const Tensor& probs, Generator* gen) {
    OpCall call(kBernoulli, probs);
    checkFloatingDType(probs.dtype(), "bernoulli");
    Tensor out = Tensor::empty(probs.sizes(), probs.dtype());
    orDefault(gen).fillBernoulli(out, probs);
    return call.finish(out);
}

}  // namespace tessera
