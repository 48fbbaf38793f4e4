// Step-level fault injection for tests: a step asks whether its device-layer call (or,
// for a callback step, the step) should answer a code instead of succeeding.
#pragma once

#include "acl/aclpp_ext.h"

namespace aclpp::core {

/// An injected answer, or none. Not std::optional: its empty payload is uninitialised, and GCC 11
/// at -O2 reads it before the flag in `fault && *fault != code`, which valgrind reports as a jump
/// on an uninitialised value.
struct InjectedFault {
    bool injected = false;
    aclError code = ACL_SUCCESS;

    explicit operator bool() const noexcept { return injected; }
    aclError operator*() const noexcept { return code; }
};

/// The injected answer for this execution of `step`, if any. Cheap when nothing is injected.
[[nodiscard]] InjectedFault takeFault(aclppStep step) noexcept;
void injectFault(aclppStep step, aclError code, uint32_t skip, uint32_t times) noexcept;
void clearFaults() noexcept;
[[nodiscard]] bool isKnownStep(int step) noexcept;
/// fork() support (L-10).
void lockFaultsForFork() noexcept;
void unlockFaultsAfterFork() noexcept;

}  // namespace aclpp::core
