#include "widgets/autograd/lesson_player.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/tensor/error.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/autograd/playground_widget.h"

namespace tessera::widgets {

LessonPlayer::LessonPlayer(QWidget* parent)
    : QWidget(parent),
      m_lessonBox(new QComboBox),
      m_stepTitle(new QLabel),
      m_text(new QTextBrowser),
      m_previous(new QPushButton(tr("← Previous"))),
      m_next(new QPushButton(tr("Next →"))),
      m_playground(new PlaygroundWidget) {
    for (const QString& path : builtinLessons()) {
        try {
            m_lessons.push_back(loadLesson(path));
            m_lessonBox->addItem(tr("Lesson %1: %2").arg(m_lessons.size()).arg(m_lessons.back().title));
        } catch (const Error& e) {
            m_errors << QString::fromUtf8(e.what());
        }
    }
    m_lessonBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_lessonBox->setMinimumContentsLength(16);
    m_stepTitle->setWordWrap(true);
    QFont big = m_stepTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_stepTitle->setFont(big);
    m_text->setOpenExternalLinks(false);
    m_text->setMinimumWidth(200);

    auto* nav = new QHBoxLayout;
    nav->addWidget(m_previous);
    nav->addStretch();
    nav->addWidget(m_next);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_lessonBox);
    leftLayout->addWidget(m_stepTitle);
    leftLayout->addWidget(m_text, 1);
    leftLayout->addLayout(nav);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_playground);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({300, 1100});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_lessonBox, &QComboBox::activated, this, &LessonPlayer::openLesson);
    connect(m_previous, &QPushButton::clicked, this, &LessonPlayer::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPlayer::next);
    if (!m_lessons.empty()) openLesson(0);
}

void LessonPlayer::openLesson(int lesson) {
    if (lesson < 0 || lesson >= static_cast<int>(m_lessons.size())) return;
    m_lesson = lesson;
    m_lessonBox->setCurrentIndex(lesson);
    openStep(0);
}

void LessonPlayer::openStep(int step) {
    if (m_lesson < 0) return;
    const Lesson& lesson = m_lessons[static_cast<std::size_t>(m_lesson)];
    if (step < 0 || step >= static_cast<int>(lesson.steps.size())) return;
    m_step = step;
    const LessonStep& s = lesson.steps[static_cast<std::size_t>(step)];
    m_stepTitle->setText(tr("Step %1 of %2: %3").arg(step + 1).arg(lesson.steps.size()).arg(s.title));
    m_text->setHtml(s.text);
    m_previous->setEnabled(step > 0);
    m_next->setEnabled(step + 1 < static_cast<int>(lesson.steps.size()));
    m_playground->setInputs(s.inputs);
    m_playground->setBackwardTarget(s.backward);
    m_playground->setScript(s.script);
    m_playground->runNow();
    if (s.showEnd) m_playground->graphView()->runToEnd();
}

void LessonPlayer::next() { openStep(m_step + 1); }

void LessonPlayer::previous() { openStep(m_step - 1); }

}  // namespace tessera::widgets
