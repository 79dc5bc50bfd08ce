// The built-in autograd lessons: every lesson loads, every step's script runs, the numbers the text
// promises are what backward computes, and the player walks the steps with no error, every view
// calling the root by the variable the step runs backward on.
#include <QSignalSpy>
#include <QtTest>

#include "root_names.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/lesson_player.h"
#include "widgets/autograd/playground_widget.h"

using namespace tessera::widgets;

namespace {

std::vector<double> gradOf(const CapturedGraph& g, const std::string& name) {
    for (const auto& t : g.tensors)
        if (t.name == name) return t.grad.values;
    return {};
}

CapturedGraph run(const Lesson& lesson, std::size_t step) {
    const LessonStep& s = lesson.steps.at(step);
    return captureScript(s.script.toStdString(), s.inputs, s.backward.toStdString());
}

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void everyLessonLoadsAndEveryStepRuns() {
        const QStringList paths = builtinLessons();
        QVERIFY(paths.size() >= 3);
        for (const QString& path : paths) {
            const Lesson lesson = loadLesson(path);
            QVERIFY(!lesson.title.isEmpty());
            for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
                const CapturedGraph g = run(lesson, i);
                QVERIFY2(!g.backwardTarget.empty(), qPrintable(path + ": step " + QString::number(i + 1)));
                QVERIFY(!g.snapshot.nodes.empty());
            }
        }
    }
    void theNumbersInTheTextAreRight() {
        const QStringList paths = builtinLessons();
        const Lesson chain = loadLesson(paths[0]);
        QVERIFY(chain.title.contains("chain rule"));
        QCOMPARE(gradOf(run(chain, 2), "a"), (std::vector<double>{1, 1, 1}));
        const auto twoPaths = gradOf(run(chain, 3), "a");
        QCOMPARE(twoPaths.size(), std::size_t(3));
        QVERIFY(std::abs(twoPaths[1] - 4.0 / 3) < 1e-6);

        const Lesson accumulation = loadLesson(paths[1]);
        QVERIFY(accumulation.title.contains("zero_grad"));
        QCOMPARE(gradOf(run(accumulation, 0), "a"), (std::vector<double>{1, 1, 1}));
        QCOMPARE(gradOf(run(accumulation, 1), "a"), (std::vector<double>{2, 2, 2}));
        QCOMPARE(gradOf(run(accumulation, 2), "a"), (std::vector<double>{1, 1, 1}));
        QCOMPARE(gradOf(run(accumulation, 3), "a"), (std::vector<double>{5, 7, 9}));

        const Lesson broadcasting = loadLesson(paths[2]);
        QVERIFY(broadcasting.title.contains("Broadcasting"));
        QCOMPARE(gradOf(run(broadcasting, 1), "a"), (std::vector<double>{5, 7, 9}));
        QCOMPARE(gradOf(run(broadcasting, 2), "bias"), (std::vector<double>{4, 4}));
        QCOMPARE(gradOf(run(broadcasting, 3), "a"), (std::vector<double>{10, 10, 10}));
        QCOMPARE(gradOf(run(broadcasting, 3), "b"), (std::vector<double>{6, 6, 6, 6}));
    }
    void thePlayerWalksEveryStep() {
        LessonPlayer player;
        QVERIFY2(player.loadErrors().isEmpty(), qPrintable(player.loadErrors().join("\n")));
        ComputationGraphView& view = *player.playground()->graphView();
        const auto rootNamed = [&](const LessonStep& step) {
            QSignalSpy laid(&view, &ComputationGraphView::layoutFinished);
            if (view.isLayoutPending() && !laid.wait(30000)) return QStringLiteral("no layout");
            const QString target = !step.backward.isEmpty()
                                       ? step.backward
                                       : QString::fromStdString(player.playground()->model()->graph().backwardTarget);
            return testing::rootNameDisagreement(view, target);
        };
        for (int l = 0; l < static_cast<int>(player.lessons().size()); ++l) {
            const Lesson& lesson = player.lessons()[static_cast<std::size_t>(l)];
            player.openLesson(l);
            QCOMPARE(player.currentStep(), 0);
            QString wrong = rootNamed(lesson.steps[0]);
            QVERIFY2(wrong.isEmpty(), qPrintable(lesson.title + ", step 1: " + wrong));
            for (std::size_t s = 1; s < lesson.steps.size(); ++s) {
                player.next();
                QCOMPARE(player.currentStep(), static_cast<int>(s));
                QVERIFY2(player.playground()->errorText().isEmpty(), qPrintable(player.playground()->errorText()));
                QVERIFY(player.playground()->model()->rowCount() > 0);
                wrong = rootNamed(lesson.steps[s]);
                QVERIFY2(wrong.isEmpty(), qPrintable(lesson.title + ", step " + QString::number(s + 1) + ": " + wrong));
            }
            player.previous();
            QCOMPARE(player.currentStep(),
                     static_cast<int>(player.lessons()[static_cast<std::size_t>(l)].steps.size()) - 2);
        }
    }
    // Every shipped language has every lesson and every step of it, in that language, with the same
    // code spans as the English (they name the script's variables and calls).
    void everyStepOfEveryLessonIsInEveryLanguage() {
        const QStringList languages = lessonLanguages();
        QVERIFY(languages.contains("zh_CN"));
        const QRegularExpression code("<code>(.*?)</code>");
        const auto codes = [&](const QString& html) {
            QStringList spans;
            for (auto it = code.globalMatch(html); it.hasNext();) spans << it.next().captured(1);
            return spans;
        };
        const QRegularExpression nonAscii("[^\\x00-\\x7f]");
        for (const QString& language : languages) {
            for (const QString& path : builtinLessons()) {
                const QString where = language + ": " + path;
                QVERIFY2(QFile::exists(QFileInfo(path).dir().filePath(language + "/" + QFileInfo(path).fileName())),
                         qPrintable(where + " has no translation"));
                const Lesson english = loadLesson(path, "en");
                const Lesson translated = loadLesson(path, language);
                QCOMPARE(translated.steps.size(), english.steps.size());
                QVERIFY2(translated.title != english.title && translated.title.contains(nonAscii), qPrintable(where));
                QVERIFY2(translated.summary != english.summary, qPrintable(where));
                for (std::size_t i = 0; i < english.steps.size(); ++i) {
                    const QString step = where + " step " + QString::number(i + 1);
                    const LessonStep &e = english.steps[i], &t = translated.steps[i];
                    QVERIFY2(t.title != e.title && t.title.contains(nonAscii), qPrintable(step));
                    QVERIFY2(t.text != e.text && t.text.contains(nonAscii), qPrintable(step));
                    QCOMPARE(codes(t.text), codes(e.text));
                    QCOMPARE(t.script, e.script);
                }
            }
        }
        // The language alone finds the translation too; a language without one gives the English.
        const QString first = builtinLessons().value(0);
        QCOMPARE(loadLesson(first, "zh").title, loadLesson(first, "zh_CN").title);
        QCOMPARE(loadLesson(first, "de_DE").title, loadLesson(first, "en").title);
    }
    void translationWithOtherStepsIsRefused() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("xx"));
        const auto write = [](const QString& path, const QByteArray& text) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(dir.filePath("l.json"),
              R"({"title": "t", "steps": [{"title": "s", "text": "x", "script": "y = a * 2", "inputs": []},
                                          {"title": "s2", "text": "x2", "script": "y = a * 3", "inputs": []}]})");
        write(dir.filePath("xx/l.json"), R"({"title": "T", "steps": [{"title": "S", "text": "X"}]})");
        try {
            loadLesson(dir.filePath("l.json"), "xx");
            QFAIL("no error");
        } catch (const tessera::ValueError& e) {
            QVERIFY2(QString(e.what()).contains(dir.filePath("xx/l.json") + ": 1 steps, but " + dir.filePath("l.json") +
                                                " has 2"),
                     e.what());
        }
    }
    void badLessonsAreRefusedWithTheirPlace() {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"title": "t", "steps": [{"title": "s", "text": "x", "script": "y = a", "inputs": [{"name": "a", "shape": [2], "values": [1]}]}]})");
        f.close();
        try {
            loadLesson(path);
            QFAIL("no error");
        } catch (const tessera::ValueError& e) {
            QVERIFY2(QString(e.what()).contains("steps[0]: input 'a' has 1 values for 2 elements"), e.what());
        }
    }
};

QTEST_MAIN(TestLessons)
#include "test_lessons.moc"
