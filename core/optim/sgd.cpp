#include "core/optim/sgd.h"

#include "core/optim/optim_support.h"
#include "core/tensor/error.h"

namespace tessera::optim {

namespace {
const Options kDefaults{{"momentum", 0}, {"dampening", 0}, {"weight_decay", 0}, {"nesterov", 0}, {"maximize", 0}};
}  // namespace

SGD::SGD(std::vector<ParamGroup> groups, const Options& defaults)
    : Optimizer("SGD", detail::withDefaults("SGD", kDefaults, defaults)) {
    addParamGroups(std::move(groups));
}

SGD::SGD(std::vector<Tensor> params, const Options& defaults) : SGD(detail::oneGroup(std::move(params)), defaults) {}

void SGD::validate(const ParamGroup& group) const {
    if (!group.options.contains("lr"))
        throw ValueError("SGD: parameter group didn't specify a value of required optimization parameter lr");
    detail::checkAtLeast("learning rate", group.get("lr"), 0);
    detail::checkAtLeast("momentum value", group.get("momentum"), 0);
    detail::checkAtLeast("weight_decay value", group.get("weight_decay"), 0);
    if (group.flag("nesterov") && (group.get("momentum") <= 0 || group.get("dampening") != 0))
        throw ValueError("Nesterov momentum requires a momentum and zero dampening");
}

// torch 1.13 _single_tensor_sgd, element by element: d = ±g (+ wd·p); buf = clone(d) on the first
// step, else momentum·buf + (1 − dampening)·d; d = d + momentum·buf (Nesterov) or buf; p += −lr·d.
void SGD::update(const ParamGroup& group, const Tensor& param, const Tensor& grad, ParamState& state) {
    const double lr = group.get("lr"), momentum = group.get("momentum"), dampening = group.get("dampening");
    const double weightDecay = group.get("weight_decay");
    const bool nesterov = group.flag("nesterov"), maximize = group.flag("maximize");
    const bool fresh = !state.buffers.contains("momentum_buffer");
    Tensor buf = momentum != 0 ? detail::stateBuffer(state, "momentum_buffer", param) : Tensor();
    visitFloating(param.dtype(), "SGD.step", [&]<class T>() {
        T* p = param.data<T>();
        const T* g = grad.data<T>();
        T* b = buf.defined() ? buf.data<T>() : nullptr;
        const T wd = static_cast<T>(weightDecay), mom = static_cast<T>(momentum);
        const T keep = static_cast<T>(1 - dampening), negLr = static_cast<T>(-lr);
        const std::int64_t n = param.numel();
        for (std::int64_t i = 0; i < n; ++i) {
            T d = maximize ? -g[i] : g[i];
            if (weightDecay != 0) d = d + wd * p[i];
            if (b) {
                b[i] = fresh ? d : b[i] * mom + keep * d;
                d = nesterov ? d + mom * b[i] : b[i];
            }
            p[i] = p[i] + negLr * d;
        }
    });
    if (buf.defined()) buf.bumpVersion();
}

}  // namespace tessera::optim
