// What every owning handle of the layer records at construction so that its destructor can
// tell whether the resource is still its own: the process (a fork() child must not release the
// parent's references, L-10) and the runtime epoch (a handle whose runtime was torn down by
// someone else's aclFinalize must not release a later runtime's reference).
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/detail/macros.hpp>
#include <cstdint>

#if ACLPP_HAS_GETPID
#include <unistd.h>
#endif

namespace acl {
inline namespace v1 {
namespace detail {

/// The id of this process (0 where it cannot be known).
[[nodiscard]] inline long current_process() noexcept {
#if ACLPP_HAS_GETPID
    return static_cast<long>(::getpid());
#else
    return 0;
#endif
}

/// An epoch that matches every epoch: used when the core cannot report one.
inline constexpr std::uint64_t kAnyEpoch = ~std::uint64_t{0};

/// The epoch of the live runtime (successful 0->1 inits so far), kAnyEpoch when unknown.
[[nodiscard]] inline std::uint64_t current_epoch() noexcept {
    aclppLifecycleState state{};
    if (aclppGetLifecycleState(&state) != ACL_SUCCESS || state.epoch == 0) return kAnyEpoch;
    return state.epoch;
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
        aclppLifecycleState state{};
        if (aclppGetLifecycleState(&state) != ACL_SUCCESS) return true;
        if (state.initialized == 0) return false;
        return epoch == kAnyEpoch || state.epoch == 0 || state.epoch == epoch;
    }
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
