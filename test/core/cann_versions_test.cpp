// CANN versions (B-9): every release difference of the table in aclpp/schema/cann_versions.hpp,
// before and from the release that changed it, through the validation API; how a version is
// read; and ACLPP_CANN_VERSION choosing the rules of the emulated aclInit.
#include <aclpp/schema/cann_versions.hpp>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

using aclpp::schema::cann::Change;
using aclpp::schema::cann::kReleaseChanges;
using aclpp::schema::cann::parseCannVersion;
using aclpp::schema::cann::Release;
using aclpp::test::FreshRuntime;

namespace {

struct Verdict {
    aclError result = ACL_SUCCESS;
    std::string text;  // every finding's pointer, severity and message, one per line
    std::string json;
};

Verdict validate(std::string_view config, const char *soc, const char *cann) {
    aclppReport *report = nullptr;
    Verdict verdict;
    verdict.result = aclppValidateBufferForCann(config.data(), config.size(), soc, 0, cann, &report);
    REQUIRE(report != nullptr);
    for (size_t i = 0; i < aclppReportFindingCount(report); ++i) {
        aclppFinding f{};
        REQUIRE(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS);
        verdict.text += std::string(f.pointer) + " " + std::to_string(f.severity) + " " + f.message + "\n";
    }
    verdict.json = aclppReportJson(report);
    aclppReportFree(report);
    return verdict;
}

/// One B-9 difference seen on one release: the code, and a text the findings must hold.
struct Row {
    Change change;
    const char *cann;
    const char *soc;
    std::string_view config;
    aclError result;
    std::string_view mustSay;  // "" when the findings may say anything
};

constexpr std::string_view kEmptyDump = R"({"dump":{}})";
constexpr std::string_view kDumpPathNumber = R"({"dump":{"dump_path":1}})";
constexpr std::string_view kSimtFifo = R"({"simt_printf_fifo_size": 2097152})";
constexpr std::string_view kScale = R"({"profiler":{"scale":""}})";
constexpr std::string_view kScaleOn = R"({"profiler":{"switch":"on","scale":"Conv2D"}})";
constexpr std::string_view kOptype = R"({"profiler":{"optype":""}})";
constexpr std::string_view kTaskTsfw = R"({"profiler":{"task_tsfw":"on"}})";
constexpr std::string_view kMemServiceflow = R"({"profiler":{"sys_mem_serviceflow":"ddr"}})";

const std::vector<Row> kRows = {
    // {"dump":{}}: EP0001 (dump_path missing) on 9.0.x, accepted from 9.1.0.
    {Change::emptyDumpAccepted, "9.0.0", nullptr, kEmptyDump, ACL_ERROR_INVALID_DUMP_CONFIG,
     "/dump/dump_path 0 EP0001: dump_path is missing"},
    {Change::emptyDumpAccepted, "9.0.1", nullptr, kEmptyDump, ACL_ERROR_INVALID_DUMP_CONFIG, "EP0001"},
    {Change::emptyDumpAccepted, "9.1.0", nullptr, kEmptyDump, ACL_SUCCESS, ""},
    {Change::emptyDumpAccepted, "9.2.0", nullptr, kEmptyDump, ACL_SUCCESS, ""},
    // Wrong JSON types in dump: EP0004 on 9.0.x, EP0001 later, 100009 in both.
    {Change::dumpTypeErrorsAreEp0001, "9.0.1", nullptr, kDumpPathNumber, ACL_ERROR_INVALID_DUMP_CONFIG,
     "/dump/dump_path 0 EP0004: dump_path is 1"},
    {Change::dumpTypeErrorsAreEp0001, "9.1.0", nullptr, kDumpPathNumber, ACL_ERROR_INVALID_DUMP_CONFIG,
     "/dump/dump_path 0 EP0001: dump_path is 1"},
    {Change::dumpTypeErrorsAreEp0001, "9.0.0", nullptr, R"({"dump":[]})", ACL_ERROR_INVALID_DUMP_CONFIG,
     "/dump 0 EP0004: dump is"},
    // The profiler allow-list: scale on 9.0.x, optype from 9.1.0.
    {Change::profilerOptypeNotScale, "9.0.0", nullptr, kScale, ACL_SUCCESS, ""},
    {Change::profilerOptypeNotScale, "9.0.0", nullptr, kScaleOn, ACL_ERROR_INVALID_PARAM,
     "task-scale profiling (scale) is not supported"},
    {Change::profilerOptypeNotScale, "9.0.0", nullptr, kOptype, ACL_ERROR_INVALID_PARAM,
     "EK0005: \"optype\" is not a profiler option in CANN 9.0.0"},
    {Change::profilerOptypeNotScale, "9.1.0", nullptr, kScale, ACL_ERROR_INVALID_PARAM,
     "EK0005: \"scale\" is not a profiler option in CANN 9.1.0"},
    {Change::profilerOptypeNotScale, "9.1.0", nullptr, kOptype, ACL_SUCCESS, ""},
    // simt_printf_fifo_size on a product other than Ascend950: 207000 on 9.0.x/9.1.0, a warning
    // from 9.2.0; Ascend950 has the FIFO in every release.
    {Change::lackedSimtPrintfFifoWarns, "9.0.0", "Ascend910B1", kSimtFifo, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
     "/simt_printf_fifo_size 0 simt_printf_fifo_size is 2097152, but Atlas A2 (Ascend910B1) has no SIMT printf FIFO"},
    {Change::lackedSimtPrintfFifoWarns, "9.1.0", "Ascend910B1", kSimtFifo, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
     "CANN 9.1.0"},
    {Change::lackedSimtPrintfFifoWarns, "9.2.0", "Ascend910B1", kSimtFifo, ACL_SUCCESS,
     "/simt_printf_fifo_size 1 simt_printf_fifo_size is 2097152: not supported on Atlas A2"},
    {Change::lackedSimtPrintfFifoWarns, "9.0.0", "Ascend950PR_9599", kSimtFifo, ACL_SUCCESS, ""},
    // master adds task_tsfw and sys_mem_serviceflow.
    {Change::profilerTaskTsfw, "9.1.0", nullptr, kTaskTsfw, ACL_ERROR_INVALID_PARAM,
     "EK0005: \"task_tsfw\" is not a profiler option in CANN 9.1.0"},
    {Change::profilerTaskTsfw, "9.2.0", nullptr, kTaskTsfw, ACL_SUCCESS, ""},
    {Change::profilerSysMemServiceflow, "9.1.0", nullptr, kMemServiceflow, ACL_ERROR_INVALID_PARAM,
     "EK0005: \"sys_mem_serviceflow\" is not a profiler option in CANN 9.1.0"},
    {Change::profilerSysMemServiceflow, "9.2.0", nullptr, kMemServiceflow, ACL_SUCCESS, ""},
};

}  // namespace

TEST_CASE("B-9 each release difference holds before and from the release that changed it", "[B-9]") {
    FreshRuntime fresh;
    for (const Row &row : kRows) {
        CAPTURE(row.cann, row.soc == nullptr ? "default" : row.soc, row.config);
        const Verdict verdict = validate(row.config, row.soc, row.cann);
        CHECK(verdict.result == row.result);
        if (!row.mustSay.empty()) CHECK_THAT(verdict.text, Catch::Contains(std::string(row.mustSay)));
        // Without a version the rules are master's, the same as 9.2.0's.
        if (std::string_view(row.cann) == "9.2.0") CHECK(validate(row.config, row.soc, nullptr).result == row.result);
    }
}

TEST_CASE("B-9 every row of the release table has a case on each side of its release", "[B-9]") {
    for (const auto &change : kReleaseChanges) {
        bool before = false, from = false;
        for (const Row &row : kRows) {
            if (row.change != change.change) continue;
            const Release release = *parseCannVersion(row.cann);
            (release < change.since ? before : from) = true;
        }
        CAPTURE(static_cast<int>(change.change));
        CHECK(before);
        CHECK(from);
    }
}

TEST_CASE("B-9 a CANN version maps to the newest known release at or below it", "[B-9]") {
    struct Case {
        std::string_view text;
        std::optional<Release> release;
    };
    const std::vector<Case> cases = {
        {"9.0.0", Release::v9_0_0},  {"9.0.1", Release::v9_0_1},  {"9.0.7", Release::v9_0_1},
        {"9.1", Release::v9_1_0},    {"9.1.0", Release::v9_1_0},  {"9.1.9", Release::v9_1_0},
        {"9.2.0", Release::v9_2_0},  {"master", Release::v9_2_0}, {"9.3.0", Release::v9_2_0},
        {"10.0.0", Release::v9_2_0}, {"8.5.0", Release::v9_0_0},  {"", std::nullopt},
        {"9", std::nullopt},         {"9.1.", std::nullopt},      {".9.1", std::nullopt},
        {"9.1.0.1", std::nullopt},   {"9.1.RC1", std::nullopt},   {"v9.1.0", std::nullopt},
        {"Master", std::nullopt},    {"9.-1.0", std::nullopt},    {"99999.0.0", std::nullopt},
    };
    for (const Case &c : cases) {
        CAPTURE(c.text);
        CHECK(parseCannVersion(c.text) == c.release);
    }
}

TEST_CASE("B-9 the validation API names the rules it applied and refuses text that is not a version", "[B-9][A-2]") {
    FreshRuntime fresh;
    CHECK_THAT(validate("{}", nullptr, "9.0.5").json, Catch::Contains(R"("cann_version":"9.0.1")"));
    CHECK_THAT(validate("{}", nullptr, nullptr).json, Catch::Contains(R"("cann_version":"9.2.0")"));
    aclppReport *report = nullptr;
    CHECK(aclppValidateBufferForCann("{}", 2, nullptr, 0, "9.x", &report) == ACL_ERROR_INVALID_PARAM);
    CHECK(report == nullptr);
    CHECK(aclppValidateBufferForCann("{}", 2, nullptr, 0, "9.0.0", nullptr) == ACL_ERROR_INVALID_PARAM);
}

TEST_CASE("B-9 ACLPP_CANN_VERSION chooses the rules of the emulated aclInit", "[B-9][emulated]") {
    FreshRuntime fresh;
    const std::string emptyDump(kEmptyDump);

    ::setenv("ACLPP_CANN_VERSION", "9.0.0", 1);
    CHECK(aclppInitFromBuffer(emptyDump.data(), emptyDump.size()) == ACL_ERROR_INVALID_DUMP_CONFIG);
    const char *recent = aclGetRecentErrMsg();
    REQUIRE(recent != nullptr);
    CHECK_THAT(std::string(recent), Catch::Contains("/dump/dump_path"));
    // The validation API without a version follows the variable too; a version given wins.
    CHECK(validate(kEmptyDump, nullptr, nullptr).result == ACL_ERROR_INVALID_DUMP_CONFIG);
    CHECK(validate(kEmptyDump, nullptr, "9.1.0").result == ACL_SUCCESS);

    ::setenv("ACLPP_CANN_VERSION", "9.1.0", 1);
    CHECK(aclppInitFromBuffer(emptyDump.data(), emptyDump.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);

    // Not a version: the SoC step fails with 500000 and the message names the variable, as for a
    // bad ACLPP_DEVICE_COUNT; a version given to the validation API replaces it.
    ::setenv("ACLPP_CANN_VERSION", "9.x", 1);
    CHECK(aclppInitFromBuffer("{}", 2) == ACL_ERROR_INTERNAL_ERROR);
    recent = aclGetRecentErrMsg();
    REQUIRE(recent != nullptr);
    CHECK_THAT(std::string(recent), Catch::Contains("ACLPP_CANN_VERSION is \"9.x\""));
    CHECK(validate("{}", nullptr, nullptr).result == ACL_ERROR_INTERNAL_ERROR);
    CHECK(validate("{}", nullptr, "9.0.0").result == ACL_SUCCESS);

    // Unset or empty: master's rules.
    ::setenv("ACLPP_CANN_VERSION", "", 1);
    CHECK(aclppInitFromBuffer(emptyDump.data(), emptyDump.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
    ::unsetenv("ACLPP_CANN_VERSION");
    CHECK(aclppInitFromBuffer(emptyDump.data(), emptyDump.size()) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
}
