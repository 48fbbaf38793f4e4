// Finding where a JSON pointer's value sits in the text. Only messages need positions, so this
// runs on the cold path, over text that simdjson has already accepted.
#include <algorithm>
#include <charconv>
#include <string>

#include "json/document.hpp"
#include "json/syntax.hpp"

namespace aclpp::core {
namespace {

class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    void skipSpace() noexcept {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
            ++pos_;
        }
    }

    [[nodiscard]] char peek() const noexcept { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    [[nodiscard]] std::size_t pos() const noexcept { return pos_; }
    void seek(std::size_t pos) noexcept { pos_ = pos; }
    void advance() noexcept { ++pos_; }

    // Reads a string starting at '"' and decodes it as simdjson does, so that a key can be
    // compared with a pointer token whatever escapes it is written with.
    std::string readString() {
        const std::size_t begin = pos_ + 1;
        skipString();
        const std::size_t end = std::min(pos_ - 1, text_.size());  // the closing quote
        return decodeJsonString(text_.substr(begin, end - begin));
    }

    void skipString() noexcept {
        ++pos_;
        while (pos_ < text_.size() && text_[pos_] != '"') pos_ += text_[pos_] == '\\' ? 2 : 1;
        ++pos_;
    }

    void skipValue() noexcept {
        skipSpace();
        const char c = peek();
        if (c == '"') {
            skipString();
            return;
        }
        if (c == '{' || c == '[') {
            std::size_t depth = 0;
            while (pos_ < text_.size()) {
                const char d = text_[pos_];
                if (d == '"') {
                    skipString();
                    continue;
                }
                ++pos_;
                if (d == '{' || d == '[') ++depth;
                if ((d == '}' || d == ']') && --depth == 0) return;
            }
            return;
        }
        while (pos_ < text_.size()) {
            const char d = text_[pos_];
            if (d == ',' || d == '}' || d == ']' || d == ' ' || d == '\n' || d == '\t' || d == '\r') return;
            ++pos_;
        }
    }

private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

std::string unescapeToken(std::string_view token) {
    std::string out;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size()) {
            out += token[i + 1] == '1' ? '/' : '~';
            ++i;
        } else {
            out += token[i];
        }
    }
    return out;
}

// Offset of the value at `pointer`, or of the nearest ancestor that exists.
std::size_t locateOffset(std::string_view text, std::string_view pointer) {
    Scanner scanner(text);
    scanner.skipSpace();
    std::size_t valueOffset = scanner.pos();
    while (!pointer.empty()) {
        pointer.remove_prefix(1);  // '/'
        const std::size_t slash = pointer.find('/');
        const std::string token = unescapeToken(pointer.substr(0, slash));
        pointer = slash == std::string_view::npos ? std::string_view{} : pointer.substr(slash);

        scanner.seek(valueOffset);
        const char open = scanner.peek();
        std::size_t found = std::string_view::npos;
        if (open == '{') {
            scanner.advance();
            for (;;) {
                scanner.skipSpace();
                if (scanner.peek() != '"') break;
                const std::string key = scanner.readString();
                scanner.skipSpace();
                scanner.advance();  // ':'
                scanner.skipSpace();
                if (key == token) found = scanner.pos();  // last duplicate wins
                scanner.skipValue();
                scanner.skipSpace();
                if (scanner.peek() != ',') break;
                scanner.advance();
            }
        } else if (open == '[') {
            std::size_t wanted = 0;
            const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), wanted);
            if (ec != std::errc{} || end != token.data() + token.size()) return valueOffset;
            scanner.advance();
            for (std::size_t index = 0;; ++index) {
                scanner.skipSpace();
                if (scanner.peek() == ']' || scanner.peek() == '\0') break;
                if (index == wanted) {
                    found = scanner.pos();
                    break;
                }
                scanner.skipValue();
                scanner.skipSpace();
                if (scanner.peek() != ',') break;
                scanner.advance();
            }
        }
        if (found == std::string_view::npos) return valueOffset;
        valueOffset = found;
    }
    return valueOffset;
}

}  // namespace

TextPosition locatePointer(std::string_view text, std::string_view pointer) noexcept {
    try {
        return positionOf(text, locateOffset(text, pointer));
    } catch (...) {
        return TextPosition{};  // allocation failure while building a message: no position
    }
}

}  // namespace aclpp::core
