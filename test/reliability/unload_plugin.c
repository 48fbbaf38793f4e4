/* The plugin of unload_cycles.c: a library linked to libaclpp, so that loading and unloading it
 * loads and unloads libaclpp. */
#include <acl/acl.h>
#include <acl/aclpp_ext.h>

/* A failing aclInit: leaves a message in the calling thread's store, unread. */
int aclppTestStoreMessage(void) {
    return aclInit("/nonexistent/aclpp-unload-test/acl.json");
}

/* The calling thread's text: 1 when it names the failure, else 0. */
int aclppTestMessageNamesFailure(void) {
    const char *text = aclGetRecentErrMsg();
    if (text == 0) return 0;
    for (; *text != '\0'; ++text) {
        if (text[0] == '1' && text[1] == '0' && text[2] == '0' && text[3] == '0' && text[4] == '0' && text[5] == '3')
            return 1;
    }
    return 0;
}
