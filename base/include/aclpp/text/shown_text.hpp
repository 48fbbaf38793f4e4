// User text (keys, values, paths, tokens of the file) as messages show it. Every message aclpp
// builds from user text goes through here, so that every message is valid UTF-8 (K-8), and the
// core's validator and the typed config's compile-time checks quote a value the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <aclpp/json/text.hpp>
#include <aclpp/std_constexpr.hpp>

namespace aclpp::text {

/// How many bytes of a user text a message shows by default.
inline constexpr std::size_t kShownTextBytes = 80;

/// The code point of one well-formed UTF-8 sequence of 1 to 4 bytes.
[[nodiscard]] constexpr std::uint32_t decodeUtf8(std::string_view sequence) noexcept {
    const auto byte = [&](std::size_t i) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(sequence[i]));
    };
    switch (sequence.size()) {
        case 2:
            return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
        case 3:
            return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
        case 4:
            return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
        default:
            return byte(0);
    }
}

namespace detail {

inline constexpr std::string_view kHexDigits = "0123456789abcdef";

ACLPP_CONSTEXPR_STD void appendHexEscape(std::string &out, std::string_view prefix, unsigned char c) {
    out += prefix;
    out += kHexDigits[c >> 4];
    out += kHexDigits[c & 0xF];
}

// Code points that change the order in which a terminal or an editor shows the text around
// them (Unicode's bidirectional formatting characters): shown escaped so that a message reads
// in the order it was written (K-8).
[[nodiscard]] constexpr bool reordersText(std::uint32_t c) noexcept {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

ACLPP_CONSTEXPR_STD void appendCodePointEscape(std::string &out, std::uint32_t c) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += kHexDigits[(c >> shift) & 0xF];
}

// Appends at most `maxBytes` bytes of `text` as shownText describes; true when all of it fit.
ACLPP_CONSTEXPR_STD bool appendShown(std::string &out, std::string_view text, std::size_t maxBytes, bool escapeQuotes) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = aclpp::json::utf8_length(text, i);
        if (i + (n == 0 ? 1 : n) > maxBytes) break;
        const std::uint32_t point = n > 1 && n < 4 ? decodeUtf8(text.substr(i, n)) : 0;
        if (n == 0) {
            appendHexEscape(out, "\\x", c);
        } else if (c < 0x20 || c == 0x7F) {
            appendHexEscape(out, "\\u00", c);
        } else if ((point >= 0x80 && point <= 0x9F) || reordersText(point)) {
            appendCodePointEscape(out, point);
        } else if (escapeQuotes && (c == '"' || c == '\\')) {
            out += '\\';
            out += static_cast<char>(c);
        } else {
            out.append(text.substr(i, n));
        }
        i += n == 0 ? 1 : n;
    }
    return i == text.size();
}

}  // namespace detail

/// `text` as a message shows it, without quotes: well-formed UTF-8 copied, control characters
/// (C0, DEL and C1) as \u00XX, the characters that reorder text (bidirectional embeddings,
/// overrides, isolates and marks, such as U+202E) as \uXXXX, every byte that is not part of a
/// well-formed UTF-8 sequence as \xHH. At most `maxBytes` bytes of `text` are shown, cut only
/// between two characters (never inside a sequence or an escape), and a cut text ends with "...".
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string shownText(std::string_view text, std::size_t maxBytes = kShownTextBytes) {
    std::string out;
    if (!detail::appendShown(out, text, maxBytes, false)) out += "...";
    return out;
}

/// `text` between double quotes, as shownText shows it with `"` and `\` also escaped, so that
/// the quoted text reads as a JSON string; a cut text has "..." after the closing quote.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string quotedText(std::string_view text,
                                                         std::size_t maxBytes = kShownTextBytes) {
    std::string out(1, '"');
    const bool whole = detail::appendShown(out, text, maxBytes, true);
    out += '"';
    if (!whole) out += "...";
    return out;
}

/// A JSON string value as a message describes it: quoted, with its length when it is cut.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string describedText(std::string_view text) {
    if (text.size() <= kShownTextBytes) return quotedText(text);
    return quotedText(text) + " (" + aclpp::json::uint_text(text.size()) + " bytes)";
}

/// "an array of 3 elements": how a message describes a JSON array it does not quote.
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string arrayText(std::size_t elements) {
    return "an array of " + aclpp::json::uint_text(elements) + (elements == 1 ? " element" : " elements");
}

}  // namespace aclpp::text
