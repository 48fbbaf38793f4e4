// F10 (issue 24), B-3: fork() while another thread is inside aclppInitFromBuffer over the vendor
// runtime. The child has no such thread, so nothing of aclpp may stay held for it: the child's
// own buffer init must return (the old code waited forever on a lock of the parent's thread).
// Exit status 0 when the child's init returned success; the child ends itself after 20 s.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

std::atomic<bool> inside{false};
std::atomic<bool> forked{false};
thread_local bool slowThread = false;

// Holds the parent's init (thread A) in its callback until the fork has happened.
aclError holdUntilForked(const char *, size_t, void *) {
    if (!slowThread) return ACL_SUCCESS;
    inside = true;
    while (!forked) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return ACL_SUCCESS;
}

}  // namespace

int main() {
    if (aclInitCallbackRegister(ACL_REG_TYPE_OTHER, holdUntilForked, nullptr) != ACL_SUCCESS) return 10;
    std::thread a([] {
        slowThread = true;
        if (aclppInitFromBuffer("{}", 2) != ACL_SUCCESS) std::fprintf(stderr, "thread A: init failed\n");
    });
    while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(1));

    const pid_t child = ::fork();
    if (child == 0) {
        ::alarm(20);  // a child that blocks ends with SIGALRM, which the parent reports
        const aclError rc = aclppInitFromBuffer(R"({"err_msg_mode": "1"})", 21);
        uint64_t remaining = 0;
        if (rc == ACL_SUCCESS) (void)aclFinalizeReference(&remaining);
        std::_Exit(rc == ACL_SUCCESS ? 0 : 1);
    }
    forked = true;
    a.join();
    if (child < 0) return 11;
    int status = 0;
    while (::waitpid(child, &status, 0) < 0) {
    }
    uint64_t remaining = 0;
    (void)aclFinalizeReference(&remaining);
    if (WIFSIGNALED(status)) {
        std::fprintf(stderr, "F10: the child's aclppInitFromBuffer did not return (signal %d)\n", WTERMSIG(status));
        return 1;
    }
    if (WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "F10: the child's aclppInitFromBuffer failed\n");
        return 1;
    }
    std::puts("F10: the fork child's buffer init returned while the parent's was held in a callback");
    return 0;
}
