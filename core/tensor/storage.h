// A Storage is the shared, reference-counted, 64-byte aligned buffer behind one or more tensors.
// Views share one Storage; `storage.get()` identity is how tests tell that two tensors share memory.
//
//   auto s = StorageImpl::allocate(16 * sizeof(float));
//   float* p = static_cast<float*>(s->data());
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tessera {

class StorageImpl {
    struct Token {};  // only allocate() constructs (public for make_shared's sake)

public:
    static std::shared_ptr<StorageImpl> allocate(std::size_t nbytes);
    StorageImpl(Token, std::size_t nbytes);
    ~StorageImpl();
    StorageImpl(const StorageImpl&) = delete;
    StorageImpl& operator=(const StorageImpl&) = delete;

    void* data() const noexcept { return m_data; }
    std::size_t nbytes() const noexcept { return m_nbytes; }

    // Note [Version counter]: bumped by every in-place write to the storage. Autograd records the
    // version of each saved tensor and refuses a backward after the storage was modified since. All
    // views of one storage share the counter (PyTorch shares it between a base and its views).
    std::uint64_t version() const noexcept { return m_version.load(std::memory_order_relaxed); }
    void bumpVersion() noexcept { m_version.fetch_add(1, std::memory_order_relaxed); }

    // Number of storages alive in the process; tests use it to check that autograd frees saved tensors.
    static std::int64_t liveCount() noexcept;

private:
    void* m_data = nullptr;
    std::size_t m_nbytes = 0;
    std::atomic<std::uint64_t> m_version{0};
};

using Storage = std::shared_ptr<StorageImpl>;

}  // namespace tessera
