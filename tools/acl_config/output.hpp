// What every acl-config subcommand shares: colours, exit codes, the owned validation report,
// and the one way a finding is printed.
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/json.hpp>
#include <aclpp/schema/cann_versions.hpp>
#include <aclpp/schema/file.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aclconfig {

/// Exit statuses, the same for every subcommand so that scripts can rely on them.
enum ExitStatus : int {
    kExitOk = 0,        // clean, or warnings only
    kExitFindings = 1,  // the config has errors (or, for fmt --check, is not canonical)
    kExitUsage = 2,     // bad command line, or a file that cannot be read
};

/// A command-line mistake the user has to fix (unknown SoC, unreadable output path...).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class ColorChoice { automatic, always, never };

/// ANSI colours, or plain text when disabled. Colours are on only when stdout is a terminal and
/// NO_COLOR is not set (https://no-color.org), unless --color says otherwise.
class Style {
public:
    explicit Style(bool enabled) : enabled_(enabled) {}
    static Style detect(ColorChoice choice);

    [[nodiscard]] bool enabled() const noexcept { return enabled_; }
    [[nodiscard]] std::string bold(std::string_view text) const { return wrap("1", text); }
    [[nodiscard]] std::string red(std::string_view text) const { return wrap("1;31", text); }
    [[nodiscard]] std::string green(std::string_view text) const { return wrap("32", text); }
    [[nodiscard]] std::string yellow(std::string_view text) const { return wrap("1;33", text); }
    [[nodiscard]] std::string cyan(std::string_view text) const { return wrap("36", text); }
    [[nodiscard]] std::string dim(std::string_view text) const { return wrap("2", text); }

private:
    [[nodiscard]] std::string wrap(std::string_view code, std::string_view text) const;
    bool enabled_;
};

struct ReportDeleter {
    void operator()(aclppReport *report) const noexcept { aclppReportFree(report); }
};
using ReportPtr = std::unique_ptr<aclppReport, ReportDeleter>;

/// The FILE argument that reads standard input instead (check, explain, fmt), and how output
/// names it.
inline constexpr std::string_view kStdinArgument = "-";
inline constexpr std::string_view kStdinName = "<stdin>";
/// Standard input is read up to one byte past the core's 10 MiB limit: enough for the core to
/// refuse it as it refuses a file (F-2), and an endless input (/dev/zero) ends at once.
inline constexpr std::size_t kStdinReadLimit = aclpp::schema::kMaxConfigBytes + 1u;

/// One file validated by the core.
struct Validation {
    std::string file;                      // as the user wrote it (never made absolute: output stays portable)
    std::optional<std::string> stdinText;  // the bytes of standard input, which can be read once
    ReportPtr report;
    aclError result = ACL_SUCCESS;
    std::vector<aclppFinding> findings;  // point into *report
    std::string soc;                     // the SoC the rules came from
    std::string cann;                    // the CANN version --cann named; "" when none (B-9)
    std::string cannRules;               // the release whose rules were applied ("9.2.0": master's)

    [[nodiscard]] std::size_t count(aclppSeverity severity) const noexcept;
};

/// Checks `--soc` against the core's product table; nullptr when no SoC was given (the core
/// then uses the platform the next aclInit would use: ACLPP_SOC or its default).
[[nodiscard]] const char *checkedSoc(const std::string &soc);

/// The device count a default_device is checked against: `requested` (--devices) when given, else
/// over the vendor runtime the count it detects, else 0: not known, so any id below
/// ACLPP_MAX_DEVICE_COUNT is accepted (a config is often checked away from the server it is for).
[[nodiscard]] uint32_t checkedDeviceCount(uint32_t requested);

/// The --cann versions, checked (a usage error names one that is not a version) and without
/// repeats, in the order given (B-9).
[[nodiscard]] std::vector<std::string> checkedCannVersions(const std::vector<std::string> &versions);

/// Runs aclppValidateFileForCann (aclppValidateBufferForCann on standard input for "-"): the only
/// validation acl-config does. `cann` "": ACLPP_CANN_VERSION, else master's rules. `stdinBytes`:
/// standard input as an earlier validation read it (it can be read once), nullptr to read it.
[[nodiscard]] Validation validateFile(const std::string &file, const char *soc, uint32_t devices,
                                      const std::string &cann = {}, const std::string *stdinBytes = nullptr);

/// "message [pointer] (code NAME) hint: ..." of one finding, without its location and severity.
[[nodiscard]] std::string findingText(const Style &style, const aclppFinding &finding);

/// "error", "warning" or "note".
[[nodiscard]] std::string_view severityWord(aclppSeverity severity);

/// `file:line:column: severity: message [pointer] (code NAME) hint: ...` and a newline.
void printFinding(std::ostream &out, const Style &style, std::string_view file, const aclppFinding &finding);

/// Every finding of `v` in the core's order (the order aclInit evaluates them).
void printFindings(std::ostream &out, const Style &style, const Validation &v);

/// "CANN 9.0.5 (the rules of 9.0.1)": the release whose rules a validation applied, and the version
/// --cann named for it (B-9); "" for master's rules chosen by default, which output leaves unsaid.
[[nodiscard]] std::string cannLabel(const Validation &v);

/// `file: aclInit would fail with ... on SoC (2 errors, 1 warning)` and a newline.
void printSummary(std::ostream &out, const Style &style, const Validation &validation);

/// Usage text shared by every subcommand's --help.
inline constexpr const char *kExitStatusHelp =
    "Exit status: 0 ok (no errors; warnings and notes allowed), 1 findings (the config has errors, or for fmt "
    "--check is not canonical), 2 usage error or a file that cannot be read. FILE - reads standard input.";

/// Usage text of doctor's --help.
inline constexpr const char *kDoctorExitStatusHelp =
    "Exit status: 0 healthy, 1 findings (each printed with its fix; errors of the config included), 2 usage error "
    "or a config that cannot be read. Nothing is initialised, created or written.";

/// "100009 ACL_ERROR_INVALID_DUMP_CONFIG".
[[nodiscard]] std::string codeLabel(aclError code);

/// The exit status a validation result means (100003, an unreadable file, is an I/O error).
[[nodiscard]] int exitStatusFor(aclError result) noexcept;

/// JSON the core wrote (a report, the effective configuration), read with the core's reader;
/// null when it is not JSON.
[[nodiscard]] acl::JsonValue readJson(std::string_view text);

/// The string member `key` of `object`, or `fallback` when absent or not a string.
[[nodiscard]] std::string stringMember(const acl::JsonValue &object, std::string_view key,
                                       std::string_view fallback = {});

/// The canonical layout of `acl-config fmt`, the one Config::to_json writes (the C++ layer's
/// JsonTextWriter): two-space indent, members in their order, arrays of scalars on one line,
/// every scalar as written, a final newline. A leading BOM is dropped; an empty text is {} (F-3).
[[nodiscard]] std::string canonicalJson(std::string_view text);

}  // namespace aclconfig
