// aclInit: the repeat path takes no lock (one compare-and-swap on the lifecycle word); the 0->1 path runs the
// reference's steps in order (L-1) on a config validated once, and undoes everything when a step fails (L-2).
#include <chrono>
#include <cstring>

#include "callbacks/registry.hpp"
#include "devices/limits.hpp"
#include "errors/recent_message.hpp"
#include "lifecycle/faults.hpp"
#include "lifecycle/lifecycle.hpp"
#include "lifecycle/state.hpp"
#include "lifecycle/steps.hpp"
#include "schema/validate.hpp"

namespace aclpp::core {
namespace {

// The callback types an init notifies, in init order, with their steps.
struct CallbackStep {
    aclRegisterCallbackType type;
    aclppStep step;
};
constexpr CallbackStep kModelStep{ACL_REG_TYPE_ACL_MODEL, ACLPP_STEP_MODEL_CALLBACKS};
constexpr CallbackStep kOpExecutorStep{ACL_REG_TYPE_ACL_OP_EXECUTOR, ACLPP_STEP_OP_EXECUTOR};
constexpr CallbackStep kDvppStep{ACL_REG_TYPE_ACL_DVPP, ACLPP_STEP_DVPP_CALLBACKS};
constexpr CallbackStep kOtherStep{ACL_REG_TYPE_OTHER, ACLPP_STEP_OTHER_CALLBACKS};
// L-2 clarification: rollback runs finalize callbacks in the reverse of the init order.
constexpr CallbackStep kRollbackOrder[] = {kOtherStep, kDvppStep, kOpExecutorStep, kModelStep};

uint32_t bitOf(aclRegisterCallbackType type) {
    return type == ACL_REG_TYPE_OTHER ? 1u << 8 : 1u << type;
}

std::size_t rollbackIndex(aclRegisterCallbackType type) noexcept {
    std::size_t index = 0;
    while (index + 1 < std::size(kRollbackOrder) && kRollbackOrder[index].type != type) ++index;
    return index;
}

class InitRun {
public:
    InitRun(ProcessState &state, const InitRequest &request, PlatformChoice platform)
        : state_(state),
          request_(request),
          platform_(std::move(platform)),
          compact_(platform_.rulesProduct().traits->lifecycle == LifecycleKind::compact) {}

    aclError run() {
        if (aclError code = readConfig(); code != ACL_SUCCESS) return code;
        // P-1: the compact runtime has no identity rule.
        if (!compact_) {
            if (aclError code = checkIdentity(); code != ACL_SUCCESS) return code;
        }
        validate();
        if (aclError code = applyErrMsgMode(); code != ACL_SUCCESS) return code;
        if (aclError code = notify(kModelStep); code != ACL_SUCCESS) return code;
        if (configGiven_) {
            if (aclError code = applyDump(); code != ACL_SUCCESS) return code;
            if (aclError code = checkStep(ACLPP_STEP_OP_EXECUTOR); code != ACL_SUCCESS) return code;
            if (aclError code = notify(kOpExecutorStep); code != ACL_SUCCESS) return code;
            if (aclError code = applyStackSizes(); code != ACL_SUCCESS) return code;
            if (aclError code = applyDefaultDevice(); code != ACL_SUCCESS) return code;
            if (aclError code = applyPrintfFifos(); code != ACL_SUCCESS) return code;
            if (aclError code = applyEventMode(); code != ACL_SUCCESS) return code;
        }
        if (aclError code = applyProfiling(); code != ACL_SUCCESS) return code;
        if (aclError code = checkSoc(); code != ACL_SUCCESS) return code;
        if (aclError code = notify(kDvppStep); code != ACL_SUCCESS) return code;
        if (aclError code = registerFillHook(); code != ACL_SUCCESS) return code;
        if (aclError code = notify(kOtherStep); code != ACL_SUCCESS) return code;
        commitRuntime();
        return ACL_SUCCESS;
    }

    /// L-2: finalize callbacks of every completed type, newest first; the caller restores state.
    /// Allocates nothing: the snapshots were taken before each type's init callbacks ran.
    void rollbackCallbacks() noexcept {
        for (const CallbackStep &step : kRollbackOrder) {
            if ((completedTypes_ & bitOf(step.type)) == 0) continue;
            std::string ignored;
            (void)notifyFinalizeCallbacks(step.type, rollback_[rollbackIndex(step.type)], ignored);
        }
    }

    [[nodiscard]] const std::string &failureMessage() const noexcept { return failureMessage_; }

private:
    aclError fail(aclError code, aclppStep step, std::string_view what) {
        failureMessage_ = stepFailureMessage(code, step, what);
        return code;
    }

    aclError failWith(const Finding &finding) {
        failureMessage_ = formatErrorMessage(finding);
        return finding.code;
    }

    aclError readConfig() {
        if (auto fault = takeFault(ACLPP_STEP_READ_FILE)) return fail(*fault, ACLPP_STEP_READ_FILE, "injected fault");
        if (request_.fromBuffer) {
            configGiven_ = request_.data != nullptr;
            // F-2: the bound of a file holds for a buffer, checked before a byte is copied.
            if (const ReadResult size = checkConfigSize(configGiven_ ? request_.length : 0); size.code != ACL_SUCCESS) {
                return fail(size.code, ACLPP_STEP_READ_FILE, size.message);
            }
            const std::string_view given =
                configGiven_ ? std::string_view(request_.data, request_.length) : std::string_view{};
            // L-4 makes every later first-level init pass the remembered bytes: share them rather
            // than copy them (this is the comparison checkIdentity would make).
            bytes_ = state_.identity && state_.identity->view() == given ? state_.identity
                                                                         : std::make_shared<ConfigBytes>(given);
            return ACL_SUCCESS;
        }
        configGiven_ = request_.path != nullptr && request_.path[0] != '\0';
        auto bytes = std::make_shared<ConfigBytes>();
        if (configGiven_) {
            const ReadResult result = readConfigFile(request_.path, *bytes);
            // P-2: the compact runtime ignores a path it cannot read and starts with no config.
            if (result.code != ACL_SUCCESS && compact_) {
                configGiven_ = false;
                bytes->setSize(0);
            } else if (result.code != ACL_SUCCESS) {
                return fail(result.code, ACLPP_STEP_READ_FILE, result.message);
            }
        }
        bytes_ = std::move(bytes);
        return ACL_SUCCESS;
    }

    aclError checkIdentity() {
        // L-4: exact bytes; NULL, "" and a 0-byte file are all the empty identity.
        if (state_.identity && state_.identity != bytes_ && state_.identity->view() != bytes_->view()) {
            return fail(ACL_ERROR_INVALID_PARAM, ACLPP_STEP_READ_FILE,
                        "the config content differs from the config of the first successful aclInit in this "
                        "process (" +
                            std::to_string(state_.identity->size()) + " bytes, now " + std::to_string(bytes_->size()) +
                            "); every first-level aclInit must pass identical content (L-4)");
        }
        return ACL_SUCCESS;
    }

    void validate() {
        environment_ = EnvironmentSnapshot::capture();
        const ValidationSettings settings{.product = platform_.rulesProduct(),
                                          .deviceCount = platform_.deviceCount,
                                          .environment = environment_,
                                          .createMissingDirectories = true,
                                          .findings = Findings::shownByInit,
                                          .release = platform_.cannRelease};
        outcome_ = validateConfig(configGiven_ ? std::optional<std::string_view>(bytes_->view()) : std::nullopt, true,
                                  settings);
        state_.runtime.devices.start(platform_.rulesProduct(), platform_.socName, platform_.deviceCount);
    }

    aclError checkStep(aclppStep step) {
        if (const Finding *finding = outcome_.report.firstError(step)) return failWith(*finding);
        return ACL_SUCCESS;
    }

    aclError applyErrMsgMode() {
        if (aclError code = checkStep(ACLPP_STEP_ERR_MSG_MODE); code != ACL_SUCCESS) return code;
        // The reference only warns when the error manager fails to start: nothing to inject.
        (void)takeFault(ACLPP_STEP_ERR_MSG_MODE);
        state_.runtime.errMsgMode = outcome_.effective.errMsgMode.value;
        setErrorMessageMode(state_.runtime.errMsgMode);
        return ACL_SUCCESS;
    }

    aclError notify(const CallbackStep &step) {
        if (compact_) return ACL_SUCCESS;  // P-3: the compact runtime has no callbacks
        if (auto fault = takeFault(step.step)) return fail(*fault, step.step, "injected fault");
        // The finalize callbacks a rollback would pair with these init callbacks (L-2), taken
        // first: when memory runs out here, no init callback of this type has run.
        rollback_[rollbackIndex(step.type)] = callbackRegistry().snapshotForFinalize(step.type);
        std::string message;
        const aclError code = notifyInitCallbacks(step.type, configView(), message);
        if (code != ACL_SUCCESS) return fail(code, step.step, message);
        completedTypes_ |= bitOf(step.type);
        return ACL_SUCCESS;
    }

    aclError applyDump() {
        if (aclError code = checkStep(ACLPP_STEP_DUMP); code != ACL_SUCCESS) return code;
        // The dump server starts for any non-empty config (K-4).
        if (auto fault = takeFault(ACLPP_STEP_DUMP)) {
            return fail(ACL_ERROR_INTERNAL_ERROR, ACLPP_STEP_DUMP,
                        "the dump server failed to start (device layer answered " + std::to_string(*fault) + ")");
        }
        state_.runtime.devices.dumpServerStarted = !bytes_->empty();
        return ACL_SUCCESS;
    }

    void applyLimit(aclrtDeviceLimit limit, const Setting<uint32_t> &setting) {
        if (setting.source != Source::config) return;
        const LimitDecision decision = decideLimit(*platform_.rulesProduct().traits, limit, setting.value);
        if (decision.code == ACL_SUCCESS && decision.changed)
            state_.runtime.devices.limits.set(limit, decision.applied);
    }

    aclError applyStackSizes() {
        if (aclError code = checkStep(ACLPP_STEP_STACK_SIZE); code != ACL_SUCCESS) return code;
        // Device errors on stack sizes are swallowed by CANN (K-2): a fault only
        // means the limits keep their previous values.
        if (takeFault(ACLPP_STEP_STACK_SIZE)) return ACL_SUCCESS;
        const EffectiveConfig &effective = outcome_.effective;
        applyLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, effective.simtStackSize);
        applyLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, effective.simtDivergenceStackSize);
        applyLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, effective.aicoreStackSize);
        return ACL_SUCCESS;
    }

    aclError applyDefaultDevice() {
        if (aclError code = checkStep(ACLPP_STEP_DEFAULT_DEVICE); code != ACL_SUCCESS) return code;
        const auto &device = outcome_.effective.defaultDevice.value;
        if (!device) return ACL_SUCCESS;
        if (auto fault = takeFault(ACLPP_STEP_DEFAULT_DEVICE)) {
            return fail(*fault, ACLPP_STEP_DEFAULT_DEVICE,
                        "the device layer rejected default device " + std::to_string(*device));
        }
        state_.runtime.devices.defaultDevice = device;
        return ACL_SUCCESS;
    }

    aclError applyPrintfFifos() {
        if (aclError code = checkStep(ACLPP_STEP_PRINTF_FIFO); code != ACL_SUCCESS) return code;
        const EffectiveConfig &effective = outcome_.effective;
        if (effective.simdPrintfFifoSize.source != Source::config &&
            effective.simtPrintfFifoSize.source != Source::config) {
            return ACL_SUCCESS;
        }
        if (auto fault = takeFault(ACLPP_STEP_PRINTF_FIFO)) {
            return fail(*fault, ACLPP_STEP_PRINTF_FIFO, "the device layer rejected the printf FIFO size");
        }
        applyLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, effective.simdPrintfFifoSize);
        applyLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, effective.simtPrintfFifoSize);
        return ACL_SUCCESS;
    }

    aclError applyEventMode() {
        if (aclError code = checkStep(ACLPP_STEP_EVENT_MODE); code != ACL_SUCCESS) return code;
        const auto &mode = outcome_.effective.eventMode.value;
        if (!mode) return ACL_SUCCESS;
        if (auto fault = takeFault(ACLPP_STEP_EVENT_MODE)) {
            return fail(*fault, ACLPP_STEP_EVENT_MODE, "the device layer rejected event mode");
        }
        state_.runtime.devices.eventMode = mode;
        return ACL_SUCCESS;
    }

    aclError applyProfiling() {
        if (aclError code = checkStep(ACLPP_STEP_PROFILING); code != ACL_SUCCESS) return code;
        if (auto fault = takeFault(ACLPP_STEP_PROFILING)) {
            // In dynamic mode the reference only logs a profiler start failure (K-5).
            if (outcome_.effective.profiler.mode != ProfilerMode::dynamic) {
                return fail(ACL_ERROR_INVALID_PARAM, ACLPP_STEP_PROFILING,
                            "the profiler failed to start (it answered " + std::to_string(*fault) + ")");
            }
            return ACL_SUCCESS;
        }
        state_.runtime.devices.profilingInitialised = true;
        return ACL_SUCCESS;
    }

    aclError checkSoc() {
        if (!platform_.valid()) return fail(ACL_ERROR_INTERNAL_ERROR, ACLPP_STEP_SOC, platform_.error);
        if (auto fault = takeFault(ACLPP_STEP_SOC)) {
            return fail(ACL_ERROR_INTERNAL_ERROR, ACLPP_STEP_SOC,
                        "the SoC name is unavailable (device layer answered " + std::to_string(*fault) + ")");
        }
        return ACL_SUCCESS;
    }

    aclError registerFillHook() {
        if (!outcome_.effective.fillHook) return ACL_SUCCESS;
        if (auto fault = takeFault(ACLPP_STEP_FILL_HOOK)) {
            if (*fault == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) return ACL_SUCCESS;  // tolerated, as CANN does (K-2)
            return fail(*fault, ACLPP_STEP_FILL_HOOK, "registering the kernel-launch fill hook failed");
        }
        state_.runtime.devices.fillHookRegistered = true;
        return ACL_SUCCESS;
    }

    void commitRuntime() {
        state_.runtime.effective = std::move(outcome_.effective);
        state_.runtime.config = bytes_;
        state_.runtime.configGiven = configGiven_;
    }

    [[nodiscard]] std::string_view configView() const noexcept {
        // Callbacks get the raw bytes; with no config, "" and 0, as CANN passes them.
        return configGiven_ ? bytes_->view() : std::string_view("", 0);
    }

    ProcessState &state_;
    const InitRequest &request_;
    PlatformChoice platform_;
    bool compact_;
    SharedConfigBytes bytes_;
    bool configGiven_ = false;
    EnvironmentSnapshot environment_;
    ValidationOutcome outcome_;
    uint32_t completedTypes_ = 0;
    std::vector<FinalizeCallback> rollback_[std::size(kRollbackOrder)];
    std::string failureMessage_;
};

// A join's CAS landed on `word`; which runtime was that? The live epoch is published before the
// word that carries its generation and cleared only after a teardown has claimed the word, so
// reading it after the CAS gives that runtime's epoch, or a later value when the runtime is gone
// already (then 0: nothing of it is left to give back).
uint64_t epochJoined(uint64_t word) noexcept {
    const uint64_t live = liveEpochWord.load(std::memory_order_acquire);
    return live != 0 && generationBits(live) == (word & kGenerationMask) ? live : 0;
}

// Joining a live runtime: one CAS, no lock (L-1: count and 100002, path not read).
bool tryJoin(uint64_t *epoch) noexcept {
    // count in [1, max): 0 is not initialised, and a full count must not carry into the generation.
    const auto joinable = [](uint64_t word) {
        return (word & kLockFreeBlockers) == 0 && (word & kCountMask) - 1 < kCountMask - 1;
    };
    uint64_t word = lifecycleWord.load(std::memory_order_relaxed);  // the CAS checks it
    while (joinable(word)) {
        if (lifecycleWord.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel)) {
            if (epoch != nullptr) *epoch = epochJoined(word);
            return true;
        }
    }
    return false;
}

void callLateRegistrations(const std::vector<InitCallback> &callbacks, const SharedConfigBytes &bytes,
                           bool configGiven) noexcept {
    const std::string_view config = configGiven ? bytes->view() : std::string_view("", 0);
    for (const InitCallback &callback : callbacks) {
        const aclError code = callback.function(config.data(), config.size(), callback.userData);
        if (code == ACL_SUCCESS) continue;
        try {
            recordError(stepFailureMessage(code, ACLPP_STEP_OTHER_CALLBACKS,
                                           std::string(callbackTypeName(callback.type)) +
                                               " init callback registered during the init returned " +
                                               std::to_string(code)));
        } catch (const std::bad_alloc &) {
            // The init succeeded and counts; only the text of this late failure is lost.
        }
    }
}

// The C entry point a request came through, for messages.
const char *entryPointName(const InitRequest &request) noexcept {
    return request.fromBuffer ? "aclppInitFromBuffer" : "aclInit";
}

// The child of a fork() made from one of this init's callbacks: the fork handler already left
// the child uninitialised, with an empty registry phase; keep it that way.
aclError abandonInitInForkChild(ProcessState &state, const InitRequest &request) {
    std::lock_guard lock(state.mutex);
    state.runtime = RuntimeState{};  // what the steps after the fork applied, in this child only
    setErrorMessageMode(ErrMsgMode::thread);
    setTransitionOnThisThread(false);
    recordError(std::string(entryPointName(request)) +
                ": ACL_ERROR_INTERNAL_ERROR(500001): the process forked inside an init callback; the child "
                "starts uninitialised (L-10), so this init does not complete in it");
    return ACL_ERROR_INTERNAL_ERROR;
}

// Runs the steps; an exception is the failure of the step it came from.
aclError runInit(InitRun &run) noexcept {
    try {
        return run.run();
    } catch (const std::bad_alloc &) {
        return ACL_ERROR_BAD_ALLOC;
    } catch (...) {
        return ACL_ERROR_INTERNAL_ERROR;
    }
}

// Records why an init failed and returns its code. Runs after the transition ended, so running
// out of memory for the text loses only the text.
aclError reportFailedInit(const InitRequest &request, const InitRun &run, aclError code, bool compact) noexcept {
    // P-2: the compact runtime reports every failed init hook as 500000; the message keeps the
    // finding (K-8).
    static constexpr std::string_view kOutOfMemory =
        "ACL_ERROR_BAD_ALLOC(200000): out of memory during the init; everything it did was undone (L-2)";
    if (code == ACL_ERROR_BAD_ALLOC) {
        recordError(kOutOfMemory);
        return code;
    }
    try {
        std::string message = run.failureMessage().empty() ? std::string(aclppErrorName(code)) : run.failureMessage();
        if (compact) {
            message = std::string(entryPointName(request)) +
                      ": ACL_ERROR_INTERNAL_ERROR(500000): the compact runtime did not initialise: " + message;
        }
        recordError(message);
    } catch (const std::bad_alloc &) {
        recordError(kOutOfMemory);  // only the text is lost; the code stands
    }
    return compact ? ACL_ERROR_INTERNAL_ERROR : code;
}

// Everything but the join, out of line: the join pays for no stack frame.
[[gnu::noinline]] aclError initializeSlow(const InitRequest &request, uint64_t *epoch) {
    if (inTransitionOnThisThread()) return reentrantCall(entryPointName(request));
    ProcessState &state = processState();

    std::unique_lock lock(state.mutex);
    for (;;) {
        const uint64_t word = waitForStableState(state, lock);
        if (word == 0) break;
        if ((word & kCountMask) == kCountMask) {
            recordError(std::string(entryPointName(request)) +
                        ": ACL_ERROR_INTERNAL_ERROR(500001): the runtime already holds 2^40 - 1 references; "
                        "a reference is leaking (every successful aclInit needs one aclFinalizeReference)");
            return ACL_ERROR_INTERNAL_ERROR;
        }
        uint64_t expected = word;
        if (state.word.compare_exchange_strong(expected, word + 1)) {
            if (epoch != nullptr) *epoch = state.epoch;  // stable under the lock: the live runtime
            // P-1: the compact runtime's aclInit returns 0 on a repeat too.
            const bool compact = (word & kCompactBit) != 0;
            return compact && !request.joinReportsRepeat ? ACL_SUCCESS : ACL_ERROR_REPEAT_INITIALIZE;
        }
    }
    // Count 0 and no transition: this thread runs the 0->1 init, and the platform it starts
    // decides how the new runtime counts.
    // Everything that can run out of memory before BUSY is set: a failure leaves no trace.
    PlatformChoice platform = resolvePlatform(state.platformOverride);
    RuntimeState before = state.runtime;
    state.lifecycle = platform.rulesProduct().traits->lifecycle;
    const bool compact = state.lifecycle == LifecycleKind::compact;
    state.word.store(kBusyBit, std::memory_order_release);
    setTransitionOnThisThread(true);
    const ErrMsgMode modeBefore = errorMessageMode();
    const uint64_t forkGenerationBefore = state.forkGeneration;
    lock.unlock();

    const auto started = std::chrono::steady_clock::now();
    callbackRegistry().beginInit();
    InitRun run(state, request, std::move(platform));
    // From here to clearing BUSY nothing may escape: an exception would leave BUSY set and
    // every later lifecycle call waiting.
    aclError code = runInit(run);
    // A callback that called fork(): in the child (where the fork handler reset everything and
    // this thread is the only one) the init must not publish its half-reset runtime (L-10).
    if (state.forkGeneration != forkGenerationBefore) return abandonInitInForkChild(state, request);
    std::vector<InitCallback> late;
    if (code == ACL_SUCCESS) {
        // This thread holds BUSY, so it alone touches state.runtime until the word is published.
        try {
            late = callbackRegistry().commitInit(state.runtime.config, state.runtime.configGiven);
        } catch (const std::bad_alloc &) {
            code = ACL_ERROR_BAD_ALLOC;  // commitInit changed nothing: roll back below
        }
    }
    if (code != ACL_SUCCESS) {
        run.rollbackCallbacks();
        callbackRegistry().cancelInit();
    }

    lock.lock();
    SharedConfigBytes config;
    bool configGiven = false;
    if (code == ACL_SUCCESS) {
        state.finalized = false;
        ++state.epoch;
        state.liveEpoch.store(state.epoch, std::memory_order_release);
        if (!state.identity && !compact) state.identity = state.runtime.config;
        state.lastInitNanoseconds = static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
        config = state.runtime.config;
        configGiven = state.runtime.configGiven;
        if (epoch != nullptr) *epoch = state.epoch;
        state.word.store(generationBits(state.epoch) | (compact ? kCompactBit : 0) | 1, std::memory_order_release);
    } else {
        state.runtime = std::move(before);
        setErrorMessageMode(modeBefore);
        state.word.store(0, std::memory_order_release);
    }
    setTransitionOnThisThread(false);
    lock.unlock();
    state.transitionDone.notify_all();

    if (code != ACL_SUCCESS) return reportFailedInit(request, run, code, compact);
    if (!late.empty()) callLateRegistrations(late, config, configGiven);
    return code;
}

}  // namespace

aclError initialize(const InitRequest &request, uint64_t *epoch) {
    if (epoch != nullptr) *epoch = 0;
    // No re-entrancy check before the join (L-6): the thread running a transition holds BUSY for
    // its whole run, so tryJoin fails there and initializeSlow does the check.
    if (tryJoin(epoch)) return ACL_ERROR_REPEAT_INITIALIZE;
    return initializeSlow(request, epoch);
}

void callInitCallbackNow(aclInitCallbackFunc function, void *userData, int type, const CallNow &callNow) {
    const std::string_view view =
        callNow.configGiven && callNow.config ? callNow.config->view() : std::string_view("", 0);
    const aclError code = function(view.data(), view.size(), userData);
    if (code != ACL_SUCCESS) {
        // L-7: the register result stays ACL_SUCCESS (compatibility); the failure is reported here.
        recordError(std::string(aclppErrorName(code)) + "(" + std::to_string(code) +
                    "): " + callbackTypeName(static_cast<aclRegisterCallbackType>(type)) +
                    " init callback called at registration (the runtime was initialised) returned " +
                    std::to_string(code));
    }
}

}  // namespace aclpp::core
