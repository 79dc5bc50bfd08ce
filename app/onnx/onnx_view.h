// File → Open ONNX… → View: an ONNX model shown read-only, Netron-style, whether or not Tessera can
// import it — the node list (widgets/onnx/onnx_nodes_model.h; nodes Tessera cannot import marked, with
// the reason), and for the selected node its attributes, inputs and outputs with their shapes and its
// weights as the autograd views' tensor panels (shape, dtype, statistics, heat map, the numbers on
// demand). Nothing is imported until "Import as Project…" is pressed (importRequested); the button is
// disabled, saying why, when the importer would refuse the model.
//
//   auto* view = new OnnxView(onnx::inspectOnnxFile("model.onnx"), window);
//   connect(view, &OnnxView::importRequested, actions, &OnnxActions::importDialog);
//   view->selectNode(2);   // details of the third node
//   view->show();
#pragma once

#include <QMap>
#include <QSet>
#include <QWidget>

#include "core/autograd/graph_snapshot.h"
#include "core/onnx/onnx_inspect.h"

class QLabel;
class QPushButton;
class QTableView;

namespace tessera::widgets {
class OnnxNodesModel;
class TensorPanelBrowser;
}  // namespace tessera::widgets

namespace tessera::app {

class OnnxView : public QWidget {
    Q_OBJECT
public:
    explicit OnnxView(onnx::InspectedModel model, QWidget* parent = nullptr);

    QString file() const;
    widgets::OnnxNodesModel* nodes() const { return m_nodes; }
    QTableView* table() const { return m_table; }
    widgets::TensorPanelBrowser* details() const { return m_details; }
    QPushButton* importButton() const { return m_import; }
    void selectNode(int row);
    int selectedNode() const;
    // As the panel's "show the numbers" link does.
    void toggleValues(const QString& key);

signals:
    void importRequested(const QString& onnxFile);

private:
    // Shows the selected node; keepScroll when only a panel's numbers were shown or hidden.
    void updateDetails(bool keepScroll);
    QString panel(const onnx::InspectedTensor& t);

    widgets::OnnxNodesModel* m_nodes;
    QLabel* m_summary;
    QTableView* m_table;
    widgets::TensorPanelBrowser* m_details;
    QLabel* m_importNote;
    QPushButton* m_import;
    QMap<QString, autograd::SnapshotTensor> m_panels;  // key → the tensor its heat map draws
    QSet<QString> m_shownValues;
    int m_generation = 0;
};

}  // namespace tessera::app
