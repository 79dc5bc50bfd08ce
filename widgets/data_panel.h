// The project's data set at a glance: a summary line, every row in a table (features and target),
// the class balance as bars, and for image data (digits) a grid of the first samples with labels.
//
//   DataPanel panel;
//   panel.setDataset(data::loadDataset(project.data, projectFile));
//   panel.tableModel()->rowCount();           // N
#pragma once

#include <QAbstractTableModel>
#include <QWidget>

#include "core/data/dataset.h"

class QCustomPlot;
class QLabel;
class QTableView;

namespace tessera::widgets {

// A Dataset as a table: one row per sample, its feature columns and then "target" (the class name
// for classification).
class DatasetTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setDataset(const data::Dataset& dataset);
    const data::Dataset& dataset() const { return m_dataset; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    data::Dataset m_dataset;
    bool m_loaded = false;
};

// The first samples of an image data set ([1, H, W] or [H, W] samples) drawn as grey tiles with
// their class, as sklearn's digits gallery.
class ImageGrid : public QWidget {
    Q_OBJECT
public:
    explicit ImageGrid(QWidget* parent = nullptr);
    // Shows nothing for data sets whose samples are not images.
    void setDataset(const data::Dataset& dataset);
    int imageCount() const { return m_count; }
    static bool isImageData(const data::Dataset& dataset);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    data::Dataset m_dataset;
    int m_count = 0;
};

class DataPanel : public QWidget {
    Q_OBJECT
public:
    explicit DataPanel(QWidget* parent = nullptr);
    void setDataset(const data::Dataset& dataset);
    // Shows a message (a data set that could not be loaded) instead of a data set.
    void showProblem(const QString& message);
    DatasetTableModel* tableModel() const { return m_model; }
    QString summary() const;
    // Samples per class as drawn (empty for regression).
    QVector<double> balance() const { return m_balance; }
    ImageGrid* imageGrid() const { return m_grid; }

private:
    DatasetTableModel* m_model;
    QLabel* m_summary;
    QTableView* m_table;
    QCustomPlot* m_balancePlot;
    ImageGrid* m_grid;
    QVector<double> m_balance;
};

}  // namespace tessera::widgets
