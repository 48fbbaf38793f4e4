/* Stand-in for the toolkit's acl/error_codes/rt_error_codes.h (B-5): the runtime codes aclpp
 * uses. The real header defines them as macros, not constants. */
#ifndef ACLPP_STANDIN_RT_ERROR_CODES_H
#define ACLPP_STANDIN_RT_ERROR_CODES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_CONTEXT_NULL 107002
#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000
#define ACL_ERROR_RT_INTERNAL_ERROR 507000

#ifdef __cplusplus
}
#endif

#endif
