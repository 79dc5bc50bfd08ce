// What `import …` and `from … import …` bind in a script, and the attributes of imported modules.
//
//   importValue("sklearn.preprocessing", "StandardScaler");   //
//   Value::callable("sklearn.preprocessing.StandardScaler") importValue("sklearn.svm", "NuSVR");      // ImportError:
//   sklearn.svm.NuSVR is not available in Tessera importModule("numpy");                    // Value::module("numpy"):
//   np.float64, np.int64, np.nan moduleAttribute("numpy", "nan");          // Value(NaN)
//
// `from sklearn.MODULE import A` accepts a registered estimator of that module (core/ml's registry), a
// splitter class, or a function of the script's sklearn tables (bindings_sklearn_*.cpp);
// `from tessera.MODULE import …` Tessera's own estimators; `from scipy.stats import loguniform` the
// distributions of RandomizedSearchCV; `import numpy as np` and torch's modules.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/script/value.h"

namespace tessera::script {

// `from MODULE import NAME`; ImportError (as ValueError) in Python's or Tessera's words when absent.
Value importValue(std::string_view module, std::string_view name);
// `import MODULE` (the module itself; the interpreter binds the first part unless there is `as`).
Value importModule(std::string_view module);
// MODULE.NAME for the constants and submodules of numpy, torch and sklearn; nullopt when there is none.
std::optional<Value> moduleAttribute(std::string_view module, std::string_view name);
// A script that imports from sklearn, tessera or numpy is NumPy-style: its float32 inputs are widened to
// float64 as sklearn's check_array widens them (docs/cli.md).
bool isNumpyStyleModule(std::string_view module);

}  // namespace tessera::script
