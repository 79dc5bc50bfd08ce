// The project's data set at a glance: which one (a built-in set or generator, or a CSV file, with a
// button to import one), a summary line, every row in a table (features and target), the class
// balance as bars, and for image data (digits) a grid of the first samples with labels.
//
//   DataPanel panel;
//   panel.setSources({"iris", "moons", …});
//   panel.setSource("moons", {});             // or ({}, "data/points.csv")
//   panel.setDataset(data::loadDataset(project.data, projectFile));
//   panel.tableModel()->rowCount();           // N
//   connect(&panel, &DataPanel::datasetChosen, …);   // the user picked another built-in set
//   panel.settings()->setSpec(project.data);         // samples, noise, seed, scale, … (DataSettings)
#pragma once

#include <QWidget>

#include "core/data/dataset.h"
#include "widgets/common/dataset_table_model.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableView;

namespace tessera::widgets {

class DataSettings;

// The first samples of an image data set ([1, H, W] or [H, W] samples) drawn as grey tiles with
// their class, as sklearn's digits gallery.
class ImageGrid : public QWidget {
    Q_OBJECT
public:
    explicit ImageGrid(QWidget* parent = nullptr);
    // Shows nothing for data sets whose samples are not images.
    void setDataset(const data::Dataset& dataset);
    int imageCount() const { return m_count; }
    static bool isImageData(const data::Dataset& dataset);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    data::Dataset m_dataset;
    int m_count = 0;
};

class DataPanel : public QWidget {
    Q_OBJECT
public:
    explicit DataPanel(QWidget* parent = nullptr);
    // The built-in data sets and generators offered.
    void setSources(const QStringList& datasets);
    // Shows the project's choice: a built-in name, or else a CSV file (as the project writes it).
    void setSource(const QString& dataset, const QString& csvFile);
    QString source() const;  // the name, or "csv:FILE"
    QPushButton* importButton() const { return m_import; }
    void setDataset(const data::Dataset& dataset);
    // Shows a message (a data set that could not be loaded) instead of a data set.
    void showProblem(const QString& message);
    DatasetTableModel* tableModel() const { return m_model; }
    QString summary() const;
    // Samples per class as drawn (empty for regression).
    QVector<double> balance() const { return m_balance; }
    ImageGrid* imageGrid() const { return m_grid; }
    // The source's settings (generator keys, seed, scale, standardize); setSpec() them with the data object.
    DataSettings* settings() const { return m_settings; }

signals:
    void datasetChosen(const QString& name);
    void importCsvRequested();

private:
    QComboBox* m_source;
    QPushButton* m_import;
    DatasetTableModel* m_model;
    QLabel* m_summary;
    QTableView* m_table;
    QCustomPlot* m_balancePlot;
    ImageGrid* m_grid;
    DataSettings* m_settings;
    QVector<double> m_balance;
};

}  // namespace tessera::widgets
