// A cap on the bytes of one tensor's storage, for work whose sizes come from untrusted input (a
// script's `torch.zeros(10**6, 10**6)`): over it, creating the tensor throws ValueError instead of
// asking the system for gigabytes. The cap belongs to the calling thread (a GUI script run does not
// limit a training run on another thread) and is unlimited unless a MemoryLimit is alive; a nested
// MemoryLimit can lower the cap, never raise it.
//
//   MemoryLimit limit(std::size_t{1} << 30);    // 1 GiB per tensor until the end of the scope
//   Tensor t = zeros({1 << 20, 1 << 20});       // ValueError "cannot allocate 4398046511104 bytes …"
#pragma once

#include <cstddef>

namespace tessera {

// The calling thread's cap in bytes; SIZE_MAX when unlimited.
std::size_t maxStorageBytes() noexcept;

class MemoryLimit {
public:
    explicit MemoryLimit(std::size_t bytes) noexcept;
    ~MemoryLimit();
    MemoryLimit(const MemoryLimit&) = delete;
    MemoryLimit& operator=(const MemoryLimit&) = delete;

private:
    std::size_t m_previous;
};

}  // namespace tessera
