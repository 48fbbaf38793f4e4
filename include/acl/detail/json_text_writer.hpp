// The layout of the JSON text acl::Config::to_json writes: a constexpr streaming writer that
// indents by two spaces (or writes no whitespace) and keeps arrays of scalars on one line. It is
// the one definition of that layout: to_json uses it in constant expressions, and the core's
// aclppJsonWriter uses it at run time, so both produce the same bytes.
#pragma once

#include <acl/detail/json_text.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acl {
inline namespace v1 {
namespace detail {

class JsonTextWriter {
public:
    constexpr explicit JsonTextWriter(bool pretty) : pretty_(pretty) {}

    constexpr void begin_object() { open('{', false); }
    constexpr void end_object() { close('}'); }
    /// `inline_elements`: scalars on one line ("layer": ["a", "b"]).
    constexpr void begin_array(bool inline_elements) { open('[', inline_elements); }
    constexpr void end_array() { close(']'); }
    constexpr void key(std::string_view name) {
        separate();
        append_json_string(out_, name);
        out_.append(pretty_ ? ": " : ":");
        after_key_ = true;
    }
    constexpr void string(std::string_view text) {
        separate();
        append_json_string(out_, text);
    }
    /// JSON text written as it is (a number, the value of an extra key).
    constexpr void raw(std::string_view json) {
        separate();
        out_.append(json);
    }
    /// Ends the document (pretty text ends with a newline) and gives the text away.
    [[nodiscard]] constexpr std::string take() {
        if (pretty_) out_.push_back('\n');
        return std::move(out_);
    }
    /// Ends the document in place (the core's writer keeps the text).
    constexpr const std::string &finish() {
        if (pretty_) out_.push_back('\n');
        return out_;
    }
    /// Containers begun and not yet ended.
    [[nodiscard]] constexpr std::size_t depth() const noexcept { return levels_.size(); }

private:
    struct Level {
        bool inline_elements;
        std::size_t count;
    };

    constexpr void newline(std::size_t depth) {
        out_.push_back('\n');
        for (std::size_t i = 0; i < depth; ++i) out_.append("  ");
    }
    constexpr void separate() {
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
    constexpr void open(char bracket, bool inline_elements) {
        separate();
        out_.push_back(bracket);
        levels_.push_back(Level{inline_elements, 0});
    }
    constexpr void close(char bracket) {
        const Level level = levels_.back();
        levels_.pop_back();
        if (pretty_ && !level.inline_elements && level.count != 0) newline(levels_.size());
        out_.push_back(bracket);
    }

    bool pretty_;
    bool after_key_ = false;
    std::string out_;
    std::vector<Level> levels_;
};

}  // namespace detail
}  // namespace v1
}  // namespace acl
