#include "widgets/data/csv_import_model.h"

#include <QBrush>
#include <QColor>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace tessera::widgets {

namespace {

// The preview shows the first rows; the problems cover the whole file.
constexpr int kPreviewRows = 1000;

void removeName(std::vector<std::string>& names, const std::string& name) { std::erase(names, name); }

void addName(std::vector<std::string>& names, const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

}  // namespace

CsvImportModel::CsvImportModel(QObject* parent) : QAbstractTableModel(parent) {}

bool CsvImportModel::load(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        m_error = tr("%1: cannot open: %2").arg(file, f.errorString());
        return false;
    }
    const QByteArray bytes = f.readAll();
    if (f.error() != QFileDevice::NoError) {
        m_error = tr("%1: cannot read: %2").arg(file, f.errorString());
        return false;
    }
    setText(QString::fromUtf8(bytes), file);
    return true;
}

void CsvImportModel::setText(const QString& text, const QString& source) {
    m_error.clear();
    m_source = source;
    m_text = text;
    m_options = data::CsvOptions{};
    m_names.clear();
    m_roles.clear();
    inspect();
    // The file's own layout: columns as found, the last one the target (as the loader reads it).
    for (const std::string& name : m_inspection.table.columns) m_names.push_back(QString::fromStdString(name));
    m_roles.assign(m_names.size(), Role::Feature);
    for (std::size_t c = 0; c < m_inspection.columns.size(); ++c)
        if (m_inspection.columns[c].target) m_roles[c] = Role::Target;
    emit loaded();
    emit changed();
}

void CsvImportModel::inspect() {
    beginResetModel();
    const std::string text = m_text.toStdString();
    m_inspection = data::inspectCsv(text, QFileInfo(m_source).fileName().toStdString(), m_options);
    if (!m_roles.empty() && std::find(m_roles.begin(), m_roles.end(), Role::Target) == m_roles.end())
        m_inspection.problems.insert(m_inspection.problems.begin(),
                                     {0, 0, tr("No target column: set one column's role to target").toStdString()});
    endResetModel();
}

QString CsvImportModel::columnName(int column) const {
    return column >= 0 && column < columns() ? m_names[static_cast<std::size_t>(column)] : QString();
}

CsvImportModel::Role CsvImportModel::role(int column) const { return m_roles.at(static_cast<std::size_t>(column)); }

void CsvImportModel::setRole(int column, Role role) {
    const auto c = static_cast<std::size_t>(column);
    if (c >= m_roles.size() || m_roles[c] == role) return;
    if (role == Role::Target)
        for (Role& r : m_roles)
            if (r == Role::Target) r = Role::Feature;
    m_roles[c] = role;
    m_options.ignore.clear();
    m_options.target.reset();
    for (std::size_t i = 0; i < m_roles.size(); ++i) {
        if (m_roles[i] == Role::Ignore) m_options.ignore.push_back(m_names[i].toStdString());
        if (m_roles[i] == Role::Target) m_options.target = m_names[i].toStdString();
    }
    inspect();
    emit changed();
}

CsvImportModel::Type CsvImportModel::type(int column) const {
    const auto c = static_cast<std::size_t>(column);
    if (c < m_inspection.columns.size())
        return m_inspection.columns[c].kind == data::ColumnKind::Numeric ? Type::Numbers : Type::Categories;
    const std::string name = columnName(column).toStdString();
    const auto& cat = m_options.categorical;
    return std::find(cat.begin(), cat.end(), name) != cat.end() ? Type::Categories : Type::Numbers;
}

void CsvImportModel::setType(int column, Type type) {
    if (column < 0 || column >= columns()) return;
    const std::string name = columnName(column).toStdString();
    removeName(m_options.categorical, name);
    removeName(m_options.numeric, name);
    addName(type == Type::Categories ? m_options.categorical : m_options.numeric, name);
    inspect();
    emit changed();
}

void CsvImportModel::setImputeMissing(bool impute) {
    if (impute == m_options.imputeMissing) return;
    m_options.imputeMissing = impute;
    inspect();
    emit changed();
}

void CsvImportModel::setSkipMalformed(bool skip) {
    if (skip == m_options.skipMalformed) return;
    m_options.skipMalformed = skip;
    inspect();
    emit changed();
}

QString CsvImportModel::imputeLabel() {
    return tr("Fill in missing feature values (column mean, or most frequent category)");
}

QString CsvImportModel::skipLabel() { return tr("Skip malformed rows (with the wrong number of fields)"); }

QString CsvImportModel::skippedSummary() const {
    const std::vector<int>& lines = skippedLines();
    if (lines.empty()) return {};
    QStringList shown;
    for (std::size_t i = 0; i < lines.size() && i < 10; ++i) shown << QString::number(lines[i]);
    if (lines.size() > 10) shown << QStringLiteral("…");
    const QString where =
        lines.size() == 1 ? tr("line %1").arg(shown.join(", ")) : tr("lines %1").arg(shown.join(", "));
    return lines.size() == 1 ? tr("Skipped 1 malformed row (%1)").arg(where)
                             : tr("Skipped %1 malformed rows (%2)").arg(lines.size()).arg(where);
}

std::int64_t CsvImportModel::missing(int column) const {
    const auto c = static_cast<std::size_t>(column);
    return c < m_inspection.columns.size() ? m_inspection.columns[c].missing : 0;
}

std::int64_t CsvImportModel::distinct(int column) const {
    const auto c = static_cast<std::size_t>(column);
    return c < m_inspection.columns.size() ? m_inspection.columns[c].distinct : 0;
}

QString CsvImportModel::explain(const data::CsvProblem& p) {
    QString message = QString::fromStdString(p.message);
    // The check box's label without its explanation in parentheses, as a person names it.
    const auto box = [](const QString& label) { return label.section(QStringLiteral(" ("), 0, 0); };
    switch (p.fix) {
        case data::CsvFix::None:
            break;
        case data::CsvFix::ImputeMissing:
            message = tr("%1 (tick “%2” to fill it in)").arg(message, box(imputeLabel()));
            break;
        case data::CsvFix::TreatAsCategories:
            message = tr("%1; set the column's type to “categories” to treat it as categories").arg(message);
            break;
        case data::CsvFix::SkipMalformed:
            message = tr("%1 (tick “%2” to leave such rows out)").arg(message, box(skipLabel()));
            break;
    }
    if (!p.fields.empty()) {
        QStringList fields;
        for (const std::string& f : p.fields) fields << QString::fromStdString(f);
        message = tr("%1 — the row: %2").arg(message, fields.join(QStringLiteral(" | ")));
    }
    return message;
}

QString CsvImportModel::describe(const data::CsvProblem& p) {
    const QString message = explain(p);
    if (p.line == 0) return message;
    if (p.column == 0) return tr("line %1: %2").arg(p.line).arg(message);
    return tr("line %1, column %2: %3").arg(p.line).arg(p.column).arg(message);
}

QModelIndex CsvImportModel::cellOf(const data::CsvProblem& p) const {
    if (p.line == 0 || p.column == 0) return {};
    const std::vector<int>& lines = m_inspection.table.lines;
    const auto it = std::lower_bound(lines.begin(), lines.end(), p.line);
    if (it == lines.end() || *it != p.line) return {};
    const int row = static_cast<int>(it - lines.begin());
    return row < rowCount() ? index(row, p.column - 1) : QModelIndex();
}

io::Json CsvImportModel::dataSpec(const QString& csvPath) const {
    io::Json spec = io::Json::object();
    spec.set("csv", csvPath.toStdString());
    io::Json::Array ignore;
    for (std::size_t c = 0; c < m_roles.size(); ++c) {
        if (m_roles[c] == Role::Target) spec.set("target", m_names[c].toStdString());
        if (m_roles[c] == Role::Ignore) ignore.emplace_back(m_names[c].toStdString());
    }
    if (!ignore.empty()) spec.set("ignore", io::Json::array(std::move(ignore)));
    for (const auto& [key, names] :
         {std::pair{"categorical", &m_options.categorical}, std::pair{"numeric", &m_options.numeric}}) {
        io::Json::Array list(names->begin(), names->end());
        if (!list.empty()) spec.set(key, io::Json::array(std::move(list)));
    }
    if (m_options.imputeMissing) spec.set("missing", "impute");
    if (m_options.skipMalformed) spec.set("malformed", "skip");
    return spec;
}

int CsvImportModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return std::min(static_cast<int>(m_inspection.table.rows.size()), kPreviewRows);
}

int CsvImportModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_inspection.table.columns.size());
}

QString CsvImportModel::problemAt(int row, int column) const {
    const int line = m_inspection.table.lines[static_cast<std::size_t>(row)];
    QStringList found;
    for (const data::CsvProblem& p : m_inspection.problems)
        if (p.line == line && p.column == column + 1) found << explain(p);
    return found.join(QLatin1Char('\n'));
}

QVariant CsvImportModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const auto r = static_cast<std::size_t>(index.row()), c = static_cast<std::size_t>(index.column());
    switch (role) {
        case Qt::DisplayRole:
            return QString::fromStdString(m_inspection.table.rows[r][c]);
        case Qt::ToolTipRole: {
            const QString problem = problemAt(index.row(), index.column());
            return problem.isEmpty() ? QVariant() : QVariant(problem);
        }
        case Qt::BackgroundRole:
            if (!problemAt(index.row(), index.column()).isEmpty()) return QBrush(QColor(0xf4, 0xc7, 0xc3));
            if (c < m_roles.size() && m_roles[c] == Role::Ignore) return QBrush(QColor(0xee, 0xee, 0xee));
            if (c < m_roles.size() && m_roles[c] == Role::Target) return QBrush(QColor(0xdc, 0xea, 0xf7));
            return {};
        case Qt::ForegroundRole:
            if (c < m_roles.size() && m_roles[c] == Role::Ignore) return QBrush(QColor(0x88, 0x88, 0x88));
            return {};
        default:
            return {};
    }
}

QVariant CsvImportModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) {
        // The file's line, so a problem's "line 17" can be found in the preview.
        const auto r = static_cast<std::size_t>(section);
        return r < m_inspection.table.lines.size() ? QVariant(m_inspection.table.lines[r]) : QVariant();
    }
    const QString name = QString::fromStdString(m_inspection.table.columns.at(static_cast<std::size_t>(section)));
    if (section >= columns()) return name;
    switch (m_roles[static_cast<std::size_t>(section)]) {
        case Role::Target:
            return tr("%1 (target)").arg(name);
        case Role::Ignore:
            return tr("%1 (ignored)").arg(name);
        case Role::Feature:
            break;
    }
    return name;
}

}  // namespace tessera::widgets
