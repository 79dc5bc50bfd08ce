#include "widgets/data/csv_import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/data/csv_import_model.h"

namespace tessera::widgets {

CsvImportDialog::CsvImportDialog(QWidget* parent)
    : QDialog(parent),
      m_model(new CsvImportModel(this)),
      m_file(new QLabel(this)),
      m_preview(new QTableView(this)),
      m_columnsBox(new QWidget(this)),
      m_columnsGrid(new QGridLayout(m_columnsBox)),
      m_impute(new QCheckBox(CsvImportModel::imputeLabel(), this)),
      m_skip(new QCheckBox(CsvImportModel::skipLabel(), this)),
      m_summary(new QLabel(this)),
      m_problems(new QListWidget(this)),
      m_import(new QPushButton(tr("Import"), this)) {
    setWindowTitle(tr("Import CSV"));
    m_file->setWordWrap(true);
    m_preview->setModel(m_model);
    m_preview->verticalHeader()->setDefaultSectionSize(20);
    m_preview->horizontalHeader()->setDefaultSectionSize(90);
    m_columnsGrid->setContentsMargins(0, 0, 0, 0);
    auto* columnsScroll = new QScrollArea(this);
    columnsScroll->setWidget(m_columnsBox);
    columnsScroll->setWidgetResizable(true);
    m_problems->setToolTip(tr("Click a problem to show its cell in the preview"));
    // Messages name the line, the column and the cause: they wrap rather than run off to the right.
    m_problems->setWordWrap(true);
    m_problems->setResizeMode(QListView::Adjust);
    m_problems->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(m_import, QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* columns = new QWidget(this);
    auto* columnsLayout = new QVBoxLayout(columns);
    columnsLayout->setContentsMargins(0, 0, 0, 0);
    columnsLayout->addWidget(new QLabel(tr("Columns"), this));
    columnsLayout->addWidget(columnsScroll, 1);
    columnsLayout->addWidget(m_impute);
    columnsLayout->addWidget(m_skip);
    auto* problems = new QWidget(this);
    auto* problemsLayout = new QVBoxLayout(problems);
    problemsLayout->setContentsMargins(0, 0, 0, 0);
    problemsLayout->addWidget(m_summary);
    problemsLayout->addWidget(m_problems, 1);
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(columns);
    lower->addWidget(problems);
    lower->setStretchFactor(0, 1);
    lower->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_preview);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_file);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(900, 640);

    connect(m_impute, &QCheckBox::toggled, m_model, &CsvImportModel::setImputeMissing);
    connect(m_skip, &QCheckBox::toggled, m_model, &CsvImportModel::setSkipMalformed);
    connect(m_model, &CsvImportModel::loaded, this, &CsvImportDialog::rebuildColumns);
    connect(m_model, &CsvImportModel::changed, this, &CsvImportDialog::refresh);
    connect(m_problems, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0 || row >= static_cast<int>(m_model->problems().size())) return;
        const QModelIndex cell = m_model->cellOf(m_model->problems()[static_cast<std::size_t>(row)]);
        if (cell.isValid()) {
            m_preview->setCurrentIndex(cell);
            m_preview->scrollTo(cell);
        }
    });
}

void CsvImportDialog::rebuildColumns() {
    for (QWidget* w : m_columnsBox->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) delete w;
    m_roles.clear();
    m_types.clear();
    m_stats.clear();
    m_columnsGrid->addWidget(new QLabel(tr("<b>Column</b>"), m_columnsBox), 0, 0);
    m_columnsGrid->addWidget(new QLabel(tr("<b>Role</b>"), m_columnsBox), 0, 1);
    m_columnsGrid->addWidget(new QLabel(tr("<b>Type</b>"), m_columnsBox), 0, 2);
    for (int c = 0; c < m_model->columns(); ++c) {
        auto* role = new QComboBox(m_columnsBox);
        role->addItems({tr("feature"), tr("target"), tr("ignore")});
        auto* type = new QComboBox(m_columnsBox);
        type->addItems({tr("numbers"), tr("categories")});
        auto* stats = new QLabel(m_columnsBox);
        m_columnsGrid->addWidget(new QLabel(m_model->columnName(c), m_columnsBox), c + 1, 0);
        m_columnsGrid->addWidget(role, c + 1, 1);
        m_columnsGrid->addWidget(type, c + 1, 2);
        m_columnsGrid->addWidget(stats, c + 1, 3);
        m_roles.push_back(role);
        m_types.push_back(type);
        m_stats.push_back(stats);
        connect(role, &QComboBox::activated, this,
                [this, c](int index) { m_model->setRole(c, static_cast<CsvImportModel::Role>(index)); });
        connect(type, &QComboBox::activated, this,
                [this, c](int index) { m_model->setType(c, static_cast<CsvImportModel::Type>(index)); });
    }
    m_columnsGrid->setColumnStretch(3, 1);
    m_columnsGrid->setRowStretch(m_model->columns() + 1, 1);
}

void CsvImportDialog::refresh() {
    m_file->setText(tr("File: %1").arg(m_model->file()));
    for (int c = 0; c < static_cast<int>(m_roles.size()); ++c) {
        const auto i = static_cast<std::size_t>(c);
        QSignalBlocker b1(m_roles[i]), b2(m_types[i]);
        m_roles[i]->setCurrentIndex(static_cast<int>(m_model->role(c)));
        m_types[i]->setCurrentIndex(static_cast<int>(m_model->type(c)));
        m_types[i]->setEnabled(m_model->role(c) != CsvImportModel::Role::Ignore);
        m_stats[i]->setText(tr("%1 distinct, %2 missing").arg(m_model->distinct(c)).arg(m_model->missing(c)));
    }
    m_preview->resizeColumnsToContents();
    m_problems->clear();
    for (const data::CsvProblem& p : m_model->problems()) m_problems->addItem(CsvImportModel::describe(p));
    const auto n = static_cast<int>(m_model->problems().size());
    QString summary =
        n == 0 ? tr("No problems: ready to import.") : tr("%n problem(s) to fix before importing:", nullptr, n);
    if (const QString skipped = m_model->skippedSummary(); !skipped.isEmpty()) summary = skipped + ". " + summary;
    m_summary->setText(summary);
    m_import->setEnabled(n == 0 && m_model->columns() > 0);
}

}  // namespace tessera::widgets
