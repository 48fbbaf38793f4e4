/*
 * Stand-in for the CANN 8.x toolkit's acl/acl_base.h (B-6), written for aclpp's tests from the
 * facts of the 8.1.RC1 headers: the error type and codes, and the export macro, which is the
 * default-visibility attribute only when FUNC_VISIBILITY is defined.
 */
#ifndef ACLPP_STANDIN_CANN8_ACL_BASE_H
#define ACLPP_STANDIN_CANN8_ACL_BASE_H

#include <stddef.h>
#include <stdint.h>

#include "error_codes/ge_error_codes.h"
#include "error_codes/rt_error_codes.h"

#if defined(FUNC_VISIBILITY)
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#else
#define ACL_FUNC_VISIBILITY
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef int aclError;

static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;

static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_WRITE_FILE = 100004;
static const int ACL_ERROR_INVALID_FILE_SIZE = 100005;
static const int ACL_ERROR_PARSE_FILE = 100006;
static const int ACL_ERROR_FILE_MISSING_ATTR = 100007;
static const int ACL_ERROR_FILE_ATTR_INVALID = 100008;
static const int ACL_ERROR_INVALID_DUMP_CONFIG = 100009;
static const int ACL_ERROR_INVALID_PROFILING_CONFIG = 100010;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;
static const int ACL_ERROR_COMPILING_STUB_MODE = 100039;
static const int ACL_ERROR_DUMP_NOT_RUN = 100045;
static const int ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG = 148048;

static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;

static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_GE_FAILURE = 500002;
static const int ACL_ERROR_RT_FAILURE = 500003;

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_STANDIN_CANN8_ACL_BASE_H */
