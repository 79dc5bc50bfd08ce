// keepExpansion: the Project dock's tree keeps the rows the user opened when its model is rebuilt
// after an edit, by their texts; rows that are gone are forgotten and new rows stay closed.
#include <QTreeView>
#include <QtTest>

#include "core/io/project.h"
#include "widgets/common/project_model.h"
#include "widgets/common/tree_expansion.h"

using namespace tessera;
using widgets::ProjectModel;

namespace {

io::Project project(int nodes) {
    io::Project p;
    p.name = "p";
    for (int i = 0; i < nodes; ++i) {
        io::NodeSpec n;
        n.id = "fc" + std::to_string(i);
        n.type = "Linear";
        n.params = io::parseJson(R"({"in_features": 2, "out_features": 3})", "params");
        p.nodes.push_back(n);
    }
    p.edges.push_back({.from = "fc0", .fromPort = 0, .to = "fc1", .toPort = 0});
    return p;
}

QModelIndex nodeRow(const ProjectModel& m, int i) {
    return m.index(i, 0, m.sectionIndex(ProjectModel::Section::Nodes));
}

}  // namespace

class TestTreeExpansion : public QObject {
    Q_OBJECT
private slots:
    void expandedRowsSurviveAReset() {
        ProjectModel model;
        model.setProject(project(2));
        QTreeView view;
        view.setModel(&model);
        widgets::keepExpansion(&view);
        view.expand(model.sectionIndex(ProjectModel::Section::Nodes));
        view.expand(model.sectionIndex(ProjectModel::Section::Edges));
        QVERIFY(!view.isExpanded(model.sectionIndex(ProjectModel::Section::Data)));

        model.setProject(project(3));  // an edit: one node more
        QCOMPARE(model.rowCount(model.sectionIndex(ProjectModel::Section::Nodes)), 3);
        QVERIFY(view.isExpanded(model.sectionIndex(ProjectModel::Section::Nodes)));
        QVERIFY(view.isExpanded(model.sectionIndex(ProjectModel::Section::Edges)));
        QVERIFY(!view.isExpanded(model.sectionIndex(ProjectModel::Section::Data)));
        QVERIFY(!view.isExpanded(nodeRow(model, 2)));

        view.collapseAll();  // what a new project does first
        model.setProject(project(3));
        QVERIFY(!view.isExpanded(model.sectionIndex(ProjectModel::Section::Nodes)));
    }
};

QTEST_MAIN(TestTreeExpansion)
#include "test_tree_expansion.moc"
