// F10 (issue 24), B-6: fork() while another thread is inside the vendor's aclInit through aclpp
// over a CANN 8.x runtime, where aclpp serialises its own inits and finalizes under one lock.
// The child has no such thread, so it must not wait for it: the child's own init and the finalize
// of the reference it took must return (the old code waited for ever on a mutex the parent's
// thread held). The parent's thread is held inside the vendor's aclInit by this program's
// realpath(), which the vendor calls on the config path first. Exit status 0 when the child's
// init and finalize both succeeded; the child ends itself after 20 s (SIGALRM), the parent
// after 20 s without the slow thread inside and 40 s after the fork.
#include <acl/acl.h>
#include <acl/aclpp_ext.h>
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace {

char heldPath[] = "/tmp/aclpp-fork-transition-XXXXXX";
std::atomic<bool> inside{false};
std::atomic<bool> forked{false};
thread_local bool slowThread = false;

void pause1ms() {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

// The first resolution of the held path on the slow thread waits until the fork has happened.
extern "C" char *realpath(const char *path, char *resolved) {
    static auto real = reinterpret_cast<char *(*)(const char *, char *)>(dlsym(RTLD_NEXT, "realpath"));
    if (slowThread && path != nullptr && std::strcmp(path, heldPath) == 0 && !inside.exchange(true)) {
        while (!forked) pause1ms();
    }
    return real(path, resolved);
}

int main() {
    ::alarm(20);  // a parent that never sees the slow thread inside ends too
    const int fd = ::mkstemp(heldPath);
    if (fd < 0 || ::write(fd, "{}", 2) != 2 || ::close(fd) != 0) return 10;

    std::thread slow([] {
        slowThread = true;
        uint64_t epoch = 0;
        if (aclppInitWithEpoch(heldPath, &epoch) != ACL_SUCCESS) std::fprintf(stderr, "slow thread: init failed\n");
        uint64_t left = 0;
        (void)aclppFinalizeReferenceOfEpoch(epoch, &left);
    });
    while (!inside) pause1ms();

    const pid_t child = ::fork();
    if (child == 0) {
        ::alarm(20);  // a child that blocks ends with SIGALRM, which the parent reports
        uint64_t epoch = 0;
        const aclError init = aclppInitWithEpoch(nullptr, &epoch);
        uint64_t left = 0;
        const aclError finalize = init == ACL_SUCCESS ? aclppFinalizeReferenceOfEpoch(epoch, &left) : init;
        std::_Exit(init == ACL_SUCCESS && finalize == ACL_SUCCESS && left == 0 ? 0 : 1);
    }
    ::alarm(40);  // the parent waits for the child's own alarm
    forked = true;
    slow.join();
    ::unlink(heldPath);
    if (child < 0) return 11;
    int status = 0;
    while (::waitpid(child, &status, 0) < 0) {
    }
    if (WIFSIGNALED(status)) {
        std::fprintf(stderr, "F10: the child's init or finalize through aclpp did not return (signal %d)\n",
                     WTERMSIG(status));
        return 1;
    }
    if (WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "F10: the child's init or finalize through aclpp failed\n");
        return 1;
    }
    std::puts("F10: the fork child's init and finalize returned while a parent thread was inside the vendor's aclInit");
    return 0;
}
