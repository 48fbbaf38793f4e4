// The canonical layout of acl.json: a constexpr streaming writer that indents by two spaces (or
// writes no whitespace) and keeps arrays of scalars on one line. It is the one definition of
// that layout: acl::Config::to_json writes with it (in constant expressions and at run time),
// the core writes its reports with it (compact), and acl-config fmt lays out a whole file with
// raw(), so all produce the same bytes for the same JSON.
#pragma once

#include <aclpp/json/lexer.hpp>
#include <aclpp/json/text.hpp>
#include <aclpp/std_constexpr.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
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
    /// (duplicates too), and only the whitespace changes. The text is read by the lexer (nested
    /// up to kMaxScanDepth: a JSON Schema nests deeper than a config may). Text that is not one
    /// JSON value does not compile in a constant expression and is written as it stands at run
    /// time, where the reader of the output reports it.
    ACLPP_JSON_OUT_OF_LINE ACLPP_CONSTEXPR_STD JsonTextWriter &raw(std::string_view json) {
        if (!well_formed(json, {}, Nesting{kMaxScanDepth, kMaxScanDepth})) {
            if (std::is_constant_evaluated()) raw_text_is_not_json();
            separate();
            out_.append(json);
            return *this;
        }
        for (std::size_t pos = skip_space(json, 0); pos < json.size(); pos = skip_space(json, pos)) {
            const char c = json[pos];
            if (c == '{' || c == '[') {
                open(c == '{' ? '}' : ']', c == '[' && scalars_only(json, pos));
                ++pos;
            } else if (c == '}' || c == ']') {
                close();
                ++pos;
            } else if (c == ',' || c == ':') {
                ++pos;
            } else {
                const std::size_t end = c == '"' ? string_end(json, pos) : token_end(json, pos);
                separate();
                out_.append(json.substr(pos, end - pos));
                pos = end;
                if (c == '"' && skip_space(json, pos) < json.size() && json[skip_space(json, pos)] == ':') colon();
            }
        }
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

    /// Not constexpr: calling it in a constant expression is the compile error.
    static void raw_text_is_not_json() noexcept {}

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
