// data::Table (core/data/table.h) and the table methods of ml::Estimator: columns, rows, the numeric
// conversion, and sklearn's feature-name bookkeeping (feature_names_in_, _check_feature_names' words).
#include <QtTest>

#include <cmath>

#include "../error_of.h"
#include "core/data/table.h"
#include "core/ml/base/registry.h"

using namespace tessera;

namespace {

data::Table people() {
    data::Table t;
    t.addNumeric("age", {31, NAN, 47});
    t.addStrings("city", {"Oslo", "", "Lima"}, {0, 1, 0});
    return t;
}

data::Table numbers(const std::vector<std::string>& names) {
    return data::Table::fromTensor(Tensor::fromVector<double>({1, 2, 3, 4, 5, 7}, {3, 2}), names);
}

}  // namespace

class TestTable : public QObject {
    Q_OBJECT

private slots:
    void columnsAndRows() {
        const data::Table t = people();
        QCOMPARE(t.rows(), 3);
        QCOMPARE(t.columnCount(), 2);
        QCOMPARE(t.indexOf("city"), 1);
        QCOMPARE(t.indexOf("zip"), -1);
        QVERIFY(t.find("age")->isMissing(1));
        QVERIFY(t.find("city")->isMissing(1));
        QVERIFY(!t.find("city")->isMissing(0));
        QVERIFY(!t.allNumeric());

        const data::Table picked = t.takeRows({2, 0, 2});
        QCOMPARE(picked.rows(), 3);
        QCOMPARE(picked.find("city")->strings, (std::vector<std::string>{"Lima", "Oslo", "Lima"}));
        QCOMPARE(picked.find("age")->numbers[1], 31.0);
        QCOMPARE(t.selectColumns({1}).names(), std::vector<std::string>{"city"});
    }

    void badColumnsAreRefusedByName() {
        data::Table t = people();
        QCOMPARE(errorOf<ValueError>([&] {
                     t.addNumeric("age", {1, 2, 3});
                 }),
                 "Table: a column named 'age' is already in the table");
        QCOMPARE(errorOf<ValueError>([&] {
                     t.addNumeric("zip", {1, 2});
                 }),
                 "Table: column 'zip' has 2 rows, the table has 3");
        QCOMPARE(errorOf<IndexError>([&] { t.takeRows({3}); }), "Table: row 3 is out of range for a table of 3 rows");
        QCOMPARE(errorOf<ValueError>([&] { t.numericTensor(); }),
                 "could not convert string to float: 'Oslo' (column 'city')");
    }

    void numericTensorIsRowMajor() {
        const data::Table t = numbers({"a", "b"});
        QCOMPARE(t.numericTensor().toVector<double>(), (std::vector<double>{1, 2, 3, 4, 5, 7}));
        QCOMPARE(data::Table::fromTensor(Tensor::empty({4, 0}, DType::Float64)).rows(), 4);
        QCOMPARE(numbers({}).names(), (std::vector<std::string>{"x0", "x1"}));
    }

    // sklearn: fitting on a DataFrame records feature_names_in_; other names are refused in its words.
    void estimatorsCheckFeatureNames() {
        auto scaler = ml::EstimatorRegistry::instance().create("StandardScaler", {});
        scaler->fitTable(numbers({"a", "b"}));
        QCOMPARE(scaler->attribute("feature_names_in_").strings(), (std::vector<std::string>{"a", "b"}));
        const Tensor z = scaler->transformTable(numbers({"a", "b"}));
        QCOMPARE(z.toVector<double>()[0], -1.224744871391589);
        QCOMPARE(errorOf<ValueError>([&] {
                     scaler->transformTable(numbers({"b", "c"}));
                 }),
                 "The feature names should match those that were passed during fit.\n"
                 "Feature names unseen at fit time:\n- c\n"
                 "Feature names seen at fit time, yet now missing:\n- a\n");
        QCOMPARE(errorOf<ValueError>([&] {
                     scaler->transformTable(numbers({"b", "a"}));
                 }),
                 "The feature names should match those that were passed during fit.\n"
                 "Feature names must be in the same order as they were in fit.\n");
        QCOMPARE(errorOf<ValueError>([&] { scaler->fitTable(people()); }),
                 "could not convert string to float: 'Oslo' (column 'city')");
    }
};

QTEST_GUILESS_MAIN(TestTable)
#include "test_table.moc"
