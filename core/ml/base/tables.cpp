#include "core/ml/base/tables.h"

#include <set>

#include "core/ml/base/errors.h"

namespace tessera::ml {

namespace {

const TableTransformer* tableTransformer(const Estimator& est) { return dynamic_cast<const TableTransformer*>(&est); }
TableTransformer* tableTransformer(Estimator& est) { return dynamic_cast<TableTransformer*>(&est); }

}  // namespace

void fitOnTable(Estimator& est, const data::Table& X, const Array& y, const Tensor& sampleWeight, bool named) {
    if (auto* t = tableTransformer(est))
        t->fitColumns(X, y, sampleWeight, named);
    else if (named)
        est.fitTable(X, y, sampleWeight);
    else
        est.fit(X.numericTensor(), y, sampleWeight);
}

data::Table fitTransformToTable(Estimator& est, const data::Table& X, const Array& y, const Tensor& sampleWeight,
                                bool named) {
    if (auto* t = tableTransformer(est)) return t->fitTransformColumns(X, y, sampleWeight, named);
    return positionalTable(named ? est.fitTransformTable(X, y, sampleWeight)
                                 : est.fitTransform(X.numericTensor(), y, sampleWeight));
}

data::Table transformToTable(const Estimator& est, const data::Table& X, bool named) {
    if (const auto* t = tableTransformer(est)) return t->transformColumns(X, named);
    return positionalTable(named ? est.transformTable(X) : est.transform(X.numericTensor()));
}

Array predictOnTable(const Estimator& est, const data::Table& X, bool named) {
    return named ? est.predictTable(X) : est.predict(X.numericTensor());
}

Tensor predictProbaOnTable(const Estimator& est, const data::Table& X, bool named) {
    return named ? est.predictProbaTable(X) : est.predictProba(X.numericTensor());
}

Tensor decisionFunctionOnTable(const Estimator& est, const data::Table& X, bool named) {
    return named ? est.decisionFunctionTable(X) : est.decisionFunction(X.numericTensor());
}

double scoreOnTable(const Estimator& est, const data::Table& X, const Array& y, const Tensor& sampleWeight,
                    bool named) {
    return named ? est.scoreTable(X, y, sampleWeight) : est.score(X.numericTensor(), y, sampleWeight);
}

data::Table inverseTransformToTable(const Estimator& est, const Tensor& X) {
    if (const auto* t = tableTransformer(est))
        if (auto out = t->inverseTransformColumns(X)) return std::move(*out);
    const Tensor Z = est.inverseTransform(X);
    if (!est.hasAttribute("feature_names_in_")) return positionalTable(Z);
    return data::Table::fromTensor(Z, est.attribute("feature_names_in_").strings("feature_names_in_"));
}

data::Table positionalTable(const Tensor& Z) {
    if (Z.dim() == 1) return data::Table::fromTensor(Tensor::fromVector<double>(Z.toVector<double>(), {Z.size(0), 1}));
    return data::Table::fromTensor(Z);
}

std::vector<std::pair<std::string, Array>> tableFitAttributes(const data::Table& X, bool named,
                                                              std::string_view estimator) {
    if (X.rows() < 1)
        throw ValueError("Found array with 0 sample(s) (shape=(0, " + std::to_string(X.columnCount()) +
                         ")) while a minimum of 1 is required by " + std::string(estimator) + ".");
    if (X.columnCount() < 1)
        throw ValueError("Found array with 0 feature(s) (shape=(" + std::to_string(X.rows()) +
                         ", 0)) while a minimum of 1 is required by " + std::string(estimator) + ".");
    std::vector<std::pair<std::string, Array>> out;
    out.emplace_back("n_features_in_", Array(Tensor::scalar<std::int64_t>(X.columnCount())));
    if (named) out.emplace_back("feature_names_in_", Array(X.names()));
    return out;
}

void checkTableColumns(const Estimator& est, const data::Table& X, bool named) {
    est.checkFitted();
    if (named) checkFeatureNames(est, X);
    const std::int64_t expected = est.attribute("n_features_in_").tensor().item<std::int64_t>();
    if (X.columnCount() != expected)
        throw ValueError("X has " + std::to_string(X.columnCount()) + " features, but " + est.className() +
                         " is expecting " + std::to_string(expected) + " features as input.");
}

void checkFeatureNames(const Estimator& est, const data::Table& X) {
    if (!est.hasAttribute("feature_names_in_")) return;
    const std::vector<std::string>& fitted = est.attribute("feature_names_in_").strings("feature_names_in_");
    const std::vector<std::string> given = X.names();
    if (given == fitted) return;
    // sklearn's _check_feature_names: each list sorted, at most five names shown.
    auto absentFrom = [](const std::vector<std::string>& names, const std::vector<std::string>& other) {
        std::set<std::string> out(names.begin(), names.end());
        for (const std::string& name : other) out.erase(name);
        std::string text;
        std::size_t shown = 0;
        for (const std::string& name : out) {
            if (shown++ == 5) return text + "- ...\n";
            text += "- " + name + "\n";
        }
        return text;
    };
    const std::string unseen = absentFrom(given, fitted), missing = absentFrom(fitted, given);
    std::string message = "The feature names should match those that were passed during fit.\n";
    if (!unseen.empty()) message += "Feature names unseen at fit time:\n" + unseen;
    if (!missing.empty()) message += "Feature names seen at fit time, yet now missing:\n" + missing;
    if (unseen.empty() && missing.empty()) message += "Feature names must be in the same order as they were in fit.\n";
    throw ValueError(message);
}

std::vector<std::string> featureNamesIn(const Estimator& est, const std::vector<std::string>& inputFeatures) {
    if (est.hasAttribute("feature_names_in_")) {
        const std::vector<std::string>& names = est.attribute("feature_names_in_").strings("feature_names_in_");
        if (!inputFeatures.empty() && inputFeatures != names)
            throw ValueError("input_features is not equal to feature_names_in_");
        return names;
    }
    return defaultFeatureNames(est.attribute("n_features_in_").tensor().item<std::int64_t>(), inputFeatures,
                               est.className());
}

std::string pythonStrRepr(const std::string& s) {
    const bool useDouble = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char quote = useDouble ? '"' : '\'';
    std::string out(1, quote);
    for (const char ch : s) {
        if (ch == '\\')
            out += "\\\\";
        else if (ch == quote)
            out += std::string("\\") + ch;
        else if (ch == '\n')
            out += "\\n";
        else if (ch == '\t')
            out += "\\t";
        else
            out += ch;
    }
    return out + quote;
}

}  // namespace tessera::ml
