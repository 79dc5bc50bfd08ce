// Factories: torch's dtype rules, values equal to torch 1.13's bit for bit (one /usr/bin/python3 run
// for all cases), registration in the op registry, errors.
#include <QtTest>
#include <cstdio>

#include "core/ops/dispatch.h"
#include "core/tensor/factory.h"
#include "tests/core/tensor/torch_reference.h"

using namespace tessera;

namespace {

// C's "%.17g" (Qt's asprintf rounds long digit strings its own way).
QString exact(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return QString::fromLatin1(buffer);
}

// "dtype:v0,v1,…" with every value exact (%.17g), the form the torch script prints too.
QString exactValues(const Tensor& t) {
    QStringList values;
    if (t.dtype() == DType::Int64) {
        for (auto v : t.toVector<std::int64_t>()) values << QString::number(v);
    } else {
        for (double v : t.toVector<double>()) values << exact(v);
    }
    return QString::fromLatin1(dtypeName(t.dtype()).data()) + ":" + values.join(",");
}

struct Case {
    QString torch;  // a torch expression
    Tensor ours;
};

std::vector<Case> cases() {
    return {
        {"torch.arange(5)", arange(5)},
        {"torch.arange(-3, 17, 4)", arange(-3, 17, 4)},
        {"torch.arange(10, 0, -3)", arange(10, 0, -3)},
        {"torch.arange(0., 1., 0.25)", arange(0.0, 1.0, 0.25)},
        {"torch.arange(0, 3.3, 0.1)", arange(0.0, 3.3, 0.1)},
        {"torch.arange(-1.7, 11.3, 0.37)", arange(-1.7, 11.3, 0.37)},
        {"torch.arange(0.1, 7.7, 0.013)", arange(0.1, 7.7, 0.013)},
        {"torch.arange(5.5, -5.5, -0.11)", arange(5.5, -5.5, -0.11)},
        {"torch.arange(0, 3.3, 0.1, dtype=torch.float64)", arange(0.0, 3.3, 0.1, DType::Float64)},
        {"torch.arange(-1.7, 11.3, 0.37, dtype=torch.float64)", arange(-1.7, 11.3, 0.37, DType::Float64)},
        {"torch.arange(0.1, 7.7, 0.013, dtype=torch.float64)", arange(0.1, 7.7, 0.013, DType::Float64)},
        {"torch.arange(0, 10, 2.5, dtype=torch.int64)", arange(0.0, 10.0, 2.5, DType::Int64)},
        {"torch.arange(1., 1.)", arange(1.0, 1.0)},
        {"torch.linspace(0, 1, 7)", linspace(0, 1, 7)},
        {"torch.linspace(-3.3, 7.1, 11)", linspace(-3.3, 7.1, 11)},
        {"torch.linspace(0.1, 0.9, 100)", linspace(0.1, 0.9, 100)},
        {"torch.linspace(-1, 1, 1001)", linspace(-1, 1, 1001)},
        {"torch.linspace(2.5, -7.25, 37)", linspace(2.5, -7.25, 37)},
        {"torch.linspace(-5, 1000, 333, dtype=torch.float64)", linspace(-5, 1000, 333, DType::Float64)},
        {"torch.linspace(0.1, 0.9, 100, dtype=torch.float64)", linspace(0.1, 0.9, 100, DType::Float64)},
        {"torch.linspace(-7, 1000, 333, dtype=torch.int64)", linspace(-7, 1000, 333, DType::Int64)},
        {"torch.linspace(3, -4, 20, dtype=torch.int64)", linspace(3, -4, 20, DType::Int64)},
        {"torch.linspace(2, 5, 1)", linspace(2, 5, 1)},
        {"torch.linspace(2, 5, 0)", linspace(2, 5, 0)},
        {"torch.eye(3)", eye(3)},
        {"torch.eye(2, 4, dtype=torch.int64)", eye(2, 4, DType::Int64)},
        {"torch.eye(4, 2, dtype=torch.float64)", eye(4, 2, DType::Float64)},
        {"torch.zeros(2, 3)", zeros({2, 3})},
        {"torch.ones(4, dtype=torch.int64)", ones({4}, DType::Int64)},
        {"torch.full((2, 2), 0.1)", full({2, 2}, 0.1)},
        {"torch.full((3,), -2.5, dtype=torch.float64)", full({3}, -2.5, DType::Float64)},
    };
}

}  // namespace

class TestFactory : public QObject {
    Q_OBJECT
private slots:
    void dtypeRules() {
        QCOMPARE(arange(5).dtype(), DType::Int64);
        QCOMPARE(arange(5).toVector<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
        QCOMPARE(arange(0.0, 1.0, 0.25).dtype(), DType::Float32);
        QCOMPARE(arange(0.0, 1.0, 0.25).toVector<float>(), (std::vector<float>{0, 0.25f, 0.5f, 0.75f}));
        QCOMPARE(zeros({2}).dtype(), DType::Float32);
        QCOMPARE(rand({2}).dtype(), DType::Float32);
        QCOMPARE(randint(0, 5, {2}).dtype(), DType::Int64);
        QCOMPARE(randperm(4).dtype(), DType::Int64);
        const Tensor b = full({2, 3}, 1.0, DType::Bool);
        QCOMPARE(b.toVector<bool>(), std::vector<bool>(6, true));
        QCOMPARE(zerosLike(b).dtype(), DType::Bool);
        QCOMPARE(zerosLike(b).toVector<bool>(), std::vector<bool>(6, false));
        const Tensor d = onesLike(Tensor::empty({3, 1}, DType::Float64));
        QCOMPARE(d.sizes(), (Shape{3, 1}));
        QCOMPARE(d.toVector<double>(), std::vector<double>(3, 1.0));
        QCOMPARE(fullLike(d, 7).toVector<double>(), std::vector<double>(3, 7.0));
        QCOMPARE(eye(2).toVector<float>(), (std::vector<float>{1, 0, 0, 1}));
    }

    void equalToTorchBitForBit() {
        const std::vector<Case> all = cases();
        QString script =
            "import torch\n"
            "def exact(t):\n"
            "    fmt = '%d' if t.dtype == torch.int64 else '%.17g'\n"
            "    values = ','.join(fmt % v for v in t.flatten().tolist())\n"
            "    return str(t.dtype).replace('torch.', '') + ':' + values\n";
        for (const Case& c : all) script += "print(exact(" + c.torch + "))\n";
        const QStringList reference = runTorch(script).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(reference.size(), static_cast<qsizetype>(all.size()));
        for (std::size_t i = 0; i < all.size(); ++i) {
            const QString ours = exactValues(all[i].ours);
            if (ours != reference[static_cast<qsizetype>(i)]) qWarning().noquote() << all[i].torch << "differs";
            QCOMPARE(ours, reference[static_cast<qsizetype>(i)]);
        }
    }

    void seededRandomFactories() {
        Generator a(11), b(11);
        QCOMPARE(randn({5, 5}, DType::Float64, &a).toVector<double>(),
                 randn({5, 5}, DType::Float64, &b).toVector<double>());
        QCOMPARE(randint(3, 9, {100}, DType::Int64, &a).toVector<std::int64_t>(),
                 randint(3, 9, {100}, DType::Int64, &b).toVector<std::int64_t>());
        const Tensor probs = full({1000}, 0.5, DType::Float64);
        const Tensor draws = bernoulli(probs, &a);
        QCOMPARE(draws.dtype(), DType::Float64);
        QCOMPARE(draws.toVector<double>(), bernoulli(probs, &b).toVector<double>());
        for (double v : draws.toVector<double>()) QVERIFY(v == 0.0 || v == 1.0);
    }

    void registeredAsFactoryAndRandomOps() {
        for (const char* name : {"zeros", "ones", "full", "arange", "linspace", "eye"}) {
            const ops::OpInfo* op = ops::findOp(name);
            QVERIFY2(op, name);
            QCOMPARE(op->category, ops::OpCategory::Factory);
            QVERIFY(!op->differentiable);
        }
        for (const char* name : {"rand", "randn", "randint", "randperm", "bernoulli"}) {
            const ops::OpInfo* op = ops::findOp(name);
            QVERIFY2(op, name);
            QCOMPARE(op->category, ops::OpCategory::Random);
            QVERIFY(!op->differentiable);
        }
    }

    void misuseThrows() {
        QVERIFY_THROWS_EXCEPTION(ValueError, arange(0.0, 1.0, 0.0, DType::Float32));
        QVERIFY_THROWS_EXCEPTION(ValueError, arange(0, 10, -1));
        QVERIFY_THROWS_EXCEPTION(TypeError, arange(0.0, 1.0, 0.5, DType::Bool));
        QVERIFY_THROWS_EXCEPTION(ValueError, linspace(0, 1, -1));
        QVERIFY_THROWS_EXCEPTION(ValueError, eye(-1));
        QVERIFY_THROWS_EXCEPTION(ShapeError, zeros({2, -1}));
        QVERIFY_THROWS_EXCEPTION(TypeError, rand({2}, DType::Int64));
        QVERIFY_THROWS_EXCEPTION(TypeError, randn({2}, DType::Bool));
        QVERIFY_THROWS_EXCEPTION(TypeError, bernoulli(ones({2}, DType::Int64)));
        try {
            arange(0, 10, -1);
            QFAIL("no exception");
        } catch (const ValueError& e) {
            QVERIFY(QString(e.what()).contains("arange: upper bound and larger bound inconsistent with step sign"));
        }
    }
};

QTEST_APPLESS_MAIN(TestFactory)
#include "test_factory.moc"
