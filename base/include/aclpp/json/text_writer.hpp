// The canonical layout of acl.json: a constexpr streaming writer that indents by two spaces (or
// writes no whitespace) and keeps arrays of scalars on one line. It is the one definition of
// that layout: acl::Config::to_json writes with it (in constant expressions and at run time),
// the core writes its reports with it (compact), and acl-config fmt lays out a whole file with
// raw(), so all produce the same bytes for the same JSON.
#pragma once

#include <aclpp/json/text.hpp>
#include <aclpp/std_constexpr.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aclpp::json {

/// Keeps a writer call out of line at run time: in a program that writes a Config, each call
/// then costs a call, not its body optimised again at every key (most of what to_json added to
/// its compile time). No effect in constant expressions.
#if defined(__GNUC__) || defined(__clang__)
#define ACLPP_JSON_OUT_OF_LINE [[gnu::noinline]]
#else
#define ACLPP_JSON_OUT_OF_LINE
#endif

class JsonTextWriter {
public:
    ACLPP_CONSTEXPR_STD explicit JsonTextWriter(bool pretty) : pretty_(pretty) {}

    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &begin_object() {
        open('}', false);
        return *this;
    }
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &end_object() {
        close();
        return *this;
    }
    /// `inline_elements`: scalars on one line ("layer": ["a", "b"]).
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &begin_array(bool inline_elements) {
        open(']', inline_elements);
        return *this;
    }
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &end_array() {
        close();
        return *this;
    }
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &key(std::string_view name) {
        separate();
        append_json_string(out_, name);
        colon();
        return *this;
    }
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &string(std::string_view text) {
        separate();
        append_json_string(out_, text);
        return *this;
    }
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &number(std::uint64_t value) {
        char digits[21] = {};
        separate();
        out_.append(uint_digits(value, digits));
        return *this;
    }
    /// A JSON value given as text (a number, the value of an extra key, a whole file) in this
    /// layout: strings, numbers and literals keep their exact text, members their order
    /// (duplicates too), and only the whitespace changes. Text that is not JSON is not checked:
    /// its tokens are written in turn and its containers closed.
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &raw(std::string_view json) {
        std::size_t opened = 0;
        std::size_t pos = 0;
        while (pos < json.size()) {
            const char c = json[pos];
            if (c == '{' || c == '[') {
                open(c == '{' ? '}' : ']', c == '[' && scalars_only(json, pos));
                ++opened;
                ++pos;
            } else if (c == '}' || c == ']') {
                if (opened == 0) return *this;
                close();
                --opened;
                ++pos;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':') {
                ++pos;
            } else {
                const std::size_t end = c == '"' ? string_end(json, pos) : scalar_end(json, pos);
                separate();
                out_.append(json.substr(pos, end - pos));
                pos = end;
                if (c == '"' && next_is_colon(json, pos)) colon();
            }
        }
        while (opened-- != 0) close();
        return *this;
    }
    /// Ends the document (pretty text ends with a newline) and gives the text away.
    [[nodiscard]] ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD std::string take() {
        if (pretty_) out_.push_back('\n');
        return std::move(out_);
    }

private:
    struct Level {
        char closing;  // '}' or ']'
        bool inline_elements;
        std::size_t count;
    };

    /// Offset just past the string that starts at `pos` (its closing quote).
    static constexpr std::size_t string_end(std::string_view json, std::size_t pos) noexcept {
        for (std::size_t i = pos + 1; i < json.size(); ++i) {
            if (json[i] == '\\') {
                ++i;
            } else if (json[i] == '"') {
                return i + 1;
            }
        }
        return json.size();
    }
    /// Offset just past the number or literal that starts at `pos`.
    static constexpr std::size_t scalar_end(std::string_view json, std::size_t pos) noexcept {
        std::size_t i = pos + 1;
        while (i < json.size() && std::string_view(" \t\n\r,:[]{}\"").find(json[i]) == std::string_view::npos) ++i;
        return i;
    }
    static constexpr bool next_is_colon(std::string_view json, std::size_t pos) noexcept {
        while (pos < json.size() && (json[pos] == ' ' || json[pos] == '\t' || json[pos] == '\n' || json[pos] == '\r')) {
            ++pos;
        }
        return pos < json.size() && json[pos] == ':';
    }
    /// Whether the array that opens at `pos` holds only scalars: the first bracket after it,
    /// outside strings, is its own end.
    static constexpr bool scalars_only(std::string_view json, std::size_t pos) noexcept {
        for (std::size_t i = pos + 1; i < json.size(); ++i) {
            if (json[i] == '"') {
                i = string_end(json, i) - 1;
            } else if (json[i] == '[' || json[i] == '{') {
                return false;
            } else if (json[i] == ']') {
                return true;
            }
        }
        return true;
    }

    ACLPP_CONSTEXPR_STD void newline(std::size_t depth) {
        out_.push_back('\n');
        for (std::size_t i = 0; i < depth; ++i) out_.append("  ");
    }
    ACLPP_CONSTEXPR_STD void separate() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (levels_.empty()) return;
        Level &level = levels_.back();
        if (level.count++ != 0) out_.push_back(',');
        if (!pretty_) return;
        if (level.inline_elements) {
            if (level.count > 1) out_.push_back(' ');
        } else {
            newline(levels_.size());
        }
    }
    ACLPP_CONSTEXPR_STD void colon() {
        out_.append(pretty_ ? ": " : ":");
        after_key_ = true;
    }
    ACLPP_CONSTEXPR_STD void open(char closing, bool inline_elements) {
        separate();
        out_.push_back(closing == '}' ? '{' : '[');
        levels_.push_back(Level{closing, inline_elements, 0});
    }
    ACLPP_CONSTEXPR_STD void close() {
        const Level level = levels_.back();
        levels_.pop_back();
        if (pretty_ && !level.inline_elements && level.count != 0) newline(levels_.size());
        out_.push_back(level.closing);
    }

    bool pretty_;
    bool after_key_ = false;
    std::string out_;
    std::vector<Level> levels_;
};

}  // namespace aclpp::json
