#include "output.hpp"

#include <unistd.h>

#include <acl/acl.h>

#include <aclpp/json/text_writer.hpp>
#include <aclpp/text/edit_distance.hpp>
#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace aclconfig {

Style Style::detect(ColorChoice choice) {
    switch (choice) {
        case ColorChoice::always:
            return Style(true);
        case ColorChoice::never:
            return Style(false);
        case ColorChoice::automatic:
            break;
    }
    // Any NO_COLOR, even an empty one, turns colours off: a user who bothered to set it means it.
    return Style(::isatty(STDOUT_FILENO) == 1 && std::getenv("NO_COLOR") == nullptr);
}

std::string Style::wrap(std::string_view code, std::string_view text) const {
    if (!enabled_ || text.empty()) return std::string(text);
    std::string out = "\x1b[";
    out.append(code).append("m").append(text).append("\x1b[0m");
    return out;
}

std::size_t Validation::count(aclppSeverity severity) const noexcept {
    return static_cast<std::size_t>(
        std::count_if(findings.begin(), findings.end(), [&](const aclppFinding &f) { return f.severity == severity; }));
}

std::string_view severityWord(aclppSeverity severity) {
    switch (severity) {
        case ACLPP_SEVERITY_ERROR:
            return "error";
        case ACLPP_SEVERITY_WARNING:
            return "warning";
        case ACLPP_SEVERITY_NOTE:
            return "note";
    }
    return "error";
}

namespace {

std::string plural(std::size_t n, std::string_view word) {
    std::string text = std::to_string(n) + " " + std::string(word);
    if (n != 1) text += 's';
    return text;
}

}  // namespace

std::vector<std::string> checkedCannVersions(const std::vector<std::string> &versions) {
    std::vector<std::string> out;
    for (const std::string &version : versions) {
        if (!aclpp::schema::cann::parseCannVersion(version)) {
            throw UsageError("unknown CANN version \"" + version +
                             "\"; allowed: " + std::string(aclpp::schema::cann::kCannVersionAllowed));
        }
        if (std::find(out.begin(), out.end(), version) == out.end()) out.push_back(version);
    }
    return out;
}

const char *checkedSoc(const std::string &soc) {
    if (soc.empty()) return nullptr;
    std::string closest;
    std::size_t closestDistance = SIZE_MAX;
    for (std::size_t i = 0; i < aclppSocCount(); ++i) {
        aclppSocInfo info{};
        if (aclppGetSocInfo(i, &info) != ACL_SUCCESS) continue;
        if (soc == info.soc) return soc.c_str();
        const std::size_t distance = aclpp::text::editDistance(soc, info.soc);
        if (distance < closestDistance) {
            closestDistance = distance;
            closest = info.soc;
        }
    }
    std::string message = "unknown SoC \"" + soc + "\"";
    if (closestDistance <= 3) message += "; did you mean \"" + closest + "\"?";
    message += " (`acl-config socs` lists the known SoCs)";
    throw UsageError(message);
}

uint32_t checkedDeviceCount(uint32_t requested) {
    if (requested != 0) return requested;
    // ACLPP_DEVICE_COUNT and aclppSetPlatform are the emulated runtime's own choice, which the
    // core applies itself (count 0); a vendor runtime knows the machine's devices.
    uint32_t detected = 0;
    if (std::string_view(aclppRuntimeName()) == "cann" && aclrtGetDeviceCount(&detected) == ACL_SUCCESS &&
        detected <= ACLPP_MAX_DEVICE_COUNT) {
        return detected;
    }
    return 0;
}

Validation validateFile(const std::string &file, const char *soc, uint32_t devices, const std::string &cann,
                        const std::string *stdinBytes) {
    Validation v;
    v.file = file;
    v.cann = cann;
    const char *cannVersion = cann.empty() ? nullptr : cann.c_str();
    aclppReport *raw = nullptr;
    if (file == kStdinArgument) {
        v.file = kStdinName;
        std::string &text = v.stdinText.emplace();
        if (stdinBytes != nullptr) {
            text = *stdinBytes;
        } else {
            // One byte past the limit is enough for the core to refuse it as it refuses a file (F-2);
            // more is never read, so an endless input (/dev/zero) ends at once.
            std::array<char, 65536> chunk{};
            while (text.size() < kStdinReadLimit && std::cin) {
                std::cin.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
                text.append(chunk.data(), static_cast<std::size_t>(std::cin.gcount()));
            }
            if (std::cin.bad()) throw UsageError("cannot read standard input");
            if (text.size() > kStdinReadLimit) text.resize(kStdinReadLimit);
        }
        v.result = aclppValidateBufferForCann(text.data(), text.size(), soc, devices, cannVersion, &raw);
    } else {
        v.result = aclppValidateFileForCann(file.c_str(), soc, devices, cannVersion, &raw);
    }
    v.report.reset(raw);
    if (raw == nullptr) {
        // Only a bad argument gets no report; checkedSoc() has ruled out the SoC already.
        throw UsageError("the core refused to validate \"" + file + "\": " + codeLabel(v.result));
    }
    v.result = aclppReportResult(raw);
    const std::size_t count = aclppReportFindingCount(raw);
    v.findings.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        aclppFinding finding{};
        if (aclppReportGetFinding(raw, i, &finding) == ACL_SUCCESS) v.findings.push_back(finding);
    }
    // The report names the SoC its rules came from, which matters when --soc was not given.
    const acl::JsonValue json = readJson(aclppReportJson(raw));
    v.soc = stringMember(json, "soc");
    v.cannRules = stringMember(json, "cann_version");
    return v;
}

std::string codeLabel(aclError code) {
    return std::to_string(code) + " " + aclppErrorName(code);
}

void printFinding(std::ostream &out, const Style &style, std::string_view file, const aclppFinding &finding) {
    std::string location(file);
    if (finding.line != 0) {  // appended piece by piece: GCC 12 -O3 warns on ":" + std::string (PR 105329)
        location += ':';
        location += std::to_string(finding.line);
        location += ':';
        location += std::to_string(finding.column);
    }
    location += ':';

    std::string severity(severityWord(finding.severity));
    severity += ':';
    switch (finding.severity) {
        case ACLPP_SEVERITY_ERROR:
            severity = style.red(severity);
            break;
        case ACLPP_SEVERITY_WARNING:
            severity = style.yellow(severity);
            break;
        case ACLPP_SEVERITY_NOTE:
            severity = style.cyan(severity);
            break;
    }

    out << style.bold(location) << ' ' << severity << ' ' << findingText(style, finding) << '\n';
}

std::string findingText(const Style &style, const aclppFinding &finding) {
    std::string text = finding.message;
    if (finding.pointer != nullptr && finding.pointer[0] != '\0') ((text += " [") += finding.pointer) += ']';
    if (finding.code != ACL_SUCCESS) ((text += " (") += codeLabel(finding.code)) += ')';
    if (finding.hint != nullptr && finding.hint[0] != '\0')
        (((text += ' ') += style.cyan("hint:")) += ' ') += finding.hint;
    return text;
}

void printFindings(std::ostream &out, const Style &style, const Validation &v) {
    for (const aclppFinding &finding : v.findings) printFinding(out, style, v.file, finding);
}

std::string cannLabel(const Validation &v) {
    // B-9: the CANN release, when --cann named one or ACLPP_CANN_VERSION (or the loaded vendor
    // runtime) chose other rules than master's, the default, which output leaves unsaid.
    const std::string cann = !v.cann.empty() ? v.cann
                             : v.cannRules != aclpp::schema::cann::releaseName(aclpp::schema::cann::kDefaultRelease)
                                 ? v.cannRules
                                 : std::string();
    if (cann.empty()) return cann;
    std::string label = "CANN " + cann;
    if (!v.cannRules.empty() && v.cannRules != cann) label += " (the rules of " + v.cannRules + ")";
    return label;
}

void printSummary(std::ostream &out, const Style &style, const Validation &v) {
    std::vector<std::string> counts;
    if (const std::size_t n = v.count(ACLPP_SEVERITY_ERROR)) counts.push_back(plural(n, "error"));
    if (const std::size_t n = v.count(ACLPP_SEVERITY_WARNING)) counts.push_back(plural(n, "warning"));
    if (const std::size_t n = v.count(ACLPP_SEVERITY_NOTE)) counts.push_back(plural(n, "note"));
    std::string tally;
    for (const std::string &c : counts) tally += (tally.empty() ? "" : ", ") + c;
    if (tally.empty()) tally = "no findings";

    std::string on = v.soc.empty() ? std::string() : " on " + v.soc;
    if (const std::string cann = cannLabel(v); !cann.empty()) on += " with " + cann;
    out << style.bold(v.file + ":") << ' ';
    if (v.result == ACL_SUCCESS) {
        out << style.green("ok") << on << " (" << tally << ")\n";
    } else {
        out << style.red("aclInit would fail with " + codeLabel(v.result)) << on << " (" << tally << ")\n";
    }
}

int exitStatusFor(aclError result) noexcept {
    if (result == ACL_SUCCESS) return kExitOk;
    if (result == ACL_ERROR_INVALID_FILE) return kExitUsage;
    return kExitFindings;
}

acl::JsonValue readJson(std::string_view text) {
    std::optional<acl::JsonValue> value = acl::JsonValue::parse(text);
    return value ? std::move(*value) : acl::JsonValue();
}

std::string stringMember(const acl::JsonValue &object, std::string_view key, std::string_view fallback) {
    const acl::JsonValue *member = object.find(key);
    return std::string(member != nullptr && member->is_string() ? member->text() : fallback);
}

std::string canonicalJson(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    if (text.empty()) text = "{}";  // as the core reads it (F-3)
    aclpp::json::JsonTextWriter writer(true);
    writer.raw(text);
    return writer.take();
}

}  // namespace aclconfig
