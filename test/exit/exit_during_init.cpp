// A-3, L-5: exit() is called by the main thread while a worker is inside an init callback of a
// 0->1 init. The callback blocks until exit has started (an atexit handler releases it); the
// handler then calls aclFinalize, which must wait for that init to commit and tear it down,
// without a deadlock and with nothing on stderr. alarm() turns a hang into a failure.
#include <signal.h>

#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "exit_common.hpp"

using namespace aclpp::exit_test;

namespace {

// Never destroyed: the worker may still wait on these while exit() runs static destructors.
struct Gate {
    std::mutex mutex;
    std::condition_variable changed;
    bool inside = false;
    bool exiting = false;
};
Gate &gate = *new Gate;

aclError blockUntilExit(const char *, size_t, void *) {
    std::unique_lock lock(gate.mutex);
    gate.inside = true;
    gate.changed.notify_all();
    gate.changed.wait(lock, [] { return gate.exiting; });
    return ACL_SUCCESS;
}

void releaseAndFinalize() {
    {
        std::lock_guard lock(gate.mutex);
        gate.exiting = true;
    }
    gate.changed.notify_all();
    // The worker's init is still in progress: aclFinalize waits for it, then tears it down.
    const aclError code = aclFinalize();
    expect(code == ACL_SUCCESS, "atexit: aclFinalize after the in-progress init", code);
    expectReleased("atexit: runtime still initialised");
    expect(lifecycleState().epoch == 1, "atexit: the worker's init did not commit");
    say("aclFinalize in the atexit handler waited for the init and tore it down");
}

}  // namespace

int main() {
    ::alarm(30);
    expect(std::atexit(releaseAndFinalize) == 0, "atexit");
    static char marker[] = "finalize callback ran";
    expect(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, blockUntilExit, nullptr) == ACL_SUCCESS,
           "aclInitCallbackRegister");
    expect(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, sayOnFinalize, marker) == ACL_SUCCESS,
           "aclFinalizeCallbackRegister");
    std::thread([] {
        const aclError code = aclInit(nullptr);
        expect(code == ACL_SUCCESS, "worker: aclInit", code);
    }).detach();
    {
        std::unique_lock lock(gate.mutex);
        gate.changed.wait(lock, [] { return gate.inside; });
    }
    expect(lifecycleState().transitionInProgress == 1, "no transition in progress while inside the callback");
    say("worker is inside the init callback; main calls exit");
    std::exit(0);
}
