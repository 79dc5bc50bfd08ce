// .npz archives: round trip, numpy.load reading ours, ours reading numpy.savez's, and refusals.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/io/npz.h"
#include "core/tensor/error.h"

using namespace tessera;

class TestNpz : public QObject {
    Q_OBJECT

private slots:
    void roundTripInOrder() {
        io::NpzEntries in{{"a", Tensor::fromVector<double>({1.5, -2, 3}, {3}), std::nullopt},
                          {"n", Tensor::scalar<std::int64_t>(7), std::nullopt},
                          io::NpzEntry::text("mode", "l1")};
        const io::NpzEntries out = io::decodeNpz(io::encodeNpz(in), "mem.npz");
        QCOMPARE(out.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(out[0].name), QString("a"));
        QVERIFY(out[0].tensor.toVector<double>() == std::vector<double>({1.5, -2, 3}));
        QCOMPARE(out[1].tensor.item<std::int64_t>(), 7);
        QCOMPARE(QString::fromStdString(*out[2].str), QString("l1"));
    }

    void numpyReadsOursAndWeReadNumpys() {
        QTemporaryDir dir;
        const QString ours = dir.path() + "/ours.npz", theirs = dir.path() + "/theirs.npz";
        io::writeNpz(ours.toStdString(), {{"m", Tensor::fromVector<double>({1, 2, 3, 4}, {2, 2}), std::nullopt},
                                          io::NpzEntry::text("s", "none")});
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3),
                     {"-c",
                      "import sys, numpy as np; d = np.load(sys.argv[1]); "
                      "assert d['m'].tolist() == [[1, 2], [3, 4]] and str(d['s']) == 'none'; "
                      "np.savez(sys.argv[2], x=np.arange(5.0), k=np.int64(3)); "
                      "np.savez_compressed(sys.argv[2] + '.z.npz', x=np.arange(5.0))",
                      ours, theirs});
        QVERIFY(python.waitForFinished(60000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        const io::NpzEntries back = io::readNpz(theirs.toStdString());
        QCOMPARE(back.size(), std::size_t(2));
        QVERIFY(back[0].tensor.toVector<double>() == std::vector<double>({0, 1, 2, 3, 4}));
        QCOMPARE(back[1].tensor.item<std::int64_t>(), 3);
        try {
            io::readNpz((theirs + ".z.npz").toStdString());
            QFAIL("a compressed archive was read");
        } catch (const IoError& e) {
            QVERIFY2(QString(e.what()).contains("entry 'x': compressed entries"), e.what());
        }
    }

    void damagedArchivesAreRefused() {
        const std::string good = io::encodeNpz({{"v", Tensor::fromVector<double>({1, 2}, {2}), std::nullopt}});
        QVERIFY_THROWS_EXCEPTION(IoError, io::decodeNpz(good.substr(0, 10), "short.npz"));
        QVERIFY_THROWS_EXCEPTION(IoError, io::decodeNpz(good.substr(0, good.size() - 22), "noend.npz"));
        std::string flipped = good;
        flipped[good.find("v.npy") + 5 + 130] ^= 0x01;
        try {
            io::decodeNpz(flipped, "flip.npz");
            QFAIL("a damaged entry was read");
        } catch (const IoError& e) {
            QVERIFY2(QString(e.what()).startsWith("flip.npz: entry 'v': CRC-32 mismatch"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestNpz)
#include "test_npz.moc"
