// SmallVector keeps its first N elements inline and moves to the heap beyond; copies, moves and
// growth keep every element (Node edges and input shapes live in it, Note [Inline Node storage]).
#include <QtTest>

#include <memory>
#include <string>

#include "core/tensor/small_vector.h"

using namespace tessera;

class TestSmallVector : public QObject {
    Q_OBJECT
private slots:
    void inlineThenHeap() {
        SmallVector<std::int64_t, 3> v{1, 2};
        QCOMPARE(v.size(), std::size_t(2));
        QCOMPARE(v.capacity(), std::size_t(3));
        v.push_back(3);
        QCOMPARE(v.capacity(), std::size_t(3));
        v.push_back(4);
        QVERIFY(v.capacity() >= 4);
        QCOMPARE(v.toVector(), (std::vector<std::int64_t>{1, 2, 3, 4}));
        QVERIFY(v == (std::vector<std::int64_t>{1, 2, 3, 4}));
        QVERIFY(!(v == (std::vector<std::int64_t>{1, 2, 3})));
    }
    void copyAndMoveKeepElements() {
        // Non-trivial elements: the reference counts show that nothing is leaked or destroyed twice.
        auto shared = std::make_shared<int>(7);
        SmallVector<std::shared_ptr<int>, 2> small;
        small.push_back(shared);
        SmallVector<std::shared_ptr<int>, 2> big;
        for (int i = 0; i < 5; ++i) big.push_back(shared);
        QCOMPARE(shared.use_count(), 7L);
        {
            auto copyOfSmall = small;
            auto copyOfBig = big;
            QCOMPARE(shared.use_count(), 13L);
            auto movedSmall = std::move(copyOfSmall);  // inline: elements are moved one by one
            auto movedBig = std::move(copyOfBig);      // heap: the buffer changes hands
            QVERIFY(copyOfSmall.empty());
            QVERIFY(copyOfBig.empty());
            QCOMPARE(movedSmall.size(), std::size_t(1));
            QCOMPARE(movedBig.size(), std::size_t(5));
            QCOMPARE(shared.use_count(), 13L);
            movedBig = std::move(movedSmall);
            QCOMPARE(movedBig.size(), std::size_t(1));
            QCOMPARE(shared.use_count(), 8L);
        }
        QCOMPARE(shared.use_count(), 7L);
        big.resize(1);
        QCOMPARE(shared.use_count(), 3L);
        big.clear();
        small.clear();
        QCOMPARE(shared.use_count(), 1L);
    }
    void nestedSmallVectors() {
        SmallVector<SmallVector<std::string, 1>, 2> outer;
        for (int i = 0; i < 4; ++i) {
            SmallVector<std::string, 1> inner;
            for (int j = 0; j <= i; ++j) inner.push_back(std::string(20, static_cast<char>('a' + j)));
            outer.push_back(std::move(inner));
        }
        QCOMPARE(outer.size(), std::size_t(4));
        QCOMPARE(outer[3].size(), std::size_t(4));
        QCOMPARE(outer[3][2], std::string(20, 'c'));
        const auto copy = outer;
        QVERIFY(copy == outer);
    }
};

QTEST_APPLESS_MAIN(TestSmallVector)
#include "test_small_vector.moc"
