// ml::RandomState against NumPy's legacy RandomState: for many seeds, one generator runs a program of
// interleaved calls (rand, randint over 32- and 64-bit ranges, permutation, shuffle, choice with and
// without replacement and p, standard_normal with its cached value, uniform) in NumPy and here, and
// every value must be equal bit for bit.
#include <QtTest>
#include <cstdio>

#include "core/ml/random_state.h"
#include "core/tensor/error.h"
#include "sklearn_reference.h"
#include "tests/core/error_of.h"

using namespace tessera;
using ml::RandomState;

namespace {

struct Op {
    QString python;  // the call on `r`, giving an array or a scalar
    std::function<QString(RandomState&)> ours;
};

QString hexJoin(const std::vector<double>& v) {
    QStringList parts;
    for (double d : v) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%a", d);
        parts << QString::fromLatin1(buf);
    }
    return parts.join(' ');
}

QString intJoin(const std::vector<std::int64_t>& v) {
    QStringList parts;
    for (auto i : v) parts << QString::number(i);
    return parts.join(' ');
}

const std::vector<double> kP{0.1, 0.0, 0.25, 0.05, 0.3, 0.2, 0.1};

std::vector<Op> program() {
    std::vector<Op> ops;
    ops.push_back({"r.rand(7)", [](RandomState& r) { return hexJoin(r.randomSample(7)); }});
    ops.push_back({"r.randint(0, 10, 9)", [](RandomState& r) { return intJoin(r.randint(0, 10, 9)); }});
    ops.push_back({"r.standard_normal(3)", [](RandomState& r) { return hexJoin(r.standardNormal(3)); }});
    ops.push_back(
        {"r.randint(-5, 2**31 - 1, 4)", [](RandomState& r) { return intJoin(r.randint(-5, (1LL << 31) - 1, 4)); }});
    ops.push_back({"r.randint(0, 2**32, 3)", [](RandomState& r) { return intJoin(r.randint(0, 1LL << 32, 3)); }});
    ops.push_back(
        {"r.randint(-2**62, 2**62, 5)", [](RandomState& r) { return intJoin(r.randint(-(1LL << 62), 1LL << 62, 5)); }});
    ops.push_back({"r.randint(7, 8, 2)", [](RandomState& r) { return intJoin(r.randint(7, 8, 2)); }});
    ops.push_back(
        {"r.randint(3, 2**40 + 3, 4)", [](RandomState& r) { return intJoin(r.randint(3, (1LL << 40) + 3, 4)); }});
    ops.push_back({"r.permutation(23)", [](RandomState& r) { return intJoin(r.permutation(23)); }});
    ops.push_back({"r.standard_normal(1)", [](RandomState& r) { return hexJoin(r.standardNormal(1)); }});
    ops.push_back({"(lambda a: (r.shuffle(a), a)[1])(np.arange(10) * 3)", [](RandomState& r) {
                       std::vector<std::int64_t> a(10);
                       for (int i = 0; i < 10; ++i) a[i] = 3 * i;
                       r.shuffle(std::span(a));
                       return intJoin(a);
                   }});
    ops.push_back({"r.choice(12, 5)", [](RandomState& r) { return intJoin(r.choice(12, 5)); }});
    ops.push_back({"r.choice(12, 5, replace=False)", [](RandomState& r) { return intJoin(r.choice(12, 5, false)); }});
    ops.push_back({"r.choice(7, 9, p=P)", [](RandomState& r) { return intJoin(r.choice(7, 9, true, kP)); }});
    ops.push_back(
        {"r.choice(7, 5, replace=False, p=P)", [](RandomState& r) { return intJoin(r.choice(7, 5, false, kP)); }});
    ops.push_back({"r.uniform(-2.5, 4.0, 5)", [](RandomState& r) { return hexJoin(r.uniform(-2.5, 4.0, 5)); }});
    ops.push_back({"r.normal(1.5, 2.0, 3)", [](RandomState& r) {
                       std::vector<double> v;
                       for (int i = 0; i < 3; ++i) v.push_back(r.normal(1.5, 2.0));
                       return hexJoin(v);
                   }});
    ops.push_back(
        {"r.randint(2**31 - 1, size=3)", [](RandomState& r) { return intJoin(r.randint(0, (1LL << 31) - 1, 3)); }});
    ops.push_back(
        {"[r.binomial(n, p) for n, p in ((0, 0.3), (10, 0.0), (20, 0.3), (50, 0.9), (40, 0.5), (1000, 0.3), "
         "(5000, 0.75), (100000, 0.02), (200, 1.0))]",
         [](RandomState& r) {
             std::vector<std::int64_t> v;
             for (auto [n, p] : std::vector<std::pair<std::int64_t, double>>{{0, 0.3},
                                                                             {10, 0.0},
                                                                             {20, 0.3},
                                                                             {50, 0.9},
                                                                             {40, 0.5},
                                                                             {1000, 0.3},
                                                                             {5000, 0.75},
                                                                             {100000, 0.02},
                                                                             {200, 1.0}})
                 v.push_back(r.binomial(n, p));
             return intJoin(v);
         }});
    ops.push_back({"r.multinomial(20, P)", [](RandomState& r) { return intJoin(r.multinomial(20, kP)); }});
    ops.push_back({"r.multinomial(100000, [0.2, 0.5, 0.3])", [](RandomState& r) {
                       const std::vector<double> p{0.2, 0.5, 0.3};
                       return intJoin(r.multinomial(100000, p));
                   }});
    ops.push_back({"r.multinomial(7, [1.0, 0.0])", [](RandomState& r) {
                       const std::vector<double> p{1.0, 0.0};
                       return intJoin(r.multinomial(7, p));
                   }});
    ops.push_back({"r.permutation(1000)", [](RandomState& r) { return intJoin(r.permutation(1000)); }});
    ops.push_back({"r.rand(700)", [](RandomState& r) { return hexJoin(r.randomSample(700)); }});
    ops.push_back({"r.standard_normal(501)", [](RandomState& r) { return hexJoin(r.standardNormal(501)); }});
    return ops;
}

QString formatter() {
    return "import numpy as np\n"
           "P = [0.1, 0.0, 0.25, 0.05, 0.3, 0.2, 0.1]\n"
           "def out(v):\n"
           "    v = np.atleast_1d(np.asarray(v))\n"
           "    if v.dtype.kind == 'f':\n"
           "        print(' '.join(float(x).hex() for x in v))\n"
           "    else:\n"
           "        print(' '.join(str(int(x)) for x in v))\n";
}

// Compares our line with NumPy's: integers as text, doubles by exact value.
bool sameLine(const QString& ours, const QString& numpy) {
    if (!numpy.contains("0x")) return ours == numpy;
    const auto a = hexDoubles(ours);
    const auto b = hexDoubles(numpy);
    return a == b;
}

}  // namespace

class TestRandomState : public QObject {
    Q_OBJECT
private slots:
    void interleavedStreamsEqualNumpy() {
        const std::vector<std::uint32_t> seeds{0,    1,     2,         3,           7,           42,
                                               1234, 99991, 123456789, 2147483647U, 2147483648U, 4294967295U};
        const auto ops = program();
        QString script = formatter();
        for (auto seed : seeds) {
            script += QString("r = np.random.RandomState(%1)\n").arg(seed);
            for (const auto& op : ops) script += "out(" + op.python + ")\n";
        }
        const QStringList lines = runSklearn(script);
        QCOMPARE(lines.size(), static_cast<qsizetype>(seeds.size() * ops.size()));
        int line = 0;
        for (auto seed : seeds) {
            RandomState r(seed);
            for (const auto& op : ops) {
                const QString ours = op.ours(r);
                if (!sameLine(ours, lines[line]))
                    QFAIL(qPrintable(QString("seed %1, %2:\n ours  %3\n numpy %4")
                                         .arg(seed)
                                         .arg(op.python, ours.left(300), lines[line].left(300))));
                ++line;
            }
        }
    }

    void arraySeedsUseInitByArray() {
        const QStringList lines =
            runSklearn(formatter() +
                       "for key in ([1, 2, 3], [0], [4294967295, 17, 5, 9, 0, 1], list(range(700))):\n"
                       "    r = np.random.RandomState(key)\n"
                       "    out(r.rand(5)); out(r.randint(0, 1000, 5))\n");
        QCOMPARE(lines.size(), 8);
        std::vector<std::vector<std::uint32_t>> keys{{1, 2, 3}, {0}, {4294967295U, 17, 5, 9, 0, 1}, {}};
        for (std::uint32_t i = 0; i < 700; ++i) keys[3].push_back(i);
        for (std::size_t k = 0; k < keys.size(); ++k) {
            RandomState r = RandomState::fromKey(keys[k]);
            QVERIFY(sameLine(hexJoin(r.randomSample(5)), lines[2 * k]));
            QCOMPARE(intJoin(r.randint(0, 1000, 5)), lines[2 * k + 1]);
        }
    }

    void rawWordsAreMt19937() {
        // The reference's own check: init_genrand(5489) gives 3499211612 first and 4123659995 as the
        // 10000th word.
        RandomState r(5489);
        QCOMPARE(r.nextUint32(), 3499211612U);
        for (int i = 1; i < 9999; ++i) r.nextUint32();
        QCOMPARE(r.nextUint32(), 4123659995U);
    }

    void stateRoundTripKeepsTheCachedGauss() {
        RandomState a(11);
        a.standardNormal();  // leaves one value cached
        RandomState b(0);
        b.setState(a.state());
        QCOMPARE(b.standardNormal(), a.standardNormal());
        QCOMPARE(b.randomSample(), a.randomSample());
    }

    void checkRandomStateSemantics() {
        RandomState a = ml::checkRandomState(5);
        RandomState b(5);
        QCOMPARE(a.randomSample(), b.randomSample());
        // None: fresh entropy each time, so two generators differ (a 2**-64 chance of equal words).
        RandomState c = ml::checkRandomState(std::nullopt);
        RandomState d = ml::checkRandomState(std::nullopt);
        QVERIFY(c.nextUint64() != d.nextUint64());
        QCOMPARE(errorOf<ValueError>([] { ml::checkRandomState(-1); }),
                 QString("random_state: Seed must be between 0 and 2**32 - 1 (got -1)"));
        QCOMPARE(errorOf<ValueError>([] { ml::checkRandomState(4294967296LL); }),
                 QString("random_state: Seed must be between 0 and 2**32 - 1 (got 4294967296)"));
    }

    void errorsAsNumpyWordsThem() {
        RandomState r(0);
        QCOMPARE(errorOf<ValueError>([&] { r.randint(5, 5); }),
                 QString("RandomState.randint: low >= high (low 5, high 5)"));
        QCOMPARE(
            errorOf<ValueError>([&] { r.choice(3, 5, false); }),
            QString("RandomState.choice: Cannot take a larger sample than population when 'replace=False' (5 from 3)"));
        QCOMPARE(errorOf<ValueError>([&] { r.choice(0, 1); }),
                 QString("RandomState.choice: a must be greater than 0 unless no samples are taken"));
        const std::vector<double> bad{0.5, 0.6, 0.1};
        QCOMPARE(errorOf<ValueError>([&] { r.choice(3, 2, true, bad); }),
                 QString("RandomState.choice: probabilities do not sum to 1"));
        const std::vector<double> neg{1.5, -0.5, 0.0};
        QCOMPARE(errorOf<ValueError>([&] { r.choice(3, 2, true, neg); }),
                 QString("RandomState.choice: probabilities are not non-negative"));
        const std::vector<double> two{0.5, 0.5};
        QCOMPARE(errorOf<ValueError>([&] { r.choice(3, 2, true, two); }),
                 QString("RandomState.choice: 'a' and 'p' must have same size (a 3, p 2)"));
        const std::vector<double> sparse{0.5, 0.5, 0.0};
        QCOMPARE(errorOf<ValueError>([&] { r.choice(3, 3, false, sparse); }),
                 QString("RandomState.choice: Fewer non-zero entries in p than size"));
    }
};

QTEST_APPLESS_MAIN(TestRandomState)
#include "test_random_state.moc"
