// A training run's records as a table of numbers, one row per optimiser step or per epoch, for the
// loss plot and for metrics.csv / steps.csv. Missing values (no validation split, a regression run's
// accuracy) are NaN and shown as empty cells.
//
//   RunRecordsModel epochs(RunRecordsModel::Kind::Epochs);
//   epochs.append({epochRow(record)});                 // from train::Trainer's onEpochEnd
//   QVector<double> loss = epochs.values("val_loss");   // one value per row
//   io::writeFileAtomically("run/metrics.csv", epochs.toCsv().toStdString());
//   RunRecordsModel again = RunRecordsModel::fromCsv(RunRecordsModel::Kind::Epochs, csvText);
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>
#include <vector>

#include "core/train/trainer.h"

namespace tessera::widgets {

class RunRecordsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Steps: step, epoch, loss, accuracy, lr, elapsed_ms.
    // Epochs: epoch, step, train_loss, val_loss, train_acc, val_acc, lr, elapsed_ms (metrics.csv's header).
    enum class Kind { Steps, Epochs };

    explicit RunRecordsModel(Kind kind, QObject* parent = nullptr);

    Kind kind() const { return m_kind; }
    const QStringList& columns() const { return m_columns; }
    static QStringList columnsOf(Kind kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Rows of columns().size() values each; one rowsInserted for the lot.
    void append(const std::vector<std::vector<double>>& rows);
    void clear();
    // The column's values, one per row; empty when there is no such column.
    QVector<double> values(const QString& column) const;
    double value(int row, const QString& column) const;

    // The header line and one line per row; NaN is written as an empty field.
    QString toCsv() const;
    // Reads what toCsv wrote; throws IoError naming `source` and the line when the header or a value
    // does not fit.
    static std::vector<std::vector<double>> parseCsv(Kind kind, const QString& text, const QString& source);

private:
    Kind m_kind;
    QStringList m_columns;
    std::vector<std::vector<double>> m_rows;
};

std::vector<double> stepRow(const train::StepRecord& record);
std::vector<double> epochRow(const train::EpochRecord& record);

}  // namespace tessera::widgets
