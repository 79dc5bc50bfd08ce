// CSV import: a delimited text file → a Dataset (docs/data.md, "CSV files").
//
//   CsvOptions o;
//   o.target = "species";                       // by name; or o.targetIndex = 4; default: last column
//   Dataset d = readCsv("flowers.csv", o);      // IoError "flowers.csv:17: 5 fields, expected 4"
//   CsvInspection i = inspectCsv(text, "flowers.csv", o);   // table, column kinds, every problem
//
// Reading (RFC 4180): fields separated by ',', ';' or tab (sniffed from the first lines unless
// given), optionally in double quotes (a quoted field may hold delimiters, newlines and "" for a
// quote); CRLF and a UTF-8 byte-order mark are accepted; blank lines are skipped. The first row is a
// header when none of its fields is a number (unless `header` says otherwise); without one the columns
// are named "column 1", "column 2", ….
//
// Encoding: a column whose values are all numbers is numeric; any other column is categorical. A
// categorical feature is one-hot encoded into one float column per category, named "column=value",
// categories in sorted order (at most 256). The target column gives the task unless `task` is set: text →
// classification; whole numbers with at most 20 distinct values → classification; other numbers →
// regression. Class names are the target's distinct values in sorted order (numbers numerically) and
// the targets their indices.
//
// Missing values ("", "NA", "N/A", "NaN", "nan", "null", "?") are an error naming the line and column,
// or with imputeMissing are replaced by the column mean (numeric) or most frequent value
// (categorical). A missing target is always an error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"

namespace tessera::data {

struct CsvTable {
    std::vector<std::string> columns;            // header names, or "column 1", …
    std::vector<std::vector<std::string>> rows;  // every row has columns.size() fields
    std::vector<int> lines;                      // the line each row starts on (from 1)
    char delimiter = ',';
    bool hasHeader = false;
    std::vector<int> skippedLines;  // malformed rows left out (CsvOptions::skipMalformed), by first line
};

struct CsvOptions {
    std::optional<char> delimiter;            // ',', ';' or '\t'; sniffed when unset
    std::optional<bool> header;               // detected when unset
    std::optional<std::string> target;        // target column by name
    std::optional<std::int64_t> targetIndex;  // or by index from 0 (negative: from the end); default -1
    std::optional<Task> task;                 // inferred from the target column when unset
    std::vector<std::string> categorical;     // numeric-looking columns to treat as categories
    std::vector<std::string> numeric;         // columns that must hold numbers: every other value is a problem
    std::vector<std::string> ignore;          // columns to leave out
    bool imputeMissing = false;
    bool skipMalformed = false;  // leave out rows with the wrong number of fields instead of failing
};

enum class ColumnKind { Numeric, Categorical };

struct CsvColumn {
    std::string name;
    ColumnKind kind = ColumnKind::Numeric;
    std::int64_t missing = 0;   // missing values in the column
    std::int64_t distinct = 0;  // distinct present values
    bool target = false;
    bool ignored = false;
};

// What would make a problem go away, so that each front end can say it in its own words: the
// project file's keys in an exception ("set \"missing\": \"impute\""), the import dialog's controls.
enum class CsvFix { None, ImputeMissing, TreatAsCategories, SkipMalformed };

struct CsvProblem {
    int line = 0;         // from 1; 0 when the problem is not tied to a line (the message then says where)
    int column = 0;       // from 1; 0 for the whole row
    std::string message;  // without the fix's hint
    CsvFix fix = CsvFix::None;
    std::vector<std::string> fields{};  // a malformed row's fields, as read

    friend bool operator==(const CsvProblem&, const CsvProblem&) = default;
};

// For a preview (the data panel): the table, each column's role and kind, and every problem at once
// (up to 200) in line order instead of the first as an exception. Rows with the wrong number of fields
// are reported (or, with skipMalformed, counted in table.skippedLines) and left out of the table. Never
// throws for bad content.
struct CsvInspection {
    CsvTable table;
    std::vector<CsvColumn> columns;
    std::vector<CsvProblem> problems;
};
CsvInspection inspectCsv(std::string_view text, std::string_view source, const CsvOptions& options);

// Splits text into a table; `source` names it in errors ("SOURCE:LINE: cause"). Throws IoError for an
// unterminated quote, text after a closing quote, a row with the wrong number of fields (unless
// skipMalformed), or no rows.
CsvTable parseCsvTable(std::string_view text, std::string_view source, std::optional<char> delimiter = {},
                       std::optional<bool> header = {}, bool skipMalformed = false);

// The project file's words for a fix, as exceptions append them: " (set \"missing\": \"impute\" to fill it in)".
std::string csvFixHint(CsvFix fix);

// Encodes a table; throws IoError "SOURCE:LINE: …" for missing or non-numeric values and ValueError for
// options that name no column.
Dataset csvToDataset(const CsvTable& table, std::string_view source, const CsvOptions& options);

Dataset parseCsv(std::string_view text, std::string_view source, const CsvOptions& options);
// Reads `file` (its stem becomes the data set's name); errors name the file as given.
Dataset readCsv(const std::filesystem::path& file, const CsvOptions& options);

}  // namespace tessera::data
