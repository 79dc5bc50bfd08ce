// gradcheck and gradgradcheck (float64, eps 1e-6, atol 1e-5, rtol 1e-3 as PyTorch) of every
// differentiable op, through the scripts in gradcheck_cases.py; the last test fails for any
// differentiable op in the registry that no case checks.
#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

#include "core/autograd/gradcheck.h"
#include "core/ops/dispatch.h"
#include "core/script/interpreter.h"
#include "core/tensor/factory.h"
#include "core/tensor/generator.h"

using namespace tessera;
using autograd::TensorList;

namespace {

struct InputSpec {
    std::string name;
    DType dtype = DType::Float64;
    Shape sizes;
    std::string dist;
    double lo = 0, hi = 1;
};

struct GradCase {
    std::string name;
    std::vector<InputSpec> inputs;
    std::set<std::string> requiresGrad;
    std::string gradgradExemption;  // why gradgradcheck does not apply, or ""
    std::string script;
    int line = 0;
};

std::vector<std::string> splitOn(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string item; std::getline(in, item, sep);)
        if (!item.empty()) out.push_back(item);
    return out;
}

Shape parseShape(const std::string& text) {
    Shape s;
    for (const auto& d : splitOn(text.substr(1, text.size() - 2), ',')) s.push_back(std::stoll(d));
    return s;
}

std::vector<GradCase> readCases(const std::string& path) {
    std::ifstream in(path);
    std::vector<GradCase> cases;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        auto header = [&](const char* key) -> std::optional<std::string> {
            const std::string k = std::string("# ") + key + ":";
            if (line.rfind(k, 0) != 0) return std::nullopt;
            std::string v = line.substr(k.size());
            v.erase(0, v.find_first_not_of(' '));
            return v;
        };
        if (auto v = header("case")) {
            cases.push_back({});
            cases.back().name = *v;
        } else if (cases.empty() ||
                   (line.rfind("#", 0) == 0 && !header("input") && !header("requires_grad") && !header("gradgrad"))) {
            continue;
        } else if (auto v = header("input")) {
            auto parts = splitOn(*v, ' ');
            InputSpec spec;
            spec.name = parts.at(0);
            spec.dtype = parts.at(1) == "int64" ? DType::Int64 : DType::Float64;
            spec.sizes = parseShape(parts.at(2));
            spec.dist = parts.at(3);
            if (parts.size() >= 6) {
                spec.lo = std::stod(parts[4]);
                spec.hi = std::stod(parts[5]);
            }
            cases.back().inputs.push_back(spec);
        } else if (auto v = header("requires_grad")) {
            for (const auto& name : splitOn(*v, ',')) cases.back().requiresGrad.insert(name);
        } else if (auto v = header("gradgrad")) {
            cases.back().gradgradExemption = *v;
        } else if (!line.empty()) {
            if (cases.back().script.empty()) cases.back().line = n;
            cases.back().script += line + "\n";
        }
    }
    return cases;
}

Tensor makeInput(const InputSpec& spec, Generator& gen) {
    if (spec.dist == "randint")
        return randint(static_cast<std::int64_t>(spec.lo), static_cast<std::int64_t>(spec.hi), spec.sizes, DType::Int64,
                       &gen);
    Tensor u = rand(spec.sizes, DType::Float64, &gen);
    if (spec.dist == "normal") return randn(spec.sizes, DType::Float64, &gen);
    double* p = u.data<double>();
    for (std::int64_t i = 0; i < u.numel(); ++i) p[i] = spec.lo + (spec.hi - spec.lo) * p[i];
    return u;
}

// In-place ops write into their destination instead of recording a new node; autograd through them is
// not supported (they refuse tensors that require grad), so there is no gradient to check. `to` is
// checked by the conformance gradient cases: its float32 round trip would swallow the 1e-6 step here.
const std::set<std::string> kExempt = {"add_", "sub_", "mul_", "div_", "copy_", "fill_", "zero_", "to"};

}  // namespace

class TestGradcheckOps : public QObject {
    Q_OBJECT
private slots:
    void gradcheckCase_data() {
        QTest::addColumn<int>("index");
        m_cases = readCases(std::string(TESSERA_SOURCE_DIR) + "/tests/core/autograd/gradcheck_cases.py");
        QVERIFY(m_cases.size() > 10);
        for (std::size_t i = 0; i < m_cases.size(); ++i) QTest::newRow(m_cases[i].name.c_str()) << static_cast<int>(i);
    }

    void gradcheckCase() {
        QFETCH(int, index);
        const GradCase& c = m_cases[static_cast<std::size_t>(index)];
        Generator gen(1234 + static_cast<std::uint64_t>(index));
        TensorList inputs;
        for (const auto& spec : c.inputs) {
            Tensor t = makeInput(spec, gen);
            if (c.requiresGrad.count(spec.name)) t.setRequiresGrad();
            inputs.push_back(t);
        }
        std::set<std::string> called;
        const std::string text = std::string(static_cast<std::size_t>(c.line - 1), '\n') + c.script;
        auto fn = [&](const TensorList& in) {
            script::Interpreter interp;
            for (std::size_t i = 0; i < in.size(); ++i) interp.setVariable(c.inputs[i].name, script::Value(in[i]));
            interp.run(text, "gradcheck_cases.py");
            called.insert(interp.calledOps().begin(), interp.calledOps().end());
            const script::Value* out = interp.variable("out");
            if (!out || !out->isTensor()) throw ValueError("case " + c.name + " assigns no tensor 'out'");
            return TensorList{out->asTensor()};
        };
        try {
            const auto first = autograd::gradcheck(fn, inputs);
            QVERIFY2(first.ok, ("gradcheck: " + first.message).c_str());
            if (c.gradgradExemption.empty()) {
                const auto second = autograd::gradgradcheck(fn, inputs);
                QVERIFY2(second.ok, ("gradgradcheck: " + second.message).c_str());
                m_gradgradChecked.insert(called.begin(), called.end());
            }
        } catch (const Error& e) {
            QFAIL(e.what());
        }
        m_gradChecked.insert(called.begin(), called.end());
    }

    void everyDifferentiableOpIsChecked() {
        QStringList noGrad, noGradGrad;
        for (const auto& op : ops::registeredOps()) {
            const std::string name(op.name);
            if (!op.differentiable || op.category == ops::OpCategory::Backward || kExempt.count(name)) continue;
            if (!m_gradChecked.count(name)) noGrad << QString::fromStdString(name);
            if (!m_gradgradChecked.count(name)) noGradGrad << QString::fromStdString(name);
        }
        QVERIFY2(noGrad.isEmpty(), qPrintable("ops without a passing gradcheck: " + noGrad.join(", ")));
        QVERIFY2(noGradGrad.isEmpty(), qPrintable("ops without a passing gradgradcheck: " + noGradGrad.join(", ")));
    }

private:
    std::vector<GradCase> m_cases;
    std::set<std::string> m_gradChecked, m_gradgradChecked;
};

QTEST_APPLESS_MAIN(TestGradcheckOps)
#include "test_gradcheck_ops.moc"
