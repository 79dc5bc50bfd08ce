// The project tree model on its own: sections, node rows, edge rows, summaries.
#include <QAbstractItemModelTester>
#include <QColor>
#include <QtTest>

#include "core/graph/node_type_registry.h"
#include "core/io/project.h"
#include "widgets/common/node_colours.h"
#include "widgets/common/project_model.h"

using namespace tessera;
using widgets::ProjectModel;

namespace {
io::Project sample() {
    io::Project p;
    p.name = "sample";
    p.data = io::Json::object({{"dataset", "iris"}, {"standardize", true}});
    p.nodes = {{"x", "Input", io::Json::object({{"shape", io::Json::array({4})}}), 0, 0},
               {"fc", "Linear", io::Json::object({{"in", 4}, {"out", 3}}), 190, 0},
               {"loss", "CrossEntropyLoss", io::Json::object(), 380, 0}};
    p.edges = {{"x", 0, "fc", 0}, {"fc", 0, "loss", 0}};
    p.training = io::Json::object({{"optimizer", io::Json::object({{"type", "Adam"}, {"lr", 0.01}})}, {"epochs", 5}});
    return p;
}
}  // namespace

class TestProjectModel : public QObject {
    Q_OBJECT
private slots:
    void sectionsAndCounts() {
        ProjectModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(sample());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), 3);
        const QModelIndex data = model.sectionIndex(ProjectModel::Section::Data);
        QCOMPARE(data.data().toString(), QString("Data"));
        QCOMPARE(model.index(0, 1).data().toString(), QString("iris"));
        QCOMPARE(model.rowCount(data), 2);
        QCOMPARE(model.index(1, 1, data).data().toString(), QString("true"));

        const QModelIndex nodes = model.sectionIndex(ProjectModel::Section::Nodes);
        QCOMPARE(model.index(1, 1).data().toString(), QString("3"));
        QCOMPARE(model.rowCount(nodes), 3);
        QCOMPARE(model.index(1, 0, nodes).data().toString(), QString("fc"));
        QCOMPARE(model.index(1, 1, nodes).data().toString(), QString("Linear"));
        QCOMPARE(model.index(1, 2, nodes).data().toString(), QString("in=4, out=3"));
        QCOMPARE(model.index(0, 2, nodes).data().toString(), QString("shape=[4]"));
        QCOMPARE(model.index(1, 0, nodes).data(ProjectModel::NodeIdRole).toString(), QString("fc"));
        QCOMPARE(model.index(1, 0, nodes).data(Qt::DecorationRole).value<QColor>(), ProjectModel::typeColor("Linear"));
        QCOMPARE(model.parent(model.index(2, 0, nodes)), nodes);

        const QModelIndex edges = model.sectionIndex(ProjectModel::Section::Edges);
        QCOMPARE(model.rowCount(edges), 2);
        QCOMPARE(model.index(1, 0, edges).data().toString(), QString("fc → loss"));
        QCOMPARE(model.index(1, 1, edges).data().toString(), QString("output 0 → input 0"));

        const QModelIndex training = model.sectionIndex(ProjectModel::Section::Training);
        QCOMPARE(model.index(3, 2).data().toString(), QString("optimizer=Adam(lr=0.01), epochs=5"));
        QCOMPARE(model.rowCount(model.index(0, 0, training)), 2);  // the optimizer's own members
    }
    void setProjectResets() {
        ProjectModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(sample());
        io::Project smaller = sample();
        smaller.nodes.pop_back();
        smaller.edges.pop_back();
        model.setProject(smaller);
        QCOMPARE(model.rowCount(model.sectionIndex(ProjectModel::Section::Nodes)), 2);
        QCOMPARE(model.rowCount(model.sectionIndex(ProjectModel::Section::Edges)), 1);
        model.setProject(io::Project{});
        QCOMPARE(model.index(0, 1).data().toString(), QString("(none)"));
        QCOMPARE(model.rowCount(model.sectionIndex(ProjectModel::Section::Nodes)), 0);
    }
    void summariesAndColours() {
        QCOMPARE(ProjectModel::summarize(io::parseJson("{\"a\": {\"b\": 1}, \"s\": \"x\"}", "t")),
                 QString("a=(b=1), s=x"));
        QCOMPARE(ProjectModel::summarize(io::Json::object()), QString());
        QCOMPARE(ProjectModel::typeColor("MSELoss"), ProjectModel::typeColor("CrossEntropyLoss"));
        QVERIFY(ProjectModel::typeColor("SomePluginLayer").isValid());
        QCOMPARE(ProjectModel::typeColor("SomePluginLayer"), ProjectModel::typeColor("SomePluginLayer"));
        QVERIFY(ProjectModel::typeColor("Linear") != ProjectModel::typeColor("ReLU"));
    }
    // The Project dock marks every node type with the colour the canvas draws it in: its category's.
    void coloursAreTheCanvass() {
        const auto& registry = graph::NodeTypeRegistry::instance();
        for (const std::string& name : registry.names()) {
            const QString category = QString::fromStdString(registry.get(name).category);
            QCOMPARE(ProjectModel::typeColor(QString::fromStdString(name)), widgets::categoryColour(category));
        }
    }
};

QTEST_GUILESS_MAIN(TestProjectModel)
#include "test_project_model.moc"
