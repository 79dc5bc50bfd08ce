// The Qt model of the ONNX viewer (File → Open ONNX… → View): one row per node of an inspected model
// (core/onnx/onnx_inspect.h) with its name, operator, inputs and outputs and whether Tessera can import
// it — a node Tessera cannot import is marked, with the reason in its tool tip and its details. A node's
// details (attributes, inputs and outputs with their shapes and where they come from, its weights) are
// HTML for a text browser; each weight's panel is drawn by the caller (the tensor panels of the autograd
// views). Read-only. Tested without any view.
//
//   OnnxNodesModel nodes;
//   nodes.setModel(onnx::inspectOnnxFile("model.onnx"));
//   nodes.data(nodes.index(0, OnnxNodesModel::OperatorColumn));        // "Conv"
//   nodes.data(nodes.index(3, 0), OnnxNodesModel::SupportedRole);       // false: HardSwish
//   QString html = nodes.nodeHtml(0, [](const onnx::InspectedTensor& w) { return panelOf(w); });
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <functional>
#include <vector>

#include "core/onnx/onnx_inspect.h"

namespace tessera::widgets {

class OnnxNodesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, OperatorColumn, InputsColumn, OutputsColumn, ImportColumn, ColumnCount };
    enum Role {
        SupportedRole = Qt::UserRole + 1,  // bool
        ReasonRole,                        // QString: why Tessera cannot import the node ("" when it can)
        OperatorRole,                      // QString: the op type
    };

    explicit OnnxNodesModel(QObject* parent = nullptr);

    void setModel(onnx::InspectedModel model);
    const onnx::InspectedModel& model() const { return m_model; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "pytorch 1.13.1 · IR 8 · opset 17 · 9 nodes · 8 weights (1,234 values) · 2 not supported"
    QString summary() const;
    // The graph's inputs and outputs with their shapes, for the view's header.
    QString signature() const;
    int unsupportedCount() const;
    // The node's weights: the initializers among its inputs and its tensor attributes (Constant's value).
    std::vector<const onnx::InspectedTensor*> weightsOf(int row) const;
    // Its name for display: the node's name, else "<op> #<row + 1>".
    QString nodeName(int row) const;
    using TensorPanel = std::function<QString(const onnx::InspectedTensor&)>;
    QString nodeHtml(int row, const TensorPanel& panel) const;

private:
    QString origin(const std::string& value) const;

    onnx::InspectedModel m_model;
};

}  // namespace tessera::widgets
