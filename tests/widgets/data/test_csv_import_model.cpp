// CsvImportModel without a widget: a good file's preview, roles and types become a data spec that
// the loader reads as set up; a bad file's problems carry their line and column and point at their
// cells; choices (impute, a target set to ignore, a text column set to numbers) change the problems.
#include <QSignalSpy>
#include <QtTest>

#include "core/data/load_dataset.h"
#include "widgets/data/csv_import_model.h"

using namespace tessera;
using widgets::CsvImportModel;
using Role = CsvImportModel::Role;
using Type = CsvImportModel::Type;

namespace {

const QString kFixtures = QStringLiteral(TESSERA_SOURCE_DIR "/tests/data/csv/");

QStringList problemTexts(const CsvImportModel& m) {
    QStringList out;
    for (const data::CsvProblem& p : m.problems()) out << CsvImportModel::describe(p);
    return out;
}

}  // namespace

class TestCsvImportModel : public QObject {
    Q_OBJECT
private slots:
    void goodFileBecomesADataSpec() {
        CsvImportModel m;
        QSignalSpy loaded(&m, &CsvImportModel::loaded);
        QVERIFY(m.load(kFixtures + "flowers.csv"));
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(m.columns(), 5);
        QCOMPARE(m.rowCount(), 12);
        QCOMPARE(m.data(m.index(2, 3)).toString(), QStringLiteral("purple"));
        QCOMPARE(m.headerData(0, Qt::Vertical).toInt(), 2);  // the file's line
        QCOMPARE(m.headerData(4, Qt::Horizontal).toString(), QStringLiteral("species (target)"));
        QVERIFY(m.problems().empty());
        QCOMPARE(m.role(4), Role::Target);
        QCOMPARE(m.type(1), Type::Numbers);
        QCOMPARE(m.type(3), Type::Categories);
        QCOMPARE(m.distinct(3), std::int64_t(3));

        m.setRole(0, Role::Ignore);
        m.setType(1, Type::Categories);  // a choice can be taken back
        m.setType(1, Type::Numbers);
        QCOMPARE(m.type(1), Type::Numbers);
        QCOMPARE(m.headerData(0, Qt::Horizontal).toString(), QStringLiteral("id (ignored)"));
        const io::Json spec = m.dataSpec("flowers.csv");
        QCOMPARE(spec.at("csv").asString(), std::string("flowers.csv"));
        QCOMPARE(spec.at("target").asString(), std::string("species"));
        QCOMPARE(spec.at("ignore").asArray().size(), std::size_t(1));
        QCOMPARE(spec.at("ignore").asArray()[0].asString(), std::string("id"));
        const data::Dataset d = data::loadDataset(spec, (kFixtures + "project.tessera").toStdString());
        QCOMPARE(d.size(), std::int64_t(12));
        QCOMPARE(d.featureNames, (std::vector<std::string>{"sepal_length", "petal_length", "colour=blue",
                                                           "colour=purple", "colour=white"}));
        QCOMPARE(d.classNames, (std::vector<std::string>{"setosa", "versicolor", "virginica"}));

        // Another target: the old one becomes a feature; a number column as categories.
        m.setRole(1, Role::Target);
        QCOMPARE(m.role(4), Role::Feature);
        m.setType(2, Type::Categories);
        const io::Json other = m.dataSpec("flowers.csv");
        QCOMPARE(other.at("target").asString(), std::string("sepal_length"));
        QCOMPARE(other.at("categorical").asArray()[0].asString(), std::string("petal_length"));
        const data::Dataset r = data::loadDataset(other, (kFixtures + "project.tessera").toStdString());
        QCOMPARE(r.featureNames.front(), std::string("petal_length=1.3"));
    }

    void badFileListsProblemsByLineAndColumn() {
        CsvImportModel m;
        QVERIFY(m.load(kFixtures + "flowers_bad.csv"));
        // In line order, each fix named by the dialog's control (never a project-file key), the short
        // row with its fields.
        QCOMPARE(problemTexts(m),
                 (QStringList{
                     "line 3, column 3: missing value in column 'petal_length' (3 of 5) (tick “Fill in missing "
                     "feature values” to fill it in)",
                     "line 5: 4 fields, expected 5 (tick “Skip malformed rows” to leave such rows out) — the row: "
                     "4 | 6.4 | 4.5 | purple",
                     "line 7, column 3: 'five' in column 'petal_length' (3 of 5) is not a number (the column's "
                     "other values are numbers); set the column's type to “categories” to treat it as categories",
                     "line 9, column 5: missing target value in column 'species' (5 of 5)",
                 }));
        for (const QString& text : problemTexts(m)) QVERIFY2(!text.contains('"'), qPrintable(text));
        QVERIFY(CsvImportModel::imputeLabel().startsWith("Fill in missing feature values"));
        QVERIFY(CsvImportModel::skipLabel().startsWith("Skip malformed rows"));
        QCOMPARE(m.rowCount(), 8);  // the short row is left out
        QVERIFY(!m.cellOf(m.problems()[1]).isValid());
        const QModelIndex cell = m.cellOf(m.problems()[2]);
        QCOMPARE(cell.row(), 4);  // lines 2, 3, 4, 6, 7: line 5 is left out
        QCOMPARE(cell.column(), 2);
        QCOMPARE(m.data(cell).toString(), QStringLiteral("five"));
        QVERIFY(m.data(cell, Qt::ToolTipRole).toString().contains("is not a number"));
        QVERIFY(m.data(cell, Qt::BackgroundRole).isValid());

        // Filling in missing features leaves the other problems (a missing target is never filled in).
        m.setImputeMissing(true);
        QCOMPARE(m.problems().size(), std::size_t(3));
        QVERIFY(m.dataSpec("x.csv").at("missing").asString() == "impute");

        // Skipping malformed rows: the short row's problem goes, and the summary says which were skipped.
        QVERIFY(m.skippedSummary().isEmpty());
        m.setSkipMalformed(true);
        QCOMPARE(m.problems().size(), std::size_t(2));
        QCOMPARE(m.skippedSummary(), QString("Skipped 1 malformed row (line 5)"));
        QVERIFY(m.dataSpec("x.csv").at("malformed").asString() == "skip");
        m.setSkipMalformed(false);

        // A text column set to numbers: each of its values is a problem.
        m.setType(3, Type::Numbers);
        int colour = 0;
        for (const data::CsvProblem& p : m.problems()) colour += p.column == 4 ? 1 : 0;
        QCOMPARE(colour, 8);

        // No target at all.
        m.setRole(4, Role::Ignore);
        QVERIFY(problemTexts(m).contains("No target column: set one column's role to target"));
    }

    void unreadableFile() {
        CsvImportModel m;
        QVERIFY(!m.load(kFixtures + "missing.csv"));
        QVERIFY(m.error().contains("missing.csv: cannot open"));
    }
};

QTEST_MAIN(TestCsvImportModel)
#include "test_csv_import_model.moc"
