// The Messages model on its own, without its view.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/common/messages_model.h"

using tessera::widgets::Message;
using tessera::widgets::MessagesModel;
using tessera::widgets::Severity;

class TestMessagesModel : public QObject {
    Q_OBJECT
private slots:
    void startsEmpty() {
        MessagesModel model;
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.count(Severity::Error), 0);
    }
    void addAppendsRowsWithRoles() {
        MessagesModel model;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy added(&model, &MessagesModel::messageAdded);
        model.add(Severity::Info, "opened", "a.tessera");
        model.add(Severity::Error, "a.tessera:3:14: field 'version' is 2", "a.tessera");
        model.add(Severity::Warning, "plugin skipped");
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(inserted.count(), 3);
        QCOMPARE(inserted.at(1).at(1).toInt(), 1);  // inserted at the end, one row at a time
        QCOMPARE(added.count(), 3);
        QCOMPARE(added.at(1).at(0).value<Message>().text, QString("a.tessera:3:14: field 'version' is 2"));

        const QModelIndex error = model.index(1);
        QVERIFY(model.data(error).toString().endsWith("Error: a.tessera:3:14: field 'version' is 2"));
        QCOMPARE(model.data(error, MessagesModel::SeverityRole).toInt(), int(Severity::Error));
        QCOMPARE(model.data(error, MessagesModel::SourceRole).toString(), QString("a.tessera"));
        QVERIFY(model.data(error, MessagesModel::TimeRole).toDateTime().isValid());
        QVERIFY(model.data(error, Qt::ToolTipRole).toString().startsWith("a.tessera\n"));
        QVERIFY(model.data(error, Qt::ForegroundRole).isValid());
        QVERIFY(!model.data(model.index(0), Qt::ForegroundRole).isValid());
        QVERIFY(!model.data(model.index(5)).isValid());

        QCOMPARE(model.count(Severity::Error), 1);
        QCOMPARE(model.count(Severity::Warning), 1);
        QCOMPARE(model.count(Severity::Info), 1);
        QCOMPARE(model.at(2).source, QString());
        QVERIFY(model.roleNames().values().contains("severity"));
    }
    void clearResets() {
        MessagesModel model;
        model.add(Severity::Error, "x");
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(reset.count(), 1);
        model.clear();
        QCOMPARE(reset.count(), 1);  // nothing to clear: no reset
    }
    void isAFlatList() {
        MessagesModel model;
        model.add(Severity::Info, "x");
        QCOMPARE(model.rowCount(model.index(0)), 0);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.add(Severity::Warning, "y");
        model.clear();
    }
};

QTEST_GUILESS_MAIN(TestMessagesModel)
#include "test_messages_model.moc"
