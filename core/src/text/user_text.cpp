#include "text/user_text.hpp"

#include <aclpp/json/text.hpp>
#include <algorithm>

namespace aclpp::core {
namespace {

void appendHexEscape(std::string &out, std::string_view prefix, unsigned char c) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += prefix;
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
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

std::string shownText(std::string_view text, std::size_t maxBytes) {
    std::string out;
    out.reserve(std::min(text.size(), maxBytes) + 3);
    if (!appendShown(out, text, maxBytes, false)) out += "...";
    return out;
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
