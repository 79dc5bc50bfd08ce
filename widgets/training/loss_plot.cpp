#include "widgets/training/loss_plot.h"

#include <qcustomplot.h>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSlider>
#include <QSvgGenerator>
#include <QTextStream>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "widgets/training/run_records_model.h"

namespace tessera::widgets {

namespace {

// Matplotlib's tab10: distinguishable runs, the same colour for a run's train and validation curves.
const QColor kPalette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                           QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                           QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f)};
constexpr int kReadoutReachPx = 24;
// Rows arrive up to 30 times a second; the curves follow at most 10 times a second, which looks
// live and leaves the UI thread free.
constexpr qint64 kMinRefreshMs = 100;
// The raw curve behind a smoothed one: its run's colour at this opacity (of 255).
constexpr int kRawAlpha = 60;

struct SeriesSpec {
    bool fromSteps;  // else from the epochs model
    QString xColumn, yColumn, label;
    bool validation;
};

// Per step and against wall time the training curve comes from the steps; per epoch from the epochs.
QVector<SeriesSpec> seriesFor(LossPlot::Metric metric, LossPlot::Axis axis) {
    const bool step = axis != LossPlot::Axis::Epoch;
    const QString x = axis == LossPlot::Axis::Step    ? QStringLiteral("step")
                      : axis == LossPlot::Axis::Epoch ? QStringLiteral("epoch")
                                                      : QStringLiteral("elapsed_ms");
    const QString trainLoss = LossPlot::tr("train loss"), valLoss = LossPlot::tr("val loss");
    const QString trainAcc = LossPlot::tr("train accuracy"), valAcc = LossPlot::tr("val accuracy");
    switch (metric) {
        case LossPlot::Metric::Loss:
            if (step) return {{true, x, "loss", trainLoss, false}, {false, x, "val_loss", valLoss, true}};
            return {{false, x, "train_loss", trainLoss, false}, {false, x, "val_loss", valLoss, true}};
        case LossPlot::Metric::Accuracy:
            if (step) return {{true, x, "accuracy", trainAcc, false}, {false, x, "val_acc", valAcc, true}};
            return {{false, x, "train_acc", trainAcc, false}, {false, x, "val_acc", valAcc, true}};
        case LossPlot::Metric::LearningRate:
            return {{step, x, "lr", LossPlot::tr("learning rate"), false}};
    }
    return {};
}

QString axisTitle(LossPlot::Axis axis) {
    switch (axis) {
        case LossPlot::Axis::Step:
            return LossPlot::tr("Step");
        case LossPlot::Axis::Epoch:
            return LossPlot::tr("Epoch");
        case LossPlot::Axis::WallTime:
            return LossPlot::tr("Wall time (s)");
    }
    return {};
}

QString metricTitle(LossPlot::Metric metric) {
    switch (metric) {
        case LossPlot::Metric::Loss:
            return LossPlot::tr("Loss");
        case LossPlot::Metric::Accuracy:
            return LossPlot::tr("Accuracy");
        case LossPlot::Metric::LearningRate:
            return LossPlot::tr("Learning rate");
    }
    return {};
}

}  // namespace

LossPlot::LossPlot(QWidget* parent)
    : QWidget(parent),
      m_plot(new QCustomPlot(this)),
      m_metricBox(new QComboBox(this)),
      m_axisBox(new QComboBox(this)),
      m_logBox(new QCheckBox(tr("Log scale"), this)),
      m_smoothSlider(new QSlider(Qt::Horizontal, this)),
      m_readout(new QLabel(this)) {
    m_metricBox->addItems({tr("Loss"), tr("Accuracy"), tr("Learning rate")});
    m_axisBox->addItems({tr("per step"), tr("per epoch"), tr("against wall time")});
    m_smoothSlider->setRange(0, 99);
    m_smoothSlider->setToolTip(tr("Smoothing (exponential moving average, as TensorBoard's)"));
    m_smoothSlider->setMaximumWidth(140);
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Save the curves as PNG, SVG or CSV"));
    connect(exportButton, &QToolButton::clicked, this, &LossPlot::exportDialog);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_metricBox);
    bar->addWidget(m_axisBox);
    bar->addWidget(m_logBox);
    bar->addWidget(new QLabel(tr("Smoothing"), this));
    bar->addWidget(m_smoothSlider);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_readout);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_plot->setMinimumSize(240, 160);
    // The plot fills its whole area (its background brush, then its buffers), so Qt need not paint
    // the tab page and frame beneath it first at every redraw of a streaming run.
    m_plot->setAttribute(Qt::WA_OpaquePaintEvent);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { m_readout->setText(readoutAt(event->pos())); });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_plot->rescaleAxes();
        m_plot->replot();
    });

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this](int i) { setMetric(static_cast<Metric>(i)); });
    connect(m_axisBox, &QComboBox::currentIndexChanged, this, [this](int i) { setAxis(static_cast<Axis>(i)); });
    connect(m_logBox, &QCheckBox::toggled, this, &LossPlot::setLogScale);
    connect(m_smoothSlider, &QSlider::valueChanged, this, [this](int v) { setSmoothing(v / 100.0); });
    refresh();
}

LossPlot::~LossPlot() = default;

void LossPlot::addRun(const QString& name, const RunRecordsModel* steps, const RunRecordsModel* epochs) {
    removeRun(name);
    m_runs.push_back({name, steps, epochs});
    for (const RunRecordsModel* model : {steps, epochs}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &LossPlot::scheduleRefresh);
        connect(model, &QAbstractItemModel::modelReset, this, &LossPlot::scheduleRefresh);
        connect(model, &QObject::destroyed, this, [this, name] { removeRun(name); });
    }
    refresh();
}

void LossPlot::removeRun(const QString& name) {
    for (qsizetype i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].name != name) continue;
        disconnect(m_runs[i].steps, nullptr, this, nullptr);
        disconnect(m_runs[i].epochs, nullptr, this, nullptr);
        m_runs.remove(i);
        refresh();
        return;
    }
}

QStringList LossPlot::runs() const {
    QStringList names;
    for (const Run& r : m_runs) names << r.name;
    return names;
}

void LossPlot::setMetric(Metric metric) {
    m_metric = metric;
    QSignalBlocker block(m_metricBox);
    m_metricBox->setCurrentIndex(static_cast<int>(metric));
    refresh();
}

void LossPlot::setAxis(Axis axis) {
    m_axis = axis;
    QSignalBlocker block(m_axisBox);
    m_axisBox->setCurrentIndex(static_cast<int>(axis));
    refresh();
}

void LossPlot::setLogScale(bool on) {
    m_logScale = on;
    QSignalBlocker block(m_logBox);
    m_logBox->setChecked(on);
    refresh();
}

void LossPlot::setSmoothing(double weight) {
    m_smoothing = std::clamp(weight, 0.0, 0.99);
    QSignalBlocker block(m_smoothSlider);
    m_smoothSlider->setValue(static_cast<int>(std::lround(m_smoothing * 100)));
    refresh();
}

QVector<double> LossPlot::smooth(const QVector<double>& values, double weight) {
    QVector<double> out(values.size());
    double last = 0;
    double debias = 1;  // weight^n: the share of the zero start still in `last`
    for (qsizetype i = 0; i < values.size(); ++i) {
        const double v = values[i];
        if (!std::isfinite(v)) {
            out[i] = v;
            continue;
        }
        last = last * weight + (1 - weight) * v;
        debias *= weight;
        out[i] = weight > 0 ? last / (1 - debias) : v;
    }
    return out;
}

void LossPlot::scheduleRefresh() {
    if (m_refreshPending) return;
    m_refreshPending = true;
    const qint64 wait = m_sinceRefresh.isValid() ? kMinRefreshMs - m_sinceRefresh.elapsed() : 0;
    QTimer::singleShot(static_cast<int>(std::max<qint64>(0, wait)), this, &LossPlot::refresh);
}

void LossPlot::refresh() {
    m_refreshPending = false;
    m_sinceRefresh.start();
    QVector<Curve> curves, raw;
    QVector<QPen> pens;
    QVector<bool> validation;
    const QVector<SeriesSpec> specs = seriesFor(m_metric, m_axis);
    const auto pointsOf = [this](const QString& name, QVector<double> xs, const QVector<double>& ys) {
        Curve curve;
        curve.name = name;
        for (qsizetype i = 0; i < xs.size(); ++i) {
            if (!std::isfinite(ys[i]) || (m_logScale && ys[i] <= 0)) continue;
            curve.x.push_back(m_axis == Axis::WallTime ? xs[i] / 1000.0 : xs[i]);
            curve.y.push_back(ys[i]);
        }
        return curve;
    };
    for (qsizetype r = 0; r < m_runs.size(); ++r) {
        const Run& run = m_runs[r];
        const QColor colour = kPalette[r % std::size(kPalette)];
        for (const SeriesSpec& spec : specs) {
            const RunRecordsModel* model = spec.fromSteps ? run.steps : run.epochs;
            const QVector<double> xs = model->values(spec.xColumn);
            const QVector<double> values = model->values(spec.yColumn);
            const QString name = QStringLiteral("%1 · %2").arg(run.name, spec.label);
            Curve curve = pointsOf(name, xs, smooth(values, m_smoothing));
            if (curve.x.isEmpty()) continue;
            QPen pen(colour, spec.validation ? 2.0 : 1.5);
            if (spec.validation) pen.setStyle(Qt::DashLine);
            pens.push_back(pen);
            validation.push_back(spec.validation);
            curves.push_back(std::move(curve));
            // Smoothed, the raw values stay in view as TensorBoard keeps them: the same colour, faint.
            if (m_smoothing > 0) raw.push_back(pointsOf(tr("%1 (raw)").arg(name), xs, values));
        }
    }
    // While a run streams in, only the data changes: keep the graphs (and the legend) and swap the data.
    // Graphs: the raw curves first (beneath, out of the legend), then the drawn ones.
    const qsizetype first = raw.size();
    bool sameGraphs = m_plot->graphCount() == first + curves.size();
    for (int i = 0; sameGraphs && i < m_plot->graphCount(); ++i)
        sameGraphs = m_plot->graph(i)->name() == (i < first ? raw[i].name : curves[i - first].name);
    if (!sameGraphs) {
        m_plot->clearGraphs();
        for (qsizetype i = 0; i < raw.size(); ++i) {
            QCPGraph* graph = m_plot->addGraph();
            graph->setName(raw[i].name);
            graph->removeFromLegend();
            QColor faint = pens[i].color();
            faint.setAlpha(kRawAlpha);
            graph->setPen(QPen(faint, 1));
        }
        for (qsizetype i = 0; i < curves.size(); ++i) {
            QCPGraph* graph = m_plot->addGraph();
            graph->setName(curves[i].name);
            graph->setPen(pens[i]);
        }
    }
    for (qsizetype i = 0; i < raw.size(); ++i) m_plot->graph(static_cast<int>(i))->setData(raw[i].x, raw[i].y, true);
    for (qsizetype i = 0; i < curves.size(); ++i) {
        QCPGraph* graph = m_plot->graph(static_cast<int>(first + i));
        const bool dots = validation[i] || curves[i].x.size() < 40;
        graph->setScatterStyle(dots ? QCPScatterStyle(QCPScatterStyle::ssCircle, pens[i].color(), 4)
                                    : QCPScatterStyle(QCPScatterStyle::ssNone));
        // Thousands of antialiased or wide segments cost the UI thread more than they show: a long
        // curve is drawn with a one-pixel pen, which the raster engine draws without stroking a path.
        const bool longCurve = curves[i].x.size() >= 500;
        graph->setAntialiased(!longCurve);
        QPen pen = pens[i];
        if (longCurve) pen.setWidth(1);
        graph->setPen(pen);
        graph->setData(curves[i].x, curves[i].y, true);
    }
    m_curves = std::move(curves);
    m_rawCurves = std::move(raw);
    m_plot->xAxis->setLabel(axisTitle(m_axis));
    m_plot->yAxis->setLabel(metricTitle(m_metric));
    if (m_logScale) {
        m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else {
        m_plot->yAxis->setScaleType(QCPAxis::stLinear);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    m_plot->legend->setVisible(!m_curves.isEmpty());
    m_plot->rescaleAxes();
    if (m_curves.isEmpty()) {
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(m_logScale ? 0.1 : 0, 1);
    }
    m_plot->replot();
}

QString LossPlot::readoutAt(const QPoint& plotPixel) const {
    double best = kReadoutReachPx;
    QString text;
    for (const Curve& c : m_curves) {
        for (qsizetype i = 0; i < c.x.size(); ++i) {
            const double px = m_plot->xAxis->coordToPixel(c.x[i]);
            const double py = m_plot->yAxis->coordToPixel(c.y[i]);
            const double d = std::hypot(px - plotPixel.x(), py - plotPixel.y());
            if (d < best) {
                best = d;
                text = QStringLiteral("%1 · %2 %3: %4")
                           .arg(c.name, m_axis == Axis::Step ? tr("step") : tr("epoch"))
                           .arg(c.x[i])
                           .arg(c.y[i], 0, 'g', 5);
            }
        }
    }
    return text;
}

QPoint LossPlot::pixelOf(double x, double y) const {
    return QPoint(qRound(m_plot->xAxis->coordToPixel(x)), qRound(m_plot->yAxis->coordToPixel(y)));
}

int LossPlot::graphCount() const { return m_plot->graphCount(); }

QColor LossPlot::graphColour(int graph) const { return m_plot->graph(graph)->pen().color(); }

bool LossPlot::logAxis() const { return m_plot->yAxis->scaleType() == QCPAxis::stLogarithmic; }

bool LossPlot::exportPng(const QString& file, int width, int height) {
    m_plot->replot();
    return m_plot->savePng(file, width, height);
}

bool LossPlot::exportSvg(const QString& file, int width, int height) {
    QSvgGenerator generator;
    generator.setFileName(file);
    generator.setSize(QSize(width, height));
    generator.setViewBox(QRect(0, 0, width, height));
    generator.setTitle(metricTitle(m_metric));
    QCPPainter painter;
    if (!painter.begin(&generator)) return false;
    m_plot->toPainter(&painter, width, height);
    painter.end();
    return QFileInfo(file).size() > 0;
}

bool LossPlot::exportCsv(const QString& file) const {
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
    QTextStream stream(&out);
    stream << "curve,x,y\n";
    for (const Curve& c : m_curves)
        for (qsizetype i = 0; i < c.x.size(); ++i)
            stream << '"' << c.name << "\"," << QString::number(c.x[i], 'g', 17) << ','
                   << QString::number(c.y[i], 'g', 17) << '\n';
    stream.flush();
    return out.error() == QFile::NoError;
}

void LossPlot::exportDialog() {
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Curves"), QStringLiteral("curves.png"),
                                                      tr("PNG image (*.png);;SVG image (*.svg);;CSV table (*.csv)"));
    if (file.isEmpty()) return;
    const QString suffix = QFileInfo(file).suffix().toLower();
    const bool ok = suffix == "svg" ? exportSvg(file) : suffix == "csv" ? exportCsv(file) : exportPng(file);
    m_readout->setText(ok ? tr("Saved %1").arg(file) : tr("Could not write %1").arg(file));
}

}  // namespace tessera::widgets
