// Where a window of training steps spent its time, per op and phase (forward op or backward Node):
// calls, total ms, mean, p50/p95/p99 of single calls, share of the window's step time, GFLOP/s and
// GB/s; sortable, optionally grouped by layer (the model's profiler scopes); export as Chrome
// trace-event JSON (Perfetto, chrome://tracing).
//
//   ProfileView view;
//   view.setEvents(profile::stop(), stepNs);     // events of the window, the steps' summed time
//   view.setGroupedByLayer(true);
//   view.exportTrace("steps.json");
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QWidget>
#include <vector>

#include "core/profile/aggregate.h"

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace tessera::widgets {

class HeatLegend;

class ProfileTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Layer, Op, Phase, Calls, TotalMs, MeanUs, P50Us, P95Us, P99Us, Share, GFlops, GBytes, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    // `stepNs` is the time of the steps the events belong to (the denominator of Share).
    void setRows(std::vector<profile::OpStats> rows, double stepNs);
    const std::vector<profile::OpStats>& rows() const { return m_rows; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // DisplayRole: text; Qt::UserRole: the number to sort by.
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<profile::OpStats> m_rows;
    double m_stepNs = 0;
};

class ProfileView : public QWidget {
    Q_OBJECT
public:
    explicit ProfileView(QWidget* parent = nullptr);
    void setEvents(std::vector<profile::Event> events, double stepNs, std::int64_t steps);
    void setGroupedByLayer(bool on);
    ProfileTableModel* model() const { return m_model; }
    QString summary() const;
    // Chrome trace-event JSON of the events; false when the file cannot be written.
    bool exportTrace(const QString& file) const;
    // Each layer's share of the window's step time (widgets/layer_heat.h).
    QHash<QString, double> layerShares() const;
    // Whether the shares are painted on the designer's nodes (heatChanged tells the designer).
    void setHeatShown(bool on);
    bool heatShown() const;
    QCheckBox* heatBox() const { return m_heat; }

signals:
    // The user asked for a new window of `steps` steps.
    void profileRequested(int steps);
    // What the designer's nodes should show: layerShares() while the heat is on, else an empty hash.
    void heatChanged(const QHash<QString, double>& shares);

private:
    void rebuild();
    void exportDialog();

    std::vector<profile::Event> m_events;
    double m_stepNs = 0;
    std::int64_t m_steps = 0;
    ProfileTableModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QLabel* m_summary;
    QCheckBox* m_byLayer;
    QCheckBox* m_heat;
    HeatLegend* m_legend;
};

}  // namespace tessera::widgets
