#include "core/optim/adam.h"

#include <cmath>

#include "core/optim/optim_support.h"

namespace tessera::optim {

namespace {
const Options kDefaults{{"lr", 1e-3},        {"beta1", 0.9}, {"beta2", 0.999}, {"eps", 1e-8},
                        {"weight_decay", 0}, {"amsgrad", 0}, {"maximize", 0}};
}  // namespace

namespace detail {

void validateAdam(const ParamGroup& group) {
    checkAtLeast("learning rate", group.get("lr"), 0);
    checkAtLeast("epsilon value", group.get("eps"), 0);
    checkRange("beta parameter at index 0", group.get("beta1"), 0, 1);
    checkRange("beta parameter at index 1", group.get("beta2"), 0, 1);
    checkAtLeast("weight_decay value", group.get("weight_decay"), 0);
}

// torch 1.13 _single_tensor_adam / _single_tensor_adamw, element by element, with the Python-side
// scalars (bias corrections, step size) in double and the tensor arithmetic in the parameter's dtype:
//   step += 1;  g = ±grad (+ wd·p, Adam)  or  p *= 1 − lr·wd (AdamW)
//   m = m·β1 + (1 − β1)·g;  v = v·β2 + (1 − β2)·g·g;  vmax = max(vmax, v) (amsgrad)
//   denom = sqrt(v or vmax) / sqrt(1 − β2^step) + eps;  p += −(lr / (1 − β1^step))·(m / denom)
void adamUpdate(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state, bool decoupled,
                const char* op) {
    const double lr = group.get("lr"), beta1 = group.get("beta1"), beta2 = group.get("beta2");
    const double eps = group.get("eps"), weightDecay = group.get("weight_decay");
    const bool amsgrad = group.flag("amsgrad"), maximize = group.flag("maximize");
    Tensor& expAvg = stateBuffer(state, "exp_avg", param);
    Tensor& expAvgSq = stateBuffer(state, "exp_avg_sq", param);
    Tensor maxExpAvgSq = amsgrad ? stateBuffer(state, "max_exp_avg_sq", param) : Tensor();
    state.step += 1;
    const double step = static_cast<double>(state.step);
    const double stepSize = lr / (1 - std::pow(beta1, step));
    const double bias2Sqrt = std::sqrt(1 - std::pow(beta2, step));
    visitFloating(param.dtype(), op, [&]<class T>() {
        T* p = param.data<T>();
        const T* g = grad.data<T>();
        T* m = expAvg.data<T>();
        T* v = expAvgSq.data<T>();
        T* vmax = amsgrad ? maxExpAvgSq.data<T>() : nullptr;
        const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2);
        const T oneMinusB1 = static_cast<T>(1 - beta1), oneMinusB2 = static_cast<T>(1 - beta2);
        const T wd = static_cast<T>(weightDecay), shrink = static_cast<T>(1 - lr * weightDecay);
        const T e = static_cast<T>(eps), bc2 = static_cast<T>(bias2Sqrt), negStep = static_cast<T>(-stepSize);
        const std::int64_t n = param.numel();
        for (std::int64_t i = 0; i < n; ++i) {
            T gi = maximize ? -g[i] : g[i];
            if (decoupled)
                p[i] = p[i] * shrink;
            else if (weightDecay != 0)
                gi = gi + wd * p[i];
            m[i] = m[i] * b1 + oneMinusB1 * gi;
            v[i] = v[i] * b2 + oneMinusB2 * gi * gi;
            T second = v[i];
            if (vmax) {
                vmax[i] = std::max(vmax[i], v[i]);
                second = vmax[i];
            }
            const T denom = std::sqrt(second) / bc2 + e;
            p[i] = p[i] + negStep * (m[i] / denom);
        }
    });
    expAvg.bumpVersion();
    expAvgSq.bumpVersion();
    if (maxExpAvgSq.defined()) maxExpAvgSq.bumpVersion();
}

}  // namespace detail

Adam::Adam(std::vector<ParamGroup> groups, const Options& defaults)
    : Optimizer("Adam", detail::withDefaults("Adam", kDefaults, defaults)) {
    addParamGroups(std::move(groups));
}

Adam::Adam(std::vector<Tensor> params, const Options& defaults) : Adam(detail::oneGroup(std::move(params)), defaults) {}

void Adam::validate(const ParamGroup& group) const { detail::validateAdam(group); }

void Adam::update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) {
    detail::adamUpdate(group, param, grad, state, false, "Adam.step");
}

}  // namespace tessera::optim
