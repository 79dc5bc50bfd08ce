// The expression language: syntax, Python semantics of numbers and sequences, errors with line and
// column, the binding table, and runScriptFile (what tessera-cli autograd runs).
#include <QtTest>

#include "core/io/npy.h"
#include "core/ops/dispatch.h"
#include "core/script/binding.h"
#include "core/script/interpreter.h"
#include "core/script/lexer.h"
#include "core/script/run_script.h"
#include "core/script/script_error.h"

using namespace tessera;
using namespace tessera::script;

namespace {

Tensor arange(std::int64_t n, const Shape& sizes) {
    std::vector<float> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
    return Tensor::fromVector<float>(v, sizes);
}

// Runs `text` with x = arange(12).view(3, 4) and returns the interpreter.
Interpreter runWithX(const std::string& text) {
    Interpreter in;
    in.setVariable("x", Value(arange(12, {3, 4})));
    in.run(text, "s.py");
    return in;
}

// The message of the ScriptError `text` raises ("" when it runs).
QString errorOf(const std::string& text) {
    try {
        runWithX(text);
    } catch (const ScriptError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestScript : public QObject {
    Q_OBJECT
private slots:
    void lexerSkipsCommentsAndJoinsBrackets() {
        const auto tokens = tokenize("# header\n\ny = f(a,\n      b)  # tail\n", "s.py");
        QStringList kinds;
        for (const auto& t : tokens) kinds << QString::fromStdString(t.text);
        QCOMPARE(kinds.join(' '), QString("y = f ( a , b ) \\n end of file"));
        QCOMPARE(tokens[0].line, 3);
        QCOMPARE(tokens[6].line, 4);
        QCOMPARE(tokens[6].column, 7);
    }

    void pythonNumbersAndPrecedence() {
        Interpreter in = runWithX(
            "a = -2 ** 2\nb = 7 / 2\nc = 2 ** 3 ** 2\nd = 1 + 2 * 3 - 4\ne = (1 + 2) * 3\n"
            "f = 2 ** -1\ng = True + 1\nh = 3 >= 3.0\ni = (1, 2) == (1, 2)\n");
        QCOMPARE(in.variable("a")->asInt(), std::int64_t{-4});
        QCOMPARE(in.variable("b")->asDouble(), 3.5);
        QCOMPARE(in.variable("c")->asInt(), std::int64_t{512});
        QCOMPARE(in.variable("d")->asInt(), std::int64_t{3});
        QCOMPARE(in.variable("e")->asInt(), std::int64_t{9});
        QCOMPARE(in.variable("f")->asDouble(), 0.5);
        QCOMPARE(in.variable("g")->asInt(), std::int64_t{2});
        QCOMPARE(in.variable("h")->asBool(), true);
        QCOMPARE(in.variable("i")->asBool(), true);
    }

    void sequencesAndUnpacking() {
        Interpreter in = runWithX("t = (1, 2, 3, 4)[::-1]\nl = [1, 2] * 2\nr, c = x.shape\nu = (5,)\nv, = u\n");
        QCOMPARE(in.variable("t")->repr(), std::string("(4, 3, 2, 1)"));
        QCOMPARE(in.variable("l")->repr(), std::string("[1, 2, 1, 2]"));
        QCOMPARE(in.variable("r")->asInt(), std::int64_t{3});
        QCOMPARE(in.variable("c")->asInt(), std::int64_t{4});
        QCOMPARE(in.variable("v")->asInt(), std::int64_t{5});
        QCOMPARE(in.assignedNames(), (std::vector<std::string>{"t", "l", "r", "c", "u", "v"}));
    }

    void indexingIsAView() {
        Interpreter in = runWithX("y = x[1:, ::2]\nz = x.t()[-1]\nw = x[..., None, 0]\n");
        const Tensor y = in.variable("y")->asTensor();
        QCOMPARE(y.sizes(), (Shape{2, 2}));
        QCOMPARE(y.strides(), (Shape{4, 2}));
        QVERIFY(y.sharesStorageWith(in.variable("x")->asTensor()));
        QCOMPARE(y.toVector<float>(), (std::vector<float>{4, 6, 8, 10}));
        QCOMPARE(in.variable("z")->asTensor().toVector<float>(), (std::vector<float>{3, 7, 11}));
        QCOMPARE(in.variable("w")->asTensor().sizes(), (Shape{3, 1}));
        QCOMPARE(in.calledOps(), (std::set<std::string>{"select", "slice", "t", "unsqueeze"}));
    }

    void outputsFlattenTuplesAndNumbers() {
        Interpreter in =
            runWithX("s = x.shape\nn = x.numel()\nf = 0.5\nb = x.is_contiguous()\nk = None\nd = x.dtype\n");
        std::vector<std::string> names;
        for (const auto& [name, t] : in.outputs()) names.push_back(name);
        QCOMPARE(names, (std::vector<std::string>{"s.0", "s.1", "n", "f", "b"}));
        const auto outs = in.outputs();
        QCOMPARE(outs[2].second.dtype(), DType::Int64);
        QCOMPARE(outs[2].second.dim(), std::int64_t{0});
        QCOMPARE(outs[3].second.dtype(), DType::Float64);
        QCOMPARE(outs[4].second.dtype(), DType::Bool);
    }

    void errorsCarryLineAndColumn() {
        QCOMPARE(errorOf("y = x\nz = q + 1\n"), QString("s.py:2:5: NameError: name 'q' is not defined"));
        QCOMPARE(errorOf("y = x.t()\n\nz = y.view(12)\n").left(16), QString("s.py:3:7: view: "));
        QVERIFY(errorOf("y = x +\n").startsWith("s.py:1:8: SyntaxError"));
        QVERIFY(errorOf("  y = x\n").startsWith("s.py:1:3: SyntaxError: unexpected indent"));
        QVERIFY(errorOf("y = (x\n").startsWith("s.py:1:5: SyntaxError: '(' was never closed"));
        QVERIFY(
            errorOf("y = x.transpose(0, foo=1)\n").contains("transpose() got an unexpected keyword argument 'foo'"));
        QVERIFY(errorOf("y = x.transpose(0, 1.5)\n").contains("argument 'dim1' must be int, not float"));
        QVERIFY(errorOf("y = x.transpose(0)\n").contains("missing required argument 'dim1'"));
        QVERIFY(errorOf("y = x.t(1)\n").contains("t() takes 1 positional arguments but 2 were given"));
        QVERIFY(errorOf("y = x.nonexistent()\n").startsWith("s.py:1:7: AttributeError"));
        QVERIFY(errorOf("y = torch.nonexistent(x)\n").startsWith("s.py:1:11: AttributeError"));
        QVERIFY(errorOf("y = x[x]\n").contains("advanced indexing"));
        QVERIFY(errorOf("y = x[0, 0, 0]\n").contains("too many indices for tensor of dimension 2"));
        QVERIFY(errorOf("y = 1 < 2 < 3\n").contains("chained comparisons"));
        QVERIFY(errorOf("a, b = x\n").contains("too many values to unpack (expected 2)"));
        QVERIFY(errorOf("y = 1 / 0\n").contains("ZeroDivisionError"));
        QVERIFY(errorOf("y = x.shape * x.shape\n").contains("unsupported operand"));
        QVERIFY(errorOf("y = torch.t\n").contains("is a function"));
        try {
            runWithX("y = 1\nz = x.view(5, 5)\n");
            QFAIL("no error");
        } catch (const ScriptError& e) {
            QCOMPARE(e.line(), 2);
            QCOMPARE(e.column(), 7);
            QVERIFY(QString::fromStdString(e.cause()).startsWith("view: shape '[5, 5]' is invalid"));
        }
    }

    // Note [Expression depth]: nesting that would overflow the stack is a SyntaxError with a place.
    void deepNestingIsASyntaxError() {
        auto repeat = [](const std::string& s, int n) {
            std::string out;
            for (int i = 0; i < n; ++i) out += s;
            return out;
        };
        QVERIFY(errorOf("y = " + repeat("(", 5000) + "x" + repeat(")", 5000) + "\n")
                    .contains("SyntaxError: expression nested too deeply (more than 500 levels)"));
        QVERIFY(errorOf("y = " + repeat("-", 5000) + "x\n").contains("nested too deeply"));
        QVERIFY(errorOf("y = x" + repeat(" + x", 5000) + "\n").contains("nested too deeply"));
        QVERIFY(errorOf("y = x" + repeat(".t()", 5000) + "\n").contains("nested too deeply"));
        QVERIFY(errorOf("y = 2" + repeat(" ** 1", 5000) + "\n").contains("nested too deeply"));
        // Deep, but within the limit: runs as Python would.
        const Interpreter in = runWithX("y = " + repeat("(", 200) + "x" + repeat(" + 1)", 200) + ".sum()\n");
        QCOMPARE(in.variable("y")->asTensor().item<float>(), 66.0f + 12 * 200);
    }

    void bindingsBindLikePython() {
        const Binding* b = BindingTable::instance().find("Tensor.view");
        QVERIFY(b);
        const Tensor x = arange(12, {3, 4});
        QCOMPARE(b->bind({Value(x), Value(2), Value(6)}, {}).ints("size"), (Shape{2, 6}));
        QCOMPARE(b->bind({Value(x), Value::tuple({Value(4), Value(3)})}, {}).ints("size"), (Shape{4, 3}));
        const Binding* flatten = BindingTable::instance().find("torch.flatten");
        QVERIFY(flatten);
        const Args a = flatten->bind({Value(x)}, {{"end_dim", Value(1)}});
        QCOMPARE(a.integer("start_dim"), std::int64_t{0});
        QCOMPARE(a.integer("end_dim"), std::int64_t{1});
        QVERIFY_THROWS_EXCEPTION(TypeError, flatten->bind({Value(x)}, {{"input", Value(x)}}));
    }

    // Every op a binding declares is a registry op (a typo would silently lose coverage).
    void declaredOpsAreRegistered() {
        for (const auto& op : BindingTable::instance().declaredOps()) QVERIFY2(ops::findOp(op) != nullptr, op.c_str());
    }

    void runScriptFileWritesEveryVariable() {
        QTemporaryDir dir;
        const std::filesystem::path d = dir.path().toStdString();
        io::writeNpy(d / "x.npy", Tensor::fromVector<double>({1, 2, 3, 4, 5, 6}, {2, 3}));
        {
            QFile f(dir.filePath("s.py"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("y = x.t()[1:]\nn = y.shape[0]\nloss = y[1, 0]\n");
        }
        ScriptRun run;
        run.script = d / "s.py";
        run.inputs = {parseInputSpec("x=" + (d / "x.npy").string())};
        run.outDir = d / "out";
        run.requiresGrad = {"x"};
        run.backward = "loss";
        run.dot = true;
        const auto written = runScriptFile(run);
        QCOMPARE(written.size(), std::size_t{5});
        QFile dot(dir.filePath("out/graph.dot"));
        QVERIFY(dot.open(QIODevice::ReadOnly));
        const QByteArray graph = dot.readAll();
        QVERIFY(graph.startsWith("digraph"));
        for (const char* node : {"SelectBackward0", "SliceBackward0", "TBackward0", "x\\n(2, 3)"})
            QVERIFY2(graph.contains(node), node);
        QCOMPARE(io::readNpy(d / "out" / "y.npy").toVector<double>(), (std::vector<double>{2, 5, 3, 6}));
        const Tensor n = io::readNpy(d / "out" / "n.npy");
        QCOMPARE(n.dim(), std::int64_t{0});
        QCOMPARE(n.item<std::int64_t>(), std::int64_t{2});
        QCOMPARE(io::readNpy(d / "out" / "grad_x.npy").toVector<double>(), (std::vector<double>{0, 0, 1, 0, 0, 0}));

        QVERIFY_THROWS_EXCEPTION(ValueError, parseInputSpec("x"));
        QVERIFY_THROWS_EXCEPTION(ValueError, parseInputSpec("1x=a.npy"));
        run.requiresGrad = {"nope"};
        QVERIFY_THROWS_EXCEPTION(ValueError, runScriptFile(run));
    }
};

QTEST_APPLESS_MAIN(TestScript)
#include "test_script.moc"
