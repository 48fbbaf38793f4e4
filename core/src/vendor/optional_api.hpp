// The vendor functions that not every toolkit has (B-6): CANN 8.x has no aclFinalizeReference,
// no init/finalize callback API and no device limits. aclpp never calls them through the
// toolkit's declarations (its headers may lack them): it looks them up once per process on the
// loaded libascendcl.so, so that one libaclpp runs over 8.x and 9.x alike.
#pragma once

#include <cstdint>

#include "acl/aclpp_runtime.h"

namespace aclpp::vendor {

// The vendor's aclRegisterCallbackType: ACL_REG_TYPE_ACL_MODEL 0 .. ACL_REG_TYPE_ACL_RETR 7 each hold
// one registration; ACL_REG_TYPE_OTHER any number.
inline constexpr aclppCallbackType kTypedCallbackCount = 8;
inline constexpr aclppCallbackType kCallbackTypeOther = 0xFFFF;

struct OptionalApi {
    aclError (*finalizeReference)(uint64_t *refCount) = nullptr;
    aclError (*initCallbackRegister)(aclppCallbackType type, aclppInitCallbackFunc func, void *userData) = nullptr;
    aclError (*initCallbackUnRegister)(aclppCallbackType type, aclppInitCallbackFunc func) = nullptr;
    aclError (*finalizeCallbackRegister)(aclppCallbackType type, aclppFinalizeCallbackFunc func,
                                         void *userData) = nullptr;
    aclError (*finalizeCallbackUnRegister)(aclppCallbackType type, aclppFinalizeCallbackFunc func) = nullptr;
    aclError (*deviceSetLimit)(aclppDeviceLimit limit, size_t value) = nullptr;
    aclError (*deviceGetLimit)(aclppDeviceLimit limit, size_t *value) = nullptr;
    // Not a feature of B-6: the runtime's version (B-9, runtime_version.cpp), which CANN 8.x may lack.
    aclError (*getVersionStr)(char *pkgName, char *versionStr) = nullptr;

    /// ACLPP_FEATURE_* bits: a feature counts when all of its functions were found.
    [[nodiscard]] uint32_t features() const noexcept;
    [[nodiscard]] bool has(uint32_t feature) const noexcept { return (features() & feature) == feature; }
};

/// The functions the loaded runtime exports, looked up on first use (thread-safe).
[[nodiscard]] const OptionalApi &optionalApi() noexcept;

/// ACL_ERROR_API_NOT_SUPPORT, with a recent error message saying that `what` needs `feature`'s
/// vendor functions, which the loaded runtime lacks.
[[nodiscard]] aclError featureMissing(const char *what, uint32_t feature) noexcept;

}  // namespace aclpp::vendor
