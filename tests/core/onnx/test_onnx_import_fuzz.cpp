// Hostile ONNX files: ≥ 1,000 seeded truncations and byte flips of real exported models. Each import
// ends with a typed error (or, when the damage hit only weight bytes, with a model that builds) and
// never crashes or hangs; the suite runs under ASan in the sanitizer build.
#include <QTest>

#include <chrono>
#include <random>

#include "core/graph/graph_module.h"
#include "core/io/project.h"
#include "core/onnx/onnx_export.h"
#include "core/onnx/onnx_import.h"
#include "core/tensor/error.h"
#include "core/tensor/generator.h"

using namespace tessera;

class TestOnnxImportFuzz : public QObject {
    Q_OBJECT

private slots:
    void truncationsAndByteFlipsEndInErrors() {
        std::vector<std::string> models;
        for (const char* example :
             {"digits-cnn", "iris-mlp", "spirals-residual-mlp", "sine-lstm", "sine-transformer"}) {
            const io::Project p = io::loadProject(std::filesystem::path(TESSERA_SOURCE_DIR) / "resources/examples" /
                                                  (std::string(example) + ".tessera"));
            Generator gen(1);
            auto model = graph::GraphModule::build(graph::ModelGraph::fromProject(p), gen);
            model->eval();
            models.push_back(onnx::exportOnnx(*model));
            QVERIFY(onnx::importOnnx(models.back(), example).graph.nodes().size() > 2);
        }
        std::mt19937_64 rng(2026);
        auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
        int errors = 0, accepted = 0;
        const int cases = 2000;
        for (int i = 0; i < cases; ++i) {
            std::string bytes = models[static_cast<std::size_t>(i) % models.size()];
            if (i % 2 == 0) {
                bytes.resize(below(bytes.size()));
            } else {
                const std::size_t flips = 1 + below(8);
                for (std::size_t k = 0; k < flips; ++k) bytes[below(bytes.size())] = static_cast<char>(below(256));
            }
            const auto start = std::chrono::steady_clock::now();
            try {
                const onnx::ImportedModel m = onnx::importOnnx(bytes, "case" + std::to_string(i) + ".onnx");
                onnx::buildImported(m);
                ++accepted;
            } catch (const Error& e) {
                QVERIFY2(std::string(e.what()).find("case" + std::to_string(i) + ".onnx") != std::string::npos ||
                             std::string(e.what()).find("cannot build") != std::string::npos,
                         e.what());
                ++errors;
            }
            // A generous guard against hangs, not a speed assertion.
            QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
        }
        qInfo("%d damaged files: %d errors, %d imported (damage inside weight bytes)", cases, errors, accepted);
        QCOMPARE(errors + accepted, cases);
        QVERIFY(errors >= cases / 2);
    }
};

QTEST_APPLESS_MAIN(TestOnnxImportFuzz)
#include "test_onnx_import_fuzz.moc"
