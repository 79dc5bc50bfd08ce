// safetensors: the layout the library writes (order, padding, compact header), every dtype, 0-d and
// empty tensors, metadata, atomic files, and malformed files as IoError naming the file and the cause
// (never a crash: every truncation and every flipped header byte is tried).
#include <QtTest>

#include <cstring>

#include "core/io/atomic_file.h"
#include "core/io/safetensors.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

std::string withHeader(const std::string& header, const std::string& data) {
    std::string out(8, '\0');
    const std::uint64_t n = header.size();
    std::memcpy(out.data(), &n, 8);
    return out + header + data;
}

QString ioErrorOf(const std::string& bytes) {
    try {
        io::decodeSafetensors(bytes, "w.safetensors");
    } catch (const IoError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

io::NamedTensors sample() {
    return {{"weight", Tensor::fromVector<float>({1.5f, -2.0f, 3.25f, 0.0f}, {2, 2})},
            {"bias", Tensor::fromVector<double>({0.5, 1e-300}, {2})},
            {"num_batches_tracked", Tensor::scalar<std::int64_t>(7)},
            {"mask", Tensor::fromVector<bool>({true, false, true}, {3})},
            {"empty", Tensor::empty({0, 3})}};
}

}  // namespace

class TestSafetensors : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryDtype() {
        const auto tensors = sample();
        const auto file = io::decodeSafetensors(io::encodeSafetensors(tensors, {{"format", "pt"}}), "mem");
        QCOMPARE(file.metadata.at("format"), std::string("pt"));
        QCOMPARE(file.tensors.size(), tensors.size());
        for (const auto& [name, t] : tensors) {
            const auto it = std::find_if(file.tensors.begin(), file.tensors.end(),
                                         [&name = name](const auto& e) { return e.first == name; });
            QVERIFY(it != file.tensors.end());
            QCOMPARE(it->second.dtype(), t.dtype());
            QCOMPARE(it->second.sizes(), t.sizes());
            QVERIFY(std::memcmp(it->second.rawData(), t.rawData(), t.nbytes()) == 0);
        }
    }

    void writesTheLibrarysLayout() {
        const std::string bytes = io::encodeSafetensors(sample(), {{"format", "pt"}});
        std::uint64_t n = 0;
        std::memcpy(&n, bytes.data(), 8);
        QCOMPARE(n % 8, std::uint64_t(0));
        const std::string header = bytes.substr(8, n);
        // I64 first, then F64, F32 (by name), BOOL; compact JSON padded with spaces.
        QCOMPARE(QString::fromStdString(header).trimmed(),
                 QString(R"({"__metadata__":{"format":"pt"},"num_batches_tracked":{"dtype":"I64","shape":[],)"
                         R"("data_offsets":[0,8]},"bias":{"dtype":"F64","shape":[2],"data_offsets":[8,24]},)"
                         R"("empty":{"dtype":"F32","shape":[0,3],"data_offsets":[24,24]},"weight":{"dtype":"F32",)"
                         R"("shape":[2,2],"data_offsets":[24,40]},"mask":{"dtype":"BOOL","shape":[3],)"
                         R"("data_offsets":[40,43]}})"));
        QCOMPARE(bytes.size(), std::size_t(8 + n + 43));
    }

    void savesAtomicallyAndLoads() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("w.safetensors").toStdString();
        io::saveSafetensors(path, sample());
        QCOMPARE(io::loadSafetensors(path).tensors.size(), std::size_t(5));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left behind
        const QString missing = [&] {
            try {
                io::loadSafetensors(dir.filePath("nope.safetensors").toStdString());
            } catch (const IoError& e) {
                return QString(e.what());
            }
            return QString();
        }();
        QVERIFY(missing.contains("nope.safetensors"));
    }

    void rejectsBadNames() {
        QVERIFY_THROWS_EXCEPTION(ValueError, io::encodeSafetensors({{"__metadata__", Tensor::scalar<float>(1)}}));
        QVERIFY_THROWS_EXCEPTION(
            ValueError, io::encodeSafetensors({{"a", Tensor::scalar<float>(1)}, {"a", Tensor::scalar<float>(2)}}));
    }

    void malformedFilesNameTheCause_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("cause");
        const auto row = [](const char* name, const std::string& bytes, const char* cause) {
            QTest::newRow(name) << QByteArray(bytes.data(), static_cast<int>(bytes.size())) << QString(cause);
        };
        const std::string f4(4, '\0');
        row("short", "abc", "not a safetensors file: 3 bytes are too short");
        row("length beyond file", withHeader("{}", "").substr(0, 8) + "{",
            "not a safetensors file: its first 8 bytes do not give a header length that fits in its 9 bytes");
        std::string huge(8, '\xff');
        row("huge length", huge + "{}", "not a safetensors file");
        row("not json", withHeader("{\"a\":", ""), "bad JSON header");
        row("not an object", withHeader("[1]     ", ""), "not a safetensors file: its header is not a JSON object");
        row("unknown dtype", withHeader(R"({"a":{"dtype":"F16","shape":[2],"data_offsets":[0,4]}})", f4),
            "unsupported dtype 'F16'");
        row("shape mismatch", withHeader(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})", f4),
            "shape [2] × F32 needs 8 bytes, data_offsets give 4");
        row("out of range", withHeader(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", f4),
            "out of range");
        row("reversed offsets", withHeader(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[4,0]}})", f4),
            "end before they begin");
        row("overlap",
            withHeader(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                       R"("b":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                       f4),
            "overlaps");
        row("gap", withHeader(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", f4 + f4),
            "belong to no tensor");
        row("trailing data", withHeader(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", f4 + f4),
            "cover 4 of 8 data bytes");
        row("missing field", withHeader(R"({"a":{"dtype":"F32","shape":[1]}})", f4), "needs 'dtype'");
        row("negative shape", withHeader(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", f4),
            "non-negative");
        row("metadata not strings", withHeader(R"({"__metadata__":{"a":1}})", ""), "not a string");
        row("bool byte", withHeader(R"({"a":{"dtype":"BOOL","shape":[1],"data_offsets":[0,1]}})", "\x02"),
            "neither 0 nor 1");
    }

    void malformedFilesNameTheCause() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, cause);
        const QString message = ioErrorOf(bytes.toStdString());
        QVERIFY2(message.startsWith("w.safetensors: "), qPrintable(message));
        QVERIFY2(message.contains(cause), qPrintable(message));
    }

    // Every truncation fails with IoError; every flipped header byte either still parses or fails
    // with IoError; nothing else is thrown and nothing crashes.
    void truncatedAndCorruptedFilesNeverCrash() {
        const std::string good = io::encodeSafetensors(sample(), {{"format", "pt"}});
        for (std::size_t n = 0; n < good.size(); ++n)
            QVERIFY2(!ioErrorOf(good.substr(0, n)).isEmpty(), qPrintable(QString("truncated to %1").arg(n)));
        std::uint64_t headerLength = 0;
        std::memcpy(&headerLength, good.data(), 8);
        for (std::size_t i = 0; i < 8 + headerLength; ++i) {
            for (const unsigned char mask : {0x01, 0x20, 0x80}) {
                std::string bad = good;
                bad[i] = static_cast<char>(static_cast<unsigned char>(bad[i]) ^ mask);
                try {
                    io::decodeSafetensors(bad, "w.safetensors");
                } catch (const IoError&) {
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestSafetensors)
#include "test_safetensors.moc"
