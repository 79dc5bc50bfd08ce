// The playground: the graph follows the text (debounced), errors are shown and underlined at their
// line and column while the last good graph stays, and inputs are set by hand or at random.
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/playground_widget.h"

using namespace tessera::widgets;

class TestPlaygroundWidget : public QObject {
    Q_OBJECT
private slots:
    void followsTheTextAfterADebounce() {
        PlaygroundWidget p;
        p.setInputs({{"a", {3}, {1, 2, 3}, true, tessera::DType::Float32}});
        QSignalSpy ran(&p, &PlaygroundWidget::ran);
        p.editor()->setPlainText("c = (a * a).sum()\n");
        QCOMPARE(ran.count(), 0);  // not on every keystroke …
        QVERIFY(ran.wait(5000));   // … but once the typing stops
        QCOMPARE(ran.count(), 1);
        QCOMPARE(ran.first().first().toBool(), true);
        QCOMPARE(p.model()->graph().tensors.front().grad.values, (std::vector<double>{2, 4, 6}));
    }
    void showsErrorsAtLineAndColumnAndKeepsTheLastGraph() {
        PlaygroundWidget p;
        p.setInputs({{"a", {3}, {1, 2, 3}, true, tessera::DType::Float32}});
        p.setScript("c = a.sum()\n");
        p.runNow();
        QVERIFY(p.errorText().isEmpty());
        const int rows = p.model()->rowCount();

        p.setScript("b = a * 2\nc = b.mean(\n");
        p.runNow();
        QCOMPARE(p.errorLine(), 2);
        QVERIFY(p.errorColumn() > 0);
        QVERIFY2(p.errorText().startsWith("line 2, column "), qPrintable(p.errorText()));
        QCOMPARE(p.editor()->extraSelections().size(), 1);
        QCOMPARE(p.editor()->extraSelections().first().cursor.blockNumber(), 1);
        QCOMPARE(p.model()->rowCount(), rows);

        p.setScript("c = a @ a.t()[0]\n");  // an op's own error, placed in the script
        p.runNow();
        QCOMPARE(p.errorLine(), 1);

        p.setScript("c = a.sum()\n");
        p.runNow();
        QVERIFY(p.errorText().isEmpty());
        QVERIFY(p.editor()->extraSelections().isEmpty());
    }
    void inputsByHandOrAtRandom() {
        PlaygroundWidget p;
        p.setInputs({{"w", {2, 3}, {1, 2, 3, 4, 5, 6}, true, tessera::DType::Float32},
                     {"k", {2}, {7, 8}, false, tessera::DType::Float32}});
        auto in = p.inputs();
        QCOMPARE(in.size(), std::size_t(2));
        QCOMPARE(in[0].sizes, (tessera::Shape{2, 3}));
        QCOMPARE(in[1].requiresGrad, false);
        p.randomizeInputs();
        in = p.inputs();
        QCOMPARE(in[0].values.size(), std::size_t(6));
        QVERIFY(in[0].values != (std::vector<double>{1, 2, 3, 4, 5, 6}));
        p.setInputs({{"w", {2, 2}, {1, 2, 3}, true, tessera::DType::Float32}});  // 3 values for 4 elements
        p.setScript("y = w.sum()\n");
        p.runNow();
        QCOMPARE(p.errorLine(), 0);
        QVERIFY2(p.errorText().contains("input 'w': 3 values for 4 elements"), qPrintable(p.errorText()));
    }
};

QTEST_MAIN(TestPlaygroundWidget)
#include "test_playground_widget.moc"
