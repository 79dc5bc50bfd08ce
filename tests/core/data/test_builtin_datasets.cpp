// Every built-in data set equals the array sklearn 1.2.1 returns (cast to float32), element for
// element, with its names, task and sample shape.
#include <QtTest>

#include "core/data/builtin.h"
#include "core/io/npy.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;

namespace {

// sklearn's loader for `name` writes x.npy (float32), y.npy and names.txt into `dir`.
QString exportFromSklearn(const QString& dir, const QString& name) {
    const QString code = QString(R"(import sys, numpy as np, sklearn.datasets as ds
d = sys.argv[1]
b = getattr(ds, "load_%1")()
np.save(d + "/x.npy", b.data.astype(np.float32))
y = b.target.astype(np.int64) if "%1" != "diabetes" else b.target.astype(np.float32).reshape(-1, 1)
np.save(d + "/y.npy", y)
classes = list(map(str, b.target_names)) if hasattr(b, "target_names") else []
open(d + "/names.txt", "w").write("\n".join(list(b.feature_names)) + "\n--\n" + "\n".join(classes))
)")
                             .arg(name);
    QProcess p;
    p.start(TESSERA_PYTHON3, {"-c", code, dir});
    if (!p.waitForFinished(120000)) return "timeout";
    return p.exitCode() == 0 ? QString() : QString(p.readAllStandardError());
}

QStringList toQStrings(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out;
}

}  // namespace

class TestBuiltinDatasets : public QObject {
    Q_OBJECT
private slots:
    void matchesSklearn_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("rows");
        QTest::addColumn<QString>("sampleShape");
        QTest::newRow("iris") << "iris" << 150 << "[4]";
        QTest::newRow("wine") << "wine" << 178 << "[13]";
        QTest::newRow("breast_cancer") << "breast_cancer" << 569 << "[30]";
        QTest::newRow("digits") << "digits" << 1797 << "[1, 8, 8]";
        QTest::newRow("diabetes") << "diabetes" << 442 << "[10]";
    }
    void matchesSklearn() {
        QFETCH(QString, name);
        QFETCH(int, rows);
        QFETCH(QString, sampleShape);
        QTemporaryDir dir;
        const QString error = exportFromSklearn(dir.path(), name);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        Dataset d = loadBuiltin(name.toStdString());
        QCOMPARE(d.name, name.toStdString());
        QCOMPARE(d.size(), std::size_t(rows));
        QCOMPARE(QString::fromStdString(shapeToString(d.sampleShape)), sampleShape);
        Tensor x = io::readNpy(dir.filePath("x.npy").toStdString());
        Tensor y = io::readNpy(dir.filePath("y.npy").toStdString());
        QCOMPARE(d.features.sizes(), x.sizes());
        QVERIFY(d.features.toVector<float>() == x.toVector<float>());  // bit-exact float32
        QCOMPARE(d.targets.sizes(), y.sizes());
        if (name == "diabetes") {
            QCOMPARE(d.task, Task::Regression);
            QVERIFY(d.targets.toVector<float>() == y.toVector<float>());
        } else {
            QCOMPARE(d.task, Task::Classification);
            QVERIFY(d.targets.toVector<std::int64_t>() == y.toVector<std::int64_t>());
        }
        QFile names(dir.filePath("names.txt"));
        QVERIFY(names.open(QIODevice::ReadOnly));
        const QStringList parts = QString::fromUtf8(names.readAll()).split("\n--\n");
        QCOMPARE(toQStrings(d.featureNames), parts[0].split('\n', Qt::SkipEmptyParts));
        QCOMPARE(toQStrings(d.classNames), parts[1].split('\n', Qt::SkipEmptyParts));
    }
    void namesAndUnknown() {
        QCOMPARE(builtinNames(), (std::vector<std::string>{"iris", "wine", "breast_cancer", "digits", "diabetes"}));
        try {
            loadBuiltin("irsi");
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(QString(e.what()),
                     QString("unknown built-in data set 'irsi' (known: iris, wine, breast_cancer, digits, diabetes)"));
        }
    }
};

QTEST_APPLESS_MAIN(TestBuiltinDatasets)
#include "test_builtin_datasets.moc"
