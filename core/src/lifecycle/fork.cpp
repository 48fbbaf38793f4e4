// L-10: after fork() the child starts with an uninitialised runtime and a cleared identity.
// The prepare handler takes the locks so the child never inherits one held mid-update.
#include <pthread.h>

#include <atomic>
#include <new>

#include "callbacks/registry.hpp"
#include "callbacks/tokens.hpp"
#include "errors/recent_message.hpp"
#include "holders/log.hpp"
#include "holders/registry.hpp"
#include "lifecycle/faults.hpp"
#include "lifecycle/state.hpp"

namespace aclpp::core {
namespace {

// Every internal lock, always in this order, so the child never inherits one held.
void prepareFork() {
    processState().mutex.lock();
    callbackRegistry().lockForFork();
    lockTokensForFork();
    lockFaultsForFork();
    lockRecentErrorsForFork();
    lockHoldersForFork();
    lockLogForFork();
}

void parentAfterFork() {
    unlockLogAfterFork();
    unlockHoldersAfterFork();
    unlockRecentErrorsAfterFork();
    unlockFaultsAfterFork();
    unlockTokensAfterFork();
    callbackRegistry().unlockAfterFork();
    processState().mutex.unlock();
}

void childAfterFork() {
    unlockLogAfterFork();
    unlockHoldersAfterFork();
    resetHoldersInChild();  // L-10: the parent's holders hold nothing here
    unlockRecentErrorsAfterFork();
    unlockFaultsAfterFork();
    unlockTokensAfterFork();
    CallbackRegistry &registry = callbackRegistry();
    registry.resetInChild();
    registry.unlockAfterFork();

    ProcessState &state = processState();
    const uint64_t parentWord = state.word.load();
    state.word.store(0);
    state.forkedChild = state.forkedChild || parentWord != 0;
    state.finalized = false;
    state.identity.reset();
    if ((parentWord & kBusyBit) != 0 && !inTransitionOnThisThread()) {
        // Another thread of the parent was inside an init or a teardown, writing the runtime
        // outside the lock; it does not exist here and may have left a string or vector
        // half-written. Destroying that could free garbage, so the child leaks it and starts
        // afresh. (When this thread forked from a callback of its own transition, nothing is
        // half-written: the steps do not run while a callback does.)
        new (&state.runtime) RuntimeState{};
    } else {
        state.runtime = RuntimeState{};
    }
    ++state.forkGeneration;
    state.liveEpoch.store(0);
    ++state.deviceGeneration;  // current devices set in the parent are gone
    setTransitionOnThisThread(false);
    state.mutex.unlock();
}

}  // namespace

void installForkHandlers() {
    // Once: a second registration would make prepareFork take the same locks twice.
    static constinit std::atomic<bool> installed{false};
    if (!installed.exchange(true)) pthread_atfork(prepareFork, parentAfterFork, childAfterFork);
}

namespace {
// At load, not only when the process state is first built: the registry, fault and
// recent-error locks are taken by calls made before any init, and a fork racing one of those
// must not hand the child a lock that is held forever.
[[gnu::constructor]] void installForkHandlersAtLoad() {
    installForkHandlers();
}
}  // namespace

}  // namespace aclpp::core
