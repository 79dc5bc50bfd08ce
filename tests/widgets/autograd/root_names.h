// The root of an autograd graph (the tensor backward ran on) has one name in every place a view shows
// it: its row in the model and what search finds, the name drawn on its node, the heading of its
// details panel, the forward step whose op produced it and the backward step that starts there.
// rootNameDisagreement says where a view names it otherwise ("" when all say `expected`). The view's
// layout must be finished; the view's steps and selection are changed.
#pragma once

#include <QString>
#include <QStringList>

#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"
#include "widgets/autograd/tensor_panel.h"

namespace tessera::widgets::testing {

inline QString rootNameDisagreement(ComputationGraphView& view, const QString& expected) {
    const ComputationGraphModel& model = *view.model();
    QStringList wrong;
    int root = -1, op = -1;
    for (const GraphEdge& e : model.edges()) {
        if (e.kind != GraphEdgeKind::Output || model.kind(e.to) != GraphItemKind::Root) continue;
        if (model.data(model.index(e.from), ComputationGraphModel::BackwardOrderRole).toInt() < 0) continue;
        if (root >= 0) return QStringLiteral("two roots backward ran on: %1 and %2").arg(root).arg(e.to);
        root = e.to;
        op = e.from;
    }
    if (root < 0) return QStringLiteral("no root that backward ran on");
    if (model.name(root) != expected) wrong << QStringLiteral("model: %1").arg(model.name(root));
    if (!model.find(expected).contains(root)) wrong << QStringLiteral("search does not find it");
    if (view.shownName(root) != expected) wrong << QStringLiteral("node label: %1").arg(view.shownName(root));
    view.restartSteps();  // the panel then shows the selection alone
    view.selectRow(root);
    const auto* details = view.findChild<TensorPanelBrowser*>();
    const QString heading = details ? details->toPlainText().section(QLatin1Char('\n'), 0, 0) : QString();
    if (heading != expected) wrong << QStringLiteral("details: %1").arg(heading);
    bool forward = false, backward = false;
    for (int k = 0; k < static_cast<int>(model.steps().size()); ++k) {
        const GraphStep& step = model.steps()[static_cast<std::size_t>(k)];
        if (step.row != op) continue;
        if (step.phase == GraphStep::Phase::Forward) {
            forward = true;
            bool named = false;
            for (const StepTensor& t : model.stepTensors(k))
                named = named || (t.kind == StepTensor::Kind::Output && t.label.endsWith(QLatin1Char(' ') + expected));
            if (!named) wrong << QStringLiteral("forward step %1 names its output otherwise").arg(step.title);
        } else {
            backward = true;
            const QString html = model.stepHtml(k);
            if (!html.contains(QStringLiteral("the root <b>%1</b>").arg(expected.toHtmlEscaped())))
                wrong << QStringLiteral("backward step %1: %2").arg(step.title, html.left(120));
        }
    }
    if (!forward) wrong << QStringLiteral("no forward step produced it");
    if (!backward) wrong << QStringLiteral("no backward step starts there");
    return wrong.join(QStringLiteral("; "));
}

}  // namespace tessera::widgets::testing
