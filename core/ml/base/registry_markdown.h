// docs/estimators.md, generated from the estimator registry: every class with its module, kind,
// methods and keywords (default, accepted values, help). tests/core/ml/test_ml_docs.cpp checks that the
// file is current and rewrites it when run with TESSERA_WRITE_DOCS=1.
//
//   std::string md = ml::registryMarkdown();
#pragma once

#include <string>

namespace tessera::ml {

std::string registryMarkdown();

}  // namespace tessera::ml
