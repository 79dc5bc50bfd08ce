#include "widgets/training/try_model.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/graph/graph_module.h"
#include "core/ops/view.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"
#include "core/train/project_session.h"
#include "widgets/common/dataset_table_model.h"

namespace tessera::widgets {

TryModelModel::TryModelModel(QObject* parent) : QAbstractTableModel(parent) {}
TryModelModel::~TryModelModel() = default;

void TryModelModel::setModel(const graph::ModelGraph& graph, const nn::NamedTensors& state, const data::Dataset& data) {
    // The initial weights are overwritten at once; any seed will do.
    Generator gen(0);
    std::shared_ptr<graph::GraphModule> module = graph::GraphModule::build(graph, gen);
    module->loadStateDict(state);
    std::int64_t inputs = 1;
    for (std::int64_t d : module->inputShape()) inputs *= d;
    if (data.features.defined() && data.numFeatures() != inputs)
        throw ValueError("try the model: the data has " + std::to_string(data.numFeatures()) +
                         " features per row, the model's input takes " + std::to_string(inputs));
    beginResetModel();
    m_module = std::move(module);
    m_data = data;
    m_maxValue = 1;
    if (m_data.features.defined() && m_data.features.numel() > 0) {
        const std::vector<float> all = m_data.features.toVector<float>();
        m_maxValue = *std::max_element(all.begin(), all.end());
        if (!(m_maxValue > 0)) m_maxValue = 1;
    }
    m_input.assign(static_cast<std::size_t>(inputs), 0.0f);
    m_inputRow = -1;
    m_outputs.clear();
    m_probabilities.clear();
    m_predicted = -1;
    m_error.clear();
    endResetModel();
    predict();
}

void TryModelModel::setWeights(const nn::NamedTensors& state) {
    if (!m_module) return;
    m_module->loadStateDict(state);
    predict();
}

void TryModelModel::clear() {
    beginResetModel();
    m_module.reset();
    m_data = {};
    m_input.clear();
    m_inputRow = -1;
    m_outputs.clear();
    m_probabilities.clear();
    m_predicted = -1;
    m_error.clear();
    endResetModel();
    emit predicted();
}

std::int64_t TryModelModel::features() const { return static_cast<std::int64_t>(m_input.size()); }

std::vector<std::int64_t> TryModelModel::imageShape() const {
    if (!m_module) return {};
    std::vector<std::int64_t> shape = m_module->inputShape();
    if (shape.size() == 3 && shape[0] == 1) shape.erase(shape.begin());
    if (shape.size() == 2 && shape[0] > 1 && shape[1] > 1) return shape;
    return {};
}

void TryModelModel::setInput(std::vector<float> values) {
    if (!m_module) return;
    if (values.size() != m_input.size()) {
        m_error = tr("The input has %1 values, the model takes %2").arg(values.size()).arg(m_input.size());
        emit predicted();
        return;
    }
    m_input = std::move(values);
    m_inputRow = -1;
    predict();
}

void TryModelModel::setInputRow(int row) {
    if (!m_module || row < 0 || static_cast<std::size_t>(row) >= m_data.size()) return;
    const Tensor x = m_data.subset({row}).features;
    setInput(x.toVector<float>());
    m_inputRow = row;
    emit predicted();
}

QString TryModelModel::inputText() const {
    if (!m_module) return {};
    // Numbered as the table beside it numbers its rows.
    if (m_inputRow >= 0) return tr("Input: row %1 of the test split").arg(m_inputRow);
    const bool zeros = std::all_of(m_input.begin(), m_input.end(), [](float v) { return v == 0.0f; });
    if (zeros)
        return imageShape().empty() ? tr("Input: all %n feature(s) zero — pick a test row below", nullptr,
                                         static_cast<int>(m_input.size()))
                                    : tr("Input: a blank image — draw a digit, or pick a test row below");
    return tr("Input: the digit drawn on the pad");
}

void TryModelModel::predict() {
    if (!m_module) return;
    const int before = rowCount();
    m_error.clear();
    try {
        std::vector<std::int64_t> shape{1};
        const std::vector<std::int64_t> sample = m_module->inputShape();
        shape.insert(shape.end(), sample.begin(), sample.end());
        const Tensor x = Tensor::fromVector(m_input, shape);
        const Tensor y = train::predict(*m_module, x);
        m_outputs = ops::to(y, DType::Float64).toVector<double>();
    } catch (const std::exception& e) {
        m_error = QString::fromUtf8(e.what());
        m_outputs.clear();
    }
    m_probabilities.clear();
    m_predicted = -1;
    if (m_data.task == data::Task::Classification && !m_outputs.empty()) {
        if (m_outputs.size() == 1) {
            const double p = 1.0 / (1.0 + std::exp(-m_outputs[0]));
            m_probabilities = {1.0 - p, p};
        } else {
            const double top = *std::max_element(m_outputs.begin(), m_outputs.end());
            double sum = 0;
            for (double v : m_outputs) sum += std::exp(v - top);
            for (double v : m_outputs) m_probabilities.push_back(std::exp(v - top) / sum);
        }
        m_predicted = static_cast<int>(std::max_element(m_probabilities.begin(), m_probabilities.end()) -
                                       m_probabilities.begin());
    }
    if (rowCount() != before) {
        beginResetModel();
        endResetModel();
    } else if (before > 0) {
        emit dataChanged(index(0, 0), index(before - 1, ColumnCount - 1));
    }
    emit predicted();
}

double TryModelModel::probability(int c) const {
    return c >= 0 && static_cast<std::size_t>(c) < m_probabilities.size() ? m_probabilities[static_cast<std::size_t>(c)]
                                                                          : 0.0;
}

QString TryModelModel::predictionText() const {
    if (!m_error.isEmpty()) return m_error;
    if (m_predicted >= 0)
        return tr("%1 (%2%)")
            .arg(data(index(m_predicted, Label)).toString())
            .arg(100.0 * probability(m_predicted), 0, 'f', 1);
    if (!m_outputs.empty()) {
        QStringList values;
        for (double v : m_outputs) values << QString::number(v, 'g', 4);
        return tr("y = %1").arg(values.join(QStringLiteral(", ")));
    }
    return {};
}

int TryModelModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return static_cast<int>(m_data.task == data::Task::Classification ? m_probabilities.size() : m_outputs.size());
}

int TryModelModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TryModelModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto r = static_cast<std::size_t>(index.row());
    const bool classes = m_data.task == data::Task::Classification;
    const double value = classes ? m_probabilities[r] : m_outputs[r];
    if (role == Qt::UserRole) return index.column() == Value ? QVariant(value) : QVariant(index.row());
    if (role == Qt::TextAlignmentRole && index.column() == Value)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    if (index.column() == Label) {
        if (classes)
            return r < m_data.classNames.size() ? QString::fromStdString(m_data.classNames[r])
                                                : tr("class %1").arg(index.row());
        return tr("output %1").arg(index.row());
    }
    return classes ? QStringLiteral("%1%").arg(100.0 * value, 0, 'f', 1) : QString::number(value, 'g', 5);
}

QVariant TryModelModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    const bool classes = m_data.task == data::Task::Classification;
    if (section == Label) return classes ? tr("Class") : tr("Output");
    return classes ? tr("Probability") : tr("Value");
}

// ------------------------------------------------------------------------------------------------

DigitPad::DigitPad(TryModelModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMinimumSize(120, 120);
    setToolTip(tr("Draw with the left mouse button, erase with the right one"));
    connect(model, &TryModelModel::predicted, this, qOverload<>(&QWidget::update));
    connect(model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
}

QRect DigitPad::cellRect(int row, int column) const {
    const std::vector<std::int64_t> shape = m_model->imageShape();
    if (shape.empty()) return {};
    const int rows = static_cast<int>(shape[0]), columns = static_cast<int>(shape[1]);
    const int cell = std::max(1, std::min((width() - 1) / columns, (height() - 1) / rows));
    const int left = (width() - cell * columns) / 2, top = (height() - cell * rows) / 2;
    return {left + column * cell, top + row * cell, cell, cell};
}

QPoint DigitPad::cellAt(const QPoint& position) const {
    const std::vector<std::int64_t> shape = m_model->imageShape();
    if (shape.empty()) return {-1, -1};
    const QRect first = cellRect(0, 0);
    const int cell = first.width();
    const int column = (position.x() - first.left()) / cell, row = (position.y() - first.top()) / cell;
    if (position.x() < first.left() || position.y() < first.top() || row >= shape[0] || column >= shape[1])
        return {-1, -1};
    return {column, row};
}

void DigitPad::clear() { m_model->setInput(std::vector<float>(m_model->input().size(), 0.0f)); }

void DigitPad::paintAt(const QPoint& position, bool erase) {
    const QPoint cell = cellAt(position);
    if (cell.x() < 0) return;
    const std::vector<std::int64_t> shape = m_model->imageShape();
    std::vector<float> values = m_model->input();
    const float full = m_model->maxValue();
    const auto set = [&](int row, int column, float value, bool atLeast) {
        if (row < 0 || column < 0 || row >= shape[0] || column >= shape[1]) return;
        float& v = values[static_cast<std::size_t>(row * shape[1] + column)];
        v = atLeast ? std::max(v, value) : value;
    };
    if (erase) {
        set(cell.y(), cell.x(), 0.0f, false);
    } else {
        // A pen as wide as a stroke in the 8×8 digits, which are blurred scans.
        set(cell.y(), cell.x(), full, true);
        for (const QPoint d : {QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)})
            set(cell.y() + d.y(), cell.x() + d.x(), 0.5f * full, true);
    }
    if (values != m_model->input()) m_model->setInput(std::move(values));
}

void DigitPad::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton || event->button() == Qt::RightButton)
        paintAt(event->position().toPoint(), event->button() == Qt::RightButton);
}

void DigitPad::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & (Qt::LeftButton | Qt::RightButton))
        paintAt(event->position().toPoint(), (event->buttons() & Qt::RightButton) != 0);
}

void DigitPad::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const std::vector<std::int64_t> shape = m_model->imageShape();
    if (shape.empty() || m_model->input().empty()) return;
    const std::vector<float>& values = m_model->input();
    const float full = m_model->maxValue();
    for (int r = 0; r < shape[0]; ++r) {
        for (int c = 0; c < shape[1]; ++c) {
            const float v = std::clamp(values[static_cast<std::size_t>(r * shape[1] + c)] / full, 0.0f, 1.0f);
            const int grey = 255 - static_cast<int>(std::lround(v * 255.0f));
            p.fillRect(cellRect(r, c), QColor(grey, grey, grey));
        }
    }
    p.setPen(QColor(180, 180, 180));
    for (int r = 0; r < shape[0]; ++r)
        for (int c = 0; c < shape[1]; ++c) p.drawRect(cellRect(r, c));
}

// ------------------------------------------------------------------------------------------------

ProbabilityBars::ProbabilityBars(TryModelModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setMinimumHeight(80);
    connect(model, &TryModelModel::predicted, this, qOverload<>(&QWidget::update));
}

void ProbabilityBars::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int rows = m_model->rowCount();
    if (rows == 0) return;
    const QFontMetrics fm = p.fontMetrics();
    int labelWidth = 0;
    for (int r = 0; r < rows; ++r)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(m_model->data(m_model->index(r, 0)).toString()));
    const int valueWidth = fm.horizontalAdvance(QStringLiteral("100.0%")) + 8;
    const int rowHeight = std::clamp((height() - 8) / rows, fm.height(), fm.height() * 2);
    const int barLeft = 8 + labelWidth + 8, barRight = width() - valueWidth - 8;
    const bool classes = m_model->predictedClass() >= 0;
    double scale = 1;
    if (!classes)
        for (int r = 0; r < rows; ++r)
            scale = std::max(scale, std::abs(m_model->data(m_model->index(r, 1), Qt::UserRole).toDouble()));
    for (int r = 0; r < rows; ++r) {
        const int top = 4 + r * rowHeight;
        const double value = m_model->data(m_model->index(r, 1), Qt::UserRole).toDouble();
        const bool winner = classes && r == m_model->predictedClass();
        p.setPen(palette().text().color());
        QFont font = p.font();
        font.setBold(winner);
        p.setFont(font);
        p.drawText(QRect(8, top, labelWidth, rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                   m_model->data(m_model->index(r, 0)).toString());
        const int length = static_cast<int>(std::lround(std::abs(value) / scale * std::max(0, barRight - barLeft)));
        const QRect bar(barLeft, top + rowHeight / 6, length, rowHeight - rowHeight / 3);
        p.fillRect(bar, winner ? QColor(31, 119, 180) : QColor(160, 190, 215));
        p.drawText(QRect(barRight + 4, top, valueWidth, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   m_model->data(m_model->index(r, 1)).toString());
    }
}

// ------------------------------------------------------------------------------------------------

TryModelView::TryModelView(QWidget* parent)
    : QWidget(parent),
      m_model(new TryModelModel(this)),
      m_rowsModel(new DatasetTableModel(this)),
      m_source(new QLabel(this)),
      m_inputText(new QLabel(this)),
      m_prediction(new QLabel(this)),
      m_actual(new QLabel(this)),
      m_pad(new DigitPad(m_model, this)),
      m_clear(new QPushButton(tr("Clear"), this)),
      m_padBox(new QWidget(this)),
      m_rows(new QTableView(this)),
      m_bars(new ProbabilityBars(m_model, this)) {
    m_source->setWordWrap(true);
    m_inputText->setObjectName(QStringLiteral("tryInput"));
    m_inputText->setWordWrap(true);
    QFont big = m_prediction->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_prediction->setFont(big);
    m_rows->setModel(m_rowsModel);
    m_rows->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rows->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rows->verticalHeader()->setDefaultSectionSize(m_rows->fontMetrics().height() + 4);
    m_rows->setToolTip(tr("Rows of the test split: pick one to see what the model predicts for it"));

    auto* padLayout = new QVBoxLayout(m_padBox);
    padLayout->setContentsMargins(0, 0, 0, 0);
    padLayout->addWidget(new QLabel(tr("Draw a digit (left button draws, right erases):"), m_padBox));
    padLayout->addWidget(m_pad, 1);
    padLayout->addWidget(m_clear, 0, Qt::AlignLeft);
    connect(m_clear, &QPushButton::clicked, m_pad, &DigitPad::clear);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_padBox);
    left->addWidget(m_rows);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_source);
    rightLayout->addWidget(m_inputText);
    rightLayout->addWidget(new QLabel(tr("Prediction:"), right));
    rightLayout->addWidget(m_prediction);
    rightLayout->addWidget(m_actual);
    rightLayout->addWidget(m_bars, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(
        m_rows->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (!current.isValid()) return;
            m_model->setInputRow(current.row());
            const data::Dataset& d = m_model->dataset();
            if (d.task == data::Task::Classification) {
                const auto label = d.targets.toVector<std::int64_t>()[static_cast<std::size_t>(current.row())];
                m_actual->setText(tr("Actual: %1")
                                      .arg(static_cast<std::size_t>(label) < d.classNames.size()
                                               ? QString::fromStdString(d.classNames[static_cast<std::size_t>(label)])
                                               : QString::number(label)));
            }
        });
    connect(m_model, &QAbstractItemModel::modelReset, this, &TryModelView::refresh);
    connect(m_model, &TryModelModel::predicted, this, [this] {
        m_prediction->setText(m_model->hasModel() ? m_model->predictionText() : QString());
        m_inputText->setText(m_model->inputText());
    });
    refresh();
}

void TryModelView::setSource(const QString& text) { m_source->setText(text); }

void TryModelView::refresh() {
    const bool loaded = m_model->hasModel();
    if (!loaded) m_source->setText(tr("Train a run (or pause one) to try its model here."));
    m_rowsModel->setDataset(m_model->dataset());
    m_padBox->setVisible(loaded && !m_model->imageShape().empty());
    m_rows->setVisible(loaded);
    m_actual->clear();
    m_prediction->setText(loaded ? m_model->predictionText() : QString());
    m_inputText->setText(m_model->inputText());
}

}  // namespace tessera::widgets
