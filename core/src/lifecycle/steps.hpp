// Shared pieces of the init and teardown step sequences.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "acl/aclpp_ext.h"
#include "callbacks/registry.hpp"

namespace aclpp::core {

/// Notifies the init callbacks of `type` (snapshot, no lock held); the first failure's code.
aclError notifyInitCallbacks(aclRegisterCallbackType type, std::string_view config, std::string &message);
/// Calls `callbacks` (a snapshot of the finalize callbacks of `type`, taken before the step
/// began so that running out of memory fails the step before anything ran: A-3); the first
/// failure's code. Throws nothing: `message` stays empty when there is no memory to describe it.
aclError notifyFinalizeCallbacks(aclRegisterCallbackType type, const std::vector<FinalizeCallback> &callbacks,
                                 std::string &message) noexcept;

/// L-6: records why a lifecycle call made from a callback on the transitioning thread is refused
/// and returns ACL_ERROR_FAILURE.
aclError reentrantCall(const char *function);

/// "ACL_ERROR_X(code): <what>" for failures that have no config finding.
[[nodiscard]] std::string stepFailureMessage(aclError code, aclppStep step, std::string_view what);

}  // namespace aclpp::core
