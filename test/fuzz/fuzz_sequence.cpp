// libFuzzer target: the input is a program of lifecycle, callback, device and testing calls.
//
// A model of the runtime (CANN's lifecycle and callbacks as changed by L-1..L-3, L-6, L-7, E-2
// and the fault-injection contract of aclppTestingInjectFault) predicts every return code,
// every out-parameter and every callback invocation (function, userData, config bytes, order).
// After each call the lifecycle state, callback count, devices in use and the callback log are
// compared with the model; any difference aborts with a description.
//
// Config errors are not modelled by hand: aclppValidateBuffer says at which step and with
// which code a config fails (A-2), and the model places that failure among the callback steps.
#include <fuzzer/FuzzedDataProvider.h>
#include <stdlib.h>

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_common.hpp"

using namespace aclpp::fuzz;

namespace {

// ACLPP_FUZZ_TRACE=1 prints every call, to read a crash input back.
const bool tracing = [] {
    const char *value = std::getenv("ACLPP_FUZZ_TRACE");
    return value != nullptr && value[0] == '1';
}();

constexpr uint32_t kDevices = 3;
constexpr int kFunctions = 4;

// ---- Callbacks: four init and four finalize functions whose behaviour the program sets -------

enum class Behaviour : uint8_t { succeed, fail, reenter };
struct FunctionBehaviour {
    Behaviour kind = Behaviour::succeed;
    aclError code = ACL_SUCCESS;
};

struct Call {
    bool init = false;
    int function = 0;
    uintptr_t tag = 0;
    std::string config;
    bool operator==(const Call &) const = default;
};

std::array<FunctionBehaviour, kFunctions> initBehaviour;
std::array<FunctionBehaviour, kFunctions> finalizeBehaviour;
std::vector<Call> actualCalls;
std::string reentryViolation;

// L-6: on the thread running a transition, lifecycle calls fail with 500001 and never nest.
void reenter() {
    if (lifecycleState().transitionInProgress == 0) return;  // an immediate call at registration
    static const char config[] = "{}";
    const aclError codes[] = {aclInit(nullptr), aclppInitFromBuffer(config, 2), aclFinalize(),
                              aclFinalizeReference(nullptr)};
    for (aclError code : codes) {
        if (code != ACL_ERROR_FAILURE && reentryViolation.empty()) {
            reentryViolation = "L-6: a lifecycle call inside a callback returned " + std::to_string(code);
        }
    }
}

aclError behave(const FunctionBehaviour &behaviour) {
    if (behaviour.kind == Behaviour::reenter) reenter();
    return behaviour.kind == Behaviour::fail ? behaviour.code : ACL_SUCCESS;
}

template <int N>
aclError initFunction(const char *config, size_t length, void *userData) {
    ACLPP_FUZZ_CHECK(config != nullptr, "init callback got a NULL config");
    actualCalls.push_back(Call{true, N, reinterpret_cast<uintptr_t>(userData), std::string(config, length)});
    return behave(initBehaviour[N]);
}

template <int N>
aclError finalizeFunction(void *userData) {
    actualCalls.push_back(Call{false, N, reinterpret_cast<uintptr_t>(userData), {}});
    return behave(finalizeBehaviour[N]);
}

constexpr std::array<aclInitCallbackFunc, kFunctions> kInitFunctions = {initFunction<0>, initFunction<1>,
                                                                        initFunction<2>, initFunction<3>};
constexpr std::array<aclFinalizeCallbackFunc, kFunctions> kFinalizeFunctions = {
    finalizeFunction<0>, finalizeFunction<1>, finalizeFunction<2>, finalizeFunction<3>};

// Types the program registers: the notified ones, two never notified, and unknown values (L-7).
// Unknown values stay within the enum's range (0..0xFFFF): outside it a C++ caller has UB.
constexpr std::array<int, 12> kTypeValues = {
    ACL_REG_TYPE_ACL_MODEL,
    ACL_REG_TYPE_ACL_OP_EXECUTOR,
    ACL_REG_TYPE_ACL_OP_COMPILER,
    ACL_REG_TYPE_ACL_DVPP,
    ACL_REG_TYPE_OTHER,
    ACL_REG_TYPE_OTHER,
    ACL_REG_TYPE_ACL_OP_CBLAS,
    ACL_REG_TYPE_ACL_RETR,
    8,
    100,
    0x7FFF,
    0xFFFE,
};

bool knownType(int type) {
    return (type >= ACL_REG_TYPE_ACL_MODEL && type <= ACL_REG_TYPE_ACL_RETR) || type == 0xFFFF;
}

constexpr std::array<aclError, 6> kFailureCodes = {
    ACL_ERROR_FAILURE, ACL_ERROR_INVALID_PARAM, ACL_ERROR_RT_INVALID_DEVICEID, ACL_ERROR_INTERNAL_ERROR, 1, -7};

// Steps whose injected fault has an unconditional effect when the step runs.
constexpr std::array<aclppStep, 10> kFaultSteps = {
    ACLPP_STEP_READ_FILE,
    ACLPP_STEP_MODEL_CALLBACKS,
    ACLPP_STEP_OP_EXECUTOR,
    ACLPP_STEP_SOC,
    ACLPP_STEP_DVPP_CALLBACKS,
    ACLPP_STEP_OTHER_CALLBACKS,
    ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS,
    ACLPP_STEP_FINALIZE_MODEL_CALLBACKS,
    ACLPP_STEP_FINALIZE_DVPP_CALLBACKS,
    ACLPP_STEP_FINALIZE_OTHER_CALLBACKS,
};

// Configs the program can pick; anything else comes from the input bytes.
const std::array<std::string_view, 10> kConfigs = {
    "",
    "{}",
    R"({"err_msg_mode":"1"})",
    R"({"defaultDevice":{"default_device":"1"}})",
    R"({"defaultDevice":{"default_device":"7"}})",
    R"({"err_msg_mode":"2"})",
    "{",
    R"({"max_opqueue_num":"0"})",
    R"({"dump":{"dump_path":"./","dump_mode":"bogus"}})",
    R"({"StackSize":{"aicore_stack_size":"x"}})",
};

// Files holding some of kConfigs, plus paths that fail the F-2 checks.
struct ConfigFiles {
    std::string dir;
    std::vector<std::string> paths;     // paths[i] holds kConfigs[i]
    std::vector<std::string> badPaths;  // missing, a directory
};
ConfigFiles files;

void makeConfigFiles() {
    char pattern[] = "/tmp/aclpp-fuzz-sequence-XXXXXX";
    const char *dir = ::mkdtemp(pattern);
    ACLPP_FUZZ_CHECK(dir != nullptr, "mkdtemp failed");
    files.dir = dir;
    for (size_t i = 0; i < kConfigs.size(); ++i) {
        const std::string path = files.dir + "/config" + std::to_string(i) + ".json";
        FILE *out = std::fopen(path.c_str(), "wb");
        ACLPP_FUZZ_CHECK(out != nullptr, "cannot write %s", path.c_str());
        std::fwrite(kConfigs[i].data(), 1, kConfigs[i].size(), out);
        std::fclose(out);
        files.paths.push_back(path);
    }
    files.badPaths = {files.dir + "/missing.json", files.dir};
    std::atexit([] {
        std::error_code ignored;
        std::filesystem::remove_all(files.dir, ignored);
    });
}

// ---- The model ---------------------------------------------------------------------------------

struct Entry {
    int type;
    int function;
    uintptr_t tag;
};

struct Fault {
    int step;
    aclError code;
    uint32_t skip;
    uint32_t times;
};

struct Model {
    uint64_t count = 0;
    bool finalized = false;
    uint64_t epochs = 0;  // successful 0->1 inits during this input
    std::optional<std::string> identity;
    std::vector<Entry> inits;
    std::vector<Entry> finalizes;
    std::vector<Fault> faults;
    std::array<uint64_t, kDevices> deviceSets{};
    int current = -1;
    std::optional<int> defaultDevice;  // of the live runtime
    bool liveConfigGiven = false;
    std::string liveConfig;
    std::vector<Call> expectedCalls;
};

Model model;
uint64_t epochAtStart = 0;

std::optional<aclError> takeFault(int step) {
    for (Fault &fault : model.faults) {
        if (fault.step != step || fault.times == 0) continue;
        if (fault.skip > 0) {
            --fault.skip;
            return std::nullopt;
        }
        --fault.times;
        return fault.code;
    }
    return std::nullopt;
}

uint32_t typeBit(int type) {
    return type == ACL_REG_TYPE_OTHER ? 1u << 8 : 1u << type;
}

// Runs the init callbacks of `type` (registration order); the first failure stops them.
aclError modelNotifyInit(int type, int step, std::string_view config, uint32_t &completed) {
    if (auto fault = takeFault(step)) return *fault;
    const std::vector<Entry> snapshot = model.inits;
    for (const Entry &entry : snapshot) {
        if (entry.type != type) continue;
        model.expectedCalls.push_back(Call{true, entry.function, entry.tag, std::string(config)});
        if (initBehaviour[static_cast<size_t>(entry.function)].kind == Behaviour::fail) {
            return initBehaviour[static_cast<size_t>(entry.function)].code;
        }
    }
    completed |= typeBit(type);
    return ACL_SUCCESS;
}

aclError modelNotifyFinalize(int type) {
    const std::vector<Entry> snapshot = model.finalizes;
    for (const Entry &entry : snapshot) {
        if (entry.type != type) continue;
        model.expectedCalls.push_back(Call{false, entry.function, entry.tag, {}});
        if (finalizeBehaviour[static_cast<size_t>(entry.function)].kind == Behaviour::fail) {
            return finalizeBehaviour[static_cast<size_t>(entry.function)].code;
        }
    }
    return ACL_SUCCESS;
}

// What validation says about a config (nullopt: no config).
struct Prediction {
    aclError code = ACL_SUCCESS;
    int step = 0;
    std::optional<int> defaultDevice;
};

Prediction predict(std::optional<std::string_view> config) {
    const ReportSummary summary =
        config ? validateAndCheck(config->data(), config->size(), nullptr) : validateAndCheck(nullptr, 0, nullptr);
    Prediction prediction{summary.result, summary.decisiveStep, std::nullopt};
    if (summary.result != ACL_SUCCESS) return prediction;
    simdjson::dom::element root;
    ACLPP_FUZZ_CHECK(jsonParser().parse(summary.effectiveJson).get(root) == simdjson::SUCCESS, "effective JSON");
    simdjson::dom::element value;
    ACLPP_FUZZ_CHECK(root.at_pointer("/settings/~1defaultDevice~1default_device/value").get(value) == simdjson::SUCCESS,
                     "no default device setting in %s", summary.effectiveJson.c_str());
    std::string_view text;
    if (value.get_string().get(text) == simdjson::SUCCESS) prediction.defaultDevice = std::stoi(std::string(text));
    return prediction;
}

/// The 0->1 init (count 0) or a join. `config` nullopt: NULL or "" path, or a NULL buffer.
aclError modelInit(std::optional<std::string_view> config, bool unreadablePath) {
    if (tracing) {
        std::fprintf(stderr, "trace: init %s%.*s%s\n", config ? "\"" : "(no config)",
                     config ? static_cast<int>(config->size()) : 0, config ? config->data() : "", config ? "\"" : "");
    }
    if (model.count > 0) {
        ++model.count;  // L-1: counted, path not read
        return ACL_ERROR_REPEAT_INITIALIZE;
    }
    if (auto fault = takeFault(ACLPP_STEP_READ_FILE)) return *fault;
    if (unreadablePath) return ACL_ERROR_INVALID_FILE;
    const std::string bytes(config.value_or(std::string_view{}));
    if (model.identity && *model.identity != bytes) return ACL_ERROR_INVALID_PARAM;  // L-4

    const Prediction prediction = predict(config);
    const int s = prediction.code == ACL_SUCCESS ? 0 : prediction.step;
    const std::string_view view = config ? std::string_view(bytes) : std::string_view{};
    uint32_t completed = 0;
    const auto failsAt = [&](int step) { return s != 0 && s <= step; };
    // The init steps in CANN's order; a config error fails at its own step.
    const aclError code = [&]() -> aclError {
        if (failsAt(ACLPP_STEP_ERR_MSG_MODE)) return prediction.code;
        if (aclError c = modelNotifyInit(ACL_REG_TYPE_ACL_MODEL, ACLPP_STEP_MODEL_CALLBACKS, view, completed)) return c;
        if (config) {
            if (failsAt(ACLPP_STEP_OP_EXECUTOR)) return prediction.code;
            if (aclError c = modelNotifyInit(ACL_REG_TYPE_ACL_OP_EXECUTOR, ACLPP_STEP_OP_EXECUTOR, view, completed)) {
                return c;
            }
        }
        if (failsAt(ACLPP_STEP_SOC)) return prediction.code;
        if (takeFault(ACLPP_STEP_SOC)) return ACL_ERROR_INTERNAL_ERROR;
        if (aclError c = modelNotifyInit(ACL_REG_TYPE_ACL_DVPP, ACLPP_STEP_DVPP_CALLBACKS, view, completed)) return c;
        if (aclError c = modelNotifyInit(ACL_REG_TYPE_OTHER, ACLPP_STEP_OTHER_CALLBACKS, view, completed)) return c;
        ACLPP_FUZZ_CHECK(s == 0, "validation reported %d at step %d, which no init step checks", prediction.code, s);
        return ACL_SUCCESS;
    }();

    if (code != ACL_SUCCESS) {
        // L-2: finalize callbacks of every completed type, newest type first; each type stops at
        // its first failing callback.
        for (int type : {static_cast<int>(ACL_REG_TYPE_OTHER), static_cast<int>(ACL_REG_TYPE_ACL_DVPP),
                         static_cast<int>(ACL_REG_TYPE_ACL_OP_EXECUTOR), static_cast<int>(ACL_REG_TYPE_ACL_MODEL)}) {
            if ((completed & typeBit(type)) != 0) (void)modelNotifyFinalize(type);
        }
        return code;
    }
    model.count = 1;
    model.finalized = false;
    ++model.epochs;
    if (!model.identity) model.identity = bytes;
    model.defaultDevice = prediction.defaultDevice;
    model.liveConfigGiven = config.has_value();
    model.liveConfig = bytes;
    return ACL_SUCCESS;
}

// Teardown (L-1); a failing step leaves the earlier steps done and the count as is.
aclError modelTeardown() {
    const std::array<std::pair<int, int>, 3> beforeDevices = {{
        {ACL_REG_TYPE_ACL_OP_COMPILER, ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS},
        {ACL_REG_TYPE_ACL_MODEL, ACLPP_STEP_FINALIZE_MODEL_CALLBACKS},
        {ACL_REG_TYPE_ACL_DVPP, ACLPP_STEP_FINALIZE_DVPP_CALLBACKS},
    }};
    for (const auto &[type, step] : beforeDevices) {
        if (auto fault = takeFault(step)) return *fault;
        if (aclError code = modelNotifyFinalize(type)) return code;
    }
    // Step 9 disables the default device and E-2 resets every device still set, before the
    // OTHER callbacks: a failing OTHER callback leaves both done (L-1).
    model.deviceSets = {};
    model.defaultDevice.reset();
    if (auto fault = takeFault(ACLPP_STEP_FINALIZE_OTHER_CALLBACKS)) return *fault;
    if (aclError code = modelNotifyFinalize(ACL_REG_TYPE_OTHER)) return code;
    model.count = 0;
    model.finalized = true;
    model.current = -1;
    model.defaultDevice.reset();
    model.liveConfigGiven = false;
    model.liveConfig.clear();
    return ACL_SUCCESS;
}

aclError modelFinalize() {
    if (model.finalized) return ACL_ERROR_REPEAT_FINALIZE;
    if (model.count == 0) {  // L-3
        model.finalized = true;
        return ACL_SUCCESS;
    }
    return modelTeardown();
}

aclError modelFinalizeReference(uint64_t &out) {
    if (model.count == 0) {
        out = 0;
        return ACL_ERROR_REPEAT_FINALIZE;
    }
    if (model.count > 1) {
        out = --model.count;
        return ACL_SUCCESS;
    }
    const aclError code = modelTeardown();
    out = code == ACL_SUCCESS ? 0 : 1;
    return code;
}

// ---- Checking ----------------------------------------------------------------------------------

std::string describe(const std::vector<Call> &calls) {
    std::string text;
    for (const Call &call : calls) {
        text += call.init ? " init" : " fin";
        text += std::to_string(call.function) + "/" + std::to_string(call.tag);
        if (call.init) text += "(" + std::to_string(call.config.size()) + "B)";
    }
    return text.empty() ? " (none)" : text;
}

void checkAgainstModel(const char *op, aclError got, aclError expected) {
    if (tracing) {
        std::fprintf(stderr, "trace: %-30s -> %d (model %d), count %llu, calls:%s\n", op, got, expected,
                     static_cast<unsigned long long>(model.count), describe(actualCalls).c_str());
    }
    ACLPP_FUZZ_CHECK(got == expected, "%s returned %d, the model expected %d", op, got, expected);
    ACLPP_FUZZ_CHECK(reentryViolation.empty(), "%s: %s", op, reentryViolation.c_str());
    ACLPP_FUZZ_CHECK(actualCalls == model.expectedCalls, "%s: callbacks called:%s; the model expected:%s", op,
                     describe(actualCalls).c_str(), describe(model.expectedCalls).c_str());
    actualCalls.clear();
    model.expectedCalls.clear();

    const aclppLifecycleState state = lifecycleState();
    ACLPP_FUZZ_CHECK(state.refCount == model.count, "%s: count %llu, the model has %llu", op,
                     static_cast<unsigned long long>(state.refCount), static_cast<unsigned long long>(model.count));
    ACLPP_FUZZ_CHECK(state.initialized == (model.count > 0 ? 1 : 0), "%s: initialized flag", op);
    ACLPP_FUZZ_CHECK(state.finalized == (model.finalized ? 1 : 0), "%s: finalized flag %d, the model has %d", op,
                     state.finalized, model.finalized ? 1 : 0);
    ACLPP_FUZZ_CHECK(state.transitionInProgress == 0, "%s: a transition is still in progress", op);
    ACLPP_FUZZ_CHECK(state.identityRemembered == (model.identity ? 1 : 0), "%s: identity remembered %d", op,
                     state.identityRemembered);
    ACLPP_FUZZ_CHECK(state.epoch == epochAtStart + model.epochs, "%s: epoch", op);
    ACLPP_FUZZ_CHECK(aclppRegisteredCallbackCount() == model.inits.size() + model.finalizes.size(),
                     "%s: %zu callbacks registered, the model has %zu", op, aclppRegisteredCallbackCount(),
                     model.inits.size() + model.finalizes.size());
    uint64_t inUse = 0;
    for (uint64_t sets : model.deviceSets) inUse += sets;
    ACLPP_FUZZ_CHECK(aclppDevicesInUse() == inUse, "%s: %llu devices in use, the model has %llu", op,
                     static_cast<unsigned long long>(aclppDevicesInUse()), static_cast<unsigned long long>(inUse));
}

/// K-8: a failed first-level init leaves a message naming its code.
void checkInitMessage(aclError code) {
    if (code == ACL_SUCCESS || code == ACL_ERROR_REPEAT_INITIALIZE) return;
    const char *message = aclGetRecentErrMsg();
    ACLPP_FUZZ_CHECK(message != nullptr, "no error text after an init failed with %d", code);
    checkUtf8(message, "K-8: the error text");
    ACLPP_FUZZ_CHECK(std::string_view(message).find(std::to_string(code)) != std::string_view::npos,
                     "the error text does not name %d: %.300s", code, message);
}

void setPlatform() {
    ACLPP_FUZZ_CHECK(aclppSetPlatform(nullptr, kDevices) == ACL_SUCCESS, "aclppSetPlatform");
}

// ---- The program ---------------------------------------------------------------------------------

void doInit(FuzzedDataProvider &in) {
    const int form = in.ConsumeIntegralInRange(0, 8);
    aclError got = ACL_SUCCESS;
    aclError expected = ACL_SUCCESS;
    switch (form) {
        case 0:
            expected = modelInit(std::nullopt, false);
            got = aclInit(nullptr);
            break;
        case 1:
            expected = modelInit(std::nullopt, false);
            got = aclInit("");
            break;
        case 2:
            expected = modelInit(std::nullopt, false);
            got = aclppInitFromBuffer(nullptr, 0);
            break;
        case 3: {
            const std::string_view config = kConfigs[in.ConsumeIntegralInRange<size_t>(0, kConfigs.size() - 1)];
            expected = modelInit(config, false);
            got = aclppInitFromBuffer(config.data(), config.size());
            break;
        }
        case 4: {
            const std::string bytes = in.ConsumeRandomLengthString(256);
            expected = modelInit(std::string_view(bytes), false);
            got = aclppInitFromBuffer(bytes.data(), bytes.size());
            break;
        }
        case 5: {
            const size_t i = in.ConsumeIntegralInRange<size_t>(0, files.paths.size() - 1);
            expected = modelInit(kConfigs[i], false);
            got = aclInit(files.paths[i].c_str());
            break;
        }
        case 6: {
            // F-2: missing, or a directory: 100003 before anything else (after a READ_FILE fault).
            const std::string &path = files.badPaths[in.ConsumeIntegralInRange<size_t>(0, files.badPaths.size() - 1)];
            expected = modelInit(std::nullopt, true);
            got = aclInit(path.c_str());
            break;
        }
        case 7: {
            // The C++ layer's join: the same count as aclInit, and it reports the epoch it joined.
            expected = modelInit(std::nullopt, false);
            uint64_t epoch = 0;
            got = aclppInitWithEpoch(nullptr, &epoch);
            const bool holds = got == ACL_SUCCESS || got == ACL_ERROR_REPEAT_INITIALIZE;
            ACLPP_FUZZ_CHECK(holds == (epoch != 0), "aclppInitWithEpoch returned %d with epoch %llu", got,
                             static_cast<unsigned long long>(epoch));
            break;
        }
        default: {
            // The live config again (joins) or, at count 0, whatever the identity is.
            const std::string config = model.identity.value_or("{}");
            expected = modelInit(std::string_view(config), false);
            got = aclppInitFromBuffer(config.data(), config.size());
            break;
        }
    }
    checkAgainstModel("init", got, expected);
    checkInitMessage(got);
}

void doFinalizeReference(FuzzedDataProvider &in) {
    uint64_t expectedOut = 0;
    const aclError expected = modelFinalizeReference(expectedOut);
    if (in.ConsumeBool()) {
        checkAgainstModel("aclFinalizeReference(NULL)", aclFinalizeReference(nullptr), expected);
        return;
    }
    uint64_t out = 0xDEADBEEF;
    const aclError got = aclFinalizeReference(&out);
    checkAgainstModel("aclFinalizeReference", got, expected);
    ACLPP_FUZZ_CHECK(out == expectedOut, "aclFinalizeReference wrote %llu, the model expected %llu",
                     static_cast<unsigned long long>(out), static_cast<unsigned long long>(expectedOut));
}

struct Registration {
    int type;
    int function;  // -1: NULL
    uintptr_t tag;
};

Registration consumeRegistration(FuzzedDataProvider &in) {
    Registration r{};
    r.type = kTypeValues[in.ConsumeIntegralInRange<size_t>(0, kTypeValues.size() - 1)];
    r.function = in.ConsumeIntegralInRange(-1, kFunctions - 1);
    r.tag = in.ConsumeIntegralInRange<uintptr_t>(0, 3);
    return r;
}

aclError modelRegister(std::vector<Entry> &entries, const Registration &r) {
    if (r.function < 0 || !knownType(r.type)) return ACL_ERROR_INVALID_PARAM;
    if (r.type != ACL_REG_TYPE_OTHER) {
        for (const Entry &e : entries) {
            if (e.type == r.type) return ACL_ERROR_INTERNAL_ERROR;  // L-7: one per non-OTHER type
        }
    }
    entries.push_back(Entry{r.type, r.function, r.tag});
    return ACL_SUCCESS;
}

aclError modelUnregister(std::vector<Entry> &entries, const Registration &r) {
    if (r.function < 0 || !knownType(r.type)) return ACL_ERROR_INVALID_PARAM;
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        if (it->type == r.type && it->function == r.function) {  // the first match; userData ignored
            entries.erase(it);
            return ACL_SUCCESS;
        }
    }
    return ACL_ERROR_INTERNAL_ERROR;
}

void doCallbackCall(FuzzedDataProvider &in, int which) {
    const Registration r = consumeRegistration(in);
    const auto type = static_cast<aclRegisterCallbackType>(r.type);
    void *userData = reinterpret_cast<void *>(r.tag);
    const aclInitCallbackFunc initFn = r.function < 0 ? nullptr : kInitFunctions[static_cast<size_t>(r.function)];
    const aclFinalizeCallbackFunc finFn =
        r.function < 0 ? nullptr : kFinalizeFunctions[static_cast<size_t>(r.function)];
    switch (which) {
        case 0: {
            const aclError expected = modelRegister(model.inits, r);
            // L-7: registered while initialised, it is called at once with the live config.
            if (expected == ACL_SUCCESS && model.count > 0) {
                model.expectedCalls.push_back(Call{true, r.function, r.tag, model.liveConfig});
            }
            checkAgainstModel("aclInitCallbackRegister", aclInitCallbackRegister(type, initFn, userData), expected);
            const FunctionBehaviour behaviour =
                r.function < 0 ? FunctionBehaviour{} : initBehaviour[static_cast<size_t>(r.function)];
            if (expected == ACL_SUCCESS && model.count > 0 && behaviour.kind == Behaviour::fail) {
                // L-7: the register result stays 0; the callback's failure goes to the error text.
                const char *message = aclGetRecentErrMsg();
                ACLPP_FUZZ_CHECK(message != nullptr && std::string_view(message).find(std::to_string(behaviour.code)) !=
                                                           std::string_view::npos,
                                 "L-7: an immediate init callback failed with %d and the error text is %s",
                                 behaviour.code, message != nullptr ? message : "NULL");
            }
            drainRecentErrors();
            break;
        }
        case 1:
            checkAgainstModel("aclInitCallbackUnRegister", aclInitCallbackUnRegister(type, initFn),
                              modelUnregister(model.inits, r));
            break;
        case 2:
            checkAgainstModel("aclFinalizeCallbackRegister", aclFinalizeCallbackRegister(type, finFn, userData),
                              modelRegister(model.finalizes, r));
            break;
        default:
            checkAgainstModel("aclFinalizeCallbackUnRegister", aclFinalizeCallbackUnRegister(type, finFn),
                              modelUnregister(model.finalizes, r));
            break;
    }
}

void doBehaviour(FuzzedDataProvider &in) {
    const bool init = in.ConsumeBool();
    const auto function = in.ConsumeIntegralInRange<size_t>(0, kFunctions - 1);
    FunctionBehaviour behaviour;
    behaviour.kind = static_cast<Behaviour>(in.ConsumeIntegralInRange(0, 2));
    if (behaviour.kind == Behaviour::fail) {
        behaviour.code = kFailureCodes[in.ConsumeIntegralInRange<size_t>(0, kFailureCodes.size() - 1)];
    }
    (init ? initBehaviour : finalizeBehaviour)[function] = behaviour;
}

void doDevice(FuzzedDataProvider &in) {
    const int op = in.ConsumeIntegralInRange(0, 3);
    const int32_t id = in.ConsumeIntegralInRange<int32_t>(-1, kDevices);
    const bool valid = id >= 0 && id < static_cast<int32_t>(kDevices);
    aclError expected = ACL_SUCCESS;
    if (model.count == 0) {
        expected = ACL_ERROR_UNINITIALIZE;  // E-2
    } else if (op != 3 && !valid) {
        expected = ACL_ERROR_RT_INVALID_DEVICEID;
    }
    const auto slot = static_cast<size_t>(valid ? id : 0);
    switch (op) {
        case 0:
            if (expected == ACL_SUCCESS) {
                ++model.deviceSets[slot];
                model.current = id;
            }
            checkAgainstModel("aclrtSetDevice", aclrtSetDevice(id), expected);
            break;
        case 1:
            if (expected == ACL_SUCCESS) {
                if (model.deviceSets[slot] > 0) --model.deviceSets[slot];
                if (model.deviceSets[slot] == 0 && model.current == id) model.current = -1;
            }
            checkAgainstModel("aclrtResetDevice", aclrtResetDevice(id), expected);
            break;
        case 2:
            if (expected == ACL_SUCCESS) {
                model.deviceSets[slot] = 0;
                if (model.current == id) model.current = -1;
            }
            checkAgainstModel("aclrtResetDeviceForce", aclrtResetDeviceForce(id), expected);
            break;
        default: {
            int expectedDevice = -1;
            if (expected == ACL_SUCCESS) {
                if (model.current >= 0 && model.deviceSets[static_cast<size_t>(model.current)] > 0) {
                    expectedDevice = model.current;
                } else if (model.defaultDevice) {
                    expectedDevice = *model.defaultDevice;
                } else {
                    expected = ACL_ERROR_RT_CONTEXT_NULL;
                }
            }
            int32_t device = -1;
            checkAgainstModel("aclrtGetDevice", aclrtGetDevice(&device), expected);
            if (expected == ACL_SUCCESS) {
                ACLPP_FUZZ_CHECK(device == expectedDevice, "aclrtGetDevice gave %d, the model expected %d", device,
                                 expectedDevice);
            }
            break;
        }
    }
}

void doFault(FuzzedDataProvider &in) {
    if (in.ConsumeIntegralInRange(0, 7) == 0) {
        // Rejected injections change nothing.
        const int steps[] = {0, 15, 100, 110, ACLPP_STEP_SOC};
        const int step = steps[in.ConsumeIntegralInRange(0, 4)];
        ACLPP_FUZZ_CHECK(aclppTestingInjectFault(static_cast<aclppStep>(step), step == ACLPP_STEP_SOC ? 0 : 1, 0, 1) ==
                             ACL_ERROR_INVALID_PARAM,
                         "an invalid fault injection (step %d) was accepted", step);
        return;
    }
    Fault fault{};
    fault.step = kFaultSteps[in.ConsumeIntegralInRange<size_t>(0, kFaultSteps.size() - 1)];
    fault.code = kFailureCodes[in.ConsumeIntegralInRange<size_t>(0, kFailureCodes.size() - 1)];
    fault.skip = in.ConsumeIntegralInRange<uint32_t>(0, 2);
    fault.times = in.ConsumeIntegralInRange<uint32_t>(0, 3);
    ACLPP_FUZZ_CHECK(
        aclppTestingInjectFault(static_cast<aclppStep>(fault.step), fault.code, fault.skip, fault.times) == ACL_SUCCESS,
        "fault injection rejected");
    model.faults.push_back(fault);
}

void doReset(FuzzedDataProvider &in) {
    const uint32_t flags = in.ConsumeIntegralInRange<uint32_t>(0, 3);
    aclError expected = ACL_SUCCESS;
    if (model.count > 0) {
        expected = ACL_ERROR_REPEAT_INITIALIZE;
    } else {
        model.finalized = false;
        model.faults.clear();
        if ((flags & ACLPP_RESET_IDENTITY) != 0) model.identity.reset();
        if ((flags & ACLPP_RESET_CALLBACKS) != 0) {
            model.inits.clear();
            model.finalizes.clear();
        }
    }
    const aclError got = aclppTestingReset(flags);
    if (got == ACL_SUCCESS) setPlatform();  // the reset re-reads the platform from the environment
    checkAgainstModel("aclppTestingReset", got, expected);
}

void doRecentMessage() {
    (void)aclGetRecentErrMsg();
    // L-9: get and clear.
    ACLPP_FUZZ_CHECK(aclGetRecentErrMsg() == nullptr, "aclGetRecentErrMsg did not clear");
}

void startInput() {
    ACLPP_FUZZ_CHECK(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS, "testing reset at the start of an input");
    setPlatform();
    drainRecentErrors();
    initBehaviour = {};
    finalizeBehaviour = {};
    actualCalls.clear();
    reentryViolation.clear();
    model = Model{};
    epochAtStart = lifecycleState().epoch;
}

// Returns to count 0 with a successful teardown so the next input starts clean.
void finishInput() {
    aclppTestingClearFaults();
    model.faults.clear();
    initBehaviour = {};
    finalizeBehaviour = {};
    if (model.count > 0) {
        const aclError expected = modelFinalize();
        checkAgainstModel("final aclFinalize", aclFinalize(), expected);
        ACLPP_FUZZ_CHECK(expected == ACL_SUCCESS, "the final teardown failed with no faults");
    }
    ACLPP_FUZZ_CHECK(aclppDevicesInUse() == 0, "devices still in use at count 0");
    drainRecentErrors();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    makeConfigFiles();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzedDataProvider in(data, size);
    startInput();
    for (int steps = 0; steps < 64 && in.remaining_bytes() > 0; ++steps) {
        switch (in.ConsumeIntegralInRange(0, 15)) {
            case 0:
            case 1:
            case 2:
                doInit(in);
                break;
            case 3:
                checkAgainstModel("aclFinalize", aclFinalize(), modelFinalize());
                break;
            case 4:
            case 5:
                doFinalizeReference(in);
                break;
            case 6:
                doCallbackCall(in, 0);
                break;
            case 7:
                doCallbackCall(in, 1);
                break;
            case 8:
                doCallbackCall(in, 2);
                break;
            case 9:
                doCallbackCall(in, 3);
                break;
            case 10:
                doBehaviour(in);
                break;
            case 11:
            case 12:
                doDevice(in);
                break;
            case 13:
                doFault(in);
                break;
            case 14:
                doReset(in);
                break;
            default:
                doRecentMessage();
                break;
        }
    }
    finishInput();
    return 0;
}
