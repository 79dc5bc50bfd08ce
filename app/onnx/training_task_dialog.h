// Asked when Open ONNX… imports a model: what it is trained for, so that Run works — the Target and
// loss the import adds (core/onnx/onnx_task.h). The choices come from the model's output ([N, 3]
// logits: 3 classes with CrossEntropyLoss, or 3 regression values with MSELoss or L1Loss, or no loss);
// the first, the file's own or the one its output implies, is selected. The designer can change both
// nodes later.
//
//   TrainingTaskDialog dialog(onnx::trainingTaskChoices(model), onnx::outputShapeText(model.graph), window);
//   if (dialog.exec() == QDialog::Accepted) importTo(file, project, dialog.task());
#pragma once

#include <QDialog>
#include <QString>
#include <vector>

#include "core/onnx/onnx_task.h"

class QButtonGroup;

namespace tessera::app {

// "3 classes: CrossEntropyLoss on fc3", "regression of [N, 1]: MSELoss on fc3", "no loss (predict only)".
QString trainingTaskText(const onnx::TrainingTask& task);

class TrainingTaskDialog : public QDialog {
    Q_OBJECT
public:
    TrainingTaskDialog(std::vector<onnx::TrainingTask> choices, const QString& outputShape, QWidget* parent = nullptr);

    const std::vector<onnx::TrainingTask>& choices() const { return m_choices; }
    QButtonGroup* buttons() const { return m_group; }
    onnx::TrainingTask task() const;

private:
    std::vector<onnx::TrainingTask> m_choices;
    QButtonGroup* m_group;
};

}  // namespace tessera::app
