#include "widgets/autograd/playground_widget.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "core/script/script_error.h"
#include "widgets/autograd/computation_graph_model.h"
#include "widgets/autograd/computation_graph_view.h"

namespace tessera::widgets {

namespace {

enum Column { NameColumn, ShapeColumn, ValuesColumn, GradColumn };

QString joinNumbers(const std::vector<double>& values) {
    QStringList parts;
    for (double v : values) parts << QString::number(v, 'g', 6);
    return parts.join(QStringLiteral(", "));
}

QStringList numbersIn(const QString& text) {
    return text.split(QRegularExpression(QStringLiteral("[\\s,\\[\\]()]+")), Qt::SkipEmptyParts);
}

}  // namespace

PlaygroundWidget::PlaygroundWidget(QWidget* parent)
    : QWidget(parent),
      m_editor(new QPlainTextEdit),
      m_errorLabel(new QLabel),
      m_inputs(new QTableWidget(0, 4)),
      m_target(new QLineEdit),
      m_debounce(new QTimer(this)),
      m_model(new ComputationGraphModel(this)),
      m_view(new ComputationGraphView) {
    m_view->setModel(m_model);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(tr("b = a * 3\nc = b.mean()"));
    m_editor->setTabChangesFocus(true);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_inputs->setHorizontalHeaderLabels({tr("Name"), tr("Shape"), tr("Values"), tr("Grad")});
    m_inputs->horizontalHeader()->setSectionResizeMode(ValuesColumn, QHeaderView::Stretch);
    m_inputs->verticalHeader()->hide();
    m_inputs->setMinimumWidth(200);
    m_editor->setMinimumWidth(200);
    m_inputs->setColumnWidth(NameColumn, 60);
    m_inputs->setColumnWidth(ShapeColumn, 60);
    m_inputs->setColumnWidth(GradColumn, 44);
    m_target->setPlaceholderText(tr("the last scalar the script assigns"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(350);

    auto* buttons = new QHBoxLayout;
    auto addButton = [&](const QString& text, void (PlaygroundWidget::*slot)()) {
        auto* b = new QPushButton(text);
        connect(b, &QPushButton::clicked, this, slot);
        buttons->addWidget(b);
    };
    addButton(tr("Add input"), &PlaygroundWidget::addInput);
    addButton(tr("Remove"), &PlaygroundWidget::removeInput);
    addButton(tr("Random values"), &PlaygroundWidget::randomizeInputs);
    buttons->addStretch();

    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(new QLabel(tr("Backward on:")));
    targetRow->addWidget(m_target, 1);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* scriptLabel = new QLabel(tr("Script (torch syntax: torch.*, F.*, tensor methods)"));
    scriptLabel->setWordWrap(true);
    leftLayout->addWidget(scriptLabel);
    leftLayout->addWidget(m_editor, 3);
    leftLayout->addWidget(m_errorLabel);
    leftLayout->addLayout(targetRow);
    leftLayout->addWidget(new QLabel(tr("Inputs")));
    leftLayout->addWidget(m_inputs, 2);
    leftLayout->addLayout(buttons);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(m_view);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({300, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_debounce, &QTimer::timeout, this, &PlaygroundWidget::runNow);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &PlaygroundWidget::scheduleRun);
    connect(m_target, &QLineEdit::textChanged, this, &PlaygroundWidget::scheduleRun);
    connect(m_inputs, &QTableWidget::itemChanged, this, &PlaygroundWidget::scheduleRun);
}

void PlaygroundWidget::scheduleRun() {
    if (!m_filling) m_debounce->start();
}

void PlaygroundWidget::setScript(const QString& script) { m_editor->setPlainText(script); }

QString PlaygroundWidget::script() const { return m_editor->toPlainText(); }

void PlaygroundWidget::setBackwardTarget(const QString& name) { m_target->setText(name); }

void PlaygroundWidget::setInputs(const std::vector<CaptureInput>& inputs) {
    m_filling = true;
    m_inputs->setRowCount(0);
    for (const auto& in : inputs) {
        const int row = m_inputs->rowCount();
        m_inputs->insertRow(row);
        QStringList shape;
        for (auto s : in.sizes) shape << QString::number(s);
        m_inputs->setItem(row, NameColumn, new QTableWidgetItem(QString::fromStdString(in.name)));
        m_inputs->setItem(row, ShapeColumn, new QTableWidgetItem(shape.join(QStringLiteral(", "))));
        m_inputs->setItem(row, ValuesColumn, new QTableWidgetItem(joinNumbers(in.values)));
        auto* grad = new QTableWidgetItem;
        grad->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        grad->setCheckState(in.requiresGrad ? Qt::Checked : Qt::Unchecked);
        m_inputs->setItem(row, GradColumn, grad);
    }
    m_filling = false;
    scheduleRun();
}

std::vector<CaptureInput> PlaygroundWidget::inputs() const {
    std::vector<CaptureInput> out;
    for (int row = 0; row < m_inputs->rowCount(); ++row) {
        auto text = [&](int column) {
            const QTableWidgetItem* item = m_inputs->item(row, column);
            return item ? item->text().trimmed() : QString();
        };
        CaptureInput in;
        in.name = text(NameColumn).toStdString();
        if (in.name.empty()) continue;
        const std::string where = "input '" + in.name + "'";
        std::int64_t numel = 1;
        for (const QString& part : numbersIn(text(ShapeColumn))) {
            bool ok = false;
            const qlonglong s = part.toLongLong(&ok);
            if (!ok || s < 0) throw ValueError(where + ": shape: '" + part.toStdString() + "' is not a size");
            in.sizes.push_back(s);
            numel *= s;
        }
        for (const QString& part : numbersIn(text(ValuesColumn))) {
            bool ok = false;
            const double v = part.toDouble(&ok);
            if (!ok) throw ValueError(where + ": '" + part.toStdString() + "' is not a number");
            in.values.push_back(v);
        }
        // One value fills the whole shape, as torch.full would.
        if (in.values.size() == 1 && numel != 1) in.values.assign(static_cast<std::size_t>(numel), in.values[0]);
        const QTableWidgetItem* grad = m_inputs->item(row, GradColumn);
        in.requiresGrad = grad && grad->checkState() == Qt::Checked;
        out.push_back(std::move(in));
    }
    return out;
}

void PlaygroundWidget::addInput() {
    auto current = inputs();
    const std::string name = "x" + std::to_string(current.size());
    current.push_back({name, {3}, {0, 0, 0}, true, DType::Float32});
    setInputs(current);
}

void PlaygroundWidget::removeInput() {
    const int row = m_inputs->currentRow() >= 0 ? m_inputs->currentRow() : m_inputs->rowCount() - 1;
    if (row < 0) return;
    m_inputs->removeRow(row);
    scheduleRun();
}

void PlaygroundWidget::randomizeInputs() {
    std::normal_distribution<double> normal;
    std::vector<CaptureInput> current;
    try {
        current = inputs();
    } catch (const Error& e) {
        showError(QString::fromUtf8(e.what()), 0, 0);
        return;
    }
    for (auto& in : current) {
        std::int64_t numel = 1;
        for (auto s : in.sizes) numel *= s;
        in.values.resize(static_cast<std::size_t>(numel));
        for (double& v : in.values) v = std::round(normal(m_random) * 100) / 100;
    }
    setInputs(current);
}

void PlaygroundWidget::showError(const QString& message, int line, int column) {
    m_error = message;
    m_errorLine = line;
    m_errorColumn = column;
    m_errorLabel->setText(message);
    QList<QTextEdit::ExtraSelection> marks;
    if (line > 0) {
        const QTextBlock block = m_editor->document()->findBlockByNumber(line - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection mark;
            mark.cursor = QTextCursor(block);
            mark.cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::max(0, column - 1));
            mark.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
            if (!mark.cursor.hasSelection()) mark.cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor);
            mark.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            mark.format.setUnderlineColor(QColor(0xb0, 0x00, 0x20));
            mark.format.setBackground(QColor(0xff, 0xe8, 0xe8));
            mark.format.setToolTip(message);
            marks << mark;
        }
    }
    m_editor->setExtraSelections(marks);
}

void PlaygroundWidget::runNow() {
    m_debounce->stop();
    try {
        CapturedGraph graph = captureScript(script().toStdString(), inputs(), m_target->text().trimmed().toStdString());
        showError({}, 0, 0);
        m_errorLabel->clear();
        m_model->setGraph(std::move(graph));
        emit ran(true);
    } catch (const script::ScriptError& e) {
        showError(tr("line %1, column %2: %3").arg(e.line()).arg(e.column()).arg(QString::fromStdString(e.cause())),
                  e.line(), e.column());
        emit ran(false);
    } catch (const std::exception& e) {  // a bad input or target, or an op's error outside the script
        showError(QString::fromUtf8(e.what()), 0, 0);
        emit ran(false);
    }
}

}  // namespace tessera::widgets
