// What every owning handle of the layer records at construction so that its destructor can
// tell whether the resource is still its own: the process (a fork() child must not release the
// parent's references, L-10) and the epoch of the runtime it took them on, as the core reported
// it with the reference (a handle whose runtime was torn down by someone else's aclFinalize must
// not release a later runtime's reference; the core's *OfEpoch calls refuse that atomically).
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/detail/atomic.hpp>
#include <acl/detail/macros.hpp>
#include <cstdint>

#if ACLPP_HAS_GETPID
#include <pthread.h>
#include <unistd.h>

#endif

namespace acl {
inline namespace v1 {
namespace detail {

/// The id of this process (0 where it cannot be known). getpid() is a system call (glibc
/// stopped caching it in 2.25) and every handle asks on creation and on release, so the id is
/// cached, and forgotten in fork() children by a pthread_atfork handler.
[[nodiscard]] inline long current_process() noexcept {
#if ACLPP_HAS_GETPID
    // constinit: no guard, so a fork() racing the first call cannot leave a child waiting on a
    // guard its parent's thread held. 0 = not cached: ask the kernel.
    static constinit Atomic<long> cached{0};
    enum : int { kNotInstalled, kInstalling, kInstalled };
    static constinit Atomic<int> child_handler{kNotInstalled};
    if (const long pid = cached.load(detail::MemoryOrder::relaxed); pid != 0) return pid;
    const long pid = static_cast<long>(::getpid());
    // A pid is cached only once the child handler that forgets it is installed, so a child never
    // keeps its parent's pid; while it is being installed, or if it cannot be, nothing is cached.
    int handler = child_handler.load(detail::MemoryOrder::acquire);
    if (handler == kNotInstalled && child_handler.compare_exchange_strong(handler, kInstalling)) {
        const bool installed =
            ::pthread_atfork(nullptr, nullptr, [] { cached.store(0, detail::MemoryOrder::relaxed); }) == 0;
        handler = installed ? kInstalled : kNotInstalled;
        child_handler.store(handler, detail::MemoryOrder::release);
    }
    if (handler == kInstalled) cached.store(pid, detail::MemoryOrder::relaxed);
    return pid;
#else
    return 0;
#endif
}

/// The epoch a handle records when the runtime it took its reference on was torn down (someone's
/// aclFinalize) before the call returned: nothing of it is left to give back. Never a live epoch.
inline constexpr std::uint64_t kNoRuntime = ~std::uint64_t{0};

/// Where, and on which runtime, a handle took what it holds.
struct Origin {
    long process = 0;
    std::uint64_t epoch = kNoRuntime;

    /// `epoch` as the core's *WithEpoch calls report it (0: the runtime is gone already).
    [[nodiscard]] static Origin taken_on(std::uint64_t epoch) noexcept {
        return Origin{current_process(), epoch == 0 ? kNoRuntime : epoch};
    }
    /// For what belongs to the process, not to one runtime (callback registrations).
    [[nodiscard]] static Origin this_process() noexcept { return Origin{current_process(), kNoRuntime}; }

    /// False in a fork() child of the creating process.
    [[nodiscard]] bool same_process() const noexcept { return process == current_process(); }
    /// The epoch to hand to the core's *OfEpoch calls: 0 (names no runtime) when it was gone.
    [[nodiscard]] std::uint64_t core_epoch() const noexcept { return epoch == kNoRuntime ? 0 : epoch; }
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
