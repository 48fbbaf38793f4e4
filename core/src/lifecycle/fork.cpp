// L-10: after fork() the child starts with an uninitialised runtime and a cleared identity.
// The prepare handler takes the locks so the child never inherits one held mid-update.
#include <pthread.h>

#include "callbacks/registry.hpp"
#include "errors/recent_message.hpp"
#include "lifecycle/faults.hpp"
#include "lifecycle/state.hpp"

namespace aclpp::core {
namespace {

// Every internal lock, always in this order, so the child never inherits one held.
void prepareFork() {
    processState().mutex.lock();
    callbackRegistry().lockForFork();
    lockFaultsForFork();
    lockRecentErrorsForFork();
}

void parentAfterFork() {
    unlockRecentErrorsAfterFork();
    unlockFaultsAfterFork();
    callbackRegistry().unlockAfterFork();
    processState().mutex.unlock();
}

void childAfterFork() {
    unlockRecentErrorsAfterFork();
    unlockFaultsAfterFork();
    CallbackRegistry &registry = callbackRegistry();
    registry.resetInChild();
    registry.unlockAfterFork();

    ProcessState &state = processState();
    const bool parentHadRuntime = state.word.load() != 0;
    state.word.store(0);
    state.forkedChild = state.forkedChild || parentHadRuntime;
    state.finalized = false;
    state.identity.reset();
    state.runtime = RuntimeState{};
    state.liveEpoch.store(0);
    ++state.deviceGeneration;  // current devices set in the parent are gone
    setTransitionOnThisThread(false);
    state.mutex.unlock();
}

}  // namespace

void installForkHandlers() {
    pthread_atfork(prepareFork, parentAfterFork, childAfterFork);
}

}  // namespace aclpp::core
