// toString() against torch 1.13's repr(): every case is rebuilt in torch from the same values, printed
// by /usr/bin/python3 in one run, and the strings must be equal.
#include <QtTest>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/ops/view.h"
#include "core/tensor/factory.h"
#include "core/tensor/print.h"
#include "tests/core/tensor/torch_reference.h"

using namespace tessera;

namespace {

// C's "%.17g" (Qt's asprintf rounds long digit strings its own way).
QString exact(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return QString::fromLatin1(buffer);
}

QString pyNumber(double v) {
    if (std::isnan(v)) return "float('nan')";
    if (std::isinf(v)) return v > 0 ? "float('inf')" : "float('-inf')";
    if (v == 0 && std::signbit(v)) return "-0.0";  // "%g" would give the integer -0, which is 0
    return exact(v);
}

// A torch expression that builds a tensor with t's dtype, sizes and (row-major) values.
QString torchExpression(const Tensor& t) {
    const QString dtype = "torch." + QString::fromLatin1(dtypeName(t.dtype()).data());
    QStringList sizes;
    for (auto s : t.sizes()) sizes << QString::number(s);
    if (t.numel() == 0) return QString("torch.zeros((%1,), dtype=%2)").arg(sizes.join(", "), dtype);
    QStringList values;
    if (t.dtype() == DType::Bool) {
        for (bool b : t.toVector<bool>()) values << (b ? "True" : "False");
    } else if (t.dtype() == DType::Int64) {
        for (auto v : t.toVector<std::int64_t>()) values << QString::number(v);
    } else {
        for (double v : t.toVector<double>()) values << pyNumber(v);
    }
    return QString("torch.tensor([%1], dtype=%2).reshape((%3))")
        .arg(values.join(","), dtype, sizes.isEmpty() ? QString() : sizes.join(", ") + ",");
}

template <class T>
Tensor make(std::vector<T> values, const Shape& sizes) {
    return Tensor::fromVector<T>(values, sizes);
}

// Values of every magnitude and sign, deterministic.
std::vector<double> wavy(std::int64_t n, double scale) {
    std::vector<double> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[i] = scale * std::sin(0.7 * static_cast<double>(i) + 0.3);
    return v;
}
std::vector<float> toFloat(const std::vector<double>& v) { return {v.begin(), v.end()}; }

std::vector<Tensor> cases() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    Generator gen(20261130);
    std::vector<Tensor> c;
    // The usual shapes.
    c.push_back(make<float>({0, 1, 2, 3}, {2, 2}));
    c.push_back(make<float>({0, 10, 2, 3}, {2, 2}));
    c.push_back(make<float>(toFloat(wavy(12, 3.0)), {3, 4}));
    c.push_back(make<double>(wavy(12, 3.0), {3, 4}));
    c.push_back(make<float>(toFloat(wavy(24, 1.0)), {2, 3, 4}));
    c.push_back(make<float>(toFloat(wavy(8, 5.0)), {2, 1, 2, 2}));
    // 0-d, empty.
    c.push_back(Tensor::scalar<float>(3.0f));
    c.push_back(Tensor::scalar<float>(-0.25f));
    c.push_back(Tensor::scalar<double>(3.0));
    c.push_back(Tensor::scalar<std::int64_t>(-7));
    c.push_back(Tensor::scalar<bool>(true));
    c.push_back(Tensor::empty({0}));
    c.push_back(Tensor::empty({0, 3}));
    c.push_back(Tensor::empty({2, 0}, DType::Float64));
    c.push_back(Tensor::empty({0}, DType::Int64));
    c.push_back(Tensor::empty({0}, DType::Bool));
    // Fixed, integer and scientific modes; non-finite values; negative zero.
    c.push_back(make<float>({0.1f, -2.5f, 3.14159f}, {3}));
    c.push_back(make<float>({1e-5f, 1.0f}, {2}));
    c.push_back(make<float>({1e9f, 1.0f, -3.0f}, {3}));
    c.push_back(make<float>({1.0f, 10000.0f}, {2}));
    c.push_back(make<float>({123456789.0f, 1.5f}, {2}));
    c.push_back(make<double>({1e-300, 1e300, -1.0}, {3}));
    c.push_back(make<double>({nan, inf, -inf, 1.5}, {4}));
    c.push_back(make<double>({nan, inf, -inf, 2.0}, {2, 2}));
    c.push_back(make<float>({0.0f, static_cast<float>(nan)}, {2}));
    c.push_back(make<float>({-0.0f, 1.0f}, {2}));
    c.push_back(make<float>({0.0f, 0.0f}, {2}));
    c.push_back(make<double>({0.00012, 0.5, 99.9}, {3}));
    // Integers and booleans.
    c.push_back(make<std::int64_t>({1, -20, 300, 4}, {2, 2}));
    c.push_back(make<std::int64_t>({std::numeric_limits<std::int64_t>::min(), 0}, {2}));
    c.push_back(make<bool>({true, false, false, true, true, false}, {2, 3}));
    // Line wrapping, and a dtype suffix that has to go on a new line.
    c.push_back(make<float>(toFloat(wavy(30, 7.0)), {30}));
    c.push_back(make<double>(wavy(15, 7.0), {15}));
    c.push_back(make<double>(wavy(9, 7.0), {9}));
    c.push_back(arange(40));
    // Summarised with "...": above 1000 elements.
    c.push_back(randn({2000}, DType::Float32, &gen));
    c.push_back(randn({50, 50}, DType::Float64, &gen));
    c.push_back(rand({20, 20, 20}, DType::Float32, &gen));
    c.push_back(randint(-100000, 100000, {1001}, DType::Int64, &gen));
    c.push_back(randint(-5, 5, {40, 30}, DType::Int64, &gen));
    c.push_back(randint(0, 2, {1001}, DType::Bool, &gen));
    c.push_back(arange(0.0, 1200.0, 1.0, DType::Float32));
    // Views: what is printed is the logical order.
    c.push_back(ops::transpose(make<float>(toFloat(wavy(12, 2.0)), {3, 4}), 0, 1));
    c.push_back(ops::slice(arange(0.0, 20.0, 1.0, DType::Float64), 0, 1, 20, 3));
    return c;
}

// Tensors that autograd tracks, with the torch expressions that make the same ones.
std::vector<std::pair<QString, Tensor>> trackedCases() {
    const Tensor leaf = make<float>({1.5f, -2.0f, 0.25f, 4.0f, 5.0f, 6.0f}, {2, 3}).setRequiresGrad();
    const QString torchLeaf = "torch.tensor([[1.5, -2.0, 0.25], [4.0, 5.0, 6.0]], requires_grad=True)";
    const Tensor wide = make<double>(wavy(12, 7.0), {12}).setRequiresGrad();
    const Tensor wideData = make<double>(wavy(12, 7.0), {12});
    return {
        {torchLeaf, leaf},
        {torchLeaf + ".t()", ops::t(leaf)},
        {torchLeaf + ".transpose(0, 1)", ops::transpose(leaf, 0, 1)},
        {torchLeaf + "[:, ::2]", ops::slice(leaf, 1, 0, 3, 2)},
        {torchLeaf + ".detach()", leaf.detach()},
        {torchExpression(wideData) + ".requires_grad_()", wide},
        {torchExpression(wideData) + ".requires_grad_()[1:]", ops::slice(wide, 0, 1, 12)},
    };
}

}  // namespace

class TestPrint : public QObject {
    Q_OBJECT
private slots:
    void knownStrings() {
        QCOMPARE(toString(make<float>({0, 1, 2, 3}, {2, 2})), std::string("tensor([[0., 1.],\n        [2., 3.]])"));
        QCOMPARE(toString(make<float>({0, 10, 2, 3}, {2, 2})),
                 std::string("tensor([[ 0., 10.],\n        [ 2.,  3.]])"));
        QCOMPARE(toString(Tensor::scalar<float>(3.0f)), std::string("tensor(3.)"));
        QCOMPARE(toString(Tensor::empty({0})), std::string("tensor([])"));
        QCOMPARE(toString(Tensor::empty({0, 3})), std::string("tensor([], size=(0, 3))"));
        QCOMPARE(toString(Tensor::scalar<double>(0.5)), std::string("tensor(0.5000, dtype=torch.float64)"));
        QCOMPARE(toString(make<bool>({true, false}, {2})), std::string("tensor([ True, False])"));
    }

    void matchesTorchRepr() {
        std::vector<Tensor> all = cases();
        const QString separator = "<<<end of case>>>";
        QString script = "import torch\n";
        QStringList expressions;
        for (const Tensor& t : all) expressions << torchExpression(t);
        for (auto& [expression, tensor] : trackedCases()) {
            expressions << expression;
            all.push_back(tensor);
        }
        for (const QString& e : expressions) script += "print(repr(" + e + "))\nprint('" + separator + "')\n";
        const QString out = runTorch(script);
        QStringList expected = out.split(separator + "\n");
        QCOMPARE(expected.size(), static_cast<qsizetype>(all.size()) + 1);
        for (std::size_t i = 0; i < all.size(); ++i) {
            const QString reference = expected[static_cast<qsizetype>(i)].chopped(1);  // print()'s newline
            const QString ours = QString::fromStdString(toString(all[i]));
            if (ours != reference)
                qWarning().noquote() << "case" << i << "differs\nours:\n" << ours << "\ntorch:\n" << reference;
            QCOMPARE(ours, reference);
        }
    }
};

QTEST_APPLESS_MAIN(TestPrint)
#include "test_print.moc"
