#include "widgets/common/messages_model.h"

#include <QColor>

namespace tessera::widgets {

MessagesModel::MessagesModel(QObject* parent) : QAbstractListModel(parent) {}

void MessagesModel::add(Severity severity, const QString& text, const QString& source) {
    const int row = static_cast<int>(m_messages.size());
    beginInsertRows({}, row, row);
    m_messages.append({severity, text, source, QDateTime::currentDateTime()});
    endInsertRows();
    emit messageAdded(m_messages.last());
}

void MessagesModel::clear() {
    if (m_messages.isEmpty()) return;
    beginResetModel();
    m_messages.clear();
    endResetModel();
}

int MessagesModel::count(Severity severity) const {
    int n = 0;
    for (const auto& m : m_messages) n += m.severity == severity ? 1 : 0;
    return n;
}

int MessagesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_messages.size());
}

QVariant MessagesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Message& m = m_messages.at(index.row());
    switch (role) {
        case Qt::DisplayRole:
            return QStringLiteral("%1  %2: %3")
                .arg(m.time.toString(QStringLiteral("HH:mm:ss")), severityName(m.severity), m.text);
        case Qt::ToolTipRole:
            return m.source.isEmpty() ? m.text : m.source + QStringLiteral("\n") + m.text;
        case Qt::ForegroundRole:
            switch (m.severity) {
                case Severity::Error:
                    return QColor(0xb0, 0x1c, 0x1c);
                case Severity::Warning:
                    return QColor(0x9a, 0x5b, 0x00);
                case Severity::Info:
                    return {};
            }
            return {};
        case SeverityRole:
            return static_cast<int>(m.severity);
        case SourceRole:
            return m.source;
        case TimeRole:
            return m.time;
        default:
            return {};
    }
}

QHash<int, QByteArray> MessagesModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(SeverityRole, "severity");
    names.insert(SourceRole, "source");
    names.insert(TimeRole, "time");
    return names;
}

QString MessagesModel::severityName(Severity severity) {
    switch (severity) {
        case Severity::Error:
            return tr("Error");
        case Severity::Warning:
            return tr("Warning");
        case Severity::Info:
            return tr("Info");
    }
    return {};
}

}  // namespace tessera::widgets
