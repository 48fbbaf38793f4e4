// The validate-only extension (A-2): every finding, no state touched, same verdict as aclInit.
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "json/document.hpp"
#include "runtime_fixture.hpp"

using aclpp::test::FreshRuntime;
using aclpp::test::lifecycleState;
using aclpp::test::TempDir;

TEST_CASE("A-2 validation returns every finding with positions and touches no state", "[A-2][K-8]") {
    FreshRuntime fresh;
    const std::string config =
        "{\n"
        "  \"err_msg_mod\": \"0\",\n"
        "  \"err_msg_mode\": \"2\",\n"
        "  \"StackSize\": {\"aicore_stack_size\": \"big\"},\n"
        "  \"dump\": {\"dump_mode\": \"inputs\"}\n"
        "}\n";
    static int calls = 0;
    auto count = [](const char *, size_t, void *) -> aclError {
        ++calls;
        return ACL_SUCCESS;
    };
    REQUIRE(aclInitCallbackRegister(ACL_REG_TYPE_ACL_MODEL, count, nullptr) == ACL_SUCCESS);
    const aclppLifecycleState before = lifecycleState();
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_ERROR_INVALID_PARAM);
    REQUIRE(report != nullptr);
    CHECK(aclppReportResult(report) == ACL_ERROR_INVALID_PARAM);
    bool sawTypo = false, sawMode = false, sawStack = false, sawDump = false;
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        const std::string pointer = f.pointer;
        if (pointer == "/err_msg_mod") {
            sawTypo =
                f.severity == ACLPP_SEVERITY_WARNING && std::string(f.hint).find("err_msg_mode") != std::string::npos;
        }
        if (pointer == "/err_msg_mode") sawMode = f.code == ACL_ERROR_INVALID_PARAM && f.line == 3 && f.column == 19;
        if (pointer == "/StackSize/aicore_stack_size") sawStack = f.code == ACL_ERROR_FAILURE && f.line == 4;
        if (pointer == "/dump/dump_mode") sawDump = f.code == ACL_ERROR_INVALID_DUMP_CONFIG && f.line == 5;
    }
    CHECK(sawTypo);
    CHECK(sawMode);
    CHECK(sawStack);
    CHECK(sawDump);
    CHECK(std::string(aclppReportEffectiveJson(report)) == "null");
    CHECK(std::string(aclppReportJson(report)).find("\"result\":100000") != std::string::npos);
    aclppReportFree(report);
    CHECK(calls == 0);
    const aclppLifecycleState after = lifecycleState();
    CHECK(after.refCount == before.refCount);
    CHECK(after.identityRemembered == before.identityRemembered);
    CHECK(after.epoch == before.epoch);
}

TEST_CASE("A-2 L-1 K-8 a report lists its findings in init-step order, whatever the text's order", "[A-2][L-1][K-8]") {
    FreshRuntime fresh;
    // max_opqueue_num is checked at the op-executor step, after the dump step: the dump's error
    // decides the code and comes first, although the text names max_opqueue_num first.
    const std::string config =
        R"({"max_opqueue_num":"0","defaultDevice":{"default_devise":"0"},"dump":{"dump_mode":"bogus","dump_path":"./"}})";
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_ERROR_INVALID_DUMP_CONFIG);
    REQUIRE(report != nullptr);
    std::vector<std::string> pointers;
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        pointers.emplace_back(f.pointer);
    }
    aclppReportFree(report);
    CHECK(pointers == std::vector<std::string>{"/dump/dump_mode", "/max_opqueue_num", "/defaultDevice/default_devise"});
}

TEST_CASE("A-2 K-7 K-8 an unknown key written with \\u escapes is placed at its own value", "[A-2][K-7][K-8]") {
    FreshRuntime fresh;
    const std::string config =
        "{\n"
        "  \"caf\\u00e9x\": 1,\n"
        "  \"\\ud83d\\ude00x\": 2,\n"
        "  \"caf\\u00e9 \\u00E9t\xC3\xA9\": 3,\n"
        "  \"dump\": {\"dump_path\": \".\", \"dump_list\": [{\"model_name\": \"m\", \"caf\\u00e9\": 4}]}\n"
        "}\n";
    struct Expected {
        std::string pointer;  // as the finding carries it: the key decoded to UTF-8
        uint32_t line;
        uint32_t column;
        bool seen = false;
    };
    Expected expected[] = {
        {"/caf\xC3\xA9x", 2, 17},
        {"/\xF0\x9F\x98\x80x", 3, 20},
        {"/caf\xC3\xA9 \xC3\xA9t\xC3\xA9", 4, 26},
        {"/dump/dump_list/0/caf\xC3\xA9", 5, 77},
    };
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(config.data(), config.size(), nullptr, &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        if (std::string(f.message).find("unknown key") == std::string::npos) continue;
        for (Expected &e : expected) {
            if (f.pointer != e.pointer) continue;
            INFO("pointer " << e.pointer);
            CHECK(f.severity == ACLPP_SEVERITY_WARNING);
            CHECK(f.line == e.line);
            CHECK(f.column == e.column);
            e.seen = true;
        }
    }
    for (const Expected &e : expected) {
        INFO("pointer " << e.pointer);
        CHECK(e.seen);
    }
    aclppReportFree(report);
}

TEST_CASE("A-2 validation agrees with aclInit for a chosen SoC and reports the effective config", "[A-2]") {
    FreshRuntime fresh;
    TempDir dir;
    const std::string path = dir.write("acl.json", R"({"acl_graph":{"event_mode":"1"}})");
    aclppReport *report = nullptr;
    CHECK(aclppValidateFile(path.c_str(), "Ascend910A", &report) == ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    aclppReportFree(report);
    CHECK(aclppValidateFile(path.c_str(), "Ascend910B1", &report) == ACL_SUCCESS);
    CHECK(std::string(aclppReportEffectiveJson(report)).find(R"("/acl_graph/event_mode":{"value":"1")") !=
          std::string::npos);
    aclppReportFree(report);
    CHECK(aclppValidateFile(dir.file("missing.json").c_str(), nullptr, &report) == ACL_ERROR_INVALID_FILE);
    aclppReportFree(report);
    CHECK(aclppValidateFile(path.c_str(), "NoSuchSoc", &report) == ACL_ERROR_INVALID_PARAM);
    CHECK(report == nullptr);
    CHECK(aclppValidateBuffer("{}", 2, nullptr, nullptr) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("A-2 K-1 a validation for a device count: the one given, the one chosen, else any id below the maximum",
          "[A-2][K-1]") {
    FreshRuntime fresh;
    struct Row {
        const char *what;
        std::string_view config;
        const char *environmentCount;  // ACLPP_DEVICE_COUNT, nullptr: unset
        uint32_t devices;
        aclError result;
        std::string_view deviceCountJson;  // the report's "device_count"
        std::string_view message;          // the default_device error, "" when none
    };
    const Row rows[] = {
        {"not told: any id below 64", R"({"defaultDevice":{"default_device":"3"}})", nullptr, 0, ACL_SUCCESS,
         R"("device_count":null)", ""},
        {"not told: 64 is past the maximum", R"({"defaultDevice":{"default_device":"64"}})", nullptr, 0,
         ACL_ERROR_RT_INVALID_DEVICEID, R"("device_count":null)",
         R"(default_device is "64", but no product has more than 64 devices, so the device layer rejects the id; )"
         R"(allowed: a device id from "0" to "63")"},
        {"told 2", R"({"defaultDevice":{"default_device":"3"}})", nullptr, 2, ACL_ERROR_RT_INVALID_DEVICEID,
         R"("device_count":2)",
         R"(default_device is "3", but the platform has 2 devices, so the device layer rejects the id; )"
         R"(allowed: a device id from "0" to "1")"},
        {"told 4", R"({"defaultDevice":{"default_device":"3"}})", nullptr, 4, ACL_SUCCESS, R"("device_count":4)", ""},
        {"ACLPP_DEVICE_COUNT chose 2", R"({"defaultDevice":{"default_device":"3"}})", "2", 0,
         ACL_ERROR_RT_INVALID_DEVICEID, R"("device_count":2)",
         R"(default_device is "3", but the platform has 2 devices, so the device layer rejects the id; )"
         R"(allowed: a device id from "0" to "1")"},
        {"told 8 over ACLPP_DEVICE_COUNT 2", R"({"defaultDevice":{"default_device":"3"}})", "2", 8, ACL_SUCCESS,
         R"("device_count":8)", ""},
    };
    for (const Row &row : rows) {
        INFO(row.what);
        if (row.environmentCount != nullptr) {
            ::setenv("ACLPP_DEVICE_COUNT", row.environmentCount, 1);
        } else {
            ::unsetenv("ACLPP_DEVICE_COUNT");
        }
        aclppReport *report = nullptr;
        CHECK(aclppValidateBufferForDevices(row.config.data(), row.config.size(), nullptr, row.devices, &report) ==
              row.result);
        REQUIRE(report != nullptr);
        CHECK(std::string(aclppReportJson(report)).find(row.deviceCountJson) != std::string::npos);
        std::string message;
        for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
            aclppFinding f{};
            REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
            if (std::string_view(f.pointer) == "/defaultDevice/default_device") message = f.message;
        }
        CHECK(message == row.message);
        aclppReportFree(report);
    }
    ::unsetenv("ACLPP_DEVICE_COUNT");
    // The file twin; the old calls keep the platform's count (1 by default) and never "not known".
    TempDir dir;
    const std::string path = dir.write("acl.json", R"({"defaultDevice":{"default_device":"3"}})");
    aclppReport *report = nullptr;
    CHECK(aclppValidateFileForDevices(path.c_str(), nullptr, 0, &report) == ACL_SUCCESS);
    aclppReportFree(report);
    CHECK(aclppValidateFile(path.c_str(), nullptr, &report) == ACL_ERROR_RT_INVALID_DEVICEID);
    aclppReportFree(report);
    CHECK(aclppValidateFileForDevices(path.c_str(), nullptr, ACLPP_MAX_DEVICE_COUNT + 1, &report) ==
          ACL_ERROR_INVALID_PARAM);
    CHECK(report == nullptr);
}

TEST_CASE("A-2 E-1 the effective configuration leaves out the keys the product does not have", "[A-2][E-1]") {
    FreshRuntime fresh;
    struct Row {
        const char *soc;
        std::vector<std::string_view> present;
        std::vector<std::string_view> absent;
    };
    const Row rows[] = {
        {"Ascend950PR_9599",
         {"/StackSize/simt_stack_size", "/StackSize/simt_divergence_stack_size", "/simt_printf_fifo_size",
          "/simd_printf_fifo_size_per_core", "/acl_graph/event_mode", "/max_opqueue_num"},
         {}},
        {"Ascend910B1",
         {"/StackSize/aicore_stack_size", "/simd_printf_fifo_size_per_core", "/acl_graph/event_mode",
          "/max_opqueue_num"},
         {"/StackSize/simt_stack_size", "/StackSize/simt_divergence_stack_size", "/simt_printf_fifo_size"}},
        {"Ascend910A", {"/StackSize/aicore_stack_size"}, {"/acl_graph/event_mode", "/simt_printf_fifo_size"}},
        {"IPV350", {"/err_msg_mode"}, {"/StackSize/aicore_stack_size", "/max_opqueue_num"}},
    };
    for (const Row &row : rows) {
        INFO(row.soc);
        aclppReport *report = nullptr;
        CHECK(aclppValidateBuffer("{}", 2, row.soc, &report) == ACL_SUCCESS);
        REQUIRE(report != nullptr);
        const std::string effective = aclppReportEffectiveJson(report);
        for (std::string_view key : row.present) {
            INFO(key);
            CHECK(effective.find("\"" + std::string(key) + "\":") != std::string::npos);
        }
        for (std::string_view key : row.absent) {
            INFO(key);
            CHECK(effective.find("\"" + std::string(key) + "\":") == std::string::npos);
        }
        aclppReportFree(report);
    }
    // A config that sets such a key keeps its row, which says it is not applied (the marking).
    const std::string_view simt = R"({"StackSize":{"simt_stack_size":2048}})";
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(simt.data(), simt.size(), "Ascend910B1", &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    const std::string effective = aclppReportEffectiveJson(report);
    const std::size_t row = effective.find(R"("/StackSize/simt_stack_size":)");
    REQUIRE(row != std::string::npos);
    CHECK(effective.find("not applied", row) < effective.find('}', row));
    CHECK(effective.find(R"("/simt_printf_fifo_size":)") == std::string::npos);
    aclppReportFree(report);
}

TEST_CASE("A-2 the live effective configuration and config bytes follow the caller-buffer rule", "[A-2]") {
    FreshRuntime fresh;
    size_t required = 0;
    CHECK(aclppGetEffectiveConfig(nullptr, 0, &required) == ACL_ERROR_UNINITIALIZE);
    const std::string config = R"({"err_msg_mode":"1"})";
    REQUIRE(aclppInitFromBuffer(config.data(), config.size()) == ACL_SUCCESS);
    REQUIRE(aclppGetEffectiveConfig(nullptr, 0, &required) == ACL_SUCCESS);
    char small[8];
    CHECK(aclppGetEffectiveConfig(small, sizeof small, &required) == ACL_SUCCESS);
    CHECK(std::string(small) == "{\"platf");  // truncated, NUL-terminated
    const std::string effective = aclpp::test::effectiveConfig();
    CHECK(effective.size() + 1 == required);
    CHECK(effective.find(R"("/err_msg_mode":{"value":"1","source":"config","origin":"/err_msg_mode")") !=
          std::string::npos);
    std::string bytes(64, '\0');
    REQUIRE(aclppGetConfigBytes(bytes.data(), bytes.size(), &required) == ACL_SUCCESS);
    CHECK(std::string(bytes.c_str()) == config);
    CHECK(aclppGetEffectiveConfig(nullptr, 0, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_CASE("A-2 K-7 the JSON Schema of acl.json follows the caller-buffer rule and the SoC", "[A-2][K-7]") {
    FreshRuntime fresh;
    const auto schemaOf = [](const char *soc) {
        size_t required = 0;
        REQUIRE(aclppGetConfigSchema(soc, nullptr, 0, &required) == ACL_SUCCESS);
        std::string text(required, '\0');
        REQUIRE(aclppGetConfigSchema(soc, text.data(), text.size(), &required) == ACL_SUCCESS);
        REQUIRE(text.size() == required);
        text.pop_back();  // the NUL
        return text;
    };
    const std::string every = schemaOf(nullptr);
    CHECK(every.starts_with(R"({"$schema":"https://json-schema.org/draft/2020-12/schema")"));
    CHECK(every.find(R"("additionalProperties":false)") != std::string::npos);  // profiler only (K-5)
    // Atlas training has no task value wait: its schema refuses event_mode, the general one does not.
    const std::string training = schemaOf("Ascend910A");
    CHECK(training.find(R"("event_mode":{"not":{})") != std::string::npos);
    CHECK(every.find(R"("event_mode":{"not":{})") == std::string::npos);
    CHECK(schemaOf("Ascend910B1") != every);

    char small[8];
    size_t required = 0;
    CHECK(aclppGetConfigSchema(nullptr, small, sizeof small, &required) == ACL_SUCCESS);
    CHECK(std::string(small) == "{\"$sche");  // truncated, NUL-terminated
    CHECK(required == every.size() + 1);
    CHECK(aclppGetConfigSchema("Ascend910Z", nullptr, 0, &required) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppGetConfigSchema(nullptr, nullptr, 0, nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(lifecycleState().refCount == 0);  // touches no state
}

TEST_CASE("A-2 lifecycle state reports count, flags, epoch and timings", "[A-2]") {
    FreshRuntime fresh;
    CHECK(aclppGetLifecycleState(nullptr) == ACL_ERROR_INVALID_PARAM);
    const uint64_t epoch = lifecycleState().epoch;
    REQUIRE(aclInit(nullptr) == ACL_SUCCESS);
    REQUIRE(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    const aclppLifecycleState state = lifecycleState();
    CHECK(state.refCount == 2);
    CHECK(state.initialized == 1);
    CHECK(state.finalized == 0);
    CHECK(state.epoch == epoch + 1);
    CHECK(state.identityRemembered == 1);
    CHECK(state.transitionInProgress == 0);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(lifecycleState().finalized == 1);
    CHECK(aclppCoreVersion() == ACLPP_VERSION_NUMBER);
    CHECK(aclppTestingInjectFault(static_cast<aclppStep>(77), 1, 0, 1) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclppStepName(static_cast<aclppStep>(77)) == nullptr);
}

namespace {

std::vector<std::string> findingPointers(std::string_view config) {
    aclppReport *report = nullptr;
    (void)aclppValidateBuffer(config.data(), config.size(), nullptr, &report);
    std::vector<std::string> pointers;
    for (std::size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding finding{};
        if (aclppReportGetFinding(report, i, &finding) == ACL_SUCCESS) pointers.emplace_back(finding.pointer);
    }
    aclppReportFree(report);
    return pointers;
}

}  // namespace

TEST_CASE("F13 K-8 a finding's pointer is shown escaped and never names another key", "[K-8]") {
    FreshRuntime fresh;
    // "err_msg_mode\u0000" is an unknown key; cut at its NUL it would read as err_msg_mode.
    CHECK(findingPointers(R"({"err_msg_mode\u0000":"2"})") == std::vector<std::string>{"/err_msg_mode\\u0000"});
    CHECK(findingPointers(R"({"profiler":{"\u001b]0;x\u0007":1}})") ==
          std::vector<std::string>{"/profiler/\\u001b]0;x\\u0007"});
}

TEST_CASE("F13 K-8 a long key's pointer is shortened like a value", "[K-8]") {
    FreshRuntime fresh;
    const std::string key(200 * 1024, 'k');  // the section stays below its 1 MiB limit (K-5)
    const std::vector<std::string> pointers = findingPointers("{\"profiler\":{\"" + key + "\":1}}");
    REQUIRE(pointers.size() == 1);
    CAPTURE(pointers[0].substr(0, 200));
    CHECK(pointers[0].size() <= 160 + 3);
    CHECK(pointers[0].starts_with("/profiler/kkk"));
    CHECK(pointers[0].ends_with("..."));
}

TEST_CASE("F5 F-6 a validation positions all its findings in one pass; aclInit only the error it shows", "[F-6][F5]") {
    FreshRuntime fresh;
    // 2,000 unknown keys, one a line, then err_msg_mode on line 2002.
    std::string keys = "{\n";
    for (int k = 0; k < 2000; ++k) keys += "  \"unknown" + std::to_string(k) + "\": 1,\n";
    const std::string good = keys + "  \"err_msg_mode\": \"1\"\n}\n";
    const std::string bad = keys + "  \"err_msg_mode\": \"2\"\n}\n";

    const std::size_t before = aclpp::core::locatePassCount();
    aclppReport *report = nullptr;
    CHECK(aclppValidateBuffer(good.data(), good.size(), nullptr, &report) == ACL_SUCCESS);
    REQUIRE(report != nullptr);
    CHECK(aclppReportFindingCount(report) == 2000);
    aclppFinding last{};
    REQUIRE(aclppReportGetFinding(report, 1999, &last) == ACL_SUCCESS);
    CHECK(last.line == 2001);
    CHECK(last.column == 18);
    aclppReportFree(report);
    CHECK(aclpp::core::locatePassCount() == before + 1);  // one pass for 2,000 findings

    // aclInit shows no warning: it positions nothing.
    CHECK(aclppInitFromBuffer(good.data(), good.size()) == ACL_SUCCESS);
    CHECK(aclpp::core::locatePassCount() == before + 1);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_IDENTITY) == ACL_SUCCESS);

    // It shows one error: one pass, for that error.
    CHECK(aclppInitFromBuffer(bad.data(), bad.size()) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclpp::core::locatePassCount() == before + 2);
    CHECK_THAT(aclpp::test::recentError(), Catch::Matchers::ContainsSubstring("(line 2002, column 19)"));
}
