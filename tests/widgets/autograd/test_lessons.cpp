// The built-in autograd lessons: every lesson loads, every step's script runs, the numbers the text
// promises are what backward computes, and the player walks the steps with no error.
#include <QtTest>

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
        for (int l = 0; l < static_cast<int>(player.lessons().size()); ++l) {
            player.openLesson(l);
            QCOMPARE(player.currentStep(), 0);
            for (std::size_t s = 1; s < player.lessons()[static_cast<std::size_t>(l)].steps.size(); ++s) {
                player.next();
                QCOMPARE(player.currentStep(), static_cast<int>(s));
                QVERIFY2(player.playground()->errorText().isEmpty(), qPrintable(player.playground()->errorText()));
                QVERIFY(player.playground()->model()->rowCount() > 0);
            }
            player.previous();
            QCOMPARE(player.currentStep(),
                     static_cast<int>(player.lessons()[static_cast<std::size_t>(l)].steps.size()) - 2);
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
