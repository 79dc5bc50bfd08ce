// How the autograd views show one tensor: its shape, dtype and summary statistics, a heat map of its
// values (a 2-D tensor as a grid, a higher one as small multiples of its last two dimensions, blue
// below zero, white at zero, red above), and the raw numbers — inline for a handful, else on demand
// behind a "show the numbers" link, never a dump of thousands. TensorPanelBrowser is the text browser
// that draws such panels: it loads the heat maps and turns the link into valuesToggled(key).
//
//   QString html = tensorPanelHtml("s:received grad_output[0]", tr("received grad_output[0]"), t, false);
//   QImage map = tensorHeatMap(t);                                  // null for a scalar or no values
//   browser->setImageProvider([&](const QString& key) { return model.panelImage(key); });
#pragma once

#include <QImage>
#include <QString>
#include <QTextBrowser>
#include <functional>

#include "core/autograd/graph_snapshot.h"

namespace tessera::widgets {

// Tensors with at most this many values show them inline; larger ones on demand.
inline constexpr std::int64_t kInlineValues = 16;

// The panel of `t` as HTML under `title`; `key` names its heat map ("tensor:KEY") and its link
// ("values:KEY"); `showValues` adds the raw numbers of a tensor too large to show them inline.
// `generation` goes into the heat map's address, so a browser never shows a map cached for an
// earlier panel of the same key.
QString tensorPanelHtml(const QString& key, const QString& title, const autograd::SnapshotTensor& t, bool showValues,
                        int generation = 0);
// The heat map of `t`'s values: one cell per value, the colour scale symmetric about zero.
QImage tensorHeatMap(const autograd::SnapshotTensor& t);
// The diverging colour of v in [-1, 1]: blue, white, red.
QColor divergingColor(double v);
// Every value (up to 4096) nested as torch prints them: [[1, 2], [3, 4]].
QString tensorValuesText(const autograd::SnapshotTensor& t);

class TensorPanelBrowser : public QTextBrowser {
    Q_OBJECT
public:
    explicit TensorPanelBrowser(QWidget* parent = nullptr);
    using ImageProvider = std::function<QImage(const QString& key)>;
    void setImageProvider(ImageProvider provider) { m_images = std::move(provider); }

signals:
    // The "show the numbers" / "hide the numbers" link of panel `key` was clicked.
    void valuesToggled(const QString& key);

protected:
    QVariant loadResource(int type, const QUrl& name) override;

private:
    ImageProvider m_images;
};

}  // namespace tessera::widgets
