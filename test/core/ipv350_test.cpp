// The compact runtime of IPV350: P-1 to P-4. meson runs each id in a process of its own.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::effectiveConfig;
using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;
using aclpp::test::TempDir;
using Catch::Matchers::ContainsSubstring;

namespace {

/// A fresh runtime whose next init starts IPV350.
struct CompactRuntime : FreshRuntime {
    CompactRuntime() { REQUIRE(aclppSetPlatform("IPV350", 0) == ACL_SUCCESS); }
};

std::string modelDump(const std::string &path) {
    return R"({"dump":{"dump_path":")" + path + R"(","dump_list":[{"model_name":"resnet"}]}})";
}

aclError initFromText(const std::string &text) {
    return aclppInitFromBuffer(text.data(), text.size());
}

struct Finding {
    aclppSeverity severity;
    aclError code;
    std::string pointer;
    std::string message;
    std::string hint;
};

/// Validates `config` for IPV350; the code aclInit would give and the findings.
std::pair<aclError, std::vector<Finding>> validateForIpv350(const std::string &config) {
    aclppReport *report = nullptr;
    const aclError code = aclppValidateBuffer(config.data(), config.size(), "IPV350", &report);
    std::vector<Finding> findings;
    for (size_t i = 0; report != nullptr && i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        if (aclppReportGetFinding(report, i, &f) != ACL_SUCCESS) continue;
        findings.push_back({f.severity, f.code, f.pointer, f.message, f.hint});
    }
    aclppReportFree(report);
    return {code, findings};
}

const Finding *findingAt(const std::vector<Finding> &findings, std::string_view pointer) {
    for (const Finding &finding : findings) {
        if (finding.pointer == pointer) return &finding;
    }
    return nullptr;
}

aclError ignoreInit(const char *, size_t, void *) {
    return ACL_SUCCESS;
}
aclError ignoreFinalize(void *) {
    return ACL_SUCCESS;
}

}  // namespace

TEST_CASE("P-1 three inits and four finalizes all return 0; the runtime is down after the third", "[P-1]") {
    CompactRuntime fresh;
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclInit("/no/such/acl.json") == ACL_SUCCESS);  // a repeat never reads its path
    CHECK(lifecycleState().refCount == 3);
    CHECK(std::string(aclrtGetSocName()) == "IPV350");
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
    const aclppLifecycleState down = lifecycleState();
    CHECK(down.initialized == 0);
    CHECK(down.refCount == 0);
    CHECK(aclFinalize() == ACL_SUCCESS);  // extra ones do nothing
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().epoch == down.epoch);
    CHECK(aclrtSetDevice(0) == ACL_ERROR_UNINITIALIZE);
    CHECK(recentError().empty() == false);  // aclrtSetDevice's 100001, nothing from the finalizes
    CHECK(recentError().empty());
}

TEST_CASE("P-1 ACLPP_SOC=IPV350 selects the compact runtime; aclFinalize at 0 on a fresh process returns 0", "[P-1]") {
    FreshRuntime fresh;
    ::setenv("ACLPP_SOC", "IPV350", 1);
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);  // not 100037 (L-3 is the full runtime's)
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(std::string(aclrtGetSocName()) == "IPV350");
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
    ::unsetenv("ACLPP_SOC");
    // Another SoC counts as the full runtime does again.
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_FULL);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(aclppGetLifecycleKind() == ACLPP_LIFECYCLE_FULL);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("P-1 a second init/finalize pair with a different config applies that config (no identity rule)", "[P-1]") {
    CompactRuntime fresh;
    TempDir first, second;
    REQUIRE(initFromText(modelDump(first.path())) == ACL_SUCCESS);
    CHECK_THAT(effectiveConfig(), ContainsSubstring(first.path()));
    // A nested init's config is not read: the first one stays in effect.
    CHECK(initFromText(modelDump(second.path())) == ACL_SUCCESS);
    CHECK_THAT(effectiveConfig(), ContainsSubstring(first.path()));
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(lifecycleState().initialized == 0);
    CHECK(lifecycleState().identityRemembered == 0);

    const std::string path = second.write("acl.json", modelDump(second.path()));
    REQUIRE(aclInit(path.c_str()) == ACL_SUCCESS);  // the full runtime would give 100000 (L-4)
    const std::string live = effectiveConfig();
    CHECK_THAT(live, ContainsSubstring(second.path()));
    CHECK_THAT(live, !ContainsSubstring(first.path()));
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("P-1 the epoch extensions on IPV350: joins report 100002, aclFinalize gives the reference back",
          "[P-1][P-5]") {
    CompactRuntime fresh;
    uint64_t owner = 0, joiner = 0;
    REQUIRE(aclppInitWithEpoch(nullptr, &owner) == ACL_SUCCESS);
    CHECK(owner != 0);
    CHECK(aclppInitWithEpoch(nullptr, &joiner) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(joiner == owner);
    CHECK(aclppInitFromBufferWithEpoch("{}", 2, &joiner) == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(lifecycleState().refCount == 3);
    // Not the matching call there: refused without touching anything or leaving an error text.
    uint64_t count = 42;
    CHECK(aclppFinalizeReferenceOfEpoch(owner, &count) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(aclppFinalizeReferenceOfEpoch(owner, nullptr) == ACL_ERROR_API_NOT_SUPPORT);
    CHECK(count == 42);
    CHECK(lifecycleState().refCount == 3);
    CHECK(recentError().empty());
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
    // Once that runtime is gone, as on the full runtime.
    CHECK(aclppFinalizeReferenceOfEpoch(owner, &count) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(count == 0);
}

TEST_CASE("P-1 concurrent inits and finalizes keep the count exact on IPV350", "[P-1][L-5]") {
    CompactRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&failures, t] {
            for (int i = 0; i < 500; ++i) {
                uint64_t epoch = 0;
                const aclError in = t % 2 == 0 ? aclInit(nullptr) : aclppInitWithEpoch(nullptr, &epoch);
                if (in != ACL_SUCCESS && in != ACL_ERROR_REPEAT_INITIALIZE) ++failures;
                if (aclFinalize() != ACL_SUCCESS) ++failures;
            }
        });
    }
    for (std::thread &thread : threads) thread.join();
    CHECK(failures == 0);
    CHECK(lifecycleState().refCount == 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("P-2 a path that cannot be read is ignored; the validation API still reports it", "[P-2]") {
    CompactRuntime fresh;
    TempDir dir;
    for (const std::string &path : {std::string("/no/such/acl.json"), dir.path()}) {
        INFO(path);
        CHECK(aclInit(path.c_str()) == ACL_SUCCESS);
        CHECK(lifecycleState().refCount == 1);
        CHECK(recentError().empty());
        CHECK(aclFinalize() == ACL_SUCCESS);
        aclppReport *report = nullptr;
        CHECK(aclppValidateFile(path.c_str(), "IPV350", &report) == ACL_ERROR_INVALID_FILE);
        aclppReportFree(report);
    }
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("P-2 an invalid config fails the 0->1 init with 500000, count 0, everything rolled back", "[P-2][L-2]") {
    CompactRuntime fresh;
    TempDir dir;
    const aclppLifecycleState before = lifecycleState();
    // err_msg_mode is applied before the dump step fails, so the rollback has something to undo.
    const std::string config =
        R"({"err_msg_mode":"1","dump":{"dump_path":")" + dir.path() + R"(","dump_op_switch":"on","dump_list":[]}})";
    CHECK(initFromText(config) == ACL_ERROR_INTERNAL_ERROR);
    const std::string message = recentError();
    CHECK_THAT(message, ContainsSubstring("ACL_ERROR_INTERNAL_ERROR(500000)"));
    CHECK_THAT(message, ContainsSubstring("ACL_ERROR_INVALID_DUMP_CONFIG(100009)"));
    CHECK_THAT(message, ContainsSubstring("/dump/dump_op_switch"));
    CHECK_THAT(message, ContainsSubstring("line 1"));
    const aclppLifecycleState after = lifecycleState();
    CHECK(after.refCount == 0);
    CHECK(after.initialized == 0);
    CHECK(after.epoch == before.epoch);
    CHECK(after.identityRemembered == 0);
    CHECK(aclrtSetDevice(0) == ACL_ERROR_UNINITIALIZE);
    // err_msg_mode "1" was undone: the message went to this thread only.
    std::string otherThread;
    std::thread([&] { otherThread = recentError(); }).join();
    CHECK(otherThread.empty());
    (void)recentError();

    // A syntax error is a readable config that fails validation too.
    CHECK(initFromText("{\"dump\":") == ACL_ERROR_INTERNAL_ERROR);
    CHECK_THAT(recentError(), ContainsSubstring("100006"));
    CHECK(lifecycleState().refCount == 0);

    // Nothing is left behind: the next init starts clean with its own config.
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK_THAT(effectiveConfig(), !ContainsSubstring(dir.path()));
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("P-2 a failing init step gives 500000 on IPV350 and the count stays 0", "[P-2][L-2]") {
    CompactRuntime fresh;
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_SOC, ACL_ERROR_RT_PARAM_INVALID, 0, 1) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_ERROR_INTERNAL_ERROR);
    CHECK_THAT(recentError(), ContainsSubstring("500000"));
    CHECK(lifecycleState().refCount == 0);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("P-3 aclFinalizeReference and the callback functions give 200001 and change nothing", "[P-3]") {
    CompactRuntime fresh;
    const auto expectRefused = [](aclError code, const char *function) {
        INFO(function);
        CHECK(code == ACL_ERROR_API_NOT_SUPPORT);
        const std::string message = recentError();
        CHECK_THAT(message, ContainsSubstring(function));
        CHECK_THAT(message, ContainsSubstring("IPV350"));
        CHECK_THAT(message, ContainsSubstring("no callbacks"));
    };
    for (int initialised = 0; initialised < 2; ++initialised) {
        INFO("initialised " << initialised);
        if (initialised == 1) {
            REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
            REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
        }
        const aclppLifecycleState before = lifecycleState();
        uint64_t count = 77;
        expectRefused(aclFinalizeReference(&count), "aclFinalizeReference");
        CHECK(count == 77);
        expectRefused(aclFinalizeReference(nullptr), "aclFinalizeReference");
        expectRefused(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, ignoreInit, nullptr), "aclInitCallbackRegister");
        expectRefused(aclInitCallbackUnRegister(ACL_REG_TYPE_OTHER, ignoreInit), "aclInitCallbackUnRegister");
        expectRefused(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, ignoreFinalize, nullptr),
                      "aclFinalizeCallbackRegister");
        expectRefused(aclFinalizeCallbackUnRegister(ACL_REG_TYPE_OTHER, ignoreFinalize),
                      "aclFinalizeCallbackUnRegister");
        CHECK(aclppRegisteredCallbackCount() == 0);
        const aclppLifecycleState after = lifecycleState();
        CHECK(after.refCount == before.refCount);
        CHECK(after.epoch == before.epoch);
        CHECK(after.finalized == before.finalized);
    }
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().initialized == 0);
}

TEST_CASE("P-3 callbacks registered for another SoC are not called by the compact runtime", "[P-3]") {
    FreshRuntime fresh;
    static int calls = 0;
    calls = 0;
    const auto countInit = [](const char *, size_t, void *) -> aclError {
        ++calls;
        return ACL_SUCCESS;
    };
    const auto countFinalize = [](void *) -> aclError {
        ++calls;
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, countInit, nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, countFinalize, nullptr) == ACL_SUCCESS);
    REQUIRE(aclppSetPlatform("IPV350", 0) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == 0);
    CHECK(aclppRegisteredCallbackCount() == 2);
}

TEST_CASE("P-4 IPV350 supports model dump only and lacks the runtime-limit keys (K-2)", "[P-4][K-2]") {
    CompactRuntime fresh;
    TempDir dir;
    const std::string path = dir.path();
    SECTION("single-operator dump is an error naming the product rule") {
        const auto [code, findings] =
            validateForIpv350(R"({"dump":{"dump_path":")" + path + R"(","dump_op_switch":"on"}})");
        CHECK(code == ACL_ERROR_INVALID_DUMP_CONFIG);
        const Finding *finding = findingAt(findings, "/dump/dump_op_switch");
        REQUIRE(finding != nullptr);
        CHECK(finding->severity == ACLPP_SEVERITY_ERROR);
        CHECK(finding->code == ACL_ERROR_INVALID_DUMP_CONFIG);
        CHECK_THAT(finding->hint, ContainsSubstring("IPV350 supports model dump only"));
    }
    SECTION("model dump is accepted and applied") {
        const std::string config = modelDump(path);
        CHECK(validateForIpv350(config).first == ACL_SUCCESS);
        REQUIRE(initFromText(config) == ACL_SUCCESS);
        CHECK_THAT(effectiveConfig(), ContainsSubstring(path));
        CHECK(aclFinalize() == ACL_SUCCESS);
    }
    SECTION("keys the product lacks are warnings and not applied") {
        const std::string config =
            R"({"max_opqueue_num":"100","StackSize":{"aicore_stack_size":65536,"simt_stack_size":2048},)"
            R"("simd_printf_fifo_size_per_core":4096,"simt_printf_fifo_size":2097152,)"
            R"("dump":{"dump_path":")" +
            path + R"(","dump_debug":"on","dump_kernel_data":"printf"}})";
        const auto [code, findings] = validateForIpv350(config);
        CHECK(code == ACL_SUCCESS);
        for (const char *pointer : {"/max_opqueue_num", "/StackSize/aicore_stack_size", "/StackSize/simt_stack_size",
                                    "/simd_printf_fifo_size_per_core", "/simt_printf_fifo_size", "/dump/dump_debug",
                                    "/dump/dump_kernel_data"}) {
            INFO(pointer);
            const Finding *finding = findingAt(findings, pointer);
            REQUIRE(finding != nullptr);
            CHECK(finding->severity == ACLPP_SEVERITY_WARNING);
            CHECK_THAT(finding->message + " " + finding->hint, ContainsSubstring("IPV350"));
            CHECK_THAT(finding->message, ContainsSubstring("not applied"));
        }
        CHECK_THAT(findingAt(findings, "/max_opqueue_num")->hint, ContainsSubstring("IPV350 does not support"));
        CHECK_THAT(findingAt(findings, "/simt_printf_fifo_size")->hint,
                   ContainsSubstring("IPV350 has none of the device limits"));
        CHECK_THAT(findingAt(findings, "/dump/dump_debug")->hint, ContainsSubstring("IPV350 supports model dump only"));
        REQUIRE(initFromText(config) == ACL_SUCCESS);
        const std::string live = effectiveConfig();
        CHECK_THAT(live, !ContainsSubstring("\"100\""));  // max_opqueue_num keeps its default
        CHECK_THAT(live, !ContainsSubstring(path));       // the overflow dump is not applied
        size_t stack = 0;
        CHECK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &stack) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        CHECK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 65536) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        CHECK(aclFinalize() == ACL_SUCCESS);
    }
    SECTION("exception and watcher scenes are warnings, not the core-dump error") {
        for (const std::string scene : {"aic_err_detail_dump", "aic_err_brief_dump", "watcher"}) {
            INFO(scene);
            const std::string list =
                scene == "watcher" ? R"(,"dump_list":[{"layer":["a"],"watcher_nodes":["b"]}])" : "";
            const auto [code, findings] = validateForIpv350(R"({"dump":{"dump_path":")" + path + R"(","dump_scene":")" +
                                                            scene + "\"" + list + "}}");
            CHECK(code == ACL_SUCCESS);
            const Finding *finding = findingAt(findings, "/dump/dump_scene");
            REQUIRE(finding != nullptr);
            CHECK(finding->severity == ACLPP_SEVERITY_WARNING);
        }
    }
    SECTION("event_mode is the device's 207000, as K-2 says") {
        const auto [code, findings] = validateForIpv350(R"({"acl_graph":{"event_mode":"1"}})");
        CHECK(code == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        CHECK(initFromText(R"({"acl_graph":{"event_mode":"1"}})") == ACL_ERROR_INTERNAL_ERROR);
        CHECK_THAT(recentError(), ContainsSubstring("207000"));
    }
}
