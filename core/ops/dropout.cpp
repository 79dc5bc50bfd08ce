#include "core/ops/dropout.h"

#include <sstream>

#include "core/ops/dispatch.h"
#include "core/ops/div.h"
#include "core/ops/mul.h"
#include "core/ops/view.h"
#include "core/tensor/generator.h"

namespace tessera::ops {

namespace {
const OpInfo& kDropout = registerOp({"dropout", OpCategory::Random, elementwiseCost});
}  // namespace

Tensor dropout(const Tensor& x, double p, bool training, Generator* gen) {
    OpCall call(kDropout, x);
    if (!(p >= 0 && p <= 1)) {
        std::ostringstream s;
        s << "dropout: dropout probability has to be between 0 and 1, but got " << p;
        throw ValueError(s.str());
    }
    if (p == 0 || !training || x.numel() == 0) return call.finish(x);
    if (!isFloating(x.dtype()))
        throw TypeError("dropout: result type float32 can't be cast to the desired output type " +
                        std::string(dtypeName(x.dtype())));
    // torch multiplies by a 0-d zero rather than returning zeros, so NaN and inf inputs give NaN.
    if (p == 1) return call.finish(mul(x, to(Tensor::scalar<double>(0.0), x.dtype())));
    Tensor mask = Tensor::empty(x.sizes(), x.dtype());
    (gen ? *gen : defaultGenerator()).fillBernoulli(mask, 1 - p);
    div_(mask, 1 - p);
    return call.finish(mul(x, mask));
}

}  // namespace tessera::ops
