// CSV import: delimiter sniffing, header detection, quoting, encoding of categorical columns and
// targets, missing values, and every error message.
#include <QtTest>

#include "core/data/csv.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;

namespace {

template <class E = IoError>
QString errorOf(std::string_view text, const CsvOptions& options = {}) {
    try {
        parseCsv(text, "data.csv", options);
    } catch (const E& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestCsv : public QObject {
    Q_OBJECT
private slots:
    void numericWithHeader() {
        Dataset d = parseCsv("a,b,label\n1,2,0\n3,4.5,1\n-1e2,+6,1\n", "data.csv", {});
        QCOMPARE(d.featureNames, (std::vector<std::string>{"a", "b"}));
        QCOMPARE(d.features.toVector<float>(), (std::vector<float>{1, 2, 3, 4.5f, -100, 6}));
        QCOMPARE(d.task, Task::Classification);  // whole numbers, few distinct values
        QCOMPARE(d.classNames, (std::vector<std::string>{"0", "1"}));
        QCOMPARE(d.targets.toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 1}));
        QCOMPARE(d.sampleShape, (Shape{2}));
    }
    void sniffsDelimiters() {
        CsvTable semi = parseCsvTable("x;y;z\n1,5;2;3\n4;5;6\n", "s.csv");
        QCOMPARE(semi.delimiter, ';');
        QCOMPARE(semi.rows[0][0], std::string("1,5"));
        CsvTable tab = parseCsvTable("x\ty\n1\t2\n", "t.csv");
        QCOMPARE(tab.delimiter, '\t');
        CsvTable comma = parseCsvTable("\"a;b\",c\n1,2\n", "c.csv");  // ';' inside quotes does not count
        QCOMPARE(comma.delimiter, ',');
        QCOMPARE(comma.columns[0], std::string("a;b"));
    }
    void detectsHeader() {
        CsvTable none = parseCsvTable("1,2,3\n4,5,6\n", "n.csv");
        QVERIFY(!none.hasHeader);
        QCOMPARE(none.columns, (std::vector<std::string>{"column 1", "column 2", "column 3"}));
        QCOMPARE(none.rows.size(), std::size_t(2));
        CsvTable forced = parseCsvTable("p,q\nr,s\n", "f.csv", {}, false);
        QCOMPARE(forced.rows.size(), std::size_t(2));
    }
    void quotedFields() {
        CsvTable t =
            parseCsvTable("name,note,y\n\"Smith, J\",\"said \"\"hi\"\"\n twice\",1\r\nDoe,plain,2\r\n", "q.csv");
        QCOMPARE(t.rows.size(), std::size_t(2));
        QCOMPARE(t.rows[0][0], std::string("Smith, J"));
        QCOMPARE(t.rows[0][1], std::string("said \"hi\"\n twice"));
        QCOMPARE(t.lines, (std::vector<int>{2, 4}));  // the quoted newline moves row 2 to line 4
    }
    void categoricalOneHotAndTextTarget() {
        Dataset d = parseCsv("colour,size,species\nred,1,b\nblue,2,a\nred,3,c\ngreen,4,a\n", "flowers.csv", {});
        QCOMPARE(d.featureNames, (std::vector<std::string>{"colour=blue", "colour=green", "colour=red", "size"}));
        QCOMPARE(d.features.toVector<float>(), (std::vector<float>{0, 0, 1, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 1, 0, 4}));
        QCOMPARE(d.classNames, (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(d.targets.toVector<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 2, 0}));
    }
    void targetByNameIndexAndTask() {
        CsvOptions byName;
        byName.target = "a";
        Dataset d = parseCsv("a,b,c\n1.5,2,3\n2.5,4,6\n", "data.csv", byName);
        QCOMPARE(d.task, Task::Regression);  // not whole numbers
        QCOMPARE(d.targets.sizes(), (Shape{2, 1}));
        QCOMPARE(d.targets.toVector<float>(), (std::vector<float>{1.5f, 2.5f}));
        QCOMPARE(d.featureNames, (std::vector<std::string>{"b", "c"}));
        CsvOptions byIndex;
        byIndex.targetIndex = 1;
        byIndex.task = Task::Regression;
        Dataset e = parseCsv("a,b,c\n1,2,3\n2,4,6\n", "data.csv", byIndex);
        QCOMPARE(e.task, Task::Regression);
        QCOMPARE(e.targets.toVector<float>(), (std::vector<float>{2, 4}));
        CsvOptions ignore;
        ignore.ignore = {"b"};
        QCOMPARE(parseCsv("a,b,c\n1,2,3\n", "data.csv", ignore).featureNames, (std::vector<std::string>{"a"}));
    }
    void forcedCategorical() {
        CsvOptions o;
        o.categorical = {"zip"};
        Dataset d = parseCsv("zip,y\n100,0\n200,1\n100,1\n", "data.csv", o);
        QCOMPARE(d.featureNames, (std::vector<std::string>{"zip=100", "zip=200"}));
    }
    void forcedNumeric() {
        // A column set to numbers reports every other value with its line and column, even when most
        // of its values are text (which would otherwise make it categorical).
        CsvOptions o;
        o.numeric = {"dose"};
        CsvInspection i = inspectCsv("dose,y\nlow,0\n2,1\nhigh,1\n", "data.csv", o);
        QCOMPARE(i.columns[0].kind, ColumnKind::Numeric);
        const std::vector<CsvProblem> expected = {
            {2, 1, "'low' in column 'dose' (1 of 2) is not a number (the column is set to numbers)"},
            {4, 1, "'high' in column 'dose' (1 of 2) is not a number (the column is set to numbers)"},
        };
        QVERIFY(i.problems == expected);
        QCOMPARE(parseCsv("dose,y\n1,0\n2,1\n", "data.csv", o).featureNames, (std::vector<std::string>{"dose"}));
        o.categorical = {"dose"};
        QCOMPARE(errorOf<ValueError>("dose,y\n1,0\n", o),
                 QString("data.numeric: column 'dose' is listed in \"categorical\" too"));
    }
    void missingValues() {
        QCOMPARE(
            errorOf("a,b,y\n1,2,0\n3,,1\n"),
            QString("data.csv:3: missing value in column 'b' (2 of 3) (set \"missing\": \"impute\" to fill it in)"));
        QCOMPARE(errorOf("a,b,y\n1,2,0\n3,4,NA\n"), QString("data.csv:3: missing target value in column 'y' (3 of 3)"));
        CsvOptions impute;
        impute.imputeMissing = true;
        Dataset d = parseCsv("a,c,y\n1,x,0\n?,y,1\n5,x,1\n2,,0\n", "data.csv", impute);
        QCOMPARE(d.featureNames, (std::vector<std::string>{"a", "c=x", "c=y"}));
        // a: mean of 1, 5, 2 = 8/3; c: most frequent "x".
        std::vector<float> x = d.features.toVector<float>();
        QCOMPARE(x[3], float(8.0 / 3.0));
        QCOMPARE(x[10], 1.0f);
        QCOMPARE(x[11], 0.0f);
    }
    void malformedRowsNameTheLine() {
        QCOMPARE(errorOf("a,b,c,d\n1,2,3,4\n1,2,3,4,5\n"),
                 QString("data.csv:3: 5 fields, expected 4 (set \"malformed\": \"skip\" to leave such rows out)"));
        QCOMPARE(errorOf("a,b\n1,\"2\n"), QString("data.csv:2: unterminated quoted field"));
        QCOMPARE(errorOf("a,b\n1,\"2\"x\n"), QString("data.csv:2: unexpected character 'x' after a closing quote"));
        QCOMPARE(errorOf(""), QString("data.csv: no data rows"));
        QCOMPARE(errorOf("a,b\n"), QString("data.csv: no data rows after the header"));
        QCOMPARE(errorOf("a,a\n1,2\n"), QString("data.csv:1: column name 'a' appears twice (columns 1 and 2)"));
        QCOMPARE(errorOf("a,b\n1,0\n2,1\nx7,0\n"),
                 QString("data.csv:4: 'x7' in column 'a' (1 of 2) is not a number (the column's other values are "
                         "numbers); list it in \"categorical\" to treat it as categories"));
    }
    void inspectionListsEveryProblem() {
        CsvOptions o;
        o.target = "y";
        CsvInspection i = inspectCsv("a,b,y\n1,red,0\n,blue,1\n2,red\nx,red,1\n3,,\n", "data.csv", o);
        QCOMPARE(i.table.rows.size(), std::size_t(4));  // the short row is left out
        QCOMPARE(i.columns.size(), std::size_t(3));
        QCOMPARE(i.columns[0].kind, ColumnKind::Numeric);
        QCOMPARE(i.columns[1].kind, ColumnKind::Categorical);
        QCOMPARE(i.columns[1].distinct, std::int64_t(2));
        QCOMPARE(i.columns[1].missing, std::int64_t(1));
        QVERIFY(i.columns[2].target && !i.columns[0].target);
        // In line order, each with what would fix it; the short row with its fields.
        std::vector<CsvProblem> expected = {
            {3, 1, "missing value in column 'a' (1 of 3)", CsvFix::ImputeMissing},
            {4, 0, "2 fields, expected 3", CsvFix::SkipMalformed, {"2", "red"}},
            {5, 1, "'x' in column 'a' (1 of 3) is not a number (the column's other values are numbers)",
             CsvFix::TreatAsCategories},
            {6, 2, "missing value in column 'b' (2 of 3)", CsvFix::ImputeMissing},
            {6, 3, "missing target value in column 'y' (3 of 3)"},
        };
        QCOMPARE(i.problems.size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) QCOMPARE(i.problems[k].message, expected[k].message);
        QVERIFY(i.problems == expected);
        CsvInspection fatal = inspectCsv("a,b\n1,\"2\n", "data.csv", {});
        QCOMPARE(fatal.problems.size(), std::size_t(1));
        QCOMPARE(fatal.problems[0].message, std::string("data.csv:2: unterminated quoted field"));
        QVERIFY(inspectCsv("a,b\n1,2\n", "data.csv", {}).problems.empty());
    }
    void skippingMalformedRowsCountsThem() {
        CsvOptions o;
        o.skipMalformed = true;
        const std::string text = "a,b,y\n1,2,0\n3,4\n5,6,1\n7,8,9,1\n2,2,0\n";
        const CsvInspection i = inspectCsv(text, "data.csv", o);
        QVERIFY(i.problems.empty());
        QCOMPARE(i.table.skippedLines, (std::vector<int>{3, 5}));
        QCOMPARE(i.table.rows.size(), std::size_t(3));
        QCOMPARE(parseCsv(text, "data.csv", o).size(), std::size_t(3));
        QCOMPARE(errorOf(text), QString("data.csv:3: 2 fields, expected 3 (set \"malformed\": \"skip\" to leave such "
                                        "rows out)"));
    }
    void tooManyCategories() {
        std::string text = "id,y\n";
        for (int i = 0; i < 300; ++i) text += "u" + std::to_string(i) + "," + std::to_string(i % 2) + "\n";
        QCOMPARE(errorOf<ValueError>(text), QString("data: column 'id' (1 of 2) in data.csv has 300 distinct values; "
                                                    "one-hot encoding it would add as many features (at most 256) — "
                                                    "list it in \"ignore\""));
    }
    void badOptions() {
        CsvOptions o;
        o.target = "label";
        QCOMPARE(errorOf<ValueError>("a,b\n1,2\n", o),
                 QString("data.target: no column 'label' in data.csv (columns: 'a', 'b')"));
        CsvOptions idx;
        idx.targetIndex = 5;
        QCOMPARE(errorOf<ValueError>("a,b\n1,2\n", idx),
                 QString("data.target: column index 5 is out of range for data.csv with 2 columns"));
        CsvOptions reg;
        reg.task = Task::Regression;
        QCOMPARE(
            errorOf<ValueError>("a,b\n1,x\n", reg),
            QString("data.task: regression needs a numeric target, but column 'b' (2 of 2) in data.csv holds text"));
    }
};

QTEST_APPLESS_MAIN(TestCsv)
#include "test_csv.moc"
