// Shared by the libFuzzer targets: an invariant check that aborts (so libFuzzer saves the
// input), and the checks every validation report must pass whatever the bytes were (A-2, K-8):
// every text the library returns is valid UTF-8 and every JSON text it returns parses.
#pragma once

#include <simdjson.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"

namespace aclpp::fuzz {

[[noreturn]] [[gnu::format(printf, 4, 5)]] inline void invariantFailed(const char *file, int line,
                                                                       const char *condition, const char *format, ...) {
    std::fprintf(stderr, "\n*** aclpp fuzz invariant failed at %s:%d: (%s) ", file, line, condition);
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fputc('\n', stderr);
    std::fflush(stderr);
    std::abort();
}

// NOLINTNEXTLINE(cppcoreguidelines-macro-usage): needs __FILE__/__LINE__ and a lazily built message.
#define ACLPP_FUZZ_CHECK(condition, ...)                                                               \
    do {                                                                                               \
        if (!(condition)) ::aclpp::fuzz::invariantFailed(__FILE__, __LINE__, #condition, __VA_ARGS__); \
    } while (0)

inline constexpr aclppStep kAllSteps[] = {
    ACLPP_STEP_READ_FILE,
    ACLPP_STEP_ERR_MSG_MODE,
    ACLPP_STEP_MODEL_CALLBACKS,
    ACLPP_STEP_DUMP,
    ACLPP_STEP_OP_EXECUTOR,
    ACLPP_STEP_STACK_SIZE,
    ACLPP_STEP_DEFAULT_DEVICE,
    ACLPP_STEP_PRINTF_FIFO,
    ACLPP_STEP_EVENT_MODE,
    ACLPP_STEP_PROFILING,
    ACLPP_STEP_SOC,
    ACLPP_STEP_DVPP_CALLBACKS,
    ACLPP_STEP_FILL_HOOK,
    ACLPP_STEP_OTHER_CALLBACKS,
    ACLPP_STEP_FINALIZE_DLOG,
    ACLPP_STEP_FINALIZE_PROFILING,
    ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS,
    ACLPP_STEP_FINALIZE_MODEL_CALLBACKS,
    ACLPP_STEP_FINALIZE_DUMP,
    ACLPP_STEP_FINALIZE_DVPP_CALLBACKS,
    ACLPP_STEP_FINALIZE_FILL_HOOK,
    ACLPP_STEP_FINALIZE_DEFAULT_DEVICE,
    ACLPP_STEP_FINALIZE_OTHER_CALLBACKS,
};

/// The step whose aclppStepName is `name`, or 0 when no step has that name.
inline int stepFromName(const char *name) {
    if (name == nullptr) return 0;
    for (aclppStep step : kAllSteps) {
        const char *candidate = aclppStepName(step);
        if (candidate != nullptr && std::strcmp(candidate, name) == 0) return step;
    }
    return 0;
}

inline simdjson::dom::parser &jsonParser() {
    static simdjson::dom::parser parser;
    return parser;
}

/// Aborts unless `text` is valid UTF-8 (K-8). simdjson's validator, not the library's own, so
/// that the oracle is independent of the code under test.
inline void checkUtf8(std::string_view text, const char *what) {
    ACLPP_FUZZ_CHECK(simdjson::validate_utf8(text.data(), text.size()), "%s is not valid UTF-8: %.400s", what,
                     std::string(text).c_str());
}

/// Aborts unless `text` is valid UTF-8 and one JSON value (simdjson validates the UTF-8 too, but
/// the first check names the problem).
inline simdjson::dom::element checkJson(std::string_view text, const char *what) {
    checkUtf8(text, what);
    simdjson::dom::element root;
    const simdjson::error_code error = jsonParser().parse(text.data(), text.size()).get(root);
    ACLPP_FUZZ_CHECK(error == simdjson::SUCCESS, "%s does not parse (%s): %.400s", what, simdjson::error_message(error),
                     std::string(text).c_str());
    return root;
}

/// What a report says, once its invariants hold.
struct ReportSummary {
    aclError result = ACL_SUCCESS;
    int decisiveStep = 0;  // the init step of the error aclInit returns; 0 when clean
    // The finding that decides the result (when it is an error): where and what.
    uint32_t decisiveLine = 0;
    uint32_t decisiveColumn = 0;
    std::string decisivePointer;
    std::string decisiveMessage;
    std::string effectiveJson;
};

/// Checks every invariant of a report produced for `bytes` (nullptr: no config) and returns
/// its summary. `returned` is what the validate call returned.
inline ReportSummary checkReport(const aclppReport *report, aclError returned, const char *bytes, size_t size) {
    ACLPP_FUZZ_CHECK(report != nullptr, "validate returned %d without a report", returned);
    ReportSummary summary;
    summary.result = aclppReportResult(report);
    ACLPP_FUZZ_CHECK(summary.result == returned, "report result %d, validate returned %d", summary.result, returned);

    // Findings: well-formed, and the result is the first error in init-step order.
    std::size_t lines = 1;
    for (size_t i = 0; bytes != nullptr && i < size; ++i) lines += bytes[i] == '\n' ? 1 : 0;
    const size_t count = aclppReportFindingCount(report);
    int decisiveStep = 0;
    aclError decisiveCode = ACL_SUCCESS;
    for (size_t i = 0; i < count; ++i) {
        aclppFinding f{};
        ACLPP_FUZZ_CHECK(aclppReportGetFinding(report, i, &f) == ACL_SUCCESS, "finding %zu of %zu", i, count);
        ACLPP_FUZZ_CHECK(f.severity == ACLPP_SEVERITY_ERROR || f.severity == ACLPP_SEVERITY_WARNING ||
                             f.severity == ACLPP_SEVERITY_NOTE,
                         "finding %zu has severity %d", i, static_cast<int>(f.severity));
        ACLPP_FUZZ_CHECK(f.pointer != nullptr && f.step != nullptr && f.message != nullptr && f.hint != nullptr,
                         "finding %zu has a NULL string", i);
        checkUtf8(f.pointer, "a finding's pointer");
        checkUtf8(f.message, "a finding's message");
        checkUtf8(f.hint, "a finding's hint");
        const int step = stepFromName(f.step);
        ACLPP_FUZZ_CHECK(step != 0, "finding %zu names an unknown step \"%s\"", i, f.step);
        ACLPP_FUZZ_CHECK(f.pointer[0] == '\0' || f.pointer[0] == '/', "finding %zu pointer \"%s\"", i, f.pointer);
        ACLPP_FUZZ_CHECK(f.line == 0 || f.column >= 1, "finding %zu at line %u column %u", i, f.line, f.column);
        ACLPP_FUZZ_CHECK(f.line <= lines, "finding %zu at line %u of a %zu-line config", i, f.line, lines);
        ACLPP_FUZZ_CHECK(f.message[0] != '\0', "finding %zu has an empty message", i);
        if (f.severity == ACLPP_SEVERITY_ERROR) {
            ACLPP_FUZZ_CHECK(f.code != ACL_SUCCESS, "error finding %zu (%s: %s) has code 0", i, f.step, f.message);
            // Steps are numbered in init order; among equal steps the first finding decides.
            if (decisiveStep == 0 || step < decisiveStep) {
                decisiveStep = step;
                decisiveCode = f.code;
                summary.decisiveLine = f.line;
                summary.decisiveColumn = f.column;
                summary.decisivePointer = f.pointer;
                summary.decisiveMessage = f.message;
            }
        } else {
            ACLPP_FUZZ_CHECK(f.code == ACL_SUCCESS, "%s finding %zu has code %d",
                             f.severity == ACLPP_SEVERITY_WARNING ? "warning" : "note", i, f.code);
        }
    }
    summary.decisiveStep = decisiveStep;
    aclppFinding past{};
    ACLPP_FUZZ_CHECK(aclppReportGetFinding(report, count, &past) == ACL_ERROR_INVALID_PARAM, "finding past the end");
    ACLPP_FUZZ_CHECK(summary.result == decisiveCode, "result %d, but the first error in step order (%s) has code %d",
                     summary.result, decisiveStep != 0 ? aclppStepName(static_cast<aclppStep>(decisiveStep)) : "-",
                     decisiveCode);

    // The JSON forms are non-NULL, valid JSON, and agree with the C view.
    const char *json = aclppReportJson(report);
    ACLPP_FUZZ_CHECK(json != nullptr, "aclppReportJson returned NULL");
    const simdjson::dom::element root = checkJson(json, "the report JSON");
    int64_t jsonResult = -1;
    ACLPP_FUZZ_CHECK(root["result"].get_int64().get(jsonResult) == simdjson::SUCCESS && jsonResult == summary.result,
                     "report JSON result %lld, C result %d", static_cast<long long>(jsonResult), summary.result);
    simdjson::dom::array findings;
    ACLPP_FUZZ_CHECK(root["findings"].get_array().get(findings) == simdjson::SUCCESS && findings.size() == count,
                     "report JSON findings do not match the %zu findings", count);

    const char *effective = aclppReportEffectiveJson(report);
    ACLPP_FUZZ_CHECK(effective != nullptr, "aclppReportEffectiveJson returned NULL");
    summary.effectiveJson = effective;
    if (summary.result != ACL_SUCCESS) {
        ACLPP_FUZZ_CHECK(summary.effectiveJson == "null", "rejected config (%d) has an effective config",
                         summary.result);
    } else {
        ACLPP_FUZZ_CHECK(checkJson(summary.effectiveJson, "the effective JSON").is_object(),
                         "effective JSON is not an object: %.400s", effective);
    }
    return summary;
}

/// Validates `bytes` for `soc` and checks the report; the report is freed.
inline ReportSummary validateAndCheck(const char *bytes, size_t size, const char *soc) {
    aclppReport *report = nullptr;
    const aclError returned = aclppValidateBuffer(bytes, size, soc, &report);
    ReportSummary summary = checkReport(report, returned, bytes, size);
    aclppReportFree(report);
    return summary;
}

inline aclppLifecycleState lifecycleState() {
    aclppLifecycleState state{};
    ACLPP_FUZZ_CHECK(aclppGetLifecycleState(&state) == ACL_SUCCESS, "aclppGetLifecycleState failed");
    return state;
}

/// Drops whatever aclGetRecentErrMsg holds for this thread, checking that each message is
/// valid UTF-8 (K-8).
inline void drainRecentErrors() {
    while (const char *message = aclGetRecentErrMsg()) checkUtf8(message, "aclGetRecentErrMsg");
}

}  // namespace aclpp::fuzz
