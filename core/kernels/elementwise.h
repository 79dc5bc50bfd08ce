// Element-wise loops over tensors of any strides, in the manner of PyTorch's TensorIterator: the
// inputs broadcast to the output's shape with NumPy rules (stride 0 on broadcast dims), the dims are
// ordered by the output's strides and coalesced, and the innermost loop runs on plain pointers (one
// of a few specialisations the compiler vectorises) or on byte strides for anything else. Large
// loops run in parallel over chunks of kGrain elements; small ones stay on the calling thread.
//
//   Tensor out = Tensor::empty(kernels::broadcastShapes("add", a.sizes(), b.sizes()), DType::Float32);
//   kernels::map<float, float, float>(out, [](float x, float y) { return x + y; }, a, b);
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "core/kernels/isa.h"
#include "core/kernels/layout.h"
#include "core/kernels/parallel.h"
#include "core/tensor/tensor.h"

namespace tessera::kernels {

// Elements per parallel chunk; loops with fewer elements run serially.
inline constexpr std::int64_t kGrain = 32768;

// The NumPy broadcast of two shapes. Throws ShapeError naming `op`: "add: The size of tensor a (3)
// must match the size of tensor b (4) at non-singleton dimension 1".
Shape broadcastShapes(std::string_view op, const Shape& a, const Shape& b);
Shape broadcastShapes(std::string_view op, const Shape& a, const Shape& b, const Shape& c);

// `t` itself when it already has `dtype`, else a contiguous copy converted to it.
Tensor cast(const Tensor& t, DType dtype);

// Checks that `dst` may be written in place by op `op` reading `src`: dst must not have elements
// that share memory (an expanded tensor), and src must not partially overlap dst (PyTorch's errors).
// Returns src, or a copy of it when the two overlap in a way that element order cannot make safe
// and PyTorch would not have noticed (interleaved slices of one storage).
Tensor checkInPlace(std::string_view op, const Tensor& dst, const Tensor& src);
void checkInPlace(std::string_view op, const Tensor& dst);

// Throws ShapeError naming `op` unless `shape` equals dst's shape: "add_: output with shape [3]
// doesn't match the broadcast shape [2, 3]". In-place ops never broadcast their destination.
void checkOutputShape(std::string_view op, const Tensor& dst, const Shape& shape);

// The geometry of one element-wise loop: operand 0 is the output, the others are inputs broadcast
// to its shape. Dims are stored innermost first after reordering and coalescing; strides are in bytes.
class ElementwiseIter {
public:
    static constexpr int kMaxOperands = 4;
    static constexpr int kMaxDims = 16;

    ElementwiseIter(const Tensor& out, std::initializer_list<const Tensor*> inputs);

    std::int64_t numel() const noexcept { return m_numel; }
    int ndim() const noexcept { return m_ndim; }
    int operands() const noexcept { return m_nops; }
    std::int64_t innerSize() const noexcept { return m_ndim > 0 ? m_shape[0] : 1; }
    const std::int64_t* innerStrides() const noexcept { return m_innerStrides.data(); }

    // Calls loop(ptrs, innerStrides, n) for every run of the innermost dim that meets [lo, hi) of the
    // row-major element order of the (reordered) iteration space; ptrs[k] points at operand k.
    template <class Loop>
    void forRange(std::int64_t lo, std::int64_t hi, Loop&& loop) const {
        std::array<std::int64_t, kMaxDims> idx{};
        std::int64_t rest = lo;
        for (int d = 0; d < m_ndim; ++d) {
            idx[d] = rest % m_shape[d];
            rest /= m_shape[d];
        }
        std::array<char*, kMaxOperands> ptrs{};
        const std::int64_t inner = innerSize();
        std::int64_t pos = lo;
        while (pos < hi) {
            for (int k = 0; k < m_nops; ++k) {
                char* p = m_data[k];
                for (int d = 0; d < m_ndim; ++d) p += idx[d] * m_strides[k][d];
                ptrs[k] = p;
            }
            const std::int64_t start = m_ndim > 0 ? idx[0] : 0;
            const std::int64_t n = std::min(inner - start, hi - pos);
            loop(ptrs.data(), m_innerStrides.data(), n);
            pos += n;
            if (m_ndim == 0) break;
            idx[0] = 0;
            for (int d = 1; d < m_ndim; ++d) {
                if (++idx[d] < m_shape[d]) break;
                idx[d] = 0;
            }
        }
    }

    // forRange over all elements, in parallel chunks of kGrain when there is more than one chunk.
    template <class Loop>
    void forEach(Loop&& loop) const {
        if (m_numel == 0) return;
        if (m_numel <= kGrain) {
            forRange(0, m_numel, loop);
            return;
        }
        parallelFor(0, m_numel, kGrain, [&](std::int64_t lo, std::int64_t hi) { forRange(lo, hi, loop); });
    }

private:
    void addOperand(const Tensor& t, const Shape& outSizes, int k);
    void reorderAndCoalesce();

    int m_nops = 0;
    int m_ndim = 0;
    std::int64_t m_numel = 0;
    std::array<char*, kMaxOperands> m_data{};
    std::array<std::int64_t, kMaxDims> m_shape{};
    std::array<std::array<std::int64_t, kMaxDims>, kMaxOperands> m_strides{};
    std::array<std::int64_t, kMaxOperands> m_innerStrides{};
};

namespace detail {

template <class T>
struct Contiguous {
    const T* p;
    T operator()(std::int64_t i) const { return p[i]; }
};
template <class T>
struct Fixed {
    T v;
    T operator()(std::int64_t) const { return v; }
};
template <class T>
struct Strided {
    const char* p;
    std::int64_t s;
    T operator()(std::int64_t i) const { return *reinterpret_cast<const T*>(p + i * s); }
};

// Note [Element-wise clones]: the library is compiled for baseline x86-64 (SSE2); the dense loops
// are also compiled for AVX2 and AVX-512F, and each call runs the variant of the path in use
// (kernels::activeIsa(), which TESSERA_ISA can force; one relaxed load and a predictable branch).
// The project is built with -ffp-contract=off, so no variant fuses x + a * y into an FMA (AVX-512F
// has FMA instructions): every variant computes every element with the same IEEE operations in the
// same order, and all give bit-identical results.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define TESSERA_ELEMENTWISE_VARIANTS 1
#endif

// The same loop in each variant (not a shared inline body: GCC may decline to inline a baseline
// function into a target one, which would leave the variant running baseline code).
#ifdef TESSERA_ELEMENTWISE_VARIANTS
template <class Out, class F, class... A>
__attribute__((target("avx512f"))) void contiguousLoopAvx512(Out* out, std::int64_t n, F& f, const A&... in) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = static_cast<Out>(f(in(i)...));
}
template <class Out, class F, class... A>
__attribute__((target("avx2"))) void contiguousLoopAvx2(Out* out, std::int64_t n, F& f, const A&... in) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = static_cast<Out>(f(in(i)...));
}
#endif

template <class Out, class F, class... A>
void contiguousLoop(Out* out, std::int64_t n, F& f, const A&... in) {
#ifdef TESSERA_ELEMENTWISE_VARIANTS
    switch (fastActiveIsa()) {
        case Isa::Avx512:
            contiguousLoopAvx512(out, n, f, in...);
            return;
        case Isa::Avx2:
            contiguousLoopAvx2(out, n, f, in...);
            return;
        case Isa::Baseline:
            break;
    }
#endif
    for (std::int64_t i = 0; i < n; ++i) out[i] = static_cast<Out>(f(in(i)...));
}

// Input K is a broadcast scalar along the inner dim, the others are contiguous.
template <std::size_t K, class Out, class... In, class F, std::size_t... I>
void scalarArgLoop(Out* out, char* const* p, std::int64_t n, F& f, std::index_sequence<I...>) {
    using Types = std::tuple<In...>;
    contiguousLoop(out, n, f, [&] {
        using T = std::tuple_element_t<I, Types>;
        if constexpr (I == K)
            return Fixed<T>{*reinterpret_cast<const T*>(p[I + 1])};
        else
            return Contiguous<T>{reinterpret_cast<const T*>(p[I + 1])};
    }()...);
}

template <class Out, class... In, class F, std::size_t... K>
bool tryScalarArg(Out* out, char* const* p, const std::int64_t* s, std::int64_t n, F& f, std::index_sequence<K...> ks) {
    constexpr std::array<std::int64_t, sizeof...(In)> sizes{static_cast<std::int64_t>(sizeof(In))...};
    bool done = false;
    auto attempt = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
        if (done || s[J + 1] != 0) return;
        for (std::size_t i = 0; i < sizeof...(In); ++i)
            if (i != J && s[i + 1] != sizes[i]) return;
        scalarArgLoop<J, Out, In...>(out, p, n, f, ks);
        done = true;
    };
    (attempt(std::integral_constant<std::size_t, K>{}), ...);
    return done;
}

template <class Out, class... In, class F>
void innerLoop(char* const* p, const std::int64_t* s, std::int64_t n, F& f) {
    using Seq = std::index_sequence_for<In...>;
    constexpr std::array<std::int64_t, sizeof...(In) + 1> sizes{static_cast<std::int64_t>(sizeof(Out)),
                                                                static_cast<std::int64_t>(sizeof(In))...};
    if (s[0] == sizes[0]) {
        Out* out = reinterpret_cast<Out*>(p[0]);
        bool contiguous = true;
        for (std::size_t k = 1; k < sizes.size(); ++k) contiguous = contiguous && s[k] == sizes[k];
        if (contiguous) {
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                contiguousLoop(out, n, f, Contiguous<In>{reinterpret_cast<const In*>(p[I + 1])}...);
            }
            (Seq{});
            return;
        }
        if constexpr (sizeof...(In) > 0) {
            if (tryScalarArg<Out, In...>(out, p, s, n, f, Seq{})) return;
        }
    }
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        char* o = p[0];
        const std::int64_t os = s[0];
        const std::tuple<Strided<In>...> in{Strided<In>{p[I + 1], s[I + 1]}...};
        for (std::int64_t i = 0; i < n; ++i)
            *reinterpret_cast<Out*>(o + i * os) = static_cast<Out>(f(std::get<I>(in)(i)...));
    }
    (Seq{});
}

// Throws TypeError when t's dtype is not `expected` (a bug in the calling op, not a user error).
[[noreturn]] void throwDType(const Tensor& t, DType expected);
inline void checkDType(const Tensor& t, DType expected) {
    if (t.dtype() != expected) [[unlikely]]
        throwDType(t, expected);
}

// Note [Element-wise fast path]: most element-wise calls of eager autograd have a contiguous output
// and inputs that are either contiguous with the output's shape or a single broadcast element. They
// run the dense loop directly on the data pointers, without setting up an ElementwiseIter (whose
// set-up costs as much as the loop itself for a 32x32 tensor). Anything else takes the iterator.
template <class In>
struct FastArg {
    const In* p = nullptr;
    bool single = false;  // one element broadcast to every position
    bool ok = false;      // dense or single: the fast path applies
};

template <class In>
FastArg<In> classify(const Tensor& t, const Tensor& out) {
    FastArg<In> a{static_cast<const In*>(t.rawData())};
    if (sameShape(t.sizes(), out.sizes())) {
        // Dense in the output's own order: contiguous for a contiguous output, the same strides for a
        // permuted dense one (Note [Output layout] in layout.cpp), so memory order is element order.
        if (out.isContiguous() ? t.isContiguous() : sameShape(t.strides(), out.strides())) {
            a.ok = true;
            return a;
        }
        // An expanded single element (stride 0 everywhere), as a gradient of sum() is.
        a.single = a.ok = std::all_of(t.strides().begin(), t.strides().end(), [](std::int64_t s) { return s == 0; });
        return a;
    }
    a.single = a.ok = t.dim() <= out.dim() && t.numel() == 1;
    return a;
}

template <class Out, class... In, class F, std::size_t... I>
void fastLoop(Out* out, std::int64_t lo, std::int64_t hi, F& f, const std::tuple<FastArg<In>...>& args,
              std::index_sequence<I...>) {
    // Each input is either dense or one broadcast element; the common mixes get their own loop.
    const bool allDense = (!std::get<I>(args).single && ...);
    if (allDense) {
        contiguousLoop(out + lo, hi - lo, f, Contiguous<In>{std::get<I>(args).p + lo}...);
        return;
    }
    if constexpr (sizeof...(In) == 2) {
        const auto& a = std::get<0>(args);
        const auto& b = std::get<1>(args);
        using A = std::tuple_element_t<0, std::tuple<In...>>;
        using B = std::tuple_element_t<1, std::tuple<In...>>;
        if (!a.single && b.single) {
            contiguousLoop(out + lo, hi - lo, f, Contiguous<A>{a.p + lo}, Fixed<B>{*b.p});
            return;
        }
        if (a.single && !b.single) {
            contiguousLoop(out + lo, hi - lo, f, Fixed<A>{*a.p}, Contiguous<B>{b.p + lo});
            return;
        }
    }
    contiguousLoop(out + lo, hi - lo, f,
                   Strided<In>{reinterpret_cast<const char*>(std::get<I>(args).p + (std::get<I>(args).single ? 0 : lo)),
                               std::get<I>(args).single ? 0 : static_cast<std::int64_t>(sizeof(In))}...);
}

}  // namespace detail

// out[i] = f(inputs[i]...) with the inputs broadcast to out's shape. Out and In... are the element
// types of out and of each input; they must match the tensors' dtypes. out must not overlap the
// inputs except exactly (same element at the same place, as in-place ops do).
template <class Out, class... In, class F, class... Ts>
void map(const Tensor& out, F f, const Ts&... inputs) {
    static_assert(sizeof...(In) == sizeof...(Ts), "map: one element type per input");
    static_assert(sizeof...(In) + 1 <= ElementwiseIter::kMaxOperands, "map: too many inputs");
    detail::checkDType(out, dtypeOf<Out>);
    (detail::checkDType(inputs, dtypeOf<In>), ...);
    const std::tuple<detail::FastArg<In>...> args{detail::classify<In>(inputs, out)...};
    const bool fast = std::apply([](const auto&... a) { return (a.ok && ...); }, args);
    if (fast && (out.isContiguous() || isNonOverlappingAndDense(out))) {
        Out* o = static_cast<Out*>(out.rawData());
        const std::int64_t n = out.numel();
        if (n <= kGrain) {
            detail::fastLoop<Out, In...>(o, 0, n, f, args, std::index_sequence_for<In...>{});
            return;
        }
        parallelFor(0, n, kGrain, [&](std::int64_t lo, std::int64_t hi) {
            detail::fastLoop<Out, In...>(o, lo, hi, f, args, std::index_sequence_for<In...>{});
        });
        return;
    }
    const ElementwiseIter it(out, {&inputs...});
    it.forEach(
        [&f](char* const* p, const std::int64_t* s, std::int64_t n) { detail::innerLoop<Out, In...>(p, s, n, f); });
}

}  // namespace tessera::kernels
