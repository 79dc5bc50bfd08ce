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

}  // namespace tessera::ops::detail
