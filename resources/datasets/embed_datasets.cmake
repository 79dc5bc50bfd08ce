# Writes a C++ file holding the built-in data sets' CSV text (core/data/builtin_text.h), so that
# libtessera_core carries them and no data folder has to be found at run time.
#   cmake -DDATASET_DIR=<resources/datasets> -DOUTPUT=<file.cpp> "-DNAMES=iris;wine" -P embed_datasets.cmake
# Each text is a char array with its size taken from sizeof: a string_view built from a literal of
# several hundred kilobytes would make the compiler count its characters in a constexpr loop.
set(arrays "")
set(entries "")
foreach(name ${NAMES})
  file(READ ${DATASET_DIR}/${name}.csv text)
  string(FIND "${text}" ")tessera_csv\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${name}.csv contains the raw string delimiter")
  endif()
  string(APPEND arrays "constexpr char k_${name}[] = R\"tessera_csv(${text})tessera_csv\";\n")
  string(APPEND entries "    {\"${name}\", std::string_view(k_${name}, sizeof k_${name} - 1)},\n")
endforeach()
file(WRITE ${OUTPUT}.tmp "// Generated from resources/datasets/*.csv by resources/datasets/embed_datasets.cmake.
#include \"core/data/builtin_text.h\"

namespace tessera::data::detail {

namespace {
${arrays}
const BuiltinText kTexts[] = {
${entries}};
}  // namespace

std::span<const BuiltinText> builtinTexts() { return kTexts; }

}  // namespace tessera::data::detail
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
