#include "app/onnx/onnx_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/autograd/tensor_panel.h"
#include "widgets/common/core_messages.h"
#include "widgets/onnx/onnx_nodes_model.h"

namespace tessera::app {

OnnxView::OnnxView(onnx::InspectedModel model, QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_nodes(new widgets::OnnxNodesModel(this)),
      m_summary(new QLabel(this)),
      m_table(new QTableView(this)),
      m_details(new widgets::TensorPanelBrowser(this)),
      m_importNote(new QLabel(this)),
      m_import(new QPushButton(tr("&Import as Project…"), this)) {
    setObjectName(QStringLiteral("OnnxView"));
    m_nodes->setModel(std::move(model));
    const QString name = QFileInfo(file()).fileName();
    setWindowTitle(tr("%1 — ONNX model (read-only)").arg(name));

    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(
        QStringLiteral("<b>%1</b><br>%2<br>%3")
            .arg(name.toHtmlEscaped(), m_nodes->summary().toHtmlEscaped(), m_nodes->signature().toHtmlEscaped()));

    m_table->setObjectName(QStringLiteral("onnxNodes"));
    m_table->setModel(m_nodes);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->resizeColumnsToContents();
    for (int c = 0; c < widgets::OnnxNodesModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 220));

    m_details->setObjectName(QStringLiteral("onnxNodeDetails"));
    m_details->setImageProvider([this](const QString& key) {
        const auto it = m_panels.constFind(key);
        return it == m_panels.constEnd() ? QImage() : widgets::tensorHeatMap(*it);
    });
    connect(m_details, &widgets::TensorPanelBrowser::valuesToggled, this, &OnnxView::toggleValues);

    const QString error = QString::fromStdString(m_nodes->model().importError);
    m_import->setObjectName(QStringLiteral("importOnnxButton"));
    m_import->setEnabled(error.isEmpty());
    m_importNote->setWordWrap(true);
    if (error.isEmpty()) {
        m_importNote->setText(tr("Tessera can import every node of this model. Nothing is imported until you ask."));
    } else {
        // The importer's message begins with the file's path, which the title shows already.
        QString why = error;
        if (why.startsWith(file() + QStringLiteral(": "))) why = why.mid(file().size() + 2);
        m_importNote->setText(tr("Tessera cannot import this model: %1").arg(widgets::coreMessage(why.toStdString())));
        m_importNote->setStyleSheet(QStringLiteral("color: #b02020"));
        m_import->setToolTip(m_importNote->text());
    }
    connect(m_import, &QPushButton::clicked, this, [this] { emit importRequested(file()); });

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_importNote, 1);
    bottom->addWidget(m_import);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addLayout(bottom);
    resize(1100, 700);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { updateDetails(false); });
    if (m_nodes->rowCount() > 0) selectNode(0);
}

QString OnnxView::file() const { return QString::fromStdString(m_nodes->model().source); }

void OnnxView::selectNode(int row) {
    m_table->selectRow(row);
    m_table->setCurrentIndex(m_nodes->index(row, 0));
    updateDetails(false);
}

int OnnxView::selectedNode() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void OnnxView::toggleValues(const QString& key) {
    if (!m_shownValues.remove(key)) m_shownValues.insert(key);
    updateDetails(true);
}

QString OnnxView::panel(const onnx::InspectedTensor& t) {
    const QString key = QStringLiteral("w:") + QString::fromStdString(t.name);
    autograd::SnapshotTensor described = autograd::describeTensor(t.values, t.name, true);
    m_panels[key] = described;
    return widgets::tensorPanelHtml(key, QString::fromStdString(t.name), described, m_shownValues.contains(key),
                                    ++m_generation);
}

void OnnxView::updateDetails(bool keepScroll) {
    const int row = selectedNode();
    if (row < 0) {
        m_details->clear();
        return;
    }
    m_panels.clear();
    const int scroll = m_details->verticalScrollBar()->value();
    m_details->setHtml(m_nodes->nodeHtml(row, [this](const onnx::InspectedTensor& t) { return panel(t); }));
    m_details->verticalScrollBar()->setValue(keepScroll ? scroll : 0);
}

}  // namespace tessera::app
