// What every owning handle of the layer records at construction so that its destructor can
// tell whether the resource is still its own: the process (a fork() child must not release the
// parent's references, L-10) and the runtime epoch (a handle whose runtime was torn down by
// someone else's aclFinalize must not release a later runtime's reference).
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/detail/macros.hpp>
#include <cstdint>

#if ACLPP_HAS_GETPID
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#endif

namespace acl {
inline namespace v1 {
namespace detail {

/// The id of this process (0 where it cannot be known). getpid() is a system call (glibc
/// stopped caching it in 2.25) and every handle asks on creation and on release, so the id is
/// cached and refreshed in fork() children by a pthread_atfork handler.
[[nodiscard]] inline long current_process() noexcept {
#if ACLPP_HAS_GETPID
    static std::atomic<long> cached{static_cast<long>(::getpid())};
    [[maybe_unused]] static const bool refreshed_in_children =
        ::pthread_atfork(nullptr, nullptr,
                         [] { cached.store(static_cast<long>(::getpid()), std::memory_order_relaxed); }) == 0;
    return cached.load(std::memory_order_relaxed);
#else
    return 0;
#endif
}

/// An epoch that matches every epoch: used when the core cannot report one.
inline constexpr std::uint64_t kAnyEpoch = ~std::uint64_t{0};

/// The epoch of the live runtime (successful 0->1 inits so far), kAnyEpoch when unknown.
[[nodiscard]] inline std::uint64_t current_epoch() noexcept {
    const std::uint64_t epoch = aclppLifecycleEpoch();  // lock-free, unlike aclppGetLifecycleState
    return epoch == 0 ? kAnyEpoch : epoch;
}

/// Where and under which runtime a handle was created.
struct Origin {
    long process = 0;
    std::uint64_t epoch = kAnyEpoch;

    [[nodiscard]] static Origin here() noexcept { return Origin{current_process(), current_epoch()}; }

    /// False in a fork() child of the creating process.
    [[nodiscard]] bool same_process() const noexcept { return process == current_process(); }

    /// False when the runtime this handle belongs to is gone (finalized, or finalized and
    /// initialised again). Unknown states count as alive.
    [[nodiscard]] bool runtime_alive() const noexcept {
        const std::uint64_t live = aclppLifecycleEpoch();  // 0: not initialised
        if (live == 0) return false;
        return epoch == kAnyEpoch || live == epoch;
    }
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
