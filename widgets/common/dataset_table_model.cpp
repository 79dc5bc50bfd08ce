#include "widgets/common/dataset_table_model.h"

namespace tessera::widgets {

void DatasetTableModel::setDataset(const data::Dataset& dataset) {
    beginResetModel();
    m_dataset = dataset;
    m_loaded = dataset.features.defined();
    endResetModel();
}

int DatasetTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_loaded ? 0 : static_cast<int>(m_dataset.size());
}

int DatasetTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_loaded) return 0;
    return static_cast<int>(m_dataset.numFeatures() + m_dataset.targetWidth());
}

QVariant DatasetTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || role != Qt::DisplayRole) return {};
    const std::int64_t row = index.row(), col = index.column(), f = m_dataset.numFeatures();
    if (col < f) return m_dataset.features.data<float>()[row * f + col];
    if (m_dataset.task == data::Task::Classification) {
        const std::int64_t c = m_dataset.targets.data<std::int64_t>()[row];
        return QString::fromStdString(m_dataset.classNames[static_cast<std::size_t>(c)]);
    }
    return m_dataset.targets.data<float>()[row * m_dataset.targetWidth() + (col - f)];
}

QVariant DatasetTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section;
    const auto f = static_cast<int>(m_dataset.numFeatures());
    if (section < f) return QString::fromStdString(m_dataset.featureNames[static_cast<std::size_t>(section)]);
    return m_dataset.targetWidth() > 1 ? QStringLiteral("target %1").arg(section - f) : QStringLiteral("target");
}

}  // namespace tessera::widgets
