#include "vendor/init_diagnosis.hpp"

#include <string>

#include "acl/aclpp_ext.h"
#include "errors/recent_message.hpp"
#include "platform/platform_choice.hpp"
#include "schema/validate.hpp"

namespace aclpp::vendor {
namespace {

/// The error finding that explains `code`: the first with that code, else the first error.
const core::Finding *explainingFinding(const core::Report &report, aclError code) {
    const core::Finding *firstError = nullptr;
    for (const core::Finding &finding : report.findings()) {
        if (finding.severity != core::Severity::error) continue;
        if (finding.code == code) return &finding;
        if (firstError == nullptr) firstError = &finding;
    }
    return firstError;
}

}  // namespace

void explainFailedInit(aclError code, std::optional<std::string_view> bytes) noexcept {
    if (!bytes) return;  // no config: nothing of aclpp's to say about it
    try {
        // The SoC the runtime reports (the driver knows it before any init), else the default.
        const char *soc = aclrtGetSocName();
        const core::PlatformChoice platform = soc != nullptr && soc[0] != '\0'
                                                  ? core::resolvePlatform(core::platformOverrideInForce(), soc)
                                                  : core::resolvePlatform(core::platformOverrideInForce());
        const core::EnvironmentSnapshot environment = core::EnvironmentSnapshot::capture();
        const core::ValidationSettings settings{.product = platform.rulesProduct(),
                                                .deviceCount = platform.deviceCount,
                                                .environment = environment,
                                                .release = platform.cannRelease};
        const core::ValidationOutcome outcome = core::validateConfig(bytes, false, settings);
        const core::Finding *finding = explainingFinding(outcome.report, code);
        if (finding == nullptr) return;
        std::string text(kFindingPrefix);
        text.append(finding->pointer.empty() ? "(the whole file)" : finding->pointer)
            .append(" (line ")
            .append(std::to_string(finding->line))
            .append(", column ")
            .append(std::to_string(finding->column))
            .append("): ")
            .append(finding->message);
        if (!finding->hint.empty()) text.append(" (").append(finding->hint).append(")");
        text.append(" (")
            .append(std::to_string(finding->code))
            .append(" ")
            .append(aclppErrorName(finding->code))
            .append(")");
        core::recordError(std::move(text));
    } catch (...) {
        // Out of memory: the vendor's code and text are still reported.
    }
}

}  // namespace aclpp::vendor
