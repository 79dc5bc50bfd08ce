// The windows of Help → Autograd Playground and Help → Autograd Lessons: non-modal dialogs around
// widgets::PlaygroundWidget and widgets::LessonPlayer, opened from the main window (or by
// `tessera --show playground|lessons` for screenshots).
//
//   auto* d = new PlaygroundDialog(mainWindow);   // deletes itself when closed
//   d->show();
#pragma once

#include <QDialog>

namespace tessera::widgets {
class LessonPlayer;
class PlaygroundWidget;
}  // namespace tessera::widgets

namespace tessera::app {

class PlaygroundDialog : public QDialog {
    Q_OBJECT
public:
    explicit PlaygroundDialog(QWidget* parent = nullptr);
    widgets::PlaygroundWidget* playground() const { return m_playground; }

private:
    widgets::PlaygroundWidget* m_playground;
};

class LessonsDialog : public QDialog {
    Q_OBJECT
public:
    explicit LessonsDialog(QWidget* parent = nullptr);
    widgets::LessonPlayer* player() const { return m_player; }

private:
    widgets::LessonPlayer* m_player;
};

}  // namespace tessera::app
