// Findings of one validation run. Validators append in the reference's evaluation order, so
// the first error of the earliest step is what aclInit returns (L-1, K-8).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "acl/aclpp_ext.h"

namespace aclpp::core {

enum class Severity : uint8_t {
    error = ACLPP_SEVERITY_ERROR,
    warning = ACLPP_SEVERITY_WARNING,
    note = ACLPP_SEVERITY_NOTE
};

struct Finding {
    Severity severity = Severity::error;
    aclError code = ACL_SUCCESS;  // set for errors only
    aclppStep step = ACLPP_STEP_READ_FILE;
    std::string pointer;  // JSON pointer; "" = the whole document
    std::string message;  // the value found and what is allowed
    std::string hint;     // did-you-mean or how to fix; may be empty
    uint32_t line = 0;    // filled in by finishReport() from the pointer
    uint32_t column = 0;
    bool positioned = false;  // line/column already set by the producer
};

class Report {
public:
    /// From now on warnings and notes are dropped: for a caller that shows only errors (F-6).
    /// Validators that make many warnings ask keepsWarnings() before composing them.
    void keepErrorsOnly() noexcept { keepsWarnings_ = false; }
    [[nodiscard]] bool keepsWarnings() const noexcept { return keepsWarnings_; }

    void error(aclppStep step, aclError code, std::string pointer, std::string message, std::string hint = {});
    void warning(aclppStep step, std::string pointer, std::string message, std::string hint = {});
    void note(aclppStep step, std::string pointer, std::string message, std::string hint = {});
    void add(Finding finding) {
        if (finding.severity == Severity::error || keepsWarnings_) findings_.push_back(std::move(finding));
    }

    [[nodiscard]] const std::vector<Finding> &findings() const noexcept { return findings_; }
    [[nodiscard]] std::vector<Finding> &findings() noexcept { return findings_; }

    /// Errors recorded for `step` so far.
    [[nodiscard]] bool hasError(aclppStep step) const noexcept;
    [[nodiscard]] bool hasErrors() const noexcept;
    /// The first error of `step`, or nullptr.
    [[nodiscard]] const Finding *firstError(aclppStep step) const noexcept;
    /// The first error in init-step order (what aclInit on a fresh process returns), or nullptr.
    [[nodiscard]] const Finding *decisiveError() const noexcept;
    [[nodiscard]] Finding *decisiveError() noexcept {
        return const_cast<Finding *>(static_cast<const Report *>(this)->decisiveError());
    }

private:
    std::vector<Finding> findings_;
    bool keepsWarnings_ = true;
};

/// "did you mean" helper: the closest of `candidates` to `word` by edit distance, or "" when
/// none is close enough to be a plausible typo.
[[nodiscard]] std::string_view closestMatch(std::string_view word, const std::vector<std::string_view> &candidates);

/// The text of one error as aclGetRecentErrMsg shows it (K-8):
/// "ACL_ERROR_INVALID_DUMP_CONFIG(100009): /dump/dump_path (line 3, column 18): <message>[ hint]".
[[nodiscard]] std::string formatErrorMessage(const Finding &finding);

}  // namespace aclpp::core
