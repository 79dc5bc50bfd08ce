#include "core/ml/base/registry_markdown.h"

#include <map>

#include "core/ml/base/registry.h"

namespace tessera::ml {

namespace {

std::string escapeCell(std::string s) {
    std::string out;
    for (char c : s) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::string registryMarkdown() {
    std::string out =
        "# Estimators\n\n"
        "Generated from core/ml's estimator registry (`core/ml/base/registry_markdown.cpp`); "
        "`tests/core/ml/test_ml_docs.cpp` fails when this file is out of date and rewrites it with\n"
        "`TESSERA_WRITE_DOCS=1 build/core/tests/test_ml_docs`.\n\n"
        "Every class has scikit-learn 1.2.1's name, module, keywords and defaults (checked against "
        "`get_params()` by `test_ml_conformance`), its fitted attributes and its error messages. A keyword "
        "value that Tessera does not implement yet is refused by name when `fit` runs, never ignored.\n\n";
    std::map<std::string, std::vector<const EstimatorInfo*>> byModule;
    for (const EstimatorInfo* info : EstimatorRegistry::instance().all()) byModule[info->module].push_back(info);
    out += "| class | module | kind |\n| --- | --- | --- |\n";
    for (const auto& [module, infos] : byModule)
        for (const EstimatorInfo* info : infos)
            out += "| [" + info->name + "](#" + info->name + ") | `" + module + "` | " +
                   std::string(kindName(info->kind)) + " |\n";
    for (const auto& [module, infos] : byModule) {
        out += "\n## " + module + "\n";
        for (const EstimatorInfo* info : infos) {
            out += "\n### " + info->name + "\n\n" + info->summary + "\n\nMethods: ";
            for (std::size_t i = 0; i < info->methods.size(); ++i) out += (i ? ", `" : "`") + info->methods[i] + "`";
            out += "\n\n| keyword | default | accepted | help |\n| --- | --- | --- | --- |\n";
            for (const ParamSpec& p : info->params)
                out += "| `" + p.keyword + "` | `" + escapeCell(p.defaultValue.repr()) + "` | " +
                       escapeCell(p.typeText()) + " | " + escapeCell(p.help) + " |\n";
        }
    }
    return out;
}

}  // namespace tessera::ml
