// .npy reading and writing, checked against files numpy writes and reads (/usr/bin/python3).
#include <QtTest>

#include "core/io/npy.h"
#include "core/ops/view.h"
#include "core/tensor/tensor.h"

using namespace tessera;

namespace {

// Runs `code` with numpy imported and `d` set to the folder; returns stdout, fails the test on errors.
QByteArray runNumpy(const QString& dir, const QString& code) {
    QProcess p;
    p.start(TESSERA_PYTHON3, {"-c", "import numpy as np, sys\nd = sys.argv[1]\n" + code, dir});
    if (!p.waitForFinished(60000)) return "timeout";
    if (p.exitCode() != 0) return "python failed: " + p.readAllStandardError();
    return p.readAllStandardOutput().trimmed();
}

std::string path(const QTemporaryDir& dir, const char* name) { return dir.filePath(name).toStdString(); }

// The error message readNpy gives for `bytes`, or "" when it reads them.
QString errorFor(const std::string& bytes) {
    try {
        io::decodeNpy(bytes, "bad.npy");
    } catch (const IoError& e) {
        return e.what();
    }
    return {};
}

std::string npyWithHeader(const std::string& dict, std::size_t dataBytes) {
    std::string header = dict;
    while ((10 + header.size() + 1) % 64 != 0) header.push_back(' ');
    header.push_back('\n');
    std::string out("\x93NUMPY\x01\x00", 8);
    out.push_back(static_cast<char>(header.size() & 0xff));
    out.push_back(static_cast<char>(header.size() >> 8));
    return out + header + std::string(dataBytes, '\0');
}

}  // namespace

class TestNpy : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryDType() {
        QTemporaryDir dir;
        const std::string f = path(dir, "t.npy");
        Tensor a = Tensor::fromVector<float>({1.5f, -2, 3, 4, 5, 6}, {2, 3});
        io::writeNpy(f, a);
        Tensor b = io::readNpy(f);
        QCOMPARE(b.dtype(), DType::Float32);
        QCOMPARE(b.sizes(), (Shape{2, 3}));
        QCOMPARE(b.toVector<float>(), a.toVector<float>());

        io::writeNpy(f, Tensor::fromVector<double>({0.1, 0.2}, {2}));
        QCOMPARE(io::readNpy(f).toVector<double>(), (std::vector<double>{0.1, 0.2}));
        io::writeNpy(f, Tensor::fromVector<std::int64_t>({-7, 1LL << 40}, {1, 2}));
        QCOMPARE(io::readNpy(f).toVector<std::int64_t>(), (std::vector<std::int64_t>{-7, 1LL << 40}));
        io::writeNpy(f, Tensor::fromVector<bool>({true, false, true}, {3}));
        QCOMPARE(io::readNpy(f).toVector<bool>(), (std::vector<bool>{true, false, true}));
    }

    void roundTripsZeroDimEmptyAndStrided() {
        QTemporaryDir dir;
        const std::string f = path(dir, "t.npy");
        io::writeNpy(f, Tensor::scalar<double>(2.5));
        Tensor s = io::readNpy(f);
        QCOMPARE(s.dim(), std::int64_t{0});
        QCOMPARE(s.item<double>(), 2.5);

        io::writeNpy(f, Tensor::empty({0, 3}, DType::Float32));
        QCOMPARE(io::readNpy(f).sizes(), (Shape{0, 3}));

        Tensor a = Tensor::fromVector<float>({0, 1, 2, 3, 4, 5}, {2, 3});
        io::writeNpy(f, ops::transpose(a, 0, 1));
        QCOMPARE(io::readNpy(f).toVector<float>(), (std::vector<float>{0, 3, 1, 4, 2, 5}));
    }

    void writeLeavesNoTemporaryFiles() {
        QTemporaryDir dir;
        io::writeNpy(path(dir, "a.npy"), Tensor::scalar<float>(1));
        io::writeNpy(path(dir, "a.npy"), Tensor::scalar<float>(2));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"a.npy"});
        QCOMPARE(io::readNpy(path(dir, "a.npy")).item<float>(), 2.0f);
        QVERIFY_THROWS_EXCEPTION(IoError, io::writeNpy(path(dir, "missing/a.npy"), Tensor::scalar<float>(1)));
    }

    void readsWhatNumpyWrites() {
        QTemporaryDir dir;
        const QByteArray out = runNumpy(dir.path(), R"(
np.save(d + '/c.npy', np.arange(6, dtype=np.float32).reshape(2, 3))
np.save(d + '/f.npy', np.asfortranarray(np.arange(24, dtype=np.float64).reshape(2, 3, 4)))
np.save(d + '/z.npy', np.array(7, dtype=np.int64))
np.save(d + '/e.npy', np.zeros((0, 3), dtype=np.float32))
np.save(d + '/b.npy', np.array([[True, False], [False, True]]))
with open(d + '/v2.npy', 'wb') as fh:
    np.lib.format.write_array(fh, np.array([1.5, 2.5]), version=(2, 0))
print('ok')
)");
        QCOMPARE(out, QByteArray("ok"));
        Tensor c = io::readNpy(path(dir, "c.npy"));
        QCOMPARE(c.sizes(), (Shape{2, 3}));
        QCOMPARE(c.toVector<float>(), (std::vector<float>{0, 1, 2, 3, 4, 5}));

        Tensor f = io::readNpy(path(dir, "f.npy"));
        QCOMPARE(f.sizes(), (Shape{2, 3, 4}));
        std::vector<double> expected(24);
        for (int i = 0; i < 24; ++i) expected[i] = i;
        QCOMPARE(f.toVector<double>(), expected);

        Tensor z = io::readNpy(path(dir, "z.npy"));
        QCOMPARE(z.dim(), std::int64_t{0});
        QCOMPARE(z.dtype(), DType::Int64);
        QCOMPARE(z.item<std::int64_t>(), std::int64_t{7});

        QCOMPARE(io::readNpy(path(dir, "e.npy")).sizes(), (Shape{0, 3}));
        QCOMPARE(io::readNpy(path(dir, "b.npy")).toVector<bool>(), (std::vector<bool>{true, false, false, true}));
        QCOMPARE(io::readNpy(path(dir, "v2.npy")).toVector<double>(), (std::vector<double>{1.5, 2.5}));
    }

    void numpyReadsWhatWeWrite() {
        QTemporaryDir dir;
        Tensor a = Tensor::fromVector<float>({0, 1, 2, 3, 4, 5}, {2, 3});
        io::writeNpy(path(dir, "t.npy"), ops::transpose(a, 0, 1));
        io::writeNpy(path(dir, "s.npy"), Tensor::scalar<double>(-0.25));
        io::writeNpy(path(dir, "i.npy"), Tensor::fromVector<std::int64_t>({3, -4}, {2}));
        io::writeNpy(path(dir, "b.npy"), Tensor::fromVector<bool>({false, true}, {2, 1}));
        io::writeNpy(path(dir, "e.npy"), Tensor::empty({2, 0}, DType::Float64));
        const QByteArray out = runNumpy(dir.path(), R"(
t = np.load(d + '/t.npy'); s = np.load(d + '/s.npy'); i = np.load(d + '/i.npy')
b = np.load(d + '/b.npy'); e = np.load(d + '/e.npy')
print(t.dtype, t.shape, t.ravel().tolist(), s.dtype, s.shape, float(s), i.dtype, i.tolist(),
      b.dtype, b.shape, b.ravel().tolist(), e.dtype, e.shape)
)");
        QCOMPARE(out, QByteArray("float32 (3, 2) [0.0, 3.0, 1.0, 4.0, 2.0, 5.0] float64 () -0.25 int64 [3, -4] "
                                 "bool (2, 1) [False, True] float64 (2, 0)"));
    }

    void malformedFilesNameFileAndCause() {
        QVERIFY(errorFor("PK\x03\x04 not npy").contains("bad.npy: not a .npy file (bad magic string)"));
        QVERIFY(errorFor("").contains("bad magic"));
        QVERIFY(errorFor(std::string("\x93NUMPY\x01\x00\x40", 9)).contains("truncated header"));
        QVERIFY(errorFor(std::string("\x93NUMPY\x01\x00\x40\x00{'descr'", 17)).contains("truncated header"));
        QVERIFY(errorFor(std::string("\x93NUMPY\x07\x00\x00\x00", 10)).contains("unsupported .npy format version 7.0"));

        const std::string good = npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 24);
        QCOMPARE(errorFor(good), QString());
        QVERIFY(errorFor(good.substr(0, good.size() - 4)).contains("truncated data"));
        QVERIFY(errorFor(good + "xx").contains("bytes after the data"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f2', 'fortran_order': False, 'shape': (2,), }", 4))
                    .contains("unsupported dtype '<f2'"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8))
                    .contains("unsupported dtype '>f4'"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", 8))
                    .contains("bad shape"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': ('a',), }", 8))
                    .contains("bad shape"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f4', 'fortran_order': False, }", 8)).contains("'shape'"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (), }", 4))
                    .contains("fortran_order"));
        QVERIFY(errorFor(npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, "
                                       "99999999999, 99999999999), }",
                                       0))
                    .contains("bad shape"));

        try {
            io::readNpy("/nonexistent/x.npy");
            QFAIL("no error for a missing file");
        } catch (const IoError& e) {
            QVERIFY(QString(e.what()).startsWith("/nonexistent/x.npy: cannot open"));
        }
    }

    void booleanBytesAreNormalised() {
        std::string bytes = npyWithHeader("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", 0);
        bytes += std::string("\x00\x05", 2);
        QCOMPARE(io::decodeNpy(bytes, "b.npy").toVector<bool>(), (std::vector<bool>{false, true}));
    }
};

QTEST_APPLESS_MAIN(TestNpy)
#include "test_npy.moc"
