// ProfileView offscreen over hand-made events: one row per op and phase, times in the right units,
// share of the steps' time, FLOP and byte rates, grouping by layer, sorting, and the trace export.
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "core/io/atomic_file.h"
#include "core/io/json.h"
#include "widgets/training/profile_view.h"

using namespace tessera;
using widgets::ProfileTableModel;
using widgets::ProfileView;

namespace {

profile::Event opEvent(const char* name, profile::Phase phase, std::int64_t startNs, std::int64_t ns, double flops) {
    profile::Event e;
    e.name = name;
    e.phase = phase;
    e.startNs = startNs;
    e.endNs = startNs + ns;
    e.flops = flops;
    e.bytes = flops / 2;
    return e;
}

}  // namespace

class TestProfileView : public QObject {
    Q_OBJECT
private slots:
    void rowsAndUnits() {
        ProfileView view;
        std::vector<profile::Event> events{opEvent("mm", profile::Phase::Forward, 0, 2000000, 4e6),
                                           opEvent("mm", profile::Phase::Forward, 3000000, 2000000, 4e6),
                                           opEvent("MmBackward0", profile::Phase::Backward, 6000000, 1000000, 0)};
        view.setEvents(events, 10e6, 2);
        ProfileTableModel* m = view.model();
        QCOMPARE(m->rowCount(), 2);
        const int mm = m->data(m->index(0, ProfileTableModel::Op)).toString() == "mm" ? 0 : 1;
        auto cell = [&](int row, int column) { return m->data(m->index(row, column), Qt::UserRole).toDouble(); };
        QCOMPARE(cell(mm, ProfileTableModel::Calls), 2.0);
        QCOMPARE(cell(mm, ProfileTableModel::TotalMs), 4.0);
        QCOMPARE(cell(mm, ProfileTableModel::MeanUs), 2000.0);
        QCOMPARE(cell(mm, ProfileTableModel::Share), 40.0);
        QCOMPARE(cell(mm, ProfileTableModel::GFlops), 2.0);  // 8e6 FLOP in 4 ms
        QCOMPARE(cell(mm, ProfileTableModel::GBytes), 1.0);
        QCOMPARE(m->data(m->index(1 - mm, ProfileTableModel::Phase)).toString(), QStringLiteral("backward"));
        QCOMPARE(m->data(m->index(mm, ProfileTableModel::Share)).toString(), QStringLiteral("40.0 %"));
        QVERIFY(view.summary().contains("2 steps"));

        auto* table = view.findChild<QTableView*>();
        table->sortByColumn(ProfileTableModel::TotalMs, Qt::AscendingOrder);
        QCOMPARE(table->model()->index(0, ProfileTableModel::Op).data().toString(), QStringLiteral("MmBackward0"));

        QTemporaryDir dir;
        QVERIFY(view.exportTrace(dir.filePath("t.json")));
        const io::Json trace = io::parseJson(io::readFile(dir.filePath("t.json").toStdString()), "t.json");
        const io::Json& list = trace.isArray() ? trace : trace.at("traceEvents");
        QCOMPARE(list.asArray().size(), std::size_t{3});
        QVERIFY(!view.exportTrace("/nonexistent-folder/t.json"));
    }

    void groupedByLayer() {
        const profile::ScopeId scope = [] {
            profile::Scope s("fc1");
            return profile::currentScope();
        }();
        std::vector<profile::Event> events{opEvent("mm", profile::Phase::Forward, 0, 1000, 2),
                                           opEvent("mm", profile::Phase::Forward, 2000, 1000, 2)};
        events[1].scope = scope;
        ProfileView view;
        view.setEvents(events, 4000, 1);
        QCOMPARE(view.model()->rowCount(), 1);
        view.setGroupedByLayer(true);
        QCOMPARE(view.model()->rowCount(), 2);
        QStringList layers;
        for (int r = 0; r < 2; ++r)
            layers << view.model()->data(view.model()->index(r, ProfileTableModel::Layer)).toString();
        layers.sort();
        QCOMPARE(layers, (QStringList{"", "fc1"}));
    }
};

QTEST_MAIN(TestProfileView)
#include "test_profile_view.moc"
