// Every optimizer and option combination against torch.optim 1.13: 100 steps from the same parameters
// and the same numpy-generated gradients (optim_reference.py), rtol 1e-6 / atol 1e-7.
#include <QTest>

#include "core/autograd/grad_mode.h"
#include "core/optim/adam.h"
#include "core/optim/sgd.h"
#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "tests/core/optim/optim_torch_cases.h"

using namespace tessera;

namespace {

// Each case is one JSON object for optim_reference.py; "dtype" float64 unless given.
const char* const kCases[] = {
    R"({"optimizer": "SGD", "options": {"lr": 0.1}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.05, "momentum": 0.9}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.05, "momentum": 0.9, "dampening": 0.3, "weight_decay": 0.01}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.05, "momentum": 0.8, "nesterov": true, "weight_decay": 0.1}})",
    R"({"optimizer": "SGD", "options": {"lr": 0.01, "momentum": 0.5, "maximize": true}, "skip": 3})",
    R"({"optimizer": "SGD", "options": {"lr": 0.1, "momentum": 0.9}, "group2": {"lr": 0.01, "momentum": 0.5}})",
    R"({"optimizer": "Adam", "options": {}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01, "betas": [0.8, 0.99], "eps": 1e-6, "weight_decay": 0.05}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01, "amsgrad": true}, "skip": 4})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01, "maximize": true, "amsgrad": true, "weight_decay": 0.1}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01}, "group2": {"lr": 0.001, "betas": [0.5, 0.9]}})",
    R"({"optimizer": "Adam", "options": {"lr": 0.01, "weight_decay": 0.01}, "dtype": "float32"})",
    R"({"optimizer": "AdamW", "options": {}})",
    R"({"optimizer": "AdamW", "options": {"lr": 0.02, "weight_decay": 0.1, "amsgrad": true}})",
    R"({"optimizer": "AdamW", "options": {"lr": 0.02, "betas": [0.7, 0.95], "maximize": true}, "skip": 5})",
    R"({"optimizer": "AdamW", "options": {"lr": 0.01}, "dtype": "float32"})",
    R"({"optimizer": "RMSprop", "options": {}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.001, "alpha": 0.9, "eps": 1e-6, "weight_decay": 0.05}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.001, "momentum": 0.9}, "skip": 3})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.001, "centered": true}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.001, "centered": true, "momentum": 0.5, "maximize": true}})",
    R"({"optimizer": "RMSprop", "options": {"lr": 0.001, "momentum": 0.9, "centered": true}, "dtype": "float32"})",
};

io::Json caseJson(int i) {
    io::Json c = io::parseJson(kCases[i], "kCases");
    if (!c.contains("dtype")) c.set("dtype", "float64");
    c.set("seed", 1000 + i);
    c.set("steps", 100);
    return c;
}

}  // namespace

class TestOptimizers : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    bool m_referenceRan = false;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        io::Json cases = io::Json::array();
        for (int i = 0; i < int(std::size(kCases)); ++i) cases.asArray().push_back(caseJson(i));
        m_referenceRan = optim_test::runReference(m_dir.path(), cases);
        QVERIFY2(m_referenceRan, "optim_reference.py failed");
    }

    void matchesTorch_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(std::size(kCases)); ++i) QTest::newRow(kCases[i]) << i;
    }

    void matchesTorch() {
        QFETCH(int, index);
        const io::Json c = caseJson(index);
        const auto run = optim_test::runTessera(m_dir.path(), index, c, {});
        QVERIFY(optim_test::matchesTorch(m_dir.path(), index, run, QString::fromUtf8(kCases[index])));
    }

    // The coverage rule of issue 5: every registered optimizer has a torch case above.
    void everyRegisteredOptimizerHasATorchCase() {
        for (const auto& name : optim::optimizerNames()) {
            bool found = false;
            for (int i = 0; i < int(std::size(kCases)); ++i)
                found = found || caseJson(i).at("optimizer").asString() == name;
            QVERIFY2(found, qPrintable(QString::fromStdString(name) + " has no torch case in test_optimizers"));
        }
    }

    void stepBumpsVersionAndRecordsNoGraph() {
        Tensor p = zeros({3}, DType::Float64);
        p.setRequiresGrad(true);
        p.setGrad(ones({3}, DType::Float64));
        optim::SGD opt({p}, {{"lr", 0.5}});
        const auto before = p.storage()->version();
        opt.step();
        QVERIFY(p.storage()->version() > before);
        QCOMPARE(p.toVector<double>(), (std::vector<double>{-0.5, -0.5, -0.5}));
        QVERIFY(!p.gradFn());
    }

    void zeroGrad() {
        Tensor p = zeros({2}, DType::Float64);
        p.setRequiresGrad(true);
        p.setGrad(ones({2}, DType::Float64));
        optim::Adam opt({p});
        opt.zeroGrad();
        QCOMPARE(p.grad().toVector<double>(), (std::vector<double>{0, 0}));
        opt.zeroGrad(true);
        QVERIFY(!p.grad().defined());
    }

    void badOptionsAreRejectedWithTorchsMessages() {
        Tensor p = zeros({2}, DType::Float64);
        p.setRequiresGrad(true);
        try {
            optim::SGD opt({p}, {{"lr", -1}});
            QFAIL("no error");
        } catch (const ValueError& e) {
            QCOMPARE(std::string(e.what()), std::string("Invalid learning rate: -1"));
        }
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::SGD({p}, {{"lr", 0.1}, {"nesterov", 1}}));
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::Adam({p}, {{"beta1", 1.0}}));
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::Adam({p}, {{"momentum", 0.9}}));
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::makeOptimizer("Adagrad", {{{p}, {}}}, io::Json::object()));
        QVERIFY_THROWS_EXCEPTION(ValueError, optim::SGD(std::vector<Tensor>{}, {{"lr", 0.1}}));
    }
};

QTEST_APPLESS_MAIN(TestOptimizers)
#include "test_optimizers.moc"
