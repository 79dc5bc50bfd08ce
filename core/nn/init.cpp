#include "core/nn/init.h"

#include <cmath>

namespace tessera::nn::init {

Tensor uniform(const Shape& sizes, double bound, Generator& gen) {
    Tensor t = Tensor::empty(sizes);
    gen.fillUniform(t, -bound, bound);
    return t;
}

Tensor normal(const Shape& sizes, Generator& gen) {
    Tensor t = Tensor::empty(sizes);
    gen.fillNormal(t, 0.0, 1.0);
    return t;
}

double fanInBound(std::int64_t fanIn) { return fanIn > 0 ? 1.0 / std::sqrt(static_cast<double>(fanIn)) : 0.0; }

}  // namespace tessera::nn::init
