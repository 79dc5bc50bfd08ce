// The runs of a project side by side, as TensorBoard's HParams table: one row per run folder
// (NAME.runs/run-NNN) with its status, the settings it ran with (only those that differ between the
// runs, or all of them for a single run) and its final metrics, sortable by any column.
//
//   RunsTableModel model;
//   model.setRunsFolder("/home/ana/moons.runs");       // reads run.json and metrics.csv of each run
//   model.settingKeys();                               // {"optimizer.lr", "batchSize"}
//   RunsTable table;  table.setRunsFolder(folder);     // the view: a sortable table of the model
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <map>
#include <vector>

class QLabel;
class QTableView;

namespace tessera::widgets {

struct RunSummary {
    QString name;                         // "run-003"
    QString status;                       // run.json's status ("completed", …); "" when unreadable
    QString error;                        // why the run could not be read ("" when it could)
    std::map<QString, QString> settings;  // "optimizer.lr" → "0.01"
    double epochs = 0, seconds = 0;       // the last epoch row's epoch and elapsed time
    double trainLoss = 0, valLoss = 0, trainAcc = 0, valAcc = 0;  // NaN when not recorded
};

class RunsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    // Reads every run-* folder of `folder`, newest first; a run that cannot be read stays as a row
    // saying why.
    void setRunsFolder(const QString& folder);
    static RunSummary readRun(const QString& runFolder);

    const std::vector<RunSummary>& runs() const { return m_runs; }
    QStringList settingKeys() const { return m_keys; }
    // A setting key as a column title: "optimizer.lr" → "learning rate".
    static QString settingTitle(const QString& key);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // DisplayRole: the text; Qt::UserRole: the number to sort by (or the text).
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum Metric { Epochs, TrainLoss, ValLoss, TrainAcc, ValAcc, Seconds, MetricCount };
    std::vector<RunSummary> m_runs;
    QStringList m_keys;
};

class RunsTable : public QWidget {
    Q_OBJECT
public:
    explicit RunsTable(QWidget* parent = nullptr);
    void setRunsFolder(const QString& folder);
    RunsTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

private:
    RunsTableModel* m_model;
    QTableView* m_view;
    QLabel* m_empty;
};

}  // namespace tessera::widgets
