/*
 * acl/acl.h: the AscendCL lifecycle subset, drop-in compatible with CANN.
 *
 * Names, values and signatures are the reference runtime's (decision A-1).
 * Everything aclpp adds lives in <acl/aclpp_ext.h>. This header is C99-clean. The emulated
 * core defines these functions, so they carry aclpp's export macro.
 */
#ifndef ACLPP_ACL_ACL_H
#define ACLPP_ACL_ACL_H

#include <stddef.h>
#include <stdint.h>

#include <acl/aclpp_export.h>

/* As the vendor's acl/acl_base_rt.h defines it (B-5), for programs that use it; aclpp's own
 * functions are exported with ACLPP_EXPORT, which does not depend on FUNC_VISIBILITY. */
#if defined(FUNC_VISIBILITY) && !defined(_WIN32)
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

static const int ACL_ERROR_RT_PARAM_INVALID = 107000;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;
static const int ACL_ERROR_RT_FEATURE_NOT_SUPPORT = 207000;
static const int ACL_ERROR_RT_INTERNAL_ERROR = 507000;

typedef enum aclRegisterCallbackType {
    ACL_REG_TYPE_ACL_MODEL = 0,
    ACL_REG_TYPE_ACL_OP_EXECUTOR = 1,
    ACL_REG_TYPE_ACL_OP_CBLAS = 2,
    ACL_REG_TYPE_ACL_OP_COMPILER = 3,
    ACL_REG_TYPE_ACL_TDT_CHANNEL = 4,
    ACL_REG_TYPE_ACL_TDT_QUEUE = 5,
    ACL_REG_TYPE_ACL_DVPP = 6,
    ACL_REG_TYPE_ACL_RETR = 7,
    ACL_REG_TYPE_OTHER = 0xFFFF
} aclRegisterCallbackType;

typedef aclError (*aclInitCallbackFunc)(const char *configStr, size_t len, void *userData);
typedef aclError (*aclFinalizeCallbackFunc)(void *userData);

typedef enum aclrtDeviceLimit {
    ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE = 0,
    ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE = 1,
    ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE = 2,
    ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE = 3,
    ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE = 4
} aclrtDeviceLimit;

ACLPP_EXPORT aclError aclInit(const char *configPath);
ACLPP_EXPORT aclError aclFinalize(void);
ACLPP_EXPORT aclError aclFinalizeReference(uint64_t *refCount);
ACLPP_EXPORT const char *aclGetRecentErrMsg(void);

ACLPP_EXPORT aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void *userData);
ACLPP_EXPORT aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc);
ACLPP_EXPORT aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                                  void *userData);
ACLPP_EXPORT aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc);

ACLPP_EXPORT aclError aclrtSetDevice(int32_t deviceId);
ACLPP_EXPORT aclError aclrtResetDevice(int32_t deviceId);
ACLPP_EXPORT aclError aclrtResetDeviceForce(int32_t deviceId);
ACLPP_EXPORT aclError aclrtGetDevice(int32_t *deviceId);
ACLPP_EXPORT aclError aclrtGetDeviceCount(uint32_t *count);
ACLPP_EXPORT aclError aclrtSynchronizeDevice(void);
ACLPP_EXPORT aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value);
ACLPP_EXPORT aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value);
ACLPP_EXPORT const char *aclrtGetSocName(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_ACL_ACL_H */
