/* The CANN 9 stand-in's library with the vendor's version API (B-9): aclsysGetVersionStr answers
 * the runtime package's version, without aclInit, as the vendor's libascendcl.so does. The version
 * is one no toolkit's version.info beside it states, so a test sees which of the two was read. */
#include <string.h>

#define STANDIN_RUNTIME_VERSION "9.0.0.beta1"

int aclsysGetVersionStr(char *pkgName, char *versionStr);

int aclsysGetVersionStr(char *pkgName, char *versionStr) {
    if (pkgName == NULL || versionStr == NULL) return 100000; /* ACL_ERROR_INVALID_PARAM */
    if (strcmp(pkgName, "runtime") != 0) return 100000;
    memcpy(versionStr, STANDIN_RUNTIME_VERSION, sizeof STANDIN_RUNTIME_VERSION);
    return 0;
}
