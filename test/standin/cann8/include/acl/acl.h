/*
 * Stand-in for the CANN 8.x toolkit's acl/acl.h (B-6), written for aclpp's tests from the facts
 * of the 8.1.RC1 headers: init, finalize and the recent error message, and nothing of what CANN
 * 9 added (aclFinalizeReference, the init/finalize callback API, aclRegisterCallbackType,
 * aclsysGetVersionStr). The 8.x documentation says aclInit can be called only once in a
 * process; aclpp's tests run each case in a process of its own.
 */
#ifndef ACLPP_STANDIN_CANN8_ACL_H
#define ACLPP_STANDIN_CANN8_ACL_H

#include "acl_mdl.h"
#include "acl_op.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 13
#define ACL_PATCH_VERSION 0

ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);
ACL_FUNC_VISIBILITY aclError aclFinalize(void);
ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_STANDIN_CANN8_ACL_H */
