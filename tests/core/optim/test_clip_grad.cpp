// clip_grad_norm_ and clip_grad_value_ against torch.nn.utils 1.13: the same gradients, the returned
// total norm and the clipped gradients (one Python process for the suite).
#include <QProcess>
#include <QTest>

#include <cmath>
#include <limits>

#include "core/io/json.h"
#include "core/optim/clip_grad.h"
#include "core/tensor/error.h"

using namespace tessera;

namespace {

// Gradients of two parameters ([3, 4] and [5]) given by a formula both sides compute:
// g0[i] = sin(i + 1) * scale, g1[i] = cos(2 i) * scale.
std::vector<double> gradValues(int which, double scale) {
    std::vector<double> v;
    const int n = which == 0 ? 12 : 5;
    for (int i = 0; i < n; ++i) v.push_back((which == 0 ? std::sin(i + 1.0) : std::cos(2.0 * i)) * scale);
    return v;
}

// Cases: {max_norm, norm_type ("inf" or a number), scale, dtype}; clip_value cases have norm_type "value".
struct Case {
    const char* name;
    double limit;
    const char* normType;
    double scale;
    DType dtype;
};

const Case kCases[] = {
    {"norm2 clipped", 1.0, "2", 3.0, DType::Float64}, {"norm2 not clipped", 100.0, "2", 3.0, DType::Float64},
    {"inf norm", 0.5, "inf", 2.0, DType::Float64},    {"norm 3", 0.7, "3", 1.5, DType::Float64},
    {"norm 1", 2.0, "1", 1.0, DType::Float64},        {"norm2 float32", 1.0, "2", 3.0, DType::Float32},
    {"value", 0.3, "value", 1.0, DType::Float64},     {"value float32", 0.45, "value", 1.0, DType::Float32},
};

std::vector<Tensor> params(const Case& c) {
    std::vector<Tensor> ps;
    for (int j = 0; j < 2; ++j) {
        const auto v = gradValues(j, c.scale);
        const Shape shape = j == 0 ? Shape{3, 4} : Shape{5};
        Tensor p = c.dtype == DType::Float64 ? Tensor::fromVector<double>(std::vector<double>(v.size()), shape)
                                             : Tensor::fromVector<float>(std::vector<float>(v.size()), shape);
        p.setRequiresGrad(true);
        p.setGrad(c.dtype == DType::Float64 ? Tensor::fromVector<double>(v, shape)
                                            : Tensor::fromVector<float>(std::vector<float>(v.begin(), v.end()), shape));
        ps.push_back(p);
    }
    return ps;
}

std::vector<double> asDoubles(const Tensor& t) {
    if (t.dtype() == DType::Float64) return t.toVector<double>();
    const auto f = t.toVector<float>();
    return {f.begin(), f.end()};
}

const char* kScript = R"PY(
import json, math, sys, torch
cases = json.loads(sys.stdin.readline())
out = []
for c in cases:
    dtype = torch.float64 if c["dtype"] == "float64" else torch.float32
    ps = []
    for j, n in enumerate([12, 5]):
        v = [(math.sin(i + 1.0) if j == 0 else math.cos(2.0 * i)) * c["scale"] for i in range(n)]
        p = torch.zeros(n, dtype=dtype, requires_grad=True)
        p.grad = torch.tensor(v, dtype=torch.float64).to(dtype)
        ps.append(p)
    if c["norm_type"] == "value":
        torch.nn.utils.clip_grad_value_(ps, c["limit"])
        total = 0.0
    else:
        nt = float("inf") if c["norm_type"] == "inf" else float(c["norm_type"])
        total = torch.nn.utils.clip_grad_norm_(ps, c["limit"], nt).item()
    out.append({"total": total, "grads": [p.grad.double().tolist() for p in ps]})
print(json.dumps(out))
)PY";

}  // namespace

class TestClipGrad : public QObject {
    Q_OBJECT

private:
    io::Json m_torch;

private slots:
    void initTestCase() {
        io::Json cases = io::Json::array();
        for (const auto& c : kCases) {
            io::Json j = io::Json::object();
            j.set("limit", c.limit);
            j.set("norm_type", c.normType);
            j.set("scale", c.scale);
            j.set("dtype", c.dtype == DType::Float64 ? "float64" : "float32");
            cases.asArray().push_back(j);
        }
        QProcess python;
        python.start(QStringLiteral(TESSERA_PYTHON3), {QStringLiteral("-c"), QString::fromUtf8(kScript)});
        QVERIFY(python.waitForStarted());
        python.write(QByteArray::fromStdString(io::writeJson(cases, 0)));
        python.closeWriteChannel();
        python.waitForFinished(-1);
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        m_torch = io::parseJson(python.readAllStandardOutput().toStdString(), "torch");
        QCOMPARE(m_torch.size(), std::size(kCases));
    }

    void matchesTorch_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kCases)); ++i) QTest::newRow(kCases[i].name) << i;
    }

    void matchesTorch() {
        QFETCH(int, index);
        const Case& c = kCases[index];
        const auto ps = params(c);
        const io::Json& want = m_torch.asArray()[index];
        const double rtol = c.dtype == DType::Float64 ? 1e-12 : 1e-6;
        if (std::string(c.normType) == "value") {
            optim::clipGradValue(ps, c.limit);
        } else {
            const double nt = std::string(c.normType) == "inf" ? optim::kInfNorm : std::stod(c.normType);
            const Tensor total = optim::clipGradNorm(ps, c.limit, nt);
            QCOMPARE(total.dtype(), c.dtype);
            QVERIFY(std::abs(asDoubles(total)[0] - want.at("total").asNumber()) <=
                    rtol * std::abs(want.at("total").asNumber()));
        }
        for (int j = 0; j < 2; ++j) {
            const auto got = asDoubles(ps[j].grad());
            const auto& expected = want.at("grads").asArray()[j].asArray();
            QCOMPARE(got.size(), expected.size());
            for (std::size_t i = 0; i < got.size(); ++i)
                QVERIFY2(std::abs(got[i] - expected[i].asNumber()) <= 1e-9 + rtol * std::abs(expected[i].asNumber()),
                         qPrintable(QStringLiteral("grad %1[%2]: %3 vs torch %4")
                                        .arg(j)
                                        .arg(i)
                                        .arg(got[i], 0, 'g', 17)
                                        .arg(expected[i].asNumber(), 0, 'g', 17)));
        }
    }

    void nonfiniteNormIsAnErrorWhenAsked() {
        const auto ps = params(kCases[0]);
        ps[1].grad().data<double>()[2] = std::numeric_limits<double>::infinity();
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::clipGradNorm(ps, 1.0, 2.0, true));
        QCOMPARE(ps[0].grad().toVector<double>(), gradValues(0, kCases[0].scale));  // untouched
        const Tensor total = optim::clipGradNorm(ps, 1.0, 2.0, false);
        QVERIFY(std::isinf(total.item<double>()));
    }

    void parametersWithoutGradientsAreSkipped() {
        Tensor p = Tensor::fromVector<double>({1, 2}, {2});
        p.setRequiresGrad(true);
        const Tensor total = optim::clipGradNorm({p}, 1.0);
        QCOMPARE(total.dtype(), DType::Float32);
        QCOMPARE(total.item<float>(), 0.f);
        optim::clipGradValue({p}, 1.0);
        QVERIFY(!p.grad().defined());
    }
};

QTEST_APPLESS_MAIN(TestClipGrad)
#include "test_clip_grad.moc"
