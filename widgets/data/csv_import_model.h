// CSV import as a Qt model: a file's rows as a preview table, each column's role (feature, target or
// ignored) and type (numbers or categories), every problem with its line and column (from
// data::inspectCsv, run again after each choice), and the project's "data" object that reads the
// file the way it was set up.
//
//   CsvImportModel m;
//   if (!m.load("/home/ana/flowers.csv")) qWarning() << m.error();
//   m.setRole(0, CsvImportModel::Role::Ignore);          // an id column
//   m.setRole(4, CsvImportModel::Role::Target);          // the previous target becomes a feature
//   m.setType(2, CsvImportModel::Type::Categories);      // codes, not quantities
//   m.problems();                                        // each with line and column; empty: ready
//   project.data = m.dataSpec("flowers.csv");            // {"csv": …, "target": …, "ignore": […], …}
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>
#include <vector>

#include "core/data/csv.h"
#include "core/io/json.h"

namespace tessera::widgets {

class CsvImportModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Role { Feature, Target, Ignore };
    enum class Type { Numbers, Categories };

    explicit CsvImportModel(QObject* parent = nullptr);

    // Reads a file; false with error() when it cannot be read (its content's problems are problems()).
    bool load(const QString& file);
    // The text of a CSV file; `source` names it in problems.
    void setText(const QString& text, const QString& source);
    QString file() const { return m_source; }
    QString error() const { return m_error; }

    int columns() const { return static_cast<int>(m_names.size()); }
    QString columnName(int column) const;
    Role role(int column) const;
    // One column is the target: choosing another makes the old one a feature.
    void setRole(int column, Role role);
    // The column's type as read (numbers when every present value is one) unless set.
    Type type(int column) const;
    void setType(int column, Type type);
    // Missing values of features replaced by the column mean / most frequent value instead of reported.
    bool imputeMissing() const { return m_options.imputeMissing; }
    void setImputeMissing(bool impute);
    // Rows with the wrong number of fields left out instead of reported; skippedLines() says which.
    bool skipMalformed() const { return m_options.skipMalformed; }
    void setSkipMalformed(bool skip);
    const std::vector<int>& skippedLines() const { return m_inspection.table.skippedLines; }
    // The labels of the dialog's two check boxes: problems name them as their fix.
    static QString imputeLabel();
    static QString skipLabel();
    // Missing values and distinct present values of a column.
    std::int64_t missing(int column) const;
    std::int64_t distinct(int column) const;

    const std::vector<data::CsvProblem>& problems() const { return m_inspection.problems; }
    // "line 7, column 3: 'x' in column 'dose' (3 of 4) is not a number (…)", with its fix in the
    // dialog's words (a check box, a column's type) and a malformed row's fields.
    static QString describe(const data::CsvProblem& problem);
    // "Skipped 2 malformed rows (lines 3, 5)"; "" when none was skipped.
    QString skippedSummary() const;
    // The preview cell of a problem (row and column of this model), or an invalid index when it has none
    // (a row left out for its field count, a problem of the whole file).
    QModelIndex cellOf(const data::CsvProblem& problem) const;

    // The project's "data" object for this file, written as `csvPath` (relative to the project file).
    io::Json dataSpec(const QString& csvPath) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // A new file (or text): its columns may differ.
    void loaded();
    // Roles, types or problems changed (the inspection ran again).
    void changed();

private:
    void inspect();
    QString problemAt(int row, int column) const;
    static QString explain(const data::CsvProblem& problem);  // describe() without the place

    QString m_source, m_text, m_error;
    std::vector<QString> m_names;  // as the file's first inspection found them
    std::vector<Role> m_roles;
    data::CsvOptions m_options;
    data::CsvInspection m_inspection;
};

}  // namespace tessera::widgets
