// acl-config check: every finding of every file, as aclInit would see it.
#include <algorithm>
#include <optional>

#include "ci_formats.hpp"
#include "commands.hpp"

namespace aclconfig {

namespace {

// The core's report with the file name spliced in as the first member, so that a consumer of
// the array knows which report is which without relying on the order.
std::string reportWithFile(const Validation &v) {
    const std::string json = aclppReportJson(v.report.get());
    std::string out = "{\"file\":" + quoteJson(v.file);
    // --cann as given; the core's "cann_version" names the release whose rules applied (B-9).
    if (!v.cann.empty()) out += ",\"cann_requested\":" + quoteJson(v.cann);
    if (json.size() > 2) out += ',';
    out.append(json, 1, std::string::npos);
    return out;
}

}  // namespace

int runCheck(const CheckOptions &options, const Style &style, std::ostream &out) {
    const char *soc = checkedSoc(options.soc);
    const uint32_t devices = checkedDeviceCount(options.devices);
    if (std::count(options.files.begin(), options.files.end(), std::string(kStdinArgument)) > 1) {
        throw UsageError("standard input (-) can be checked only once per run");
    }
    // B-9: one report per file and CANN version, version by version; no --cann is one pass with
    // the default rules (ACLPP_CANN_VERSION, else master's).
    std::vector<std::string> versions = checkedCannVersions(options.cannVersions);
    if (versions.empty()) versions.emplace_back();
    std::vector<Validation> validations;
    validations.reserve(options.files.size() * versions.size());
    std::optional<std::string> stdinBytes;  // standard input can be read once: kept for every version
    for (const std::string &version : versions) {
        for (const std::string &file : options.files) {
            validations.push_back(validateFile(file, soc, devices, version, stdinBytes ? &*stdinBytes : nullptr));
            if (!stdinBytes && validations.back().stdinText) stdinBytes = validations.back().stdinText;
        }
    }

    int status = kExitOk;
    for (const Validation &v : validations) status = std::max(status, exitStatusFor(v.result));

    if (options.format == "github") {
        printGithub(out, validations);
        return status;
    }
    if (options.format == "sarif") {
        printSarif(out, validations);
        return status;
    }
    if (options.format == "json") {
        out << "[\n";
        for (std::size_t i = 0; i < validations.size(); ++i) {
            out << reportWithFile(validations[i]) << (i + 1 < validations.size() ? ",\n" : "\n");
        }
        out << "]\n";
        return status;
    }

    for (const Validation &v : validations) {
        printFindings(out, style, v);
        printSummary(out, style, v);
    }
    return status;
}

}  // namespace aclconfig
