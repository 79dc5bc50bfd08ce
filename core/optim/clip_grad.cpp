#include "core/optim/clip_grad.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/autograd/grad_mode.h"
#include "core/tensor/error.h"

namespace tessera::optim {

namespace {

std::vector<Tensor> gradsOf(const std::vector<Tensor>& parameters, const char* op) {
    std::vector<Tensor> grads;
    for (const auto& p : parameters) {
        Tensor g = p.grad();
        if (!g.defined()) continue;
        if (!g.isContiguous())
            throw ValueError(std::string(op) + ": gradients must be contiguous, got strides " +
                             shapeToString(g.strides()));
        if (!grads.empty() && g.dtype() != grads[0].dtype())
            throw TypeError(std::string(op) + ": gradients of different dtypes (" +
                            std::string(dtypeName(grads[0].dtype())) + " and " + std::string(dtypeName(g.dtype())) +
                            ")");
        grads.push_back(g);
    }
    return grads;
}

// The p-norm of values, as torch.norm: max |x| for inf (NaN when any is NaN), else (Σ|x|^p)^(1/p).
template <class T>
T norm(const T* x, std::int64_t n, double p) {
    if (std::isinf(p)) {
        T m = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            const T a = std::abs(x[i]);
            if (std::isnan(a)) return a;
            m = std::max(m, a);
        }
        return m;
    }
    double sum = 0;
    if (p == 2.0) {
        for (std::int64_t i = 0; i < n; ++i) sum += static_cast<double>(x[i]) * static_cast<double>(x[i]);
        return static_cast<T>(std::sqrt(sum));
    }
    for (std::int64_t i = 0; i < n; ++i) sum += std::pow(std::abs(static_cast<double>(x[i])), p);
    return static_cast<T>(std::pow(sum, 1.0 / p));
}

}  // namespace

Tensor clipGradNorm(const std::vector<Tensor>& parameters, double maxNorm, double normType, bool errorIfNonfinite) {
    if (!(normType > 0))
        throw ValueError("clip_grad_norm_: norm_type must be positive or inf, got " + std::to_string(normType));
    const std::vector<Tensor> grads = gradsOf(parameters, "clip_grad_norm_");
    if (grads.empty()) return Tensor::scalar<float>(0.f);
    autograd::NoGradGuard guard;
    return visitFloating(grads[0].dtype(), "clip_grad_norm_", [&]<class T>() {
        std::vector<T> norms;
        for (const auto& g : grads) norms.push_back(norm(g.data<T>(), g.numel(), normType));
        const T total = norms.size() == 1 ? norms[0] : norm(norms.data(), std::int64_t(norms.size()), normType);
        if (errorIfNonfinite && !std::isfinite(total)) {
            std::ostringstream order;
            order << normType;
            throw ValueError("The total norm of order " + order.str() +
                             " for gradients from `parameters` is non-finite, so it cannot be clipped. To disable "
                             "this error and scale the gradients by the non-finite norm anyway, set "
                             "`error_if_nonfinite=False`");
        }
        T coef = static_cast<T>(maxNorm) / (total + static_cast<T>(1e-6));
        if (!(coef <= T(1)) && !std::isnan(coef)) coef = T(1);
        for (const auto& g : grads) {
            T* d = g.data<T>();
            for (std::int64_t i = 0, n = g.numel(); i < n; ++i) d[i] = d[i] * coef;
            g.bumpVersion();
        }
        return Tensor::scalar<T>(total);
    });
}

void clipGradValue(const std::vector<Tensor>& parameters, double clipValue) {
    autograd::NoGradGuard guard;
    for (const auto& g : gradsOf(parameters, "clip_grad_value_")) {
        visitFloating(g.dtype(), "clip_grad_value_", [&]<class T>() {
            const T low = static_cast<T>(-clipValue), high = static_cast<T>(clipValue);
            T* d = g.data<T>();
            // torch's clamp_: NaN stays NaN.
            for (std::int64_t i = 0, n = g.numel(); i < n; ++i)
                if (!std::isnan(d[i])) d[i] = std::min(std::max(d[i], low), high);
        });
        g.bumpVersion();
    }
}

}  // namespace tessera::optim
