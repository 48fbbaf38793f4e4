// The emulated runtime has every vendor feature (B-6): it counts its references itself and
// defines the callback API and the device limits.
#include "acl/aclpp_ext.h"

extern "C" {

uint32_t aclppRuntimeFeatures(void) {
    return ACLPP_FEATURE_ALL;
}

aclppRuntimeOwner aclppGetRuntimeOwner(void) {
    return aclppLifecycleEpoch() != 0 ? ACLPP_OWNER_COUNTED : ACLPP_OWNER_NONE;
}

aclError aclppDeviceSetLimit(aclppDeviceLimit limit, size_t value) {
    return aclrtDeviceSetLimit(static_cast<aclrtDeviceLimit>(limit), value);
}

aclError aclppDeviceGetLimit(aclppDeviceLimit limit, size_t *value) {
    return aclrtDeviceGetLimit(static_cast<aclrtDeviceLimit>(limit), value);
}

}  // extern "C"
