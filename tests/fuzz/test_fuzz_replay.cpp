// Replays every fuzzing input kept in the tree through the surfaces the fuzzers drive: the corpus
// (tests/fuzz/corpus/<surface>/, minimised coverage of each campaign) and every input that ever
// crashed, hung or tripped a sanitizer (tests/fuzz/regressions/<surface>/). In build/asan this is the
// CI's sanitizer pass over them; in the release build the same check without instrumentation.
#include <QTest>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/tensor/error.h"
#include "tests/fuzz/surfaces.h"

namespace fs = std::filesystem;
using namespace tessera;

class FuzzReplay : public QObject {
    Q_OBJECT

private:
    // Every file under tests/fuzz/<kind>/<surface>/; the data row names the surface.
    static void replay(const char* kind) {
        QFETCH(QString, surface);
        const fuzz::Surface* s = fuzz::findSurface(surface.toStdString());
        QVERIFY(s);
        const fs::path dir = fs::path(TESSERA_SOURCE_DIR) / "tests/fuzz" / kind / s->name;
        if (!fs::is_directory(dir)) QSKIP("no inputs kept for this surface");
        fuzz::prepare(*s);
        int count = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream bytes;
            bytes << in.rdbuf();
            const auto start = std::chrono::steady_clock::now();
            try {
                fuzz::runInput(*s, bytes.str());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString::fromStdString(entry.path().string() + ": " + e.what())));
            }
            ++count;
            // A hang is a finding: libFuzzer's -timeout is 1 s per input in the campaigns, and the
            // replay holds every input to 10 s even under ASan at -O1 on a busy machine.
            const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            QVERIFY2(seconds < 10,
                     qPrintable(QString::fromStdString(entry.path().string()) + QString(": took %1 s").arg(seconds)));
        }
        QVERIFY2(count > 0, qPrintable(QString::fromStdString(dir.string() + " holds no input")));
    }

    static void surfaceRows() {
        QTest::addColumn<QString>("surface");
        for (const auto& s : fuzz::surfaces()) {
            const std::string name(s.name);
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
        }
    }

private slots:
    void corpus_data() { surfaceRows(); }
    void corpus() { replay("corpus"); }
    void regressions_data() { surfaceRows(); }
    void regressions() { replay("regressions"); }

    // The check the surfaces apply: an error that does not name its input is a finding.
    void unnamedErrorIsAFinding() {
        const fuzz::Surface* npy = fuzz::findSurface("npy");
        QVERIFY(npy);
        QVERIFY_THROWS_NO_EXCEPTION(fuzz::runInput(*npy, "not an npy file"));
        const fuzz::Surface bad{"bad", "bad.bin", [](std::string_view) { throw ValueError("something is wrong"); }};
        QVERIFY_THROWS_EXCEPTION(fuzz::Finding, fuzz::runInput(bad, ""));
    }
};

QTEST_GUILESS_MAIN(FuzzReplay)
#include "test_fuzz_replay.moc"
