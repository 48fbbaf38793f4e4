/* A C99 program that includes only <acl/acl.h> and links through pkg-config. */
#include <acl/acl.h>
#include <stdio.h>

int main(void) {
    uint64_t count = 0;
    aclError rc = aclInit(NULL);
    if (rc != ACL_SUCCESS) return 1;
    if (aclInit("") != ACL_ERROR_REPEAT_INITIALIZE) return 2;
    if (aclFinalizeReference(&count) != ACL_SUCCESS || count != 1) return 3;
    if (aclFinalize() != ACL_SUCCESS) return 4;
    if (aclFinalize() != ACL_ERROR_REPEAT_FINALIZE) return 5;
    printf("c99 consumer: ok\n");
    return 0;
}
