// docs/layers.md is generated from the layer, optimizer and scheduler registries; this suite fails
// when the file is stale and says how to regenerate it:
//   TESSERA_REGENERATE_DOCS=1 ctest --test-dir BUILD -R test_layer_docs
#include <QtTest>

#include <map>
#include <set>

#include "core/io/atomic_file.h"
#include "core/nn/layer_registry.h"
#include "core/optim/optimizer_registry.h"
#include "core/optim/scheduler_registry.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

const char* kDocPath = "docs/layers.md";

std::string cell(std::string text) {
    std::string out;
    for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string jsonText(const io::Json& value) {
    std::string text = io::writeJson(value, 0);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

std::string number(double v) { return jsonText(io::Json(v)); }

// Float defaults as Python writes them ("1.0", not the JSON "1").
std::string defaultText(const nn::ParamSpec& p) {
    const bool isFloat = p.type == nn::ParamType::Float || p.type == nn::ParamType::OptionalFloat;
    const std::string text = jsonText(p.defaultValue);
    return isFloat && p.defaultValue.isInteger() ? text + ".0" : text;
}

std::string rangeOf(const nn::ParamSpec& p) {
    std::string range;
    if (p.min && p.max)
        range = "[" + number(*p.min) + ", " + number(*p.max) + "]";
    else if (p.min)
        range = "≥ " + number(*p.min);
    else if (p.max)
        range = "≤ " + number(*p.max);
    if (!p.choices.empty()) {
        std::string choices;
        for (const auto& c : p.choices) choices += (choices.empty() ? "" : ", ") + ("`\"" + c + "\"`");
        range += (range.empty() ? "" : "; or ") + choices;
    }
    if (p.type == nn::ParamType::IntOrTuple && p.tupleSize > 0)
        range += (range.empty() ? "" : "; ") + std::to_string(p.tupleSize) + " values as a list";
    return range;
}

// What each scheduler takes; the registry holds factories only, so the keywords are listed here and
// the suite fails when a scheduler has no entry.
const std::map<std::string, std::string> kSchedulerKeywords{
    {"CosineAnnealingLR", "`T_max` (required), `eta_min` = 0"},
    {"LinearLR", "`start_factor` = 1/3, `end_factor` = 1.0, `total_iters` = 5"},
    {"OneCycleLR",
     "`max_lr` (required; a number or one per group), `total_steps` (or `epochs` and `steps_per_epoch`), "
     "`pct_start` = 0.3, `anneal_strategy` = `\"cos\"` or `\"linear\"`, `cycle_momentum` = true, "
     "`base_momentum` = 0.85, `max_momentum` = 0.95, `div_factor` = 25, `final_div_factor` = 1e4, "
     "`three_phase` = false"},
    {"StepLR", "`step_size` (required), `gamma` = 0.1"},
};

const std::set<std::string> kFlags{"amsgrad", "nesterov",   "maximize",      "centered",
                                   "foreach", "capturable", "differentiable"};

std::string optimizerRows(const std::string& name) {
    const std::vector<Tensor> params{Tensor::empty({1})};
    std::unique_ptr<optim::Optimizer> opt;
    bool lrRequired = false;
    try {
        opt = optim::makeOptimizer(name, {optim::ParamGroup{params, {}}}, io::Json::object());
    } catch (const ValueError&) {
        lrRequired = true;
        opt = optim::makeOptimizer(name, {optim::ParamGroup{params, {}}}, io::parseJson(R"({"lr": 1})", "docs"));
    }
    std::string rows;
    const auto& d = opt->defaults();
    for (const auto& [key, value] : d) {
        if (key == "beta2") continue;
        std::string shown;
        if (key == "lr" && lrRequired)
            shown = "required";
        else if (key == "beta1")
            shown = "[" + number(value) + ", " + number(d.at("beta2")) + "]";
        else if (kFlags.count(key))
            shown = value != 0 ? "true" : "false";
        else
            shown = number(value);
        rows += "| `" + std::string(key == "beta1" ? "betas" : key) + "` | " + shown + " |\n";
    }
    return rows;
}

std::string generate() {
    std::string md;
    md += "# Layer and optimizer reference\n\n";
    md +=
        "Generated from the registries (`core/nn/layer_registry.h`, `core/optim/*_registry.h`) by\n"
        "`tests/core/nn/test_layer_docs.cpp`, which fails when this file is stale. Regenerate with\n"
        "`TESSERA_REGENERATE_DOCS=1 ctest --test-dir BUILD -R test_layer_docs`.\n\n"
        "Every layer is the `torch.nn` class of the same name: options use torch's keyword names and\n"
        "defaults, parameters and buffers torch's state_dict names, and outputs and gradients match\n"
        "torch 1.13 (tests/core/nn). In a project file a layer is `{\"type\": \"Linear\", \"options\":\n"
        "{\"in_features\": 4, \"out_features\": 3}}`; options left out take the default shown. An int\n"
        "or tuple takes one integer for every dim or a list with one per dim. A null default is\n"
        "torch's `None`, and such an option accepts null.\n\n";
    std::map<std::string, std::vector<std::string>> byCategory;
    for (const auto& type : nn::registeredLayers()) byCategory[nn::layerInfo(type).category].push_back(type);
    md += "## Layers\n\n";
    for (const auto& [category, types] : byCategory) {
        md += "- " + category + ":";
        for (const auto& t : types) md += " [" + t + "](#" + QString::fromStdString(t).toLower().toStdString() + ")";
        md += "\n";
    }
    for (const auto& [category, types] : byCategory) {
        md += "\n### " + category + "\n";
        for (const auto& type : types) {
            const nn::LayerInfo& info = nn::layerInfo(type);
            md += "\n#### " + type + "\n\n" + info.help + "\n\n";
            if (info.params.empty()) {
                md += "No options.\n";
                continue;
            }
            md += "| Option | Type | Default | Range | Description |\n|---|---|---|---|---|\n";
            for (const auto& p : info.params)
                md += "| `" + p.name + "` | " + std::string(nn::paramTypeName(p.type)) + " | " +
                      cell(p.required ? "required" : "`" + defaultText(p) + "`") + " | " + cell(rangeOf(p)) + " | " +
                      cell(p.help) + " |\n";
        }
    }
    md +=
        "\n## Optimizers\n\nBuilt by name with torch's keyword arguments "
        "(`optim::makeOptimizer(\"Adam\", groups, {\"lr\": 0.01})`); details in "
        "[optimizers.md](optimizers.md).\n";
    for (const auto& name : optim::optimizerNames())
        md += "\n### " + name + "\n\n| Option | Default |\n|---|---|\n" + optimizerRows(name);
    md +=
        "\n## Learning-rate schedulers\n\n"
        "Built by name (`optim::makeScheduler(\"StepLR\", opt, {\"step_size\": 10})`).\n\n"
        "| Scheduler | Options |\n|---|---|\n";
    for (const auto& name : optim::schedulerNames()) {
        const auto it = kSchedulerKeywords.find(name);
        md += "| " + name + " | " + (it == kSchedulerKeywords.end() ? std::string("?") : it->second) + " |\n";
    }
    return md;
}

}  // namespace

class TestLayerDocs : public QObject {
    Q_OBJECT
private slots:
    void everySchedulerIsDescribed() {
        for (const auto& name : optim::schedulerNames())
            QVERIFY2(kSchedulerKeywords.count(name), qPrintable(QString::fromStdString(name) + " lacks keywords here"));
    }

    void everyLayerHasHelp() {
        for (const auto& type : nn::registeredLayers()) {
            const auto& info = nn::layerInfo(type);
            QVERIFY2(!info.help.empty() && !info.category.empty(), type.c_str());
            for (const auto& p : info.params) QVERIFY2(!p.help.empty(), (type + "." + p.name).c_str());
        }
    }

    void docIsCurrent() {
        const std::string path = std::string(TESSERA_SOURCE_DIR) + "/" + kDocPath;
        const std::string expected = generate();
        if (qEnvironmentVariableIsSet("TESSERA_REGENERATE_DOCS")) io::writeFileAtomically(path, expected);
        std::string actual;
        try {
            actual = io::readFile(path);
        } catch (const IoError&) {
        }
        QVERIFY2(actual == expected,
                 qPrintable(QString("%1 is stale; regenerate it with "
                                    "TESSERA_REGENERATE_DOCS=1 ctest --test-dir BUILD -R test_layer_docs")
                                .arg(kDocPath)));
    }
};

QTEST_APPLESS_MAIN(TestLayerDocs)
#include "test_layer_docs.moc"
