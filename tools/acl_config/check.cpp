// acl-config check: every finding of every file, as aclInit would see it.
#include <aclpp/json/text_writer.hpp>
#include <algorithm>
#include <optional>

#include "ci_formats.hpp"
#include "commands.hpp"

namespace aclconfig {

namespace {

// The core's report with the file name as its first member, so that a consumer of the array
// knows which report is which without relying on the order; written by the project's one JSON
// writer in the layout of `acl-config fmt`.
void writeReport(aclpp::json::JsonTextWriter &w, const Validation &v) {
    w.begin_object();
    w.key("file").string(v.file);
    // --cann as given; the core's "cann_version" names the release whose rules applied (B-9).
    if (!v.cann.empty()) w.key("cann_requested").string(v.cann);
    const acl::JsonValue report = readJson(aclppReportJson(v.report.get()));
    for (const auto &[name, value] : report.members()) {
        w.key(name).raw(value.dump());
    }
    w.end_object();
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
        aclpp::json::JsonTextWriter w(true);
        w.begin_array(false);
        for (const Validation &v : validations) writeReport(w, v);
        w.end_array();
        out << w.take();
        return status;
    }

    for (const Validation &v : validations) {
        printFindings(out, style, v);
        printSummary(out, style, v);
    }
    return status;
}

}  // namespace aclconfig
