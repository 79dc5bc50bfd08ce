// The autograd playground: an editor for the expression language, a table of inputs (set by hand or
// random), and the computation-graph view of the script's graph. The graph and gradients follow the
// text as it changes (debounced); an error is underlined at its line and column and shown below the
// editor, and the last good graph stays on screen.
//
//   PlaygroundWidget playground;
//   playground.setInputs({{.name = "a", .sizes = {3}, .values = {1, 2, 3}}});
//   playground.setScript("b = a * 3\nc = b.mean()\n");
//   playground.runNow();                       // without waiting for the debounce
//   playground.model()->graph().tensors;       // a, b, c with values and gradients
#pragma once

#include <QString>
#include <QWidget>
#include <random>
#include <vector>

#include "widgets/autograd/computation_graph_capture.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTableWidget;
class QTimer;

namespace tessera::widgets {

class ComputationGraphModel;
class ComputationGraphView;

class PlaygroundWidget : public QWidget {
    Q_OBJECT
public:
    explicit PlaygroundWidget(QWidget* parent = nullptr);

    void setScript(const QString& script);
    QString script() const;
    void setInputs(const std::vector<CaptureInput>& inputs);
    // The inputs as the table holds them; a row that does not parse raises ValueError naming it.
    std::vector<CaptureInput> inputs() const;
    // The variable backward runs on; "" picks the last assigned one-element tensor with a grad_fn.
    void setBackwardTarget(const QString& name);

    ComputationGraphModel* model() const { return m_model; }
    ComputationGraphView* graphView() const { return m_view; }
    QPlainTextEdit* editor() const { return m_editor; }
    // The last run's error ("" after a good run) and where it is (line and column from 1; 0 when the
    // error is not in the script, e.g. in an input).
    QString errorText() const { return m_error; }
    int errorLine() const { return m_errorLine; }
    int errorColumn() const { return m_errorColumn; }

public slots:
    void runNow();
    void randomizeInputs();  // normal values, rounded to two decimals so they stay readable
    void addInput();
    void removeInput();

signals:
    void ran(bool ok);

private:
    void scheduleRun();
    void showError(const QString& message, int line, int column);

    QPlainTextEdit* m_editor;
    QLabel* m_errorLabel;
    QTableWidget* m_inputs;
    QLineEdit* m_target;
    QTimer* m_debounce;
    ComputationGraphModel* m_model;
    ComputationGraphView* m_view;
    QString m_error;
    int m_errorLine = 0;
    int m_errorColumn = 0;
    std::mt19937 m_random{20261130};
    bool m_filling = false;
};

}  // namespace tessera::widgets
