// Validate-only: the same pipeline as aclInit, on a fresh-process view, touching nothing.
#include <new>

#include "config/config_file.hpp"
#include "json/writer.hpp"
#include "platform/platform_choice.hpp"
#include "schema/effective_json.hpp"
#include "schema/validate.hpp"
#include "text/user_text.hpp"
#include "util/guarded_call.hpp"

using namespace aclpp::core;

struct aclppReport {
    aclError result = ACL_SUCCESS;
    std::vector<Finding> findings;
    std::vector<std::string> shownPointers;  // each finding's pointer as aclppFinding shows it (K-8)
    std::string json;
    std::string effectiveJson = "null";
};

namespace {

std::string_view severityName(Severity severity) {
    switch (severity) {
        case Severity::error:
            return "error";
        case Severity::warning:
            return "warning";
        case Severity::note:
            return "note";
    }
    return "error";
}

void finishReport(aclppReport &report, const PlatformChoice &platform) {
    JsonWriter w;
    w.beginObject();
    w.key("result").value(static_cast<int64_t>(report.result));
    w.key("result_name").value(aclppErrorName(report.result));
    w.key("soc").value(platform.socName);
    if (platform.deviceCount == 0) {
        w.key("device_count").null();
    } else {
        w.key("device_count").value(static_cast<uint64_t>(platform.deviceCount));
    }
    w.key("cann_version").value(aclpp::schema::cann::releaseName(platform.cannRelease));
    w.key("findings").beginArray();
    report.shownPointers.reserve(report.findings.size());
    for (const Finding &f : report.findings) {
        report.shownPointers.push_back(shownPointer(f.pointer));
        w.beginObject();
        w.key("severity").value(severityName(f.severity));
        w.key("code").value(static_cast<int64_t>(f.code));
        w.key("code_name").value(f.severity == Severity::error ? aclppErrorName(f.code) : "");
        w.key("pointer").value(f.pointer);
        w.key("line").value(static_cast<uint64_t>(f.line));
        w.key("column").value(static_cast<uint64_t>(f.column));
        w.key("step").value(aclppStepName(f.step));
        w.key("message").value(f.message);
        w.key("hint").value(f.hint);
        w.endObject();
    }
    w.endArray();
    w.key("effective").raw(report.effectiveJson);
    w.endObject();
    report.json = w.take();
}

/// What a caller of the validation API chose: the device count default_device is checked against,
/// and the CANN release whose rules apply (B-9).
struct ValidationRequest {
    uint32_t count = 0;                 // 1..kMaxDeviceCount: this one; 0: the platform's
    bool unknownWhenUnchosen = false;   // with 0: no count chosen means "not known" (0 in the settings)
    const char *cannVersion = nullptr;  // nullptr: the platform's (ACLPP_CANN_VERSION, else master)
};

aclError validate(std::optional<std::string_view> bytes, bool padded, const char *soc, ValidationRequest request,
                  aclppReport **out, const ReadResult *readFailure) {
    if (out == nullptr) return ACL_ERROR_INVALID_PARAM;
    *out = nullptr;
    if (soc != nullptr && findProduct(soc) == nullptr) return ACL_ERROR_INVALID_PARAM;
    if (request.count > kMaxDeviceCount) return ACL_ERROR_INVALID_PARAM;
    std::optional<aclpp::schema::cann::Release> release;
    if (request.cannVersion != nullptr) {
        release = aclpp::schema::cann::parseCannVersion(request.cannVersion);
        if (!release) return ACL_ERROR_INVALID_PARAM;
    }

    const PlatformOverride override_ = platformOverrideInForce();
    PlatformChoice platform = soc != nullptr ? resolvePlatform(override_, soc) : resolvePlatform(override_);
    if (request.count != 0) {
        platform.deviceCount = request.count;
    } else if (request.unknownWhenUnchosen && !platform.deviceCountChosen) {
        platform.deviceCount = 0;
    }
    if (release) platform.chooseCannRelease(*release);
    auto report = std::make_unique<aclppReport>();
    if (readFailure != nullptr) {
        report->findings.push_back(
            Finding{Severity::error, readFailure->code, ACLPP_STEP_READ_FILE, "", readFailure->message, {}});
    } else {
        const EnvironmentSnapshot environment = EnvironmentSnapshot::capture();
        const ValidationSettings settings{.product = platform.rulesProduct(),
                                          .deviceCount = platform.deviceCount,
                                          .environment = environment,
                                          .release = platform.cannRelease};
        ValidationOutcome outcome = validateConfig(bytes, padded, settings);
        if (!platform.valid()) outcome.report.error(ACLPP_STEP_SOC, ACL_ERROR_INTERNAL_ERROR, "", platform.error);
        if (const Finding *decisive = outcome.report.decisiveError()) {
            report->result = decisive->code;
        } else {
            const Product &product = platform.rulesProduct();
            report->effectiveJson = effectiveConfigJson(
                outcome.effective,
                PlatformDescription{platform.socName, product.traits->name, platform.deviceCount, product.traits});
        }
        report->findings = std::move(outcome.report.findings());
    }
    if (readFailure != nullptr) report->result = readFailure->code;
    finishReport(*report, platform);
    *out = report.release();
    return (*out)->result;
}

aclError validateFile(const char *path, const char *soc, ValidationRequest request, aclppReport **report) {
    return guardedCall([&]() -> aclError {
        if (path == nullptr || path[0] == '\0') return validate(std::nullopt, false, soc, request, report, nullptr);
        ConfigBytes bytes;
        const ReadResult read = readConfigFile(path, bytes);
        if (read.code != ACL_SUCCESS) return validate(std::nullopt, false, soc, request, report, &read);
        return validate(bytes.view(), true, soc, request, report, nullptr);
    });
}

aclError validateBuffer(const char *data, size_t length, const char *soc, ValidationRequest request,
                        aclppReport **report) {
    return guardedCall([&]() -> aclError {
        if (data == nullptr) return validate(std::nullopt, false, soc, request, report, nullptr);
        if (const ReadResult size = checkConfigSize(length); size.code != ACL_SUCCESS) {
            return validate(std::nullopt, false, soc, request, report, &size);
        }
        return validate(std::string_view(data, length), false, soc, request, report, nullptr);
    });
}

/// The request of the ForCann twins: ACLPP_PLATFORM_DEVICE_COUNT is the platform's count, as
/// aclppValidateFile checks against; any other count as the ForDevices twins take it.
ValidationRequest cannRequest(uint32_t deviceCount, const char *cannVersion) {
    if (deviceCount == ACLPP_PLATFORM_DEVICE_COUNT) return ValidationRequest{0, false, cannVersion};
    return ValidationRequest{deviceCount, true, cannVersion};
}

}  // namespace

extern "C" {

aclError aclppValidateFile(const char *path, const char *soc, aclppReport **report) {
    return validateFile(path, soc, ValidationRequest{}, report);
}

aclError aclppValidateBuffer(const char *data, size_t length, const char *soc, aclppReport **report) {
    return validateBuffer(data, length, soc, ValidationRequest{}, report);
}

aclError aclppValidateFileForDevices(const char *path, const char *soc, uint32_t deviceCount, aclppReport **report) {
    return validateFile(path, soc, ValidationRequest{deviceCount, true}, report);
}

aclError aclppValidateBufferForDevices(const char *data, size_t length, const char *soc, uint32_t deviceCount,
                                       aclppReport **report) {
    return validateBuffer(data, length, soc, ValidationRequest{deviceCount, true}, report);
}

aclError aclppValidateFileForCann(const char *path, const char *soc, uint32_t deviceCount, const char *cannVersion,
                                  aclppReport **report) {
    return validateFile(path, soc, cannRequest(deviceCount, cannVersion), report);
}

aclError aclppValidateBufferForCann(const char *data, size_t length, const char *soc, uint32_t deviceCount,
                                    const char *cannVersion, aclppReport **report) {
    return validateBuffer(data, length, soc, cannRequest(deviceCount, cannVersion), report);
}

aclError aclppReportResult(const aclppReport *report) {
    return report == nullptr ? ACL_ERROR_INVALID_PARAM : report->result;
}

size_t aclppReportFindingCount(const aclppReport *report) {
    return report == nullptr ? 0 : report->findings.size();
}

aclError aclppReportGetFinding(const aclppReport *report, size_t index, aclppFinding *finding) {
    if (report == nullptr || finding == nullptr || index >= report->findings.size()) return ACL_ERROR_INVALID_PARAM;
    const Finding &f = report->findings[index];
    finding->severity = static_cast<aclppSeverity>(f.severity);
    finding->code = f.code;
    finding->pointer = report->shownPointers[index].c_str();
    finding->line = f.line;
    finding->column = f.column;
    finding->step = aclppStepName(f.step);
    finding->message = f.message.c_str();
    finding->hint = f.hint.c_str();
    return ACL_SUCCESS;
}

const char *aclppReportJson(const aclppReport *report) {
    return report == nullptr ? nullptr : report->json.c_str();
}

const char *aclppReportEffectiveJson(const aclppReport *report) {
    return report == nullptr ? nullptr : report->effectiveJson.c_str();
}

void aclppReportFree(aclppReport *report) {
    delete report;
}

}  // extern "C"
