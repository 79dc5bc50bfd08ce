#include "core/data/csv.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_set>

#include "core/io/atomic_file.h"
#include "core/tensor/error.h"

namespace tessera::data {

namespace {

constexpr char kCandidates[] = {',', ';', '\t'};
constexpr std::size_t kMaxClassesForNumbers = 20;
constexpr std::size_t kMaxCategories = 256;  // per one-hot encoded feature column

[[noreturn]] void fail(std::string_view source, int line, const std::string& cause) {
    throw IoError(std::string(source) + ":" + std::to_string(line) + ": " + cause);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool isMissing(std::string_view field) {
    field = trim(field);
    return field.empty() || field == "NA" || field == "N/A" || field == "NaN" || field == "nan" || field == "null" ||
           field == "?";
}

// A finite number written the way C or Python would write it (leading '+' allowed).
std::optional<double> toNumber(std::string_view field) {
    field = trim(field);
    if (!field.empty() && field.front() == '+') field.remove_prefix(1);
    if (field.empty()) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc() || end != field.data() + field.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string singleQuoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// One pass of the RFC 4180 state machine; `row` receives the fields of each record.
template <class OnRow>
void scanRecords(std::string_view text, char delimiter, std::string_view source, OnRow onRow) {
    std::vector<std::string> fields;
    std::string field;
    int line = 1, recordLine = 1;
    bool inQuotes = false, wasQuoted = false, afterQuote = false;
    int quoteLine = 0;
    auto endRecord = [&] {
        fields.push_back(std::move(field));
        field.clear();
        const bool blank = fields.size() == 1 && fields[0].empty() && !wasQuoted;
        if (!blank) onRow(std::move(fields), recordLine);
        fields.clear();
        wasQuoted = afterQuote = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field.push_back('"');
                    ++i;
                } else {
                    inQuotes = false;
                    afterQuote = true;
                }
            } else {
                if (c == '\n') ++line;
                field.push_back(c);
            }
            continue;
        }
        if (c == delimiter) {
            fields.push_back(std::move(field));
            field.clear();
            wasQuoted = afterQuote = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            endRecord();
            ++line;
            recordLine = line;
        } else if (c == '"' && trim(field).empty() && !afterQuote) {
            field.clear();
            inQuotes = wasQuoted = true;
            quoteLine = line;
        } else if (afterQuote) {
            if (c != ' ' && c != '\t')
                fail(source, line, "unexpected character '" + std::string(1, c) + "' after a closing quote");
        } else {
            field.push_back(c);
        }
    }
    if (inQuotes) fail(source, quoteLine, "unterminated quoted field");
    if (!field.empty() || !fields.empty() || wasQuoted) endRecord();
}

// The delimiter of the first 20 lines: counts each candidate outside quotes on each line.
char sniffDelimiter(std::string_view text) {
    std::vector<std::array<int, 3>> counts;
    std::array<int, 3> current{};
    bool inQuotes = false, any = false;
    for (std::size_t i = 0; i < text.size() && counts.size() < 20; ++i) {
        const char c = text[i];
        if (c == '"') inQuotes = !inQuotes;
        if (inQuotes) continue;
        if (c == '\n') {
            if (any) counts.push_back(current);
            current = {};
            any = false;
            continue;
        }
        if (c != '\r') any = true;
        for (std::size_t k = 0; k < 3; ++k)
            if (c == kCandidates[k]) ++current[k];
    }
    if (any && counts.size() < 20) counts.push_back(current);
    if (counts.empty()) return ',';
    // The candidate that occurs the same, non-zero number of times on every sampled line, most often;
    // failing that, the most frequent on the first line.
    int best = -1, bestCount = 0;
    for (std::size_t k = 0; k < 3; ++k) {
        const int n = counts[0][k];
        const bool consistent = std::all_of(counts.begin(), counts.end(), [&](auto& c) { return c[k] == n; });
        if (consistent && n > bestCount) best = static_cast<int>(k), bestCount = n;
    }
    if (best < 0)
        for (std::size_t k = 0; k < 3; ++k)
            if (counts[0][k] > bestCount) best = static_cast<int>(k), bestCount = counts[0][k];
    return best < 0 ? ',' : kCandidates[best];
}

std::string columnLabel(const CsvTable& t, std::size_t c) {
    return "column " + singleQuoted(t.columns[c]) + " (" + std::to_string(c + 1) + " of " +
           std::to_string(t.columns.size()) + ")";
}

std::string formatNumber(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

// Where problems go: without a sink the first one throws IoError "SOURCE:LINE: message"; with one
// they are collected (up to kMaxProblems) for inspectCsv.
class Reporter {
public:
    Reporter(std::string_view source, std::vector<CsvProblem>* sink) : m_source(source), m_sink(sink) {}
    void operator()(int line, std::size_t column, const std::string& message, CsvFix fix = CsvFix::None,
                    std::vector<std::string> fields = {}) const {
        if (!m_sink) fail(m_source, line, message + csvFixHint(fix));
        if (m_sink->size() < kMaxProblems)
            m_sink->push_back({line, static_cast<int>(column), message, fix, std::move(fields)});
    }

private:
    static constexpr std::size_t kMaxProblems = 200;
    std::string_view m_source;
    std::vector<CsvProblem>* m_sink;
};

CsvTable parseTable(std::string_view text, std::string_view source, std::optional<char> delimiter,
                    std::optional<bool> header, bool skipMalformed, const Reporter& report) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    CsvTable table;
    table.delimiter = delimiter.value_or(sniffDelimiter(text));
    std::vector<std::vector<std::string>> records;
    std::vector<int> lines;
    scanRecords(text, table.delimiter, source, [&](std::vector<std::string>&& fields, int line) {
        if (!records.empty() && fields.size() != records.front().size()) {
            if (skipMalformed) {
                table.skippedLines.push_back(line);
                return;
            }
            const std::string message =
                std::to_string(fields.size()) + " fields, expected " + std::to_string(records.front().size());
            report(line, 0, message, CsvFix::SkipMalformed, std::move(fields));
            return;
        }
        records.push_back(std::move(fields));
        lines.push_back(line);
    });
    if (records.empty()) throw IoError(std::string(source) + ": no data rows");
    table.hasHeader = header.value_or(std::none_of(records.front().begin(), records.front().end(),
                                                   [](auto& f) { return toNumber(f).has_value() || isMissing(f); }));
    if (table.hasHeader) {
        for (auto& name : records.front()) table.columns.emplace_back(trim(name));
        std::map<std::string, std::size_t> seen;
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            auto [it, fresh] = seen.emplace(table.columns[c], c);
            if (!fresh)
                fail(source, lines.front(),
                     "column name " + singleQuoted(table.columns[c]) + " appears twice (columns " +
                         std::to_string(it->second + 1) + " and " + std::to_string(c + 1) + ")");
        }
        records.erase(records.begin());
        lines.erase(lines.begin());
    } else {
        for (std::size_t c = 0; c < records.front().size(); ++c)
            table.columns.push_back("column " + std::to_string(c + 1));
    }
    if (records.empty()) throw IoError(std::string(source) + ": no data rows after the header");
    table.rows = std::move(records);
    table.lines = std::move(lines);
    return table;
}

struct ColumnPlan {
    std::size_t target = 0;
    std::vector<bool> ignored, numeric;
    std::vector<std::string> fill;  // imputed value per column
    std::vector<CsvColumn> columns;
};

// Resolves the options against the table, decides each column's kind, and reports non-numbers in
// numeric columns and missing values. Options that name no column throw ValueError.
ColumnPlan planColumns(const CsvTable& table, std::string_view source, const CsvOptions& options,
                       const Reporter& report) {
    const std::size_t nCols = table.columns.size(), nRows = table.rows.size();
    auto findColumn = [&](const std::string& name, const char* key) {
        auto it = std::find(table.columns.begin(), table.columns.end(), name);
        if (it == table.columns.end()) {
            std::string known;
            for (auto& c : table.columns) known += (known.empty() ? "" : ", ") + singleQuoted(c);
            throw ValueError(std::string("data.") + key + ": no column " + singleQuoted(name) + " in " +
                             std::string(source) + " (columns: " + known + ")");
        }
        return static_cast<std::size_t>(it - table.columns.begin());
    };

    ColumnPlan plan;
    std::size_t& target = plan.target;
    target = nCols - 1;
    if (options.target) {
        target = findColumn(*options.target, "target");
    } else if (options.targetIndex) {
        const std::int64_t i =
            *options.targetIndex < 0 ? *options.targetIndex + static_cast<std::int64_t>(nCols) : *options.targetIndex;
        if (i < 0 || i >= static_cast<std::int64_t>(nCols))
            throw ValueError("data.target: column index " + std::to_string(*options.targetIndex) +
                             " is out of range for " + std::string(source) + " with " + std::to_string(nCols) +
                             " columns");
        target = static_cast<std::size_t>(i);
    }
    std::vector<bool>& ignored = plan.ignored;
    ignored.assign(nCols, false);
    std::vector<bool> forcedCategorical(nCols, false);
    for (auto& name : options.ignore) ignored[findColumn(name, "ignore")] = true;
    for (auto& name : options.categorical) forcedCategorical[findColumn(name, "categorical")] = true;
    std::vector<bool> forcedNumeric(nCols, false);
    for (auto& name : options.numeric) {
        const std::size_t c = findColumn(name, "numeric");
        if (forcedCategorical[c])
            throw ValueError("data.numeric: column " + singleQuoted(name) + " is listed in \"categorical\" too");
        forcedNumeric[c] = true;
    }
    if (ignored[target])
        throw ValueError("data.ignore: the target column " + singleQuoted(table.columns[target]) + " is ignored");
    if (nCols < 2) throw IoError(std::string(source) + ": needs at least one feature column and a target column");

    // Column kinds: numeric when every present value is a number.
    std::vector<bool>& numeric = plan.numeric;
    numeric.assign(nCols, true);
    for (std::size_t c = 0; c < nCols; ++c) {
        if (ignored[c]) continue;
        std::size_t numbers = 0, texts = 0;
        for (std::size_t r = 0; r < nRows; ++r) {
            const std::string& f = table.rows[r][c];
            if (isMissing(f)) continue;
            if (toNumber(f)) {
                ++numbers;
            } else {
                ++texts;
            }
        }
        numeric[c] = texts == 0 && !forcedCategorical[c];
        if (texts > 0 && (forcedNumeric[c] || (numbers > texts && !forcedCategorical[c]))) {
            // Mostly numbers, or numbers by request: the text values are the mistakes.
            numeric[c] = true;
            const std::string why =
                forcedNumeric[c] ? "the column is set to numbers" : "the column's other values are numbers";
            for (std::size_t r = 0; r < nRows; ++r)
                if (!isMissing(table.rows[r][c]) && !toNumber(table.rows[r][c]))
                    report(table.lines[r], c + 1,
                           singleQuoted(trim(table.rows[r][c])) + " in " + columnLabel(table, c) +
                               " is not a number (" + why + ")",
                           forcedNumeric[c] ? CsvFix::None : CsvFix::TreatAsCategories);
        }
        if (numbers == 0 && texts == 0)
            throw IoError(std::string(source) + ": " + columnLabel(table, c) + " has no values");
    }

    // Missing values: an error, or imputed.
    std::vector<std::string>& fill = plan.fill;
    fill.assign(nCols, "");
    for (std::size_t c = 0; c < nCols; ++c) {
        if (ignored[c]) continue;
        for (std::size_t r = 0; r < nRows; ++r)
            if (isMissing(table.rows[r][c])) {
                if (c == target)
                    report(table.lines[r], c + 1, "missing target value in " + columnLabel(table, c));
                else if (!options.imputeMissing)
                    report(table.lines[r], c + 1, "missing value in " + columnLabel(table, c), CsvFix::ImputeMissing);
            }
        if (!options.imputeMissing) continue;
        if (numeric[c]) {
            double sum = 0;
            std::size_t n = 0;
            for (auto& row : table.rows)
                if (auto v = isMissing(row[c]) ? std::nullopt : toNumber(row[c])) sum += *v, ++n;
            fill[c] = formatNumber(sum / static_cast<double>(n));
        } else {
            std::map<std::string, std::size_t> counts;
            for (auto& row : table.rows)
                if (!isMissing(row[c])) ++counts[std::string(trim(row[c]))];
            std::size_t best = 0;
            for (auto& [value, count] : counts)
                if (count > best) best = count, fill[c] = value;  // ties: the first in sorted order
        }
    }
    for (std::size_t c = 0; c < nCols; ++c) {
        CsvColumn info{table.columns[c], numeric[c] ? ColumnKind::Numeric : ColumnKind::Categorical};
        std::unordered_set<std::string_view> distinct;  // views into the table's fields
        for (const auto& row : table.rows) {
            if (isMissing(row[c]))
                ++info.missing;
            else
                distinct.insert(trim(row[c]));
        }
        info.distinct = static_cast<std::int64_t>(distinct.size());
        info.target = c == target;
        info.ignored = ignored[c];
        plan.columns.push_back(std::move(info));
    }
    return plan;
}

}  // namespace

CsvTable parseCsvTable(std::string_view text, std::string_view source, std::optional<char> delimiter,
                       std::optional<bool> header, bool skipMalformed) {
    return parseTable(text, source, delimiter, header, skipMalformed, Reporter(source, nullptr));
}

std::string csvFixHint(CsvFix fix) {
    switch (fix) {
        case CsvFix::None:
            return {};
        case CsvFix::ImputeMissing:
            return " (set \"missing\": \"impute\" to fill it in)";
        case CsvFix::TreatAsCategories:
            return "; list it in \"categorical\" to treat it as categories";
        case CsvFix::SkipMalformed:
            return " (set \"malformed\": \"skip\" to leave such rows out)";
    }
    return {};
}

Dataset csvToDataset(const CsvTable& table, std::string_view source, const CsvOptions& options) {
    const std::size_t nCols = table.columns.size(), nRows = table.rows.size();
    const ColumnPlan plan = planColumns(table, source, options, Reporter(source, nullptr));
    const std::size_t target = plan.target;
    const std::vector<bool>&ignored = plan.ignored, &numeric = plan.numeric;
    const std::vector<std::string>& fill = plan.fill;
    auto value = [&](std::size_t r, std::size_t c) -> std::string {
        const std::string& f = table.rows[r][c];
        return isMissing(f) ? fill[c] : std::string(trim(f));
    };

    Dataset d;
    // Features: numeric columns as they are, categorical ones one-hot.
    std::vector<std::vector<float>> columns;  // one vector per output feature
    for (std::size_t c = 0; c < nCols; ++c) {
        if (ignored[c] || c == target) continue;
        if (numeric[c]) {
            std::vector<float> col(nRows);
            const double filled = fill[c].empty() ? 0.0 : *toNumber(fill[c]);
            for (std::size_t r = 0; r < nRows; ++r) {
                const std::string& field = table.rows[r][c];
                col[r] = static_cast<float>(isMissing(field) ? filled : *toNumber(field));
            }
            columns.push_back(std::move(col));
            d.featureNames.push_back(table.columns[c]);
            continue;
        }
        std::map<std::string, std::size_t> categories;  // sorted; value → its one-hot column
        for (std::size_t r = 0; r < nRows; ++r) categories.emplace(value(r, c), 0);
        if (categories.size() > kMaxCategories)
            throw ValueError("data: " + columnLabel(table, c) + " in " + std::string(source) + " has " +
                             std::to_string(categories.size()) + " distinct values; one-hot encoding it would add " +
                             "as many features (at most " + std::to_string(kMaxCategories) +
                             ") — list it in \"ignore\"");
        for (auto& [category, column] : categories) {
            column = columns.size();
            columns.emplace_back(nRows, 0.0f);
            d.featureNames.push_back(table.columns[c] + "=" + category);
        }
        for (std::size_t r = 0; r < nRows; ++r) columns[categories.at(value(r, c))][r] = 1.0f;
    }
    if (columns.empty())
        throw ValueError("data: " + std::string(source) + " has no feature columns besides the target");
    const auto f = static_cast<std::int64_t>(columns.size());
    std::vector<float> x(nRows * columns.size());
    for (std::size_t r = 0; r < nRows; ++r)
        for (std::size_t j = 0; j < columns.size(); ++j) x[r * columns.size() + j] = columns[j][r];
    d.features = Tensor::fromVector<float>(x, {static_cast<std::int64_t>(nRows), f});
    d.sampleShape = {f};

    // Target and task.
    Task task = Task::Classification;
    if (options.task) {
        task = *options.task;
    } else if (numeric[target]) {
        std::set<double> distinct;
        bool whole = true;
        for (std::size_t r = 0; r < nRows; ++r) {
            const double v = *toNumber(value(r, target));
            whole = whole && v == std::floor(v);
            distinct.insert(v);
        }
        task = whole && distinct.size() <= kMaxClassesForNumbers ? Task::Classification : Task::Regression;
    }
    d.task = task;
    const auto n = static_cast<std::int64_t>(nRows);
    if (task == Task::Regression) {
        if (!numeric[target])
            throw ValueError("data.task: regression needs a numeric target, but " + columnLabel(table, target) +
                             " in " + std::string(source) + " holds text");
        std::vector<float> y(nRows);
        for (std::size_t r = 0; r < nRows; ++r) y[r] = static_cast<float>(*toNumber(value(r, target)));
        d.targets = Tensor::fromVector<float>(y, {n, 1});
    } else {
        std::vector<std::int64_t> y(nRows);
        if (numeric[target]) {
            std::map<double, std::int64_t> index;
            for (std::size_t r = 0; r < nRows; ++r) index.emplace(*toNumber(value(r, target)), 0);
            for (auto& [v, i] : index) {
                i = static_cast<std::int64_t>(d.classNames.size());
                d.classNames.push_back(formatNumber(v));
            }
            for (std::size_t r = 0; r < nRows; ++r) y[r] = index.at(*toNumber(value(r, target)));
        } else {
            std::map<std::string, std::int64_t> index;
            for (std::size_t r = 0; r < nRows; ++r) index.emplace(value(r, target), 0);
            for (auto& [v, i] : index) {
                i = static_cast<std::int64_t>(d.classNames.size());
                d.classNames.push_back(v);
            }
            for (std::size_t r = 0; r < nRows; ++r) y[r] = index.at(value(r, target));
        }
        d.targets = Tensor::fromVector<std::int64_t>(y, {n});
    }
    d.name = std::string(source);
    d.validate();
    return d;
}

Dataset parseCsv(std::string_view text, std::string_view source, const CsvOptions& options) {
    return csvToDataset(parseCsvTable(text, source, options.delimiter, options.header, options.skipMalformed), source,
                        options);
}

Dataset readCsv(const std::filesystem::path& file, const CsvOptions& options) {
    Dataset d = parseCsv(io::readFile(file), file.string(), options);
    d.name = file.stem().string();
    return d;
}

CsvInspection inspectCsv(std::string_view text, std::string_view source, const CsvOptions& options) {
    CsvInspection out;
    const Reporter collect(source, &out.problems);
    try {
        out.table = parseTable(text, source, options.delimiter, options.header, options.skipMalformed, collect);
        out.columns = planColumns(out.table, source, options, collect).columns;
    } catch (const Error& e) {
        // A fatal problem (no rows, an unterminated quote, an option naming no column): the message
        // already names the place.
        out.problems.push_back({0, 0, e.what()});
    }
    // Rows are read first and columns checked after, so the problems come in two passes; a person
    // reads the file top to bottom.
    std::stable_sort(out.problems.begin(), out.problems.end(), [](const CsvProblem& a, const CsvProblem& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    return out;
}

}  // namespace tessera::data
