#include "core/nn/embedding.h"

#include <algorithm>

#include "core/nn/init.h"
#include "core/nn/layer_registry.h"
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

Tensor Embedding::forward(const Tensor& input) { return ops::embedding(input, weight, m_options.paddingIdx); }

std::string Embedding::extraRepr() const {
    std::string s = std::to_string(m_options.numEmbeddings) + ", " + std::to_string(m_options.embeddingDim);
    if (m_options.paddingIdx) s += ", padding_idx=" + std::to_string(*m_options.paddingIdx);
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
          .help = "Index whose vector starts at zero and is not trained (negative counts from the end)."}},
    .build = [](const io::Json& o, Generator& gen) -> std::shared_ptr<Module> {
        return std::make_shared<Embedding>(EmbeddingOptions{.numEmbeddings = o.at("num_embeddings").asInteger(),
                                                            .embeddingDim = o.at("embedding_dim").asInteger(),
                                                            .paddingIdx = optionalInteger(o.at("padding_idx"))},
                                           gen);
    }}};

}  // namespace

}  // namespace tessera::nn
