// The edit distance behind "did you mean ...?": the validator's unknown-key hints (K-7) and
// acl-config's unknown SoC names. ASCII letters compare without case.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace aclpp::text {

/// Levenshtein distance between `a` and `b`, ASCII letters compared without case.
[[nodiscard]] inline std::size_t editDistance(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace aclpp::text
