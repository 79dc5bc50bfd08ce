#include "core/tensor/object_pool.h"

#include <array>
#include <new>

namespace tessera::detail {

namespace {
constexpr bool kPool = kPooling;

constexpr std::size_t kGranule = 16;  // operator new's alignment, kept by every block
constexpr std::size_t kMaxPooledBytes = 512;
constexpr std::size_t kMaxPooledBlocks = 1024;
constexpr std::size_t kClasses = kMaxPooledBytes / kGranule;

struct FreeBlock {
    FreeBlock* next;
};

class Pool {
public:
    ~Pool() {
        for (FreeBlock* head : m_heads)
            while (head) {
                FreeBlock* next = head->next;
                ::operator delete(head);
                head = next;
            }
        s_destroyed = true;
    }
    void* take(std::size_t c) {
        FreeBlock* b = m_heads[c];
        if (!b) return nullptr;
        m_heads[c] = b->next;
        --m_counts[c];
        return b;
    }
    bool give(void* p, std::size_t c) {
        if (m_counts[c] >= kMaxPooledBlocks) return false;
        m_heads[c] = new (p) FreeBlock{m_heads[c]};
        ++m_counts[c];
        return true;
    }
    // Objects freed while the thread's statics are torn down, after its pool, go to operator delete.
    static thread_local bool s_destroyed;

private:
    std::array<FreeBlock*, kClasses> m_heads{};
    std::array<std::size_t, kClasses> m_counts{};
};
thread_local bool Pool::s_destroyed = false;

Pool& pool() {
    thread_local Pool p;
    return p;
}

// Size class of a block of `bytes` (> 0, ≤ kMaxPooledBytes); every block of a class has its largest size.
std::size_t sizeClass(std::size_t bytes) { return (bytes + kGranule - 1) / kGranule - 1; }
}  // namespace

void* poolAllocate(std::size_t bytes) {
    if (kPool && bytes <= kMaxPooledBytes && !Pool::s_destroyed) {
        const std::size_t c = sizeClass(bytes);
        if (void* p = pool().take(c)) return p;
        return ::operator new((c + 1) * kGranule);
    }
    return ::operator new(bytes);
}

void poolFree(void* p, std::size_t bytes) noexcept {
    if (kPool && bytes <= kMaxPooledBytes && !Pool::s_destroyed && pool().give(p, sizeClass(bytes))) return;
    ::operator delete(p);
}

}  // namespace tessera::detail
