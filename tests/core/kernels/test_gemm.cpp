// kernels::gemm against a naive double-precision product, on odd, transposed and strided shapes, on every
// micro-kernel the CPU has; bitwise determinism across thread counts and ISAs; the fused epilogue.
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/kernels/gemm.h"
#include "core/kernels/parallel.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::kernels;

namespace {

// A matrix stored in its own buffer with the requested layout: transposed storage and/or a row pitch
// and column step larger than needed, so that the view is strided.
template <class T>
struct Stored {
    std::vector<T> buf;
    MatrixRef<T> ref;
};

template <class T>
Stored<T> makeMatrix(std::int64_t rows, std::int64_t cols, bool transposed, int step, std::mt19937& rng) {
    Stored<T> s;
    const std::int64_t inner = transposed ? rows : cols, outer = transposed ? cols : rows;
    const std::int64_t pitch = inner * step + 3;
    s.buf.resize(static_cast<std::size_t>(std::max<std::int64_t>(outer * pitch, 1)));
    std::uniform_real_distribution<double> dist(-1, 1);
    for (auto& x : s.buf) x = static_cast<T>(dist(rng));
    if (transposed)
        s.ref = MatrixRef<T>{s.buf.data(), rows, cols, step, pitch};
    else
        s.ref = MatrixRef<T>{s.buf.data(), rows, cols, pitch, step};
    return s;
}

template <class T>
T at(const MatrixRef<T>& m, std::int64_t i, std::int64_t j) {
    return m.data[i * m.rowStride + j * m.colStride];
}

template <class T>
MatrixRef<const T> constRef(const MatrixRef<T>& m) {
    return {m.data, m.rows, m.cols, m.rowStride, m.colStride};
}

// Checks one random product C = alpha·A·B + beta·C against a double reference.
template <class T>
void checkProduct(std::int64_t M, std::int64_t N, std::int64_t K, std::mt19937& rng, bool ta, bool tb, bool tc,
                  int step, T alpha, T beta) {
    auto a = makeMatrix<T>(M, K, ta, step, rng);
    auto b = makeMatrix<T>(K, N, tb, 1, rng);
    auto c = makeMatrix<T>(M, N, tc, step, rng);
    std::vector<double> ref(static_cast<std::size_t>(M * N)), mag(ref.size());
    for (std::int64_t i = 0; i < M; ++i)
        for (std::int64_t j = 0; j < N; ++j) {
            double s = 0, m = 0;
            for (std::int64_t k = 0; k < K; ++k) {
                const double p = static_cast<double>(at(a.ref, i, k)) * static_cast<double>(at(b.ref, k, j));
                s += p;
                m += std::fabs(p);
            }
            const double c0 = beta != T(0) ? static_cast<double>(at(c.ref, i, j)) : 0.0;
            ref[i * N + j] = alpha * s + beta * c0;
            mag[i * N + j] = std::fabs(alpha) * m + std::fabs(beta * c0);
        }
    gemm(constRef(a.ref), constRef(b.ref), c.ref, {.alpha = alpha, .beta = beta});
    const double eps = std::numeric_limits<T>::epsilon();
    for (std::int64_t i = 0; i < M; ++i)
        for (std::int64_t j = 0; j < N; ++j) {
            const double got = at(c.ref, i, j), want = ref[i * N + j];
            const double tol = 4 * eps * (static_cast<double>(K) + 2) * mag[i * N + j] + 1e-30;
            if (!(std::fabs(got - want) <= tol))
                QFAIL(qPrintable(QString("%1x%2x%3 ta=%4 tb=%5 tc=%6 step=%7 at (%8,%9): got %10, want %11")
                                     .arg(M)
                                     .arg(N)
                                     .arg(K)
                                     .arg(ta)
                                     .arg(tb)
                                     .arg(tc)
                                     .arg(step)
                                     .arg(i)
                                     .arg(j)
                                     .arg(got, 0, 'g', 17)
                                     .arg(want, 0, 'g', 17)));
        }
}

template <class T>
void randomProducts(int seed) {
    std::mt19937 rng(seed);
    const std::int64_t sizes[] = {1, 3, 17, 63, 65, 257};
    std::uniform_int_distribution<int> pick(0, 5), coin(0, 1);
    for (int trial = 0; trial < 24; ++trial) {
        const std::int64_t M = sizes[pick(rng)], N = sizes[pick(rng)];
        // K crosses the kGemmKc block boundary in some trials.
        const std::int64_t K = trial % 6 == 5 ? kGemmKc + 17 : sizes[pick(rng)];
        const T alpha = trial % 3 == 0 ? T(1) : T(-0.75), beta = trial % 4 == 0 ? T(0) : T(0.5);
        checkProduct<T>(M, N, K, rng, coin(rng), coin(rng), coin(rng), 1 + coin(rng), alpha, beta);
        if (QTest::currentTestFailed()) return;
    }
}

std::vector<GemmIsa> supportedIsas() {
    std::vector<GemmIsa> out;
    const GemmIsa saved = gemmIsa();
    for (GemmIsa isa : {GemmIsa::Generic, GemmIsa::Avx2, GemmIsa::Avx512}) {
        setGemmIsa(isa);
        if (gemmIsa() == isa) out.push_back(isa);
    }
    setGemmIsa(saved);
    return out;
}

template <class T>
std::vector<T> runOnce(const Stored<T>& a, const Stored<T>& b, std::int64_t M, std::int64_t N,
                       const GemmEpilogue<T>& ep, const std::vector<T>& c0) {
    std::vector<T> c = c0;
    gemm(constRef(a.ref), constRef(b.ref), MatrixRef<T>{c.data(), M, N, N, 1}, ep);
    return c;
}

}  // namespace

class TestGemm : public QObject {
    Q_OBJECT
private slots:
    // The path this process runs (TESSERA_ISA's), restored after every test that selects another.
    void initTestCase() { m_isa = gemmIsa(); }
    void cleanup() {
        setGemmIsa(m_isa);
        setNumThreads(2);
    }

    void matchesReference_data() {
        QTest::addColumn<int>("isa");
        for (GemmIsa isa : supportedIsas()) QTest::newRow(gemmIsaName(isa)) << static_cast<int>(isa);
    }
    void matchesReference() {
        QFETCH(int, isa);
        setGemmIsa(static_cast<GemmIsa>(isa));
        for (int threads : {1, 2}) {
            setNumThreads(threads);
            randomProducts<float>(11 + threads);
            if (QTest::currentTestFailed()) return;
            randomProducts<double>(23 + threads);
            if (QTest::currentTestFailed()) return;
        }
    }

    void largeProductsAcrossTheParallelGate() {
        std::mt19937 rng(5);
        setNumThreads(2);
        checkProduct<float>(300, 530, 400, rng, false, true, false, 1, 1.0f, 0.0f);
        checkProduct<double>(129, 2100, 70, rng, true, false, false, 1, 1.0, 1.0);
        checkProduct<float>(1000, 9, 300, rng, false, false, true, 1, 2.0f, 0.0f);
    }

    void bitwiseAcrossThreadCounts() {
        std::mt19937 rng(7);
        struct Case {
            std::int64_t m, n, k;
        };
        for (const Case& cs : {Case{300, 530, 600}, Case{1000, 12, 300}, Case{65, 2049, 257}, Case{8, 32, 256}}) {
            auto a = makeMatrix<float>(cs.m, cs.k, false, 1, rng);
            auto b = makeMatrix<float>(cs.k, cs.n, true, 1, rng);
            std::vector<float> c0(static_cast<std::size_t>(cs.m * cs.n), 0.25f), bias(cs.n, 0.5f);
            const GemmEpilogue<float> ep{.alpha = 1.5f,
                                         .beta = 0.5f,
                                         .bias = bias.data(),
                                         .biasKind = BiasKind::PerColumn,
                                         .activation = Activation::Relu};
            setNumThreads(1);
            const auto ref = runOnce(a, b, cs.m, cs.n, ep, c0);
            for (int threads : {2, 3, 4}) {
                setNumThreads(threads);
                QVERIFY(runOnce(a, b, cs.m, cs.n, ep, c0) == ref);
            }
        }
    }

    void bitwiseAcrossIsas() {
        const auto isas = supportedIsas();
        if (std::find(isas.begin(), isas.end(), GemmIsa::Avx2) == isas.end() ||
            std::find(isas.begin(), isas.end(), GemmIsa::Avx512) == isas.end())
            QSKIP("needs a CPU with both AVX2 and AVX-512");
        std::mt19937 rng(9);
        auto a = makeMatrix<double>(77, 300, true, 1, rng);
        auto b = makeMatrix<double>(300, 45, false, 2, rng);
        const std::vector<double> c0(77 * 45, 1.0);
        setGemmIsa(GemmIsa::Avx512);
        const auto ref = runOnce(a, b, 77, 45, GemmEpilogue<double>{.alpha = 0.5, .beta = 2.0}, c0);
        setGemmIsa(GemmIsa::Avx2);
        QVERIFY(runOnce(a, b, 77, 45, GemmEpilogue<double>{.alpha = 0.5, .beta = 2.0}, c0) == ref);
    }

    void transposedOutputIsBitwiseTheSame() {
        // C written column-major is computed as Cᵀ = Bᵀ·Aᵀ: same bits as the row-major C.
        std::mt19937 rng(3);
        auto a = makeMatrix<float>(70, 300, false, 1, rng);
        auto b = makeMatrix<float>(300, 50, false, 1, rng);
        const auto rowMajor = runOnce(a, b, 70, 50, GemmEpilogue<float>{}, std::vector<float>(70 * 50));
        std::vector<float> colMajor(70 * 50);
        gemm(constRef(a.ref), constRef(b.ref), MatrixRef<float>{colMajor.data(), 70, 50, 1, 70});
        for (int i = 0; i < 70; ++i)
            for (int j = 0; j < 50; ++j) QCOMPARE(colMajor[j * 70 + i], rowMajor[i * 50 + j]);
    }

    void trianglesHoldTheFullProductsBits_data() {
        QTest::addColumn<int>("isa");
        for (GemmIsa isa : supportedIsas()) QTest::newRow(gemmIsaName(isa)) << static_cast<int>(isa);
    }
    void trianglesHoldTheFullProductsBits() {
        // AᵀA's upper (or lower) triangle as the symmetric normal equations ask for it: the needed elements
        // are the full product's bits on every thread count, for a row-major and a column-major C; tiles
        // wholly outside the triangle are skipped (a sentinel survives there on the AVX paths).
        QFETCH(int, isa);
        setGemmIsa(static_cast<GemmIsa>(isa));
        std::mt19937 rng(11);
        for (const std::int64_t p : {std::int64_t(5), std::int64_t(97), std::int64_t(300)}) {
            const std::int64_t n = 700;  // K crosses kGemmKc blocks
            auto x = makeMatrix<double>(n, p, false, 1, rng);
            const MatrixRef<const double> a = constRef(x.ref);
            std::vector<double> full(static_cast<std::size_t>(p * p));
            setNumThreads(1);
            gemm(a.t(), a, MatrixRef<double>{full.data(), p, p, p, 1});
            const double sentinel = -12345.0;
            for (int threads : {1, 2, 3}) {
                setNumThreads(threads);
                for (Triangle tri : {Triangle::Upper, Triangle::Lower})
                    for (bool columnMajor : {false, true}) {
                        std::vector<double> c(full.size(), sentinel);
                        const MatrixRef<double> cr = columnMajor ? MatrixRef<double>{c.data(), p, p, 1, p}
                                                                 : MatrixRef<double>{c.data(), p, p, p, 1};
                        gemm(a.t(), a, cr, {.triangle = tri});
                        bool skipped = false;
                        for (std::int64_t i = 0; i < p; ++i)
                            for (std::int64_t j = 0; j < p; ++j) {
                                const double got = at(cr, i, j);
                                if (tri == Triangle::Upper ? j >= i : j <= i)
                                    QCOMPARE(got, full[i * p + j]);
                                else if (got == sentinel)
                                    skipped = true;
                            }
                        if (gemmIsa() != GemmIsa::Generic && p == 300) QVERIFY(skipped);
                    }
            }
        }
    }

    void epilogueEqualsTheUnfusedSequence_data() {
        QTest::addColumn<int>("isa");
        for (GemmIsa isa : supportedIsas()) QTest::newRow(gemmIsaName(isa)) << static_cast<int>(isa);
    }
    void epilogueEqualsTheUnfusedSequence() {
        QFETCH(int, isa);
        setGemmIsa(static_cast<GemmIsa>(isa));
        std::mt19937 rng(13);
        const std::int64_t M = 37, N = 45, K = kGemmKc + 40;  // two K blocks
        auto a = makeMatrix<float>(M, K, false, 1, rng);
        auto b = makeMatrix<float>(K, N, true, 1, rng);
        std::vector<float> c0(M * N), rowBias(M), colBias(N);
        std::uniform_real_distribution<float> dist(-2, 2);
        for (auto& x : c0) x = dist(rng);
        for (auto& x : rowBias) x = dist(rng);
        for (auto& x : colBias) x = dist(rng);
        for (auto kind : {BiasKind::None, BiasKind::PerRow, BiasKind::PerColumn})
            for (auto act : {Activation::None, Activation::Relu, Activation::Sigmoid, Activation::Tanh})
                for (float beta : {0.0f, 0.5f}) {
                    const float* bias = kind == BiasKind::PerRow ? rowBias.data() : colBias.data();
                    auto unfused = runOnce(a, b, M, N, GemmEpilogue<float>{.alpha = 0.75f, .beta = beta}, c0);
                    for (std::int64_t i = 0; i < M; ++i)
                        for (std::int64_t j = 0; j < N; ++j) {
                            float& y = unfused[i * N + j];
                            if (kind == BiasKind::PerRow) y = y + bias[i];
                            if (kind == BiasKind::PerColumn) y = y + bias[j];
                            y = activate(act, y);
                        }
                    const GemmEpilogue<float> ep{.alpha = 0.75f,
                                                 .beta = beta,
                                                 .bias = kind == BiasKind::None ? nullptr : bias,
                                                 .biasKind = kind,
                                                 .activation = act};
                    QVERIFY(runOnce(a, b, M, N, ep, c0) == unfused);
                }
    }

    void reluKeepsNanAndNegativeZero() {
        QVERIFY(std::isnan(activate(Activation::Relu, std::numeric_limits<float>::quiet_NaN())));
        QVERIFY(std::signbit(activate(Activation::Relu, -0.0f)));
        QCOMPARE(activate(Activation::Relu, -2.0f), 0.0f);
        // Through the vector path: a NaN in A reaches C, and C = 0·B + bias with bias -0 stays -0.
        std::vector<float> a{std::numeric_limits<float>::quiet_NaN(), 1.0f}, b{1.0f, 1.0f}, c(2);
        gemm(MatrixRef<const float>{a.data(), 2, 1, 1, 1}, MatrixRef<const float>{b.data(), 1, 1, 1, 1},
             MatrixRef<float>{c.data(), 2, 1, 1, 1}, {.activation = Activation::Relu});
        QVERIFY(std::isnan(c[0]));
        QCOMPARE(c[1], 1.0f);
    }

    void betaZeroNeverReadsC() {
        std::vector<float> a(6, 1.0f), b(6, 1.0f), c(4, std::numeric_limits<float>::quiet_NaN());
        gemm(MatrixRef<const float>{a.data(), 2, 3, 3, 1}, MatrixRef<const float>{b.data(), 3, 2, 2, 1},
             MatrixRef<float>{c.data(), 2, 2, 2, 1});
        QCOMPARE(c, (std::vector<float>{3, 3, 3, 3}));
    }

    void zeroSizes() {
        std::vector<float> a(4, 1.0f), b(4, 1.0f), c(4, 2.0f), bias{1.0f, -1.0f};
        // K = 0: C = beta·C + bias.
        gemm(MatrixRef<const float>{a.data(), 2, 0, 0, 1}, MatrixRef<const float>{b.data(), 0, 2, 2, 1},
             MatrixRef<float>{c.data(), 2, 2, 2, 1},
             {.beta = 0.5f, .bias = bias.data(), .biasKind = BiasKind::PerColumn});
        QCOMPARE(c, (std::vector<float>{2, 0, 2, 0}));
        // M = 0 and N = 0: nothing to write.
        gemm(MatrixRef<const float>{a.data(), 0, 2, 2, 1}, MatrixRef<const float>{b.data(), 2, 2, 2, 1},
             MatrixRef<float>{c.data(), 0, 2, 2, 1});
        gemm(MatrixRef<const float>{a.data(), 2, 2, 2, 1}, MatrixRef<const float>{b.data(), 2, 0, 0, 1},
             MatrixRef<float>{c.data(), 2, 0, 0, 1});
        QCOMPARE(c, (std::vector<float>{2, 0, 2, 0}));
    }

    void broadcastOperands() {
        // Stride 0: every row of A is the same vector (an expanded tensor).
        std::vector<float> row{1, 2, 3}, b{1, 0, 0, 1, 1, 1}, c(8);
        gemm(MatrixRef<const float>{row.data(), 4, 3, 0, 1}, MatrixRef<const float>{b.data(), 3, 2, 2, 1},
             MatrixRef<float>{c.data(), 4, 2, 2, 1});
        QCOMPARE(c, (std::vector<float>{4, 5, 4, 5, 4, 5, 4, 5}));
    }

    void mismatchedShapesThrow() {
        std::vector<float> a(12), b(20), c(20);
        try {
            gemm(MatrixRef<const float>{a.data(), 4, 3, 3, 1}, MatrixRef<const float>{b.data(), 4, 5, 5, 1},
                 MatrixRef<float>{c.data(), 4, 5, 5, 1});
            QFAIL("no exception");
        } catch (const ShapeError& e) {
            QVERIFY(QString(e.what()).contains("gemm: shapes cannot be multiplied (4x3 and 4x5"));
        }
    }

private:
    GemmIsa m_isa = GemmIsa::Generic;
};

QTEST_APPLESS_MAIN(TestGemm)
#include "test_gemm.moc"
