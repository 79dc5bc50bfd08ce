#include "core/nn/embedding.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/nn/init.h"
#include "core/nn/layer_registry.h"
#include "core/nn/py_format.h"
#include "core/ops/embedding.h"
#include "core/tensor/error.h"

namespace tessera::nn {

Embedding::Embedding(const EmbeddingOptions& options, Generator& gen) : Module("Embedding"), m_options(options) {
    if (options.paddingIdx) {
        const std::int64_t p = *options.paddingIdx;
        if (p >= options.numEmbeddings || p < -options.numEmbeddings)
            throw ValueError("Embedding: padding_idx must be within num_embeddings (padding_idx " + std::to_string(p) +
                             ", num_embeddings " + std::to_string(options.numEmbeddings) + ")");
        if (p < 0) m_options.paddingIdx = p + options.numEmbeddings;
    }
    Tensor w = init::normal({options.numEmbeddings, options.embeddingDim}, gen);
    if (m_options.paddingIdx) {
        float* row = w.data<float>() + *m_options.paddingIdx * options.embeddingDim;
        std::fill(row, row + options.embeddingDim, 0.0f);
    }
    weight = registerParameter("weight", w);
}

Tensor Embedding::forward(const Tensor& input) {
    if (m_options.maxNorm) renormRows(input);
    return ops::embedding(input, weight, m_options.paddingIdx);
}

// torch's embedding_renorm_: every distinct looked-up row whose norm exceeds max_norm is scaled by
// max_norm / (norm + 1e-7). Indices out of range are left for the lookup to report.
void Embedding::renormRows(const Tensor& indices) {
    if (indices.dtype() != DType::Int64) return;  // the lookup reports the dtype
    const auto rows = indices.toVector<std::int64_t>();
    std::set<std::int64_t> distinct(rows.begin(), rows.end());
    const std::int64_t dim = m_options.embeddingDim;
    const double p = m_options.normType;
    float* w = weight.data<float>();
    bool changed = false;
    for (const std::int64_t r : distinct) {
        if (r < 0 || r >= m_options.numEmbeddings) continue;
        float* row = w + r * dim;
        double norm = 0;
        if (std::isinf(p)) {
            for (std::int64_t j = 0; j < dim; ++j) norm = std::max(norm, std::fabs(double(row[j])));
        } else if (p == 0) {
            for (std::int64_t j = 0; j < dim; ++j) norm += row[j] != 0.0f;
        } else {
            for (std::int64_t j = 0; j < dim; ++j) norm += std::pow(std::fabs(double(row[j])), p);
            norm = std::pow(norm, 1.0 / p);
        }
        if (norm > *m_options.maxNorm) {
            const auto scale = static_cast<float>(*m_options.maxNorm / (norm + 1e-7));
            for (std::int64_t j = 0; j < dim; ++j) row[j] *= scale;
            changed = true;
        }
    }
    if (changed) weight.bumpVersion();
}

std::string Embedding::extraRepr() const {
    std::string s = std::to_string(m_options.numEmbeddings) + ", " + std::to_string(m_options.embeddingDim);
    if (m_options.paddingIdx) s += ", padding_idx=" + std::to_string(*m_options.paddingIdx);
    if (m_options.maxNorm) s += ", max_norm=" + pyFloat(*m_options.maxNorm);
    if (m_options.normType != 2.0) s += ", norm_type=" + pyFloat(m_options.normType);
    return s;
}

namespace {

const LayerRegistration registration{LayerInfo{
    .type = "Embedding",
    .category = "Embedding",
    .help = "A table of learned vectors looked up by integer index.",
    .params =
        {{.name = "num_embeddings",
          .type = ParamType::Int,
          .required = true,
          .min = 0,
          .help = "Number of vectors (indices run from 0 to num_embeddings − 1)."},
         {.name = "embedding_dim", .type = ParamType::Int, .required = true, .min = 0, .help = "Size of each vector."},
         {.name = "padding_idx",
          .type = ParamType::OptionalInt,
          .defaultValue = nullptr,
          .help = "Index whose vector starts at zero and is not trained (negative counts from the end)."},
         {.name = "max_norm",
          .type = ParamType::OptionalFloat,
          .defaultValue = nullptr,
          .min = 0.0,
          .help = "Looked-up vectors with a larger norm are rescaled to this norm (the table changes in place)."},
         {.name = "norm_type",
          .type = ParamType::Float,
          .defaultValue = 2.0,
          .min = 0.0,
          .help = "The p of the p-norm compared with max_norm."}},
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<Embedding>(EmbeddingOptions{.numEmbeddings = o.at("num_embeddings").asInteger(),
                                                            .embeddingDim = o.at("embedding_dim").asInteger(),
                                                            .paddingIdx = optionalInteger(o.at("padding_idx")),
                                                            .maxNorm = optionalNumber(o.at("max_norm")),
                                                            .normType = o.at("norm_type").asNumber()},
                                           gen);
    }}};

}  // namespace

}  // namespace tessera::nn
