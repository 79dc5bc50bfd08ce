#include "widgets/autograd/tensor_panel.h"

#include <QColor>
#include <QPainter>
#include <QUrl>
#include <algorithm>
#include <cmath>

namespace tessera::widgets {

namespace {

constexpr std::int64_t kValueLimit = 4096;
constexpr int kMapWidth = 240;  // pixels the heat map may take across the panel
constexpr int kMultiples = 16;  // slices shown of a tensor of rank > 2

QString number(double v) { return QString::number(v, 'g', 5); }

std::int64_t numelOf(const autograd::SnapshotTensor& t) {
    std::int64_t n = 1;
    for (auto s : t.sizes) n *= s;
    return n;
}

void nested(const std::vector<double>& values, const Shape& sizes, std::size_t dim, std::size_t& at, QString& out) {
    if (dim == sizes.size()) {
        out += number(values[at++]);
        return;
    }
    out += '[';
    for (std::int64_t i = 0; i < sizes[dim]; ++i) {
        if (i) out += dim + 1 == sizes.size() ? QStringLiteral(", ") : QStringLiteral(",\n ");
        nested(values, sizes, dim + 1, at, out);
    }
    out += ']';
}

QString shapeText(const Shape& s) {
    QStringList parts;
    for (auto v : s) parts << QString::number(v);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

}  // namespace

QColor divergingColor(double v) {
    v = std::clamp(v, -1.0, 1.0);
    // White at zero towards RdBu's ends (#2166ac below, #b2182b above).
    const QColor end = v < 0 ? QColor(0x21, 0x66, 0xac) : QColor(0xb2, 0x18, 0x2b);
    const double t = std::abs(v);
    return QColor::fromRgbF(static_cast<float>(1 + (end.redF() - 1) * t),
                            static_cast<float>(1 + (end.greenF() - 1) * t),
                            static_cast<float>(1 + (end.blueF() - 1) * t));
}

QString tensorValuesText(const autograd::SnapshotTensor& t) {
    if (!t.defined) return QStringLiteral("None");
    const std::int64_t numel = numelOf(t);
    if (static_cast<std::int64_t>(t.values.size()) != numel) return QObject::tr("(values not recorded)");
    if (numel > kValueLimit) {
        autograd::SnapshotTensor first;
        first.defined = true;
        first.sizes = {kValueLimit};
        first.values.assign(t.values.begin(), t.values.begin() + kValueLimit);
        return TensorPanelBrowser::tr("%1 elements; the first %2 in order:\n").arg(numel).arg(kValueLimit) +
               tensorValuesText(first);
    }
    QString out;
    std::size_t at = 0;
    nested(t.values, t.sizes, 0, at, out);
    return out;
}

QImage tensorHeatMap(const autograd::SnapshotTensor& t) {
    const std::int64_t numel = numelOf(t);
    if (!t.defined || t.sizes.empty() || numel < 2 || static_cast<std::int64_t>(t.values.size()) != numel) return {};
    // Rows × columns of one slice; a 1-D tensor is one row.
    const std::int64_t cols = t.sizes.back();
    const std::int64_t rows = t.sizes.size() >= 2 ? t.sizes[t.sizes.size() - 2] : 1;
    const std::int64_t slices = std::min<std::int64_t>(numel / std::max<std::int64_t>(rows * cols, 1), kMultiples);
    const int across = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(slices))));
    const int down = static_cast<int>((slices + across - 1) / across);
    constexpr int kGap = 3;
    // Square cells up to 16 px while the slices fit in kMapWidth × kMapWidth; a long row or a tall
    // matrix is squeezed along that side only (several values to a pixel, sampled).
    double cellW = std::min((kMapWidth - (across - 1) * kGap) / static_cast<double>(across * cols), 16.0);
    double cellH = std::min((kMapWidth - (down - 1) * kGap) / static_cast<double>(down * rows), 16.0);
    if (cellW >= 1 && cellH >= 1) cellW = cellH = std::min(cellW, cellH);
    const int sliceW = std::max(1, static_cast<int>(std::lround(cellW * static_cast<double>(cols))));
    const int sliceH = std::max(1, static_cast<int>(std::lround(cellH * static_cast<double>(rows))));
    double scale = 0;
    for (double v : t.values)
        if (std::isfinite(v)) scale = std::max(scale, std::abs(v));
    QImage image(across * sliceW + (across - 1) * kGap, down * sliceH + (down - 1) * kGap, QImage::Format_RGB32);
    image.fill(Qt::white);
    for (std::int64_t s = 0; s < slices; ++s) {
        const int ox = static_cast<int>(s % across) * (sliceW + kGap),
                  oy = static_cast<int>(s / across) * (sliceH + kGap);
        for (int y = 0; y < sliceH; ++y)
            for (int x = 0; x < sliceW; ++x) {
                // Nearest value: a large slice is sampled, a small one blown up.
                const auto r = std::min<std::int64_t>(rows - 1, static_cast<std::int64_t>(y / cellH));
                const auto c = std::min<std::int64_t>(cols - 1, static_cast<std::int64_t>(x / cellW));
                const double v = t.values[static_cast<std::size_t>(s * rows * cols + r * cols + c)];
                image.setPixel(ox + x, oy + y,
                               std::isfinite(v) ? divergingColor(scale > 0 ? v / scale : 0).rgb() : qRgb(0, 0, 0));
            }
    }
    return image;
}

QString tensorPanelHtml(const QString& key, const QString& title, const autograd::SnapshotTensor& t, bool showValues,
                        int generation) {
    if (!t.defined) return QStringLiteral("<p><b>%1</b>: None</p>").arg(title.toHtmlEscaped());
    const std::int64_t numel = numelOf(t);
    QString html = QStringLiteral("<p style=\"margin-bottom:0\"><b>%1</b> %2 %3</p>")
                       .arg(title.toHtmlEscaped(), shapeText(t.sizes), QString::fromLatin1(dtypeName(t.dtype)));
    const bool recorded = static_cast<std::int64_t>(t.values.size()) == numel && numel > 0;
    if (!recorded)
        return html + QStringLiteral("<p style=\"margin-top:0\"><i>%1</i></p>")
                          .arg(TensorPanelBrowser::tr("values not recorded"));
    if (numel > 1) {
        double lo = INFINITY, hi = -INFINITY, sum = 0;
        for (double v : t.values) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            sum += v;
        }
        const double mean = sum / static_cast<double>(numel);
        double var = 0;
        for (double v : t.values) var += (v - mean) * (v - mean);
        html += QStringLiteral("<p style=\"margin-top:0; margin-bottom:2px\">%1</p>")
                    .arg(TensorPanelBrowser::tr("%1 values · min %2 · max %3 · mean %4 · std %5")
                             .arg(numel)
                             .arg(number(lo), number(hi), number(mean),
                                  number(std::sqrt(var / static_cast<double>(numel)))));
        html += QStringLiteral("<img src=\"tensor:%1?g=%2\">").arg(key.toHtmlEscaped()).arg(generation);
    }
    if (numel <= kInlineValues)
        return html + QStringLiteral("<pre style=\"margin-top:2px; white-space:pre-wrap\">%1</pre>")
                          .arg(tensorValuesText(t).toHtmlEscaped());
    html += QStringLiteral("<p style=\"margin-top:2px\"><a href=\"values:%1\">%2</a></p>")
                .arg(key.toHtmlEscaped(), showValues ? TensorPanelBrowser::tr("Hide the numbers")
                                                     : TensorPanelBrowser::tr("Show the %1 numbers").arg(numel));
    if (showValues)
        html += QStringLiteral("<pre style=\"margin-top:0; white-space:pre-wrap\">%1</pre>")
                    .arg(tensorValuesText(t).toHtmlEscaped());
    return html;
}

TensorPanelBrowser::TensorPanelBrowser(QWidget* parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QStringLiteral("values")) emit valuesToggled(url.path());
    });
}

QVariant TensorPanelBrowser::loadResource(int type, const QUrl& name) {
    if (type == QTextDocument::ImageResource && name.scheme() == QStringLiteral("tensor") && m_images)
        return m_images(name.path());
    return QTextBrowser::loadResource(type, name);
}

}  // namespace tessera::widgets
