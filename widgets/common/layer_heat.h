// Per-op timings painted on the designer's nodes: the share of a profile window's step time that ran
// inside each layer (the model's profiler scopes are its node ids), the colour scale they are painted
// with, and the legend that explains it.
//
//   QHash<QString, double> shares = layerTimeShares(window.events, window.stepNs);   // "conv2" → 0.41
//   designer->scene()->setNodeHeat(shares);
//   legend->setMaximum(maxShare(shares));
#pragma once

#include <QColor>
#include <QHash>
#include <QString>
#include <QWidget>
#include <vector>

#include "core/profile/profiler.h"

namespace tessera::widgets {

// Time inside each top-level scope (forward ops and the backward Nodes they created), divided by
// `stepNs`. Nested events (an op that runs ops, a Node that runs ops) count once: per thread, the
// union of a layer's event intervals is measured. Events outside any scope are left out.
QHash<QString, double> layerTimeShares(const std::vector<profile::Event>& events, double stepNs);

// The largest value of `shares` (0 when empty).
double maxShare(const QHash<QString, double>& shares);

// The heat scale, t in [0, 1] (clamped): pale yellow, orange, dark red.
QColor heatColor(double t);

// A horizontal colour bar from 0 to the largest share, with its end labels.
class HeatLegend : public QWidget {
    Q_OBJECT
public:
    explicit HeatLegend(QWidget* parent = nullptr);
    void setMaximum(double share);
    double maximum() const { return m_maximum; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    double m_maximum = 0;
};

}  // namespace tessera::widgets
