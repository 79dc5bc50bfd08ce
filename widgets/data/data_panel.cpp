#include "widgets/data/data_panel.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/common/core_text.h"
#include "widgets/data/data_settings.h"

namespace tessera::widgets {

namespace {

constexpr int kGridImages = 60;
constexpr int kTile = 40;  // pixels per image, label included

}  // namespace

// ---------------------------------------------------------------------------------------------
// ImageGrid

ImageGrid::ImageGrid(QWidget* parent) : QWidget(parent) { setMinimumHeight(kTile * 2); }

bool ImageGrid::isImageData(const data::Dataset& d) {
    const auto& s = d.sampleShape;
    return d.features.defined() && (s.size() == 2 || (s.size() == 3 && s[0] == 1)) && s[s.size() - 1] > 1 &&
           s[s.size() - 2] > 1;
}

void ImageGrid::setDataset(const data::Dataset& dataset) {
    m_dataset = dataset;
    m_count = isImageData(dataset) ? static_cast<int>(std::min<std::size_t>(dataset.size(), kGridImages)) : 0;
    setVisible(m_count > 0);
    update();
}

void ImageGrid::paintEvent(QPaintEvent*) {
    if (m_count == 0) return;
    QPainter p(this);
    const auto& s = m_dataset.sampleShape;
    const int h = static_cast<int>(s[s.size() - 2]), w = static_cast<int>(s[s.size() - 1]);
    const int f = static_cast<int>(m_dataset.numFeatures());
    const int columns = std::max(1, width() / kTile);
    const int cell = kTile - 12;
    for (int i = 0; i < m_count; ++i) {
        const float* x = m_dataset.features.data<float>() + static_cast<std::ptrdiff_t>(i) * f;
        const auto [lo, hi] = std::minmax_element(x, x + f);
        const float range = *hi > *lo ? *hi - *lo : 1.0f;
        QImage image(w, h, QImage::Format_Grayscale8);
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c)
                image.scanLine(r)[c] = static_cast<uchar>(255 - 255 * (x[r * w + c] - *lo) / range);
        const QRect tile((i % columns) * kTile, (i / columns) * kTile, kTile, kTile);
        p.drawImage(QRect(tile.x() + 6, tile.y() + 1, cell, cell), image);
        QString label;
        if (m_dataset.task == data::Task::Classification) {
            const std::int64_t c = m_dataset.targets.data<std::int64_t>()[i];
            label = QString::fromStdString(m_dataset.classNames[static_cast<std::size_t>(c)]);
        }
        p.drawText(QRect(tile.x(), tile.y() + cell, kTile, 12), Qt::AlignCenter, label);
    }
    setMinimumHeight(((m_count + columns - 1) / columns) * kTile);
}

// ---------------------------------------------------------------------------------------------
// DataPanel

DataPanel::DataPanel(QWidget* parent)
    : QWidget(parent),
      m_source(new QComboBox(this)),
      m_import(new QPushButton(tr("Import CSV…"), this)),
      m_model(new DatasetTableModel(this)),
      m_summary(new QLabel(this)),
      m_table(new QTableView(this)),
      m_balancePlot(new QCustomPlot(this)),
      m_grid(new ImageGrid(this)),
      m_settings(new DataSettings(this)) {
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setDefaultSectionSize(70);
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_balancePlot->setMinimumHeight(120);
    m_balancePlot->yAxis->setLabel(tr("samples"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_balancePlot);
    split->addWidget(m_grid);
    m_source->setToolTip(tr("The project's data set"));
    m_import->setToolTip(tr("Choose a CSV file, preview it and give its columns their roles"));
    connect(m_source, &QComboBox::activated, this, [this](int index) {
        const QString name = m_source->itemData(index).toString();
        if (!name.startsWith(QStringLiteral("csv:"))) emit datasetChosen(name);
    });
    connect(m_import, &QPushButton::clicked, this, &DataPanel::importCsvRequested);
    auto* sourceRow = new QHBoxLayout;
    sourceRow->addWidget(new QLabel(tr("Data set"), this));
    sourceRow->addWidget(m_source, 1);
    sourceRow->addWidget(m_import);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(sourceRow);
    layout->addWidget(m_settings);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    m_grid->hide();
}

void DataPanel::setSources(const QStringList& datasets) {
    const QString current = source();
    QSignalBlocker block(m_source);
    m_source->clear();
    for (const QString& name : datasets) m_source->addItem(name, name);
    m_source->setCurrentIndex(m_source->findData(current));
}

void DataPanel::setSource(const QString& dataset, const QString& csvFile) {
    QSignalBlocker block(m_source);
    // One CSV entry at most: the project's file.
    for (int i = m_source->count() - 1; i >= 0; --i)
        if (m_source->itemData(i).toString().startsWith(QStringLiteral("csv:"))) m_source->removeItem(i);
    if (!dataset.isEmpty()) {
        m_source->setCurrentIndex(m_source->findData(dataset));
    } else if (!csvFile.isEmpty()) {
        m_source->addItem(tr("CSV: %1").arg(csvFile), QStringLiteral("csv:") + csvFile);
        m_source->setCurrentIndex(m_source->count() - 1);
    } else {
        m_source->setCurrentIndex(-1);
    }
}

QString DataPanel::source() const { return m_source->currentData().toString(); }

void DataPanel::setDataset(const data::Dataset& d) {
    m_model->setDataset(d);
    m_grid->setDataset(d);
    m_balance.clear();
    m_balancePlot->clearPlottables();
    QString text = tr("%1: %2 samples, %3 features, %4")
                       .arg(QString::fromStdString(d.name))
                       .arg(d.size())
                       .arg(d.numFeatures())
                       .arg(coreText(data::taskName(d.task)));
    if (d.task == data::Task::Classification) {
        const std::vector<std::int64_t> counts = d.classCounts();
        text += tr(", %1 classes").arg(counts.size());
        auto* bars = new QCPBars(m_balancePlot->xAxis, m_balancePlot->yAxis);
        QVector<double> keys;
        QVector<QString> labels;
        for (std::size_t c = 0; c < counts.size(); ++c) {
            keys << static_cast<double>(c);
            m_balance << static_cast<double>(counts[c]);
            labels << QString::fromStdString(d.classNames[c]);
        }
        bars->setData(keys, m_balance, true);
        bars->setBrush(QColor(0x1f, 0x77, 0xb4, 170));
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        ticker->addTicks(keys, labels);
        m_balancePlot->xAxis->setTicker(ticker);
        m_balancePlot->xAxis->setLabel(tr("class"));
        m_balancePlot->rescaleAxes();
        m_balancePlot->xAxis->setRange(-0.7, static_cast<double>(counts.size()) - 0.3);
        m_balancePlot->yAxis->setRangeLower(0);
    }
    m_balancePlot->setVisible(d.task == data::Task::Classification);
    if (!m_balancePlot->rect().isEmpty()) m_balancePlot->replot();  // laid out later: resizing replots
    m_summary->setText(text);
}

void DataPanel::showProblem(const QString& message) {
    m_model->setDataset(data::Dataset{});
    m_grid->setDataset(data::Dataset{});
    m_balance.clear();
    m_balancePlot->hide();
    m_summary->setText(message);
}

QString DataPanel::summary() const { return m_summary->text(); }

}  // namespace tessera::widgets
