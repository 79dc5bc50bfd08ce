// The built-in data sets' CSV text, compiled into the library from resources/datasets/*.csv (see
// resources/datasets/embed_datasets.cmake). Read through core/data/builtin.h, not directly.
#pragma once

#include <span>
#include <string_view>

namespace tessera::data::detail {

struct BuiltinText {
    std::string_view name;  // "iris"
    std::string_view csv;   // the file's text
};

std::span<const BuiltinText> builtinTexts();

}  // namespace tessera::data::detail
