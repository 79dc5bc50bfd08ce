#include "widgets/training/runs_table.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "core/tensor/error.h"
#include "widgets/common/core_text.h"
#include "widgets/training/run_records_model.h"

namespace tessera::widgets {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString scalarText(const io::Json& v) {
    if (v.isString()) return QString::fromStdString(v.asString());
    if (v.isBool()) return v.asBool() ? RunsTableModel::tr("yes") : RunsTableModel::tr("no");
    if (v.isNumber()) return QString::number(v.asNumber(), 'g', 6);
    if (v.isNull()) return QStringLiteral("None");
    return QString::fromStdString(io::writeJson(v, 0)).trimmed();
}

void flatten(const io::Json& object, const QString& prefix, std::map<QString, QString>& out) {
    for (const auto& [key, value] : object.asObject()) {
        const QString name = prefix + QString::fromStdString(key);
        if (value.isObject())
            flatten(value, name + QLatin1Char('.'), out);
        else
            out[name] = scalarText(value);
    }
}

QString metricText(double v, int decimals) {
    return std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'f', decimals);
}

}  // namespace

RunSummary RunsTableModel::readRun(const QString& runFolder) {
    RunSummary run;
    const QDir dir(runFolder);
    run.name = dir.dirName();
    run.trainLoss = run.valLoss = run.trainAcc = run.valAcc = kNaN;
    try {
        const io::Json json = io::parseJson(io::readFile(dir.filePath(QStringLiteral("run.json")).toStdString()),
                                            dir.filePath(QStringLiteral("run.json")).toStdString());
        if (const io::Json* status = json.find("status"); status && status->isString())
            run.status = QString::fromStdString(status->asString());
        if (const io::Json* training = json.find("training"); training && training->isObject())
            flatten(*training, QString(), run.settings);
        const QString metricsFile = dir.filePath(QStringLiteral("metrics.csv"));
        RunRecordsModel epochs(RunRecordsModel::Kind::Epochs);
        epochs.append(RunRecordsModel::parseCsv(
            epochs.kind(), QString::fromStdString(io::readFile(metricsFile.toStdString())), metricsFile));
        if (const int last = epochs.rowCount() - 1; last >= 0) {
            run.epochs = epochs.value(last, QStringLiteral("epoch"));
            run.seconds = epochs.value(last, QStringLiteral("elapsed_ms")) / 1000.0;
            run.trainLoss = epochs.value(last, QStringLiteral("train_loss"));
            run.valLoss = epochs.value(last, QStringLiteral("val_loss"));
            run.trainAcc = epochs.value(last, QStringLiteral("train_acc"));
            run.valAcc = epochs.value(last, QStringLiteral("val_acc"));
        }
    } catch (const Error& e) {
        run.error = QString::fromUtf8(e.what());
    }
    return run;
}

void RunsTableModel::setRunsFolder(const QString& folder) {
    beginResetModel();
    m_runs.clear();
    QStringList names = QDir(folder).entryList({QStringLiteral("run-*")}, QDir::Dirs, QDir::Name);
    std::reverse(names.begin(), names.end());
    for (const QString& name : names) m_runs.push_back(readRun(QDir(folder).filePath(name)));
    // The settings worth a column: those that tell the runs apart (every one, for a single run).
    // Runs that could not be read have no settings and do not count.
    std::map<QString, std::vector<QString>> values;
    std::size_t readable = 0;
    for (const RunSummary& run : m_runs) {
        if (!run.error.isEmpty()) continue;
        ++readable;
        for (const auto& [key, value] : run.settings) values[key].push_back(value);
    }
    m_keys.clear();
    for (const auto& [key, seen] : values) {
        const bool differs = seen.size() != readable ||
                             std::any_of(seen.begin(), seen.end(), [&](const QString& v) { return v != seen.front(); });
        if (differs || readable == 1) m_keys << key;
    }
    endResetModel();
}

QString RunsTableModel::settingTitle(const QString& key) {
    static const std::map<QString, const char*> titles = {
        {"optimizer.type", QT_TR_NOOP("optimizer")},
        {"optimizer.lr", QT_TR_NOOP("learning rate")},
        {"optimizer.weight_decay", QT_TR_NOOP("weight decay")},
        {"optimizer.momentum", QT_TR_NOOP("momentum")},
        {"scheduler.type", QT_TR_NOOP("LR schedule")},
        {"epochs", QT_TR_NOOP("epochs (set)")},
        {"batchSize", QT_TR_NOOP("batch size")},
        {"seed", QT_TR_NOOP("seed")},
        {"shuffle", QT_TR_NOOP("shuffle")},
        {"dropLast", QT_TR_NOOP("drop last batch")},
        {"clipGradNorm", QT_TR_NOOP("gradient clipping")},
        {"threads", QT_TR_NOOP("threads")},
        {"initialWeights", QT_TR_NOOP("initial weights")},
        {"earlyStopping.patience", QT_TR_NOOP("early-stopping patience")},
        {"earlyStopping.monitor", QT_TR_NOOP("early-stopping metric")},
    };
    const auto it = titles.find(key);
    return it == titles.end() ? key : tr(it->second);
}

int RunsTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunsTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 2 + static_cast<int>(m_keys.size()) + MetricCount;
}

QVariant RunsTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || (role != Qt::DisplayRole && role != Qt::UserRole && role != Qt::ToolTipRole)) return {};
    const RunSummary& run = m_runs[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (role == Qt::ToolTipRole) return run.error.isEmpty() ? QVariant() : QVariant(run.error);
    if (column == 0) return run.name;
    if (column == 1) return run.error.isEmpty() ? coreText(run.status.toStdString()) : tr("unreadable");
    const int setting = column - 2;
    if (setting < m_keys.size()) {
        const auto it = run.settings.find(m_keys[setting]);
        const QString text = it == run.settings.end() ? QString() : it->second;
        bool number = false;
        const double v = text.toDouble(&number);
        return role == Qt::UserRole && number ? QVariant(v) : QVariant(text);
    }
    const double values[MetricCount] = {run.epochs, run.trainLoss, run.valLoss, run.trainAcc, run.valAcc, run.seconds};
    const int metric = setting - static_cast<int>(m_keys.size());
    // Runs without the metric sort after every run with it.
    if (role == Qt::UserRole)
        return std::isnan(values[metric]) ? std::numeric_limits<double>::infinity() : values[metric];
    return metricText(values[metric], metric == Epochs ? 0 : metric == Seconds ? 1 : 4);
}

QVariant RunsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == 0) return tr("Run");
    if (section == 1) return tr("Status");
    const int setting = section - 2;
    if (setting < m_keys.size()) return settingTitle(m_keys[setting]);
    switch (setting - static_cast<int>(m_keys.size())) {
        case Epochs:
            return tr("Epochs run");
        case TrainLoss:
            return tr("Final train loss");
        case ValLoss:
            return tr("Final val loss");
        case TrainAcc:
            return tr("Final train accuracy");
        case ValAcc:
            return tr("Final val accuracy");
        case Seconds:
            return tr("Time (s)");
        default:
            return {};
    }
}

RunsTable::RunsTable(QWidget* parent)
    : QWidget(parent),
      m_model(new RunsTableModel(this)),
      m_view(new QTableView(this)),
      m_empty(new QLabel(tr("No runs yet: each run of this project appears here with its settings and final "
                            "metrics."),
                         this)) {
    auto* sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    sorted->setSortRole(Qt::UserRole);
    m_view->setModel(sorted);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->verticalHeader()->hide();
    m_empty->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_empty);
    layout->addWidget(m_view, 1);
}

void RunsTable::setRunsFolder(const QString& folder) {
    m_model->setRunsFolder(folder);
    m_empty->setVisible(m_model->rowCount() == 0);
    m_view->setVisible(m_model->rowCount() > 0);
}

}  // namespace tessera::widgets
