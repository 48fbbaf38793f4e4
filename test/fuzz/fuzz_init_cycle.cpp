// libFuzzer target: arbitrary bytes through aclppInitFromBuffer, then aclFinalize.
//
// Each input starts from a fresh-process state (testing reset, identity forgotten) with the
// same callbacks registered, and checks:
//  - the init returns what aclppValidateBuffer predicted for a fresh process;
//  - success: count 1, every notified init callback saw exactly these bytes once, the live
//    config bytes are these bytes, and aclFinalize runs each finalize callback once (L-1);
//  - failure: nothing changed (L-2): count 0, not initialised, no identity, no device held,
//    the same callbacks registered, the finalize callbacks ran exactly for the types whose
//    init callbacks ran, newest type first, and the error text names the code (K-8); then
//    aclFinalize succeeds touching nothing and a second one gives 100037 (L-3).
#include <array>
#include <string>
#include <vector>

#include "fuzz_common.hpp"

using namespace aclpp::fuzz;

namespace {

// Indices into the counters; the registry key of each is in kTypes.
enum Slot { kModel, kOpExecutor, kOpCompiler, kDvpp, kOther, kCblas, kSlotCount };
constexpr std::array<aclRegisterCallbackType, kSlotCount> kTypes = {
    ACL_REG_TYPE_ACL_MODEL, ACL_REG_TYPE_ACL_OP_EXECUTOR, ACL_REG_TYPE_ACL_OP_COMPILER,
    ACL_REG_TYPE_ACL_DVPP,  ACL_REG_TYPE_OTHER,           ACL_REG_TYPE_ACL_OP_CBLAS,
};

struct Observed {
    std::array<int, kSlotCount> initCalls{};
    std::array<int, kSlotCount> finalizeCalls{};
    std::vector<int> finalizeOrder;  // slots, in call order
    const char *expectedBytes = nullptr;
    size_t expectedSize = 0;
};
Observed observed;

aclError onInit(const char *config, size_t length, void *userData) {
    const auto slot = static_cast<int>(reinterpret_cast<uintptr_t>(userData));
    ++observed.initCalls[static_cast<size_t>(slot)];
    ACLPP_FUZZ_CHECK(config != nullptr, "init callback got a NULL config");
    ACLPP_FUZZ_CHECK(
        length == observed.expectedSize && (length == 0 || std::memcmp(config, observed.expectedBytes, length) == 0),
        "init callback got %zu bytes that differ from the %zu config bytes", length, observed.expectedSize);
    return ACL_SUCCESS;
}

// A second OTHER function: OTHER keeps several entries, in registration order.
aclError onInitOther2(const char *config, size_t length, void *userData) {
    return onInit(config, length, userData);
}

aclError onFinalize(void *userData) {
    const auto slot = static_cast<int>(reinterpret_cast<uintptr_t>(userData));
    ++observed.finalizeCalls[static_cast<size_t>(slot)];
    observed.finalizeOrder.push_back(slot);
    return ACL_SUCCESS;
}

void *slotData(Slot slot) {
    return reinterpret_cast<void *>(static_cast<uintptr_t>(slot));
}

size_t registeredCount = 0;

void registerCallbacks() {
    for (Slot slot : {kModel, kOpExecutor, kDvpp, kOther, kCblas}) {
        ACLPP_FUZZ_CHECK(aclInitCallbackRegister(kTypes[slot], onInit, slotData(slot)) == ACL_SUCCESS, "register");
    }
    ACLPP_FUZZ_CHECK(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, onInitOther2, slotData(kOther)) == ACL_SUCCESS,
                     "register");
    for (Slot slot : {kModel, kOpExecutor, kOpCompiler, kDvpp, kOther}) {
        ACLPP_FUZZ_CHECK(aclFinalizeCallbackRegister(kTypes[slot], onFinalize, slotData(slot)) == ACL_SUCCESS,
                         "register");
    }
    registeredCount = aclppRegisteredCallbackCount();
    ACLPP_FUZZ_CHECK(registeredCount == 11, "%zu callbacks registered", registeredCount);
}

std::string liveConfigBytes() {
    size_t required = 0;
    ACLPP_FUZZ_CHECK(aclppGetConfigBytes(nullptr, 0, &required) == ACL_SUCCESS && required >= 1, "config bytes");
    std::string bytes(required, '\0');
    ACLPP_FUZZ_CHECK(aclppGetConfigBytes(bytes.data(), bytes.size(), &required) == ACL_SUCCESS, "config bytes");
    bytes.resize(required - 1);
    return bytes;
}

std::string liveEffectiveConfig() {
    size_t required = 0;
    ACLPP_FUZZ_CHECK(aclppGetEffectiveConfig(nullptr, 0, &required) == ACL_SUCCESS && required >= 1, "effective");
    std::string text(required, '\0');
    ACLPP_FUZZ_CHECK(aclppGetEffectiveConfig(text.data(), text.size(), &required) == ACL_SUCCESS, "effective");
    text.resize(required - 1);
    return text;
}

void checkSucceeded(const char *bytes, size_t size, const std::string &predictedEffective,
                    const aclppLifecycleState &before) {
    const aclppLifecycleState after = lifecycleState();
    ACLPP_FUZZ_CHECK(after.refCount == 1 && after.initialized == 1 && after.finalized == 0 &&
                         after.transitionInProgress == 0 && after.identityRemembered == 1 &&
                         after.epoch == before.epoch + 1,
                     "after a successful init: count %llu epoch %llu", static_cast<unsigned long long>(after.refCount),
                     static_cast<unsigned long long>(after.epoch));
    // A buffer is a config: every init step ran, OTHER twice (two entries), CBLAS never.
    const std::array<int, kSlotCount> expectedInit = {1, 1, 0, 1, 2, 0};
    ACLPP_FUZZ_CHECK(observed.initCalls == expectedInit, "init callback counts differ after a successful init");
    ACLPP_FUZZ_CHECK(observed.finalizeOrder.empty(), "a finalize callback ran during a successful init");
    ACLPP_FUZZ_CHECK(liveConfigBytes() == std::string_view(bytes, size), "live config bytes differ from the input");
    ACLPP_FUZZ_CHECK(aclppDevicesInUse() == 0, "devices in use after init");
    // validation predicts the effective configuration the init applies.
    ACLPP_FUZZ_CHECK(liveEffectiveConfig() == predictedEffective, "live effective config differs from the report's");

    ACLPP_FUZZ_CHECK(aclFinalize() == ACL_SUCCESS, "aclFinalize after a successful init failed");
    const aclppLifecycleState finalized = lifecycleState();
    ACLPP_FUZZ_CHECK(finalized.refCount == 0 && finalized.initialized == 0 && finalized.finalized == 1 &&
                         finalized.transitionInProgress == 0,
                     "after aclFinalize: count %llu", static_cast<unsigned long long>(finalized.refCount));
    // Teardown order (L-1): OP_COMPILER, MODEL, DVPP, OTHER; OP_EXECUTOR has no step.
    const std::vector<int> expectedOrder = {kOpCompiler, kModel, kDvpp, kOther};
    ACLPP_FUZZ_CHECK(observed.finalizeOrder == expectedOrder, "teardown ran %zu finalize callbacks out of order",
                     observed.finalizeOrder.size());
    ACLPP_FUZZ_CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE, "second aclFinalize");
}

void checkFailed(aclError code, int failingStep, const aclppLifecycleState &before) {
    const aclppLifecycleState after = lifecycleState();
    ACLPP_FUZZ_CHECK(after.refCount == 0 && after.initialized == 0 && after.finalized == before.finalized &&
                         after.transitionInProgress == 0 && after.identityRemembered == 0 &&
                         after.epoch == before.epoch,
                     "L-2: a failed init (%d) changed the lifecycle state", code);
    ACLPP_FUZZ_CHECK(aclppDevicesInUse() == 0, "L-2: a failed init left devices in use");
    ACLPP_FUZZ_CHECK(aclppRegisteredCallbackCount() == registeredCount, "L-2: a failed init changed the callbacks");

    const char *message = aclGetRecentErrMsg();
    ACLPP_FUZZ_CHECK(message != nullptr, "K-8: no error text after init failed with %d", code);
    checkUtf8(message, "K-8: the error text");
    ACLPP_FUZZ_CHECK(std::string_view(message).find(std::to_string(code)) != std::string_view::npos,
                     "K-8: the error text does not name %d: %.300s", code, message);

    // Which init callbacks ran follows from the failing step (CANN's init order).
    const std::array<int, kSlotCount> expectedInit = {
        failingStep > ACLPP_STEP_MODEL_CALLBACKS ? 1 : 0, failingStep > ACLPP_STEP_OP_EXECUTOR ? 1 : 0,     0,
        failingStep > ACLPP_STEP_DVPP_CALLBACKS ? 1 : 0,  failingStep > ACLPP_STEP_OTHER_CALLBACKS ? 2 : 0, 0,
    };
    ACLPP_FUZZ_CHECK(observed.initCalls == expectedInit,
                     "init callbacks ran (model %d, op_executor %d, dvpp %d, other %d) for a failure at %s",
                     observed.initCalls[kModel], observed.initCalls[kOpExecutor], observed.initCalls[kDvpp],
                     observed.initCalls[kOther], aclppStepName(static_cast<aclppStep>(failingStep)));
    // L-2: each type whose init callbacks all ran gets its finalize callbacks, newest type first.
    std::vector<int> expectedOrder;
    for (Slot slot : {kOther, kDvpp, kOpExecutor, kModel}) {
        if (observed.initCalls[slot] > 0) expectedOrder.push_back(slot);
    }
    ACLPP_FUZZ_CHECK(observed.finalizeOrder == expectedOrder,
                     "L-2 rollback ran %zu finalize callbacks, expected %zu (failure at %s)",
                     observed.finalizeOrder.size(), expectedOrder.size(),
                     aclppStepName(static_cast<aclppStep>(failingStep)));

    // L-3: finalize after a failed init succeeds and touches nothing; a second gives 100037.
    observed.finalizeOrder.clear();
    ACLPP_FUZZ_CHECK(aclFinalize() == ACL_SUCCESS, "L-3: aclFinalize after a failed init");
    ACLPP_FUZZ_CHECK(observed.finalizeOrder.empty(), "L-3: aclFinalize after a failed init ran callbacks");
    ACLPP_FUZZ_CHECK(lifecycleState().finalized == 1, "L-3: finalized flag not set");
    ACLPP_FUZZ_CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE, "L-3: second aclFinalize");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    ACLPP_FUZZ_CHECK(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS, "testing reset");
    registerCallbacks();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char empty[1] = {'\0'};
    const char *bytes = size == 0 ? empty : reinterpret_cast<const char *>(data);

    // A fresh process as far as the runtime can tell, with the same callbacks.
    ACLPP_FUZZ_CHECK(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS, "testing reset");
    drainRecentErrors();
    observed = Observed{};
    observed.expectedBytes = bytes;
    observed.expectedSize = size;

    const ReportSummary predicted = validateAndCheck(bytes, size, nullptr);
    const aclppLifecycleState before = lifecycleState();
    ACLPP_FUZZ_CHECK(before.refCount == 0 && before.finalized == 0 && before.identityRemembered == 0,
                     "not a fresh state before the init");

    const aclError code = aclppInitFromBuffer(bytes, size);
    ACLPP_FUZZ_CHECK(code == predicted.result, "aclppInitFromBuffer returned %d, aclppValidateBuffer predicted %d",
                     code, predicted.result);
    if (code == ACL_SUCCESS) {
        checkSucceeded(bytes, size, predicted.effectiveJson, before);
    } else {
        checkFailed(code, predicted.decisiveStep, before);
    }
    ACLPP_FUZZ_CHECK(aclppRegisteredCallbackCount() == registeredCount, "callbacks changed");
    drainRecentErrors();
    return 0;
}
