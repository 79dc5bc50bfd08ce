// The tensor inspector: per layer (graph node, which is also its profiler scope), how the weights,
// their gradients and the activations on a fixed batch are distributed, and how that changed during
// the run. TensorHistoryModel keeps one series per tensor, fed with train::ProbeSamples (taken every N
// steps on the worker thread, appended on the UI thread at most 30 times a second); it keeps each
// sample's statistics and histogram, and the latest values. TensorInspector lists the series (filtered
// by kind) and draws, for the selected one, the latest histogram, the histograms over time (a heat
// map: steps across, values up, share of values as colour, as TensorBoard's histogram dashboard) and
// the latest values themselves as a heat map (rows: output channels or samples; columns: the rest).
//
//   TensorHistoryModel model;
//   model.append(probe.sample(step));              // on the UI thread, with a sample copied out
//   int row = model.find("conv1", "weight", train::TensorKind::Weight);
//   model.overTime(row, 32).density;               // [samples][32], each row sums to 1
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "core/train/tensor_probe.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;

namespace tessera::widgets {

struct TensorSeriesPoint {
    std::int64_t step = 0;
    double min = 0, max = 0, mean = 0, std = 0;  // over the finite values
    std::int64_t nonFinite = 0;
    std::vector<double> histogram;  // TensorHistoryModel::kBins counts over [min, max]
};

struct TensorSeries {
    QString layer, name;
    train::TensorKind kind = train::TensorKind::Weight;
    std::vector<std::int64_t> shape;
    std::vector<TensorSeriesPoint> points;  // oldest first, at most kMaxPoints
    std::vector<float> latest;              // the last sample's values
};

class TensorHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Layer, Name, Kind, Shape, Mean, Std, Min, Max, NonFinite, ColumnCount };
    static constexpr int kBins = 48;
    static constexpr int kMaxPoints = 400;

    using QAbstractTableModel::QAbstractTableModel;
    void append(train::ProbeSample sample);
    void clear();
    int samples() const { return m_samples; }
    std::int64_t lastStep() const { return m_lastStep; }
    const TensorSeries& series(int row) const { return m_series[static_cast<std::size_t>(row)]; }
    // Row of a series, or -1.
    int find(const QString& layer, const QString& name, train::TensorKind kind) const;

    // Each sample's histogram spread onto `bins` bins of one range (the union of all samples'), each
    // row normalised to sum to 1 (an all-NaN sample's row is zeros).
    struct HistoryGrid {
        double lo = 0, hi = 0;
        int bins = 0;
        std::vector<std::int64_t> steps;
        std::vector<double> density;  // [steps.size()][bins]
    };
    HistoryGrid overTime(int row, int bins) const;

    // The latest values as a matrix: rows = the first dimension (output channels for weights,
    // samples for activations), columns = the rest flattened; a 1-D tensor is one row.
    struct HeatMap {
        int rows = 0, columns = 0;
        std::vector<float> values;  // row-major
        float lo = 0, hi = 0;       // finite range
    };
    HeatMap heatMap(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // DisplayRole: text; Qt::UserRole: the kind (int) in the Kind column, else the number to sort by.
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString kindName(train::TensorKind kind);

private:
    std::vector<TensorSeries> m_series;
    int m_samples = 0;
    std::int64_t m_lastStep = 0;
};

// Draws the selected series of a TensorHistoryModel: latest histogram, histograms over time, values.
class TensorPlots : public QWidget {
    Q_OBJECT
public:
    explicit TensorPlots(TensorHistoryModel* model, QWidget* parent = nullptr);
    void setRow(int row);
    int row() const { return m_row; }
    QSize sizeHint() const override { return {520, 480}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    TensorHistoryModel* m_model;
    int m_row = -1;
};

class TensorInspector : public QWidget {
    Q_OBJECT
public:
    // Shows `model` (not owned; e.g. the one a run fills).
    explicit TensorInspector(TensorHistoryModel* model, QWidget* parent = nullptr);
    TensorHistoryModel* model() const { return m_model; }
    TensorPlots* plots() const { return m_plots; }
    QTableView* table() const { return m_table; }
    // Which kinds the table lists: -1 all, else a train::TensorKind.
    void setKindFilter(int kind);
    void selectSeries(int modelRow);
    // Shown by the controls (they emit the signals below when the user changes them).
    void setSampleEvery(int steps);
    void setDetectAnomaly(bool on);
    QCheckBox* detectAnomalyBox() const { return m_detect; }

signals:
    void sampleEveryChanged(int steps);
    void detectAnomalyChanged(bool on);

private:
    void updateSummary();
    // Column widths: set when series appear, not at every sample (see the constructor).
    void fitColumns();

    TensorHistoryModel* m_model;
    QSortFilterProxyModel* m_filtered;
    QComboBox* m_kind;
    QSpinBox* m_every;
    QCheckBox* m_detect;
    QLabel* m_summary;
    QTableView* m_table;
    TensorPlots* m_plots;
};

}  // namespace tessera::widgets
