// Lifecycle semantics: CANN's, as adapted by decisions L-1, L-3, L-4, L-6.
#include <vector>

#include "catch.hpp"
#include "fixture_dir.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::recentError;
using aclpp::test::TempDir;

namespace {

std::string fixture(const std::string &name) {
    std::string problem;
    const std::string dir = aclpp::test::conformanceFixtureDir(problem);
    if (dir.empty()) FAIL(problem);
    return dir + "/acl/json/" + name;
}

}  // namespace

TEST_CASE("L-1 repeat aclInit counts and returns 100002 without reading the path", "[L-1]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclInit("/nonexistent/acl.json") == ACL_ERROR_REPEAT_INITIALIZE);  // L-1: path not read
    CHECK(aclInit("") == ACL_ERROR_REPEAT_INITIALIZE);
    CHECK(lifecycleState().refCount == 3);
    CHECK(lifecycleState().initialized == 1);
}

TEST_CASE("L-1 aclFinalizeReference follows the CANN table including *refCount", "[L-1]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string config = dir.write("acl.json", R"({"err_msg_mode":"0"})");
    REQUIRE(aclInit(config.c_str()) == ACL_SUCCESS);
    REQUIRE(aclInit(config.c_str()) == ACL_ERROR_REPEAT_INITIALIZE);  // L8
    uint64_t count = 99;
    CHECK(aclFinalizeReference(&count) == ACL_SUCCESS);  // L9
    CHECK(count == 1);
    CHECK(lifecycleState().initialized == 1);
    CHECK(aclFinalizeReference(&count) == ACL_SUCCESS);  // L10
    CHECK(count == 0);
    CHECK(lifecycleState().initialized == 0);
    count = 99;
    CHECK(aclFinalizeReference(&count) == ACL_ERROR_REPEAT_FINALIZE);  // L11
    CHECK(count == 0);
    CHECK(aclFinalizeReference(nullptr) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(aclInit(config.c_str()) == ACL_SUCCESS);  // L12: same identity
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-1 aclFinalize tears down whatever the count and then returns 100037", "[L-1]") {
    FreshRuntime fresh;
    for (int i = 0; i < 5; ++i) (void)aclInit(nullptr);
    REQUIRE(lifecycleState().refCount == 5);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().refCount == 0);
    CHECK(lifecycleState().finalized == 1);
    CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
    // After a teardown through aclFinalizeReference a later aclFinalize also gives 100037 (L-1).
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(lifecycleState().finalized == 0);
    CHECK(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-1 the teardown runs in the reference order", "[L-1]") {
    FreshRuntime fresh;
    static std::vector<int> order;
    order.clear();
    auto record = [](void *tag) -> aclError {
        order.push_back(static_cast<int>(reinterpret_cast<intptr_t>(tag)));
        return ACL_SUCCESS;
    };
    const aclFinalizeCallbackFunc fn = record;
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, fn, reinterpret_cast<void *>(4)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_DVPP, fn, reinterpret_cast<void *>(3)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, fn, reinterpret_cast<void *>(2)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_OP_COMPILER, fn, reinterpret_cast<void *>(1)) == ACL_SUCCESS);
    // Types the reference never notifies at finalize stay silent.
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_OP_EXECUTOR, fn, reinterpret_cast<void *>(9)) == ACL_SUCCESS);
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_TDT_QUEUE, fn, reinterpret_cast<void *>(9)) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(order == std::vector<int>{1, 2, 3, 4});
}

TEST_CASE("L-1 init callback order across types: MODEL, OP_EXECUTOR (path only), DVPP, OTHER", "[L-1]") {
    FreshRuntime fresh;
    static std::vector<int> order;
    order.clear();
    auto record = [](const char *, size_t, void *tag) -> aclError {
        order.push_back(static_cast<int>(reinterpret_cast<intptr_t>(tag)));
        return ACL_SUCCESS;
    };
    const aclInitCallbackFunc fn = record;
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_OTHER, fn, reinterpret_cast<void *>(4)) == ACL_SUCCESS);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_DVPP, fn, reinterpret_cast<void *>(3)) == ACL_SUCCESS);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_OP_EXECUTOR, fn, reinterpret_cast<void *>(2)) == ACL_SUCCESS);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, fn, reinterpret_cast<void *>(1)) == ACL_SUCCESS);
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_OP_COMPILER, fn, reinterpret_cast<void *>(9)) == ACL_SUCCESS);

    SECTION("with no config OP_EXECUTOR is not notified") {
        REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
        CHECK(order == std::vector<int>{1, 3, 4});
    }
    SECTION("with a config file every init type is notified in order") {
        TempDir dir;
        REQUIRE(aclInit(dir.write("acl.json", "{}").c_str()) == ACL_SUCCESS);
        CHECK(order == std::vector<int>{1, 2, 3, 4});
    }
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-1 init callbacks receive the raw config bytes", "[L-1]") {
    FreshRuntime fresh;
    static std::string seen;
    auto capture = [](const char *config, size_t length, void *) -> aclError {
        seen.assign(config, length);
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, capture, nullptr) == ACL_SUCCESS);
    TempDir dir;
    const std::string text = "{ \"custom_key\" : [1, 2],\n  \"err_msg_mode\": \"0\" }\n";
    REQUIRE(aclInit(dir.write("acl.json", text).c_str()) == ACL_SUCCESS);
    CHECK(seen == text);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
    seen = "not called";
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(seen.empty());
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-3 aclFinalize on a fresh process succeeds, runs nothing, and a repeat gives 100037", "[L-3]") {
    FreshRuntime fresh;
    static int calls = 0;
    calls = 0;
    auto count = [](void *) -> aclError {
        ++calls;
        return ACL_SUCCESS;
    };
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, count, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == 0);
    CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-3 aclFinalize after a failed init succeeds without callbacks", "[L-3]") {
    FreshRuntime fresh;
    static int calls = 0;
    calls = 0;
    auto count = [](void *) -> aclError {
        ++calls;
        return ACL_SUCCESS;
    };
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_ACL_MODEL, count, nullptr) == ACL_SUCCESS);
    CHECK(aclInit("/nonexistent/acl.json") == ACL_ERROR_INVALID_FILE);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(calls == 0);
    CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-3 an aclFinalizeReference at count 0 does not count as an earlier finalize", "[L-3]") {
    FreshRuntime fresh;
    CHECK(aclFinalizeReference(nullptr) == ACL_ERROR_REPEAT_FINALIZE);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
}

TEST_CASE("L-4 the first successful config's bytes are the identity for every later first-level init", "[L-4]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string first = dir.write("first.json", R"({"defaultDevice":{"default_device":"0"}})");
    const std::string same = dir.write("same.json", R"({"defaultDevice":{"default_device":"0"}})");
    const std::string other = dir.write("other.json", R"({"defaultDevice":{"default_device":"0"} })");
    const std::string broken = dir.write("broken.json", R"({"defaultDevice":)");
    REQUIRE(aclInit(first.c_str()) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(same.c_str()) == ACL_SUCCESS);  // another path, same bytes
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(other.c_str()) == ACL_ERROR_INVALID_PARAM);  // one extra space
    CHECK(recentError().find("L-4") != std::string::npos);
    CHECK(aclInit(broken.c_str()) == ACL_ERROR_INVALID_PARAM);  // identity before validation
    CHECK(aclInit("") == ACL_ERROR_INVALID_PARAM);              // L15: "" differs from a config
    // Clarification: the file checks of F-2 come first.
    CHECK(aclInit(dir.file("missing.json").c_str()) == ACL_ERROR_INVALID_FILE);
    CHECK(aclInit(dir.path().c_str()) == ACL_ERROR_INVALID_FILE);
    CHECK(lifecycleState().identityRemembered == 1);
}

TEST_CASE("L-4 NULL, \"\" and a 0-byte file share the empty identity", "[L-4]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string empty = dir.write("empty.json", "");
    REQUIRE(aclInit("") == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(empty.c_str()) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    const std::string config = fixture("testErrorManager2.json");
    CHECK(aclInit(config.c_str()) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("L-4 a failed init remembers no identity; only the testing reset clears one", "[L-4]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string bad = dir.write("bad.json", R"({"err_msg_mode":"2"})");
    const std::string good = dir.write("good.json", R"({"err_msg_mode":"1"})");
    CHECK(aclInit(bad.c_str()) == ACL_ERROR_INVALID_PARAM);  // L3
    CHECK(lifecycleState().identityRemembered == 0);
    CHECK(aclInit(good.c_str()) == ACL_SUCCESS);  // L1
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_ERROR_INVALID_PARAM);
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_ERROR_REPEAT_INITIALIZE);  // only at count 0
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("L-4 the identity rule also covers aclppInitFromBuffer", "[L-4][A-2]") {
    FreshRuntime fresh;
    const std::string config = R"({"err_msg_mode":"1"})";
    REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    TempDir dir;
    CHECK(aclInit(dir.write("same.json", config).c_str()) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    const std::string other = R"({"err_msg_mode":"0"})";
    CHECK(aclppInitFromBuffer(other.data(), other.size()) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("A-2 aclppLifecycleEpoch is the live epoch while initialised and 0 otherwise", "[A-2][L-1]") {
    FreshRuntime fresh;
    CHECK(aclppLifecycleEpoch() == 0);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    const uint64_t first = aclppLifecycleEpoch();
    CHECK(first != 0);
    CHECK(first == lifecycleState().epoch);
    REQUIRE(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);  // a join keeps the epoch
    CHECK(aclppLifecycleEpoch() == first);
    REQUIRE(aclFinalizeReference(nullptr) == ACL_SUCCESS);
    CHECK(aclppLifecycleEpoch() == first);
    REQUIRE(aclFinalizeReference(nullptr) == ACL_SUCCESS);  // the teardown
    CHECK(aclppLifecycleEpoch() == 0);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclppLifecycleEpoch() == first + 1);
    REQUIRE(aclppTestingInjectFault(ACLPP_STEP_READ_FILE, ACL_ERROR_FAILURE, 0, 1) == ACL_SUCCESS);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    CHECK(aclInit(nullptr) == ACL_ERROR_FAILURE);  // a failed init publishes no epoch
    CHECK(aclppLifecycleEpoch() == 0);
}

TEST_CASE("L-4 the same buffer again passes the identity check, one changed byte does not", "[L-4][A-2]") {
    FreshRuntime fresh;
    std::string config = R"({"err_msg_mode":"1"})";
    for (int cycle = 0; cycle < 3; ++cycle) {
        REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
        REQUIRE(aclFinalize() == ACL_SUCCESS);
    }
    config.back() = ' ';  // same length, other bytes
    CHECK(aclppInitFromBuffer(config.data(), config.size()) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("L-6 lifecycle calls from a callback on the transitioning thread return 500001", "[L-6]") {
    FreshRuntime fresh;
    static aclError nestedInit = 0;
    static aclError nestedFinalize = 0;
    static aclError nestedReference = 0;
    auto nestInit = [](const char *, size_t, void *) -> aclError {
        nestedInit = aclInit(nullptr);
        nestedFinalize = aclFinalize();
        nestedReference = aclFinalizeReference(nullptr);
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, nestInit, nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(nestedInit == ACL_ERROR_FAILURE);
    CHECK(nestedFinalize == ACL_ERROR_FAILURE);
    CHECK(nestedReference == ACL_ERROR_FAILURE);
    CHECK(recentError().find("L-6") != std::string::npos);
    CHECK(lifecycleState().refCount == 1);  // nothing recursed

    static aclError nestedInFinalize = 0;
    auto nestFinalize = [](void *) -> aclError {
        const char buffer[] = "{}";
        nestedInFinalize = aclppInitFromBuffer(buffer, 2);
        return ACL_SUCCESS;
    };
    REQUIRE(aclFinalizeCallbackRegister(ACL_REG_TYPE_OTHER, nestFinalize, nullptr) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(nestedInFinalize == ACL_ERROR_FAILURE);
    CHECK(lifecycleState().refCount == 0);
}

TEST_CASE("L-8 finalize never sleeps, whatever ASCEND_LOG_DEVICE_FLUSH_TIMEOUT says", "[L-8]") {
    FreshRuntime fresh;
    ::setenv("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", "5000", 1);
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    const std::string effective = aclpp::test::effectiveConfig();
    CHECK(effective.find(R"("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT":{"value":5000,"source":"environment")") !=
          std::string::npos);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
    ::setenv("ASCEND_LOG_DEVICE_FLUSH_TIMEOUT", "", 1);
    CHECK(lifecycleState().lastFinalizeNanoseconds < 100'000'000u);  // far below the 5 s it names
}

namespace {

/// Sets an environment variable for one test; the suite runs with every runtime variable empty.
class ScopedVariable {
public:
    ScopedVariable(const char *name, const std::string &value) : name_(name) { ::setenv(name, value.c_str(), 1); }
    ~ScopedVariable() { ::setenv(name_, "", 1); }
    ScopedVariable(const ScopedVariable &) = delete;
    ScopedVariable &operator=(const ScopedVariable &) = delete;

private:
    const char *name_;
};

bool isDirectory(const std::string &path) {
    std::error_code error;
    return std::filesystem::is_directory(path, error);
}

}  // namespace

TEST_CASE("K-4 K-6 NPU_COLLECT_PATH alone: every first-level init enables the exception dump and creates its directory",
          "[K-4][K-6]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string collect = dir.file("missing/dir");
    const ScopedVariable variable("NPU_COLLECT_PATH", collect);
    const std::string dumpAtCollect = R"("kind":"exception_norm","scene":"aic_err_norm_dump","watcher":false,)"
                                      R"("path":{"value":")" +
                                      collect + R"(","source":"environment","origin":"NPU_COLLECT_PATH"})";

    // A validation creates nothing, with or without a config.
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(nullptr, 0, nullptr, &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    CHECK(std::string(aclppReportEffectiveJson(report)).find(dumpAtCollect) != std::string::npos);
    aclppReportFree(report);
    CHECK_FALSE(isDirectory(collect));

    SECTION("no config, then a second cycle after a finalize") {
        for (int cycle = 1; cycle <= 2; ++cycle) {
            INFO("cycle " << cycle);
            REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
            CHECK(isDirectory(collect));
            CHECK(aclpp::test::effectiveConfig().find(dumpAtCollect) != std::string::npos);
            CHECK(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);  // a join, not a first-level init
            REQUIRE(aclFinalize() == ACL_SUCCESS);                   // tears down whatever the count
            std::filesystem::remove_all(dir.file("missing"));
        }
    }
    SECTION("a config file that enables no dump") {
        const std::string config = dir.write("acl.json", R"({"err_msg_mode":"1"})");
        for (int cycle = 1; cycle <= 2; ++cycle) {
            INFO("cycle " << cycle);
            REQUIRE(aclInit(config.c_str()) == ACL_SUCCESS);
            CHECK(isDirectory(collect));
            CHECK(aclpp::test::effectiveConfig().find(dumpAtCollect) != std::string::npos);
            REQUIRE(aclFinalize() == ACL_SUCCESS);
            std::filesystem::remove_all(dir.file("missing"));
        }
    }
    SECTION("a config from memory") {
        const std::string config = R"({"dump":{}})";
        REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
        CHECK(isDirectory(collect));
        CHECK(aclpp::test::effectiveConfig().find(dumpAtCollect) != std::string::npos);
        REQUIRE(aclFinalize() == ACL_SUCCESS);
    }
}

TEST_CASE("K-4 K-6 ASCEND_DUMP_SCENE with ASCEND_DUMP_PATH: no config needed, the missing path is created",
          "[K-4][K-6]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string dumpPath = dir.file("scene/dump");
    const ScopedVariable scene("ASCEND_DUMP_SCENE", "aic_err_brief_dump");
    const ScopedVariable path("ASCEND_DUMP_PATH", dumpPath);
    for (int cycle = 1; cycle <= 2; ++cycle) {
        INFO("cycle " << cycle);
        REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
        CHECK(isDirectory(dumpPath));
        const std::string effective = aclpp::test::effectiveConfig();
        CHECK(effective.find(R"("kind":"exception_brief","scene":"aic_err_brief_dump","watcher":false,)"
                             R"("path":{"value":")" +
                             dumpPath + R"(","source":"environment","origin":"ASCEND_DUMP_PATH"})") !=
              std::string::npos);
        // K-6: the same env path also receives kernel-DFX data.
        CHECK(effective.find(R"("kernel_data_types":["all"])") != std::string::npos);
        REQUIRE(aclFinalize() == ACL_SUCCESS);
        std::filesystem::remove_all(dir.file("scene"));
    }
}

TEST_CASE("K-4 with no environment and no config the effective config shows no dump", "[K-4]") {
    FreshRuntime fresh;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclpp::test::effectiveConfig().find(R"("dump":{"present":false,"kind":"none")") != std::string::npos);
    REQUIRE(aclFinalize() == ACL_SUCCESS);
}
