/* Stand-in for the toolkit's acl/error_codes/ge_error_codes.h (B-5): aclpp uses none of its
 * codes; its export macro follows the same FUNC_VISIBILITY rule as ACL_FUNC_VISIBILITY. */
#ifndef ACLPP_STANDIN_GE_ERROR_CODES_H
#define ACLPP_STANDIN_GE_ERROR_CODES_H

#if defined(_MSC_VER)
#ifdef FUNC_VISIBILITY
#define GE_FUNC_VISIBILITY _declspec(dllexport)
#else
#define GE_FUNC_VISIBILITY
#endif
#else
#ifdef FUNC_VISIBILITY
#define GE_FUNC_VISIBILITY __attribute__((visibility("default")))
#else
#define GE_FUNC_VISIBILITY
#endif
#endif

#include <stddef.h>
#include <stdint.h>

#endif
