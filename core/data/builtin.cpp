#include "core/data/builtin.h"

#include <charconv>
#include <string>

#include "core/data/builtin_text.h"
#include "core/tensor/error.h"

namespace tessera::data {

namespace {

std::vector<std::string_view> splitOn(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

template <class T>
T parseNumber(std::string_view field, std::string_view name, int line) {
    T value{};
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc() || end != field.data() + field.size())
        throw IoError("built-in data set " + std::string(name) + ":" + std::to_string(line) + ": '" +
                      std::string(field) + "' is not a number");
    return value;
}

// The format written by resources/datasets/export_sklearn.py: "#task:", "#shape:" and "#classes:"
// lines, other '#' lines as comments, a header naming the features and "target", then the rows.
Dataset parseBuiltin(std::string_view text, std::string_view name) {
    Dataset d;
    d.name = std::string(name);
    std::vector<float> x, yReg;
    std::vector<std::int64_t> yCls;
    bool header = false;
    int line = 0;
    for (std::string_view row : splitOn(text, '\n')) {
        ++line;
        if (row.empty()) continue;
        if (row.front() == '#') {
            auto meta = [&](std::string_view key) {
                return row.substr(1).starts_with(key) ? row.substr(1 + key.size()) : std::string_view();
            };
            if (auto v = meta("task: "); !v.empty())
                d.task = v == "regression" ? Task::Regression : Task::Classification;
            if (auto v = meta("shape: "); !v.empty())
                for (auto s : splitOn(v, ' ')) d.sampleShape.push_back(parseNumber<std::int64_t>(s, name, line));
            if (auto v = meta("classes: "); !v.empty())
                for (auto s : splitOn(v, ',')) d.classNames.emplace_back(s);
            continue;
        }
        std::vector<std::string_view> fields = splitOn(row, ',');
        if (!header) {
            header = true;
            for (std::size_t i = 0; i + 1 < fields.size(); ++i) d.featureNames.emplace_back(fields[i]);
            continue;
        }
        if (fields.size() != d.featureNames.size() + 1)
            throw IoError("built-in data set " + d.name + ":" + std::to_string(line) + ": " +
                          std::to_string(fields.size()) + " fields, expected " +
                          std::to_string(d.featureNames.size() + 1));
        for (std::size_t i = 0; i + 1 < fields.size(); ++i) x.push_back(parseNumber<float>(fields[i], name, line));
        if (d.task == Task::Classification)
            yCls.push_back(parseNumber<std::int64_t>(fields.back(), name, line));
        else
            yReg.push_back(parseNumber<float>(fields.back(), name, line));
    }
    const auto f = static_cast<std::int64_t>(d.featureNames.size());
    const auto n = f == 0 ? 0 : static_cast<std::int64_t>(x.size()) / f;
    d.features = Tensor::fromVector<float>(x, {n, f});
    d.targets = d.task == Task::Classification ? Tensor::fromVector<std::int64_t>(yCls, {n})
                                               : Tensor::fromVector<float>(yReg, {n, 1});
    d.validate();
    return d;
}

}  // namespace

Dataset loadBuiltin(std::string_view name) {
    for (const detail::BuiltinText& t : detail::builtinTexts())
        if (t.name == name) return parseBuiltin(t.csv, t.name);
    std::string known;
    for (const std::string& n : builtinNames()) known += (known.empty() ? "" : ", ") + n;
    throw ValueError("unknown built-in data set '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<std::string> builtinNames() {
    std::vector<std::string> names;
    for (const detail::BuiltinText& t : detail::builtinTexts()) names.emplace_back(t.name);
    return names;
}

}  // namespace tessera::data
