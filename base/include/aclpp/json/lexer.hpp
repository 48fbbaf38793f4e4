// The one definition of JSON's lexical rules as aclInit reads acl.json (F-3, F-4): tokens,
// strings (escapes, surrogate pairs, UTF-8), numbers (the grammar, the 64-bit integers, the
// range of a double) and the nesting limits, plus one iterative scanner of a whole text. The
// core's syntax scanner, its pointer positions, the writer's raw JSON and the compile-time
// check of a constant config's extra JSON all read text through it, so they cannot disagree
// about what is JSON. Only std::string_view and fixed arrays: no allocation, constexpr with
// every supported compiler (also where std::string is not, GCC 11).
#pragma once

#include <aclpp/json/text.hpp>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace aclpp::json {

/// At most this many nested objects and this many nested arrays in one document (F-4).
inline constexpr std::size_t kMaxObjectDepth = 10;
inline constexpr std::size_t kMaxArrayDepth = 10;

[[nodiscard]] constexpr bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
[[nodiscard]] constexpr bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}
[[nodiscard]] constexpr bool is_alpha(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// Bytes that end a number or a literal. simdjson rejects a number or literal followed by any
/// other byte; '"' and '/' are here so that `1"a"` reads as a missing comma and `1//` as a comment.
[[nodiscard]] constexpr bool ends_token(char c) noexcept {
    return is_space(c) || c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' ||
           c == '/' || static_cast<unsigned char>(c) < 0x20;
}

[[nodiscard]] constexpr std::size_t skip_space(std::string_view text, std::size_t pos) noexcept {
    while (pos < text.size() && is_space(text[pos])) ++pos;
    return pos;
}

/// End of the number or literal (or stray word) that starts at `pos`.
[[nodiscard]] constexpr std::size_t token_end(std::string_view text, std::size_t pos) noexcept {
    while (pos < text.size() && !ends_token(text[pos])) ++pos;
    return pos;
}

/// The value of the 4 hex digits at `pos`, or -1 when there are not 4 there.
[[nodiscard]] constexpr std::int32_t hex4(std::string_view text, std::size_t pos) noexcept {
    if (pos + 4 > text.size()) return -1;
    std::int32_t value = 0;
    for (std::size_t i = pos; i < pos + 4; ++i) {
        const char h = text[i];
        const int digit = is_digit(h)            ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
        if (digit < 0) return -1;
        value = value * 16 + digit;
    }
    return value;
}

[[nodiscard]] constexpr bool is_high_surrogate(std::int32_t unit) noexcept {
    return unit >= 0xD800 && unit <= 0xDBFF;
}
[[nodiscard]] constexpr bool is_low_surrogate(std::int32_t unit) noexcept {
    return unit >= 0xDC00 && unit <= 0xDFFF;
}

// ---- strings ----

enum class StringProblem {
    none,
    unterminated,       // at the opening quote: the text ends first
    line_break,         // at a raw '\n' or '\r'
    control_character,  // at a raw byte below 0x20
    invalid_utf8,       // at the first byte that is not well-formed UTF-8
    invalid_escape,     // at the '\\' of an escape that is not one of JSON's
    short_unicode,      // at the '\\' of a \u without 4 hex digits
    lone_low_surrogate,
    lone_high_surrogate,  // a \uD800-\uDBFF not followed by a \uDC00-\uDFFF
};

struct StringScan {
    StringProblem problem = StringProblem::none;
    std::size_t offset = 0;  // none: just past the closing quote; otherwise where the problem is
};

/// Reads the string whose opening quote is at `pos`.
[[nodiscard]] constexpr StringScan scan_string(std::string_view text, std::size_t pos) noexcept {
    const std::size_t start = pos++;
    while (true) {
        if (pos >= text.size()) return {StringProblem::unterminated, start};
        const auto c = static_cast<unsigned char>(text[pos]);
        if (c == '"') return {StringProblem::none, pos + 1};
        if (c == '\n' || c == '\r') return {StringProblem::line_break, pos};
        if (c < 0x20) return {StringProblem::control_character, pos};
        if (c >= 0x80) {
            const std::size_t n = utf8_length(text, pos);
            if (n == 0) return {StringProblem::invalid_utf8, pos};
            pos += n;
            continue;
        }
        if (c != '\\') {
            ++pos;
            continue;
        }
        if (pos + 1 >= text.size()) return {StringProblem::unterminated, start};
        const char e = text[pos + 1];
        if (e != 'u') {
            if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                return {StringProblem::invalid_escape, pos};
            }
            pos += 2;
            continue;
        }
        const std::int32_t unit = hex4(text, pos + 2);
        if (unit < 0) return {StringProblem::short_unicode, pos};
        if (is_low_surrogate(unit)) return {StringProblem::lone_low_surrogate, pos};
        if (is_high_surrogate(unit)) {
            const bool paired = text.substr(pos + 6, 2) == "\\u" && is_low_surrogate(hex4(text, pos + 8));
            if (!paired) return {StringProblem::lone_high_surrogate, pos};
            pos += 6;
        }
        pos += 6;
    }
}

/// End of the string that starts at `pos`: just past its closing quote, escapes skipped, its
/// content not checked (the positions of keys that are not UTF-8, or hold a lone surrogate,
/// are asked for too). text.size() when it is not closed.
[[nodiscard]] constexpr std::size_t string_end(std::string_view text, std::size_t pos) noexcept {
    for (++pos; pos < text.size(); ++pos) {
        if (text[pos] == '\\') {
            ++pos;
        } else if (text[pos] == '"') {
            return pos + 1;
        }
    }
    return text.size();
}

// ---- numbers ----

enum class NumberProblem {
    none,
    no_digit_after_minus,
    leading_zero,
    no_digit_after_point,
    no_exponent_digits,
    not_a_number,  // the token goes on after a number ("1a", "1.5.2")
    too_large,     // its double is infinite: the reference refuses it (1e400)
};

struct NumberScan {
    NumberProblem problem = NumberProblem::none;
    std::size_t end = 0;   // end of the token
    bool integer = false;  // no fraction, no exponent
    bool wide = false;     // an integer beyond the 64-bit integers: read as a double (F-3)
};

namespace detail {

/// Whether the digits of `a` and `b` (same length, no leading zeros) read a >= b.
[[nodiscard]] constexpr bool digits_at_least(std::string_view a, std::string_view b) noexcept {
    return a.size() != b.size() ? a.size() > b.size() : a >= b;
}

/// 2^1024 - 2^970, halfway between the largest double and 2^1024: a decimal that reaches it
/// rounds (to even) to infinity, below it to a finite double.
inline constexpr std::string_view kDoubleOverflow =
    "17976931348623158079372897140530341507993413271003782693617377898044496829276475094664901797758720709633028641669"
    "28879109465555478519404026306574886715058206819089020007083836762738548458177115317644757302700698555713669596228"
    "42914819860834936475292719074168444365510704342711559699508093042880177904174497792";
static_assert(kDoubleOverflow.size() == 309);

/// Whether the well-formed number `number` rounds to an infinite double.
[[nodiscard]] constexpr bool overflows_double(std::string_view number) noexcept {
    if (!number.empty() && number.front() == '-') number.remove_prefix(1);
    std::int64_t exponent = 0;
    if (const std::size_t e = number.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view digits = number.substr(e + 1);
        const bool negative = digits.front() == '-';
        if (digits.front() == '-' || digits.front() == '+') digits.remove_prefix(1);
        for (const char c : digits) {
            exponent = exponent * 10 + (c - '0');
            if (exponent > 1'000'000'000) exponent = 1'000'000'000;
        }
        if (negative) exponent = -exponent;
        number = number.substr(0, e);
    }
    const std::size_t point = number.find('.');
    const std::string_view integer = number.substr(0, point);
    const std::string_view fraction = point == std::string_view::npos ? std::string_view{} : number.substr(point + 1);
    // The significant digits, and the power of ten of the first of them.
    std::int64_t lead = 0;
    std::size_t skip = 0;  // leading zeros of the fraction when the integer part is 0
    if (integer != "0") {
        lead = static_cast<std::int64_t>(integer.size()) - 1;
    } else {
        skip = fraction.find_first_not_of('0');
        if (skip == std::string_view::npos) return false;  // zero
        lead = -static_cast<std::int64_t>(skip) - 1;
    }
    if (lead + exponent != static_cast<std::int64_t>(kDoubleOverflow.size()) - 1) {
        return lead + exponent > static_cast<std::int64_t>(kDoubleOverflow.size()) - 1;
    }
    // Same power of ten: compare digit by digit, missing digits being zeros.
    std::size_t i = 0;
    const std::size_t count = integer == "0" ? fraction.size() - skip : integer.size() + fraction.size();
    const auto digit = [&](std::size_t k) {
        if (integer == "0") return fraction[skip + k];
        return k < integer.size() ? integer[k] : fraction[k - integer.size()];
    };
    for (; i < kDoubleOverflow.size(); ++i) {
        const char d = i < count ? digit(i) : '0';
        if (d != kDoubleOverflow[i]) return d > kDoubleOverflow[i];
    }
    return true;  // the digits reach the halfway point (any further digit only adds)
}

}  // namespace detail

/// Reads the number that starts at `pos` ('-' or a digit). The token is all bytes up to one
/// that ends a token, so "1a" is one bad number, not a number and a word.
[[nodiscard]] constexpr NumberScan scan_number(std::string_view text, std::size_t pos) noexcept {
    const std::size_t end = token_end(text, pos);
    const std::string_view number = text.substr(pos, end - pos);
    const auto digit_at = [&](std::size_t i) { return i < number.size() && is_digit(number[i]); };
    const auto skip_digits = [&](std::size_t &i) {
        const std::size_t first = i;
        while (digit_at(i)) ++i;
        return i > first;
    };
    NumberScan scan{NumberProblem::none, end, true, false};
    std::size_t i = number.front() == '-' ? 1 : 0;
    if (!digit_at(i)) return {NumberProblem::no_digit_after_minus, end};
    if (number[i] == '0' && digit_at(i + 1)) return {NumberProblem::leading_zero, end};
    const std::size_t first_digit = i;
    skip_digits(i);
    const std::size_t integer_end = i;
    if (i < number.size() && number[i] == '.') {
        scan.integer = false;
        ++i;
        if (!skip_digits(i)) return {NumberProblem::no_digit_after_point, end};
    }
    if (i < number.size() && (number[i] == 'e' || number[i] == 'E')) {
        scan.integer = false;
        ++i;
        if (i < number.size() && (number[i] == '+' || number[i] == '-')) ++i;
        if (!skip_digits(i)) return {NumberProblem::no_exponent_digits, end};
    }
    if (i != number.size()) return {NumberProblem::not_a_number, end};
    if (scan.integer) {
        const std::string_view digits = number.substr(first_digit, integer_end - first_digit);
        scan.wide = number.front() == '-' ? detail::digits_at_least(digits, "9223372036854775809")
                                          : detail::digits_at_least(digits, "18446744073709551616");
    }
    // The reference's parser reads a wide integer as a double and refuses a number whose
    // double is infinite, as 1e400 or an integer of 400 digits.
    if ((!scan.integer || scan.wide) && detail::overflows_double(number)) scan.problem = NumberProblem::too_large;
    return scan;
}

// ---- literals ----

/// Whether the token at `pos` is true, false or null.
[[nodiscard]] constexpr bool is_literal(std::string_view text, std::size_t pos) noexcept {
    const std::string_view word = text.substr(pos, token_end(text, pos) - pos);
    return word == "true" || word == "false" || word == "null";
}

// ---- the structure ----

/// What the scanner expects next: the states of one JSON text.
enum class Expect {
    root_value,
    value_after_colon,
    first_element,  // after '['
    element_after_comma,
    first_member,  // after '{'
    member_after_comma,
    colon,
    after_member,
    after_element,
    end,
};

enum class SyntaxError {
    none,
    expected,      // the byte at `offset` cannot come in state `expect`
    string,        // `string` says what
    number,        // `number` says what
    literal,       // a word that is not true, false or null
    object_depth,  // the '{' at `offset` opens object number `depth`
    array_depth,   // the '[' at `offset` opens array number `depth`
};

/// Counts of nested objects and arrays: the containers around a text, or the limits.
struct Nesting {
    std::size_t objects = 0;
    std::size_t arrays = 0;
};

/// The limits of acl.json (F-4).
inline constexpr Nesting kConfigNesting{kMaxObjectDepth, kMaxArrayDepth};
/// The most a scan may be asked to allow of each kind: simdjson's stack, as the core allocates it.
inline constexpr std::size_t kMaxScanDepth = 64;

struct SyntaxResult {
    SyntaxError error = SyntaxError::none;
    Expect expect = Expect::root_value;
    std::size_t offset = 0;
    StringProblem string = StringProblem::none;
    NumberProblem number = NumberProblem::none;
    std::size_t depth = 0;
    std::size_t last_comma = 0;  // where the last ',' was (a trailing comma's hint)
    std::size_t root_end = 0;    // the last byte of the top-level value, once read

    [[nodiscard]] constexpr bool ok() const noexcept { return error == SyntaxError::none; }
};

/// What a scan reports as it goes; a scanner that needs no events passes this one.
struct NoSyntaxEvents {
    constexpr void open(bool /*object*/, std::size_t /*offset*/) noexcept {}
    constexpr void close() noexcept {}
    constexpr void key(std::string_view /*raw*/) noexcept {}  // between the quotes, as written
    constexpr void next_element() noexcept {}                 // a ',' in an array
    constexpr void number(std::string_view /*text*/, const NumberScan & /*scan*/) noexcept {}
};

/// Scans `text` for its first problem in byte order: RFC 8259 as strict as simdjson (UTF-8,
/// paired surrogates, every number a finite double, but integers beyond 64 bits allowed) and at
/// most kMaxObjectDepth objects and kMaxArrayDepth arrays nested, counting `outer` that enclose
/// the text (or `limits`' counts, each at most kMaxScanDepth). Iterative, with the open
/// containers in a fixed array: the limits bound it.
template <class Events = NoSyntaxEvents>
[[nodiscard]] constexpr SyntaxResult scan_syntax(std::string_view text, Events &&events = NoSyntaxEvents{},
                                                 Nesting outer = {}, Nesting limits = kConfigNesting) {
    bool objects[2 * kMaxScanDepth] = {};  // the open containers: true for an object
    std::size_t open = 0;
    Nesting depth = outer;
    SyntaxResult result;
    std::size_t pos = 0;
    Expect state = Expect::root_value;
    const auto fail = [&](SyntaxError error) {
        result.error = error;
        result.expect = state;
        result.offset = pos;
        return result;
    };
    // The string at `pos`: moves past it, or records its problem (at the problem's offset).
    const auto string = [&] {
        const StringScan scan = scan_string(text, pos);
        pos = scan.offset;
        if (scan.problem == StringProblem::none) return true;
        fail(SyntaxError::string);
        result.string = scan.problem;
        return false;
    };
    const auto after_value = [&] {
        if (open == 0) {
            result.root_end = pos - 1;
            return Expect::end;
        }
        return objects[open - 1] ? Expect::after_member : Expect::after_element;
    };
    const auto close = [&] {
        --(objects[open - 1] ? depth.objects : depth.arrays);
        --open;
        events.close();
        ++pos;
        return after_value();
    };
    while (true) {
        pos = skip_space(text, pos);
        const bool at_end = pos >= text.size();
        const char c = at_end ? '\0' : text[pos];
        switch (state) {
            case Expect::root_value:
            case Expect::value_after_colon:
            case Expect::first_element:
            case Expect::element_after_comma:
                if (at_end) return fail(SyntaxError::expected);
                if (c == ']' && state == Expect::first_element) {
                    state = close();
                } else if (c == '{' || c == '[') {
                    const bool object = c == '{';
                    std::size_t &count = object ? depth.objects : depth.arrays;
                    if (++count > (object ? limits.objects : limits.arrays) || open == std::size(objects)) {
                        result.depth = count;
                        return fail(object ? SyntaxError::object_depth : SyntaxError::array_depth);
                    }
                    objects[open++] = object;
                    events.open(object, pos);
                    ++pos;
                    state = object ? Expect::first_member : Expect::first_element;
                } else if (c == '"') {
                    if (!string()) return result;
                    state = after_value();
                } else if (c == '-' || is_digit(c)) {
                    const NumberScan scan = scan_number(text, pos);
                    if (scan.problem != NumberProblem::none) {
                        result.number = scan.problem;
                        return fail(SyntaxError::number);
                    }
                    events.number(text.substr(pos, scan.end - pos), scan);
                    pos = scan.end;
                    state = after_value();
                } else if (is_alpha(c)) {
                    if (!is_literal(text, pos)) return fail(SyntaxError::literal);
                    pos = token_end(text, pos);
                    state = after_value();
                } else {
                    return fail(SyntaxError::expected);
                }
                break;
            case Expect::first_member:
            case Expect::member_after_comma:
                if (c == '}' && state == Expect::first_member) {
                    state = close();
                } else if (c == '"') {
                    const std::size_t begin = pos + 1;
                    if (!string()) return result;
                    events.key(text.substr(begin, pos - 1 - begin));
                    state = Expect::colon;
                } else {
                    return fail(SyntaxError::expected);
                }
                break;
            case Expect::colon:
                if (c != ':') return fail(SyntaxError::expected);
                ++pos;
                state = Expect::value_after_colon;
                break;
            case Expect::after_member:
            case Expect::after_element: {
                const bool object = state == Expect::after_member;
                if (c == ',') {
                    result.last_comma = pos++;
                    if (!object) events.next_element();
                    state = object ? Expect::member_after_comma : Expect::element_after_comma;
                } else if (c == (object ? '}' : ']')) {
                    state = close();
                } else {
                    return fail(SyntaxError::expected);
                }
                break;
            }
            case Expect::end:
                if (at_end) return result;
                return fail(SyntaxError::expected);
        }
    }
}

/// Whether `text` is one JSON value as aclInit reads it, nested inside `outer` containers.
[[nodiscard]] constexpr bool well_formed(std::string_view text, Nesting outer = {}, Nesting limits = kConfigNesting) {
    return scan_syntax(text, NoSyntaxEvents{}, outer, limits).ok();
}

/// End of the JSON value that starts at `pos` (after any white space) in text already known to
/// be JSON: a scalar's token, a string, or a container through its closing bracket.
[[nodiscard]] constexpr std::size_t value_end(std::string_view text, std::size_t pos) noexcept {
    pos = skip_space(text, pos);
    if (pos >= text.size()) return pos;
    if (text[pos] == '"') return string_end(text, pos);
    if (text[pos] != '{' && text[pos] != '[') return token_end(text, pos);
    std::size_t depth = 0;
    while (pos < text.size()) {
        const char c = text[pos];
        if (c == '"') {
            pos = string_end(text, pos);
            continue;
        }
        ++pos;
        if (c == '{' || c == '[') ++depth;
        if ((c == '}' || c == ']') && --depth == 0) break;
    }
    return pos;
}

}  // namespace aclpp::json
