#include "vendor/optional_api.hpp"

#include <dlfcn.h>

#include <string>

#include "acl/aclpp_ext.h"
#include "errors/recent_message.hpp"

namespace aclpp::vendor {
namespace {

/// The loaded libascendcl.so: found through the address of a function every toolkit has, so that
/// the lookup sees that library even when libaclpp was loaded with RTLD_LOCAL.
void *vendorLibrary() noexcept {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&aclInit), &info) != 0 && info.dli_fname != nullptr) {
        // RTLD_NOLOAD: a handle on the copy already mapped, never a second one. Kept for the
        // process, as the link to it is.
        if (void *handle = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) return handle;
    }
    return RTLD_DEFAULT;
}

template <class Function>
void lookUp(void *library, const char *name, Function &out) noexcept {
    out = reinterpret_cast<Function>(dlsym(library, name));
}

OptionalApi lookUpAll() noexcept {
    void *library = vendorLibrary();
    OptionalApi api;
    lookUp(library, "aclFinalizeReference", api.finalizeReference);
    lookUp(library, "aclInitCallbackRegister", api.initCallbackRegister);
    lookUp(library, "aclInitCallbackUnRegister", api.initCallbackUnRegister);
    lookUp(library, "aclFinalizeCallbackRegister", api.finalizeCallbackRegister);
    lookUp(library, "aclFinalizeCallbackUnRegister", api.finalizeCallbackUnRegister);
    lookUp(library, "aclrtDeviceSetLimit", api.deviceSetLimit);
    lookUp(library, "aclrtDeviceGetLimit", api.deviceGetLimit);
    lookUp(library, "aclsysGetVersionStr", api.getVersionStr);
    return api;
}

}  // namespace

uint32_t OptionalApi::features() const noexcept {
    uint32_t bits = 0;
    if (finalizeReference != nullptr) bits |= ACLPP_FEATURE_FINALIZE_REFERENCE;
    if (initCallbackRegister != nullptr && initCallbackUnRegister != nullptr && finalizeCallbackRegister != nullptr &&
        finalizeCallbackUnRegister != nullptr) {
        bits |= ACLPP_FEATURE_CALLBACKS;
    }
    if (deviceSetLimit != nullptr && deviceGetLimit != nullptr) bits |= ACLPP_FEATURE_DEVICE_LIMITS;
    return bits;
}

const OptionalApi &optionalApi() noexcept {
    static const OptionalApi api = lookUpAll();
    return api;
}

aclError featureMissing(const char *what, uint32_t feature) noexcept {
    try {
        aclpp::core::recordError(std::string("ACL_ERROR_API_NOT_SUPPORT(200001): ") + what + " needs " +
                                 aclppRuntimeFeatureFunctions(feature) +
                                 ", which the loaded libascendcl.so does not export (a CANN 8.x toolkit)");
    } catch (...) {
    }
    return ACL_ERROR_API_NOT_SUPPORT;
}

}  // namespace aclpp::vendor
