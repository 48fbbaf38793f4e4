// User text (keys, values, paths, tokens of the file) as messages and findings show it. Every
// message aclpp builds from user text goes through here, so that every message is valid UTF-8
// (K-8): the report JSON and every output of acl-config are built from these messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <aclpp/text/shown_text.hpp>

namespace aclpp::core {

// shownText and quotedText are the schema's (<aclpp/text/shown_text.hpp>), so that the typed
// config's compile-time checks quote a value as the core does.
using aclpp::text::decodeUtf8;
using aclpp::text::kShownTextBytes;
using aclpp::text::quotedText;
using aclpp::text::shownText;

/// How many bytes of a JSON pointer a message or a finding shows (a pointer names several keys).
inline constexpr std::size_t kShownPointerBytes = 160;
/// For paths: shown whole (a path cut short names another file).
inline constexpr std::size_t kWholeText = std::string_view::npos;

/// A JSON pointer as messages and findings show it: shownText, at most kShownPointerBytes.
[[nodiscard]] std::string shownPointer(std::string_view pointer);

}  // namespace aclpp::core
