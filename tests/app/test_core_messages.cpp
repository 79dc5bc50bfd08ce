// Core's problem messages in Chinese: every message that a set of broken graphs makes is built from a
// template the widgets know (a message added to core without its template fails here), and in zh_CN
// each comes out in Chinese with its values (ids, shapes, numbers) kept.
#include <QRegularExpression>
#include <QtTest>

#include "app/translations.h"
#include "core/graph/analysis.h"
#include "core/graph/model_graph.h"
#include "widgets/common/core_messages.h"

using namespace tessera;

namespace {

io::Json obj(io::Json::Object members) { return io::Json::object(std::move(members)); }

std::vector<graph::ModelGraph> brokenGraphs() {
    std::vector<graph::ModelGraph> out;
    out.emplace_back();  // empty: no Input, no Output, no loss
    {
        graph::ModelGraph g;  // an image into a Linear, an unconnected loss, an unknown type, a cycle
        g.addNode("Input", obj({{"shape", io::Json::array({1, 8, 8})}}), "x");
        g.addNode("Input", obj({{"shape", io::Json::array({4})}}), "x2");
        g.addNode("Linear", obj({{"in_features", 64}, {"out_features", 3}}), "fc");
        g.addNode("CrossEntropyLoss", obj({}), "loss");
        g.addNode("Linaer", obj({}), "typo");
        g.addNode("ReLU", obj({}), "a");
        g.addNode("ReLU", obj({}), "b");
        g.addNode("Linear", obj({{"in_features", 4}, {"out_features", 2}, {"bias_", true}}), "fc2");
        g.addNode("Output", obj({}), "out");
        g.connect("x", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        g.connect("a", 0, "b", 0);
        g.connect("b", 0, "a", 0);
        g.connect("x2", 0, "fc2", 0);
        out.push_back(std::move(g));
    }
    {
        graph::ModelGraph g;  // a Linear with the wrong width after a flat input
        g.addNode("Input", obj({{"shape", io::Json::array({4})}}), "x");
        g.addNode("Linear", obj({{"in_features", 5}, {"out_features", 3}}), "fc");
        g.addNode("Output", obj({}), "out");
        g.connect("x", 0, "fc", 0);
        g.connect("fc", 0, "out", 0);
        out.push_back(std::move(g));
    }
    return out;
}

}  // namespace

class TestCoreMessages : public QObject {
    Q_OBJECT
private slots:
    void everyMessageHasATemplateAndAChineseText() {
        QVERIFY(app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        const QRegularExpression cjk("[\\x{4e00}-\\x{9fff}]");
        QStringList unknown, english;
        int messages = 0;
        for (const graph::ModelGraph& g : brokenGraphs()) {
            for (const graph::Problem& p : graph::analyze(g).problems) {
                ++messages;
                if (!widgets::matchesCoreTemplate(p.message)) unknown << QString::fromStdString(p.message);
                if (!widgets::coreMessage(p.message).contains(cjk)) english << QString::fromStdString(p.message);
            }
        }
        QVERIFY(messages >= 8);
        QVERIFY2(unknown.isEmpty(),
                 qPrintable("no template in widgets/common/core_messages.cpp for: " + unknown.join(" | ")));
        QVERIFY2(english.isEmpty(), qPrintable("no Chinese for: " + english.join(" | ")));
    }
    void valuesAreKept() {
        QVERIFY(app::installTranslations(QLocale("zh_CN"), {TESSERA_BINARY_DIR "/translations"}));
        QCOMPARE(widgets::coreMessage("input 1 (target) is not connected"), QString("输入 1（target）未连接"));
        QCOMPARE(widgets::coreMessage("Linear expects 4 input features, gets [N, 5] — set in_features to 5"),
                 QString("Linear 需要 4 个输入特征，实际得到 [N, 5] — 请把 in_features 设为 5"));
        QCOMPARE(widgets::coreMessage("something core never says"), QString("something core never says"));
    }
};

QTEST_MAIN(TestCoreMessages)
#include "test_core_messages.moc"
