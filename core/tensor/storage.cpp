#include "core/tensor/storage.h"

#include <cstdlib>
#include <new>

namespace tessera {

namespace {
std::atomic<std::int64_t> g_liveStorages{0};
constexpr std::size_t kAlignment = 64;
}  // namespace

StorageImpl::StorageImpl(std::size_t nbytes) : m_nbytes(nbytes) {
    // aligned_alloc wants a size that is a multiple of the alignment; a zero-size tensor still gets a
    // valid, unique pointer.
    std::size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
    if (rounded == 0) rounded = kAlignment;
    m_data = std::aligned_alloc(kAlignment, rounded);
    if (!m_data) throw std::bad_alloc();
    g_liveStorages.fetch_add(1, std::memory_order_relaxed);
}

StorageImpl::~StorageImpl() {
    std::free(m_data);
    g_liveStorages.fetch_sub(1, std::memory_order_relaxed);
}

std::shared_ptr<StorageImpl> StorageImpl::allocate(std::size_t nbytes) {
    return std::shared_ptr<StorageImpl>(new StorageImpl(nbytes));
}

std::int64_t StorageImpl::liveCount() noexcept { return g_liveStorages.load(std::memory_order_relaxed); }

}  // namespace tessera
