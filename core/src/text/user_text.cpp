#include "text/user_text.hpp"

#include <aclpp/json/text.hpp>
#include <algorithm>
#include <cstdint>

namespace aclpp::core {
namespace {

void appendHexEscape(std::string &out, std::string_view prefix, unsigned char c) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += prefix;
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
}

// Code points that change the order in which a terminal or an editor shows the text around
// them (Unicode's bidirectional formatting characters): shown escaped so that a message reads
// in the order it was written (K-8).
bool reordersText(uint32_t c) noexcept {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

void appendCodePointEscape(std::string &out, uint32_t c) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 0xF];
}

// Appends at most `maxBytes` bytes of `text` as shownText describes; true when all of it fit.
bool appendShown(std::string &out, std::string_view text, std::size_t maxBytes, bool escapeQuotes) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = aclpp::json::utf8_length(text, i);
        if (i + (n == 0 ? 1 : n) > maxBytes) break;
        if (n == 0) {
            appendHexEscape(out, "\\x", c);
        } else if (c < 0x20 || c == 0x7F) {
            appendHexEscape(out, "\\u00", c);
        } else if (const uint32_t point = n > 1 && n < 4 ? decodeUtf8(text.substr(i, n)) : 0;
                   (point >= 0x80 && point <= 0x9F) || reordersText(point)) {
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

}  // namespace

uint32_t decodeUtf8(std::string_view sequence) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(sequence[i])); };
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

std::string shownText(std::string_view text, std::size_t maxBytes) {
    std::string out;
    out.reserve(std::min(text.size(), maxBytes) + 3);
    if (!appendShown(out, text, maxBytes, false)) out += "...";
    return out;
}

std::string shownPointer(std::string_view pointer) {
    return shownText(pointer, kShownPointerBytes);
}

std::string quotedText(std::string_view text, std::size_t maxBytes) {
    std::string out(1, '"');
    out.reserve(std::min(text.size(), maxBytes) + 5);
    const bool whole = appendShown(out, text, maxBytes, true);
    out += '"';
    if (!whole) out += "...";
    return out;
}

}  // namespace aclpp::core
