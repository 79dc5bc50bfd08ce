#include "core/graph/shape_params.h"

#include <array>
#include <cstdint>

namespace tessera::graph {

namespace {

// `dim` counts from the front when ≥ 0 and from the back when < 0 (-1 is the last dimension).
struct ShapeParam {
    std::string_view type;
    std::string_view param;
    int dim;
    int minRank;
    bool asList;  // LayerNorm's normalized_shape is a list of the trailing dimensions
};

constexpr std::array kShapeParams{
    ShapeParam{"Linear", "in_features", -1, 2, false},
    ShapeParam{"Conv1d", "in_channels", 1, 3, false},
    ShapeParam{"Conv2d", "in_channels", 1, 4, false},
    ShapeParam{"BatchNorm1d", "num_features", 1, 2, false},
    ShapeParam{"BatchNorm2d", "num_features", 1, 4, false},
    ShapeParam{"LayerNorm", "normalized_shape", -1, 2, true},
    ShapeParam{"RNN", "input_size", -1, 2, false},
    ShapeParam{"LSTM", "input_size", -1, 2, false},
    ShapeParam{"GRU", "input_size", -1, 2, false},
    ShapeParam{"MultiheadAttention", "embed_dim", -1, 2, false},
    ShapeParam{"TransformerEncoderLayer", "d_model", -1, 2, false},
    ShapeParam{"PositionalEncoding", "d_model", -1, 3, false},
};

}  // namespace

io::Json shapeDeterminedParams(std::string_view type, const TensorType& incoming) {
    io::Json out = io::Json::object();
    const auto rank = static_cast<int>(incoming.shape.size());
    for (const ShapeParam& p : kShapeParams) {
        if (p.type != type || rank < p.minRank) continue;
        const Dim& d = incoming.shape[static_cast<std::size_t>(p.dim >= 0 ? p.dim : rank + p.dim)];
        if (!d.isKnown()) continue;
        out.set(std::string(p.param), p.asList ? io::Json::array({io::Json(d.size)}) : io::Json(d.size));
    }
    return out;
}

}  // namespace tessera::graph
