// A guided autograd lesson: a title and a sequence of steps, each with text (HTML), a script, its
// inputs, the variable to run backward on and where the step-through starts. Lessons are JSON files;
// the built-in ones live in resources/lessons (Qt resources under :/lessons). A translation is a file
// of the same name in a folder named after the language (resources/lessons/zh_CN/01-chain-rule.json)
// holding the title, summary and every step's title and text; scripts and inputs stay in the original.
//
//   for (const QString& path : builtinLessons()) {
//       Lesson lesson = loadLesson(path);        // throws IoError / ValueError naming file and field
//       lesson.steps[0].script;                  // "c = (a * 3).mean()\n"
//       loadLesson(path, "zh_CN").title;         // "链式法则：c = (a * 3).mean()"
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
// The languages the built-in lessons are translated into ("zh_CN"), besides their English.
QStringList lessonLanguages();
// In `language` ("zh_CN"; default: the default QLocale's) when a translation exists for it or for its
// language alone ("zh"), else in English. A translation whose steps do not match the lesson's is a
// ValueError naming both files.
Lesson loadLesson(const QString& path, const QString& language = {});

}  // namespace tessera::widgets
