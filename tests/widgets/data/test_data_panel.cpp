// DataPanel offscreen: digits shows 1797 rows of 64 pixels and a class name, the class balance
// sklearn gives, and an image grid; tabular and regression data show no grid and no bars.
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "core/data/builtin.h"
#include "widgets/data/data_panel.h"

using namespace tessera;
using widgets::DataPanel;

class TestDataPanel : public QObject {
    Q_OBJECT
private slots:
    void digits() {
        DataPanel panel;
        panel.resize(600, 800);
        panel.show();
        panel.setDataset(data::loadBuiltin("digits"));
        auto* model = panel.tableModel();
        QCOMPARE(model->rowCount(), 1797);
        QCOMPARE(model->columnCount(), 65);
        QCOMPARE(model->headerData(64, Qt::Horizontal).toString(), QStringLiteral("target"));
        QCOMPARE(model->data(model->index(0, 64)).toString(), QStringLiteral("0"));  // sklearn: digits.target[0]
        QCOMPARE(model->data(model->index(0, 2)).toFloat(), 5.0f);                   // digits.data[0][2]
        // np.bincount(load_digits().target)
        QCOMPARE(panel.balance(), (QVector<double>{178, 182, 177, 183, 181, 182, 181, 179, 174, 180}));
        QVERIFY(panel.imageGrid()->isVisible());
        QCOMPARE(panel.imageGrid()->imageCount(), 60);
        QVERIFY(panel.summary().contains("1797 samples"));
        const QImage shot = panel.grab().toImage();
        QVERIFY(!shot.isNull());
    }

    void tabularAndRegression() {
        DataPanel panel;
        panel.show();
        panel.setDataset(data::loadBuiltin("iris"));
        QVERIFY(!panel.imageGrid()->isVisible());
        QCOMPARE(panel.balance(), (QVector<double>{50, 50, 50}));
        QCOMPARE(panel.tableModel()->data(panel.tableModel()->index(149, 4)).toString(), QStringLiteral("virginica"));
        panel.setDataset(data::loadBuiltin("diabetes"));
        QVERIFY(panel.balance().isEmpty());
        QVERIFY(panel.summary().contains("regression"));
        panel.showProblem("data.csv: no such file");
        QCOMPARE(panel.tableModel()->rowCount(), 0);
        QCOMPARE(panel.summary(), QStringLiteral("data.csv: no such file"));
    }
    // The data set chooser: the project's choice shown (a built-in name or its CSV file), a pick of
    // another built-in set reported, the CSV entry never reported as a pick, Import CSV… asked for.
    void sourceChooser() {
        DataPanel panel;
        panel.setSources({"iris", "moons"});
        panel.setSource("moons", {});
        QCOMPARE(panel.source(), QStringLiteral("moons"));
        panel.setSource({}, "data/points.csv");
        QCOMPARE(panel.source(), QStringLiteral("csv:data/points.csv"));
        panel.setSource({}, "other.csv");  // one CSV entry at most
        auto* box = panel.findChild<QComboBox*>();
        QCOMPARE(box->count(), 3);
        QSignalSpy chosen(&panel, &DataPanel::datasetChosen);
        emit box->activated(2);  // the CSV entry itself
        QVERIFY(chosen.isEmpty());
        emit box->activated(0);
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.front().front().toString(), QStringLiteral("iris"));
        QSignalSpy import(&panel, &DataPanel::importCsvRequested);
        panel.importButton()->click();
        QCOMPARE(import.size(), 1);
    }
};

QTEST_MAIN(TestDataPanel)
#include "test_data_panel.moc"
