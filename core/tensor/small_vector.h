// A vector that keeps its first N elements inside the object and goes to the heap only beyond that.
// Eager autograd creates a backward Node per op, each with a couple of edges and input shapes; kept
// inline they cost no allocation.
//
//   SmallVector<std::int64_t, 5> sizes{32, 32};   // no heap allocation
//   sizes.push_back(4);
//   Shape shape = sizes.toVector();
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace tessera {

template <class T, std::size_t N>
class SmallVector {
    static_assert(N > 0, "SmallVector: the inline capacity must be positive");

public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVector() noexcept = default;
    SmallVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    template <class It>
    SmallVector(It first, It last) {
        assign(first, last);
    }
    explicit SmallVector(const std::vector<T>& values) { assign(values.begin(), values.end()); }
    SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
    SmallVector(SmallVector&& other) noexcept(std::is_nothrow_move_constructible_v<T>) { takeFrom(other); }
    SmallVector& operator=(const SmallVector& other) {
        if (this != &other) {
            clear();
            assign(other.begin(), other.end());
        }
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept(std::is_nothrow_move_constructible_v<T>) {
        if (this != &other) {
            release();
            takeFrom(other);
        }
        return *this;
    }
    ~SmallVector() { release(); }

    std::size_t size() const noexcept { return m_size; }
    bool empty() const noexcept { return m_size == 0; }
    std::size_t capacity() const noexcept { return m_capacity; }
    T* data() noexcept { return m_data; }
    const T* data() const noexcept { return m_data; }
    T* begin() noexcept { return m_data; }
    T* end() noexcept { return m_data + m_size; }
    const T* begin() const noexcept { return m_data; }
    const T* end() const noexcept { return m_data + m_size; }
    T& operator[](std::size_t i) noexcept { return m_data[i]; }
    const T& operator[](std::size_t i) const noexcept { return m_data[i]; }
    T& back() noexcept { return m_data[m_size - 1]; }
    const T& back() const noexcept { return m_data[m_size - 1]; }

    void reserve(std::size_t n) {
        if (n > m_capacity) grow(n);
    }
    template <class... Args>
    T& emplace_back(Args&&... args) {
        if (m_size == m_capacity) grow(std::max<std::size_t>(2 * m_capacity, m_size + 1));
        T* slot = ::new (static_cast<void*>(m_data + m_size)) T(std::forward<Args>(args)...);
        ++m_size;
        return *slot;
    }
    void push_back(const T& value) { emplace_back(value); }
    void push_back(T&& value) { emplace_back(std::move(value)); }
    void resize(std::size_t n) {
        reserve(n);
        while (m_size < n) emplace_back();
        while (m_size > n) m_data[--m_size].~T();
    }
    void clear() noexcept {
        std::destroy(begin(), end());
        m_size = 0;
    }

    std::vector<T> toVector() const { return std::vector<T>(begin(), end()); }

    friend bool operator==(const SmallVector& a, const SmallVector& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    // Comparison with a std::vector (a Shape against an inline copy of one).
    friend bool operator==(const SmallVector& a, const std::vector<T>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    T* inlineData() noexcept { return std::launder(reinterpret_cast<T*>(m_inline)); }
    bool isInline() const noexcept { return m_data == std::launder(reinterpret_cast<const T*>(m_inline)); }

    template <class It>
    void assign(It first, It last) {
        reserve(static_cast<std::size_t>(std::distance(first, last)));
        for (; first != last; ++first) emplace_back(*first);
    }

    void grow(std::size_t n) {
        T* fresh = static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(alignof(T))));
        std::uninitialized_move(begin(), end(), fresh);
        std::destroy(begin(), end());
        if (!isInline()) ::operator delete(m_data, std::align_val_t(alignof(T)));
        m_data = fresh;
        m_capacity = static_cast<std::uint32_t>(n);
    }

    // Destroys the elements and frees a heap buffer; leaves the object empty and inline.
    void release() noexcept {
        clear();
        if (!isInline()) ::operator delete(m_data, std::align_val_t(alignof(T)));
        m_data = inlineData();
        m_capacity = N;
    }

    // Takes other's elements (its heap buffer, or a move of its inline elements); other ends empty.
    void takeFrom(SmallVector& other) {
        if (other.isInline()) {
            std::uninitialized_move(other.begin(), other.end(), m_data);
            m_size = other.m_size;
            other.clear();
        } else {
            m_data = other.m_data;
            m_size = other.m_size;
            m_capacity = other.m_capacity;
            other.m_data = other.inlineData();
            other.m_size = 0;
            other.m_capacity = N;
        }
    }

    T* m_data = inlineData();
    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = N;
    alignas(T) unsigned char m_inline[N * sizeof(T)];
};

}  // namespace tessera
