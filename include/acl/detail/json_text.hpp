// Constexpr helpers for JSON text shared by acl::JsonValue and the config writer: string
// escaping, UTF-8 checks and integer formatting. Nothing here allocates except into the caller's
// std::string, so everything also runs at compile time (acl::static_config).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace acl {
inline namespace v1 {
namespace detail {

/// Appends the decimal text of `value`.
constexpr void append_uint(std::string &out, std::uint64_t value) {
    char digits[20] = {};
    std::size_t n = 0;
    do {
        digits[n++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n != 0) out.push_back(digits[--n]);
}

constexpr void append_int(std::string &out, std::int64_t value) {
    if (value < 0) {
        out.push_back('-');
        append_uint(out, static_cast<std::uint64_t>(-(value + 1)) + 1);
    } else {
        append_uint(out, static_cast<std::uint64_t>(value));
    }
}

/// Writes the decimal text of `value` at the start of `buffer` and returns it: no allocation,
/// for the run-time path of the config writer.
template <std::size_t N>
requires(N >= 21) constexpr std::string_view uint_digits(std::uint64_t value, char (&buffer)[N]) noexcept {
    std::size_t n = 0;
    do {
        buffer[n++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0);
    for (std::size_t i = 0; i < n / 2; ++i) {
        const char c = buffer[i];
        buffer[i] = buffer[n - 1 - i];
        buffer[n - 1 - i] = c;
    }
    return {buffer, n};
}

template <std::size_t N>
requires(N >= 21) constexpr std::string_view int_digits(std::int64_t value, char (&buffer)[N]) noexcept {
    if (value >= 0) return uint_digits(static_cast<std::uint64_t>(value), buffer);
    buffer[0] = '-';
    char digits[21] = {};
    const std::string_view magnitude = uint_digits(static_cast<std::uint64_t>(-(value + 1)) + 1, digits);
    for (std::size_t i = 0; i < magnitude.size(); ++i) buffer[i + 1] = magnitude[i];
    return {buffer, magnitude.size() + 1};
}

[[nodiscard]] constexpr std::string uint_text(std::uint64_t value) {
    std::string out;
    append_uint(out, value);
    return out;
}

/// True when `text` is well-formed UTF-8 (no overlongs, no surrogates, at most U+10FFFF).
[[nodiscard]] constexpr bool valid_utf8(std::string_view text) noexcept {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t extra = 0;
        std::uint32_t cp = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            cp = c & 0x1Fu;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            cp = c & 0x0Fu;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            cp = c & 0x07u;
        } else {
            return false;
        }
        if (i + extra >= text.size()) return false;
        for (std::size_t k = 1; k <= extra; ++k) {
            const auto cc = static_cast<unsigned char>(text[i + k]);
            if ((cc & 0xC0u) != 0x80u) return false;
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
            return false;
        }
        i += extra + 1;
    }
    return true;
}

/// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
/// everything else (UTF-8 included) copied.
constexpr void append_json_string(std::string &out, std::string_view text) {
    constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
            case '"':
                out.append("\\\"");
                break;
            case '\\':
                out.append("\\\\");
                break;
            case '\n':
                out.append("\\n");
                break;
            case '\r':
                out.append("\\r");
                break;
            case '\t':
                out.append("\\t");
                break;
            case '\b':
                out.append("\\b");
                break;
            case '\f':
                out.append("\\f");
                break;
            default:
                if (c < 0x20) {
                    out.append("\\u00");
                    out.push_back(hex[c >> 4]);
                    out.push_back(hex[c & 0xF]);
                } else {
                    out.push_back(ch);
                }
        }
    }
    out.push_back('"');
}

/// Appends "/token" to a JSON pointer with ~ and / escaped (RFC 6901).
constexpr void append_pointer_token(std::string &pointer, std::string_view token) {
    pointer.push_back('/');
    for (char ch : token) {
        if (ch == '~') {
            pointer.append("~0");
        } else if (ch == '/') {
            pointer.append("~1");
        } else {
            pointer.push_back(ch);
        }
    }
}

}  // namespace detail
}  // namespace v1
}  // namespace acl

namespace acl {
inline namespace v1 {
namespace detail {

/// A constexpr syntax check of one JSON text (RFC 8259, UTF-8, nesting up to 64): the builder
/// uses it on the raw text of extra keys.
class JsonSyntax {
public:
    constexpr explicit JsonSyntax(std::string_view text) : text_(text) {}

    [[nodiscard]] constexpr bool valid() {
        ws();
        if (!value(0)) return false;
        ws();
        return pos_ == text_.size();
    }

private:
    constexpr void ws() {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
            ++pos_;
        }
    }
    [[nodiscard]] constexpr bool digit() const {
        return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9';
    }
    constexpr bool word(std::string_view w) {
        if (text_.substr(pos_, w.size()) != w) return false;
        pos_ += w.size();
        return true;
    }
    constexpr bool number() {
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        if (!digit()) return false;
        if (text_[pos_] == '0') {
            ++pos_;
        } else {
            while (digit()) ++pos_;
        }
        if (pos_ < text_.size() && text_[pos_] == '.') {
            ++pos_;
            if (!digit()) return false;
            while (digit()) ++pos_;
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            if (!digit()) return false;
            while (digit()) ++pos_;
        }
        return true;
    }
    constexpr bool string() {
        ++pos_;
        const std::size_t start = pos_;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            const char c = text_[pos_];
            if (static_cast<unsigned char>(c) < 0x20) return false;
            if (c == '\\') {
                ++pos_;
                if (pos_ >= text_.size()) return false;
                const char e = text_[pos_];
                if (e == 'u') {
                    for (int i = 0; i < 4; ++i) {
                        ++pos_;
                        if (pos_ >= text_.size()) return false;
                        const char h = text_[pos_];
                        if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return false;
                    }
                } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                    return false;
                }
            }
            ++pos_;
        }
        if (pos_ >= text_.size()) return false;
        const bool ok = valid_utf8(text_.substr(start, pos_ - start));
        ++pos_;
        return ok;
    }
    constexpr bool value(int depth) {
        if (depth > 64 || pos_ >= text_.size()) return false;
        const char c = text_[pos_];
        if (c == '"') return string();
        if (c == 't') return word("true");
        if (c == 'f') return word("false");
        if (c == 'n') return word("null");
        if (c == '[' || c == '{') {
            const char close = c == '[' ? ']' : '}';
            ++pos_;
            ws();
            if (pos_ < text_.size() && text_[pos_] == close) {
                ++pos_;
                return true;
            }
            while (true) {
                ws();
                if (c == '{') {
                    if (pos_ >= text_.size() || text_[pos_] != '"' || !string()) return false;
                    ws();
                    if (pos_ >= text_.size() || text_[pos_] != ':') return false;
                    ++pos_;
                    ws();
                }
                if (!value(depth + 1)) return false;
                ws();
                if (pos_ >= text_.size()) return false;
                if (text_[pos_] == ',') {
                    ++pos_;
                    continue;
                }
                if (text_[pos_] != close) return false;
                ++pos_;
                return true;
            }
        }
        return number();
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

[[nodiscard]] constexpr bool json_syntax_valid(std::string_view text) {
    return JsonSyntax(text).valid();
}

}  // namespace detail
}  // namespace v1
}  // namespace acl
