// The parameters of a layer that the shape arriving at its input decides: Linear's in_features is the
// last dimension, Conv2d's in_channels and BatchNorm2d's num_features the channel dimension, LayerNorm's
// normalized_shape the last dimension as a list, an LSTM's input_size, an attention layer's embed_dim or
// d_model the feature dimension. The designer fills them when an edge is made, as Neural Network
// Console does, so a layer dropped after another is right without counting features by hand.
//
//   io::Json filled = shapeDeterminedParams("Linear", TensorType{{Dim::symbol("N"), 16}});
//   // {"in_features": 16}; an empty object for a type none of whose parameters follow from its input
#pragma once

#include <string_view>

#include "core/graph/tensor_type.h"
#include "core/io/json.h"

namespace tessera::graph {

// The values the input type `incoming` (at input port 0) gives the parameters of a node of `type`;
// parameters whose dimension is not known (a symbol) are left out.
io::Json shapeDeterminedParams(std::string_view type, const TensorType& incoming);

}  // namespace tessera::graph
