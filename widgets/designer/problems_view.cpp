#include "widgets/designer/problems_view.h"

#include <QStyle>

#include "core/graph/analysis.h"
#include "widgets/designer/graph_model.h"

namespace tessera::widgets {

ProblemsView::ProblemsView(GraphModel* model, QWidget* parent) : QListWidget(parent), m_model(model) {
    setObjectName(QStringLiteral("ProblemsView"));
    setWordWrap(true);
    connect(m_model, &GraphModel::analysisChanged, this, &ProblemsView::refresh);
    connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (const QString id = item->data(kNodeIdRole).toString(); !id.isEmpty()) emit nodeSelected(id);
    });
    refresh();
}

void ProblemsView::setProjectProblems(const QStringList& errors) {
    if (errors == m_projectProblems) return;
    m_projectProblems = errors;
    refresh();
}

void ProblemsView::refresh() {
    clear();
    for (const QString& problem : m_projectProblems)
        new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxCritical), problem, this);
    for (const graph::Severity severity : {graph::Severity::Error, graph::Severity::Warning}) {
        for (const graph::Problem& p : m_model->report().problems) {
            if (p.severity != severity) continue;
            auto* item = new QListWidgetItem(
                style()->standardIcon(severity == graph::Severity::Error ? QStyle::SP_MessageBoxCritical
                                                                         : QStyle::SP_MessageBoxWarning),
                QString::fromStdString(graph::formatProblem(p, &m_model->graph())), this);
            item->setData(kNodeIdRole, QString::fromStdString(p.nodeId));
        }
    }
}

}  // namespace tessera::widgets
