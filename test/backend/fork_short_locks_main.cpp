// F10 (issue 24): fork() while another thread holds one of the vendor backend's short locks (the
// observed runtime's state, the callback tokens' table, the recent error text). The child has no
// such thread: without the fork handlers (core/src/vendor/fork.cpp) its first call that takes
// the same lock waits for ever. A thread calls aclpp in a loop while the main thread forks
// again and again; every child must make the same calls and exit within 5 s (else SIGALRM ends
// it and the test fails, at the first such child). Exit status 0 when every child returned.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <acl/aclpp_runtime.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <thread>

namespace {

constexpr int kForks = 400;
constexpr aclppCallbackHandle kUnknownHandle = 0x7fff'ffff;

// Each takes at least one of the short locks: the observed state; the token table and, for an
// unknown handle, the recent error text, which it writes. Not aclppGetRecentErrMsg: over the
// vendor runtime it reads the vendor's text too, under the vendor's own lock, which no handler
// of aclpp's can release in a child (the reference runtime's children blocked there, B-8).
void touchTheShortLocks() {
    (void)aclppGetRuntimeOwner();
    (void)aclppRemoveCallback(kUnknownHandle);
}

}  // namespace

int main() {
    std::atomic<bool> stop{false};
    std::thread busy([&] {
        while (!stop.load(std::memory_order_relaxed)) touchTheShortLocks();
    });
    int blocked = 0;
    for (int i = 0; i < kForks; ++i) {
        const pid_t child = ::fork();
        if (child == 0) {
            ::alarm(5);
            touchTheShortLocks();
            ::_exit(0);
        }
        int status = 0;
        if (child < 0 || ::waitpid(child, &status, 0) != child) {
            std::fprintf(stderr, "fork or waitpid failed at fork %d\n", i);
            stop = true;
            busy.join();
            return 2;
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            blocked = i + 1;  // one is enough: each costs its 5 s
            break;
        }
    }
    stop = true;
    busy.join();
    if (blocked != 0) {
        std::fprintf(stderr, "F10: fork child %d of %d blocked on a lock its parent's thread held\n", blocked, kForks);
        return 1;
    }
    std::printf("F10: %d fork children made their calls while a parent thread held the short locks\n", kForks);
    return 0;
}
