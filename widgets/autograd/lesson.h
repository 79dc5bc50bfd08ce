// A guided autograd lesson: a title and a sequence of steps, each with text (HTML), a script, its
// inputs, the variable to run backward on and where the step-through starts. Lessons are JSON files;
// the built-in ones live in resources/lessons (Qt resources under :/lessons).
//
//   for (const QString& path : builtinLessons()) {
//       Lesson lesson = loadLesson(path);        // throws IoError / ValueError naming file and field
//       lesson.steps[0].script;                  // "c = (a * 3).mean()\n"
//   }
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "widgets/autograd/computation_graph_capture.h"

namespace tessera::widgets {

struct LessonStep {
    QString title;
    QString text;  // HTML
    QString script;
    std::vector<CaptureInput> inputs;
    QString backward;      // "" for the playground's default
    bool showEnd = false;  // open with the whole pass shown (else before the first step)
};

struct Lesson {
    QString title;
    QString summary;
    std::vector<LessonStep> steps;
};

QStringList builtinLessons();  // resource paths, in lesson order
Lesson loadLesson(const QString& path);

}  // namespace tessera::widgets
