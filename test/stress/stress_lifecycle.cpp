// Concurrency stress of the lifecycle C ABI (L-5, L-7, E-2), bounded in iterations and time so
// that it also runs under ThreadSanitizer.
//
//   stress_lifecycle [--threads N] [--iterations M] [--seconds S] [--seed X]
//
// N threads (default 8) each run up to M random steps (default 100000) for at most S seconds
// (default 4): aclInit(NULL) or aclppInitFromBuffer of one fixed config, aclFinalizeReference of
// a reference they hold, init/finalize callback register/unregister with their own functions
// and userData, a register race on an exclusive (non-OTHER) type, aclrtSetDevice/ResetDevice
// balanced per thread, aclrtGetDevice, aclGetRecentErrMsg. Invariants:
//  - every init that returned 0 or 100002 is matched by exactly one successful
//    aclFinalizeReference; the only other init result is 100000, and only ever for the config
//    whose identity was not the first one remembered (L-4);
//  - a tracker pair (init + finalize callback, registered first) alternates strictly and fires
//    exactly once per epoch: init calls == finalize calls == epochs (L-1, L-7);
//  - no lost callback: a thread's init callback registered before it joined or started the
//    runtime has been called by the time the thread holds a reference (a late call after the
//    init commits is waited for, bounded) (L-7);
//  - one registration at a time for a non-OTHER type (L-7); (un)registering from inside a
//    callback works and never deadlocks (L-7);
//  - aclrtGetDevice gives the device the thread set while it holds a reference (E-2);
//  - at the end: count 0, not initialised, no transition, no device in use, only the tracker
//    pair registered.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"

namespace {

constexpr int kMaxThreads = 32;
constexpr std::string_view kConfig = R"({"err_msg_mode":"0","max_opqueue_num":"100"})";

// ---- Failures --------------------------------------------------------------------------------

std::mutex failureMutex;
std::vector<std::string> failures;

[[gnu::format(printf, 1, 2)]] void fail(const char *format, ...) {
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    std::lock_guard lock(failureMutex);
    if (failures.size() < 50) failures.emplace_back(text);
}

// ---- The tracker pair: strict alternation, one pair per epoch -------------------------------------

std::atomic<bool> trackerLive{false};
std::atomic<uint64_t> trackerInits{0};
std::atomic<uint64_t> trackerFinalizes{0};

aclError trackerInit(const char *, size_t, void *) {
    ++trackerInits;
    if (trackerLive.exchange(true)) fail("tracker init callback ran twice without a finalize in between");
    return ACL_SUCCESS;
}

aclError trackerFinalize(void *) {
    ++trackerFinalizes;
    if (!trackerLive.exchange(false)) fail("tracker finalize callback ran without an init before it");
    return ACL_SUCCESS;
}

// ---- Per-thread callbacks: one function per thread, one counter per registration ------------------

struct RegistrationSlot {
    std::atomic<int> calls{0};
};

// L-7: (un)registering from inside a callback is safe. Each call adds one entry and removes
// one, so the registry stays balanced whichever thread's entry the unregister finds first.
aclError nestedInit(const char *, size_t, void *) {
    return ACL_SUCCESS;
}
aclError nestedFinalize(void *) {
    return ACL_SUCCESS;
}

void registerFromCallback() {
    if (aclInitCallbackRegister(ACL_REG_TYPE_OTHER, nestedInit, nullptr) != ACL_SUCCESS) {
        fail("aclInitCallbackRegister from inside a callback failed");
    } else if (aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, nestedInit) != ACL_SUCCESS) {
        fail("aclInitCallbackUnRegister from inside a callback failed");
    }
    if (aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, nestedFinalize, nullptr) != ACL_SUCCESS) {
        fail("aclFinalizeCallbackRegister from inside a callback failed");
    } else if (aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, nestedFinalize) != ACL_SUCCESS) {
        fail("aclFinalizeCallbackUnRegister from inside a callback failed");
    }
}

aclError countInit(const char *config, size_t length, void *userData) {
    if (config == nullptr) fail("init callback got a NULL config");
    if (length != 0 && length != kConfig.size()) fail("init callback got %zu config bytes", length);
    ++static_cast<RegistrationSlot *>(userData)->calls;
    registerFromCallback();
    return ACL_SUCCESS;
}

aclError countFinalize(void *userData) {
    ++static_cast<RegistrationSlot *>(userData)->calls;
    registerFromCallback();
    return ACL_SUCCESS;
}

template <int N>
aclError threadInit(const char *config, size_t length, void *userData) {
    return countInit(config, length, userData);
}
template <int N>
aclError threadFinalize(void *userData) {
    return countFinalize(userData);
}

template <int... N>
constexpr std::array<aclInitCallbackFunc, sizeof...(N)> initTable(std::integer_sequence<int, N...>) {
    return {threadInit<N>...};
}
template <int... N>
constexpr std::array<aclFinalizeCallbackFunc, sizeof...(N)> finalizeTable(std::integer_sequence<int, N...>) {
    return {threadFinalize<N>...};
}
constexpr auto kThreadInit = initTable(std::make_integer_sequence<int, kMaxThreads>{});
constexpr auto kThreadFinalize = finalizeTable(std::make_integer_sequence<int, kMaxThreads>{});

// The exclusive type: at most one registration at a time, whoever wins the race.
std::atomic<int> modelOwner{-1};
aclError exclusiveInit(const char *, size_t, void *) {
    return ACL_SUCCESS;
}

// ---- Threads ---------------------------------------------------------------------------------------

struct Options {
    int threads = 8;
    long iterations = 100000;
    double seconds = 4.0;
    unsigned seed = 12345;
};

struct Totals {
    std::atomic<uint64_t> inits{0};            // 0
    std::atomic<uint64_t> joins{0};            // 100002
    std::atomic<uint64_t> identityRejects{0};  // 100000
    std::atomic<uint64_t> releases{0};         // successful aclFinalizeReference
    std::atomic<uint64_t> registrations{0};
    std::atomic<uint64_t> deviceSets{0};
    std::atomic<uint64_t> messages{0};
    std::atomic<uint64_t> steps{0};
    std::atomic<uint64_t> lateWaits{0};
    // Which init variant (0: NULL, 1: the buffer) got 0 and which got 100000.
    std::array<std::atomic<uint64_t>, 2> successByVariant{};
    std::array<std::atomic<uint64_t>, 2> rejectByVariant{};
};
Totals totals;

std::atomic<int> ready{0};

// Registration slots live until the end of main: a snapshot may call a callback after its
// unregister returned.
std::mutex slotMutex;
std::deque<RegistrationSlot> slots;

RegistrationSlot *newSlot() {
    std::lock_guard lock(slotMutex);
    return &slots.emplace_back();
}

class Worker {
public:
    Worker(int index, const Options &options, std::chrono::steady_clock::time_point deadline)
        : index_(index), options_(options), deadline_(deadline), random_(options.seed * 7919u + index) {}

    void run() {
        // Start together, so that the threads really overlap.
        ++ready;
        while (ready.load() < options_.threads) std::this_thread::yield();
        for (long i = 0; i < options_.iterations && std::chrono::steady_clock::now() < deadline_; ++i) {
            step();
            ++totals.steps;
        }
        // Leave everything balanced: registrations, devices, references.
        if (initRegistered_) unregisterInit();
        if (finalizeRegistered_) unregisterFinalize();
        if (ownsModel_) unregisterExclusive();
        while (held_ > 0) release();
    }

private:
    void step() {
        switch (std::uniform_int_distribution<int>(0, 11)(random_)) {
            case 0:
            case 1:
            case 2:
                held_ < 2 ? init() : release();
                break;
            case 3:
            case 4:
                if (held_ > 0) release();
                break;
            case 5:
                initRegistered_ ? unregisterInit() : registerInit();
                break;
            case 6:
                finalizeRegistered_ ? unregisterFinalize() : registerFinalize();
                break;
            case 7:
                ownsModel_ ? unregisterExclusive() : registerExclusive();
                break;
            case 8:
            case 9:
                deviceStep();
                break;
            case 10:
                checkNoLostCallback();
                break;
            default:
                message();
                break;
        }
    }

    void init() {
        const int variant = std::uniform_int_distribution<int>(0, 1)(random_);
        // Half of the calls use the *WithEpoch twins (what the C++ handles call), whose
        // references are then given back with aclppFinalizeReferenceOfEpoch.
        const bool withEpoch = std::uniform_int_distribution<int>(0, 1)(random_) == 1;
        uint64_t epoch = 0;
        aclError code = ACL_SUCCESS;
        if (withEpoch) {
            code = variant == 0 ? aclppInitWithEpoch(nullptr, &epoch)
                                : aclppInitFromBufferWithEpoch(kConfig.data(), kConfig.size(), &epoch);
        } else {
            code = variant == 0 ? aclInit(nullptr) : aclppInitFromBuffer(kConfig.data(), kConfig.size());
        }
        if (code == ACL_SUCCESS) {
            ++totals.inits;
            ++totals.successByVariant[static_cast<size_t>(variant)];
        } else if (code == ACL_ERROR_REPEAT_INITIALIZE) {
            ++totals.joins;
        } else if (code == ACL_ERROR_INVALID_PARAM) {
            ++totals.identityRejects;
            ++totals.rejectByVariant[static_cast<size_t>(variant)];
            (void)aclGetRecentErrMsg();
            return;
        } else {
            fail("thread %d: init variant %d returned %d", index_, variant, code);
            return;
        }
        // Nobody calls aclFinalize here, so a reference is never lost: the epoch is the live one,
        // and every reference this thread holds is of the same runtime.
        if (withEpoch && epoch == 0)
            fail("thread %d: a %s init reported epoch 0", index_, variant == 0 ? "file" : "buffer");
        if (withEpoch && held_ > 0 && heldEpochs_[0] != 0 && heldEpochs_[0] != epoch) {
            fail("thread %d: references of epochs %llu and %llu held at once", index_,
                 static_cast<unsigned long long>(heldEpochs_[0]), static_cast<unsigned long long>(epoch));
        }
        heldEpochs_[static_cast<size_t>(held_)] = withEpoch ? epoch : 0;
        ++held_;
        checkNoLostCallback();
    }

    void release() {
        // Devices are balanced per thread: reset before the last reference goes.
        if (held_ == 1) {
            while (deviceSets_ > 0) resetDevice();
        }
        uint64_t remaining = UINT64_MAX;
        const uint64_t epoch = heldEpochs_[static_cast<size_t>(held_ - 1)];
        const aclError code =
            epoch != 0 ? aclppFinalizeReferenceOfEpoch(epoch, &remaining) : aclFinalizeReference(&remaining);
        if (code != ACL_SUCCESS) {
            fail("thread %d holds %d references but aclFinalizeReference returned %d", index_, held_, code);
            return;
        }
        if (remaining == UINT64_MAX) fail("aclFinalizeReference did not write the count");
        ++totals.releases;
        --held_;
        if (held_ == 0) initCallbackChecked_ = false;  // check again against the next epoch
    }

    void registerInit() {
        initSlot_ = newSlot();
        const aclError code =
            aclInitCallbackRegister(ACL_REG_TYPE_OTHER, kThreadInit[static_cast<size_t>(index_)], initSlot_);
        if (code != ACL_SUCCESS) {
            fail("thread %d: aclInitCallbackRegister(OTHER) returned %d", index_, code);
            return;
        }
        ++totals.registrations;
        initRegistered_ = true;
        // If this thread already holds a reference the runtime is live: L-7 calls it at once.
        initCallbackChecked_ = false;
        if (held_ > 0) checkNoLostCallback();
    }

    void unregisterInit() {
        const aclError code = aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, kThreadInit[static_cast<size_t>(index_)]);
        if (code != ACL_SUCCESS) fail("thread %d: aclInitCallbackUnRegister returned %d", index_, code);
        initRegistered_ = false;
    }

    void registerFinalize() {
        const aclError code =
            aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, kThreadFinalize[static_cast<size_t>(index_)], newSlot());
        if (code != ACL_SUCCESS) {
            fail("thread %d: aclFinalizeCallbackRegister(OTHER) returned %d", index_, code);
            return;
        }
        ++totals.registrations;
        finalizeRegistered_ = true;
    }

    void unregisterFinalize() {
        const aclError code =
            aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, kThreadFinalize[static_cast<size_t>(index_)]);
        if (code != ACL_SUCCESS) fail("thread %d: aclFinalizeCallbackUnRegister returned %d", index_, code);
        finalizeRegistered_ = false;
    }

    void registerExclusive() {
        const aclError code = aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, exclusiveInit, nullptr);
        if (code == ACL_ERROR_INTERNAL_ERROR) return;  // someone else holds the type (L-7)
        if (code != ACL_SUCCESS) {
            fail("thread %d: aclInitCallbackRegister(MODEL) returned %d", index_, code);
            return;
        }
        const int previous = modelOwner.exchange(index_);
        if (previous != -1) fail("threads %d and %d both registered a MODEL init callback", previous, index_);
        ownsModel_ = true;
    }

    void unregisterExclusive() {
        // Give up ownership before the entry goes, so the next winner finds -1.
        modelOwner.store(-1);
        const aclError code = aclInitCallbackUnRegister(ACL_REG_TYPE_ACL_MODEL, exclusiveInit);
        if (code != ACL_SUCCESS) fail("thread %d: aclInitCallbackUnRegister(MODEL) returned %d", index_, code);
        ownsModel_ = false;
    }

    // L-7: registered and the runtime held by this thread: the callback has been called.
    void checkNoLostCallback() {
        if (!initRegistered_ || held_ == 0 || initCallbackChecked_) return;
        // A registration racing an init is called right after it commits, maybe just after this
        // thread's join returned: wait for that, bounded.
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        bool waited = false;
        while (initSlot_->calls.load() == 0) {
            if (std::chrono::steady_clock::now() > giveUp) {
                fail("thread %d: lost init callback: registered, runtime held, never called", index_);
                break;
            }
            waited = true;
            std::this_thread::yield();
        }
        if (waited) ++totals.lateWaits;
        initCallbackChecked_ = true;
    }

    void deviceStep() {
        if (held_ == 0) {
            // Not holding the runtime: a device call may legitimately see it either way.
            int32_t device = -1;
            const aclError code = aclrtGetDevice(&device);
            if (code != ACL_SUCCESS && code != ACL_ERROR_UNINITIALIZE && code != ACL_ERROR_RT_CONTEXT_NULL) {
                fail("thread %d: aclrtGetDevice without a reference returned %d", index_, code);
            }
            return;
        }
        if (deviceSets_ > 0 && std::uniform_int_distribution<int>(0, 1)(random_) == 0) {
            resetDevice();
            return;
        }
        const int32_t device = std::uniform_int_distribution<int32_t>(0, 1)(random_);
        const aclError code = aclrtSetDevice(device);
        if (code != ACL_SUCCESS) {
            fail("thread %d: aclrtSetDevice(%d) while holding the runtime returned %d", index_, device, code);
            return;
        }
        ++totals.deviceSets;
        setDevices_[deviceSets_++] = device;
        int32_t current = -1;
        const aclError got = aclrtGetDevice(&current);
        if (got != ACL_SUCCESS || current != device) {
            fail("thread %d: aclrtGetDevice gave %d (code %d) right after aclrtSetDevice(%d)", index_, current, got,
                 device);
        }
        if (deviceSets_ == setDevices_.size()) resetDevice();
    }

    void resetDevice() {
        // Devices are only set while a reference is held, and reset before it is released.
        const int32_t device = setDevices_[--deviceSets_];
        const aclError code = aclrtResetDevice(device);
        if (code != ACL_SUCCESS) fail("thread %d: aclrtResetDevice(%d) returned %d", index_, device, code);
    }

    void message() {
        const char *text = aclGetRecentErrMsg();
        if (text != nullptr) {
            ++totals.messages;
            if (std::strlen(text) == 0) fail("aclGetRecentErrMsg returned an empty string instead of NULL");
        }
    }

    int index_;
    const Options &options_;
    std::chrono::steady_clock::time_point deadline_;
    std::mt19937 random_;
    int held_ = 0;
    std::array<uint64_t, 2> heldEpochs_{};  // per held reference: its epoch, 0 if taken without one
    bool initRegistered_ = false;
    bool initCallbackChecked_ = false;
    RegistrationSlot *initSlot_ = nullptr;
    bool finalizeRegistered_ = false;
    bool ownsModel_ = false;
    std::array<int32_t, 8> setDevices_{};
    size_t deviceSets_ = 0;
};

bool parse(int argc, char **argv, Options &options) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (i + 1 >= argc) return false;
        const char *value = argv[++i];
        if (arg == "--threads") {
            options.threads = std::atoi(value);
        } else if (arg == "--iterations") {
            options.iterations = std::atol(value);
        } else if (arg == "--seconds") {
            options.seconds = std::atof(value);
        } else if (arg == "--seed") {
            options.seed = static_cast<unsigned>(std::strtoul(value, nullptr, 10));
        } else {
            return false;
        }
    }
    return options.threads >= 1 && options.threads <= kMaxThreads && options.iterations >= 0 && options.seconds > 0;
}

}  // namespace

int main(int argc, char **argv) {
    Options options;
    if (!parse(argc, argv, options)) {
        std::fprintf(stderr, "usage: %s [--threads 1..%d] [--iterations M] [--seconds S] [--seed X]\n", argv[0],
                     kMaxThreads);
        return 2;
    }
    if (aclppTestingReset(ACLPP_RESET_ALL) != ACL_SUCCESS || aclppSetPlatform(nullptr, 2) != ACL_SUCCESS) {
        std::fprintf(stderr, "cannot reset the runtime\n");
        return 1;
    }
    if (aclInitCallbackRegister(ACL_REG_TYPE_OTHER, trackerInit, nullptr) != ACL_SUCCESS ||
        aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, trackerFinalize, nullptr) != ACL_SUCCESS) {
        std::fprintf(stderr, "cannot register the tracker callbacks\n");
        return 1;
    }
    aclppLifecycleState before{};
    aclppGetLifecycleState(&before);

    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                        std::chrono::duration<double>(options.seconds));
    std::vector<std::thread> threads;
    for (int i = 0; i < options.threads; ++i) {
        threads.emplace_back([i, &options, deadline] { Worker(i, options, deadline).run(); });
    }
    for (std::thread &thread : threads) thread.join();
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    aclppLifecycleState after{};
    aclppGetLifecycleState(&after);
    const uint64_t epochs = after.epoch - before.epoch;
    const uint64_t references = totals.inits + totals.joins;
    if (references != totals.releases) {
        fail("%llu references taken (0 or 100002) but %llu released", static_cast<unsigned long long>(references),
             static_cast<unsigned long long>(totals.releases.load()));
    }
    if (after.refCount != 0 || after.initialized != 0 || after.transitionInProgress != 0) {
        fail("final state: count %llu, initialized %d, transition %d", static_cast<unsigned long long>(after.refCount),
             after.initialized, after.transitionInProgress);
    }
    if (totals.inits != epochs) {
        fail("%llu inits returned 0 but the epoch moved by %llu", static_cast<unsigned long long>(totals.inits.load()),
             static_cast<unsigned long long>(epochs));
    }
    if (trackerInits != epochs || trackerFinalizes != epochs || trackerLive) {
        fail("tracker: %llu init calls, %llu finalize calls for %llu epochs (L-7 pairs)",
             static_cast<unsigned long long>(trackerInits.load()),
             static_cast<unsigned long long>(trackerFinalizes.load()), static_cast<unsigned long long>(epochs));
    }
    for (size_t v = 0; v < 2; ++v) {
        if (totals.successByVariant[v] > 0 && totals.rejectByVariant[v] > 0) {
            fail("L-4: init variant %zu both succeeded and was rejected as a different config", v);
        }
    }
    if (aclppDevicesInUse() != 0) {
        fail("%llu devices in use at the end", static_cast<unsigned long long>(aclppDevicesInUse()));
    }
    if (aclppRegisteredCallbackCount() != 2)
        fail("%zu callbacks registered at the end", aclppRegisteredCallbackCount());
    if (totals.inits == 0) fail("no init ever succeeded: the stress did not exercise anything");

    std::printf(
        "stress_lifecycle: %d threads, %.2f s, %llu steps: %llu inits, %llu joins, %llu identity rejects, "
        "%llu releases, %llu epochs, tracker %llu/%llu, %llu registrations (%llu late-call waits), %llu device sets, "
        "%llu messages\n",
        options.threads, elapsed, static_cast<unsigned long long>(totals.steps.load()),
        static_cast<unsigned long long>(totals.inits.load()), static_cast<unsigned long long>(totals.joins.load()),
        static_cast<unsigned long long>(totals.identityRejects.load()),
        static_cast<unsigned long long>(totals.releases.load()), static_cast<unsigned long long>(epochs),
        static_cast<unsigned long long>(trackerInits.load()), static_cast<unsigned long long>(trackerFinalizes.load()),
        static_cast<unsigned long long>(totals.registrations.load()),
        static_cast<unsigned long long>(totals.lateWaits.load()),
        static_cast<unsigned long long>(totals.deviceSets.load()),
        static_cast<unsigned long long>(totals.messages.load()));
    aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, trackerInit);
    aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, trackerFinalize);
    if (!failures.empty()) {
        for (const std::string &failure : failures) std::fprintf(stderr, "FAIL: %s\n", failure.c_str());
        return 1;
    }
    return 0;
}
