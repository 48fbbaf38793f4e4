// acl/detail/atomic.hpp: the few atomic variables the lifecycle headers keep (handler pointers,
// cached process ids, callback slots), without <atomic>.
//
// Why not std::atomic: in C++20, libstdc++'s <atomic> brings the atomic wait machinery (hash
// tables, gthreads, mutexes), and that was the largest part of what <acl/acl.hpp> added to the
// compile time of a translation unit (issue 7, target 5). GCC's and Clang's __atomic builtins are
// what std::atomic is made of there, ThreadSanitizer sees them the same way, and the operations
// below are the subset the headers use, all sequentially consistent unless an order is given.
// Other compilers get std::atomic itself.
#pragma once

#if defined(__GNUC__) || defined(__clang__)

namespace acl {
inline namespace v1 {
namespace detail {

/// The memory orders of the __atomic builtins, spelled like std::memory_order's.
enum class MemoryOrder : int {
    relaxed = __ATOMIC_RELAXED,
    acquire = __ATOMIC_ACQUIRE,
    release = __ATOMIC_RELEASE,
    seq_cst = __ATOMIC_SEQ_CST,
};

/// An atomic T (an integer, bool or pointer) with std::atomic's names for what it offers.
template <class T>
class Atomic {
public:
    constexpr Atomic() noexcept : value_{} {}
    constexpr Atomic(T value) noexcept : value_(value) {}  // NOLINT(google-explicit-constructor): like std::atomic
    Atomic(const Atomic &) = delete;
    Atomic &operator=(const Atomic &) = delete;

    [[nodiscard]] T load(MemoryOrder order = MemoryOrder::seq_cst) const noexcept {
        return __atomic_load_n(&value_, static_cast<int>(order));
    }
    void store(T value, MemoryOrder order = MemoryOrder::seq_cst) noexcept {
        __atomic_store_n(&value_, value, static_cast<int>(order));
    }
    T exchange(T value) noexcept { return __atomic_exchange_n(&value_, value, __ATOMIC_SEQ_CST); }
    bool compare_exchange_strong(T &expected, T desired) noexcept {
        return __atomic_compare_exchange_n(&value_, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }
    T fetch_add(T delta) noexcept { return __atomic_fetch_add(&value_, delta, __ATOMIC_SEQ_CST); }
    T fetch_sub(T delta) noexcept { return __atomic_fetch_sub(&value_, delta, __ATOMIC_SEQ_CST); }

private:
    // std::atomic aligns to the size, so that an 8-byte value is never split on 32-bit targets.
    alignas(sizeof(T) > alignof(T) ? sizeof(T) : alignof(T)) T value_;
};

}  // namespace detail
}  // namespace v1
}  // namespace acl

#else

#include <atomic>

namespace acl {
inline namespace v1 {
namespace detail {

struct MemoryOrder {
    static constexpr std::memory_order relaxed = std::memory_order_relaxed;
    static constexpr std::memory_order acquire = std::memory_order_acquire;
    static constexpr std::memory_order release = std::memory_order_release;
    static constexpr std::memory_order seq_cst = std::memory_order_seq_cst;
};

template <class T>
using Atomic = std::atomic<T>;

}  // namespace detail
}  // namespace v1
}  // namespace acl

#endif
