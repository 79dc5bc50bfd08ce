// docs/estimators.md is generated from the estimator registry: this suite fails when the file differs
// from what the registry gives, and with TESSERA_WRITE_DOCS=1 it writes the file instead.
#include <QtTest>

#include <cstdlib>
#include <filesystem>

#include "core/io/atomic_file.h"
#include "core/ml/base/registry.h"
#include "core/ml/base/registry_markdown.h"

using namespace tessera;

class TestMlDocs : public QObject {
    Q_OBJECT

private slots:
    void estimatorsMarkdownIsCurrent() {
        const std::filesystem::path file = std::filesystem::path(TESSERA_SOURCE_DIR) / "docs/estimators.md";
        const std::string expected = ml::registryMarkdown();
        if (std::getenv("TESSERA_WRITE_DOCS")) io::writeFileAtomically(file, expected);
        QVERIFY2(std::filesystem::exists(file), "docs/estimators.md is missing");
        QVERIFY2(io::readFile(file) == expected,
                 "docs/estimators.md is out of date: run TESSERA_WRITE_DOCS=1 build/core/tests/test_ml_docs");
    }

    void everyClassIsDocumented() {
        const std::string md = ml::registryMarkdown();
        for (const auto& name : ml::EstimatorRegistry::instance().names())
            QVERIFY2(md.find("\n### " + name + "\n") != std::string::npos, name.c_str());
        QVERIFY(md.find("| `alpha` | `1.0` | float in [0, inf) or array | ") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMlDocs)
#include "test_ml_docs.moc"
