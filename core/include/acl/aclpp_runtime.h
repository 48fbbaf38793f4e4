/*
 * acl/aclpp_runtime.h: what differs between the runtimes aclpp runs over (decision B-6).
 *
 * The vendor's lifecycle API grew over CANN versions: the toolkits of CANN 9 declare
 * aclFinalizeReference, the init/finalize callback API and the device limits; CANN 8.x declares
 * none of them. aclpp's own declarations use the types below, never the vendor's names for them,
 * so that they compile against either toolkit, and over the vendor runtime libaclpp looks the
 * optional functions up on the loaded libascendcl.so, so that one binary runs over both.
 * Included by <acl/aclpp_ext.h>.
 */
#ifndef ACLPP_ACL_ACLPP_RUNTIME_H
#define ACLPP_ACL_ACLPP_RUNTIME_H

#include <acl/acl.h>
#include <acl/aclpp_export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The vendor's aclInitCallbackFunc and aclFinalizeCallbackFunc, under aclpp's names: the same
 * function types, so either name can be passed. */
typedef aclError (*aclppInitCallbackFunc)(const char *configStr, size_t len, void *userData);
typedef aclError (*aclppFinalizeCallbackFunc)(void *userData);
/* A value of the vendor's aclRegisterCallbackType (ACL_REG_TYPE_ACL_MODEL 0 .. ACL_REG_TYPE_ACL_RETR
 * 7, ACL_REG_TYPE_OTHER 0xFFFF); its constants convert to it. */
typedef int32_t aclppCallbackType;
/* A value of the vendor's aclrtDeviceLimit (ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE 0 ..
 * ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE 4). */
typedef int32_t aclppDeviceLimit;

/* ---- Which vendor features the loaded runtime has ------------------------------------------- */

/* Bits of aclppRuntimeFeatures. */
#define ACLPP_FEATURE_FINALIZE_REFERENCE 1u /* aclFinalizeReference */
#define ACLPP_FEATURE_CALLBACKS 2u          /* aclInitCallbackRegister/UnRegister and the finalize twins */
#define ACLPP_FEATURE_DEVICE_LIMITS 4u      /* aclrtDeviceSetLimit and aclrtDeviceGetLimit */
#define ACLPP_FEATURE_ALL 7u

/* The features the runtime has: all of them on the emulated runtime; over the vendor runtime,
 * those whose functions the loaded libascendcl.so exports (looked up once per process). */
ACLPP_EXPORT uint32_t aclppRuntimeFeatures(void);
/* The vendor functions behind one feature bit ("aclFinalizeReference"); NULL for anything else. */
ACLPP_EXPORT const char *aclppRuntimeFeatureFunctions(uint32_t feature);

/* ---- Which CANN release the loaded runtime is (B-9) ------------------------------------------ */

typedef enum aclppCannVersionSource {
    ACLPP_CANN_VERSION_UNKNOWN = 0,      /* the runtime states no version */
    ACLPP_CANN_VERSION_FROM_LIBRARY = 1, /* aclsysGetVersionStr("runtime", ...) of the loaded libascendcl.so */
    ACLPP_CANN_VERSION_FROM_FILE = 2     /* the Version= line of <toolkit>/share/info/runtime/version.info */
} aclppCannVersionSource;

typedef struct aclppRuntimeCannVersion {
    const char *version;           /* as the runtime states it ("8.0.RC2", "9.1.0"); "" when unknown */
    const char *rules;             /* the release whose rules validation applies for it ("9.0.0"); ""
                                      when the version names no release */
    aclppCannVersionSource source; /* where the version came from */
    const char *toolkit;           /* the toolkit of the loaded libascendcl.so (its lib64/..); "" when
                                      the loader does not say */
} aclppRuntimeCannVersion;

/* The CANN version of the loaded vendor runtime: what its aclsysGetVersionStr answers (no aclInit
 * needed), else the runtime package's version file of its toolkit, where the vendor's runtime reads
 * it. Detected once per process; the strings live as long as the process. A validation that is not
 * given a version and has no ACLPP_CANN_VERSION applies `rules` (B-9). ACL_ERROR_API_NOT_SUPPORT on
 * the emulated runtime (ACLPP_CANN_VERSION chooses its rules); ACL_ERROR_INVALID_PARAM for NULL. */
ACLPP_EXPORT aclError aclppGetRuntimeCannVersion(aclppRuntimeCannVersion *info);

/* ---- Who gives the live runtime back ---------------------------------------------------------
 * With aclFinalizeReference the runtime counts its holders and the last one, whoever it is,
 * tears it down. Without it (CANN 8.x) aclpp counts its own holders: the last aclpp holder of a
 * runtime that aclpp initialised calls aclFinalize, and a runtime that another library initialised
 * (aclpp's first aclInit on it answered 100002) is never finalized by aclpp. */
typedef enum aclppRuntimeOwner {
    ACLPP_OWNER_NONE = 0,    /* no runtime live (over CANN 8.x: aclpp holds no reference) */
    ACLPP_OWNER_COUNTED = 1, /* the runtime counts its references (aclFinalizeReference) */
    ACLPP_OWNER_ACLPP = 2,   /* no count in the runtime; aclpp initialised it: its last holder finalizes */
    ACLPP_OWNER_OTHER = 3    /* no count in the runtime; another library initialised it: aclpp never finalizes */
} aclppRuntimeOwner;

ACLPP_EXPORT aclppRuntimeOwner aclppGetRuntimeOwner(void);

/* ---- Device limits ---------------------------------------------------------------------------
 * aclrtDeviceSetLimit / aclrtDeviceGetLimit where the runtime has them (E-3);
 * ACL_ERROR_API_NOT_SUPPORT, with a recent error message naming the missing vendor function, where
 * it has not. */
ACLPP_EXPORT aclError aclppDeviceSetLimit(aclppDeviceLimit limit, size_t value);
ACLPP_EXPORT aclError aclppDeviceGetLimit(aclppDeviceLimit limit, size_t *value);

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_ACL_ACLPP_RUNTIME_H */
