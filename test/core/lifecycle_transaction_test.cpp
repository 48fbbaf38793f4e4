// L-2: a failed init leaves the process exactly as before the call, at every step, with the
// finalize callbacks of each completed type run newest first.
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;
using aclpp::test::TempDir;

namespace {

std::vector<std::string> events;

aclError initCallback(const char *, size_t, void *tag) {
    events.push_back(std::string("init:") + static_cast<const char *>(tag));
    return ACL_SUCCESS;
}

aclError finalizeCallback(void *tag) {
    events.push_back(std::string("fin:") + static_cast<const char *>(tag));
    return ACL_SUCCESS;
}

struct TypeTag {
    aclRegisterCallbackType type;
    const char *name;
};
constexpr TypeTag kTypes[] = {{ACL_REG_TYPE_ACL_MODEL, "model"},
                              {ACL_REG_TYPE_ACL_OP_EXECUTOR, "op_executor"},
                              {ACL_REG_TYPE_ACL_OP_COMPILER, "op_compiler"},
                              {ACL_REG_TYPE_ACL_DVPP, "dvpp"},
                              {ACL_REG_TYPE_OTHER, "other"}};

void registerAll() {
    for (const TypeTag &t : kTypes) {
        REQUIRE(aclInitCallbackRegister(t.type, initCallback, const_cast<char *>(t.name)) == ACL_SUCCESS);
        REQUIRE(aclFinalizeCallbackRegister(t.type, finalizeCallback, const_cast<char *>(t.name)) == ACL_SUCCESS);
    }
}

// A config that touches every piece of state an init applies on Ascend910B1.
constexpr const char *kFullConfig = R"({
  "err_msg_mode": "1",
  "StackSize": {"aicore_stack_size": 65536},
  "defaultDevice": {"default_device": "0"},
  "simd_printf_fifo_size_per_core": 65536,
  "acl_graph": {"event_mode": "1"},
  "dump": {"dump_scene": "aic_err_brief_dump"},
  "profiler": {"switch": "off"}
})";

struct Observed {
    aclppLifecycleState state;
    std::size_t callbacks;
    uint64_t devices;
};

Observed observe() {
    return Observed{lifecycleState(), aclppRegisteredCallbackCount(), aclppDevicesInUse()};
}

}  // namespace

TEST_CASE("L-2 a failure at any init step undoes the earlier steps in reverse order", "[L-2]") {
    struct Row {
        aclppStep step;
        aclError injected;
        aclError expected;
        std::vector<std::string> expectedEvents;
    };
    // Which finalize callbacks run: those of types whose init step completed, newest first;
    // never the failing type's own, never OP_COMPILER (it has no init step).
    const std::vector<Row> rows = {
        {ACLPP_STEP_READ_FILE, ACL_ERROR_INVALID_FILE, ACL_ERROR_INVALID_FILE, {}},
        {ACLPP_STEP_MODEL_CALLBACKS, 500001, 500001, {}},
        {ACLPP_STEP_DUMP, 1, ACL_ERROR_INTERNAL_ERROR, {"init:model", "fin:model"}},
        {ACLPP_STEP_OP_EXECUTOR, 500001, 500001, {"init:model", "fin:model"}},
        {ACLPP_STEP_DEFAULT_DEVICE, 107001, 107001, {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_PRINTF_FIFO, 107000, 107000, {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_EVENT_MODE, 207000, 207000, {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_PROFILING,
         1,
         ACL_ERROR_INVALID_PARAM,
         {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_SOC,
         1,
         ACL_ERROR_INTERNAL_ERROR,
         {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_DVPP_CALLBACKS, 500001, 500001, {"init:model", "init:op_executor", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_FILL_HOOK,
         107000,
         107000,
         {"init:model", "init:op_executor", "init:dvpp", "fin:dvpp", "fin:op_executor", "fin:model"}},
        {ACLPP_STEP_OTHER_CALLBACKS,
         500001,
         500001,
         {"init:model", "init:op_executor", "init:dvpp", "fin:dvpp", "fin:op_executor", "fin:model"}},
    };
    for (const Row &row : rows) {
        DYNAMIC_SECTION("failing step " << aclppStepName(row.step)) {
            FreshRuntime fresh;
            TempDir dir;
            const std::string config = dir.write("acl.json", kFullConfig);
            registerAll();
            events.clear();
            const Observed before = observe();
            REQUIRE(aclppTestingInjectFault(row.step, row.injected, 0, 1) == ACL_SUCCESS);
            CHECK(aclInit(config.c_str()) == row.expected);
            CHECK(events == row.expectedEvents);
            const std::string message = recentError();
            CHECK(message.find(aclppStepName(row.step)) != std::string::npos);

            const Observed after = observe();
            CHECK(after.state.refCount == 0);
            CHECK(after.state.initialized == before.state.initialized);
            CHECK(after.state.finalized == before.state.finalized);
            CHECK(after.state.epoch == before.state.epoch);
            CHECK(after.state.identityRemembered == 0);
            CHECK(after.callbacks == before.callbacks);
            CHECK(after.devices == before.devices);
            // The error-message mode switched to "1" by this config is restored to per thread:
            // another thread's message does not show up here.
            std::thread([] { (void)aclrtSetDevice(0); }).join();
            CHECK(aclGetRecentErrMsg() == nullptr);

            // Retrying without the fault applies the config fully, exactly once.
            events.clear();
            REQUIRE(aclInit(config.c_str()) == ACL_SUCCESS);
            CHECK(events == std::vector<std::string>{"init:model", "init:op_executor", "init:dvpp", "init:other"});
            int32_t device = -1;
            CHECK(aclrtGetDevice(&device) == ACL_SUCCESS);  // the default device from the config
            CHECK(device == 0);
            REQUIRE(aclFinalize() == ACL_SUCCESS);
        }
    }
}

TEST_CASE("L-2 device defaults, limits and event mode are restored after a late failure", "[L-2][E-3]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = dir.write("acl.json", kFullConfig);
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_OTHER_CALLBACKS, 500001, 0, 1) == ACL_SUCCESS);
    REQUIRE(aclInit(config.c_str()) == 500001);
    // A later plain init sees the defaults, not the failed init's values.
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    size_t stack = 0;
    CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &stack) == ACL_SUCCESS);
    CHECK(stack == 32768);
    int32_t device = -1;
    CHECK(aclrtGetDevice(&device) == ACL_ERROR_RT_CONTEXT_NULL);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-2 tolerated device answers do not fail the init", "[L-2]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = dir.write("acl.json", kFullConfig);
    SECTION("FEATURE_NOT_SUPPORT from the fill hook is tolerated") {
        REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FILL_HOOK, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, 0, 1) == ACL_SUCCESS);
        CHECK(aclInit(nullptr) == ACL_SUCCESS);
    }
    SECTION("device errors on stack sizes are swallowed") {
        REQUIRE(aclppTestingInjectFault(ACLPP_STEP_STACK_SIZE, 107000, 0, 1) == ACL_SUCCESS);
        CHECK(aclInit(config.c_str()) == ACL_SUCCESS);
    }
    SECTION("a profiler start failure only warns in dynamic mode") {
        REQUIRE(aclppTestingInjectFault(ACLPP_STEP_PROFILING, 1, 0, 1) == ACL_SUCCESS);
        CHECK(aclInit(nullptr) == ACL_SUCCESS);
    }
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-2 a fill-hook failure with no config fails the init", "[L-2]") {
    FreshRuntime fresh;
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FILL_HOOK, 107000, 0, 1) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == 107000);
    CHECK(lifecycleState().refCount == 0);
}

TEST_CASE("L-1 a failing teardown step leaves the runtime initialised", "[L-1]") {
    struct Row {
        aclppStep step;
        aclError injected;
        aclError expected;
    };
    const Row rows[] = {
        {ACLPP_STEP_FINALIZE_MODEL_CALLBACKS, 500001, 500001},
        {ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS, 500001, 500001},
        {ACLPP_STEP_FINALIZE_DUMP, 1, ACL_ERROR_INTERNAL_ERROR},
        {ACLPP_STEP_FINALIZE_DVPP_CALLBACKS, 107000, 107000},
        {ACLPP_STEP_FINALIZE_FILL_HOOK, 107000, 107000},
        {ACLPP_STEP_FINALIZE_DEFAULT_DEVICE, 500003, 500003},
        {ACLPP_STEP_FINALIZE_OTHER_CALLBACKS, 500001, 500001},
    };
    for (const Row &row : rows) {
        DYNAMIC_SECTION("failing step " << aclppStepName(row.step)) {
            FreshRuntime fresh;
            TempDir dir;
            REQUIRE(aclInit(dir.write("acl.json", kFullConfig).c_str()) == ACL_SUCCESS);
            REQUIRE(aclppTestingInjectFault(row.step, row.injected, 0, 1) == ACL_SUCCESS);
            SECTION("aclFinalize") {
                CHECK(aclFinalize() == row.expected);
                CHECK(lifecycleState().initialized == 1);  // L23
                CHECK(lifecycleState().finalized == 0);
                CHECK(aclFinalize() == ACL_SUCCESS);  // L24: a retry finishes the teardown
            }
            SECTION("aclFinalizeReference at count 1") {
                uint64_t count = 99;
                CHECK(aclFinalizeReference(&count) == row.expected);
                CHECK(count == 1);
                CHECK(lifecycleState().refCount == 1);
                CHECK(aclFinalizeReference(&count) == ACL_SUCCESS);
                CHECK(count == 0);
            }
            CHECK(lifecycleState().finalized == 1);
        }
    }
}

TEST_CASE("L-1 FEATURE_NOT_SUPPORT from the fill-hook unregister is tolerated at finalize", "[L-1]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_FINALIZE_FILL_HOOK, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, 0, 1) ==
            ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
