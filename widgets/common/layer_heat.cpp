#include "widgets/common/layer_heat.h"

#include <QPainter>
#include <algorithm>
#include <map>
#include <utility>

namespace tessera::widgets {

QHash<QString, double> layerTimeShares(const std::vector<profile::Event>& events, double stepNs) {
    QHash<QString, double> shares;
    if (stepNs <= 0) return shares;
    // (layer, thread) → intervals
    std::map<std::pair<std::string, std::uint32_t>, std::vector<std::pair<std::int64_t, std::int64_t>>> spans;
    std::map<profile::ScopeId, std::string> layers;
    for (const profile::Event& e : events) {
        if (e.scope == 0) continue;
        auto it = layers.find(e.scope);
        if (it == layers.end()) {
            std::string path = profile::scopePath(e.scope);
            it = layers.emplace(e.scope, path.substr(0, path.find('/'))).first;
        }
        spans[{it->second, e.thread}].emplace_back(e.startNs, e.endNs);
    }
    for (auto& [key, intervals] : spans) {
        std::sort(intervals.begin(), intervals.end());
        std::int64_t covered = 0, start = intervals.front().first, end = intervals.front().second;
        for (const auto& [s, e] : intervals) {
            if (s > end) {
                covered += end - start;
                start = s;
                end = e;
            } else {
                end = std::max(end, e);
            }
        }
        covered += end - start;
        shares[QString::fromStdString(key.first)] += static_cast<double>(covered) / stepNs;
    }
    return shares;
}

double maxShare(const QHash<QString, double>& shares) {
    double top = 0;
    for (double v : shares) top = std::max(top, v);
    return top;
}

QColor heatColor(double t) {
    t = std::clamp(t, 0.0, 1.0);
    // Three stops of a yellow–orange–red ramp (ColorBrewer YlOrRd).
    const QColor stops[] = {QColor(0xff, 0xf7, 0xbc), QColor(0xfe, 0x99, 0x29), QColor(0xb1, 0x00, 0x26)};
    const double x = t * 2;
    const int i = std::min(1, static_cast<int>(x));
    const double f = x - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

HeatLegend::HeatLegend(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("Share of the profiled steps' time spent in each layer, as painted on the designer's nodes"));
}

void HeatLegend::setMaximum(double share) {
    m_maximum = share;
    update();
}

QSize HeatLegend::sizeHint() const { return {220, fontMetrics().height() + 6}; }

void HeatLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm = p.fontMetrics();
    const QString low = QStringLiteral("0%");
    const QString high = QStringLiteral("%1%").arg(100.0 * m_maximum, 0, 'f', 1);
    const int lowWidth = fm.horizontalAdvance(low) + 6, highWidth = fm.horizontalAdvance(high) + 6;
    const QRect bar(lowWidth, 3, std::max(10, width() - lowWidth - highWidth), height() - 6);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (double t : {0.0, 0.5, 1.0}) gradient.setColorAt(t, heatColor(t));
    p.fillRect(bar, gradient);
    p.setPen(palette().mid().color());
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    p.setPen(palette().text().color());
    p.drawText(QRect(0, 0, lowWidth - 3, height()), Qt::AlignRight | Qt::AlignVCenter, low);
    p.drawText(QRect(bar.right() + 4, 0, highWidth, height()), Qt::AlignLeft | Qt::AlignVCenter, high);
}

}  // namespace tessera::widgets
