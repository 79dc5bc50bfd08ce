#include "app/autograd/autograd_dialogs.h"

#include <QVBoxLayout>

#include "widgets/autograd/lesson_player.h"
#include "widgets/autograd/playground_widget.h"

namespace tessera::app {

namespace {

void frame(QDialog* dialog, QWidget* content) {
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowFlag(Qt::WindowMaximizeButtonHint);
    auto* layout = new QVBoxLayout(dialog);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(content);
    dialog->resize(1400, 900);
}

}  // namespace

PlaygroundDialog::PlaygroundDialog(QWidget* parent) : QDialog(parent), m_playground(new widgets::PlaygroundWidget) {
    setWindowTitle(tr("Autograd Playground — Tessera"));
    frame(this, m_playground);
    m_playground->setInputs(
        {{"a", {3}, {1, 2, 3}, true, DType::Float32}, {"w", {3}, {0.5, -1, 2}, true, DType::Float32}});
    m_playground->setScript(QStringLiteral("h = torch.tanh(a * w)\nloss = (h * h + a).mean()\n"));
    m_playground->runNow();
}

LessonsDialog::LessonsDialog(QWidget* parent) : QDialog(parent), m_player(new widgets::LessonPlayer) {
    setWindowTitle(tr("Autograd Lessons — Tessera"));
    frame(this, m_player);
}

}  // namespace tessera::app
