// ProblemsView: the graph's problems (errors first, then warnings) as a list; clicking one emits
// nodeSelected with the node it belongs to, so the canvas can select and show it.
//
//   auto* problems = new ProblemsView(model);
//   connect(problems, &ProblemsView::nodeSelected, scene, [&](const QString& id) { … });
#pragma once

#include <QListWidget>

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

signals:
    void nodeSelected(const QString& id);

private:
    void refresh();
    QString describe(const graph::Problem& problem) const;

    GraphModel* m_model;
};

}  // namespace tessera::widgets
