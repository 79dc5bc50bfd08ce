// ProblemsView: the project's problems outside the graph (no data set, a data file that cannot be
// read), then the graph's (errors first, then warnings) as a list; clicking one of the graph's emits
// nodeSelected with the node it belongs to, so the canvas can select and show it.
//
//   auto* problems = new ProblemsView(model);
//   connect(problems, &ProblemsView::nodeSelected, scene, [&](const QString& id) { … });
//   problems->setProjectProblems({"No data set: …"});   // shown first; {} when there are none
#pragma once

#include <QListWidget>
#include <QStringList>

namespace tessera::graph {
struct Problem;
}

namespace tessera::widgets {

class GraphModel;

class ProblemsView : public QListWidget {
    Q_OBJECT
public:
    static constexpr int kNodeIdRole = Qt::UserRole + 1;

    explicit ProblemsView(GraphModel* model, QWidget* parent = nullptr);

    // Errors of the project that are not the graph's, listed first (replacing the previous ones).
    void setProjectProblems(const QStringList& errors);
    QStringList projectProblems() const { return m_projectProblems; }

signals:
    void nodeSelected(const QString& id);

private:
    void refresh();
    QString describe(const graph::Problem& problem) const;

    GraphModel* m_model;
    QStringList m_projectProblems;
};

}  // namespace tessera::widgets
