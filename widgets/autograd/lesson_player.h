// Plays the autograd lessons: the lesson and step on the left (text, Previous/Next), the step's script
// running in a playground on the right, where the student can step through it and edit it.
//
//   LessonPlayer player;            // loads the built-in lessons
//   player.openLesson(0);           // lesson 1, step 1
//   player.next();
//   player.playground()->model();   // the graph of the step's script
#pragma once

#include <QWidget>
#include <vector>

#include "widgets/autograd/lesson.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace tessera::widgets {

class PlaygroundWidget;

class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    explicit LessonPlayer(QWidget* parent = nullptr);

    const std::vector<Lesson>& lessons() const { return m_lessons; }
    int currentLesson() const { return m_lesson; }
    int currentStep() const { return m_step; }
    PlaygroundWidget* playground() const { return m_playground; }
    // Lessons that failed to load, with the reason (empty when all loaded).
    const QStringList& loadErrors() const { return m_errors; }

public slots:
    void openLesson(int lesson);
    void openStep(int step);
    void next();
    void previous();

private:
    std::vector<Lesson> m_lessons;
    QStringList m_errors;
    int m_lesson = -1;
    int m_step = -1;
    QComboBox* m_lessonBox;
    QLabel* m_stepTitle;
    QTextBrowser* m_text;
    QPushButton* m_previous;
    QPushButton* m_next;
    PlaygroundWidget* m_playground;
};

}  // namespace tessera::widgets
