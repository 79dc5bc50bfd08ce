// Metrics of a trained model on a split: for classification the confusion matrix (counts, or each
// row normalised to recall) as a heat-coloured table and per-class precision, recall, F1 and support
// (sklearn's classification_report); for regression predicted against actual values and the
// residuals, with R². DecisionBoundaryView draws a BoundaryGrid: the plane coloured by predicted
// class (paler where the model is less sure) under the data points.
//
//   MetricsView view;
//   view.setEvaluation(widgets::evaluate(predict, split.test, "test"));
//   view.confusionModel()->count(actual, predicted);
//   view.reportModel()->f1(c);
#pragma once

#include <QAbstractTableModel>
#include <QLabel>
#include <QWidget>
#include <vector>

#include "widgets/training/evaluation.h"

class QCheckBox;
class QCPAxisRect;
class QCPTextElement;
class QCustomPlot;
class QStackedWidget;
class QTableView;

namespace tessera::widgets {

class ConfusionMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setEvaluation(const Evaluation& evaluation);
    // Each row divided by its total (what share of a class went where).
    void setNormalized(bool on);
    bool normalized() const { return m_normalized; }
    std::int64_t count(int actual, int predicted) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    double share(int actual, int predicted) const;
    Evaluation m_evaluation;
    bool m_normalized = false;
};

// One row per class: precision, recall, F1, support (sklearn's zero_division=0 convention).
class ClassReportModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setEvaluation(const Evaluation& evaluation);
    double precision(int c) const;
    double recall(int c) const;
    double f1(int c) const;
    std::int64_t support(int c) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Evaluation m_evaluation;
};

// A label drawn bottom to top, as the title of a y axis (the confusion matrix's "actual class").
class VerticalLabel : public QLabel {
    Q_OBJECT
public:
    using QLabel::QLabel;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

class DecisionBoundaryView : public QWidget {
    Q_OBJECT
public:
    explicit DecisionBoundaryView(QWidget* parent = nullptr);
    void setGrid(const BoundaryGrid& grid);
    const BoundaryGrid& grid() const { return m_grid; }
    static QColor classColour(int c);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    BoundaryGrid m_grid;
};

class MetricsView : public QWidget {
    Q_OBJECT
public:
    explicit MetricsView(QWidget* parent = nullptr);
    void setEvaluation(const Evaluation& evaluation);
    void setBoundary(const BoundaryGrid& grid);
    ConfusionMatrixModel* confusionModel() const { return m_confusion; }
    ClassReportModel* reportModel() const { return m_report; }
    DecisionBoundaryView* boundaryView() const { return m_boundary; }
    QString summary() const;
    // Binary tasks: the ROC and precision-recall curves drawn (empty otherwise).
    const RocPr& rocPr() const { return m_rocPr; }
    // The two curves' axes (0: ROC, 1: precision-recall): their titles, their x and y labels, and
    // how many graphs each draws.
    QStringList curveTitles() const;
    QStringList curveAxisLabels(int curve) const;
    int curveGraphs(int curve) const;
    QTableView* matrixView() const { return m_matrixView; }

private:
    RocPr m_rocPr;
    QCustomPlot* m_rocPlot;
    std::vector<QCPTextElement*> m_curveTitles;
    std::vector<QCPAxisRect*> m_curveAxes;
    ConfusionMatrixModel* m_confusion;
    ClassReportModel* m_report;
    QLabel* m_summary;
    QCheckBox* m_normalized;
    QStackedWidget* m_pages;
    QTableView* m_matrixView;
    QTableView* m_reportView;
    QCustomPlot* m_scatter;
    QCustomPlot* m_residuals;
    DecisionBoundaryView* m_boundary;
};

}  // namespace tessera::widgets
