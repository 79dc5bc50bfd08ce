// The built-in data sets, compiled into the library from resources/datasets (sklearn 1.2.1's copies;
// sources and licences in resources/datasets/README.md):
//
//   name            task            rows  features  sampleShape  classes
//   iris            classification   150     4      {4}          setosa, versicolor, virginica
//   wine            classification   178    13      {13}         class_0, class_1, class_2
//   breast_cancer   classification   569    30      {30}         malignant, benign
//   digits          classification  1797    64      {1, 8, 8}    0 … 9 (pixels 0–16)
//   diabetes        regression       442    10      {10}         (sklearn's default scaled features)
//
//   Dataset d = loadBuiltin("digits");   // features equal sklearn's load_digits().data as float32
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"

namespace tessera::data {

// Throws ValueError "unknown built-in data set 'x' (known: iris, wine, …)".
Dataset loadBuiltin(std::string_view name);
std::vector<std::string> builtinNames();

}  // namespace tessera::data
