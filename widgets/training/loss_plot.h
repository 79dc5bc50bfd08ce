// Learning curves of one or more training runs, drawn with QCustomPlot over RunRecordsModels: loss,
// accuracy or learning rate against the optimiser step or the epoch, train solid and validation
// dashed, one colour per run (overlay to compare). Log scale, TensorBoard's debiased exponential
// smoothing, a read-out of the point under the mouse, and export to PNG, SVG and CSV.
//
//   LossPlot plot;
//   plot.addRun("run-001", controller.steps(), controller.epochs());   // redraws as rows arrive
//   plot.setMetric(LossPlot::Metric::Accuracy);
//   plot.setSmoothing(0.6);
//   plot.exportSvg("curves.svg");
#pragma once

#include <QElapsedTimer>
#include <QString>
#include <QVector>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QSlider;

namespace tessera::widgets {

class RunRecordsModel;

class LossPlot : public QWidget {
    Q_OBJECT
public:
    enum class Metric { Loss, Accuracy, LearningRate };
    enum class Axis { Step, Epoch, WallTime };  // WallTime: seconds of training (elapsed_ms)

    // What is drawn for one series of one run (after smoothing).
    struct Curve {
        QString name;  // "run-001 · val loss"
        QVector<double> x, y;
    };

    explicit LossPlot(QWidget* parent = nullptr);
    ~LossPlot() override;

    // Adds a run to the overlay (or replaces the run of that name). The models must outlive the
    // plot or be removed with removeRun first; the plot redraws when they gain rows.
    void addRun(const QString& name, const RunRecordsModel* steps, const RunRecordsModel* epochs);
    void removeRun(const QString& name);
    QStringList runs() const;

    void setMetric(Metric metric);
    Metric metric() const { return m_metric; }
    void setAxis(Axis axis);
    Axis axis() const { return m_axis; }
    void setLogScale(bool on);
    bool logScale() const { return m_logScale; }
    // 0 draws the raw values; towards 1 smooths more (TensorBoard's slider, default 0).
    void setSmoothing(double weight);
    double smoothing() const { return m_smoothing; }

    QVector<Curve> curves() const { return m_curves; }
    // With smoothing on, the raw values of each curve, drawn faint beneath it (empty otherwise).
    QVector<Curve> rawCurves() const { return m_rawCurves; }
    QColor graphColour(int graph) const;  // graphs: the raw curves first, then curves()
    // The nearest drawn point to a position in widget pixels, as "run · series · step 120: 0.3412";
    // empty when nothing is within reach. Also shown under the plot while the mouse moves.
    QString readoutAt(const QPoint& plotPixel) const;
    // Where a data point is drawn, in the plot's pixels (the read-out's coordinates).
    QPoint pixelOf(double x, double y) const;
    int graphCount() const;
    bool logAxis() const;  // the y axis is drawn logarithmic

    // Each returns false when the file cannot be written.
    bool exportPng(const QString& file, int width = 1000, int height = 600);
    bool exportSvg(const QString& file, int width = 1000, int height = 600);
    // "curve,x,y" and one line per drawn point.
    bool exportCsv(const QString& file) const;

    // TensorBoard's smoothing: an exponential moving average with the bias of its zero start
    // removed; NaN values are skipped and kept.
    static QVector<double> smooth(const QVector<double>& values, double weight);

public slots:
    void refresh();

private:
    struct Run {
        QString name;
        const RunRecordsModel* steps;
        const RunRecordsModel* epochs;
    };
    void scheduleRefresh();
    void exportDialog();

    QCustomPlot* m_plot;
    QComboBox* m_metricBox;
    QComboBox* m_axisBox;
    QCheckBox* m_logBox;
    QSlider* m_smoothSlider;
    QLabel* m_readout;
    QVector<Run> m_runs;
    QVector<Curve> m_curves, m_rawCurves;
    Metric m_metric = Metric::Loss;
    Axis m_axis = Axis::Step;
    bool m_logScale = false;
    double m_smoothing = 0;
    bool m_refreshPending = false;
    QElapsedTimer m_sinceRefresh;
};

}  // namespace tessera::widgets
