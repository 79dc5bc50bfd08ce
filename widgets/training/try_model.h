// Try the model: one sample in, the run's prediction and class probabilities out. TryModelModel keeps
// its own copy of the network (built from the run's graph, loaded with a snapshot of the run's
// weights), so it predicts on the UI thread while the run goes on; one row per class (probability) or
// per regression output (value). TryModelView picks a row of the test split, or, for image data such
// as the 8×8 digits, lets the user draw on a DigitPad (left button draws, right erases), and shows the
// prediction as a bar list that follows every stroke.
//
//   TryModelModel m;
//   m.setModel(session.model->graph(), weightsSnapshot, split.test);   // ValueError if they do not match
//   m.setInput(rowOfFeatures);                                         // F values, as the data set's rows
//   m.predictedClass();  m.probability(3);
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/data/dataset.h"
#include "core/graph/model_graph.h"
#include "core/nn/module.h"

class QLabel;
class QPushButton;
class QTableView;

namespace tessera::graph {
class GraphModule;
}

namespace tessera::widgets {

class DatasetTableModel;

class TryModelModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Label, Value, ColumnCount };
    explicit TryModelModel(QObject* parent = nullptr);
    ~TryModelModel() override;

    // Builds the network of `graph`, loads `state` (a run's weights) and keeps `data` (the rows to try,
    // whose names, classes and sample shape it uses). Throws ValueError when they do not fit together.
    void setModel(const graph::ModelGraph& graph, const nn::NamedTensors& state, const data::Dataset& data);
    // Newer weights of the same network; predicts the current input again.
    void setWeights(const nn::NamedTensors& state);
    void clear();
    bool hasModel() const { return m_module != nullptr; }
    const data::Dataset& dataset() const { return m_data; }
    std::int64_t features() const;
    // [H, W] when the samples are one-channel images ([1, H, W] or [H, W]), else empty.
    std::vector<std::int64_t> imageShape() const;
    // The largest feature value of the data (what a fully drawn pixel is worth).
    float maxValue() const { return m_maxValue; }

    // One sample (features() values) → a new prediction. The values are clamped to nothing: a drawn
    // input is taken as given.
    void setInput(std::vector<float> values);
    // The row `row` of the data set as input.
    void setInputRow(int row);
    const std::vector<float>& input() const { return m_input; }
    // What the input is, in words: "Input: row 12 of the test split", "Input: a blank image — …".
    QString inputText() const;
    int inputRow() const { return m_inputRow; }  // -1 unless the input is a row

    // Classification: the winning class (-1 before any input), and each class's probability
    // (softmax of the outputs, or the sigmoid of a single logit).
    int predictedClass() const { return m_predicted; }
    double probability(int c) const;
    // The network's raw outputs for the input (logits, or regression values).
    const std::vector<double>& outputs() const { return m_outputs; }
    // The prediction in words: "7 (93.1%)", "y = 0.42"; the error when the prediction failed.
    QString predictionText() const;
    QString error() const { return m_error; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // DisplayRole: label / formatted value; Qt::UserRole: the number (probability or output value).
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void predicted();

private:
    void predict();

    std::shared_ptr<graph::GraphModule> m_module;
    data::Dataset m_data;
    float m_maxValue = 1;
    std::vector<float> m_input;
    int m_inputRow = -1;
    std::vector<double> m_outputs, m_probabilities;
    int m_predicted = -1;
    QString m_error;
};

// Draws a TryModelModel's input as an H×W grey image and edits it with the mouse: the left button
// paints (the cell at full value, its four neighbours at least half), the right button erases.
class DigitPad : public QWidget {
    Q_OBJECT
public:
    explicit DigitPad(TryModelModel* model, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {240, 240}; }
    // The cell under a widget position, or (-1, -1).
    QPoint cellAt(const QPoint& position) const;
    QRect cellRect(int row, int column) const;

public slots:
    void clear();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void paintAt(const QPoint& position, bool erase);
    TryModelModel* m_model;
};

// The model's rows as horizontal bars (probabilities, the winner highlighted).
class ProbabilityBars : public QWidget {
    Q_OBJECT
public:
    explicit ProbabilityBars(TryModelModel* model, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {280, 240}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    TryModelModel* m_model;
};

class TryModelView : public QWidget {
    Q_OBJECT
public:
    explicit TryModelView(QWidget* parent = nullptr);
    TryModelModel* model() const { return m_model; }
    DigitPad* pad() const { return m_pad; }
    QTableView* rows() const { return m_rows; }
    // What the weights are ("run-003, step 240"); shown above the prediction.
    void setSource(const QString& text);

private:
    void refresh();

    TryModelModel* m_model;
    DatasetTableModel* m_rowsModel;
    QLabel* m_source;
    QLabel* m_inputText;
    QLabel* m_prediction;
    QLabel* m_actual;
    DigitPad* m_pad;
    QPushButton* m_clear;
    QWidget* m_padBox;
    QTableView* m_rows;
    ProbabilityBars* m_bars;
};

}  // namespace tessera::widgets
