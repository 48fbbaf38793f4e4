// The names of the vendor functions behind each feature bit (B-6), the same on both runtimes.
#include "acl/aclpp_ext.h"

extern "C" const char *aclppRuntimeFeatureFunctions(uint32_t feature) {
    switch (feature) {
        case ACLPP_FEATURE_FINALIZE_REFERENCE:
            return "aclFinalizeReference";
        case ACLPP_FEATURE_CALLBACKS:
            return "aclInitCallbackRegister, aclInitCallbackUnRegister, aclFinalizeCallbackRegister, "
                   "aclFinalizeCallbackUnRegister";
        case ACLPP_FEATURE_DEVICE_LIMITS:
            return "aclrtDeviceSetLimit, aclrtDeviceGetLimit";
        default:
            return nullptr;
    }
}
