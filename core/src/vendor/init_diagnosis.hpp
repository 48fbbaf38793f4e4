// aclpp's own finding beside a failed init over the vendor runtime (B-7). The vendor's text
// names no JSON pointer, line or column: aclpp validates the same bytes itself and, where it
// finds an error, records it (pointer, line, column, what was found and what is allowed) as
// its part of the recent error message, ahead of the vendor's own text, which stays as it is.
#pragma once

#include <optional>
#include <string_view>

#include "acl/acl.h"

namespace aclpp::vendor {

/// The first line of aclpp's part, so that readers can tell it from the vendor's text.
inline constexpr std::string_view kFindingPrefix = "aclpp validator: ";

/// After aclInit answered `code` (a failure) for `bytes` (nullopt: no config).
void explainFailedInit(aclError code, std::optional<std::string_view> bytes) noexcept;

}  // namespace aclpp::vendor
