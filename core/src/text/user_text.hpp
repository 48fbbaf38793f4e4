// User text (keys, values, paths, tokens of the file) as messages and findings show it. Every
// message aclpp builds from user text goes through here, so that every message is valid UTF-8
// (K-8): the report JSON and every output of acl-config are built from these messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace aclpp::core {

/// How many bytes of a user text a message shows by default.
inline constexpr std::size_t kShownTextBytes = 80;
/// How many bytes of a JSON pointer a message or a finding shows (a pointer names several keys).
inline constexpr std::size_t kShownPointerBytes = 160;
/// For paths: shown whole (a path cut short names another file).
inline constexpr std::size_t kWholeText = std::string_view::npos;

/// `text` as a message shows it, without quotes: well-formed UTF-8 copied, control characters
/// (C0, DEL and C1) as \u00XX, the characters that reorder text (bidirectional embeddings,
/// overrides, isolates and marks, such as U+202E) as \uXXXX, every byte that is not part of a
/// well-formed UTF-8 sequence as \xHH. At
/// most `maxBytes` bytes of `text` are shown, cut only between two characters (never inside a
/// sequence or an escape), and a cut text ends with "...".
[[nodiscard]] std::string shownText(std::string_view text, std::size_t maxBytes = kShownTextBytes);

/// `text` between double quotes, as shownText shows it with `"` and `\` also escaped, so that
/// the quoted text reads as a JSON string; a cut text has "..." after the closing quote.
[[nodiscard]] std::string quotedText(std::string_view text, std::size_t maxBytes = kShownTextBytes);

/// A JSON pointer as messages and findings show it: shownText, at most kShownPointerBytes.
[[nodiscard]] std::string shownPointer(std::string_view pointer);

/// The code point of one well-formed UTF-8 sequence of 1 to 4 bytes.
[[nodiscard]] uint32_t decodeUtf8(std::string_view sequence) noexcept;

}  // namespace aclpp::core
