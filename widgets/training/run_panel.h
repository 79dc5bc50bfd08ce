// The run settings as a form: the loss (the type of the graph's loss node), the validation and test
// split fractions (the project's data.valFraction / data.testFraction), and the project's "training"
// object — optimiser and its learning rate, weight decay and momentum, LR schedule, batch size,
// epochs, early stopping, gradient clipping, seed and threads. Options the form does not show (Adam's
// betas, a scheduler's eta_min, …) are kept as the project gave them. A weights file the model starts
// from (training.initialWeights, e.g. an imported ONNX model's) is named with a Clear button, which
// drops it so the next run draws its weights from the seed.
//
//   RunPanel panel;
//   panel.setTraining(project.training, "moons.tessera");   // ValueError for a malformed object
//   panel.setSplit(0.1, 0.2);
//   panel.setLosses({"CrossEntropyLoss", "NLLLoss"}, "CrossEntropyLoss");
//   project.training = panel.training();                    // what the next run uses
#pragma once

#include <QStringList>
#include <QWidget>
#include <string_view>

#include "core/io/json.h"
#include "core/train/training_config.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace tessera::widgets {

class NumberBox;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    // Shows a project's settings; throws the parser's ValueError, leaving the form as it was.
    void setTraining(const io::Json& training, std::string_view source);
    // The settings as the form shows them, in the project format (always valid for the parser).
    io::Json training() const;
    train::TrainingConfig config() const;

    // Validation and test fractions of the data set (each in [0, 0.9]).
    void setSplit(double valFraction, double testFraction);
    double valFraction() const;
    double testFraction() const;
    // The loss types offered and the graph's current one; an empty `current` (no loss node) disables
    // the choice.
    void setLosses(const QStringList& types, const QString& current);
    QString loss() const;
    // training.initialWeights as shown ("" when the model starts from the seed), and its Clear button.
    QString initialWeights() const;
    QPushButton* clearInitialWeightsButton() const { return m_clearInitialWeights; }

signals:
    void changed();  // a training setting
    void splitChanged();
    void lossChanged(const QString& type);

private:
    void updateVisibility();

    train::TrainingConfig m_base;  // carries the options the form does not show
    QComboBox* m_optimizer;
    NumberBox *m_lr, *m_weightDecay, *m_momentum;
    QLabel* m_momentumLabel;
    QComboBox* m_scheduler;
    QLabel *m_schedIntLabel, *m_schedRealLabel;
    QSpinBox* m_schedInt;
    NumberBox* m_schedReal;
    QSpinBox *m_epochs, *m_batchSize, *m_seed, *m_threads;
    QCheckBox* m_shuffle;
    QCheckBox* m_early;
    QComboBox* m_monitor;
    QSpinBox* m_patience;
    NumberBox* m_clip;
    // Created after the training fields, so those keep their places among the panel's children.
    QComboBox* m_loss;
    NumberBox *m_valFraction, *m_testFraction;
    QLabel *m_initialWeightsLabel, *m_initialWeights;
    QPushButton* m_clearInitialWeights;
    QWidget* m_initialWeightsRow;
};

}  // namespace tessera::widgets
