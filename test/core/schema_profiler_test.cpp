// The `profiler` section validator (K-5, K-7, K-8) against CANN's msprof checks and the
// per-product rules of E-1. Every table row names the SoC, the section text, the
// code expected and the JSON pointer of the first error. The expectations are written out
// here, not read from the product table, so a wrong table entry fails a row.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "json/document.hpp"
#include "platform/environment.hpp"
#include "platform/products.hpp"
#include "schema/context.hpp"
#include "schema/effective.hpp"
#include "schema/report.hpp"

namespace {

using namespace aclpp::core;
using namespace std::string_view_literals;

// One SoC per family (E-1).
constexpr std::string_view k950 = "Ascend950PR_9599";
constexpr std::string_view kA3 = "Ascend910_9391";
constexpr std::string_view kA2 = "Ascend910B1";
constexpr std::string_view k910 = "Ascend910A";
constexpr std::string_view k310P = "Ascend310P3";
constexpr std::string_view k310B = "Ascend310B1";
constexpr std::array<std::string_view, 6> kFamilies{k950, kA3, kA2, k910, k310P, k310B};

constexpr aclError kOk = ACL_SUCCESS;
constexpr aclError kInvalid = ACL_ERROR_INVALID_PARAM;

struct Outcome {
    Report report;
    EffectiveConfig effective;

    [[nodiscard]] const Finding *firstError() const {
        for (const Finding &f : report.findings()) {
            if (f.severity == Severity::error) return &f;
        }
        return nullptr;
    }
    [[nodiscard]] std::vector<const Finding *> all(Severity severity) const {
        std::vector<const Finding *> out;
        for (const Finding &f : report.findings()) {
            if (f.severity == severity) out.push_back(&f);
        }
        return out;
    }
    [[nodiscard]] aclError code() const { return firstError() == nullptr ? kOk : firstError()->code; }
    [[nodiscard]] std::string pointer() const { return firstError() == nullptr ? "" : firstError()->pointer; }
    [[nodiscard]] std::string message() const { return firstError() == nullptr ? "" : firstError()->message; }
};

struct Options {
    EnvironmentSnapshot environment{};
    DumpKind dump = DumpKind::none;
};

// Parses a whole acl.json and runs only the profiler validator on it.
Outcome validateConfig(std::string_view soc, std::string_view json, const Options &options = {}) {
    const Product *product = findProduct(soc);
    REQUIRE(product != nullptr);
    ParseFailure failure;
    std::optional<JsonDocument> document = JsonDocument::parse(json, failure);
    INFO("parse failure: " << failure.message);
    REQUIRE(document.has_value());
    Outcome outcome;
    outcome.effective.configGiven = true;
    outcome.effective.dump.kind = options.dump;
    ValidationContext ctx{*document, *product, options.environment, outcome.report, outcome.effective};
    validateProfiler(ctx);
    for (const Finding &f : outcome.report.findings()) {
        CHECK(f.step == ACLPP_STEP_PROFILING);
        if (f.severity == Severity::error) CHECK(f.code == kInvalid);
    }
    return outcome;
}

// Wraps a profiler section in an acl.json.
Outcome validateSection(std::string_view soc, std::string_view section, const Options &options = {}) {
    return validateConfig(soc, "{\"profiler\":" + std::string(section) + "}", options);
}

struct Row {
    std::string_view soc;
    std::string section;  // the value of "profiler"
    aclError code;        // 0 or 100000
    std::string pointer;  // of the first error; "" when accepted
    std::string says{};   // a piece of the first error's message (the EK code, the allowed list)
};

void checkRows(const std::vector<Row> &rows) {
    for (const Row &row : rows) {
        INFO(row.soc << " profiler: " << row.section);
        const Outcome outcome = validateSection(row.soc, row.section);
        INFO("first error: " << outcome.message());
        CHECK(outcome.code() == row.code);
        CHECK(outcome.pointer() == row.pointer);
        if (!row.says.empty()) CHECK(outcome.message().find(row.says) != std::string::npos);
    }
}

Row ok(std::string_view soc, std::string section) {
    return Row{soc, std::move(section), kOk, ""};
}
Row bad(std::string_view soc, std::string section, std::string_view key, std::string says = {}) {
    return Row{soc, std::move(section), kInvalid, key.empty() ? "/profiler" : "/profiler/" + std::string(key),
               std::move(says)};
}

// One row per family: `accepted[i]` is the answer on kFamilies[i].
void perFamily(std::vector<Row> &rows, const std::string &section, std::string_view key,
               const std::array<bool, 6> &accepted, std::string_view code) {
    for (std::size_t i = 0; i < kFamilies.size(); ++i) {
        rows.push_back(accepted[i] ? ok(kFamilies[i], section) : bad(kFamilies[i], section, key, std::string(code)));
    }
}

constexpr std::array<bool, 6> kAll{true, true, true, true, true, true};
constexpr std::array<bool, 6> kNone{false, false, false, false, false, false};

}  // namespace

TEST_CASE("K-5 reference profiler scenarios P1-P10", "[K-5][profiler]") {
    std::string big(1024 * 1024 - std::string_view(R"({"output":""})").size(), 'a');
    checkRows({
        // P1: NULL data, "" or broken text: the section is not an object.
        bad(kA2, R"("")", "", "EK0003"),
        bad(kA2, R"("{bad")", "", "expected a JSON object"),
        bad(kA2, "null", "", "EK0003"),
        bad(kA2, "[]", "", "EK0003"),
        bad(kA2, "5", "", "EK0003"),
        // P2: an invalid character in output, only with the switch on.
        bad(kA2, R"({"switch":"on","output":"p\n"})", "output", "EK0003"),
        ok(kA2, R"({"switch":"off","output":"p\n"})"),
        // P3
        bad(kA2, R"({"switch":"on","l2":"xx"})", "l2", R"(allowed: "on", "off" or "")"),
        // P4
        bad(kA2, R"({"aic_metrics":123})", "aic_metrics", "EK0003"),
        bad(kA2, R"({"aic_metrics":"unknown"})", "aic_metrics", "EK0003"),
        // P5: frequencies must be JSON integers.
        bad(kA2, R"({"instr_profiling_freq":"10000"})", "instr_profiling_freq", "JSON integer"),
        bad(kA2, R"({"sys_cpu_freq":"10"})", "sys_cpu_freq", "EK0003"),
        // P6: instr_profiling_freq where the product lacks it: EK0005 whatever the type.
        bad(k910, R"({"instr_profiling_freq":1000})", "instr_profiling_freq", "EK0005"),
        bad(k910, R"({"instr_profiling_freq":"10000"})", "instr_profiling_freq", "EK0005"),
        // P7: serialised length above 1 MiB; exactly 1 MiB is allowed.
        ok(kA2, R"({"output":")" + big + R"("})"),
        bad(kA2, R"({"output":")" + big + R"(a"})", "", "1048576"),
        // P8 (the disabled upstream UT, with task_trace, no longer in the allow-list, adapted).
        ok(kA2, R"({"switch":"on","output":"/tmp/prof","aic_metrics":"ArithmeticUtilization","aicpu":"on","l2":"on"})"),
        bad(kA2, R"({"switch":"on","l2":"xx"})", "l2"),
        bad(kA2, R"({"switch":"on","ge_api":"L1"})", "ge_api"),
        bad(kA2, R"({"switch":"on","task_trace":"L1"})", "task_trace", "EK0005"),
        ok(kA2, R"({"switch":"on","task_time":"l0","ge_api":"l1"})"),
        bad(kA2, R"({"switch":"on","task_memory":"tasktask"})", "task_memory"),
        // P9
        ok(kA2, R"({"switch":"on"})"),
        ok(kA2, "{}"),
    });
}

TEST_CASE("K-5 no profiler section means dynamic mode", "[K-5][profiler]") {
    const Outcome none = validateConfig(kA2, R"({"dump":{}})");
    CHECK(none.report.findings().empty());
    CHECK(none.effective.profiler.mode == ProfilerMode::dynamic);
    CHECK_FALSE(none.effective.profiler.enabled);

    const Outcome empty = validateConfig(kA2, "");  // a 0-byte file reads as {}
    CHECK(empty.report.findings().empty());
    CHECK(empty.effective.profiler.mode == ProfilerMode::dynamic);

    // A non-object top level is read as empty (F-5): no profiler section either.
    const Outcome array = validateConfig(kA2, R"([{"profiler":5}])");
    CHECK(array.report.findings().empty());
    CHECK(array.effective.profiler.mode == ProfilerMode::dynamic);

    const Outcome off = validateSection(kA2, "{}");
    CHECK(off.report.findings().empty());
    CHECK(off.effective.profiler.mode == ProfilerMode::config);
    CHECK_FALSE(off.effective.profiler.enabled);
    CHECK(off.effective.profiler.keys.empty());
}

TEST_CASE("K-5 PROFILER_SAMPLECONFIG overrides the section, which is not validated", "[K-5][K-6][profiler]") {
    Options env;
    env.environment.profilerSampleConfig = R"({"switch":"on"})";

    const Outcome invalid = validateSection(kA2, R"({"switch":"on","l2":"xx","bogus":1,"sys_cpu_freq":"10"})", env);
    CHECK(invalid.code() == kOk);
    CHECK(invalid.effective.profiler.mode == ProfilerMode::environment);
    CHECK(invalid.effective.profiler.keys.empty());
    const auto warnings = invalid.all(Severity::warning);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0]->pointer == "/profiler");
    CHECK(warnings[0]->message.find("PROFILER_SAMPLECONFIG") != std::string::npos);

    // Not even a non-object section is looked at.
    CHECK(validateSection(k310B, "5", env).code() == kOk);

    const Outcome absent = validateConfig(kA2, "{}", env);
    CHECK(absent.code() == kOk);
    CHECK(absent.effective.profiler.mode == ProfilerMode::environment);
    CHECK(absent.all(Severity::warning).empty());

    // Set but empty counts as unset.
    Options emptyEnv;
    emptyEnv.environment.profilerSampleConfig = "";
    const Outcome validated = validateSection(kA2, R"({"l2":"xx"})", emptyEnv);
    CHECK(validated.code() == kInvalid);
    CHECK(validated.pointer() == "/profiler/l2");
    CHECK(validated.effective.profiler.mode == ProfilerMode::config);
}

TEST_CASE("K-7 K-5 unknown profiler keys are rejected with a did-you-mean hint", "[K-5][K-7][profiler]") {
    for (std::string_view soc : kFamilies) {
        INFO(soc);
        const Outcome typo = validateSection(soc, R"({"swtich":"on"})");
        CHECK(typo.code() == kInvalid);
        CHECK(typo.pointer() == "/profiler/swtich");
        CHECK(typo.message().find("EK0005") != std::string::npos);
        REQUIRE(typo.firstError() != nullptr);
        CHECK(typo.firstError()->hint.find("\"switch\"") != std::string::npos);
    }
    const Outcome metric = validateSection(kA2, R"({"switch":"off","aic_metric":"Memory"})");
    CHECK(metric.pointer() == "/profiler/aic_metric");
    REQUIRE(metric.firstError() != nullptr);
    CHECK(metric.firstError()->hint.find("\"aic_metrics\"") != std::string::npos);
    // The message says what is allowed.
    CHECK(metric.message().find("sys_hardware_mem_freq") != std::string::npos);

    // Pointer tokens are escaped (RFC 6901).
    CHECK(validateSection(kA2, R"({"a/b~c":1})").pointer() == "/profiler/a~1b~0c");
    // A key the reference used to accept is still unknown here.
    CHECK(validateSection(kA2, R"({"task_trace":"on"})").pointer() == "/profiler/task_trace");
}

TEST_CASE("K-7 K-5 a profiler key of older CANN versions gets a short message naming what replaced it",
          "[K-5][K-7][profiler]") {
    struct FormerRow {
        std::string_view key;
        std::string_view hint;
    };
    const FormerRow rows[] = {
        {"ai_core_metrics", R"(it is now "aic_metrics")"},
        {"result_path", R"(it is now "output")"},
        {"device_id", "remove it: the profiler section names no device (the devices the process uses are profiled)"},
    };
    for (const FormerRow &row : rows) {
        INFO(row.key);
        const Outcome outcome = validateSection(kA2, R"({"switch":"on",")" + std::string(row.key) + R"(":"0"})");
        CHECK(outcome.code() == kInvalid);
        CHECK(outcome.pointer() == "/profiler/" + std::string(row.key));
        CHECK(outcome.message() ==
              "EK0005: \"" + std::string(row.key) + "\" is not a profiler option; it is a key of older CANN versions");
        REQUIRE(outcome.firstError() != nullptr);
        CHECK(outcome.firstError()->hint == row.hint);
    }
}

TEST_CASE("K-5 key support per product", "[K-5][E-1][profiler]") {
    std::vector<Row> rows;
    //                                                                                950    A3     A2     910    310P
    //                                                                                310B
    perFamily(rows, R"({"instr_profiling":"on"})", "instr_profiling", {true, true, true, false, false, false},
              "EK0005");
    // The product check comes before the value, even for "off" and "".
    perFamily(rows, R"({"instr_profiling":"off"})", "instr_profiling", {true, true, true, false, false, false},
              "EK0005");
    perFamily(rows, R"({"instr_profiling":""})", "instr_profiling", {true, true, true, false, false, false}, "EK0005");
    perFamily(rows, R"({"instr_profiling_freq":1000})", "instr_profiling_freq",
              {false, true, true, false, false, false}, "EK0005");
    perFamily(rows, R"({"sys_io_sampling_freq":10})", "sys_io_sampling_freq", {true, true, true, true, false, true},
              "EK0005");
    perFamily(rows, R"({"sys_interconnection_freq":10})", "sys_interconnection_freq",
              {true, true, true, true, true, false}, "EK0005");
    perFamily(rows, R"({"sys_cpu_freq":10})", "sys_cpu_freq", kNone, "EK0005");
    perFamily(rows, R"({"sys_lp_freq":10})", "sys_lp_freq", {true, false, false, false, false, false}, "EK0005");
    perFamily(rows, R"({"host_sys_usage_freq":10})", "host_sys_usage_freq", kAll, "");
    // sys_mem_serviceflow: EK0003 only, and any non-empty string where supported.
    perFamily(rows, R"({"sys_mem_serviceflow":"ddr,hbm"})", "sys_mem_serviceflow",
              {true, true, true, false, false, false}, "EK0003");
    perFamily(rows, R"({"sys_mem_serviceflow":""})", "sys_mem_serviceflow", kNone, "EK0003");
    // optype fails on all six, only with the switch on and a non-empty value.
    perFamily(rows, R"({"switch":"on","optype":"Conv2D"})", "optype", kNone, "not supported");
    perFamily(rows, R"({"switch":"off","optype":"Conv2D"})", "optype", kAll, "");
    perFamily(rows, R"({"switch":"on","optype":""})", "optype", kAll, "");
    perFamily(rows, R"({"optype":5})", "optype", kAll, "");
    // task_time l3: EK0003 where task trace L3 is missing.
    perFamily(rows, R"({"task_time":"l3"})", "task_time", {true, true, true, false, false, false}, "EK0003");
    // Keys accepted on every family.
    perFamily(rows,
              R"({"switch":"on","aicpu":"on","l2":"off","hccl":"","msproftx":"on","task_tsfw":"on","ascendcl":"on",)"
              R"("runtime_api":"on","task_memory":"on","ge_api":"l1","task_time":"l2","sys_hardware_mem_freq":100,)"
              R"("dvpp_freq":100,"llc_profiling":"read","host_sys":"cpu,mem","host_sys_usage":"cpu",)"
              R"("output":"/tmp/prof","storage_limit":"200MB","aic_metrics":"","host_sys_usage_freq":50})",
              "", kAll, "");
    checkRows(rows);
}

TEST_CASE("K-5 the type is checked before product support", "[K-5][profiler]") {
    std::vector<Row> rows;
    // *_freq: EK0003 for a non-integer even where the key is unsupported.
    perFamily(rows, R"({"sys_cpu_freq":"10"})", "sys_cpu_freq", kNone, "EK0003");
    perFamily(rows, R"({"sys_lp_freq":"10"})", "sys_lp_freq", kNone, "EK0003");
    rows.push_back(bad(k310P, R"({"sys_io_sampling_freq":"1"})", "sys_io_sampling_freq", "EK0003"));
    rows.push_back(bad(k310B, R"({"sys_interconnection_freq":1.5})", "sys_interconnection_freq", "EK0003"));
    // instr_profiling_freq is the exception: the product check comes first.
    rows.push_back(bad(k910, R"({"instr_profiling_freq":"x"})", "instr_profiling_freq", "EK0005"));
    rows.push_back(bad(k950, R"({"instr_profiling_freq":true})", "instr_profiling_freq", "EK0005"));
    rows.push_back(bad(kA3, R"({"instr_profiling_freq":"1000"})", "instr_profiling_freq", "EK0003"));
    // String keys must be strings before the product check.
    rows.push_back(bad(k910, R"({"instr_profiling":1})", "instr_profiling", "EK0003"));
    rows.push_back(bad(k310P, R"({"sys_mem_serviceflow":1})", "sys_mem_serviceflow", "a JSON string"));
    checkRows(rows);
}

TEST_CASE("K-5 aic_metrics names are per product", "[K-5][E-1][profiler]") {
    struct MetricRow {
        std::string_view metric;
        std::array<bool, 6> accepted;  // 950, A3, A2, 910, 310P, 310B
    };
    constexpr std::array<MetricRow, 12> kMetricTable{{
        {"ArithmeticUtilization", kAll},
        {"PipeUtilization", kAll},
        {"Memory", kAll},
        {"MemoryL0", kAll},
        {"MemoryUB", kAll},
        {"ResourceConflictRatio", kAll},
        {"PipeUtilizationExct", {true, true, true, false, false, false}},
        {"L2Cache", {true, true, true, false, false, true}},
        {"MemoryAccess", {false, true, true, false, false, false}},
        {"PipelineExecuteUtilization", {false, false, false, false, false, true}},
        {"PipeStallCycle", kNone},
        {"ScalarRatio", kNone},
    }};
    std::vector<Row> rows;
    for (const MetricRow &m : kMetricTable) {
        // Checked whatever the switch says.
        perFamily(rows, R"({"aic_metrics":")" + std::string(m.metric) + R"("})", "aic_metrics", m.accepted, "EK0003");
        perFamily(rows, R"({"switch":"on","aic_metrics":")" + std::string(m.metric) + R"("})", "aic_metrics",
                  m.accepted, "EK0003");
    }
    // Names are case-sensitive; "" means the default.
    perFamily(rows, R"({"aic_metrics":"pipeutilization"})", "aic_metrics", kNone, "EK0003");
    perFamily(rows, R"({"aic_metrics":""})", "aic_metrics", kAll, "");
    checkRows(rows);
}

TEST_CASE("K-8 aic_metrics rejections list the product's names", "[K-5][K-8][profiler]") {
    constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kLists{{
        {k950,
         "allowed on Ascend 950PR/950DT: [ArithmeticUtilization|L2Cache|Memory|MemoryL0|MemoryUB|"
         "PipeUtilization|PipeUtilizationExct|ResourceConflictRatio] or Custom:<event-list>"},
        {kA3,
         "allowed on Atlas A3: [ArithmeticUtilization|L2Cache|Memory|MemoryAccess|MemoryL0|MemoryUB|"
         "PipeUtilization|PipeUtilizationExct|ResourceConflictRatio] or Custom:<event-list>"},
        {kA2,
         "allowed on Atlas A2: [ArithmeticUtilization|L2Cache|Memory|MemoryAccess|MemoryL0|MemoryUB|"
         "PipeUtilization|PipeUtilizationExct|ResourceConflictRatio] or Custom:<event-list>"},
        {k910,
         "[ArithmeticUtilization|Memory|MemoryL0|MemoryUB|PipeUtilization|ResourceConflictRatio] or "
         "Custom:<event-list>"},
        {k310P,
         "[ArithmeticUtilization|Memory|MemoryL0|MemoryUB|PipeUtilization|ResourceConflictRatio] or "
         "Custom:<event-list>"},
        {k310B,
         "[ArithmeticUtilization|L2Cache|Memory|MemoryL0|MemoryUB|PipeUtilization|"
         "PipelineExecuteUtilization|ResourceConflictRatio] or Custom:<event-list>"},
    }};
    for (const auto &[soc, list] : kLists) {
        INFO(soc);
        const Outcome outcome = validateSection(soc, R"({"aic_metrics":"Foo"})");
        CHECK(outcome.pointer() == "/profiler/aic_metrics");
        CHECK(outcome.message().rfind(R"(EK0003: aic_metrics is "Foo"; )", 0) == 0);
        CHECK(outcome.message().find(list) != std::string::npos);
    }
}

TEST_CASE("K-5 aic_metrics Custom event lists", "[K-5][profiler]") {
    const std::string eight = "0x1,0x2,0x3,0x4,0x5,0x6,0x7,0x8";
    const std::string ten = eight + ",9,10";
    auto custom = [](std::string_view events) { return R"({"aic_metrics":"Custom:)" + std::string(events) + R"("})"; };
    std::vector<Row> rows;
    // At most 8 events, 10 on 950.
    perFamily(rows, custom(eight), "aic_metrics", kAll, "");
    perFamily(rows, custom(eight + ",9"), "aic_metrics", {true, false, false, false, false, false}, "at most 8");
    perFamily(rows, custom(ten), "aic_metrics", {true, false, false, false, false, false}, "EK0003");
    perFamily(rows, custom(ten + ",11"), "aic_metrics", kNone, "EK0003");
    rows.push_back(bad(k950, custom(ten + ",11"), "aic_metrics", "at most 10"));
    // Hex (case-insensitive, lower-cased first) or decimal that fits an int; items are trimmed.
    rows.push_back(ok(kA2, custom("0x1A,0X2b,0xff")));
    rows.push_back(ok(kA2, custom("12,0,2147483647")));
    rows.push_back(ok(kA2, custom(" 0x1 , 2 ")));
    rows.push_back(bad(kA2, custom("2147483648"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom("0xg"), "aic_metrics", "neither"));
    rows.push_back(bad(kA2, custom("0x"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom("-1"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom("abc"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom("1.5"), "aic_metrics", "EK0003"));
    // Empty items are kept and rejected; "Custom:" alone is invalid.
    rows.push_back(bad(kA2, custom("0x1,,0x2"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom("0x1,"), "aic_metrics", "EK0003"));
    rows.push_back(bad(kA2, custom(" "), "aic_metrics", "EK0003"));
    perFamily(rows, custom(""), "aic_metrics", kNone, "at least one event");
    // The prefix is case-sensitive.
    rows.push_back(bad(kA2, R"({"aic_metrics":"custom:0x1"})", "aic_metrics", "EK0003"));
    // Whole value at most 70 characters.
    const std::string seventy = "1,2,3,4,5,6,7," + std::string(70 - 7 - 14, '0');  // "Custom:" + 63 = 70
    const std::string seventyOne = seventy + "0";
    rows.push_back(ok(kA2, custom(seventy)));
    rows.push_back(bad(kA2, custom(seventyOne), "aic_metrics", "at most 70 characters"));
    // Checked whatever the switch says (PV CheckAicoreMetricsIsValid runs per key).
    rows.push_back(bad(kA2, R"({"switch":"off","aic_metrics":"Custom:"})", "aic_metrics", "EK0003"));
    checkRows(rows);
}

TEST_CASE("K-5 frequency ranges at the boundaries", "[K-5][E-1][profiler]") {
    struct RangeRow {
        std::string_view soc;
        std::string_view key;
        uint64_t max;
    };
    std::vector<RangeRow> ranges{{k950, "sys_hardware_mem_freq", 10000}};
    for (std::string_view soc : {kA3, kA2, k910, k310P, k310B}) ranges.push_back({soc, "sys_hardware_mem_freq", 100});
    for (std::string_view soc : {k950, kA3, kA2, k910, k310B}) ranges.push_back({soc, "sys_io_sampling_freq", 100});
    for (std::string_view soc : {k950, kA3, kA2, k910, k310P}) ranges.push_back({soc, "sys_interconnection_freq", 50});
    for (std::string_view soc : kFamilies) ranges.push_back({soc, "dvpp_freq", 100});
    for (std::string_view soc : kFamilies) ranges.push_back({soc, "host_sys_usage_freq", 50});
    ranges.push_back({k950, "sys_lp_freq", 100});

    std::vector<Row> rows;
    for (const RangeRow &r : ranges) {
        auto section = [&](uint64_t v) { return R"({")" + std::string(r.key) + R"(":)" + std::to_string(v) + "}"; };
        rows.push_back(bad(r.soc, section(0), r.key, "range [1, " + std::to_string(r.max) + "]"));
        rows.push_back(ok(r.soc, section(1)));
        rows.push_back(ok(r.soc, section(r.max)));
        rows.push_back(bad(r.soc, section(r.max + 1), r.key, "EK0003"));
    }
    // Negative, fractional, exponent and huge values never pass or wrap.
    rows.push_back(bad(kA2, R"({"dvpp_freq":-1})", "dvpp_freq", "EK0003"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":1.0})", "dvpp_freq", "JSON integer"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":1e1})", "dvpp_freq", "JSON integer"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":true})", "dvpp_freq", "JSON integer"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":null})", "dvpp_freq", "JSON integer"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":4294967297})", "dvpp_freq", "EK0003"));
    rows.push_back(bad(kA2, R"({"dvpp_freq":18446744073709551615})", "dvpp_freq", "EK0003"));

    // instr_profiling_freq: 300..30000, checked only with the switch and instr_profiling on.
    for (std::string_view soc : {kA3, kA2}) {
        const auto on = [](uint64_t v) {
            return R"({"switch":"on","instr_profiling":"on","instr_profiling_freq":)" + std::to_string(v) + "}";
        };
        rows.push_back(bad(soc, on(299), "instr_profiling_freq", "[300, 30000]"));
        rows.push_back(ok(soc, on(300)));
        rows.push_back(ok(soc, on(30000)));
        rows.push_back(bad(soc, on(30001), "instr_profiling_freq", "EK0003"));
        rows.push_back(bad(soc, on(0), "instr_profiling_freq", "EK0003"));
        rows.push_back(ok(soc, R"({"switch":"on","instr_profiling":"off","instr_profiling_freq":1})"));
        rows.push_back(ok(soc, R"({"switch":"on","instr_profiling_freq":1})"));
        rows.push_back(ok(soc, R"({"switch":"off","instr_profiling":"on","instr_profiling_freq":1})"));
    }
    checkRows(rows);
}

TEST_CASE("K-5 value lists", "[K-5][profiler]") {
    std::vector<Row> rows;
    for (std::string_view v : {"on", "off", "", "l0", "l1", "l2"}) {
        perFamily(rows, R"({"task_time":")" + std::string(v) + R"("})", "task_time", kAll, "");
    }
    perFamily(rows, R"({"task_time":"L1"})", "task_time", kNone, "EK0003");
    perFamily(rows, R"({"task_time":"l4"})", "task_time", kNone, "EK0003");
    rows.push_back(bad(k950, R"({"task_time":"x"})", "task_time", R"("l2", "l3" or "")"));
    rows.push_back(bad(k910, R"({"task_time":"x"})", "task_time", R"("l2" or "")"));
    for (std::string_view v : {"l0", "l1", "off", ""}) {
        perFamily(rows, R"({"ge_api":")" + std::string(v) + R"("})", "ge_api", kAll, "");
    }
    perFamily(rows, R"({"ge_api":"on"})", "ge_api", kNone, "EK0003");
    perFamily(rows, R"({"ge_api":"l2"})", "ge_api", kNone, "EK0003");
    perFamily(rows, R"({"ge_api":"l3"})", "ge_api", kNone, "EK0003");
    // llc_profiling, host_sys and host_sys_usage have no product gate.
    perFamily(rows, R"({"llc_profiling":"read"})", "llc_profiling", kAll, "");
    perFamily(rows, R"({"llc_profiling":"write"})", "llc_profiling", kAll, "");
    perFamily(rows, R"({"llc_profiling":""})", "llc_profiling", kNone, R"("read" or "write")");
    perFamily(rows, R"({"llc_profiling":"READ"})", "llc_profiling", kNone, "EK0003");
    perFamily(rows, R"({"host_sys":"cpu,mem,disk,network,osrt,numa"})", "host_sys", kAll, "");
    perFamily(rows, R"({"host_sys":""})", "host_sys", kAll, "");
    perFamily(rows, R"({"host_sys":"cpu,,mem"})", "host_sys", kNone, "an empty item");
    perFamily(rows, R"({"host_sys":"cpu,"})", "host_sys", kNone, "EK0003");
    perFamily(rows, R"({"host_sys":"gpu"})", "host_sys", kNone, R"("gpu" is not an item)");
    perFamily(rows, R"({"host_sys_usage":"cpu,mem"})", "host_sys_usage", kAll, "");
    perFamily(rows, R"({"host_sys_usage":""})", "host_sys_usage", kAll, "");
    perFamily(rows, R"({"host_sys_usage":"disk"})", "host_sys_usage", kNone, "EK0003");
    perFamily(rows, R"({"host_sys_usage":","})", "host_sys_usage", kNone, "EK0003");
    // Plain switches: on, off or "".
    for (std::string_view key :
         {"switch", "aicpu", "l2", "hccl", "msproftx", "task_tsfw", "ascendcl", "runtime_api", "task_memory"}) {
        const std::string k(key);
        rows.push_back(ok(kA2, R"({")" + k + R"(":"on"})"));
        rows.push_back(ok(kA2, R"({")" + k + R"(":"off"})"));
        rows.push_back(ok(kA2, R"({")" + k + R"(":""})"));
        rows.push_back(bad(kA2, R"({")" + k + R"(":"ON"})", key, "EK0003"));
        rows.push_back(bad(kA2, R"({")" + k + R"(":true})", key, "a JSON string"));
        rows.push_back(bad(kA2, R"({")" + k + R"(":1})", key, "EK0003"));
    }
    checkRows(rows);
}

TEST_CASE("K-5 output and storage_limit are checked only with the switch on", "[K-5][profiler]") {
    checkRows({
        ok(kA2, R"({"switch":"on","output":"/tmp/prof data"})"),
        ok(kA2, R"({"switch":"on","output":""})"),
        bad(kA2, R"({"switch":"on","output":"p;rm"})", "output", "invalid character ;"),
        bad(kA2, R"({"switch":"on","output":"a`b"})", "output", "EK0003"),
        bad(kA2, R"({"switch":"on","output":"a$HOME"})", "output", "EK0003"),
        bad(kA2, R"({"switch":"on","output":"a\tb"})", "output", "EK0003"),
        bad(kA2, R"({"switch":"on","output":5})", "output", "EK0003"),
        ok(kA2, R"({"switch":"off","output":"p;rm"})"),
        ok(kA2, R"({"output":5})"),
        ok(kA2, R"({"switch":"on","storage_limit":"200MB"})"),
        ok(kA2, R"({"switch":"on","storage_limit":"4294967295MB"})"),
        ok(kA2, R"({"switch":"on","storage_limit":"0000000200MB"})"),
        ok(kA2, R"({"switch":"on","storage_limit":""})"),
        bad(kA2, R"({"switch":"on","storage_limit":"199MB"})", "storage_limit", "[200,4294967295]"),
        bad(kA2, R"({"switch":"on","storage_limit":"4294967296MB"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":"00000000200MB"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":"MB"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":"200mb"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":"200"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":"-200MB"})", "storage_limit", "EK0003"),
        bad(kA2, R"({"switch":"on","storage_limit":200})", "storage_limit", "EK0003"),
        ok(kA2, R"({"switch":"off","storage_limit":"xx"})"),
        ok(kA2, R"({"storage_limit":200})"),
    });
}

TEST_CASE("K-5 every finding is reported, in document order", "[K-5][K-8][profiler]") {
    const Outcome outcome =
        validateSection(k910, R"({"l2":"xx","swtich":"on","switch":"on","dvpp_freq":0,"output":"a|b",)"
                              R"("sys_cpu_freq":1,"storage_limit":"1MB"})");
    const auto errors = outcome.all(Severity::error);
    std::vector<std::string> pointers;
    for (const Finding *f : errors) pointers.push_back(f->pointer);
    // Per-key checks in document order, then the switch-on checks (output, storage_limit).
    CHECK(pointers == std::vector<std::string>{"/profiler/l2", "/profiler/swtich", "/profiler/dvpp_freq",
                                               "/profiler/sys_cpu_freq", "/profiler/output",
                                               "/profiler/storage_limit"});
}

TEST_CASE("F-5 K-5 a duplicate profiler key: the last one wins", "[K-5][F-5][profiler]") {
    const Outcome accepted = validateSection(kA2, R"({"l2":"xx","l2":"on"})");
    CHECK(accepted.code() == kOk);
    REQUIRE(accepted.effective.profiler.keys.size() == 1);
    CHECK(accepted.effective.profiler.keys[0] == std::pair<std::string, std::string>{"l2", "\"on\""});

    const Outcome rejected = validateSection(kA2, R"({"l2":"on","l2":"xx"})");
    CHECK(rejected.code() == kInvalid);
    CHECK(rejected.all(Severity::error).size() == 1);

    // The switch too: the last value decides whether the switch-on checks run.
    CHECK(validateSection(kA2, R"({"switch":"on","switch":"off","output":"a|b"})").code() == kOk);
    CHECK(validateSection(kA2, R"({"switch":"off","switch":"on","output":"a|b"})").code() == kInvalid);
}

TEST_CASE("K-5 the effective profiler configuration", "[K-5][profiler]") {
    SECTION("switch on, everything given") {
        const Outcome outcome = validateSection(
            kA2, R"({"switch":"on","output":"/data/prof","aic_metrics":"Memory","dvpp_freq":20, "host_sys":"cpu"})");
        REQUIRE(outcome.code() == kOk);
        const ProfilerOutcome &p = outcome.effective.profiler;
        CHECK(p.mode == ProfilerMode::config);
        CHECK(p.enabled);
        CHECK(p.aicMetrics == "Memory");
        CHECK(p.output.value == "/data/prof");
        CHECK(p.output.source == Source::config);
        CHECK(p.output.origin == "/profiler/output");
        const std::vector<std::pair<std::string, std::string>> keys{{"switch", "\"on\""},
                                                                    {"output", "\"/data/prof\""},
                                                                    {"aic_metrics", "\"Memory\""},
                                                                    {"dvpp_freq", "20"},
                                                                    {"host_sys", "\"cpu\""}};
        CHECK(p.keys == keys);
    }
    SECTION("the default metric is per product") {
        for (std::string_view soc : kFamilies) {
            INFO(soc);
            const std::string expected = soc == k310B ? "PipelineExecuteUtilization" : "PipeUtilization";
            CHECK(validateSection(soc, R"({"switch":"on"})").effective.profiler.aicMetrics == expected);
            CHECK(validateSection(soc, R"({"switch":"on","aic_metrics":""})").effective.profiler.aicMetrics ==
                  expected);
            // Off: no metric is collected.
            CHECK(validateSection(soc, R"({"aic_metrics":"Memory"})").effective.profiler.aicMetrics.empty());
        }
    }
    SECTION("output falls back to $ASCEND_WORK_PATH/profiling_data, then the executable's directory") {
        Options env;
        env.environment.ascendWorkPath = "/work/path";
        const Outcome fromEnv = validateSection(kA2, R"({"switch":"on"})", env);
        CHECK(fromEnv.effective.profiler.output.value == "/work/path/profiling_data");
        CHECK(fromEnv.effective.profiler.output.source == Source::environment);
        CHECK(fromEnv.effective.profiler.output.origin == "ASCEND_WORK_PATH");

        env.environment.ascendWorkPath = "/work/path/";
        CHECK(validateSection(kA2, R"({"switch":"on","output":""})", env).effective.profiler.output.value ==
              "/work/path/profiling_data");

        // The config's output wins over the environment.
        const Outcome fromConfig = validateSection(kA2, R"({"switch":"on","output":"/mine"})", env);
        CHECK(fromConfig.effective.profiler.output.value == "/mine");
        CHECK(fromConfig.effective.profiler.output.source == Source::config);

        Options emptyEnv;
        emptyEnv.environment.ascendWorkPath = "";
        const Outcome fallback = validateSection(kA2, R"({"switch":"on"})", emptyEnv);
        CHECK(fallback.effective.profiler.output.source == Source::defaulted);
        CHECK_FALSE(fallback.effective.profiler.output.note.empty());
    }
}

TEST_CASE("K-5 dump and profiling together is a warning, not an error", "[K-5][profiler]") {
    Options withDump;
    withDump.dump = DumpKind::operatorDump;
    const Outcome both = validateSection(kA2, R"({"switch":"on"})", withDump);
    CHECK(both.code() == kOk);
    const auto warnings = both.all(Severity::warning);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0]->pointer == "/profiler/switch");
    CHECK(warnings[0]->message.find("dump") != std::string::npos);

    CHECK(validateSection(kA2, R"({"switch":"off"})", withDump).all(Severity::warning).empty());
    CHECK(validateSection(kA2, R"({"switch":"on"})").all(Severity::warning).empty());
}

TEST_CASE("K-5 C-4 the messages of the rules a product decides, word for word", "[K-5][C-4][profiler]") {
    struct Exact {
        std::string_view soc;
        std::string section;
        std::string message;
        std::string hint{};
    };
    const std::vector<Exact> rows{
        {kA2, R"({"sys_cpu_freq":10})",
         "EK0005: sys_cpu_freq is 10; the option is not supported on Atlas A2 (Ascend910B1)",
         "leave sys_cpu_freq out of the profiler section on this product"},
        {k910, R"({"task_time":"l3"})",
         R"(EK0003: task_time is "l3"; task trace L3 is not supported on Atlas training; allowed: "on", "off", "l0", "l1", "l2" or "")"},
        {k910, R"({"sys_mem_serviceflow":"ddr"})",
         R"(EK0003: sys_mem_serviceflow is "ddr"; memory serviceflow profiling is not supported on Atlas training)"},
        {kA2, R"({"l2":1})", "EK0003: l2 is 1 (a number); expected a JSON string"},
        {kA2, R"({"aic_metrics":"Custom:1,2,3,4,5,6,7,8,9"})",
         R"(EK0003: aic_metrics is "Custom:1,2,3,4,5,6,7,8,9"; at most 8 Custom events on Atlas A2 (found 9))"},
        {kA2, R"({"switch":"on","optype":"Conv2D"})",
         R"(optype is "Conv2D"; task-scale profiling (optype) is not supported on Atlas A2 (Ascend910B1); leave optype out or "")"},
        {kA2, R"({"sys_hardware_mem_freq":101})",
         "EK0003: sys_hardware_mem_freq is 101; Please input an integer value in range [1, 100] on Atlas A2"},
        {kA2, R"({"dvpp_freq":101})", "EK0003: dvpp_freq is 101; Please input an integer value in range [1, 100]"},
        {kA2, R"({"switch":"on","instr_profiling":"on","instr_profiling_freq":299})",
         "EK0003: instr_profiling_freq is 299; Please input an integer value in range [300, 30000] (checked because "
         "instr_profiling is on)"},
    };
    for (const Exact &row : rows) {
        INFO(row.soc << " profiler: " << row.section);
        const Outcome outcome = validateSection(row.soc, row.section);
        REQUIRE(outcome.firstError() != nullptr);
        CHECK(outcome.message() == row.message);
        CHECK(outcome.firstError()->hint == row.hint);
    }
}
