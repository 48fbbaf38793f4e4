// The top-level keys (decisions K-1, K-2, K-3, K-7, K-8) and the device
// limits they share with aclrtDeviceSetLimit (E-3). One table row per case.
#include <cstdint>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "devices/limits.hpp"
#include "fixture_dir.hpp"
#include "schema/context.hpp"

namespace {

using namespace aclpp::core;

constexpr std::string_view kA2 = "Ascend910B1";
constexpr std::string_view kA3 = "Ascend910_9392";
constexpr std::string_view k950 = "Ascend950PR_9599";
constexpr std::string_view k910 = "Ascend910A";
constexpr std::string_view k310P = "Ascend310P3";
constexpr std::string_view k310B = "Ascend310B1";

constexpr uint64_t kUint64Max = std::numeric_limits<uint64_t>::max();

/// One validator run over a parsed document, as validateDocument would do it.
struct Run {
    Report report;
    EffectiveConfig effective;
    bool parsed = false;
};

Run runValidator(std::string_view soc, std::string_view json, uint32_t deviceCount = 1) {
    Run run;
    ParseFailure failure;
    std::optional<JsonDocument> document = JsonDocument::parse(json, failure);
    INFO("parse failure: " << failure.message);
    REQUIRE(document.has_value());
    const Product *product = findProduct(soc);
    REQUIRE(product != nullptr);
    const EnvironmentSnapshot environment{};
    ValidationContext ctx{*document, *product, environment, run.report, run.effective, deviceCount, false};
    validateTopLevel(ctx);
    run.parsed = true;
    return run;
}

/// The error aclInit returns: the first error of the earliest step (L-1, K-8).
const Finding *decisive(const Report &report) {
    const Finding *first = nullptr;
    for (const Finding &finding : report.findings()) {
        if (finding.severity != Severity::error) continue;
        if (first == nullptr || finding.step < first->step) first = &finding;
    }
    return first;
}

std::size_t countSeverity(const Report &report, Severity severity, std::string_view pointer = {}) {
    std::size_t n = 0;
    for (const Finding &finding : report.findings()) {
        if (finding.severity == severity && (pointer.empty() || finding.pointer == pointer)) ++n;
    }
    return n;
}

const Finding *findAt(const Report &report, Severity severity, std::string_view pointer) {
    for (const Finding &finding : report.findings()) {
        if (finding.severity == severity && finding.pointer == pointer) return &finding;
    }
    return nullptr;
}

std::string describe(const Report &report) {
    std::ostringstream out;
    for (const Finding &f : report.findings()) {
        out << "  [" << static_cast<int>(f.severity) << "] step " << static_cast<int>(f.step) << " code " << f.code
            << " " << f.pointer << ": " << f.message;
        if (!f.hint.empty()) out << " (" << f.hint << ")";
        out << "\n";
    }
    return out.str();
}

// ---- effective values ---------------------------------------------------------------------------

enum class Field : uint8_t {
    none,
    errMsgMode,
    maxOpqueueNum,
    simtStack,
    simtDvgStack,
    aicoreStack,
    defaultDevice,
    simdFifo,
    simtFifo,
    eventMode
};

struct Observed {
    int64_t value = 0;  // -1 for an unset optional
    Source source = Source::defaulted;
    std::string note;
    std::string origin;
};

template <class T>
Observed observeSetting(const Setting<T> &setting) {
    return Observed{static_cast<int64_t>(setting.value), setting.source, setting.note, setting.origin};
}

template <class T>
Observed observeOptional(const Setting<std::optional<T>> &setting) {
    return Observed{setting.value ? static_cast<int64_t>(*setting.value) : -1, setting.source, setting.note,
                    setting.origin};
}

Observed observe(const EffectiveConfig &effective, Field field) {
    switch (field) {
        case Field::none:
            return {};
        case Field::errMsgMode:
            return observeSetting(effective.errMsgMode);
        case Field::maxOpqueueNum:
            return observeSetting(effective.maxOpqueueNum);
        case Field::simtStack:
            return observeSetting(effective.simtStackSize);
        case Field::simtDvgStack:
            return observeSetting(effective.simtDivergenceStackSize);
        case Field::aicoreStack:
            return observeSetting(effective.aicoreStackSize);
        case Field::defaultDevice:
            return observeOptional(effective.defaultDevice);
        case Field::simdFifo:
            return observeSetting(effective.simdPrintfFifoSize);
        case Field::simtFifo:
            return observeSetting(effective.simtPrintfFifoSize);
        case Field::eventMode:
            return observeOptional(effective.eventMode);
    }
    return {};
}

constexpr Source cfg = Source::config;
constexpr Source plat = Source::platform;  // tolerated, not applied (K-2)
constexpr Source dflt = Source::defaulted;

/// One case: the SoC, the config, the device count, the code aclInit returns and the pointer of
/// that error; for accepted rows the effective value of one key, where it came from, and
/// optionally a warning pointer and a fragment of the setting's note.
struct Row {
    const char *id;
    std::string_view soc;
    std::string_view json;
    uint32_t devices;
    aclError code;
    std::string_view pointer;
    Field field;
    int64_t value;
    Source source;
    std::string_view warningAt;
    std::string_view noteHas;

    // A constructor rather than an aggregate so that rows may stop after the pointer.
    Row(const char *id_, std::string_view soc_, std::string_view json_, uint32_t devices_, aclError code_,
        std::string_view pointer_, Field field_ = Field::none, int64_t value_ = 0, Source source_ = Source::config,
        std::string_view warningAt_ = {}, std::string_view noteHas_ = {})
        : id(id_),
          soc(soc_),
          json(json_),
          devices(devices_),
          code(code_),
          pointer(pointer_),
          field(field_),
          value(value_),
          source(source_),
          warningAt(warningAt_),
          noteHas(noteHas_) {}
};

void checkRows(const std::vector<Row> &rows) {
    for (const Row &row : rows) {
        DYNAMIC_SECTION(row.id << " on " << row.soc << ": " << row.json) {
            const Run run = runValidator(row.soc, row.json, row.devices);
            INFO("findings:\n" << describe(run.report));
            const Finding *error = decisive(run.report);
            if (row.code == ACL_SUCCESS) {
                CHECK(error == nullptr);
            } else {
                REQUIRE(error != nullptr);
                CHECK(error->code == row.code);
                CHECK(error->pointer == row.pointer);
                // K-8: the message names the key and the value found, and says what is allowed.
                const std::string_view key = row.pointer.substr(row.pointer.rfind('/') + 1);
                CHECK(error->message.find(std::string(key) + " is ") != std::string::npos);
            }
            if (row.field != Field::none) {
                const Observed observed = observe(run.effective, row.field);
                CHECK(observed.value == row.value);
                CHECK(observed.source == row.source);
                // Provenance: a value the config decided names the key's pointer.
                if (row.source == Source::defaulted) {
                    CHECK(observed.origin.empty());
                } else {
                    CHECK(observed.origin.rfind('/', 0) == 0);
                }
                if (!row.noteHas.empty()) CHECK(observed.note.find(row.noteHas) != std::string::npos);
            }
            if (!row.warningAt.empty()) CHECK(findAt(run.report, Severity::warning, row.warningAt) != nullptr);
        }
    }
}

}  // namespace

// ---- err_msg_mode ---------------------------------------------------------------------------------

TEST_CASE("K-1 err_msg_mode is the JSON string \"0\" or \"1\"", "[K-1][err_msg_mode]") {
    const char *ptr = "/err_msg_mode";
    checkRows({
        {"L1 \"1\" is process-level", kA2, R"({"err_msg_mode":"1"})", 1, 0, "", Field::errMsgMode, 1, cfg},
        {"L2 \"0\" is thread-level", kA2, R"({"err_msg_mode":"0"})", 1, 0, "", Field::errMsgMode, 0, cfg},
        {"L3 \"2\"", kA2, R"({"err_msg_mode":"2"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"number 1 is not the string", kA2, R"({"err_msg_mode":1})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"number 0", k950, R"({"err_msg_mode":0})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"empty string", kA2, R"({"err_msg_mode":""})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"padded", kA2, R"({"err_msg_mode":" 1"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"\"01\"", kA2, R"({"err_msg_mode":"01"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"null", kA2, R"({"err_msg_mode":null})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"true", k310B, R"({"err_msg_mode":true})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"escaped \\u0031 is \"1\"", kA2, R"({"err_msg_mode":"\u0031"})", 1, 0, "", Field::errMsgMode, 1, cfg},
        {"absent keeps the default", kA2, R"({})", 1, 0, "", Field::errMsgMode, 0, dflt},
        {"last duplicate wins (F-5)", kA2, R"({"err_msg_mode":"2","err_msg_mode":"1"})", 1, 0, "", Field::errMsgMode, 1,
         cfg},
    });
}

// ---- max_opqueue_num --------------------------------------------------------------------------------

TEST_CASE("K-3 max_opqueue_num is a JSON string of digits above 0", "[K-3][max_opqueue_num]") {
    const char *ptr = "/max_opqueue_num";
    checkRows({
        {"handleOpConfig \"0\"", kA2, R"({"max_opqueue_num":"0"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"negative", kA2, R"({"max_opqueue_num":"-5"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"non-numeric", kA2, R"({"max_opqueue_num":"abc"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"trailing junk (strict, unlike strtol)", kA2, R"({"max_opqueue_num":"12abc"})", 1, ACL_ERROR_INVALID_PARAM,
         ptr},
        {"empty", kA2, R"({"max_opqueue_num":""})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"2^32", kA2, R"({"max_opqueue_num":"4294967296"})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"2^32-1", kA2, R"({"max_opqueue_num":"4294967295"})", 1, 0, "", Field::maxOpqueueNum, 4294967295, cfg},
        {"number is the wrong type", kA2, R"({"max_opqueue_num":10000})", 1, ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG,
         ptr},
        {"null is the wrong type", kA2, R"({"max_opqueue_num":null})", 1, ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG,
         ptr},
        {"above the default", kA2, R"({"max_opqueue_num":"30000"})", 1, 0, "", Field::maxOpqueueNum, 30000, cfg},
        {"below the default only warns", kA2, R"({"max_opqueue_num":"100"})", 1, 0, "", Field::maxOpqueueNum, 100, cfg,
         ptr},
        {"1", k310P, R"({"max_opqueue_num":"1"})", 1, 0, "", Field::maxOpqueueNum, 1, cfg, ptr},
        {"absent", kA2, R"({})", 1, 0, "", Field::maxOpqueueNum, 20000, dflt},
    });
}

TEST_CASE("K-3 max_opqueue_num at the default does not warn", "[K-3][max_opqueue_num]") {
    const Run run = runValidator(kA2, R"({"max_opqueue_num":"20000"})");
    CHECK(run.report.findings().empty());
    CHECK(run.effective.maxOpqueueNum.origin == "/max_opqueue_num");
}

// ---- StackSize ----------------------------------------------------------------------------------------

TEST_CASE("K-1 StackSize keys are whole JSON numbers", "[K-1][StackSize]") {
    const char *simt = "/StackSize/simt_stack_size";
    const char *dvg = "/StackSize/simt_divergence_stack_size";
    const char *aic = "/StackSize/aicore_stack_size";
    checkRows({
        {"K12 32768/256/1024 on A2", kA2,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":256,"simt_divergence_stack_size":1024}})", 1, 0,
         "", Field::aicoreStack, 32768, cfg},
        {"K12 on A2: SIMT not applied", kA2,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":256,"simt_divergence_stack_size":1024}})", 1, 0,
         "", Field::simtStack, 1152, plat, simt, "not supported on Atlas A2, not applied"},
        {"K12 on 950: SIMT applied", k950,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":256,"simt_divergence_stack_size":1024}})", 1, 0,
         "", Field::simtStack, 256, cfg},
        {"K12 {} sets nothing", kA2, R"({"StackSize":{}})", 1, 0, "", Field::aicoreStack, 32768, dflt},
        {"K13 all \"abc\": simt_stack_size is first", kA2,
         R"({"StackSize":{"aicore_stack_size":"abc","simt_stack_size":"abc","simt_divergence_stack_size":"abc"}})", 1,
         ACL_ERROR_FAILURE, simt},
        {"K14 all -1 (K-1: no wrapping)", kA2,
         R"({"StackSize":{"aicore_stack_size":-1,"simt_stack_size":-1,"simt_divergence_stack_size":-1}})", 1,
         ACL_ERROR_FAILURE, simt},
        {"K15 32768/200/300 on A2", kA2,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":200,"simt_divergence_stack_size":300}})", 1, 0,
         "", Field::simtDvgStack, 1024, plat, dvg},
        {"K15 on 950: 200 rounds to 256",
         k950,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":200,"simt_divergence_stack_size":300}})",
         1,
         0,
         "",
         Field::simtStack,
         256,
         cfg,
         {},
         "rounded up from 200 to 256"},
        {"K15 on 950: 300 rounds to 384",
         k950,
         R"({"StackSize":{"aicore_stack_size":32768,"simt_stack_size":200,"simt_divergence_stack_size":300}})",
         1,
         0,
         "",
         Field::simtDvgStack,
         384,
         cfg,
         {},
         "rounded up from 300 to 384"},
        // K-1 types and representable range, whatever the product.
        {"aicore -1", k910, R"({"StackSize":{"aicore_stack_size":-1}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore fractional", kA2, R"({"StackSize":{"aicore_stack_size":40000.5}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore 2^32", kA2, R"({"StackSize":{"aicore_stack_size":4294967296}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore 2^64-1", kA2, R"({"StackSize":{"aicore_stack_size":18446744073709551615}})", 1, ACL_ERROR_FAILURE,
         aic},
        {"aicore 2^32 as a double", kA2, R"({"StackSize":{"aicore_stack_size":4.294967296e9}})", 1, ACL_ERROR_FAILURE,
         aic},
        {"aicore true", kA2, R"({"StackSize":{"aicore_stack_size":true}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore null", kA2, R"({"StackSize":{"aicore_stack_size":null}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore object", kA2, R"({"StackSize":{"aicore_stack_size":{}}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore string of digits", kA2, R"({"StackSize":{"aicore_stack_size":"65536"}})", 1, ACL_ERROR_FAILURE, aic},
        {"aicore whole double 65536.0", kA2, R"({"StackSize":{"aicore_stack_size":65536.0}})", 1, 0, "",
         Field::aicoreStack, 65536, cfg},
        {"aicore 1e5 rounds to 114688",
         kA2,
         R"({"StackSize":{"aicore_stack_size":1e5}})",
         1,
         0,
         "",
         Field::aicoreStack,
         114688,
         cfg,
         {},
         "rounded up from 100000 to 114688"},
        {"badly typed SIMT on A2 is still 500001 (K-2)", kA2, R"({"StackSize":{"simt_stack_size":"256"}})", 1,
         ACL_ERROR_FAILURE, simt},
        {"fractional SIMT on A2", kA2, R"({"StackSize":{"simt_divergence_stack_size":1.5}})", 1, ACL_ERROR_FAILURE,
         dvg},
        {"simt_stack_size checked before aicore whatever the text order", k950,
         R"({"StackSize":{"aicore_stack_size":"x","simt_stack_size":-1}})", 1, ACL_ERROR_FAILURE, simt},
        {"divergence checked before aicore", k950,
         R"({"StackSize":{"aicore_stack_size":true,"simt_stack_size":256,"simt_divergence_stack_size":-1}})", 1,
         ACL_ERROR_FAILURE, dvg},
        {"StackSize not an object is ignored", kA2, R"({"StackSize":"65536"})", 1, 0, "", Field::aicoreStack, 32768,
         dflt, "/StackSize"},
        {"StackSize null is ignored", kA2, R"({"StackSize":null})", 1, 0, "", Field::aicoreStack, 32768, dflt},
        {"unknown key inside StackSize only warns", kA2, R"({"StackSize":{"aicore_stak_size":-1}})", 1, 0, "",
         Field::aicoreStack, 32768, dflt, "/StackSize/aicore_stak_size"},
    });
}

TEST_CASE("K-2 aicore_stack_size: 32768 floor, 16 KiB rounding, per-product maximum", "[K-2][StackSize]") {
    checkRows({
        {"32768 stays", kA2, R"({"StackSize":{"aicore_stack_size":32768}})", 1, 0, "", Field::aicoreStack, 32768, cfg},
        {"16384 changes nothing",
         kA2,
         R"({"StackSize":{"aicore_stack_size":16384}})",
         1,
         0,
         "",
         Field::aicoreStack,
         32768,
         cfg,
         {},
         "changes nothing"},
        {"0 changes nothing", k950, R"({"StackSize":{"aicore_stack_size":0}})", 1, 0, "", Field::aicoreStack, 32768,
         cfg},
        {"32769 rounds to 49152",
         kA2,
         R"({"StackSize":{"aicore_stack_size":32769}})",
         1,
         0,
         "",
         Field::aicoreStack,
         49152,
         cfg,
         {},
         "rounded up from 32769 to 49152"},
        {"A2 196608 is the maximum", kA2, R"({"StackSize":{"aicore_stack_size":196608}})", 1, 0, "", Field::aicoreStack,
         196608, cfg},
        {"A2 196609 rounds above the maximum", kA2, R"({"StackSize":{"aicore_stack_size":196609}})", 1, 0, "",
         Field::aicoreStack, 32768, plat, "/StackSize/aicore_stack_size", "above the Atlas A2 maximum 196608"},
        {"A3 196608", kA3, R"({"StackSize":{"aicore_stack_size":196608}})", 1, 0, "", Field::aicoreStack, 196608, cfg},
        {"A3 196609", kA3, R"({"StackSize":{"aicore_stack_size":196609}})", 1, 0, "", Field::aicoreStack, 32768, plat,
         "/StackSize/aicore_stack_size"},
        {"950 131072 is the maximum", k950, R"({"StackSize":{"aicore_stack_size":131072}})", 1, 0, "",
         Field::aicoreStack, 131072, cfg},
        {"950 131073", k950, R"({"StackSize":{"aicore_stack_size":131073}})", 1, 0, "", Field::aicoreStack, 32768, plat,
         "/StackSize/aicore_stack_size", "above the Ascend 950PR/950DT maximum 131072"},
        {"310B 7864320 is the maximum", k310B, R"({"StackSize":{"aicore_stack_size":7864320}})", 1, 0, "",
         Field::aicoreStack, 7864320, cfg},
        {"310B 7864321", k310B, R"({"StackSize":{"aicore_stack_size":7864321}})", 1, 0, "", Field::aicoreStack, 32768,
         plat, "/StackSize/aicore_stack_size"},
        {"910 has no maximum but no effect",
         k910,
         R"({"StackSize":{"aicore_stack_size":1048576}})",
         1,
         0,
         "",
         Field::aicoreStack,
         1048576,
         cfg,
         {},
         "stored, has no effect on Atlas training"},
        {"310P rounds and has no effect",
         k310P,
         R"({"StackSize":{"aicore_stack_size":40000}})",
         1,
         0,
         "",
         Field::aicoreStack,
         49152,
         cfg,
         {},
         "has no effect on Atlas inference"},
        {"910 2^32-1 would round beyond 32 bits", k910, R"({"StackSize":{"aicore_stack_size":4294967295}})", 1, 0, "",
         Field::aicoreStack, 32768, plat, "/StackSize/aicore_stack_size", "beyond 32 bits"},
    });
}

TEST_CASE("K-2 SIMT stacks: 950 only, 128-byte rounding, never both 0", "[K-2][StackSize]") {
    const char *simt = "/StackSize/simt_stack_size";
    const char *dvg = "/StackSize/simt_divergence_stack_size";
    checkRows({
        {"950 simt 0 alone is applied", k950, R"({"StackSize":{"simt_stack_size":0}})", 1, 0, "", Field::simtStack, 0,
         cfg},
        {"950 both 0: the second is refused", k950,
         R"({"StackSize":{"simt_stack_size":0,"simt_divergence_stack_size":0}})", 1, 0, "", Field::simtDvgStack, 1024,
         plat, dvg, "both SIMT stack sizes would be 0"},
        {"950 both 0: the first stays applied", k950,
         R"({"StackSize":{"simt_stack_size":0,"simt_divergence_stack_size":0}})", 1, 0, "", Field::simtStack, 0, cfg},
        {"950 129 rounds to 256", k950, R"({"StackSize":{"simt_divergence_stack_size":129}})", 1, 0, "",
         Field::simtDvgStack, 256, cfg},
        {"950 2^32-1 rounds beyond 32 bits", k950, R"({"StackSize":{"simt_stack_size":4294967295}})", 1, 0, "",
         Field::simtStack, 1152, plat, simt, "beyond 32 bits"},
        {"910 well-typed SIMT tolerated", k910, R"({"StackSize":{"simt_stack_size":4096}})", 1, 0, "", Field::simtStack,
         1152, plat, simt},
        {"310P well-typed SIMT tolerated", k310P, R"({"StackSize":{"simt_divergence_stack_size":4096}})", 1, 0, "",
         Field::simtDvgStack, 1024, plat, dvg},
        {"310B negative SIMT refused", k310B, R"({"StackSize":{"simt_stack_size":-128}})", 1, ACL_ERROR_FAILURE, simt},
    });
}

// ---- defaultDevice ----------------------------------------------------------------------------------

TEST_CASE("K-1 default_device is a decimal JSON string below the device count", "[K-1][defaultDevice]") {
    const char *ptr = "/defaultDevice/default_device";
    checkRows({
        {"K1 no default_device", kA2, R"({"defaultDevice":{}})", 1, 0, "", Field::defaultDevice, -1, dflt},
        {"K2/K5 \"0\"", kA2, R"({"defaultDevice":{"default_device":"0"}})", 1, 0, "", Field::defaultDevice, 0, cfg},
        {"K3 \"1a\"", kA2, R"({"defaultDevice":{"default_device":"1a"}})", 1, ACL_ERROR_FAILURE, ptr},
        {"K3 \"0x3\"", kA2, R"({"defaultDevice":{"default_device":"0x3"}})", 1, ACL_ERROR_FAILURE, ptr},
        {"K3 \"-1\"", kA2, R"({"defaultDevice":{"default_device":"-1"}})", 1, ACL_ERROR_FAILURE, ptr},
        {"leading zero \"01\"", kA2, R"({"defaultDevice":{"default_device":"01"}})", 4, ACL_ERROR_FAILURE, ptr},
        {"\"+1\"", kA2, R"({"defaultDevice":{"default_device":"+1"}})", 4, ACL_ERROR_FAILURE, ptr},
        {"\" 1\"", kA2, R"({"defaultDevice":{"default_device":" 1"}})", 4, ACL_ERROR_FAILURE, ptr},
        {"empty string", kA2, R"({"defaultDevice":{"default_device":""}})", 1, ACL_ERROR_FAILURE, ptr},
        {"number 0 (testDefaultDevice_07)", kA2, R"({"defaultDevice":{"default_device":0}})", 1, ACL_ERROR_FAILURE,
         ptr},
        {"null", kA2, R"({"defaultDevice":{"default_device":null}})", 1, ACL_ERROR_FAILURE, ptr},
        {"\"1\" with 1 device", kA2, R"({"defaultDevice":{"default_device":"1"}})", 1, ACL_ERROR_RT_INVALID_DEVICEID,
         ptr},
        {"\"1\" with 2 devices", kA2, R"({"defaultDevice":{"default_device":"1"}})", 2, 0, "", Field::defaultDevice, 1,
         cfg},
        {"\"7\" with 8 devices", k950, R"({"defaultDevice":{"default_device":"7"}})", 8, 0, "", Field::defaultDevice, 7,
         cfg},
        {"\"8\" with 8 devices", k310P, R"({"defaultDevice":{"default_device":"8"}})", 8, ACL_ERROR_RT_INVALID_DEVICEID,
         ptr},
        {"2^31-1 is an id, but no such device", kA2, R"({"defaultDevice":{"default_device":"2147483647"}})", 1,
         ACL_ERROR_RT_INVALID_DEVICEID, ptr},
        {"2^31 is beyond int32 (K-1)", kA2, R"({"defaultDevice":{"default_device":"2147483648"}})", 1,
         ACL_ERROR_FAILURE, ptr},
        {"2^32 would wrap to device 0 in the reference", kA2, R"({"defaultDevice":{"default_device":"4294967296"}})", 1,
         ACL_ERROR_FAILURE, ptr},
        {"30 digits", kA2, R"({"defaultDevice":{"default_device":"123456789012345678901234567890"}})", 1,
         ACL_ERROR_FAILURE, ptr},
        {"defaultDevice not an object is ignored", kA2, R"({"defaultDevice":"0"})", 1, 0, "", Field::defaultDevice, -1,
         dflt, "/defaultDevice"},
        {"unknown key inside warns", kA2, R"({"defaultDevice":{"defaultdevice":"x"}})", 1, 0, "", Field::defaultDevice,
         -1, dflt, "/defaultDevice/defaultdevice"},
    });
}

// ---- printf FIFOs -------------------------------------------------------------------------------------

TEST_CASE("K-1 printf FIFO sizes are [1-9][0-9]* JSON integers", "[K-1][fifo]") {
    const char *simd = "/simd_printf_fifo_size_per_core";
    const char *simt = "/simt_printf_fifo_size";
    checkRows({
        {"K6 -1/-1: SIMD first", kA2, R"({"simd_printf_fifo_size_per_core":-1,"simt_printf_fifo_size":-1})", 1,
         ACL_ERROR_FAILURE, simd},
        {"K7 0/0", k950, R"({"simd_printf_fifo_size_per_core":0,"simt_printf_fifo_size":0})", 1, ACL_ERROR_FAILURE,
         simd},
        {"K7 SIMD first whatever the text order", k950,
         R"({"simt_printf_fifo_size":0,"simd_printf_fifo_size_per_core":0})", 1, ACL_ERROR_FAILURE, simd},
        {"K8 32768/1048576 on 950: SIMD", k950,
         R"({"simd_printf_fifo_size_per_core":32768,"simt_printf_fifo_size":1048576})", 1, 0, "", Field::simdFifo,
         32768, cfg},
        {"K8 32768/1048576 on 950: SIMT", k950,
         R"({"simd_printf_fifo_size_per_core":32768,"simt_printf_fifo_size":1048576})", 1, 0, "", Field::simtFifo,
         1048576, cfg},
        {"testFifoSize_03 on A2: SIMT tolerated", kA2,
         R"({"simd_printf_fifo_size_per_core":32768,"simt_printf_fifo_size":1048576})", 1, 0, "", Field::simtFifo,
         2097152, plat, simt, "not supported on Atlas A2, not applied"},
        {"1.0 is not an integer token", kA2, R"({"simd_printf_fifo_size_per_core":1.0})", 1, ACL_ERROR_FAILURE, simd},
        {"1024.0", kA2, R"({"simd_printf_fifo_size_per_core":1024.0})", 1, ACL_ERROR_FAILURE, simd},
        {"1e3 exponent", kA2, R"({"simd_printf_fifo_size_per_core":1e4})", 1, ACL_ERROR_FAILURE, simd},
        {"-0", kA2, R"({"simd_printf_fifo_size_per_core":-0})", 1, ACL_ERROR_FAILURE, simd},
        {"string", kA2, R"({"simd_printf_fifo_size_per_core":"4096"})", 1, ACL_ERROR_FAILURE, simd},
        {"bool", kA2, R"({"simd_printf_fifo_size_per_core":true})", 1, ACL_ERROR_FAILURE, simd},
        {"badly typed SIMT on A2 is still 500001 (K-2)", kA2, R"({"simt_printf_fifo_size":-1})", 1, ACL_ERROR_FAILURE,
         simt},
        {"SIMT 1 on A2: no range check, tolerated", kA2, R"({"simt_printf_fifo_size":1})", 1, 0, "", Field::simtFifo,
         2097152, plat, simt},
        {"SIMT type error after a good SIMD", k950,
         R"({"simd_printf_fifo_size_per_core":4096,"simt_printf_fifo_size":"1048576"})", 1, ACL_ERROR_FAILURE, simt},
    });
}

TEST_CASE("K-2 printf FIFO device ranges give 107000, compared without truncation", "[K-2][fifo]") {
    const char *simd = "/simd_printf_fifo_size_per_core";
    const char *simt = "/simt_printf_fifo_size";
    checkRows({
        {"SIMD 1023", kA2, R"({"simd_printf_fifo_size_per_core":1023})", 1, ACL_ERROR_RT_PARAM_INVALID, simd},
        {"SIMD 1024", kA2, R"({"simd_printf_fifo_size_per_core":1024})", 1, 0, "", Field::simdFifo, 1024, cfg},
        {"SIMD 1025 rounds to 1032",
         kA2,
         R"({"simd_printf_fifo_size_per_core":1025})",
         1,
         0,
         "",
         Field::simdFifo,
         1032,
         cfg,
         {},
         "rounded up from 1025 to 1032"},
        {"SIMD 67108864", k950, R"({"simd_printf_fifo_size_per_core":67108864})", 1, 0, "", Field::simdFifo, 67108864,
         cfg},
        {"SIMD 67108865", k950, R"({"simd_printf_fifo_size_per_core":67108865})", 1, ACL_ERROR_RT_PARAM_INVALID, simd},
        {"SIMD 2^32+1024 does not truncate to 1024", kA2, R"({"simd_printf_fifo_size_per_core":4294968320})", 1,
         ACL_ERROR_RT_PARAM_INVALID, simd},
        {"SIMD 2^64-1", kA2, R"({"simd_printf_fifo_size_per_core":18446744073709551615})", 1,
         ACL_ERROR_RT_PARAM_INVALID, simd},
        {"SIMD on 910 (source: applied)", k910, R"({"simd_printf_fifo_size_per_core":4096})", 1, 0, "", Field::simdFifo,
         4096, cfg},
        {"SIMD on 310P", k310P, R"({"simd_printf_fifo_size_per_core":100})", 1, ACL_ERROR_RT_PARAM_INVALID, simd},
        {"SIMD on 310B", k310B, R"({"simd_printf_fifo_size_per_core":2049})", 1, 0, "", Field::simdFifo, 2056, cfg},
        {"SIMT 1048575", k950, R"({"simt_printf_fifo_size":1048575})", 1, ACL_ERROR_RT_PARAM_INVALID, simt},
        {"SIMT 1048576", k950, R"({"simt_printf_fifo_size":1048576})", 1, 0, "", Field::simtFifo, 1048576, cfg},
        {"SIMT 67108864", k950, R"({"simt_printf_fifo_size":67108864})", 1, 0, "", Field::simtFifo, 67108864, cfg},
        {"SIMT 67108865", k950, R"({"simt_printf_fifo_size":67108865})", 1, ACL_ERROR_RT_PARAM_INVALID, simt},
        {"SIMT 67108865 on A2 is not range checked", kA2, R"({"simt_printf_fifo_size":67108865})", 1, 0, "",
         Field::simtFifo, 2097152, plat, simt},
        {"SIMD failure leaves the SIMT FIFO unset", k950,
         R"({"simd_printf_fifo_size_per_core":1023,"simt_printf_fifo_size":1048576})", 1, ACL_ERROR_RT_PARAM_INVALID,
         simd, Field::simtFifo, 2097152, dflt},
    });
}

TEST_CASE("K-2 after a SIMD FIFO failure the SIMT FIFO is not attempted", "[K-2][fifo]") {
    struct Case {
        const char *json;
    };
    const Case cases[] = {
        {R"({"simd_printf_fifo_size_per_core":1023,"simt_printf_fifo_size":"bad"})"},
        {R"({"simd_printf_fifo_size_per_core":1023,"simt_printf_fifo_size":1})"},
        {R"({"simd_printf_fifo_size_per_core":"bad","simt_printf_fifo_size":1})"},
    };
    for (const Case &c : cases) {
        DYNAMIC_SECTION(c.json) {
            const Run run = runValidator(k950, c.json);
            INFO(describe(run.report));
            CHECK(countSeverity(run.report, Severity::error) == 1);
            CHECK(run.report.findings().size() == 1);
            CHECK(findAt(run.report, Severity::error, "/simd_printf_fifo_size_per_core") != nullptr);
        }
    }
}

// ---- acl_graph.event_mode ---------------------------------------------------------------------------

TEST_CASE("K-1 K-2 acl_graph.event_mode: \"0\" or \"1\", 207000 without task value wait", "[K-1][K-2][event_mode]") {
    const char *ptr = "/acl_graph/event_mode";
    checkRows({
        {"K9 \"0\" on A2", kA2, R"({"acl_graph":{"event_mode":"0"}})", 1, 0, "", Field::eventMode, 0, cfg},
        {"K9 \"1\" on A2", kA2, R"({"acl_graph":{"event_mode":"1"}})", 1, 0, "", Field::eventMode, 1, cfg},
        {"\"1\" on A3", kA3, R"({"acl_graph":{"event_mode":"1"}})", 1, 0, "", Field::eventMode, 1, cfg},
        {"\"0\" on 950", k950, R"({"acl_graph":{"event_mode":"0"}})", 1, 0, "", Field::eventMode, 0, cfg},
        {"K10 acl_graph1 is unknown", kA2, R"({"acl_graph1":{"event_mode":"0"}})", 1, 0, "", Field::eventMode, -1, dflt,
         "/acl_graph1"},
        {"K10 event_mode1 is unknown", kA2, R"({"acl_graph":{"event_mode1":"0"}})", 1, 0, "", Field::eventMode, -1,
         dflt, "/acl_graph/event_mode1"},
        {"K11 \"2\"", kA2, R"({"acl_graph":{"event_mode":"2"}})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"K-1 number 0 (no exception)", kA2, R"({"acl_graph":{"event_mode":0}})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"K-1 null", kA2, R"({"acl_graph":{"event_mode":null}})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"K-1 object", k950, R"({"acl_graph":{"event_mode":{}}})", 1, ACL_ERROR_INVALID_PARAM, ptr},
        {"910 lacks task value wait", k910, R"({"acl_graph":{"event_mode":"0"}})", 1, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
         ptr},
        {"310P", k310P, R"({"acl_graph":{"event_mode":"1"}})", 1, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, ptr},
        {"310B", k310B, R"({"acl_graph":{"event_mode":"0"}})", 1, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, ptr},
        {"the value is checked before the product", k910, R"({"acl_graph":{"event_mode":"2"}})", 1,
         ACL_ERROR_INVALID_PARAM, ptr},
        {"acl_graph not an object is ignored", k910, R"({"acl_graph":["0"]})", 1, 0, "", Field::eventMode, -1, dflt,
         "/acl_graph"},
    });
}

// ---- numbers beyond the 64-bit integers ------------------------------------------------------------

TEST_CASE("F-3 K-1 a number beyond the 64-bit integers is a double: each key's own rule applies",
          "[F-3][K-1][K-3][K-7]") {
    // 30 digits and 2^64, on both sides of zero: valid JSON that reads as a double (F-3).
    checkRows({
        {"StackSize: above uint32", kA2, R"({"StackSize":{"aicore_stack_size":123456789012345678901234567890}})", 1,
         ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"},
        {"StackSize: 2^64", kA2, R"({"StackSize":{"aicore_stack_size":18446744073709551616}})", 1, ACL_ERROR_FAILURE,
         "/StackSize/aicore_stack_size"},
        {"StackSize: negative", kA2, R"({"StackSize":{"aicore_stack_size":-123456789012345678901234567890}})", 1,
         ACL_ERROR_FAILURE, "/StackSize/aicore_stack_size"},
        {"SIMT stack on A2: still 500001 (K-2)", kA2,
         R"({"StackSize":{"simt_stack_size":123456789012345678901234567890}})", 1, ACL_ERROR_FAILURE,
         "/StackSize/simt_stack_size"},
        {"default_device: a number is the wrong type", kA2,
         R"({"defaultDevice":{"default_device":123456789012345678901234567890}})", 1, ACL_ERROR_FAILURE,
         "/defaultDevice/default_device"},
        {"printf FIFO: not a [1-9][0-9]* token within 64 bits", k950,
         R"({"simd_printf_fifo_size_per_core":123456789012345678901234567890})", 1, ACL_ERROR_FAILURE,
         "/simd_printf_fifo_size_per_core"},
        {"event_mode: not a string", kA2, R"({"acl_graph":{"event_mode":123456789012345678901234567890}})", 1,
         ACL_ERROR_INVALID_PARAM, "/acl_graph/event_mode"},
        {"max_opqueue_num: not a string", kA2, R"({"max_opqueue_num":123456789012345678901234567890})", 1,
         ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG, "/max_opqueue_num"},
        {"unknown key: accepted with its warning (K-7)", kA2, R"({"x":123456789012345678901234567890})", 1, 0, "",
         Field::aicoreStack, 32768, dflt, "/x"},
        {"unknown key inside StackSize", kA2, R"({"StackSize":{"aicore_stak_size":-123456789012345678901234567890}})",
         1, 0, "", Field::aicoreStack, 32768, dflt, "/StackSize/aicore_stak_size"},
    });
    const Run fifo = runValidator(k950, R"({"simd_printf_fifo_size_per_core":18446744073709551616})");
    const Finding *error = decisive(fifo.report);
    REQUIRE(error != nullptr);
    CHECK(error->message.find("beyond the 64-bit integers") != std::string::npos);
    const Run fraction = runValidator(k950, R"({"simd_printf_fifo_size_per_core":1e4})");
    REQUIRE(decisive(fraction.report) != nullptr);
    CHECK(decisive(fraction.report)->message.find("written with a fraction or an exponent") != std::string::npos);
}

// ---- evaluation order -----------------------------------------------------------------------------

TEST_CASE("L-1 K-8 the first failing key in the reference order decides the code", "[L-1][K-8][order]") {
    checkRows({
        {"err_msg_mode before StackSize", kA2, R"({"StackSize":{"aicore_stack_size":-1},"err_msg_mode":"2"})", 1,
         ACL_ERROR_INVALID_PARAM, "/err_msg_mode"},
        {"err_msg_mode before max_opqueue_num", kA2, R"({"max_opqueue_num":1,"err_msg_mode":1})", 1,
         ACL_ERROR_INVALID_PARAM, "/err_msg_mode"},
        {"max_opqueue_num before StackSize", kA2, R"({"StackSize":{"aicore_stack_size":-1},"max_opqueue_num":1})", 1,
         ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG, "/max_opqueue_num"},
        {"max_opqueue_num before event_mode", kA2, R"({"acl_graph":{"event_mode":"2"},"max_opqueue_num":"0"})", 1,
         ACL_ERROR_INVALID_PARAM, "/max_opqueue_num"},
        {"StackSize before defaultDevice", kA2,
         R"({"defaultDevice":{"default_device":"x"},"StackSize":{"aicore_stack_size":"x"}})", 1, ACL_ERROR_FAILURE,
         "/StackSize/aicore_stack_size"},
        {"defaultDevice before the FIFOs", kA2,
         R"({"simd_printf_fifo_size_per_core":1,"defaultDevice":{"default_device":"3"}})", 1,
         ACL_ERROR_RT_INVALID_DEVICEID, "/defaultDevice/default_device"},
        {"FIFOs before event_mode", k910, R"({"acl_graph":{"event_mode":"0"},"simd_printf_fifo_size_per_core":0})", 1,
         ACL_ERROR_FAILURE, "/simd_printf_fifo_size_per_core"},
        {"SIMT FIFO before event_mode", k950, R"({"acl_graph":{"event_mode":"5"},"simt_printf_fifo_size":1048575})", 1,
         ACL_ERROR_RT_PARAM_INVALID, "/simt_printf_fifo_size"},
        {"a tolerated stack warning does not hide a later error", kA2,
         R"({"StackSize":{"aicore_stack_size":999999999},"defaultDevice":{"default_device":"01"}})", 1,
         ACL_ERROR_FAILURE, "/defaultDevice/default_device"},
    });
}

TEST_CASE("K-8 every failing key is reported, in evaluation order", "[K-8][order]") {
    const Run run = runValidator(
        k910,
        R"({"acl_graph":{"event_mode":"0"},"simd_printf_fifo_size_per_core":0,"defaultDevice":{"default_device":"9"},)"
        R"("StackSize":{"aicore_stack_size":"a","simt_stack_size":-1},"max_opqueue_num":"x","err_msg_mode":"z"})");
    std::vector<std::string> pointers;
    for (const Finding &finding : run.report.findings()) {
        if (finding.severity == Severity::error) pointers.push_back(finding.pointer);
    }
    const std::vector<std::string> expected{"/err_msg_mode",
                                            "/max_opqueue_num",
                                            "/StackSize/simt_stack_size",
                                            "/StackSize/aicore_stack_size",
                                            "/defaultDevice/default_device",
                                            "/simd_printf_fifo_size_per_core",
                                            "/acl_graph/event_mode"};
    CHECK(pointers == expected);
}

// ---- messages (K-8) -----------------------------------------------------------------------------------

TEST_CASE("K-8 messages name the value found and what is allowed", "[K-8]") {
    struct Case {
        std::string_view soc;
        std::string_view json;
        std::string_view pointer;
        std::string_view messageHas;
        std::string_view hintHas;
    };
    const Case cases[] = {
        {kA2, R"({"defaultDevice":{"default_device":"0x3"}})", "/defaultDevice/default_device",
         R"(default_device is "0x3"; allowed: a JSON string of decimal digits without sign or leading zeros ("0", "1", ...))",
         ""},
        {kA2, R"({"err_msg_mode":1})", "/err_msg_mode", R"(err_msg_mode is 1, a number; allowed: the JSON string "0")",
         R"(write it as a JSON string: "1")"},
        {kA2, R"({"StackSize":{"aicore_stack_size":-1}})", "/StackSize/aicore_stack_size",
         "aicore_stack_size is -1, negative; allowed: a whole JSON number from 0 to 4294967295", ""},
        {kA2, R"({"StackSize":{"simt_stack_size":"4096"}})", "/StackSize/simt_stack_size",
         R"(simt_stack_size is "4096", a string)", "write it as a JSON number without quotes: 4096"},
        {kA2, R"({"simd_printf_fifo_size_per_core":1023})", "/simd_printf_fifo_size_per_core",
         "simd_printf_fifo_size_per_core is 1023, outside the range the device accepts; allowed: 1024 to 67108864", ""},
        {kA2, R"({"defaultDevice":{"default_device":"2"}})", "/defaultDevice/default_device",
         R"(default_device is "2", but the platform has 1 device)", ""},
        {kA2, R"({"defaultDevice":{"default_device":"2147483648"}})", "/defaultDevice/default_device",
         R"(default_device is "2147483648", above 2147483647)", ""},
        {k310P, R"({"acl_graph":{"event_mode":"1"}})", "/acl_graph/event_mode",
         "event_mode is \"1\", but Atlas inference (Ascend310P3) has no task value wait",
         "remove acl_graph.event_mode for this product"},
        {kA2, R"({"max_opqueue_num":10000})", "/max_opqueue_num", "max_opqueue_num is 10000, a number",
         R"(write it as a JSON string: "10000")"},
        {kA2, R"({"max_opqueue_num":"0"})", "/max_opqueue_num", R"(max_opqueue_num is "0", not above 0)", ""},
    };
    for (const Case &c : cases) {
        DYNAMIC_SECTION(c.json) {
            const Run run = runValidator(c.soc, c.json);
            const Finding *error = findAt(run.report, Severity::error, c.pointer);
            REQUIRE(error != nullptr);
            CHECK_THAT(error->message, Catch::Matchers::ContainsSubstring(std::string(c.messageHas)));
            if (c.hintHas.empty()) {
                CHECK(error->hint.empty());
            } else {
                CHECK_THAT(error->hint, Catch::Matchers::ContainsSubstring(std::string(c.hintHas)));
            }
        }
    }
}

TEST_CASE("K-2 rounding and no-effect notes go to the report, not to errors", "[K-2][K-8]") {
    const Run run = runValidator(k310P, R"({"StackSize":{"aicore_stack_size":40000}})");
    INFO(describe(run.report));
    const Finding *note = findAt(run.report, Severity::note, "/StackSize/aicore_stack_size");
    REQUIRE(note != nullptr);
    CHECK_THAT(note->message, Catch::Matchers::ContainsSubstring("rounded up from 40000 to 49152"));
    CHECK_THAT(note->message, Catch::Matchers::ContainsSubstring("stored, has no effect on Atlas inference"));
    CHECK(note->step == ACLPP_STEP_STACK_SIZE);
    CHECK(countSeverity(run.report, Severity::error) == 0);
    CHECK(run.effective.aicoreStackSize.origin == "/StackSize/aicore_stack_size");
}

// ---- unknown keys (K-7) -------------------------------------------------------------------------------

TEST_CASE("K-7 unknown keys are accepted with a warning and a did-you-mean hint", "[K-7]") {
    struct Case {
        std::string_view json;
        std::string_view pointer;
        aclppStep step;
        std::string_view hint;  // "" = no hint expected
    };
    const Case cases[] = {
        {R"({"err_msg_mod":"0"})", "/err_msg_mod", ACLPP_STEP_READ_FILE, R"(did you mean "err_msg_mode"?)"},
        {R"({"stacksize":{}})", "/stacksize", ACLPP_STEP_READ_FILE, R"(did you mean "StackSize"?)"},
        {R"({"acl_graph1":{}})", "/acl_graph1", ACLPP_STEP_READ_FILE, R"(did you mean "acl_graph"?)"},
        {R"({"profilr":{}})", "/profilr", ACLPP_STEP_READ_FILE, R"(did you mean "profiler"?)"},
        {R"({"aicore_stack_size":65536})", "/aicore_stack_size", ACLPP_STEP_READ_FILE,
         R"("aicore_stack_size" belongs inside "StackSize")"},
        {R"({"event_mode":"0"})", "/event_mode", ACLPP_STEP_READ_FILE, R"("event_mode" belongs inside "acl_graph")"},
        {R"({"totally_unrelated":1})", "/totally_unrelated", ACLPP_STEP_READ_FILE, ""},
        {R"({"a/b~c":1})", "/a~1b~0c", ACLPP_STEP_READ_FILE, ""},
        {R"({"StackSize":{"aicore_stak_size":1}})", "/StackSize/aicore_stak_size", ACLPP_STEP_STACK_SIZE,
         R"(did you mean "aicore_stack_size"?)"},
        {R"({"defaultDevice":{"defaultdevice":"0"}})", "/defaultDevice/defaultdevice", ACLPP_STEP_DEFAULT_DEVICE,
         R"(did you mean "default_device"?)"},
        {R"({"acl_graph":{"event_mode1":"0"}})", "/acl_graph/event_mode1", ACLPP_STEP_EVENT_MODE,
         R"(did you mean "event_mode"?)"},
    };
    for (const Case &c : cases) {
        DYNAMIC_SECTION(c.json) {
            const Run run = runValidator(kA2, c.json);
            INFO(describe(run.report));
            CHECK(countSeverity(run.report, Severity::error) == 0);
            const Finding *warning = findAt(run.report, Severity::warning, c.pointer);
            REQUIRE(warning != nullptr);
            CHECK(warning->step == c.step);
            CHECK(warning->code == ACL_SUCCESS);
            CHECK(warning->hint == c.hint);
        }
    }
}

TEST_CASE("K-7 known keys, duplicates and non-object roots", "[K-7]") {
    SECTION("every known top-level key is silent") {
        const Run run = runValidator(
            k950,
            R"({"err_msg_mode":"0","defaultDevice":{"default_device":"0"},"StackSize":{"aicore_stack_size":49152},)"
            R"("simd_printf_fifo_size_per_core":4096,"simt_printf_fifo_size":1048576,"acl_graph":{"event_mode":"1"},)"
            R"("dump":{"x":1},"profiler":{"y":2},"max_opqueue_num":"20000"})");
        INFO(describe(run.report));
        CHECK(run.report.findings().empty());
    }
    SECTION("a top-level $schema (the editor's schema reference) is silent, a nested one is not") {
        const Run top = runValidator(kA2, R"({"$schema":"./acl.schema.json","err_msg_mode":"1"})");
        INFO(describe(top.report));
        CHECK(top.report.findings().empty());
        const Run nested = runValidator(kA2, R"({"StackSize":{"$schema":"x"}})");
        CHECK(findAt(nested.report, Severity::warning, "/StackSize/$schema") != nullptr);
    }
    SECTION("a repeated unknown key is one warning") {
        const Run run = runValidator(kA2, R"({"x":1,"x":2})");
        CHECK(countSeverity(run.report, Severity::warning, "/x") == 1);
    }
    SECTION("a non-object root has nothing to check") {
        for (std::string_view json : {"[1,2]", "\"x\"", "5", "null", "true"}) {
            const Run run = runValidator(kA2, json);
            CHECK(run.report.findings().empty());
        }
    }
}

TEST_CASE("F-3 a broken document never reaches the validator", "[F-3]") {
    ParseFailure failure;
    CHECK_FALSE(JsonDocument::parse(R"({"defaultDevice":{"default_device":"0)", failure).has_value());
    CHECK(failure.code == ACL_ERROR_PARSE_FILE);
}

// ---- device limits (E-3) ------------------------------------------------------------------------------

namespace {

const FamilyTraits &traitsOf(std::string_view soc) {
    const Product *product = findProduct(soc);
    REQUIRE(product != nullptr);
    return *product->traits;
}

}  // namespace

TEST_CASE("E-3 decideLimit: support, ranges and rounding per product", "[E-3][limits]") {
    struct Case {
        std::string_view soc;
        aclrtDeviceLimit limit;
        uint64_t requested;
        aclError code;
        uint32_t applied;
        bool changed;
        std::string_view noteHas;  // "" = the note must be empty
    };
    constexpr auto simt = ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE;
    constexpr auto dvg = ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE;
    constexpr auto aic = ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE;
    constexpr auto simdFifo = ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE;
    constexpr auto simtFifo = ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE;
    constexpr aclError ok = ACL_SUCCESS;
    constexpr aclError unsupported = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    constexpr aclError range = ACL_ERROR_RT_PARAM_INVALID;
    const Case cases[] = {
        // SIMT stacks: 950 only, 128-byte granule.
        {kA2, simt, 256, unsupported, 1152, false, "not supported on Atlas A2"},
        {k910, dvg, 256, unsupported, 1024, false, "not supported on Atlas training"},
        {k310B, simt, 0, unsupported, 1152, false, "not supported"},
        {k950, simt, 200, ok, 256, true, "rounded up from 200 to 256"},
        {k950, simt, 1152, ok, 1152, false, ""},
        {k950, simt, 0, ok, 0, true, ""},
        {k950, dvg, 300, ok, 384, true, "rounded up from 300 to 384"},
        {k950, dvg, 4294967168, ok, 4294967168, true, ""},
        {k950, dvg, 4294967169, range, 1024, false, "beyond 32 bits"},
        {k950, simt, kUint64Max, range, 1152, false, "beyond 32 bits"},
        // AI Core stack: floor 32768, 16 KiB granule, product maximum after rounding.
        {kA2, aic, 0, ok, 32768, false, "changes nothing"},
        {kA2, aic, 1, ok, 32768, false, "changes nothing"},
        {kA2, aic, 32768, ok, 32768, false, ""},
        {kA2, aic, 32769, ok, 49152, true, "rounded up from 32769 to 49152"},
        {kA2, aic, 196608, ok, 196608, true, ""},
        {kA2, aic, 196609, range, 32768, false, "above the Atlas A2 maximum 196608"},
        {kA3, aic, 180225, ok, 196608, true, "rounded up from 180225 to 196608"},
        {k950, aic, 131072, ok, 131072, true, ""},
        {k950, aic, 131073, range, 32768, false, "maximum 131072"},
        {k310B, aic, 7864320, ok, 7864320, true, ""},
        {k310B, aic, 7864321, range, 32768, false, "maximum 7864320"},
        {k910, aic, 10485760, ok, 10485760, true, "stored, has no effect on Atlas training"},
        {k310P, aic, 1, ok, 32768, false, "has no effect on Atlas inference"},
        {k910, aic, 4294967295, range, 32768, false, "beyond 32 bits"},
        {k910, aic, kUint64Max, range, 32768, false, "beyond 32 bits"},
        // printf FIFOs: range on the full request, then 8-byte rounding.
        {kA2, simdFifo, 1023, range, 32768, false, "1023 is outside [1024, 67108864]"},
        {kA2, simdFifo, 1024, ok, 1024, true, ""},
        {kA2, simdFifo, 1025, ok, 1032, true, "rounded up from 1025 to 1032"},
        {kA2, simdFifo, 67108864, ok, 67108864, true, ""},
        {kA2, simdFifo, 67108865, range, 32768, false, "outside"},
        {kA2, simdFifo, 0, range, 32768, false, "outside"},
        {kA2, simdFifo, (uint64_t{1} << 32) + 1024, range, 32768, false, "outside"},
        {kA2, simdFifo, kUint64Max, range, 32768, false, "outside"},
        {kA2, simdFifo, 32768, ok, 32768, false, ""},
        {k910, simdFifo, 4096, ok, 4096, true, ""},
        {k310P, simdFifo, 4096, ok, 4096, true, ""},
        {kA2, simtFifo, 1048576, unsupported, 2097152, false, "not supported on Atlas A2"},
        {kA2, simtFifo, 1, unsupported, 2097152, false, "not supported"},  // no range check first
        {k950, simtFifo, 1048575, range, 2097152, false, "outside [1048576, 67108864]"},
        {k950, simtFifo, 1048576, ok, 1048576, true, ""},
        {k950, simtFifo, 2097152, ok, 2097152, false, ""},
        {k950, simtFifo, 67108865, range, 2097152, false, "outside"},
    };
    for (const Case &c : cases) {
        DYNAMIC_SECTION(c.soc << " limit " << static_cast<int>(c.limit) << " = " << c.requested) {
            const LimitDecision decision = decideLimit(traitsOf(c.soc), c.limit, c.requested);
            INFO("note: " << decision.note);
            CHECK(decision.code == c.code);
            CHECK(decision.applied == c.applied);
            CHECK(decision.changed == c.changed);
            if (c.noteHas.empty()) {
                CHECK(decision.note.empty());
            } else {
                CHECK_THAT(decision.note, Catch::Matchers::ContainsSubstring(std::string(c.noteHas)));
            }
        }
    }
}

TEST_CASE("E-3 decideLimit starts from the values the device holds", "[E-3][limits]") {
    const FamilyTraits &p950 = traitsOf(k950);
    const FamilyTraits &a2 = traitsOf(kA2);

    SECTION("both SIMT stacks 0 is refused, whichever is set last") {
        LimitValues current;
        current.simtDivergenceStack = 0;
        LimitDecision decision = decideLimit(p950, ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 0, current);
        CHECK(decision.code == ACL_ERROR_RT_PARAM_INVALID);
        CHECK(decision.applied == kSimtStackDefault);
        CHECK_THAT(decision.note, Catch::Matchers::ContainsSubstring("both SIMT stack sizes would be 0"));

        current = LimitValues{};
        current.simtStack = 0;
        decision = decideLimit(p950, ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, 100, current);
        CHECK(decision.code == ACL_SUCCESS);
        CHECK(decision.applied == 128);
        decision = decideLimit(p950, ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, 0, current);
        CHECK(decision.code == ACL_ERROR_RT_PARAM_INVALID);
        CHECK(decision.applied == kSimtDivergenceStackDefault);
    }
    SECTION("an AI Core stack at or below 32768 keeps a larger stored value") {
        LimitValues current;
        current.aicoreStack = 65536;
        LimitDecision decision = decideLimit(a2, ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 16384, current);
        CHECK(decision.code == ACL_SUCCESS);
        CHECK(decision.applied == 65536);
        CHECK_FALSE(decision.changed);
        CHECK_THAT(decision.note, Catch::Matchers::ContainsSubstring("stays 65536"));
        decision = decideLimit(a2, ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 65536, current);
        CHECK(decision.applied == 65536);
        CHECK_FALSE(decision.changed);
        CHECK(decision.note.empty());
    }
    SECTION("a refusal reports the value held, not the default") {
        LimitValues current;
        current.simdPrintfFifo = 4096;
        const LimitDecision decision = decideLimit(a2, ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1, current);
        CHECK(decision.code == ACL_ERROR_RT_PARAM_INVALID);
        CHECK(decision.applied == 4096);
    }
    SECTION("a limit outside the enum") {
        const auto bogus = static_cast<aclrtDeviceLimit>(99);
        const LimitDecision decision = decideLimit(a2, bogus, 1);
        CHECK(decision.code == ACL_ERROR_RT_PARAM_INVALID);
        CHECK_FALSE(decision.changed);
        CHECK(findLimitRule(bogus) == nullptr);
        CHECK_FALSE(limitSupported(a2, bogus));
        CHECK(defaultLimit(bogus) == 0);
        CHECK(LimitValues{}.get(bogus) == 0);
        LimitValues values;
        values.set(bogus, 7);
        CHECK(values == LimitValues{});
    }
}

TEST_CASE("E-3 defaultLimit, readBackLimit and LimitValues", "[E-3][limits]") {
    CHECK(defaultLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE) == 1152);
    CHECK(defaultLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE) == 1024);
    CHECK(defaultLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE) == 32768);
    CHECK(defaultLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE) == 32768);
    CHECK(defaultLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE) == 2097152);

    // E-3: the SIMT stack reads back per warp (x32).
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, defaultLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE)) == 36864);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 256) == 8192);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 4294967168u) == uint64_t{4294967168u} * 32);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE, 1024) == 1024);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 49152) == 49152);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1032) == 1032);
    CHECK(readBackLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, 2097152) == 2097152);

    const LimitValues defaults;
    for (const LimitRule &rule : kLimitRules) {
        CHECK(defaults.get(rule.limit) == defaultLimit(rule.limit));
        LimitValues values;
        values.set(rule.limit, 12345);
        CHECK(values.get(rule.limit) == 12345);
        CHECK_FALSE(values == defaults);
    }
}

TEST_CASE("E-3 K-2 limitSupported follows the product table", "[E-3][K-2][limits]") {
    struct Case {
        std::string_view soc;
        bool simtStacks, aicore, simdFifo, simtFifo;
    };
    const Case cases[] = {
        {k950, true, true, true, true},   {kA3, false, true, true, false},   {kA2, false, true, true, false},
        {k910, false, true, true, false}, {k310P, false, true, true, false}, {k310B, false, true, true, false},
    };
    for (const Case &c : cases) {
        DYNAMIC_SECTION(c.soc) {
            const FamilyTraits &traits = traitsOf(c.soc);
            CHECK(limitSupported(traits, ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE) == c.simtStacks);
            CHECK(limitSupported(traits, ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE) == c.simtStacks);
            CHECK(limitSupported(traits, ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE) == c.aicore);
            CHECK(limitSupported(traits, ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE) == c.simdFifo);
            CHECK(limitSupported(traits, ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE) == c.simtFifo);
        }
    }
}

TEST_CASE("E-3 the config keys and aclrtDeviceSetLimit agree on every product", "[E-3][K-2][limits]") {
    // The config path must be decideLimit seen through K-2: an accepted decision is the effective
    // value; a refusal keeps the default (stacks, unsupported) or is the 107000 error (FIFOs).
    const uint64_t values[] = {0,       1,       127,     128,      1023,     1024,      1025,
                               32768,   32769,   131072,  131073,   196608,   196609,    1048575,
                               1048576, 7864320, 7864321, 67108864, 67108865, 4294967295};
    for (const Product &product : allProducts()) {
        for (const LimitRule &rule : kLimitRules) {
            for (uint64_t value : values) {
                if (rule.kind == LimitKind::printfFifo && value == 0) continue;  // a token error, not a limit
                std::string json = "{";
                if (rule.kind == LimitKind::printfFifo) {
                    json += "\"" + std::string(rule.configKey) + "\":" + std::to_string(value) + "}";
                } else {
                    json += "\"StackSize\":{\"" + std::string(rule.configKey) + "\":" + std::to_string(value) + "}}";
                }
                {
                    // INFO, not a section: thousands of sections would re-run the loops each time.
                    INFO(product.soc << " " << json);
                    const Run run = runValidator(product.soc, json);
                    const LimitDecision decision = decideLimit(*product.traits, rule.limit, value);
                    const Observed observed = observe(run.effective, [&] {
                        switch (rule.limit) {
                            case ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE:
                                return Field::simtStack;
                            case ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE:
                                return Field::simtDvgStack;
                            case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
                                return Field::aicoreStack;
                            case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
                                return Field::simdFifo;
                            case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
                                return Field::simtFifo;
                        }
                        return Field::none;
                    }());
                    const Finding *error = decisive(run.report);
                    if (decision.code == ACL_SUCCESS) {
                        CHECK(error == nullptr);
                        CHECK(observed.value == decision.applied);
                        CHECK(observed.source == Source::config);
                        CHECK(observed.note == decision.note);
                    } else if (decision.code == ACL_ERROR_RT_PARAM_INVALID && rule.kind == LimitKind::printfFifo) {
                        REQUIRE(error != nullptr);
                        CHECK(error->code == ACL_ERROR_RT_PARAM_INVALID);
                        CHECK(error->pointer == rule.configPointer);
                    } else {
                        CHECK(error == nullptr);
                        CHECK(observed.value == rule.defaultValue);
                        CHECK(observed.source == Source::platform);
                        CHECK(findAt(run.report, Severity::warning, rule.configPointer) != nullptr);
                    }
                }
            }
        }
    }
}

// ---- the conformance rows (test/fixtures/conformance) -------------------------------------------

namespace {

std::optional<std::string> readFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

}  // namespace

TEST_CASE("K-1 K-2 K-3 conformance rows for the top-level keys (expected.tsv)", "[K-1][K-2][K-3][conformance]") {
    // The fixtures of the keys this validator owns, on the default platform (Ascend910B1, 1 device).
    std::string problem;
    const std::string fixtures = aclpp::test::conformanceFixtureDir(problem);
    if (fixtures.empty()) FAIL(problem);
    const std::string root = fixtures + "/";
    const std::optional<std::string> table = readFile(root + "expected.tsv");
    REQUIRE(table.has_value());
    std::istringstream lines(*table);
    std::string line;
    std::size_t checked = 0;
    while (std::getline(lines, line)) {
        std::vector<std::string> columns;
        std::istringstream fields(line);
        for (std::string field; std::getline(fields, field, '\t');) columns.push_back(field);
        if (columns.size() < 3) continue;
        const std::string &file = columns[0];
        const bool ours =
            file.find("testDefaultDevice") != std::string::npos || file.find("testFifoSize") != std::string::npos ||
            file.find("testStackSize") != std::string::npos || file.find("testEventMode") != std::string::npos ||
            file.find("testErrorManager") != std::string::npos || file.find("handleOpConfig") != std::string::npos;
        if (!ours) continue;
        DYNAMIC_SECTION(file) {
            const std::optional<std::string> bytes = readFile(root + file);
            REQUIRE(bytes.has_value());
            const aclError code = static_cast<aclError>(std::stol(columns[1]));
            const std::string pointer = columns[2] == "-" ? std::string{} : columns[2];
            ParseFailure failure;
            std::optional<JsonDocument> document = JsonDocument::parse(*bytes, failure);
            if (code == ACL_ERROR_PARSE_FILE) {
                CHECK_FALSE(document.has_value());
            } else {
                REQUIRE(document.has_value());
                Report report;
                EffectiveConfig effective;
                const EnvironmentSnapshot environment{};
                ValidationContext ctx{*document, *findProduct(kA2), environment, report, effective, 1, false};
                validateTopLevel(ctx);
                INFO(describe(report));
                const Finding *error = decisive(report);
                if (code == ACL_SUCCESS) {
                    CHECK(error == nullptr);
                } else {
                    REQUIRE(error != nullptr);
                    CHECK(error->code == code);
                    CHECK(error->pointer == pointer);
                }
            }
        }
        ++checked;
    }
    CHECK(checked == 25);
}
