// The failure path of JsonDocument::parse: one iterative pass that finds the first problem of
// a text simdjson rejected (or whose nesting our walk rejected), with what was expected there.
#include "json/syntax.hpp"

#include <aclpp/json/text.hpp>
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>
#include <vector>

#include "json/document.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

constexpr std::size_t kMaxShownToken = 40;

bool isSpace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool isDigit(char c) noexcept {
    return c >= '0' && c <= '9';
}
bool isAlpha(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Bytes that end a number or a literal. simdjson rejects a number or literal followed by any
// other byte; '"' and '/' are here so that `1"a"` reads as a missing comma and `1//` as a comment.
bool endsToken(char c) noexcept {
    return isSpace(c) || c == ',' || c == ':' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' || c == '/' ||
           static_cast<unsigned char>(c) < 0x20;
}

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

bool hex4(std::string_view text, std::size_t pos, uint32_t &value) noexcept {
    if (pos + 4 > text.size()) return false;
    const char *begin = text.data() + pos;
    const auto [end, ec] = std::from_chars(begin, begin + 4, value, 16);
    return ec == std::errc{} && end == begin + 4;
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

// Whether a number that from_chars finds out of range is too large (simdjson rejects it) rather
// than too small (simdjson reads it as 0 or a subnormal): the decimal exponent of its first
// significant digit decides.
bool overflows(std::string_view number) {
    if (!number.empty() && number.front() == '-') number.remove_prefix(1);
    long long exponent = 0;
    if (const std::size_t e = number.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view digits = number.substr(e + 1);
        const bool negative = !digits.empty() && digits.front() == '-';
        if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
        for (char c : digits) exponent = std::min<long long>(exponent * 10 + (c - '0'), 1'000'000'000);
        if (negative) exponent = -exponent;
        number = number.substr(0, e);
    }
    const std::size_t point = number.find('.');
    const std::string_view integer = number.substr(0, point);
    const std::string_view fraction = point == std::string_view::npos ? std::string_view{} : number.substr(point + 1);
    long long lead = 0;
    if (integer != "0") {
        lead = static_cast<long long>(integer.size()) - 1;
    } else {
        const std::size_t first = fraction.find_first_not_of('0');
        if (first == std::string_view::npos) return false;  // zero
        lead = -static_cast<long long>(first) - 1;
    }
    return lead + exponent > 0;
}

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    std::optional<SyntaxProblem> run() {
        State state = State::rootValue;
        for (;;) {
            skipSpace();
            switch (state) {
                case State::rootValue:
                case State::valueAfterColon:
                case State::firstElement:
                case State::elementAfterComma: {
                    if (atEnd()) return expectedValue(state);
                    const char c = text_[pos_];
                    if (c == ']' && state == State::firstElement) {
                        state = close();
                    } else if (c == '{' || c == '[') {
                        if (!open(c == '{')) return problem_;
                        state = c == '{' ? State::firstMember : State::firstElement;
                    } else if (c == '"') {
                        if (!scanString()) return problem_;
                        state = afterValue();
                    } else if (c == '-' || isDigit(c)) {
                        if (!scanNumber()) return problem_;
                        state = afterValue();
                    } else if (isAlpha(c)) {
                        if (!scanLiteral(state)) return problem_;
                        state = afterValue();
                    } else {
                        return expectedValue(state);
                    }
                    break;
                }
                case State::firstMember:
                case State::memberAfterComma: {
                    const char c = atEnd() ? '\0' : text_[pos_];
                    if (c == '}' && state == State::firstMember) {
                        state = close();
                    } else if (c == '"') {
                        const std::size_t begin = pos_ + 1;
                        if (!scanString()) return problem_;
                        stack_.back().rawKey = text_.substr(begin, pos_ - 1 - begin);
                        state = State::colon;
                    } else {
                        return expected(state == State::firstMember ? "a member name in quotes or '}' after '{'"
                                                                    : "a member name in quotes after ','",
                                        state);
                    }
                    break;
                }
                case State::colon:
                    if (atEnd() || text_[pos_] != ':') return expected("':' after the member name", state);
                    ++pos_;
                    state = State::valueAfterColon;
                    break;
                case State::afterMember:
                case State::afterElement: {
                    const bool object = state == State::afterMember;
                    const char c = atEnd() ? '\0' : text_[pos_];
                    if (c == ',') {
                        lastComma_ = pos_++;
                        if (object) {
                            state = State::memberAfterComma;
                        } else {
                            ++stack_.back().index;
                            state = State::elementAfterComma;
                        }
                    } else if (c == (object ? '}' : ']')) {
                        state = close();
                    } else {
                        return expected(
                            object ? "',' or '}' after an object member" : "',' or ']' after an array element", state);
                    }
                    break;
                }
                case State::end:
                    if (atEnd()) return std::nullopt;
                    return expected("the end of the file after the top-level value", state);
            }
        }
    }

    [[nodiscard]] std::vector<std::size_t> takeWideIntegerEnds() noexcept { return std::move(wideIntegerEnds_); }
    [[nodiscard]] std::vector<std::string_view> takeNumbers() noexcept { return std::move(numbers_); }

private:
    enum class State {
        rootValue,
        valueAfterColon,
        firstElement,       // after '['
        elementAfterComma,  //
        firstMember,        // after '{'
        memberAfterComma,
        colon,
        afterMember,
        afterElement,
        end,
    };

    struct Frame {
        bool object = false;
        std::size_t open = 0;     // offset of the '{' or '['
        std::size_t index = 0;    // arrays: the current element
        std::string_view rawKey;  // objects: the current member's name as written
    };

    [[nodiscard]] bool atEnd() const noexcept { return pos_ >= text_.size(); }

    void skipSpace() noexcept {
        while (!atEnd() && isSpace(text_[pos_])) ++pos_;
    }

    State afterValue() {
        if (stack_.empty()) {
            rootEnd_ = pos_ - 1;
            return State::end;
        }
        return stack_.back().object ? State::afterMember : State::afterElement;
    }

    // The depth check runs as each container opens, so the stack never holds more than the
    // limits allow (at most 20 frames), whatever the input.
    bool open(bool object) {
        std::size_t &depth = object ? objects_ : arrays_;
        if (++depth > (object ? kMaxObjectDepth : kMaxArrayDepth)) {
            problem_ = SyntaxProblem{SyntaxProblem::Kind::depth, pos_, depthMessage(depth, object), {}, pointer()};
            return false;
        }
        stack_.push_back(Frame{object, pos_, 0, {}});
        ++pos_;
        return true;
    }

    State close() {
        --(stack_.back().object ? objects_ : arrays_);
        stack_.pop_back();
        ++pos_;
        return afterValue();
    }

    [[nodiscard]] std::string pointer() const {
        std::string out;
        for (const Frame &frame : stack_) {
            if (frame.object) {
                appendPointerToken(out, decodeJsonString(frame.rawKey));
            } else {
                out += '/';
                out += std::to_string(frame.index);
            }
        }
        return out;
    }

    [[nodiscard]] std::string at(std::size_t offset) const {
        const TextPosition position = positionOf(text_, offset);
        return "line " + std::to_string(position.line) + ", column " + std::to_string(position.column);
    }

    [[nodiscard]] std::string openedAt(const Frame &frame) const {
        return std::string(frame.object ? "the object" : "the array") + " opened at " + at(frame.open);
    }

    // The token at `pos` as a message names it.
    [[nodiscard]] std::string found(std::size_t pos) const {
        if (pos >= text_.size()) return "the end of the file";
        const auto c = static_cast<unsigned char>(text_[pos]);
        if (c == '\'') return "a single quote (')";
        if (isAlpha(static_cast<char>(c)) || isDigit(static_cast<char>(c))) return quoted(token(pos));
        if (c < 0x20 || c == 0x7F) return "the control character " + hexByte(c);
        if (c < 0x80) return std::string("'") + static_cast<char>(c) + "'";
        const std::size_t n = aclpp::json::utf8_length(text_, pos);
        return inQuotes(text_.substr(pos, n)) + " (" + codePointName(decodeUtf8(text_.substr(pos, n))) + ")";
    }

    [[nodiscard]] std::string_view token(std::size_t pos) const {
        std::size_t end = pos;
        while (end < text_.size() && !endsToken(text_[end])) ++end;
        return text_.substr(pos, end - pos);
    }

    bool fail(std::size_t offset, std::string message, std::string hint = {}) {
        problem_ = SyntaxProblem{SyntaxProblem::Kind::syntax, offset, std::move(message), std::move(hint), {}};
        return false;
    }

    // "expected <what>, found <token>", with a hint for the usual mistakes.
    std::optional<SyntaxProblem> expected(std::string_view what, State state) {
        if (!atEnd() && static_cast<unsigned char>(text_[pos_]) >= 0x80 && aclpp::json::utf8_length(text_, pos_) == 0) {
            fail(pos_, utf8Problem(text_, pos_), "save the file as UTF-8");
            return problem_;
        }
        fail(pos_, "expected " + std::string(what) + ", found " + found(pos_), hintFor(state));
        return problem_;
    }

    std::optional<SyntaxProblem> expectedValue(State state) {
        if (state == State::rootValue && atEnd()) {
            fail(pos_, "no JSON value: the file holds only white space", "an empty config is {} (or an empty file)");
            return problem_;
        }
        switch (state) {
            case State::valueAfterColon:
                return expected("a value after ':'", state);
            case State::firstElement:
                return expected("a value or ']' after '['", state);
            case State::elementAfterComma:
                return expected("a value after ','", state);
            default:
                return expected("a JSON value", state);
        }
    }

    [[nodiscard]] std::string hintFor(State state) const {
        if (atEnd()) return stack_.empty() ? std::string() : openedAt(stack_.back()) + " is not closed";
        const char c = text_[pos_];
        const std::string_view rest = text_.substr(pos_);
        if (c == '/' || c == '#') return "JSON has no comments";  // '#': shell and YAML habits (issue 27)
        if (c == '\'') return "JSON strings and member names use double quotes";
        if (rest.starts_with("\u201C") || rest.starts_with("\u201D") || rest.starts_with("\u2018") ||
            rest.starts_with("\u2019")) {
            return "a typographic quote: JSON uses the ASCII double quote '\"'";
        }
        const bool startsValue = c == '"' || c == '{' || c == '[' || c == '-' || isDigit(c) || isAlpha(c);
        switch (state) {
            case State::memberAfterComma:
            case State::elementAfterComma:
                if (c == '}' || c == ']') return "JSON allows no trailing comma: remove the ',' at " + at(lastComma_);
                if (state == State::memberAfterComma && (isAlpha(c) || isDigit(c))) {
                    return "member names are strings in double quotes";
                }
                if (isAlpha(c)) return "strings are written in double quotes";
                return {};
            case State::firstMember:
                if (isAlpha(c) || isDigit(c)) return "member names are strings in double quotes";
                return {};
            case State::afterMember:
            case State::afterElement:
                if (startsValue) return "a ',' is missing before it";
                if (c == '}' || c == ']') return openedAt(stack_.back()) + " is still open";
                return {};
            case State::colon:
                if (startsValue) return "a ':' is missing before it";
                return {};
            case State::end:
                return "the top-level value ends at " + at(rootEnd_) + "; a file holds one value";
            default:
                if (isAlpha(c)) return "strings are written in double quotes";
                return {};
        }
    }

    bool scanString() {
        const std::size_t start = pos_++;
        for (;;) {
            if (atEnd()) return fail(start, "this string is not terminated: the file ends before its closing '\"'");
            const auto c = static_cast<unsigned char>(text_[pos_]);
            if (c == '"') {
                ++pos_;
                return true;
            }
            if (c == '\\') {
                if (!scanEscape(start)) return false;
                continue;
            }
            if (c == '\n' || c == '\r') {
                return fail(pos_, "a string is not closed before the end of the line",
                            "close it with '\"'; a line break inside a string is written \\n");
            }
            if (c < 0x20) {
                return fail(pos_, "a string holds the unescaped control character " + hexByte(c),
                            "write it as an escape: \\t for a tab, \\u00XX for the others");
            }
            if (c >= 0x80) {
                const std::size_t n = aclpp::json::utf8_length(text_, pos_);
                if (n == 0) return fail(pos_, utf8Problem(text_, pos_), "save the file as UTF-8");
                pos_ += n;
                continue;
            }
            ++pos_;
        }
    }

    bool scanEscape(std::size_t stringStart) {
        const std::size_t escape = pos_;
        if (escape + 1 >= text_.size()) {
            return fail(stringStart, "this string is not terminated: the file ends before its closing '\"'");
        }
        const char e = text_[escape + 1];
        switch (e) {
            case '"':
            case '\\':
            case '/':
            case 'b':
            case 'f':
            case 'n':
            case 'r':
            case 't':
                pos_ += 2;
                return true;
            case 'u':
                break;
            default:
                return fail(
                    escape, "invalid escape " + quoted(text_.substr(escape, 2)) + " in a string",
                    "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; a backslash is written \\\\");
        }
        uint32_t unit = 0;
        if (!hex4(text_, escape + 2, unit)) {
            return fail(escape, "invalid escape " + quoted(token(escape).substr(0, 6)) +
                                    " in a string: \\u takes exactly 4 hex digits");
        }
        pos_ = escape + 6;
        const std::string written = inQuotes(text_.substr(escape, 6));
        if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return fail(escape, "the escape " + written + " is a lone low surrogate",
                        "a low surrogate \\uDC00-\\uDFFF only follows a high surrogate \\uD800-\\uDBFF");
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            uint32_t low = 0;
            if (text_.substr(pos_, 2) != "\\u" || !hex4(text_, pos_ + 2, low) || low < 0xDC00 || low > 0xDFFF) {
                return fail(escape, "the escape " + written + " is a high surrogate without a low surrogate after it",
                            "a character above U+FFFF is written as a pair such as \\uD83D\\uDE00, or as UTF-8");
            }
            pos_ += 6;
        }
        return true;
    }

    bool scanNumber() {
        const std::size_t start = pos_;
        const std::string_view number = token(start);
        const auto digitAt = [&](std::size_t i) { return i < number.size() && isDigit(number[i]); };
        const auto skipDigits = [&](std::size_t &i) {
            const std::size_t first = i;
            while (digitAt(i)) ++i;
            return i > first;
        };
        std::size_t i = number.front() == '-' ? 1 : 0;
        bool integer = true;
        std::string_view problem;
        std::string hint = "JSON numbers are decimal, such as 12, -3.5 or 1e-3";
        if (!digitAt(i)) {
            problem = "a digit must follow '-'";
        } else if (number[i] == '0' && digitAt(i + 1)) {
            problem = "a number cannot start with 0";
            hint = "write it without the leading zeros, or as a string if they matter";
        } else {
            skipDigits(i);
            if (i < number.size() && number[i] == '.') {
                integer = false;
                ++i;
                if (!skipDigits(i)) problem = "a digit must follow the decimal point";
            }
            if (problem.empty() && i < number.size() && (number[i] == 'e' || number[i] == 'E')) {
                integer = false;
                ++i;
                if (i < number.size() && (number[i] == '+' || number[i] == '-')) ++i;
                if (!skipDigits(i)) problem = "the exponent has no digits";
            }
            if (problem.empty() && i != number.size()) problem = "this is not a JSON number";
        }
        if (!problem.empty())
            return fail(start, "invalid number " + quoted(number) + ": " + std::string(problem), hint);

        const char *begin = number.data();
        const char *end = begin + number.size();
        bool wide = false;
        if (integer) {
            std::from_chars_result result{};
            if (number.front() == '-') {
                int64_t value = 0;
                result = std::from_chars(begin, end, value);
            } else {
                uint64_t value = 0;
                result = std::from_chars(begin, end, value);
            }
            wide = result.ec == std::errc::result_out_of_range;
        }
        // The reference's parser reads a wide integer as a double and refuses a number whose
        // double is infinite, as 1e400 or an integer of 400 digits.
        if (!integer || wide) {
            double value = 0;
            const auto result = std::from_chars(begin, end, value);
            if (result.ec == std::errc::result_out_of_range && overflows(number)) {
                return fail(start, "number out of range: " + quoted(number) + " is too large for a double");
            }
        }
        pos_ += number.size();
        if (wide) wideIntegerEnds_.push_back(pos_);
        numbers_.push_back(number);
        return true;
    }

    bool scanLiteral(State state) {
        const std::size_t start = pos_;
        const std::string_view word = token(start);
        static constexpr std::string_view kLiterals[] = {"true", "false", "null"};
        for (std::string_view literal : kLiterals) {
            if (word == literal) {
                pos_ += word.size();
                return true;
            }
        }
        for (std::string_view literal : kLiterals) {
            const bool sameLetters = word.size() == literal.size() &&
                                     std::equal(word.begin(), word.end(), literal.begin(), [](char a, char b) {
                                         return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
                                     });
            if (sameLetters) {
                return fail(start, "invalid literal " + quoted(word) + ": JSON literals are lower case",
                            "write " + std::string(literal));
            }
            if (word.size() > 1 && (literal.starts_with(word) || word.starts_with(literal))) {
                return fail(start, "invalid literal " + quoted(word) + ": expected " + std::string(literal));
            }
        }
        expectedValue(state);
        return false;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::vector<Frame> stack_;
    std::size_t objects_ = 0;
    std::size_t arrays_ = 0;
    std::size_t lastComma_ = 0;
    std::size_t rootEnd_ = 0;
    std::optional<SyntaxProblem> problem_;
    std::vector<std::size_t> wideIntegerEnds_;
    std::vector<std::string_view> numbers_;
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
                uint32_t code = 0;
                if (!hex4(raw, i + 1, code)) break;
                i += 4;
                uint32_t low = 0;
                if (code >= 0xD800 && code <= 0xDBFF && raw.substr(i + 1, 2) == "\\u" && hex4(raw, i + 3, low) &&
                    low >= 0xDC00 && low <= 0xDFFF) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
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
    Scanner scanner(text);
    SyntaxScan scan;
    scan.problem = scanner.run();
    if (!scan.problem) {
        scan.wideIntegerEnds = scanner.takeWideIntegerEnds();
        scan.numbers = scanner.takeNumbers();
    }
    return scan;
}

std::optional<SyntaxProblem> findSyntaxProblem(std::string_view text) {
    return scanSyntax(text).problem;
}

}  // namespace aclpp::core
