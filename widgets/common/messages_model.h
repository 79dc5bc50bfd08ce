// The list of warnings and errors the application has reported, newest last. The Messages dock draws
// it; anything (file loading, plugins, later training) adds to it.
//
//   MessagesModel messages;
//   messages.add(Severity::Error, "moons.tessera:3:14: field 'version' is 2, …", "moons.tessera");
//   messages.count(Severity::Error);   // 1
#pragma once

#include <QAbstractListModel>
#include <QDateTime>
#include <QList>
#include <QString>

namespace tessera::widgets {

enum class Severity { Info, Warning, Error };

struct Message {
    Severity severity = Severity::Info;
    QString text;
    QString source;  // the file, plugin or component the message is about; may be empty
    QDateTime time;
};

class MessagesModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { SeverityRole = Qt::UserRole + 1, SourceRole, TimeRole };

    explicit MessagesModel(QObject* parent = nullptr);

    // Appends a message stamped with the current time and emits messageAdded.
    void add(Severity severity, const QString& text, const QString& source = {});
    void clear();
    const Message& at(int row) const { return m_messages.at(row); }
    int count(Severity severity) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString severityName(Severity severity);  // translated "Error", "Warning", "Info"

signals:
    void messageAdded(const tessera::widgets::Message& message);

private:
    QList<Message> m_messages;
};

}  // namespace tessera::widgets
