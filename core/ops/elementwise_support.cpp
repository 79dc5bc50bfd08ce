#include "core/ops/elementwise_support.h"

namespace tessera::ops::detail {

std::string_view torchTypeName(DType t) {
    switch (t) {
        case DType::Float32:
            return "Float";
        case DType::Float64:
            return "Double";
        case DType::Int64:
            return "Long";
        case DType::Bool:
            return "Bool";
    }
    return "?";
}

void throwNotImplemented(std::string_view op, std::string_view kernel, DType t) {
    throw TypeError(std::string(op) + ": \"" + std::string(kernel) + "\" not implemented for '" +
                    std::string(torchTypeName(t)) + "'");
}

void checkAlpha(std::string_view op, DType result, const Scalar& alpha) {
    if (alpha.isBool() && result != DType::Bool)
        throw TypeError(std::string(op) + ": Boolean alpha only supported for Boolean results.");
    if (alpha.isFloating() && !isFloating(result))
        throw TypeError(std::string(op) +
                        ": For integral input tensors, argument alpha must not be a floating point number.");
}

void checkCast(std::string_view op, DType result, DType dst) {
    if (!canCast(result, dst))
        throw TypeError(std::string(op) + ": result type " + std::string(torchTypeName(result)) +
                        " can't be cast to the desired output type " + std::string(torchTypeName(dst)));
}

Tensor unaryHistory(const Tensor& out, const Tensor& x, std::string_view name, UnaryBackward::Formula formula,
                    Save save) {
    return withGrad<UnaryBackward>(
        out,
        [&](UnaryBackward& n) {
            n.nodeName = name;
            n.formula = formula;
            if (save == Save::Self)
                n.self = autograd::SavedVariable(x);
            else if (save == Save::Result)
                n.result = autograd::SavedVariable(out, true);
        },
        x);
}

void checkInplaceAutograd(std::string_view op, const Tensor& self) {
    if (autograd::GradMode::isEnabled() && self.isLeaf() && self.requiresGrad())
        throw AutogradError(std::string(op) +
                            ": a leaf Variable that requires grad is being used in an in-place operation.");
}

}  // namespace tessera::ops::detail
