// MemoryLimit (core/tensor/memory_limit.h): a tensor over the calling thread's cap is a ValueError
// with the sizes in its message, the cap ends with its scope, only tightens when nested, and does
// not reach other threads.
#include <QtTest>

#include <thread>

#include "core/tensor/error.h"
#include "core/tensor/factory.h"
#include "core/tensor/memory_limit.h"

using namespace tessera;

class TestMemoryLimit : public QObject {
    Q_OBJECT

private slots:
    void overTheCapIsAValueError() {
        QCOMPARE(maxStorageBytes(), SIZE_MAX);
        {
            const MemoryLimit limit(std::size_t{16} << 20);
            QCOMPARE(maxStorageBytes(), std::size_t{16} << 20);
            QCOMPARE(zeros({1024, 1024}).numel(), std::int64_t{1} << 20);  // 4 MiB: allowed
            try {
                (void)zeros({1 << 20, 1 << 20});
                QFAIL("no error");
            } catch (const ValueError& e) {
                QCOMPARE(QString(e.what()), QString("cannot allocate 4398046511104 bytes for a tensor: more than the "
                                                    "limit of 16777216 bytes"));
            }
            {
                const MemoryLimit looser(std::size_t{1} << 40);
                QCOMPARE(maxStorageBytes(), std::size_t{16} << 20);  // nested limits never raise the cap
            }
            std::size_t other = 0;
            std::thread([&] { other = maxStorageBytes(); }).join();
            QCOMPARE(other, SIZE_MAX);
        }
        QCOMPARE(maxStorageBytes(), SIZE_MAX);
        QCOMPARE(zeros({2048, 2048}).numel(), std::int64_t{1} << 22);
    }
};

QTEST_APPLESS_MAIN(TestMemoryLimit)
#include "test_memory_limit.moc"
