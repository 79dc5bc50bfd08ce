#include "widgets/training/run_records_model.h"

#include <cmath>
#include <limits>

#include "core/tensor/error.h"

namespace tessera::widgets {

namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

double orMissing(const std::optional<double>& v) { return v ? *v : kMissing; }

QString formatted(double v) { return std::isnan(v) ? QString() : QString::number(v, 'g', 17); }

}  // namespace

RunRecordsModel::RunRecordsModel(Kind kind, QObject* parent)
    : QAbstractTableModel(parent), m_kind(kind), m_columns(columnsOf(kind)) {}

QStringList RunRecordsModel::columnsOf(Kind kind) {
    if (kind == Kind::Steps) return {"step", "epoch", "loss", "accuracy", "lr", "elapsed_ms"};
    return {"epoch", "step", "train_loss", "val_loss", "train_acc", "val_acc", "lr", "elapsed_ms"};
}

int RunRecordsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunRecordsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_columns.size(); }

QVariant RunRecordsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    double v = m_rows[static_cast<std::size_t>(index.row())][static_cast<std::size_t>(index.column())];
    if (role == Qt::DisplayRole) return std::isnan(v) ? QVariant() : QVariant(QString::number(v, 'g', 6));
    if (role == Qt::EditRole) return v;
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RunRecordsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Horizontal) return section < m_columns.size() ? m_columns[section] : QVariant();
    return section + 1;
}

void RunRecordsModel::append(const std::vector<std::vector<double>>& rows) {
    if (rows.empty()) return;
    int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    m_rows.insert(m_rows.end(), rows.begin(), rows.end());
    endInsertRows();
}

void RunRecordsModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QVector<double> RunRecordsModel::values(const QString& column) const {
    QVector<double> out;
    int c = m_columns.indexOf(column);
    if (c < 0) return out;
    out.reserve(static_cast<qsizetype>(m_rows.size()));
    for (const auto& row : m_rows) out.push_back(row[static_cast<std::size_t>(c)]);
    return out;
}

double RunRecordsModel::value(int row, const QString& column) const {
    int c = m_columns.indexOf(column);
    if (c < 0 || row < 0 || row >= rowCount()) return kMissing;
    return m_rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(c)];
}

QString RunRecordsModel::toCsv() const {
    QString text = m_columns.join(',') + '\n';
    for (const auto& row : m_rows) {
        QStringList fields;
        for (double v : row) fields << formatted(v);
        text += fields.join(',') + '\n';
    }
    return text;
}

std::vector<std::vector<double>> RunRecordsModel::parseCsv(Kind kind, const QString& text, const QString& source) {
    const QStringList columns = columnsOf(kind);
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    auto fail = [&](int line, const QString& cause) {
        throw IoError(QStringLiteral("%1:%2: %3").arg(source).arg(line).arg(cause).toStdString());
    };
    if (lines.isEmpty() || lines.front().trimmed() != columns.join(','))
        fail(1, QStringLiteral("expected the header \"%1\"").arg(columns.join(',')));
    std::vector<std::vector<double>> rows;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].trimmed().split(',');
        if (fields.size() != columns.size())
            fail(i + 1, QStringLiteral("expected %1 fields, got %2").arg(columns.size()).arg(fields.size()));
        std::vector<double> row;
        for (const QString& field : fields) {
            if (field.isEmpty()) {
                row.push_back(kMissing);
                continue;
            }
            bool ok = false;
            double v = field.toDouble(&ok);
            if (!ok) fail(i + 1, QStringLiteral("\"%1\" is not a number").arg(field));
            row.push_back(v);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<double> stepRow(const train::StepRecord& r) {
    return {static_cast<double>(r.step),
            static_cast<double>(r.epoch + 1),
            r.loss,
            orMissing(r.accuracy),
            r.lr,
            r.elapsedMs};
}

std::vector<double> epochRow(const train::EpochRecord& r) {
    return {static_cast<double>(r.epoch),
            static_cast<double>(r.step),
            r.train.loss,
            r.validation ? r.validation->loss : kMissing,
            orMissing(r.train.accuracy),
            r.validation ? orMissing(r.validation->accuracy) : kMissing,
            r.lr,
            r.elapsedMs};
}

}  // namespace tessera::widgets
