#include "schema/report.hpp"

#include <aclpp/text/edit_distance.hpp>

#include <algorithm>

#include "text/user_text.hpp"

namespace aclpp::core {

void Report::error(aclppStep step, aclError code, std::string pointer, std::string message, std::string hint) {
    findings_.push_back(Finding{Severity::error, code, step, std::move(pointer), std::move(message), std::move(hint)});
}

void Report::warning(aclppStep step, std::string pointer, std::string message, std::string hint) {
    if (!keepsWarnings_) return;
    findings_.push_back(
        Finding{Severity::warning, ACL_SUCCESS, step, std::move(pointer), std::move(message), std::move(hint)});
}

void Report::note(aclppStep step, std::string pointer, std::string message, std::string hint) {
    if (!keepsWarnings_) return;
    findings_.push_back(
        Finding{Severity::note, ACL_SUCCESS, step, std::move(pointer), std::move(message), std::move(hint)});
}

bool Report::hasError(aclppStep step) const noexcept {
    return firstError(step) != nullptr;
}

bool Report::hasErrors() const noexcept {
    return std::any_of(findings_.begin(), findings_.end(),
                       [](const Finding &f) { return f.severity == Severity::error; });
}

const Finding *Report::firstError(aclppStep step) const noexcept {
    for (const Finding &finding : findings_) {
        if (finding.severity == Severity::error && finding.step == step) return &finding;
    }
    return nullptr;
}

const Finding *Report::decisiveError() const noexcept {
    // Steps are numbered in the reference's init order, so the lowest step's first error is
    // the one a fresh aclInit reports.
    const Finding *decisive = nullptr;
    for (const Finding &finding : findings_) {
        if (finding.severity != Severity::error) continue;
        if (decisive == nullptr || finding.step < decisive->step) decisive = &finding;
    }
    return decisive;
}

std::string_view closestMatch(std::string_view word, const std::vector<std::string_view> &candidates) {
    std::string_view best;
    std::size_t bestDistance = SIZE_MAX;
    for (std::string_view candidate : candidates) {
        const std::size_t distance = aclpp::text::editDistance(word, candidate);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    // A plausible typo: a few edits, and fewer than half the letters changed.
    const std::size_t limit = std::max<std::size_t>(1, std::min<std::size_t>(3, word.size() / 2));
    return bestDistance <= limit ? best : std::string_view{};
}

std::string formatErrorMessage(const Finding &finding) {
    std::string text = aclppErrorName(finding.code);
    text += '(';
    text += std::to_string(finding.code);
    text += "): ";
    if (!finding.pointer.empty()) {
        text += shownPointer(finding.pointer);  // the key is user text too (K-8)
        text += ' ';
    }
    if (finding.line != 0) {
        text += "(line " + std::to_string(finding.line) + ", column " + std::to_string(finding.column) + ")";
    }
    if (!finding.pointer.empty() || finding.line != 0) text += ": ";
    text += finding.message;
    if (!finding.hint.empty()) {
        text += " (";
        text += finding.hint;
        text += ')';
    }
    return text;
}

}  // namespace aclpp::core
