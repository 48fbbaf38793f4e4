// The failure path of JsonDocument::parse: one iterative pass that finds the first problem of
// a text simdjson rejected (or whose nesting our walk rejected), with what was expected there.
#include "json/syntax.hpp"

#include <aclpp/json/lexer.hpp>
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "json/document.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

constexpr std::size_t kMaxShownToken = 40;

using aclpp::json::is_alpha;
using aclpp::json::is_digit;

std::string hexByte(unsigned char c) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string out = "0x";
    out += kDigits[c >> 4];
    out += kDigits[c & 0xF];
    return out;
}

bool inRange(unsigned char c, unsigned char low, unsigned char high) noexcept {
    return c >= low && c <= high;
}

// What is wrong with the (invalid) UTF-8 sequence at `pos`.
std::string utf8Problem(std::string_view text, std::size_t pos) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(pos);
    std::string out = "the text is not valid UTF-8: ";
    if (lead < 0xC2 || lead > 0xF4) return out + "the byte " + hexByte(lead) + " cannot start a character";
    const std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    for (std::size_t i = 1; i < length; ++i) {
        if (pos + i >= text.size()) {
            return out + "the file ends inside the " + std::to_string(length) + "-byte character that " +
                   hexByte(lead) + " starts";
        }
        if (!inRange(byte(pos + i), 0x80, 0xBF)) {
            return out + "the byte " + hexByte(lead) + " starts a " + std::to_string(length) +
                   "-byte character, but byte " + std::to_string(i + 1) + " is " + hexByte(byte(pos + i));
        }
    }
    return out + "the bytes starting with " + hexByte(lead) + " " + hexByte(byte(pos + 1)) +
           " encode an overlong form, a UTF-16 surrogate or a code point above U+10FFFF";
}

std::string codePointName(uint32_t code) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string hex;
    for (int shift = code > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) hex += kDigits[(code >> shift) & 0xF];
    return "U+" + hex;
}

void appendUtf8(std::string &out, uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// 'text' as it stands. Appended, not "'" + std::string(text): GCC 12 at -O3 reports a false
// -Wrestrict in operator+(const char *, std::string &&) once that is inlined.
std::string inQuotes(std::string_view text) {
    std::string out(1, '\'');
    out += text;
    out += '\'';
    return out;
}

std::string quoted(std::string_view text) {
    return inQuotes(shownText(text, kMaxShownToken));
}

using aclpp::json::Expect;
using aclpp::json::NumberProblem;
using aclpp::json::StringProblem;
using aclpp::json::SyntaxError;
using aclpp::json::SyntaxResult;

// What the lexer's scan reports as it goes, kept for the messages: the open containers (their
// pointer and where they opened), and the numbers as written.
struct Trail {
    struct Frame {
        bool object = false;
        std::size_t open = 0;     // offset of the '{' or '['
        std::size_t index = 0;    // arrays: the current element
        std::string_view rawKey;  // objects: the current member's name as written
    };

    void open(bool object, std::size_t offset) { frames.push_back(Frame{object, offset, 0, {}}); }
    void close() noexcept { frames.pop_back(); }
    void key(std::string_view raw) noexcept { frames.back().rawKey = raw; }
    void next_element() noexcept { ++frames.back().index; }
    void number(std::string_view text, const aclpp::json::NumberScan &scan) {
        numbers.push_back(text);
        if (scan.wide) wideIntegerEnds.push_back(scan.end);
    }

    [[nodiscard]] std::string pointer() const {
        std::string out;
        for (const Frame &frame : frames) {
            if (frame.object) {
                appendPointerToken(out, decodeJsonString(frame.rawKey));
            } else {
                out += '/';
                out += std::to_string(frame.index);
            }
        }
        return out;
    }

    std::vector<Frame> frames;  // at most the nesting limits' 20
    std::vector<std::size_t> wideIntegerEnds;
    std::vector<std::string_view> numbers;
};

// The lexer's verdict in words: what was expected, what was found, and how to fix it.
class Describer {
public:
    Describer(std::string_view text, const SyntaxResult &result, const Trail &trail)
        : text_(text), result_(result), trail_(trail), pos_(result.offset) {}

    SyntaxProblem describe() const {
        switch (result_.error) {
            case SyntaxError::object_depth:
            case SyntaxError::array_depth: {
                const bool object = result_.error == SyntaxError::object_depth;
                return SyntaxProblem{
                    SyntaxProblem::Kind::depth, pos_, depthMessage(result_.depth, object), {}, trail_.pointer()};
            }
            case SyntaxError::string:
                return string();
            case SyntaxError::number:
                return number();
            case SyntaxError::literal:
                return literal();
            default:
                return expected();
        }
    }

private:
    [[nodiscard]] bool atEnd() const noexcept { return pos_ >= text_.size(); }

    SyntaxProblem problem(std::size_t offset, std::string message, std::string hint = {}) const {
        return SyntaxProblem{SyntaxProblem::Kind::syntax, offset, std::move(message), std::move(hint), {}};
    }

    [[nodiscard]] std::string at(std::size_t offset) const {
        const TextPosition position = positionOf(text_, offset);
        return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
    }

    [[nodiscard]] std::string openedAt(const Trail::Frame &frame) const {
        return std::string(frame.object ? "the object" : "the array") + " opened at " + at(frame.open);
    }

    [[nodiscard]] std::string_view token(std::size_t pos) const {
        return text_.substr(pos, aclpp::json::token_end(text_, pos) - pos);
    }

    // The token at `pos` as a message names it.
    [[nodiscard]] std::string found(std::size_t pos) const {
        if (pos >= text_.size()) return "the end of the file";
        const auto c = static_cast<unsigned char>(text_[pos]);
        if (c == '\'') return "a single quote (')";
        if (is_alpha(static_cast<char>(c)) || is_digit(static_cast<char>(c))) return quoted(token(pos));
        if (c < 0x20 || c == 0x7F) return "the control character " + hexByte(c);
        if (c < 0x80) return std::string("'") + static_cast<char>(c) + "'";
        const std::size_t n = aclpp::json::utf8_length(text_, pos);
        return inQuotes(text_.substr(pos, n)) + " (" + codePointName(decodeUtf8(text_.substr(pos, n))) + ")";
    }

    // "expected <what>, found <token>", with a hint for the usual mistakes.
    [[nodiscard]] SyntaxProblem expected() const {
        if (!atEnd() && static_cast<unsigned char>(text_[pos_]) >= 0x80 && aclpp::json::utf8_length(text_, pos_) == 0) {
            return problem(pos_, utf8Problem(text_, pos_), "save the file as UTF-8");
        }
        if (result_.expect == Expect::root_value && atEnd()) {
            return problem(pos_, "no JSON value: the file holds only white space",
                           "an empty config is {} (or an empty file)");
        }
        return problem(pos_, "expected " + std::string(expectedWhat()) + ", found " + found(pos_), hint());
    }

    [[nodiscard]] std::string_view expectedWhat() const noexcept {
        switch (result_.expect) {
            case Expect::value_after_colon:
                return "a value after ':'";
            case Expect::first_element:
                return "a value or ']' after '['";
            case Expect::element_after_comma:
                return "a value after ','";
            case Expect::first_member:
                return "a member name in quotes or '}' after '{'";
            case Expect::member_after_comma:
                return "a member name in quotes after ','";
            case Expect::colon:
                return "':' after the member name";
            case Expect::after_member:
                return "',' or '}' after an object member";
            case Expect::after_element:
                return "',' or ']' after an array element";
            case Expect::end:
                return "the end of the file after the top-level value";
            default:
                return "a JSON value";
        }
    }

    [[nodiscard]] std::string hint() const {
        const std::vector<Trail::Frame> &frames = trail_.frames;
        if (atEnd()) return frames.empty() ? std::string() : openedAt(frames.back()) + " is not closed";
        const char c = text_[pos_];
        const std::string_view rest = text_.substr(pos_);
        if (c == '/' || c == '#') return "JSON has no comments";  // '#': shell and YAML habits (issue 27)
        if (c == '\'') return "JSON strings and member names use double quotes";
        if (rest.starts_with("\u201C") || rest.starts_with("\u201D") || rest.starts_with("\u2018") ||
            rest.starts_with("\u2019")) {
            return "a typographic quote: JSON uses the ASCII double quote '\"'";
        }
        const bool startsValue = c == '"' || c == '{' || c == '[' || c == '-' || is_digit(c) || is_alpha(c);
        switch (result_.expect) {
            case Expect::member_after_comma:
            case Expect::element_after_comma:
                if (c == '}' || c == ']') {
                    return "JSON allows no trailing comma: remove the ',' at " + at(result_.last_comma);
                }
                if (result_.expect == Expect::member_after_comma && (is_alpha(c) || is_digit(c))) {
                    return "member names are strings in double quotes";
                }
                if (is_alpha(c)) return "strings are written in double quotes";
                return {};
            case Expect::first_member:
                if (is_alpha(c) || is_digit(c)) return "member names are strings in double quotes";
                return {};
            case Expect::after_member:
            case Expect::after_element:
                if (startsValue) return "a ',' is missing before it";
                if (c == '}' || c == ']') return openedAt(frames.back()) + " is still open";
                return {};
            case Expect::colon:
                if (startsValue) return "a ':' is missing before it";
                return {};
            case Expect::end:
                return "the top-level value ends at " + at(result_.root_end) + "; a file holds one value";
            default:
                if (is_alpha(c)) return "strings are written in double quotes";
                return {};
        }
    }

    [[nodiscard]] SyntaxProblem string() const {
        const std::size_t at = pos_;
        switch (result_.string) {
            case StringProblem::line_break:
                return problem(at, "a string is not closed before the end of the line",
                               "close it with '\"'; a line break inside a string is written \\n");
            case StringProblem::control_character:
                return problem(
                    at,
                    "a string holds the unescaped control character " + hexByte(static_cast<unsigned char>(text_[at])),
                    "write it as an escape: \\t for a tab, \\u00XX for the others");
            case StringProblem::invalid_utf8:
                return problem(at, utf8Problem(text_, at), "save the file as UTF-8");
            case StringProblem::invalid_escape:
                return problem(
                    at, "invalid escape " + quoted(text_.substr(at, 2)) + " in a string",
                    "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; a backslash is written \\\\");
            case StringProblem::short_unicode:
                return problem(at, "invalid escape " + quoted(token(at).substr(0, 6)) +
                                       " in a string: \\u takes exactly 4 hex digits");
            case StringProblem::lone_low_surrogate:
                return problem(at, "the escape " + inQuotes(text_.substr(at, 6)) + " is a lone low surrogate",
                               "a low surrogate \\uDC00-\\uDFFF only follows a high surrogate \\uD800-\\uDBFF");
            case StringProblem::lone_high_surrogate:
                return problem(at,
                               "the escape " + inQuotes(text_.substr(at, 6)) +
                                   " is a high surrogate without a low surrogate after it",
                               "a character above U+FFFF is written as a pair such as \\uD83D\\uDE00, or as UTF-8");
            default:
                return problem(at, "this string is not terminated: the file ends before its closing '\"'");
        }
    }

    [[nodiscard]] SyntaxProblem number() const {
        const std::string_view written = token(pos_);
        std::string_view why;
        std::string hint = "JSON numbers are decimal, such as 12, -3.5 or 1e-3";
        switch (result_.number) {
            case NumberProblem::no_digit_after_minus:
                why = "a digit must follow '-'";
                break;
            case NumberProblem::leading_zero:
                why = "a number cannot start with 0";
                hint = "write it without the leading zeros, or as a string if they matter";
                break;
            case NumberProblem::no_digit_after_point:
                why = "a digit must follow the decimal point";
                break;
            case NumberProblem::no_exponent_digits:
                why = "the exponent has no digits";
                break;
            case NumberProblem::too_large:
                return problem(pos_, "number out of range: " + quoted(written) + " is too large for a double");
            default:
                why = "this is not a JSON number";
                break;
        }
        return problem(pos_, "invalid number " + quoted(written) + ": " + std::string(why), hint);
    }

    [[nodiscard]] SyntaxProblem literal() const {
        const std::string_view word = token(pos_);
        static constexpr std::string_view kLiterals[] = {"true", "false", "null"};
        for (std::string_view literal : kLiterals) {
            const bool sameLetters = word.size() == literal.size() &&
                                     std::equal(word.begin(), word.end(), literal.begin(), [](char a, char b) {
                                         return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
                                     });
            if (sameLetters) {
                return problem(pos_, "invalid literal " + quoted(word) + ": JSON literals are lower case",
                               "write " + std::string(literal));
            }
            if (word.size() > 1 && (literal.starts_with(word) || word.starts_with(literal))) {
                return problem(pos_, "invalid literal " + quoted(word) + ": expected " + std::string(literal));
            }
        }
        return expected();
    }

    std::string_view text_;
    const SyntaxResult &result_;
    const Trail &trail_;
    std::size_t pos_;
};

}  // namespace

std::string decodeJsonString(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out += raw[i];
            continue;
        }
        const char e = raw[++i];
        switch (e) {
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                const std::int32_t unit = aclpp::json::hex4(raw, i + 1);
                if (unit < 0) break;
                i += 4;
                auto code = static_cast<uint32_t>(unit);
                const std::int32_t low = raw.substr(i + 1, 2) == "\\u" ? aclpp::json::hex4(raw, i + 3) : -1;
                if (aclpp::json::is_high_surrogate(unit) && aclpp::json::is_low_surrogate(low)) {
                    code = 0x10000 + ((code - 0xD800) << 10) + static_cast<uint32_t>(low - 0xDC00);
                    i += 6;
                }
                appendUtf8(out, code);
                break;
            }
            default:
                out += e;
                break;
        }
    }
    return out;
}

std::string depthMessage(std::size_t depth, bool isObject) {
    return "nesting too deep: " + std::to_string(depth) + (isObject ? " nested objects" : " nested arrays") +
           "; at most " + std::to_string(kMaxObjectDepth) + " nested objects and " + std::to_string(kMaxArrayDepth) +
           " nested arrays are allowed";
}

SyntaxScan scanSyntax(std::string_view text) {
    Trail trail;
    const SyntaxResult result = aclpp::json::scan_syntax(text, trail);
    SyntaxScan scan;
    if (!result.ok()) {
        scan.problem = Describer(text, result, trail).describe();
    } else {
        scan.wideIntegerEnds = std::move(trail.wideIntegerEnds);
        scan.numbers = std::move(trail.numbers);
    }
    return scan;
}

std::optional<SyntaxProblem> findSyntaxProblem(std::string_view text) {
    return scanSyntax(text).problem;
}

}  // namespace aclpp::core
