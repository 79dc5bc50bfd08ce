#include "app/onnx/training_task_dialog.h"

#include <QButtonGroup>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

#include "core/graph/tensor_type.h"

namespace tessera::app {

QString trainingTaskText(const onnx::TrainingTask& task) {
    using Kind = onnx::TrainingTask::Kind;
    const QString loss = QString::fromStdString(task.loss), on = QString::fromStdString(task.prediction);
    QString text;
    switch (task.kind) {
        case Kind::Classification:
            text = QCoreApplication::translate("tessera::app::TrainingTaskDialog", "%1 classes: %2 on %3")
                       .arg(task.classes)
                       .arg(loss, on);
            break;
        case Kind::Regression:
            text = QCoreApplication::translate("tessera::app::TrainingTaskDialog", "regression of %1: %2 on %3")
                       .arg(QString::fromStdString(graph::toString(graph::batched(task.shape))), loss, on);
            break;
        case Kind::None:
            return QCoreApplication::translate("tessera::app::TrainingTaskDialog", "no loss (predict only)");
    }
    if (task.fromMetadata)
        text += QCoreApplication::translate("tessera::app::TrainingTaskDialog", " (kept in the file)");
    return text;
}

TrainingTaskDialog::TrainingTaskDialog(std::vector<onnx::TrainingTask> choices, const QString& outputShape,
                                       QWidget* parent)
    : QDialog(parent), m_choices(std::move(choices)), m_group(new QButtonGroup(this)) {
    setObjectName(QStringLiteral("TrainingTaskDialog"));
    setWindowTitle(tr("Train the Imported Model As"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(outputShape.isEmpty() ? tr("The model's output shape is unknown. Train it as:")
                                                   : tr("The model's output is %1. Train it as:").arg(outputShape),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    for (std::size_t i = 0; i < m_choices.size(); ++i) {
        auto* button = new QRadioButton(trainingTaskText(m_choices[i]), this);
        m_group->addButton(button, static_cast<int>(i));
        layout->addWidget(button);
    }
    if (auto* first = m_group->button(0)) first->setChecked(true);
    auto* note = new QLabel(tr("The import adds a Target and this loss; change either later in the designer."), this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
}

onnx::TrainingTask TrainingTaskDialog::task() const {
    const int id = m_group->checkedId();
    return id < 0 ? onnx::TrainingTask{} : m_choices.at(static_cast<std::size_t>(id));
}

}  // namespace tessera::app
