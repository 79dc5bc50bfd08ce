// The run settings of a project's "training" object as a form: optimiser and its learning rate,
// weight decay and momentum, LR schedule, batch size, epochs, early stopping, gradient clipping,
// seed and threads. Options the form does not show (Adam's betas, a scheduler's eta_min, …) are
// kept as the project gave them.
//
//   RunPanel panel;
//   panel.setTraining(project.training, "moons.tessera");   // ValueError for a malformed object
//   project.training = panel.training();                    // what the next run uses
#pragma once

#include <QWidget>
#include <string_view>

#include "core/io/json.h"
#include "core/train/training_config.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace tessera::widgets {

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    // Shows a project's settings; throws the parser's ValueError, leaving the form as it was.
    void setTraining(const io::Json& training, std::string_view source);
    // The settings as the form shows them, in the project format (always valid for the parser).
    io::Json training() const;
    train::TrainingConfig config() const;

signals:
    void changed();

private:
    void updateVisibility();

    train::TrainingConfig m_base;  // carries the options the form does not show
    QComboBox* m_optimizer;
    QDoubleSpinBox *m_lr, *m_weightDecay, *m_momentum;
    QLabel* m_momentumLabel;
    QComboBox* m_scheduler;
    QLabel *m_schedIntLabel, *m_schedRealLabel;
    QSpinBox* m_schedInt;
    QDoubleSpinBox* m_schedReal;
    QSpinBox *m_epochs, *m_batchSize, *m_seed, *m_threads;
    QCheckBox* m_shuffle;
    QCheckBox* m_early;
    QComboBox* m_monitor;
    QSpinBox* m_patience;
    QDoubleSpinBox* m_clip;
};

}  // namespace tessera::widgets
