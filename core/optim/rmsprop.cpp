#include "core/optim/rmsprop.h"

#include <cmath>

#include "core/optim/optim_support.h"

namespace tessera::optim {

namespace {
const Options kDefaults{{"lr", 1e-2},    {"alpha", 0.99}, {"eps", 1e-8},  {"weight_decay", 0},
                        {"momentum", 0}, {"centered", 0}, {"maximize", 0}};
}  // namespace

RMSprop::RMSprop(std::vector<ParamGroup> groups, const Options& defaults)
    : Optimizer("RMSprop", detail::withDefaults("RMSprop", kDefaults, defaults)) {
    addParamGroups(std::move(groups));
}

RMSprop::RMSprop(std::vector<Tensor> params, const Options& defaults)
    : RMSprop(detail::oneGroup(std::move(params)), defaults) {}

void RMSprop::validate(const ParamGroup& group) const {
    detail::checkAtLeast("learning rate", group.get("lr"), 0);
    detail::checkAtLeast("epsilon value", group.get("eps"), 0);
    detail::checkAtLeast("momentum value", group.get("momentum"), 0);
    detail::checkAtLeast("weight_decay value", group.get("weight_decay"), 0);
    detail::checkAtLeast("alpha value", group.get("alpha"), 0);
}

// torch 1.13 _single_tensor_rmsprop, element by element:
//   g = ±grad (+ wd·p);  s = s·α + (1 − α)·g·g
//   centered: a = a·α + (1 − α)·g;  avg = sqrt(s − a·a) + eps;  else avg = sqrt(s) + eps
//   momentum: b = b·μ + g / avg;  p += −lr·b;  else p += −lr·(g / avg)
void RMSprop::update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) {
    const double lr = group.get("lr"), alpha = group.get("alpha"), eps = group.get("eps");
    const double weightDecay = group.get("weight_decay"), momentum = group.get("momentum");
    const bool centered = group.flag("centered"), maximize = group.flag("maximize");
    Tensor& squareAvg = detail::stateBuffer(state, "square_avg", param);
    Tensor buf = momentum > 0 ? detail::stateBuffer(state, "momentum_buffer", param) : Tensor();
    Tensor gradAvg = centered ? detail::stateBuffer(state, "grad_avg", param) : Tensor();
    state.step += 1;
    visitFloating(param.dtype(), "RMSprop.step", [&]<class T>() {
        T* p = param.data<T>();
        const T* g = grad.data<T>();
        T* s = squareAvg.data<T>();
        T* a = centered ? gradAvg.data<T>() : nullptr;
        T* b = buf.defined() ? buf.data<T>() : nullptr;
        const T wd = static_cast<T>(weightDecay), al = static_cast<T>(alpha), oneMinusAl = static_cast<T>(1 - alpha);
        const T e = static_cast<T>(eps), mom = static_cast<T>(momentum), negLr = static_cast<T>(-lr);
        const std::int64_t n = param.numel();
        for (std::int64_t i = 0; i < n; ++i) {
            T gi = maximize ? -g[i] : g[i];
            if (weightDecay != 0) gi = gi + wd * p[i];
            s[i] = s[i] * al + oneMinusAl * gi * gi;
            T avg;
            if (a) {
                a[i] = a[i] * al + oneMinusAl * gi;
                avg = std::sqrt(s[i] + T(-1) * a[i] * a[i]);
            } else {
                avg = std::sqrt(s[i]);
            }
            avg = avg + e;
            if (b) {
                b[i] = b[i] * mom + gi / avg;
                p[i] = p[i] + negLr * b[i];
            } else {
                p[i] = p[i] + negLr * (gi / avg);
            }
        }
    });
    squareAvg.bumpVersion();
    if (buf.defined()) buf.bumpVersion();
    if (gradAvg.defined()) gradAvg.bumpVersion();
}

}  // namespace tessera::optim
