#include "widgets/training/metrics_view.h"

#include <qcustomplot.h>
#include <QCheckBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/common/core_text.h"

namespace tessera::widgets {

namespace {

// A confusion-matrix cell: large enough for a four-digit count at a glance.
constexpr int kMatrixCell = 34;

// Matplotlib's tab10, as the loss plot's runs.
const QColor kClassColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                QColor(0x17, 0xbe, 0xcf)};

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// ConfusionMatrixModel

void ConfusionMatrixModel::setEvaluation(const Evaluation& evaluation) {
    beginResetModel();
    m_evaluation = evaluation;
    endResetModel();
}

void ConfusionMatrixModel::setNormalized(bool on) {
    m_normalized = on;
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

std::int64_t ConfusionMatrixModel::count(int actual, int predicted) const {
    return m_evaluation.confusion[static_cast<std::size_t>(actual)][static_cast<std::size_t>(predicted)];
}

double ConfusionMatrixModel::share(int actual, int predicted) const {
    std::int64_t total = 0;
    for (std::int64_t v : m_evaluation.confusion[static_cast<std::size_t>(actual)]) total += v;
    return ratio(static_cast<double>(count(actual, predicted)), static_cast<double>(total));
}

int ConfusionMatrixModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_evaluation.confusion.size());
}

int ConfusionMatrixModel::columnCount(const QModelIndex& parent) const { return rowCount(parent); }

QVariant ConfusionMatrixModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const int a = index.row(), p = index.column();
    switch (role) {
        case Qt::DisplayRole:
            return m_normalized ? QVariant(QString::number(share(a, p), 'f', 2)) : QVariant(qlonglong(count(a, p)));
        case Qt::BackgroundRole: {
            QColor c = a == p ? QColor(0x1f, 0x77, 0xb4) : QColor(0xd6, 0x27, 0x28);
            c.setAlphaF(static_cast<float>(0.08 + 0.8 * share(a, p)));
            return c;
        }
        case Qt::TextAlignmentRole:
            return QVariant(Qt::AlignCenter);
        case Qt::ToolTipRole:
            return tr("actual %1, predicted %2: %3 (%4 of the class)")
                .arg(m_evaluation.classNames.value(a), m_evaluation.classNames.value(p))
                .arg(count(a, p))
                .arg(share(a, p), 0, 'f', 3);
        default:
            return {};
    }
}

QVariant ConfusionMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    const QString name = m_evaluation.classNames.value(section);
    return orientation == Qt::Horizontal ? tr("→ %1").arg(name) : name;
}

// ---------------------------------------------------------------------------------------------
// ClassReportModel

void ClassReportModel::setEvaluation(const Evaluation& evaluation) {
    beginResetModel();
    m_evaluation = evaluation;
    endResetModel();
}

double ClassReportModel::precision(int c) const {
    std::int64_t column = 0;
    for (const auto& row : m_evaluation.confusion) column += row[static_cast<std::size_t>(c)];
    return ratio(static_cast<double>(m_evaluation.confusion[static_cast<std::size_t>(c)][static_cast<std::size_t>(c)]),
                 static_cast<double>(column));
}

double ClassReportModel::recall(int c) const {
    return ratio(static_cast<double>(m_evaluation.confusion[static_cast<std::size_t>(c)][static_cast<std::size_t>(c)]),
                 static_cast<double>(support(c)));
}

double ClassReportModel::f1(int c) const {
    const double p = precision(c), r = recall(c);
    return ratio(2 * p * r, p + r);
}

std::int64_t ClassReportModel::support(int c) const {
    std::int64_t n = 0;
    for (std::int64_t v : m_evaluation.confusion[static_cast<std::size_t>(c)]) n += v;
    return n;
}

int ClassReportModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_evaluation.confusion.size());
}

int ClassReportModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 4; }

QVariant ClassReportModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    const int c = index.row();
    switch (index.column()) {
        case 0:
            return QString::number(precision(c), 'f', 3);
        case 1:
            return QString::number(recall(c), 'f', 3);
        case 2:
            return QString::number(f1(c), 'f', 3);
        default:
            return qlonglong(support(c));
    }
}

QVariant ClassReportModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return m_evaluation.classNames.value(section);
    const QStringList names{tr("precision"), tr("recall"), tr("F1"), tr("support")};
    return names.value(section);
}

// ---------------------------------------------------------------------------------------------
// DecisionBoundaryView

DecisionBoundaryView::DecisionBoundaryView(QWidget* parent) : QWidget(parent) { setMinimumSize(160, 160); }

QColor DecisionBoundaryView::classColour(int c) { return kClassColours[c % std::size(kClassColours)]; }

void DecisionBoundaryView::setGrid(const BoundaryGrid& grid) {
    m_grid = grid;
    setVisible(!grid.empty());
    update();
}

void DecisionBoundaryView::paintEvent(QPaintEvent*) {
    if (m_grid.empty()) return;
    QPainter p(this);
    const int side = std::min(width(), height()) - 8;
    const QRect area((width() - side) / 2, (height() - side) / 2, side, side);
    QImage image(m_grid.size, m_grid.size, QImage::Format_ARGB32);
    for (int r = 0; r < m_grid.size; ++r)
        for (int c = 0; c < m_grid.size; ++c) {
            const std::size_t i = static_cast<std::size_t>(r * m_grid.size + c);
            QColor colour = classColour(m_grid.cellClass[i]);
            // 1/classes is a coin toss: fade towards white there.
            const float chance = 1.0f / static_cast<float>(std::max(2, m_grid.classes));
            colour.setAlphaF(0.15f +
                             0.55f * std::clamp((m_grid.cellConfidence[i] - chance) / (1 - chance), 0.0f, 1.0f));
            image.setPixelColor(c, m_grid.size - 1 - r, colour);
        }
    p.fillRect(area, Qt::white);
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(area, image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(Qt::white, 0.8));
    for (qsizetype i = 0; i < m_grid.px.size(); ++i) {
        const double x = area.left() + (m_grid.px[i] - m_grid.x0) / (m_grid.x1 - m_grid.x0) * area.width();
        const double y = area.bottom() - (m_grid.py[i] - m_grid.y0) / (m_grid.y1 - m_grid.y0) * area.height();
        p.setBrush(classColour(m_grid.pointClass[static_cast<std::size_t>(i)]));
        p.drawEllipse(QPointF(x, y), 3.0, 3.0);
    }
    p.setPen(Qt::gray);
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
}

// ---------------------------------------------------------------------------------------------
// MetricsView

MetricsView::MetricsView(QWidget* parent)
    : QWidget(parent),
      m_rocPlot(new QCustomPlot(this)),
      m_confusion(new ConfusionMatrixModel(this)),
      m_report(new ClassReportModel(this)),
      m_summary(new QLabel(tr("No metrics yet: they appear after the first epoch."), this)),
      m_normalized(new QCheckBox(tr("Normalise rows"), this)),
      m_pages(new QStackedWidget(this)),
      m_matrixView(new QTableView(this)),
      m_reportView(new QTableView(this)),
      m_scatter(new QCustomPlot(this)),
      m_residuals(new QCustomPlot(this)),
      m_boundary(new DecisionBoundaryView(this)) {
    m_summary->setWordWrap(true);
    m_matrixView->setModel(m_confusion);
    m_reportView->setModel(m_report);
    for (QTableView* v : {m_matrixView, m_reportView}) {
        v->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        v->verticalHeader()->setDefaultSectionSize(22);
    }
    // Cells big enough to read a count at a glance; the axes' titles say which way is which.
    m_matrixView->setObjectName(QStringLiteral("confusionMatrix"));
    m_matrixView->verticalHeader()->setDefaultSectionSize(kMatrixCell);
    m_matrixView->horizontalHeader()->setMinimumSectionSize(kMatrixCell);
    QFont cellFont = m_matrixView->font();
    cellFont.setPointSizeF(cellFont.pointSizeF() * 1.25);
    m_matrixView->setFont(cellFont);
    m_matrixView->setMinimumSize(4 * kMatrixCell, 3 * kMatrixCell);
    connect(m_normalized, &QCheckBox::toggled, m_confusion, &ConfusionMatrixModel::setNormalized);

    auto* classification = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(this);
    auto* topLayout = new QGridLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* predicted = new QLabel(tr("predicted class →"), top);
    predicted->setObjectName(QStringLiteral("predictedTitle"));
    predicted->setAlignment(Qt::AlignCenter);
    auto* actual = new VerticalLabel(tr("actual class"), top);
    actual->setObjectName(QStringLiteral("actualTitle"));
    for (QWidget* title : std::initializer_list<QWidget*>{predicted, actual}) {
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
    }
    topLayout->addWidget(predicted, 0, 1);
    topLayout->addWidget(actual, 1, 0);
    topLayout->addWidget(m_matrixView, 1, 1);
    topLayout->addWidget(m_boundary, 0, 2, 2, 1);
    topLayout->setColumnStretch(1, 3);
    topLayout->setColumnStretch(2, 2);
    classification->addWidget(top);
    classification->addWidget(m_reportView);
    classification->addWidget(m_rocPlot);
    classification->setStretchFactor(0, 3);
    classification->setStretchFactor(1, 1);
    classification->setStretchFactor(2, 3);
    // ROC and precision-recall share nothing but their [0, 1] ranges: two axes side by side, each
    // with its title and its own axis labels.
    // (The default axes and their legend go with the layout's clear(); the titles say what the legend did.)
    m_rocPlot->plotLayout()->clear();
    const auto addCurveAxes = [this](int column, const QString& x, const QString& y) {
        auto* rect = new QCPAxisRect(m_rocPlot);
        rect->axis(QCPAxis::atBottom)->setLabel(x);
        rect->axis(QCPAxis::atLeft)->setLabel(y);
        rect->axis(QCPAxis::atBottom)->setRange(0, 1);
        rect->axis(QCPAxis::atLeft)->setRange(0, 1.02);
        auto* title = new QCPTextElement(m_rocPlot, QString(), QFont(font().family(), -1, QFont::Bold));
        m_rocPlot->plotLayout()->addElement(0, column, title);
        m_rocPlot->plotLayout()->addElement(1, column, rect);
        m_curveTitles.push_back(title);
        m_curveAxes.push_back(rect);
    };
    addCurveAxes(0, tr("false positive rate"), tr("true positive rate (recall)"));
    addCurveAxes(1, tr("recall"), tr("precision"));
    m_rocPlot->plotLayout()->setRowStretchFactor(0, 0.01);
    m_rocPlot->hide();
    // QCustomPlot replots on every resize and complains about a zero-sized buffer.
    for (QCustomPlot* plot : {m_rocPlot, m_scatter, m_residuals}) plot->setMinimumSize(160, 120);
    auto* regression = new QSplitter(Qt::Vertical, this);
    regression->addWidget(m_scatter);
    regression->addWidget(m_residuals);
    m_scatter->xAxis->setLabel(tr("actual"));
    m_scatter->yAxis->setLabel(tr("predicted"));
    m_residuals->xAxis->setLabel(tr("predicted"));
    m_residuals->yAxis->setLabel(tr("residual (actual − predicted)"));
    m_pages->addWidget(classification);
    m_pages->addWidget(regression);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_normalized);
    layout->addWidget(m_pages, 1);
    m_boundary->hide();
}

void MetricsView::setEvaluation(const Evaluation& e) {
    m_confusion->setEvaluation(e);
    m_report->setEvaluation(e);
    const bool regression = e.task == data::Task::Regression;
    m_pages->setCurrentIndex(regression ? 1 : 0);
    m_normalized->setVisible(!regression);
    if (e.empty()) {
        m_summary->setText(tr("No metrics yet: they appear after the first epoch."));
        return;
    }
    if (!regression) {
        m_rocPr = widgets::rocPr(e.scores, e.labels);
        m_rocPlot->clearGraphs();
        m_rocPlot->setVisible(!m_rocPr.fpr.isEmpty());
        if (!m_rocPr.fpr.isEmpty()) {
            QCPAxisRect* rocAxes = m_curveAxes[0];
            QCPGraph* roc = m_rocPlot->addGraph(rocAxes->axis(QCPAxis::atBottom), rocAxes->axis(QCPAxis::atLeft));
            roc->setPen(QPen(kClassColours[0], 2));
            roc->setData(m_rocPr.fpr, m_rocPr.tpr, true);
            QCPGraph* chance = m_rocPlot->addGraph(rocAxes->axis(QCPAxis::atBottom), rocAxes->axis(QCPAxis::atLeft));
            chance->setPen(QPen(Qt::gray, 1, Qt::DashLine));
            chance->setData({0, 1}, {0, 1});
            m_curveTitles[0]->setText(tr("ROC curve · AUC %1").arg(m_rocPr.rocAuc, 0, 'f', 3));
            QCPAxisRect* prAxes = m_curveAxes[1];
            QCPGraph* pr = m_rocPlot->addGraph(prAxes->axis(QCPAxis::atBottom), prAxes->axis(QCPAxis::atLeft));
            pr->setPen(QPen(kClassColours[1], 2));
            pr->setData(m_rocPr.recall, m_rocPr.precision, true);
            m_curveTitles[1]->setText(tr("Precision–recall curve · AP %1").arg(m_rocPr.averagePrecision, 0, 'f', 3));
            if (!m_rocPlot->rect().isEmpty()) m_rocPlot->replot();  // laid out later: resizing replots
        }
        m_summary->setText(tr("%1 split · after epoch %2 · %3 samples · accuracy %4")
                               .arg(coreText(e.split.toStdString()))
                               .arg(e.epoch)
                               .arg(e.samples())
                               .arg(e.accuracy(), 0, 'f', 4));
        return;
    }
    m_summary->setText(tr("%1 split · after epoch %2 · %3 samples · R² %4")
                           .arg(coreText(e.split.toStdString()))
                           .arg(e.epoch)
                           .arg(e.samples())
                           .arg(e.r2, 0, 'f', 4));
    QVector<double> residual;
    for (qsizetype i = 0; i < e.actual.size(); ++i) residual << e.actual[i] - e.predicted[i];
    for (QCustomPlot* plot : {m_scatter, m_residuals}) plot->clearGraphs();
    const QCPScatterStyle dots(QCPScatterStyle::ssCircle, QColor(0x1f, 0x77, 0xb4), 4);
    QCPGraph* points = m_scatter->addGraph();
    points->setLineStyle(QCPGraph::lsNone);
    points->setScatterStyle(dots);
    points->setData(e.actual, e.predicted);
    const auto [lo, hi] = std::minmax_element(e.actual.begin(), e.actual.end());
    QCPGraph* identity = m_scatter->addGraph();
    identity->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    identity->setData({*lo, *hi}, {*lo, *hi});
    QCPGraph* res = m_residuals->addGraph();
    res->setLineStyle(QCPGraph::lsNone);
    res->setScatterStyle(dots);
    res->setData(e.predicted, residual);
    for (QCustomPlot* plot : {m_scatter, m_residuals}) {
        plot->rescaleAxes();
        if (!plot->rect().isEmpty()) plot->replot();
    }
}

void MetricsView::setBoundary(const BoundaryGrid& grid) { m_boundary->setGrid(grid); }

QString MetricsView::summary() const { return m_summary->text(); }

QStringList MetricsView::curveTitles() const {
    QStringList titles;
    for (const QCPTextElement* t : m_curveTitles) titles << t->text();
    return titles;
}

QStringList MetricsView::curveAxisLabels(int curve) const {
    const QCPAxisRect* rect = m_curveAxes.at(static_cast<std::size_t>(curve));
    return {rect->axis(QCPAxis::atBottom)->label(), rect->axis(QCPAxis::atLeft)->label()};
}

int MetricsView::curveGraphs(int curve) const {
    return static_cast<int>(m_curveAxes.at(static_cast<std::size_t>(curve))->graphs().size());
}

QSize VerticalLabel::sizeHint() const {
    const QSize s = QLabel::sizeHint();
    return {s.height(), s.width()};
}

QSize VerticalLabel::minimumSizeHint() const {
    const QSize s = QLabel::minimumSizeHint();
    return {s.height(), s.width()};
}

void VerticalLabel::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setFont(font());
    p.setPen(palette().color(QPalette::WindowText));
    // Read bottom to top, as a y-axis title is.
    p.translate(0, height());
    p.rotate(-90);
    p.drawText(QRect(0, 0, height(), width()), Qt::AlignCenter, text());
}

}  // namespace tessera::widgets
