/* Stand-in for the CANN 8.x toolkit's acl/error_codes/rt_error_codes.h (B-6): the runtime codes
 * aclpp's lifecycle calls can see. */
#ifndef ACLPP_STANDIN_CANN8_RT_ERROR_CODES_H
#define ACLPP_STANDIN_CANN8_RT_ERROR_CODES_H

#ifdef __cplusplus
extern "C" {
#endif

static const int ACL_ERROR_RT_PARAM_INVALID = 107000;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const int ACL_ERROR_RT_FEATURE_NOT_SUPPORT = 207000;
static const int ACL_ERROR_RT_INTERNAL_ERROR = 507000;

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_STANDIN_CANN8_RT_ERROR_CODES_H */
