/* libascendcl.so as the toolkit's compile-time stub: links like the runtime, does nothing. It
 * defines the functions the stand-in headers declare (cann/include/acl). */
#include <acl/acl.h>

#define STUB_CODE ACL_ERROR_COMPILING_STUB_MODE

aclError aclInit(const char *configPath) {
    (void)configPath;
    return STUB_CODE;
}
aclError aclFinalize(void) {
    return STUB_CODE;
}
aclError aclFinalizeReference(uint64_t *refCount) {
    (void)refCount;
    return STUB_CODE;
}
const char *aclGetRecentErrMsg(void) {
    return NULL;
}

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void *userData) {
    (void)type;
    (void)cbFunc;
    (void)userData;
    return STUB_CODE;
}
aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc) {
    (void)type;
    (void)cbFunc;
    return STUB_CODE;
}
aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc, void *userData) {
    (void)type;
    (void)cbFunc;
    (void)userData;
    return STUB_CODE;
}
aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc) {
    (void)type;
    (void)cbFunc;
    return STUB_CODE;
}

aclError aclrtSetDevice(int32_t deviceId) {
    (void)deviceId;
    return STUB_CODE;
}
aclError aclrtResetDevice(int32_t deviceId) {
    (void)deviceId;
    return STUB_CODE;
}
aclError aclrtResetDeviceForce(int32_t deviceId) {
    (void)deviceId;
    return STUB_CODE;
}
aclError aclrtGetDevice(int32_t *deviceId) {
    (void)deviceId;
    return STUB_CODE;
}
aclError aclrtGetDeviceCount(uint32_t *count) {
    (void)count;
    return STUB_CODE;
}
aclError aclrtSynchronizeDevice(void) {
    return STUB_CODE;
}
aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value) {
    (void)limit;
    (void)value;
    return STUB_CODE;
}
aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value) {
    (void)limit;
    (void)value;
    return STUB_CODE;
}
const char *aclrtGetSocName(void) {
    return NULL;
}
