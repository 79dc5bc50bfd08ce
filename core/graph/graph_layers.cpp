#include "core/graph/graph_layers.h"

#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/add.h"
#include "core/ops/div.h"
#include "core/ops/sum.h"
#include "core/ops/var.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"

namespace tessera::graph {

Normalize::Normalize(std::vector<std::int64_t> sampleShape) : Module("Normalize") {
    mean = registerBuffer("mean", zeros(sampleShape));
    std = registerBuffer("std", ones(sampleShape));
}

void Normalize::fit(const Tensor& samples) {
    Shape expected = mean.sizes();
    expected.insert(expected.begin(), samples.dim() > 0 ? samples.size(0) : 0);
    if (samples.sizes() != expected || samples.size(0) == 0) {
        throw ShapeError("Normalize: fitting needs N ≥ 1 samples of shape " + shapeToString(mean.sizes()) +
                         ", got a tensor of shape " + shapeToString(samples.sizes()));
    }
    autograd::NoGradGuard noGrad;
    const Tensor x = ops::to(samples, DType::Float64);
    const Tensor m = ops::mean(x, {0});
    Tensor s = ops::stdDev(x, {0}, /*correction=*/0);
    std::vector<double> sv = ops::contiguous(s).toVector<double>();
    for (auto& v : sv) {
        if (v == 0.0) v = 1.0;
    }
    const std::vector<double> mv = ops::contiguous(m).toVector<double>();
    float* mp = mean.data<float>();
    float* sp = std.data<float>();
    for (std::size_t i = 0; i < mv.size(); ++i) {
        mp[i] = static_cast<float>(mv[i]);
        sp[i] = static_cast<float>(sv[i]);
    }
}

Tensor Normalize::forward(const Tensor& input) { return ops::div(ops::sub(input, mean), std); }

std::string Normalize::extraRepr() const { return "shape=" + shapeToString(mean.sizes()); }

PositionalEncoding::PositionalEncoding(std::int64_t dModel, std::int64_t maxLen)
    : Module("PositionalEncoding"), m_dModel(dModel), m_maxLen(maxLen) {
    Tensor table = zeros({maxLen, dModel});
    float* p = table.data<float>();
    for (std::int64_t pos = 0; pos < maxLen; ++pos) {
        for (std::int64_t i = 0; i < dModel; i += 2) {
            const double angle = static_cast<double>(pos) *
                                 std::exp(static_cast<double>(i) * (-std::log(10000.0) / static_cast<double>(dModel)));
            p[pos * dModel + i] = static_cast<float>(std::sin(angle));
            if (i + 1 < dModel) p[pos * dModel + i + 1] = static_cast<float>(std::cos(angle));
        }
    }
    pe = registerBuffer("pe", table);
}

Tensor PositionalEncoding::forward(const Tensor& input) {
    if (input.dim() != 3 || input.size(2) != m_dModel || input.size(1) > m_maxLen) {
        throw ShapeError("PositionalEncoding: expects [N, L ≤ " + std::to_string(m_maxLen) + ", " +
                         std::to_string(m_dModel) + "], got " + shapeToString(input.sizes()));
    }
    return ops::add(input, ops::narrow(pe, 0, 0, input.size(1)));
}

std::string PositionalEncoding::extraRepr() const {
    return "d_model=" + std::to_string(m_dModel) + ", max_len=" + std::to_string(m_maxLen);
}

}  // namespace tessera::graph
