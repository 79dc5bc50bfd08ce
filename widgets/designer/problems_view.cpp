#include "widgets/designer/problems_view.h"

#include <QStyle>

#include "core/graph/analysis.h"
#include "widgets/common/core_messages.h"
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

// As graph::formatProblem writes it for tessera-cli, in the interface's language.
QString ProblemsView::describe(const graph::Problem& p) const {
    QString where = p.nodeId.empty() ? tr("model") : QString::fromStdString(p.nodeId);
    if (const graph::Node* n = p.nodeId.empty() ? nullptr : m_model->graph().findNode(p.nodeId))
        where = tr("%1 (%2)").arg(where, QString::fromStdString(n->type));
    if (p.port >= 0) where = tr("%1, input %2").arg(where).arg(p.port);
    if (!p.param.empty()) where = tr("%1, parameter '%2'").arg(where, QString::fromStdString(p.param));
    const QString message = coreMessage(p.message);
    return p.severity == graph::Severity::Warning ? tr("%1: warning: %2").arg(where, message)
                                                  : tr("%1: %2").arg(where, message);
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
                describe(p), this);
            item->setData(kNodeIdRole, QString::fromStdString(p.nodeId));
        }
    }
}

}  // namespace tessera::widgets
