/* The C99 program the Makefile consumer builds with `pkg-config --cflags --libs aclpp`: the
 * lifecycle a C library takes part in, joining and leaving without tearing down other holders.
 * Exit status 0 only when every check holds. */
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAILED: %s\n", what);
        ++failures;
    }
}

int main(void) {
    uint64_t left = 99;
    aclError rc = aclInit(NULL);
    expect(rc == ACL_SUCCESS, "aclInit(NULL) initialises");
    rc = aclInit(NULL);
    expect(rc == ACL_ERROR_REPEAT_INITIALIZE, "a second aclInit joins with 100002");
    expect(aclrtGetSocName() != NULL && strlen(aclrtGetSocName()) > 0, "aclrtGetSocName names the emulated SoC");
    expect(aclFinalizeReference(&left) == ACL_SUCCESS && left == 1, "the joiner leaves; one holder is left");
    expect(aclFinalizeReference(&left) == ACL_SUCCESS && left == 0, "the owner leaves; the runtime is down");
    expect(strcmp(aclppErrorName(ACL_ERROR_REPEAT_INITIALIZE), "ACL_ERROR_REPEAT_INITIALIZE") == 0, "aclppErrorName");
    if (failures != 0) return 1;
    printf("aclpp core %s from C: ok\n", aclppCoreVersionString());
    return 0;
}
