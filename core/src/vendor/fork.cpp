// F10: a fork child never inherits a lock of the vendor backend held by a thread it does not
// have. The locks held across a vendor call are ForkSafeLocks, which a child takes over
// (fork_safe_lock.hpp). Each of the others is held only to update one table, never across a
// call: the prepare handler takes them all, so none is held mid-update at the fork, and both
// processes release them after it, as the emulated runtime does for its own (lifecycle/fork.cpp).
#include <pthread.h>

#include "callbacks/tokens.hpp"
#include "errors/recent_message.hpp"
#include "holders/log.hpp"
#include "holders/registry.hpp"
#include "vendor/live_runtime.hpp"
#include "vendor/token_entries.hpp"

namespace aclpp::vendor {
namespace {

// Always in this order. Each is a leaf: none is taken while another of them is held.
void prepareFork() {
    lockObservedForFork();
    lockOtherTokensForFork();
    core::lockTokensForFork();
    core::lockRecentErrorsForFork();
    core::lockHoldersForFork();
    core::lockLogForFork();
}

void parentAfterFork() {
    core::unlockLogAfterFork();
    core::unlockHoldersAfterFork();
    core::unlockRecentErrorsAfterFork();
    core::unlockTokensAfterFork();
    unlockOtherTokensAfterFork();
    unlockObservedAfterFork();
}

void childAfterFork() {
    parentAfterFork();
    core::resetHoldersInChild();  // the parent's holders hold nothing the child can give back
}

// At load: these locks are taken by calls made before any init (a token added, an error read).
[[gnu::constructor]] void installForkHandlersAtLoad() {
    pthread_atfork(prepareFork, parentAfterFork, childAfterFork);
}

}  // namespace
}  // namespace aclpp::vendor
