// Step-level fault injection for tests: a step asks whether its device-layer call (or,
// for a callback step, the step) should answer a code instead of succeeding.
#pragma once

#include <optional>

#include "acl/aclpp_ext.h"

namespace aclpp::core {

/// The injected answer for this execution of `step`, if any. Cheap when nothing is injected.
[[nodiscard]] std::optional<aclError> takeFault(aclppStep step) noexcept;
void injectFault(aclppStep step, aclError code, uint32_t skip, uint32_t times) noexcept;
void clearFaults() noexcept;
[[nodiscard]] bool isKnownStep(int step) noexcept;
/// fork() support (L-10).
void lockFaultsForFork() noexcept;
void unlockFaultsAfterFork() noexcept;

}  // namespace aclpp::core
