#include "widgets/training/profile_view.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include "core/io/atomic_file.h"
#include "core/tensor/error.h"
#include "widgets/common/layer_heat.h"

namespace tessera::widgets {

// ---------------------------------------------------------------------------------------------
// ProfileTableModel

void ProfileTableModel::setRows(std::vector<profile::OpStats> rows, double stepNs) {
    beginResetModel();
    m_rows = std::move(rows);
    m_stepNs = stepNs;
    endResetModel();
}

int ProfileTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ProfileTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProfileTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const profile::OpStats& r = m_rows[static_cast<std::size_t>(index.row())];
    const double seconds = r.totalNs / 1e9;
    double value = 0;
    switch (index.column()) {
        case Layer:
            return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(QString::fromStdString(r.scope))
                                                                   : QVariant();
        case Op:
            return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(QString::fromStdString(r.name))
                                                                   : QVariant();
        case Phase:
            return role == Qt::DisplayRole || role == Qt::UserRole
                       ? QVariant(QString::fromUtf8(profile::phaseName(r.phase).data()))
                       : QVariant();
        case Calls:
            value = static_cast<double>(r.calls);
            break;
        case TotalMs:
            value = r.totalNs / 1e6;
            break;
        case MeanUs:
            value = r.meanNs / 1e3;
            break;
        case P50Us:
            value = r.p50Ns / 1e3;
            break;
        case P95Us:
            value = r.p95Ns / 1e3;
            break;
        case P99Us:
            value = r.p99Ns / 1e3;
            break;
        case Share:
            value = m_stepNs > 0 ? 100.0 * r.totalNs / m_stepNs : 0.0;
            break;
        case GFlops:
            value = seconds > 0 ? r.flops / seconds / 1e9 : 0.0;
            break;
        case GBytes:
            value = seconds > 0 ? r.bytes / seconds / 1e9 : 0.0;
            break;
        default:
            return {};
    }
    if (role == Qt::UserRole) return value;
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    if (index.column() == Calls) return QString::number(r.calls);
    if (index.column() == Share) return QStringLiteral("%1 %").arg(value, 0, 'f', 1);
    return QString::number(value, 'f', value >= 100 ? 0 : 2);
}

QVariant ProfileTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
    static const char* const names[] = {QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "layer"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "op"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "phase"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "calls"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "total ms"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "mean µs"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "p50 µs"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "p95 µs"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "p99 µs"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "share"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "GFLOP/s"),
                                        QT_TRANSLATE_NOOP("tessera::widgets::ProfileTableModel", "GB/s")};
    return section < ColumnCount ? tr(names[section]) : QVariant();
}

// ---------------------------------------------------------------------------------------------
// ProfileView

ProfileView::ProfileView(QWidget* parent)
    : QWidget(parent),
      m_model(new ProfileTableModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)),
      m_summary(new QLabel(tr("No profile yet: Profile records the next steps of a run."), this)),
      m_byLayer(new QCheckBox(tr("Group by layer"), this)),
      m_heat(new QCheckBox(tr("Heat on designer nodes"), this)),
      m_legend(new HeatLegend(this)) {
    m_heat->setToolTip(tr("Colour each node of the designer by its layer's share of the step time"));
    m_legend->setVisible(false);
    m_legend->setMinimumWidth(160);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::UserRole);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ProfileTableModel::TotalMs, Qt::DescendingOrder);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->verticalHeader()->hide();
    m_summary->setWordWrap(true);

    auto* steps = new QSpinBox(this);
    steps->setRange(1, 1000);
    steps->setValue(20);
    steps->setSuffix(tr(" steps"));
    auto* profileButton = new QPushButton(tr("Profile"), this);
    profileButton->setToolTip(tr("Record every op of the next steps of the run"));
    connect(profileButton, &QPushButton::clicked, this, [this, steps] { emit profileRequested(steps->value()); });
    auto* exportButton = new QPushButton(tr("Export Trace…"), this);
    connect(exportButton, &QPushButton::clicked, this, &ProfileView::exportDialog);
    connect(m_byLayer, &QCheckBox::toggled, this, &ProfileView::setGroupedByLayer);
    connect(m_heat, &QCheckBox::toggled, this, &ProfileView::setHeatShown);

    auto* bar = new QHBoxLayout;
    bar->addWidget(steps);
    bar->addWidget(profileButton);
    bar->addWidget(m_byLayer);
    bar->addWidget(m_heat);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    auto* summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary, 1);
    summaryRow->addWidget(m_legend);
    layout->addLayout(summaryRow);
    layout->addWidget(m_table, 1);
    rebuild();
}

void ProfileView::setEvents(std::vector<profile::Event> events, double stepNs, std::int64_t steps) {
    m_events = std::move(events);
    m_stepNs = stepNs;
    m_steps = steps;
    rebuild();
}

void ProfileView::setGroupedByLayer(bool on) {
    QSignalBlocker block(m_byLayer);
    m_byLayer->setChecked(on);
    rebuild();
}

void ProfileView::rebuild() {
    const bool byLayer = m_byLayer->isChecked();
    m_model->setRows(profile::aggregate(m_events, byLayer), m_stepNs);
    m_table->setColumnHidden(ProfileTableModel::Layer, !byLayer);
    if (!m_events.empty()) {
        // No total of the op times: ops nest (a backward Node runs ops), so their sum overstates.
        m_summary->setText(tr("%1 steps, %2 ms of step time, %3 op calls")
                               .arg(m_steps)
                               .arg(m_stepNs / 1e6, 0, 'f', 1)
                               .arg(m_events.size()));
    }
    const QHash<QString, double> shares = layerShares();
    m_legend->setMaximum(maxShare(shares));
    m_legend->setVisible(m_heat->isChecked());
    emit heatChanged(m_heat->isChecked() ? shares : QHash<QString, double>{});
}

QHash<QString, double> ProfileView::layerShares() const { return layerTimeShares(m_events, m_stepNs); }

bool ProfileView::heatShown() const { return m_heat->isChecked(); }

void ProfileView::setHeatShown(bool on) {
    QSignalBlocker block(m_heat);
    m_heat->setChecked(on);
    rebuild();
}

QString ProfileView::summary() const { return m_summary->text(); }

bool ProfileView::exportTrace(const QString& file) const {
    try {
        io::writeFileAtomically(file.toStdString(), profile::chromeTrace(m_events));
    } catch (const Error&) {
        return false;
    }
    return true;
}

void ProfileView::exportDialog() {
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Chrome Trace"), QStringLiteral("trace.json"),
                                                      tr("Chrome trace JSON (*.json)"));
    if (!file.isEmpty() && !exportTrace(file)) m_summary->setText(tr("Could not write %1").arg(file));
}

}  // namespace tessera::widgets
