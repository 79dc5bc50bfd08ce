// The seeded generators: shapes, class balance, determinism, the sklearn definitions they follow
// (moons and circles without noise lie exactly on their curves) and parameter errors.
#include <QtTest>

#include <array>
#include <cmath>
#include <numbers>

#include "core/data/synthetic.h"
#include "core/io/npy.h"
#include "core/tensor/error.h"

using namespace tessera;
using namespace tessera::data;

namespace {

bool sameBits(const Dataset& a, const Dataset& b) {
    if (a.features.toVector<float>() != b.features.toVector<float>()) return false;
    if (a.task == Task::Classification) return a.targets.toVector<std::int64_t>() == b.targets.toVector<std::int64_t>();
    return a.targets.toVector<float>() == b.targets.toVector<float>();
}

QString errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ValueError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestSynthetic : public QObject {
    Q_OBJECT
private slots:
    void moonsFollowMakeMoons() {
        Dataset d = makeMoons(101, 0.0, 0);
        QCOMPARE(d.features.sizes(), (Shape{101, 2}));
        QCOMPARE(d.classCounts(), (std::vector<std::int64_t>{50, 51}));  // n_out = n // 2
        std::vector<float> x = d.features.toVector<float>();
        std::vector<std::int64_t> y = d.targets.toVector<std::int64_t>();
        for (std::size_t i = 0; i < y.size(); ++i) {
            // outer: (cos t, sin t); inner: (1 - cos t, 0.5 - sin t), t in [0, π].
            const double u = y[i] == 0 ? x[2 * i] : 1 - x[2 * i];
            const double v = y[i] == 0 ? x[2 * i + 1] : 0.5 - x[2 * i + 1];
            QVERIFY(std::abs(u * u + v * v - 1) < 1e-5);
            QVERIFY(v >= -1e-6);
        }
        QVERIFY(!std::is_sorted(y.begin(), y.end()));  // shuffled
    }
    void circlesFollowMakeCircles() {
        Dataset d = makeCircles(200, 0.0, 0.5, 1);
        QCOMPARE(d.classCounts(), (std::vector<std::int64_t>{100, 100}));
        std::vector<float> x = d.features.toVector<float>();
        std::vector<std::int64_t> y = d.targets.toVector<std::int64_t>();
        for (std::size_t i = 0; i < y.size(); ++i)
            QVERIFY(std::abs(std::hypot(x[2 * i], x[2 * i + 1]) - (y[i] == 0 ? 1.0 : 0.5)) < 1e-5);
    }
    // Without noise the point sets equal sklearn's (up to order and float32 rounding).
    void moonsAndCirclesMatchSklearn() {
        QTemporaryDir dir;
        QProcess p;
        p.start(TESSERA_PYTHON3, {"-c", R"(import sys, numpy as np, sklearn.datasets as ds
X, y = ds.make_moons(101, noise=0.0, shuffle=False)
np.save(sys.argv[1] + "/moons.npy", np.c_[X, y].astype(np.float32))
X, y = ds.make_circles(101, noise=0.0, factor=0.3, shuffle=False)
np.save(sys.argv[1] + "/circles.npy", np.c_[X, y].astype(np.float32))
)",
                                  dir.path()});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        auto rowsOf = [](const Dataset& d) {
            std::vector<std::array<float, 3>> rows;
            std::vector<float> x = d.features.toVector<float>();
            std::vector<std::int64_t> y = d.targets.toVector<std::int64_t>();
            for (std::size_t i = 0; i < y.size(); ++i) rows.push_back({x[2 * i], x[2 * i + 1], float(y[i])});
            return rows;
        };
        auto rowsOfNpy = [](const Tensor& t) {
            std::vector<std::array<float, 3>> rows;
            std::vector<float> v = t.toVector<float>();
            for (std::size_t i = 0; i + 2 < v.size(); i += 3) rows.push_back({v[i], v[i + 1], v[i + 2]});
            return rows;
        };
        const std::pair<Dataset, std::string> cases[] = {{makeMoons(101, 0.0, 0), "moons.npy"},
                                                         {makeCircles(101, 0.0, 0.3, 0), "circles.npy"}};
        for (const auto& [mine, file] : cases) {
            auto a = rowsOf(mine), b = rowsOfNpy(io::readNpy(dir.filePath(QString::fromStdString(file)).toStdString()));
            QCOMPARE(a.size(), b.size());
            std::vector<bool> used(b.size(), false);
            for (const auto& r : a) {
                bool found = false;
                for (std::size_t j = 0; j < b.size() && !found; ++j)
                    if (!used[j] && r[2] == b[j][2] && std::abs(r[0] - b[j][0]) < 1e-6 &&
                        std::abs(r[1] - b[j][1]) < 1e-6)
                        used[j] = found = true;
                QVERIFY2(found, file.c_str());
            }
        }
    }
    void noiseHasTheRequestedSpread() {
        Dataset clean = makeMoons(4000, 0.0, 3), noisy = makeMoons(4000, 0.2, 3);
        // Same seed, same shuffle: the difference is the noise alone.
        QCOMPARE(clean.targets.toVector<std::int64_t>(), noisy.targets.toVector<std::int64_t>());
        std::vector<float> a = clean.features.toVector<float>(), b = noisy.features.toVector<float>();
        double sq = 0;
        for (std::size_t i = 0; i < a.size(); ++i) sq += (b[i] - a[i]) * (b[i] - a[i]);
        QVERIFY(std::abs(std::sqrt(sq / double(a.size())) - 0.2) < 0.01);
    }
    void blobs() {
        Dataset d = makeBlobs(100, 3, 4, 0.5, 2);
        QCOMPARE(d.features.sizes(), (Shape{100, 4}));
        QCOMPARE(d.classCounts(), (std::vector<std::int64_t>{34, 33, 33}));
        std::vector<float> x = d.features.toVector<float>();
        for (float v : x) QVERIFY(v > -13 && v < 13);  // centres in [-10, 10], std 0.5
    }
    void spirals() {
        Dataset d = makeSpirals(900, 3, 0.0, 1.0, 0);
        QCOMPARE(d.classCounts(), (std::vector<std::int64_t>{300, 300, 300}));
        std::vector<float> x = d.features.toVector<float>();
        for (std::size_t i = 0; i < 900; ++i) {
            const double r = std::hypot(x[2 * i], x[2 * i + 1]);
            QVERIFY(r > 0.1 - 1e-5 && r < 1 + 1e-5);
        }
        QCOMPARE(makeSpirals(10, 4, 0.1, 1, 0).classCounts(), (std::vector<std::int64_t>{3, 3, 2, 2}));
    }
    void xorLabels() {
        Dataset d = makeXor(500, 0.0, 0);
        std::vector<float> x = d.features.toVector<float>();
        std::vector<std::int64_t> y = d.targets.toVector<std::int64_t>();
        for (std::size_t i = 0; i < y.size(); ++i) QCOMPARE(y[i], std::int64_t((x[2 * i] > 0) != (x[2 * i + 1] > 0)));
        const auto counts = d.classCounts();
        QVERIFY(counts[0] > 200 && counts[1] > 200);
    }
    void regressionSets() {
        Dataset lin = makeLinearRegression(300, 3, 0.0, 0);
        QCOMPARE(lin.task, Task::Regression);
        QCOMPARE(lin.features.sizes(), (Shape{300, 3}));
        QCOMPARE(lin.targets.sizes(), (Shape{300, 1}));
        // Noiseless with one feature: every point lies on one line y = w x + b.
        Dataset line = makeLinearRegression(50, 1, 0.0, 2);
        std::vector<float> lx = line.features.toVector<float>(), ly = line.targets.toVector<float>();
        const double w = (ly[1] - ly[0]) / (lx[1] - lx[0]), b = ly[0] - w * lx[0];
        QVERIFY(std::abs(w) <= 1 && std::abs(b) <= 1);
        for (std::size_t i = 0; i < ly.size(); ++i) QVERIFY(std::abs(ly[i] - (w * lx[i] + b)) < 1e-4);
        Dataset s = makeSineRegression(200, 0.0, 0);
        std::vector<float> x = s.features.toVector<float>(), y = s.targets.toVector<float>();
        for (std::size_t i = 0; i < y.size(); ++i) {
            QVERIFY(std::abs(x[i]) <= std::numbers::pi + 1e-5);
            QVERIFY(std::abs(y[i] - std::sin(x[i])) < 1e-5);
        }
    }
    void sineSequences() {
        Dataset d = makeSineSequences(400, 32, 4, 0.0, 0);
        QCOMPARE(d.features.sizes(), (Shape{400, 32}));
        QCOMPARE(d.sampleShape, (Shape{32, 1}));
        QCOMPARE(d.classCounts(), (std::vector<std::int64_t>{100, 100, 100, 100}));
        QCOMPARE(d.classNames[0], std::string("1 cycle"));
        QCOMPARE(d.classNames[3], std::string("4 cycles"));
        // Class c has c + 1 cycles: the noiseless sequence crosses zero about 2 (c + 1) times.
        std::vector<float> x = d.features.toVector<float>();
        std::vector<std::int64_t> y = d.targets.toVector<std::int64_t>();
        for (std::size_t i = 0; i < 400; ++i) {
            int crossings = 0;
            for (std::size_t t = 1; t < 32; ++t) crossings += (x[i * 32 + t - 1] < 0) != (x[i * 32 + t] < 0);
            QVERIFY(std::abs(crossings - 2 * (y[i] + 1)) <= 1);
        }
    }
    void sineNextValue() {
        Dataset d = makeSineNextValue(50, 16, 0.0, 4);
        QCOMPARE(d.task, Task::Regression);
        QCOMPARE(d.sampleShape, (Shape{16, 1}));
        QCOMPARE(d.targets.sizes(), (Shape{50, 1}));
        std::vector<float> y = d.targets.toVector<float>();
        for (float v : y) QVERIFY(std::abs(v) <= 1.0f);
    }
    void deterministicPerSeed() {
        QVERIFY(sameBits(makeMoons(300, 0.2, 5), makeMoons(300, 0.2, 5)));
        QVERIFY(!sameBits(makeMoons(300, 0.2, 5), makeMoons(300, 0.2, 6)));
        QVERIFY(sameBits(makeSpirals(300, 3, 0.1, 1, 5), makeSpirals(300, 3, 0.1, 1, 5)));
        QVERIFY(sameBits(makeSineSequences(64, 8, 2, 0.1, 1), makeSineSequences(64, 8, 2, 0.1, 1)));
        QVERIFY(sameBits(makeLinearRegression(64, 2, 0.1, 1), makeLinearRegression(64, 2, 0.1, 1)));
    }
    void parameterErrors() {
        QCOMPARE(errorOf([] { makeMoons(1, 0.1, 0); }), QString("moons: samples must be at least 2, got 1"));
        QCOMPARE(errorOf([] { makeMoons(10, -1, 0); }),
                 QString("moons: noise must be a finite number >= 0, got -1.000000"));
        QCOMPARE(errorOf([] { makeCircles(10, 0.1, 1.5, 0); }),
                 QString("circles: factor must be in [0, 1), got 1.500000"));
        QCOMPARE(errorOf([] { makeSpirals(10, 1, 0.1, 1, 0); }), QString("spirals: classes must be at least 2, got 1"));
        QCOMPARE(errorOf([] { makeSineSequences(10, 1, 2, 0.1, 0); }),
                 QString("sine_frequency: sequenceLength must be at least 2, got 1"));
    }
};

QTEST_APPLESS_MAIN(TestSynthetic)
#include "test_synthetic.moc"
