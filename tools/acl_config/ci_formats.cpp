#include "ci_formats.hpp"

#include <aclpp/json/text_writer.hpp>
#include <algorithm>
#include <string>
#include <string_view>

namespace aclconfig {

namespace {

// ---- GitHub Actions --------------------------------------------------------------------------

// The escapes of the workflow-command syntax (GitHub's @actions/core, escapeData and
// escapeProperty): without them a newline or "::" in a message would end or forge the command.
std::string escapeData(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '%':
                out += "%25";
                break;
            case '\r':
                out += "%0D";
                break;
            case '\n':
                out += "%0A";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string escapeProperty(std::string_view text) {
    std::string out;
    for (char c : escapeData(text)) {
        switch (c) {
            case ':':
                out += "%3A";
                break;
            case ',':
                out += "%2C";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string_view githubCommand(aclppSeverity severity) {
    switch (severity) {
        case ACLPP_SEVERITY_ERROR:
            return "error";
        case ACLPP_SEVERITY_WARNING:
            return "warning";
        case ACLPP_SEVERITY_NOTE:
            return "notice";
    }
    return "error";
}

// ---- SARIF -----------------------------------------------------------------------------------

constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";

/// The id of the rule a finding breaks: its init step and its code ("dump/ACL_ERROR_INVALID_DUMP_CONFIG"),
/// or its severity when it has no code ("read_file/warning").
std::string ruleId(const aclppFinding &finding) {
    std::string id = finding.step != nullptr && finding.step[0] != '\0' ? finding.step : "config";
    id += '/';
    if (finding.code != ACL_SUCCESS) {
        id += aclppErrorName(finding.code);
    } else {
        id += severityWord(finding.severity);
    }
    return id;
}

std::string ruleDescription(const aclppFinding &finding) {
    const std::string step = finding.step != nullptr ? finding.step : "";
    if (finding.code != ACL_SUCCESS) {
        return "aclInit fails with " + codeLabel(finding.code) + " at its " + step +
               " step: " + aclppErrorDescription(finding.code);
    }
    return "A " + std::string(severityWord(finding.severity)) + " of the " + step + " step; aclInit still succeeds";
}

/// A relative URI reference for a path: every byte outside RFC 3986's unreserved set and "/"
/// percent-encoded, so that spaces, "#" or "?" in a file name stay part of the path.
std::string uriOf(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        const bool plain = (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
                           (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
        if (plain) {
            out += c;
        } else {
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        }
    }
    return out;
}

void textMessage(aclpp::json::JsonTextWriter &w, std::string_view key, std::string_view text) {
    w.key(key);
    w.begin_object();
    w.key("text");
    w.string(text);
    w.end_object();
}

}  // namespace

void printGithub(std::ostream &out, const std::vector<Validation> &validations) {
    const Style plain(false);
    for (const Validation &v : validations) {
        const std::string cann = cannLabel(v);
        for (const aclppFinding &finding : v.findings) {
            out << "::" << githubCommand(finding.severity) << " file=" << escapeProperty(v.file);
            if (finding.line != 0) out << ",line=" << finding.line << ",col=" << finding.column;
            // B-9: with several CANN versions the same finding comes once per version; the title
            // says whose rules found it.
            std::string title = "acl-config " + ruleId(finding);
            if (!cann.empty()) title += " [" + cann + "]";
            out << ",title=" << escapeProperty(title) << "::" << escapeData(findingText(plain, finding)) << '\n';
        }
    }
}

void printSarif(std::ostream &out, const std::vector<Validation> &validations) {
    const Style plain(false);
    std::vector<const aclppFinding *> rules;  // the first finding of each rule id, in order
    for (const Validation &v : validations) {
        for (const aclppFinding &finding : v.findings) {
            const bool known = std::any_of(rules.begin(), rules.end(),
                                           [&](const aclppFinding *r) { return ruleId(*r) == ruleId(finding); });
            if (!known) rules.push_back(&finding);
        }
    }

    aclpp::json::JsonTextWriter w(true);
    w.begin_object();
    w.key("$schema");
    w.string(kSarifSchema);
    w.key("version");
    w.string("2.1.0");
    w.key("runs");
    w.begin_array(false);
    w.begin_object();
    w.key("tool");
    w.begin_object();
    w.key("driver");
    w.begin_object();
    w.key("name");
    w.string("acl-config");
    w.key("version");
    w.string(aclppCoreVersionString());
    w.key("rules");
    w.begin_array(false);
    for (const aclppFinding *rule : rules) {
        w.begin_object();
        w.key("id");
        w.string(ruleId(*rule));
        textMessage(w, "shortDescription", ruleDescription(*rule));
        w.end_object();
    }
    w.end_array();
    w.end_object();
    w.end_object();

    w.key("results");
    w.begin_array(false);
    for (const Validation &v : validations) {
        const std::string cann = cannLabel(v);
        for (const aclppFinding &finding : v.findings) {
            const std::string id = ruleId(finding);
            const auto index =
                std::find_if(rules.begin(), rules.end(), [&](const aclppFinding *r) { return ruleId(*r) == id; }) -
                rules.begin();
            w.begin_object();
            w.key("ruleId");
            w.string(id);
            w.key("ruleIndex");
            w.raw(std::to_string(index));
            w.key("level");
            w.string(severityWord(finding.severity));
            // B-9: whose rules found it, in the text (one result per version stays distinct) and
            // as properties for tools that group results.
            std::string message = findingText(plain, finding);
            if (!cann.empty()) message += " [" + cann + "]";
            textMessage(w, "message", message);
            if (!cann.empty()) {
                w.key("properties").begin_object();
                if (!v.cann.empty()) w.key("cannVersion").string(v.cann);
                w.key("cannRules").string(v.cannRules);
                w.end_object();
            }
            w.key("locations");
            w.begin_array(false);
            w.begin_object();
            w.key("physicalLocation");
            w.begin_object();
            w.key("artifactLocation");
            w.begin_object();
            w.key("uri");
            w.string(uriOf(v.file));
            w.end_object();
            // A finding about the whole file (unreadable, 100003) has no position to point at.
            if (finding.line != 0) {
                w.key("region");
                w.begin_object();
                w.key("startLine");
                w.raw(std::to_string(finding.line));
                w.key("startColumn");
                w.raw(std::to_string(finding.column));
                w.end_object();
            }
            w.end_object();
            w.end_object();
            w.end_array();
            w.end_object();
        }
    }
    w.end_array();
    w.end_object();
    w.end_array();
    w.end_object();
    out << w.take();
}

}  // namespace aclconfig
