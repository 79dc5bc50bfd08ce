#include "widgets/training/tensor_inspector.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPainter>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::widgets {

namespace {

TensorSeriesPoint summarise(const train::ProbedTensor& t, std::int64_t step) {
    TensorSeriesPoint p;
    p.step = step;
    p.nonFinite = t.nonFinite;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0, sumSq = 0;
    std::int64_t n = 0;
    for (float v : t.values) {
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, static_cast<double>(v));
        hi = std::max(hi, static_cast<double>(v));
        sum += v;
        ++n;
    }
    p.histogram.assign(TensorHistoryModel::kBins, 0.0);
    if (n == 0) return p;
    p.min = lo;
    p.max = hi;
    p.mean = sum / static_cast<double>(n);
    // One more pass for both the spread and the histogram: this runs on the UI thread for every
    // sampled tensor while a run trains.
    const double width = hi > lo ? (hi - lo) / TensorHistoryModel::kBins : 1.0;
    for (float v : t.values) {
        if (!std::isfinite(v)) continue;
        sumSq += (v - p.mean) * (v - p.mean);
        const int bin = std::min(TensorHistoryModel::kBins - 1, static_cast<int>((v - lo) / width));
        p.histogram[static_cast<std::size_t>(bin)] += 1;
    }
    p.std = std::sqrt(sumSq / static_cast<double>(n));
    return p;
}

QString shapeText(const std::vector<std::int64_t>& shape) {
    QStringList parts;
    for (std::int64_t d : shape) parts << QString::number(d);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

// Blue (negative) through white to red (positive), as weight matrices are usually pictured.
QColor diverging(double t) {
    t = std::clamp(t, -1.0, 1.0);
    const QColor blue(33, 102, 172), red(178, 24, 43);
    const QColor& end = t < 0 ? blue : red;
    const double a = std::abs(t);
    return QColor::fromRgbF(static_cast<float>(1 + (end.redF() - 1) * a),
                            static_cast<float>(1 + (end.greenF() - 1) * a),
                            static_cast<float>(1 + (end.blueF() - 1) * a));
}

// White to dark blue: how much of a sample's values fell in a bin.
QColor sequential(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(static_cast<float>(1 - 0.92 * t), static_cast<float>(1 - 0.75 * t),
                            static_cast<float>(1 - 0.45 * t));
}

}  // namespace

QString TensorHistoryModel::kindName(train::TensorKind kind) {
    switch (kind) {
        case train::TensorKind::Weight:
            return tr("weight");
        case train::TensorKind::Gradient:
            return tr("gradient");
        case train::TensorKind::Activation:
            return tr("activation");
    }
    return {};
}

void TensorHistoryModel::append(train::ProbeSample sample) {
    bool added = false;
    std::vector<std::size_t> rows;
    for (train::ProbedTensor& t : sample.tensors) {
        const QString layer = QString::fromStdString(t.layer), name = QString::fromStdString(t.name);
        int row = find(layer, name, t.kind);
        if (row < 0) {
            TensorSeries s;
            s.layer = layer;
            s.name = name;
            s.kind = t.kind;
            if (!added) beginResetModel();
            added = true;
            m_series.push_back(std::move(s));
            row = static_cast<int>(m_series.size()) - 1;
        }
        TensorSeries& s = m_series[static_cast<std::size_t>(row)];
        s.shape = t.shape;
        s.points.push_back(summarise(t, sample.step));
        s.latest = std::move(t.values);
        if (s.points.size() > static_cast<std::size_t>(kMaxPoints)) s.points.erase(s.points.begin());
    }
    ++m_samples;
    m_lastStep = sample.step;
    if (added) {
        endResetModel();
    } else if (!m_series.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

void TensorHistoryModel::clear() {
    beginResetModel();
    m_series.clear();
    m_samples = 0;
    m_lastStep = 0;
    endResetModel();
}

int TensorHistoryModel::find(const QString& layer, const QString& name, train::TensorKind kind) const {
    for (std::size_t i = 0; i < m_series.size(); ++i)
        if (m_series[i].layer == layer && m_series[i].name == name && m_series[i].kind == kind)
            return static_cast<int>(i);
    return -1;
}

TensorHistoryModel::HistoryGrid TensorHistoryModel::overTime(int row, int bins) const {
    HistoryGrid g;
    if (row < 0 || row >= rowCount() || bins < 1) return g;
    const TensorSeries& s = series(row);
    bool any = false;
    for (const TensorSeriesPoint& p : s.points) {
        const bool finite = std::any_of(p.histogram.begin(), p.histogram.end(), [](double c) { return c > 0; });
        if (!finite) continue;
        g.lo = any ? std::min(g.lo, p.min) : p.min;
        g.hi = any ? std::max(g.hi, p.max) : p.max;
        any = true;
    }
    if (g.hi <= g.lo) {
        g.lo -= 0.5;
        g.hi += 0.5;
    }
    g.bins = bins;
    const double width = (g.hi - g.lo) / bins;
    for (const TensorSeriesPoint& p : s.points) {
        g.steps.push_back(p.step);
        std::vector<double> rowDensity(static_cast<std::size_t>(bins), 0.0);
        double total = 0;
        const double sourceWidth = p.max > p.min ? (p.max - p.min) / kBins : 0.0;
        for (int i = 0; i < kBins; ++i) {
            const double count = p.histogram[static_cast<std::size_t>(i)];
            if (count <= 0) continue;
            const double centre = p.min + (i + 0.5) * sourceWidth;
            const int target = std::clamp(static_cast<int>((centre - g.lo) / width), 0, bins - 1);
            rowDensity[static_cast<std::size_t>(target)] += count;
            total += count;
        }
        for (double& d : rowDensity) d = total > 0 ? d / total : 0.0;
        g.density.insert(g.density.end(), rowDensity.begin(), rowDensity.end());
    }
    return g;
}

TensorHistoryModel::HeatMap TensorHistoryModel::heatMap(int row) const {
    HeatMap h;
    if (row < 0 || row >= rowCount()) return h;
    const TensorSeries& s = series(row);
    if (s.latest.empty()) return h;
    h.rows = s.shape.size() >= 2 ? static_cast<int>(s.shape[0]) : 1;
    h.columns = static_cast<int>(s.latest.size()) / std::max(1, h.rows);
    h.values = s.latest;
    bool any = false;
    for (float v : h.values) {
        if (!std::isfinite(v)) continue;
        h.lo = any ? std::min(h.lo, v) : v;
        h.hi = any ? std::max(h.hi, v) : v;
        any = true;
    }
    return h;
}

int TensorHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_series.size());
}

int TensorHistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TensorHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const TensorSeries& s = series(index.row());
    const TensorSeriesPoint* p = s.points.empty() ? nullptr : &s.points.back();
    const auto number = [&](double v) -> QVariant {
        if (role == Qt::UserRole) return v;
        return QString::number(v, 'g', 4);
    };
    if (role == Qt::TextAlignmentRole && index.column() >= Mean)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == NonFinite && p && p->nonFinite > 0) return QColor(Qt::red);
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    switch (index.column()) {
        case Layer:
            return s.layer;
        case Name:
            return s.name;
        case Kind:
            return role == Qt::UserRole ? QVariant(static_cast<int>(s.kind)) : QVariant(kindName(s.kind));
        case Shape:
            return shapeText(s.shape);
        case Mean:
            return p ? number(p->mean) : QVariant();
        case Std:
            return p ? number(p->std) : QVariant();
        case Min:
            return p ? number(p->min) : QVariant();
        case Max:
            return p ? number(p->max) : QVariant();
        case NonFinite:
            return p ? (role == Qt::UserRole ? QVariant(static_cast<qlonglong>(p->nonFinite))
                                             : QVariant(QString::number(p->nonFinite)))
                     : QVariant();
        default:
            return {};
    }
}

QVariant TensorHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Layer:
            return tr("Layer");
        case Name:
            return tr("Tensor");
        case Kind:
            return tr("Kind");
        case Shape:
            return tr("Shape");
        case Mean:
            return tr("Mean");
        case Std:
            return tr("Std");
        case Min:
            return tr("Min");
        case Max:
            return tr("Max");
        case NonFinite:
            return tr("NaN/Inf");
        default:
            return {};
    }
}

// ------------------------------------------------------------------------------------------------

TensorPlots::TensorPlots(TensorHistoryModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMinimumSize(300, 300);
    connect(model, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_row >= m_model->rowCount()) m_row = -1;
        update();
    });
}

void TensorPlots::setRow(int row) {
    m_row = row;
    update();
}

void TensorPlots::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm = p.fontMetrics();
    p.setPen(palette().text().color());
    if (m_row < 0 || m_row >= m_model->rowCount()) {
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   m_model->rowCount() == 0 ? tr("No samples yet: tensors are sampled while a run trains.")
                                            : tr("Select a tensor in the table."));
        return;
    }
    const TensorSeries& s = m_model->series(m_row);
    const int line = fm.height();
    const int axis = fm.horizontalAdvance(QStringLiteral("-0.0000e-00")) + 6;
    const int panelHeight = (height() - 3 * (line + 6) - 2 * line) / 3;
    int top = 4;
    const auto title = [&](const QString& text) {
        p.setPen(palette().text().color());
        p.drawText(QRect(8, top, width() - 16, line), Qt::AlignLeft | Qt::AlignVCenter, text);
        top += line + 4;
    };
    const QString name = QStringLiteral("%1 · %2 (%3)").arg(s.layer, s.name, TensorHistoryModel::kindName(s.kind));

    // 1. The latest histogram.
    const TensorSeriesPoint& last = s.points.back();
    title(tr("%1 — histogram at step %2").arg(name).arg(last.step));
    QRect area(axis, top, width() - axis - 12, panelHeight);
    p.setPen(palette().mid().color());
    p.drawRect(area);
    const double peak = *std::max_element(last.histogram.begin(), last.histogram.end());
    if (peak > 0) {
        const double barWidth = static_cast<double>(area.width()) / TensorHistoryModel::kBins;
        for (int i = 0; i < TensorHistoryModel::kBins; ++i) {
            const double h = last.histogram[static_cast<std::size_t>(i)] / peak * (area.height() - 2);
            p.fillRect(QRectF(area.left() + i * barWidth, area.bottom() - h, std::max(1.0, barWidth - 1), h),
                       QColor(31, 119, 180));
        }
    }
    p.setPen(palette().text().color());
    p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), line), Qt::AlignLeft,
               QString::number(last.min, 'g', 4));
    p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), line), Qt::AlignRight,
               QString::number(last.max, 'g', 4));
    if (last.nonFinite > 0) {
        p.setPen(Qt::red);
        p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), line), Qt::AlignHCenter,
                   tr("%1 NaN/Inf").arg(last.nonFinite));
    }
    top = area.bottom() + line + 6;

    // 2. Histograms over time: steps across, values up.
    const TensorHistoryModel::HistoryGrid grid = m_model->overTime(m_row, 32);
    title(tr("Over time: steps %1–%2 (colour: share of values)").arg(grid.steps.front()).arg(grid.steps.back()));
    area = QRect(axis, top, width() - axis - 12, panelHeight);
    const int columns = static_cast<int>(grid.steps.size());
    const double cw = static_cast<double>(area.width()) / columns, ch = static_cast<double>(area.height()) / grid.bins;
    for (int c = 0; c < columns; ++c) {
        double rowPeak = 0;
        for (int b = 0; b < grid.bins; ++b)
            rowPeak = std::max(rowPeak, grid.density[static_cast<std::size_t>(c * grid.bins + b)]);
        for (int b = 0; b < grid.bins; ++b) {
            const double d = grid.density[static_cast<std::size_t>(c * grid.bins + b)];
            p.fillRect(QRectF(area.left() + c * cw, area.bottom() - (b + 1) * ch, cw + 0.5, ch + 0.5),
                       sequential(rowPeak > 0 ? d / rowPeak : 0));
        }
    }
    p.setPen(palette().mid().color());
    p.drawRect(area);
    p.setPen(palette().text().color());
    p.drawText(QRect(0, area.top(), axis - 4, line), Qt::AlignRight, QString::number(grid.hi, 'g', 3));
    p.drawText(QRect(0, area.bottom() - line, axis - 4, line), Qt::AlignRight, QString::number(grid.lo, 'g', 3));
    top = area.bottom() + 6;

    // 3. The latest values.
    const TensorHistoryModel::HeatMap heat = m_model->heatMap(m_row);
    title(
        tr("Values at step %1: %2 rows × %3 columns (blue < 0 < red)").arg(last.step).arg(heat.rows).arg(heat.columns));
    area = QRect(axis, top, width() - axis - 12, std::max(0, height() - top - 4));
    if (heat.rows > 0 && heat.columns > 0) {
        const double scale = std::max(std::abs(static_cast<double>(heat.lo)), std::abs(static_cast<double>(heat.hi)));
        const double hw = static_cast<double>(area.width()) / heat.columns;
        const double hh = std::min(static_cast<double>(area.height()) / heat.rows, std::max(hw, 2.0) * 4);
        for (int r = 0; r < heat.rows; ++r)
            for (int c = 0; c < heat.columns; ++c) {
                const float v = heat.values[static_cast<std::size_t>(r * heat.columns + c)];
                const QColor colour = std::isfinite(v) ? diverging(scale > 0 ? v / scale : 0) : QColor(Qt::black);
                p.fillRect(QRectF(area.left() + c * hw, area.top() + r * hh, hw + 0.5, hh + 0.5), colour);
            }
        p.setPen(palette().text().color());
        p.drawText(QRect(0, area.top(), axis - 4, line), Qt::AlignRight, QString::number(scale, 'g', 3));
    }
}

// ------------------------------------------------------------------------------------------------

TensorInspector::TensorInspector(TensorHistoryModel* model, QWidget* parent)
    : QWidget(parent),
      m_model(model),
      m_filtered(new QSortFilterProxyModel(this)),
      m_kind(new QComboBox(this)),
      m_every(new QSpinBox(this)),
      m_detect(new QCheckBox(tr("Detect NaN/Inf"), this)),
      m_summary(new QLabel(this)),
      m_table(new QTableView(this)),
      m_plots(new TensorPlots(m_model, this)) {
    m_kind->addItem(tr("All tensors"), -1);
    m_kind->addItem(tr("Weights"), static_cast<int>(train::TensorKind::Weight));
    m_kind->addItem(tr("Gradients"), static_cast<int>(train::TensorKind::Gradient));
    m_kind->addItem(tr("Activations"), static_cast<int>(train::TensorKind::Activation));
    m_every->setRange(1, 10000);
    m_every->setValue(20);
    m_every->setPrefix(tr("every "));
    m_every->setSuffix(tr(" steps"));
    m_every->setToolTip(
        tr("How often the run's tensors are sampled (each sample costs about one forward pass "
           "on 64 rows)"));
    m_detect->setToolTip(
        tr("Check every op's output and every gradient for NaN/Inf (autograd anomaly mode) and "
           "stop at the op that made one; slower. The loss is always checked."));
    m_filtered->setSourceModel(m_model);
    m_filtered->setFilterKeyColumn(TensorHistoryModel::Kind);
    m_filtered->setFilterRole(Qt::UserRole);
    m_filtered->setSortRole(Qt::UserRole);
    m_table->setModel(m_filtered);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    // Not ResizeToContents: every sample changes every row, and measuring all cells each time took
    // a fifth of the UI thread's time while a run trained.
    connect(m_filtered, &QAbstractItemModel::modelReset, this, &TensorInspector::fitColumns);
    connect(m_filtered, &QAbstractItemModel::rowsInserted, this, &TensorInspector::fitColumns);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Show:"), this));
    controls->addWidget(m_kind);
    controls->addWidget(new QLabel(tr("Sample"), this));
    controls->addWidget(m_every);
    controls->addWidget(m_detect);
    controls->addStretch(1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_summary);
    leftLayout->addWidget(m_table, 1);
    split->addWidget(left);
    split->addWidget(m_plots);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { setKindFilter(m_kind->currentData().toInt()); });
    connect(m_every, &QSpinBox::valueChanged, this, &TensorInspector::sampleEveryChanged);
    connect(m_detect, &QCheckBox::toggled, this, &TensorInspector::detectAnomalyChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                m_plots->setRow(current.isValid() ? m_filtered->mapToSource(current).row() : -1);
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_plots->row() < 0 && m_model->rowCount() > 0) selectSeries(0);
        updateSummary();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TensorInspector::updateSummary);
    updateSummary();
}

void TensorInspector::setKindFilter(int kind) {
    m_filtered->setFilterRegularExpression(kind < 0 ? QString() : QStringLiteral("^%1$").arg(kind));
    const int index = m_kind->findData(kind);
    if (index >= 0 && index != m_kind->currentIndex()) m_kind->setCurrentIndex(index);
}

void TensorInspector::selectSeries(int modelRow) {
    const QModelIndex shown = m_filtered->mapFromSource(m_model->index(modelRow, 0));
    if (shown.isValid()) {
        m_table->setCurrentIndex(shown);
    } else {
        m_plots->setRow(modelRow);
    }
}

void TensorInspector::setSampleEvery(int steps) {
    const QSignalBlocker block(m_every);
    m_every->setValue(steps);
}

void TensorInspector::setDetectAnomaly(bool on) {
    const QSignalBlocker block(m_detect);
    m_detect->setChecked(on);
}

void TensorInspector::fitColumns() {
    m_table->resizeColumnsToContents();
    // The numbers change with every sample: room for the widest ('g', 4 digits) there can be.
    const int number = m_table->fontMetrics().horizontalAdvance(QStringLiteral("-1.234e-05")) + 12;
    for (int column :
         {TensorHistoryModel::Mean, TensorHistoryModel::Std, TensorHistoryModel::Min, TensorHistoryModel::Max})
        m_table->setColumnWidth(column, std::max(m_table->columnWidth(column), number));
}

void TensorInspector::updateSummary() {
    m_summary->setText(
        m_model->samples() == 0
            ? tr("No samples yet.")
            : tr("%n sample(s), the last at step %1", nullptr, m_model->samples()).arg(m_model->lastStep()));
}

}  // namespace tessera::widgets
