// TESSERA_ISA (core/kernels/isa.h): its values, its errors, and that every dispatching kernel follows
// the path it names. A bad value is checked in a child process (the variable is read once per process).
#include <QtTest>

#include <QProcess>
#include <cstdlib>
#include <functional>

#include "core/kernels/conv.h"
#include "core/kernels/gemm.h"
#include "core/kernels/isa.h"
#include "core/ops/add.h"
#include "core/tensor/error.h"

using namespace tessera;
using kernels::Isa;

namespace {

QString messageOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ValueError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestIsa : public QObject {
    Q_OBJECT
private slots:
    void parsesEveryName() {
        QCOMPARE(kernels::parseIsa("avx512", Isa::Avx512), Isa::Avx512);
        QCOMPARE(kernels::parseIsa("avx2", Isa::Avx512), Isa::Avx2);
        QCOMPARE(kernels::parseIsa("baseline", Isa::Avx512), Isa::Baseline);
        QCOMPARE(kernels::parseIsa("baseline", Isa::Baseline), Isa::Baseline);
        QCOMPARE(kernels::parseIsa("", Isa::Avx2), Isa::Avx2);
        for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512})
            QCOMPARE(kernels::parseIsa(kernels::isaName(isa), Isa::Avx512), isa);
    }

    void rejectsUnknownNames() {
        const QString m = messageOf([] { kernels::parseIsa("sse4", Isa::Avx512); });
        QVERIFY2(m.contains("TESSERA_ISA") && m.contains("'sse4'") && m.contains("avx2, avx512 or baseline"),
                 qPrintable(m));
        QVERIFY(!messageOf([] { kernels::parseIsa("AVX2", Isa::Avx512); }).isEmpty());
    }

    void rejectsPathsTheCpuLacks() {
        const QString m = messageOf([] { kernels::parseIsa("avx512", Isa::Avx2); });
        QVERIFY2(m.contains("TESSERA_ISA") && m.contains("avx512") && m.contains("best it runs is avx2"),
                 qPrintable(m));
        QVERIFY(!messageOf([] { kernels::parseIsa("avx2", Isa::Baseline); }).isEmpty());
    }

    void kernelsFollowTheActivePath() {
        const char* env = std::getenv("TESSERA_ISA");
        const Isa active = kernels::activeIsa();
        QCOMPARE(active, kernels::parseIsa(env ? env : "", kernels::bestIsa()));
        const auto gemm = kernels::gemmIsa();
        const auto conv = kernels::convIsa();
        switch (active) {
            case Isa::Avx512:
                QCOMPARE(gemm, kernels::GemmIsa::Avx512);
                QCOMPARE(conv, kernels::Isa::Avx512);
                break;
            case Isa::Avx2:
                QCOMPARE(gemm, kernels::GemmIsa::Avx2);
                QCOMPARE(conv, kernels::Isa::Avx2);
                break;
            case Isa::Baseline:
                QCOMPARE(gemm, kernels::GemmIsa::Generic);
                QCOMPARE(conv, kernels::Isa::Baseline);
                break;
        }
    }

    // In the child (TESSERA_ISA=sse4) the first element-wise op fails with the variable's error; the
    // parent starts the child and checks that it passed.
    void badValueFailsTheFirstKernelCall() {
        if (qEnvironmentVariable("TESSERA_ISA") == "sse4") {
            const Tensor a = Tensor::fromVector<float>({1, 2, 3}, {3});
            for (int attempt = 0; attempt < 2; ++attempt) {
                const QString m = messageOf([&] { ops::add(a, a); });
                QVERIFY2(m.contains("TESSERA_ISA") && m.contains("'sse4'"), qPrintable(m));
            }
            QVERIFY(!messageOf([] { kernels::activeIsa(); }).isEmpty());
            return;
        }
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TESSERA_ISA", "sse4");
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {"badValueFailsTheFirstKernelCall"});
        QVERIFY(child.waitForFinished(60000));
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                 child.readAllStandardOutput().constData());
    }
};

QTEST_GUILESS_MAIN(TestIsa)
#include "test_isa.moc"
