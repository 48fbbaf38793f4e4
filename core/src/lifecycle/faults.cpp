#include "lifecycle/faults.hpp"

#include <atomic>
#include <mutex>
#include <new>
#include <vector>

#include "util/never_destroyed.hpp"

namespace aclpp::core {
namespace {

struct Fault {
    aclppStep step;
    aclError code;
    uint32_t skip;
    uint32_t times;
};

struct FaultTable {
    std::mutex mutex;
    std::vector<Fault> faults;
    std::atomic<bool> any{false};  // keeps the normal path free of the mutex
};

FaultTable &table() {
    static NeverDestroyed<FaultTable> instance;
    return instance.get();
}

}  // namespace

InjectedFault takeFault(aclppStep step) noexcept {
    FaultTable &t = table();
    if (!t.any.load(std::memory_order_acquire)) return {};
    std::lock_guard lock(t.mutex);
    for (Fault &fault : t.faults) {
        if (fault.step != step || fault.times == 0) continue;
        if (fault.skip > 0) {
            --fault.skip;
            return {};
        }
        --fault.times;
        return {true, fault.code};
    }
    return {};
}

void injectFault(aclppStep step, aclError code, uint32_t skip, uint32_t times) noexcept {
    FaultTable &t = table();
    std::lock_guard lock(t.mutex);
    try {
        t.faults.push_back(Fault{step, code, skip, times});
    } catch (const std::bad_alloc &) {
        return;
    }
    t.any.store(true, std::memory_order_release);
}

void clearFaults() noexcept {
    FaultTable &t = table();
    std::lock_guard lock(t.mutex);
    t.faults.clear();
    t.any.store(false, std::memory_order_release);
}

void lockFaultsForFork() noexcept {
    table().mutex.lock();
}
void unlockFaultsAfterFork() noexcept {
    table().mutex.unlock();
}

bool isKnownStep(int step) noexcept {
    return (step >= ACLPP_STEP_READ_FILE && step <= ACLPP_STEP_OTHER_CALLBACKS) ||
           (step >= ACLPP_STEP_FINALIZE_DLOG && step <= ACLPP_STEP_FINALIZE_OTHER_CALLBACKS);
}

}  // namespace aclpp::core
