// A Dataset as a Qt table model, one row per sample: the data panel's table and Try's row picker draw
// it.
//
//   DatasetTableModel model;
//   model.setDataset(data::loadDataset(project.data, projectFile));
//   model.rowCount();                          // N samples
//   model.headerData(0, Qt::Horizontal);       // the first feature's name
#pragma once

#include <QAbstractTableModel>

#include "core/data/dataset.h"

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

}  // namespace tessera::widgets
