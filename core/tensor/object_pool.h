// A per-thread pool for the small objects that eager autograd creates and drops by the thousand
// (TensorImpl, StorageImpl, AutogradMeta, backward Nodes): freed blocks are kept on free lists by size
// and handed out again, instead of going through malloc each time. Use it through make_shared's
// allocator argument:
//
//   auto impl = std::allocate_shared<TensorImpl>(PoolAllocator<TensorImpl>{});
//
// Blocks up to kMaxPooledBytes are pooled, at most kMaxPooledBlocks per size on each thread; larger
// ones, and all of them under AddressSanitizer (so use-after-free is still reported), come from
// operator new. A block may be freed on another thread than the one that allocated it.
#pragma once

#include <cstddef>

namespace tessera {

namespace detail {
// False under AddressSanitizer: then the pools and caches hand out fresh memory every time, so a use
// after free is still reported.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kPooling = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kPooling = false;
#else
inline constexpr bool kPooling = true;
#endif
#else
inline constexpr bool kPooling = true;
#endif

void* poolAllocate(std::size_t bytes);
void poolFree(void* p, std::size_t bytes) noexcept;
}  // namespace detail

template <class T>
struct PoolAllocator {
    using value_type = T;
    PoolAllocator() noexcept = default;
    template <class U>
    PoolAllocator(const PoolAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(detail::poolAllocate(n * sizeof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { detail::poolFree(p, n * sizeof(T)); }
    template <class U>
    bool operator==(const PoolAllocator<U>&) const noexcept {
        return true;
    }
};

}  // namespace tessera
