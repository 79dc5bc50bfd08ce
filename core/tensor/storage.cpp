#include "core/tensor/storage.h"

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "core/tensor/error.h"
#include "core/tensor/memory_limit.h"
#include "core/tensor/object_pool.h"

namespace tessera {

namespace {
// Note [Live storage count]: the count of live storages is kept per thread, by the thread alone, so
// creating and freeing a storage costs a plain add rather than a locked read-modify-write on one
// shared cache line (which was most of the cost of a small StorageImpl's constructor and destructor).
// liveCount() sums the counters of the running threads and what finished threads left behind. A
// storage freed on another thread than its own counts -1 there and +1 on its own: the sum is right.
struct LiveCounters {
    std::mutex mutex;
    std::vector<const std::atomic<std::int64_t>*> running;
    std::atomic<std::int64_t> retired{0};  // left by finished threads and counted after a thread's end
};
// Never destroyed: storages may be freed by the destructors of static objects, after main returns.
LiveCounters& liveCounters() {
    static auto* counters = new LiveCounters;
    return *counters;
}

class ThreadLiveCount {
public:
    ThreadLiveCount() {
        auto& c = liveCounters();
        std::lock_guard lock(c.mutex);
        c.running.push_back(&m_count);
    }
    ~ThreadLiveCount() {
        auto& c = liveCounters();
        std::lock_guard lock(c.mutex);
        c.retired.fetch_add(m_count.load(std::memory_order_relaxed), std::memory_order_relaxed);
        std::erase(c.running, &m_count);
        s_destroyed = true;
    }
    // Written only by the owning thread: a relaxed load and store, no locked instruction.
    void add(std::int64_t d) noexcept {
        m_count.store(m_count.load(std::memory_order_relaxed) + d, std::memory_order_relaxed);
    }
    static thread_local bool s_destroyed;

private:
    std::atomic<std::int64_t> m_count{0};
};
thread_local bool ThreadLiveCount::s_destroyed = false;

void countLive(std::int64_t d) noexcept {
    if (ThreadLiveCount::s_destroyed) [[unlikely]] {
        liveCounters().retired.fetch_add(d, std::memory_order_relaxed);
        return;
    }
    thread_local ThreadLiveCount count;
    count.add(d);
}

constexpr std::size_t kAlignment = 64;

// Note [Storage block cache]: small tensors are created and freed at a high rate in eager autograd
// (every op of a chain allocates its output and its backward allocates gradients), and malloc's
// aligned path for a few kilobytes costs more than the op's kernel. Freed buffers up to kMaxCached
// bytes are therefore kept in a per-thread cache of size classes and handed out again. Classes are
// multiples of 64 bytes up to 1 KiB, then four per power of two, so a block wastes at most a quarter
// of its size. A thread keeps at most kMaxThreadBytes; beyond that freed blocks go back to the
// system. A block freed on another thread than the one that allocated it simply joins that thread's
// cache. Under AddressSanitizer the cache is bypassed, so a use after free is still reported.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCacheBlocks = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCacheBlocks = false;
#else
constexpr bool kCacheBlocks = true;
#endif
#else
constexpr bool kCacheBlocks = true;
#endif
constexpr std::size_t kSmallLimit = 1024;
constexpr std::size_t kMaxCached = std::size_t{4} << 20;
constexpr std::size_t kMaxThreadBytes = std::size_t{64} << 20;
constexpr std::size_t kSmallClasses = kSmallLimit / kAlignment;
// Octaves (2^10, 2^11] … (2^21, 2^22], four classes each.
constexpr std::size_t kClasses = kSmallClasses + 4 * (22 - 10);

struct SizeClass {
    std::size_t index;
    std::size_t bytes;  // the block size actually allocated
};

SizeClass sizeClass(std::size_t nbytes) {
    if (nbytes <= kSmallLimit) {
        const std::size_t bytes = nbytes == 0 ? kAlignment : (nbytes + kAlignment - 1) / kAlignment * kAlignment;
        return {bytes / kAlignment - 1, bytes};
    }
    const int octave = std::bit_width(nbytes - 1);  // 2^(octave-1) < nbytes <= 2^octave
    const std::size_t step = std::size_t{1} << (octave - 3);
    const std::size_t steps = (nbytes + step - 1) / step;  // 5 … 8
    return {kSmallClasses + 4 * static_cast<std::size_t>(octave - 11) + (steps - 5), steps * step};
}

class BlockCache {
public:
    ~BlockCache() {
        for (auto& list : m_free)
            for (void* p : list) std::free(p);
        s_destroyed = true;
    }
    // A block of at least `nbytes`, or nullptr when none is cached.
    void* take(const SizeClass& c) {
        auto& list = m_free[c.index];
        if (list.empty()) return nullptr;
        void* p = list.back();
        list.pop_back();
        m_bytes -= c.bytes;
        return p;
    }
    // Keeps `p` for reuse; false when the cache is full (the caller frees it).
    bool give(void* p, const SizeClass& c) {
        if (m_bytes + c.bytes > kMaxThreadBytes) return false;
        m_free[c.index].push_back(p);
        m_bytes += c.bytes;
        return true;
    }
    // A thread's cache is destroyed before the static objects of the program: storages freed after
    // that (by static tensors) go straight back to the system.
    static thread_local bool s_destroyed;

private:
    std::array<std::vector<void*>, kClasses> m_free;
    std::size_t m_bytes = 0;
};
thread_local bool BlockCache::s_destroyed = false;

BlockCache& blockCache() {
    thread_local BlockCache cache;
    return cache;
}

// Note [Memory limit]: checked only on the path of blocks too large for the cache, so the small
// tensors of eager autograd pay nothing; the cap (core/tensor/memory_limit.h) is far above kMaxCached.
thread_local std::size_t t_maxStorageBytes = SIZE_MAX;

// Note [Huge pages]: a block of 4 MiB or more is a fresh mapping of malloc's, faulted in and zeroed by
// the kernel one 4 KiB page at a time on first touch; as NumPy does for its large arrays, the 2 MiB
// aligned part of it is advised for transparent huge pages, so that first touch costs a fault per
// 2 MiB. Advice only: where huge pages are off or unavailable, nothing changes.
constexpr std::size_t kHugePage = std::size_t{1} << 21;

void adviseHugePages(void* p, std::size_t bytes) {
    if (bytes < 2 * kHugePage) return;
    const auto begin = (reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(kHugePage - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

void* allocateBlock(std::size_t nbytes) {
    if (kCacheBlocks && nbytes <= kMaxCached && !BlockCache::s_destroyed) {
        const SizeClass c = sizeClass(nbytes);
        if (void* p = blockCache().take(c)) return p;
        void* p = std::aligned_alloc(kAlignment, c.bytes);
        if (!p) throw std::bad_alloc();
        return p;
    }
    if (nbytes > t_maxStorageBytes)
        throw ValueError("cannot allocate " + std::to_string(nbytes) + " bytes for a tensor: more than the limit of " +
                         std::to_string(t_maxStorageBytes) + " bytes");
    // aligned_alloc wants a size that is a multiple of the alignment; a zero-size tensor still gets a
    // valid, unique pointer.
    std::size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    if (rounded == 0) rounded = kAlignment;
    void* p = std::aligned_alloc(kAlignment, rounded);
    if (!p) throw std::bad_alloc();
    adviseHugePages(p, rounded);
    return p;
}

void freeBlock(void* p, std::size_t nbytes) {
    if (kCacheBlocks && nbytes <= kMaxCached && !BlockCache::s_destroyed && blockCache().give(p, sizeClass(nbytes)))
        return;
    std::free(p);
}
}  // namespace

std::size_t maxStorageBytes() noexcept { return t_maxStorageBytes; }

MemoryLimit::MemoryLimit(std::size_t bytes) noexcept : m_previous(t_maxStorageBytes) {
    t_maxStorageBytes = std::min(bytes, m_previous);
}

MemoryLimit::~MemoryLimit() { t_maxStorageBytes = m_previous; }

StorageImpl::StorageImpl(Token, std::size_t nbytes) : m_data(allocateBlock(nbytes)), m_nbytes(nbytes) { countLive(1); }

StorageImpl::~StorageImpl() {
    freeBlock(m_data, m_nbytes);
    countLive(-1);
}

std::shared_ptr<StorageImpl> StorageImpl::allocate(std::size_t nbytes) {
    return std::allocate_shared<StorageImpl>(PoolAllocator<StorageImpl>{}, Token{}, nbytes);
}

std::int64_t StorageImpl::liveCount() noexcept {
    auto& c = liveCounters();
    std::lock_guard lock(c.mutex);
    std::int64_t n = c.retired.load(std::memory_order_relaxed);
    for (const auto* count : c.running) n += count->load(std::memory_order_relaxed);
    return n;
}

}  // namespace tessera
