// C-6: ScopedInit with static storage (a function-local static owner and a namespace-scope
// joiner) and a thread_local one: every reference is given back at exit (fresh process).
#include <acl/device.hpp>
#include <acl/scoped_init.hpp>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

void verify_after_static_destruction() {
    aclppLifecycleState state{};
    // Over the vendor runtime the device count is unknown (B-3).
    const bool ok = aclppGetLifecycleState(&state) == ACL_SUCCESS && state.refCount == 0 && state.initialized == 0 &&
                    (state.refCountIsTotal == 0 || aclppDevicesInUse() == 0);
    std::printf("C-6 static ScopedInit at exit: refCount=%llu initialized=%d devices=%llu: %s\n",
                static_cast<unsigned long long>(state.refCount), state.initialized,
                static_cast<unsigned long long>(aclppDevicesInUse()), ok ? "ok" : "FAILED");
    std::fflush(stdout);
    if (!ok) _exit(1);
}

struct Checker {
    Checker() { std::atexit(&verify_after_static_destruction); }
} g_checker;

acl::ScopedInit &owner() {
    static acl::ScopedInit init;  // the first reference: the owner
    return init;
}

}  // namespace

acl::ScopedInit g_joiner = (owner(), acl::ScopedInit());
acl::Device g_device{0};

int main() {
    std::thread worker([] {
        thread_local acl::ScopedInit per_thread;  // released when the thread ends
        if (!per_thread.joined()) std::_Exit(3);
    });
    worker.join();
    if (!owner().is_owner() || !g_joiner.joined()) {
        std::puts("unexpected ownership");
        return 1;
    }
    aclppLifecycleState state{};
    aclppGetLifecycleState(&state);
    std::printf("references held in main: %llu\n", static_cast<unsigned long long>(state.refCount));
    return state.refCount == 2 ? 0 : 1;
}
