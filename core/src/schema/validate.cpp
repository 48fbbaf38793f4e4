#include "schema/validate.hpp"

#include <algorithm>

#include "schema/context.hpp"

namespace aclpp::core {
namespace {

void reportFileLevelWarnings(const JsonDocument &document, Report &report) {
    if (!document.rootIsObject()) {
        report.warning(ACLPP_STEP_READ_FILE, "",
                       "the top-level value is " + std::string(describeType(document.root())) +
                           ", not an object; it is read as an empty config (F-5)",
                       "wrap the settings in { ... }");
    }
    if (!report.keepsWarnings()) return;
    for (const DuplicateKey &duplicate : document.duplicates()) {
        report.warning(
            ACLPP_STEP_READ_FILE, duplicate.pointer,
            "the key appears " + std::to_string(duplicate.count) + " times in one object; the last one wins (F-5)",
            "remove the earlier occurrences");
    }
}

void applyEnvironmentDefaults(const ValidationSettings &settings, EffectiveConfig &effective) {
    const FlushTimeout timeout = parseFlushTimeout(settings.environment.logFlushTimeout);
    effective.logFlushTimeoutMs.value = timeout.milliseconds;
    if (timeout.fromEnvironment) {
        effective.logFlushTimeoutMs.source = Source::environment;
        effective.logFlushTimeoutMs.origin = "ASCEND_LOG_DEVICE_FLUSH_TIMEOUT";
    }
    // L-8: emulated devices have no device logs, so the timeout never delays finalize.
    effective.logFlushTimeoutMs.note = "emulated devices have no device logs: finalize never waits";
    effective.fillHook = autoUseUcMemoryEnabled(settings.environment.autoUseUcMemory);
    const auto &sample = settings.environment.profilerSampleConfig;
    if (sample && !sample->empty()) effective.profiler.mode = ProfilerMode::environment;
}

}  // namespace

void validateDocument(ValidationContext &ctx) {
    reportFileLevelWarnings(ctx.document, ctx.report);
    validateTopLevel(ctx);
    validateDump(ctx);
    validateProfiler(ctx);
}

void positionFindings(Report &report, std::string_view text) {
    std::vector<Finding *> unplaced;
    std::vector<std::string_view> pointers;
    for (Finding &finding : report.findings()) {
        if (finding.positioned || finding.pointer.empty()) continue;
        unplaced.push_back(&finding);
        pointers.push_back(finding.pointer);
    }
    if (unplaced.empty()) return;
    const std::vector<TextPosition> positions = locatePointers(text, pointers);
    for (std::size_t i = 0; i < unplaced.size(); ++i) {
        unplaced[i]->line = positions[i].line;
        unplaced[i]->column = positions[i].column;
        unplaced[i]->positioned = true;
    }
}

ValidationOutcome validateConfig(std::optional<std::string_view> bytes, bool padded,
                                 const ValidationSettings &settings) {
    ValidationOutcome outcome;
    if (settings.findings == Findings::shownByInit) outcome.report.keepErrorsOnly();
    applyEnvironmentDefaults(settings, outcome.effective);
    if (!bytes) {
        // K-4, K-6: an exception dump the environment enables needs no config file.
        validateEnvironmentDumps(settings.product, settings.environment, settings.createMissingDirectories,
                                 outcome.report, outcome.effective);
        return outcome;
    }
    outcome.effective.configGiven = true;

    ParseFailure failure;
    std::optional<JsonDocument> document = JsonDocument::parse(*bytes, failure, padded);
    if (!document) {
        // The reference's first full JSON validation happens at its err_msg_mode step.
        Finding finding{Severity::error, failure.code,    ACLPP_STEP_ERR_MSG_MODE,
                        failure.pointer, failure.message, failure.hint};
        if (failure.position.line != 0) {
            finding.line = failure.position.line;
            finding.column = failure.position.column;
            finding.positioned = true;
        }
        outcome.report.add(std::move(finding));
        return outcome;
    }
    ValidationContext ctx{*document,
                          settings.product,
                          settings.environment,
                          outcome.report,
                          outcome.effective,
                          settings.deviceCount,
                          settings.createMissingDirectories,
                          settings.release};
    validateDocument(ctx);
    // The checks run section by section; every consumer (acl-config, acl::validate, the report's
    // JSON) shows the findings in the order aclInit meets them: by init step, then as found.
    std::vector<Finding> &findings = outcome.report.findings();
    std::stable_sort(findings.begin(), findings.end(),
                     [](const Finding &a, const Finding &b) { return a.step < b.step; });
    if (settings.findings == Findings::all) {
        positionFindings(outcome.report, document->text());
    } else if (Finding *shown = outcome.report.decisiveError(); shown != nullptr && !shown->pointer.empty()) {
        const TextPosition position = locatePointer(document->text(), shown->pointer);
        shown->line = position.line;
        shown->column = position.column;
        shown->positioned = true;
    }
    return outcome;
}

}  // namespace aclpp::core
