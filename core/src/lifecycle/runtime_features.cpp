// The emulated runtime has every vendor feature (B-6): it counts its references itself and
// defines the callback API and the device limits.
#include "acl/aclpp_ext.h"
#include "devices/limits.hpp"
#include "platform/runtime_cann_version.hpp"

// aclpp's names for the limits are the vendor's values.
static_assert(aclpp::core::kLimitSimtStackSize == ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE);
static_assert(aclpp::core::kLimitSimtDivergenceStackSize == ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE);
static_assert(aclpp::core::kLimitSimdStackSize == ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE);
static_assert(aclpp::core::kLimitSimdPrintfFifoSizePerCore == ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE);
static_assert(aclpp::core::kLimitSimtPrintfFifoSize == ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE);

// B-9: the emulated runtime states no CANN version; ACLPP_CANN_VERSION chooses its rules.
std::optional<aclpp::schema::cann::Release> aclpp::core::loadedRuntimeCannRelease() noexcept {
    return std::nullopt;
}

extern "C" {

aclError aclppGetRuntimeCannVersion(aclppRuntimeCannVersion *info) {
    if (info == nullptr) return ACL_ERROR_INVALID_PARAM;
    *info = aclppRuntimeCannVersion{"", "", ACLPP_CANN_VERSION_UNKNOWN, ""};
    return ACL_ERROR_API_NOT_SUPPORT;
}

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
