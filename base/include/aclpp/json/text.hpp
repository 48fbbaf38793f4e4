// Constexpr helpers for JSON text shared by the core, the C++ layer and acl-config: string
// escaping, UTF-8 checks and integer formatting. Nothing here allocates except into the caller's
// std::string, so everything also runs at compile time (acl::static_config).
#pragma once

#include <aclpp/std_constexpr.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace aclpp::json {

/// Appends the decimal text of `value`.
ACLPP_CONSTEXPR_STD void append_uint(std::string &out, std::uint64_t value) {
    char digits[20] = {};
    std::size_t n = 0;
    do {
        digits[n++] = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (n != 0) out.push_back(digits[--n]);
}

ACLPP_CONSTEXPR_STD void append_int(std::string &out, std::int64_t value) {
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

[[nodiscard]] ACLPP_CONSTEXPR_STD std::string uint_text(std::uint64_t value) {
    std::string out;
    append_uint(out, value);
    return out;
}

/// Length of the well-formed UTF-8 sequence at `pos` (1 for ASCII), or 0 when the bytes there
/// are not one: the rules simdjson applies (no overlong forms, no surrogates, at most U+10FFFF).
[[nodiscard]] constexpr std::size_t utf8_length(std::string_view text, std::size_t pos) noexcept {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(pos);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (pos + length > text.size()) return 0;
    if (byte(pos + 1) < low || byte(pos + 1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(pos + i) < 0x80 || byte(pos + i) > 0xBF) return 0;
    }
    return length;
}

/// True when `text` is well-formed UTF-8.
[[nodiscard]] constexpr bool valid_utf8(std::string_view text) noexcept {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

/// U+FFFD in UTF-8: what the writer puts for a byte that is not part of a well-formed sequence.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

/// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
/// well-formed UTF-8 copied, and each byte that is not part of a well-formed sequence written
/// as U+FFFD, so that the literal is valid UTF-8 (RFC 8259) whatever `text` holds.
ACLPP_CONSTEXPR_STD void append_json_string(std::string &out, std::string_view text) {
    constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
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
                } else if (c < 0x80) {
                    out.push_back(ch);
                } else if (const std::size_t n = utf8_length(text, i); n != 0) {
                    out.append(text.substr(i, n));
                    i += n - 1;
                } else {
                    out.append(kReplacementCharacter);
                }
        }
    }
    out.push_back('"');
}

/// `text` as append_json_string writes it, before escaping: what the runtime reads back from the
/// literal. The typed config's checks read strings this way (F-3).
[[nodiscard]] ACLPP_CONSTEXPR_STD std::string as_written(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            out.append(kReplacementCharacter);
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

/// Appends "/token" to a JSON pointer with ~ and / escaped (RFC 6901).
ACLPP_CONSTEXPR_STD void append_pointer_token(std::string &pointer, std::string_view token) {
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

}  // namespace aclpp::json
