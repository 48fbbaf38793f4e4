/*
 * Stand-in for the CANN 8.x toolkit's acl/acl_rt.h (B-6): the device calls of the lifecycle
 * API that 8.1.RC1 declares. No aclrtDeviceLimit and no aclrtDeviceSetLimit/GetLimit: those
 * came with CANN 9.
 */
#ifndef ACLPP_STANDIN_CANN8_ACL_RT_H
#define ACLPP_STANDIN_CANN8_ACL_RT_H

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);
ACL_FUNC_VISIBILITY const char *aclrtGetSocName(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_STANDIN_CANN8_ACL_RT_H */
