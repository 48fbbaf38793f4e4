#include "json_reader.hpp"

#include <acl/detail/json_text.hpp>
#include <acl/detail/json_text_writer.hpp>
#include <cstdint>

namespace aclconfig {

const JsonNode *JsonNode::find(std::string_view key) const noexcept {
    const JsonNode *found = nullptr;
    for (const JsonMember &member : members) {
        if (member.key == key) found = &member.value;
    }
    return found;
}

std::string JsonNode::stringOr(std::string_view key, std::string_view fallback) const {
    const JsonNode *node = find(key);
    return node != nullptr && node->isString() ? node->text : std::string(fallback);
}

namespace {

// Far deeper than the core accepts (10); the limit only keeps hostile input off the stack.
constexpr std::size_t kMaxDepth = 256;

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    }

    JsonNode parseDocument() {
        skipWhitespace();
        JsonNode root = parseValue(0);
        skipWhitespace();
        if (pos_ != text_.size()) fail("unexpected text after the JSON value");
        return root;
    }

private:
    [[noreturn]] void fail(const std::string &message) const {
        std::size_t line = 1;
        std::size_t column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw JsonParseError(message, line, column);
    }

    [[nodiscard]] bool atEnd() const noexcept { return pos_ >= text_.size(); }
    [[nodiscard]] char peek() const noexcept { return atEnd() ? '\0' : text_[pos_]; }

    void skipWhitespace() noexcept {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
    }

    void expect(char c, const char *what) {
        if (peek() != c) fail(std::string("expected ") + what);
        ++pos_;
    }

    JsonNode parseValue(std::size_t depth) {
        if (depth > kMaxDepth) fail("nesting is too deep");
        if (atEnd()) fail("unexpected end of input; a value was expected");
        switch (peek()) {
            case '{':
                return parseObject(depth);
            case '[':
                return parseArray(depth);
            case '"': {
                JsonNode node;
                node.kind = JsonKind::string;
                parseString(node.raw, node.text);
                return node;
            }
            case 't':
                return parseLiteral("true", JsonKind::boolean);
            case 'f':
                return parseLiteral("false", JsonKind::boolean);
            case 'n':
                return parseLiteral("null", JsonKind::null);
            default:
                return parseNumber();
        }
    }

    JsonNode parseLiteral(std::string_view word, JsonKind kind) {
        if (text_.substr(pos_, word.size()) != word) fail("invalid literal");
        pos_ += word.size();
        JsonNode node;
        node.kind = kind;
        node.raw = std::string(word);
        return node;
    }

    JsonNode parseNumber() {
        const std::size_t start = pos_;
        const auto digits = [&] {
            const std::size_t from = pos_;
            while (!atEnd() && peek() >= '0' && peek() <= '9') ++pos_;
            return pos_ - from;
        };
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (digits() == 0) {
            fail("invalid value");
        }
        if (peek() == '.') {
            ++pos_;
            if (digits() == 0) fail("a digit must follow the decimal point");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (digits() == 0) fail("a digit must follow the exponent");
        }
        JsonNode node;
        node.kind = JsonKind::number;
        node.raw = std::string(text_.substr(start, pos_ - start));
        return node;
    }

    unsigned parseHex4() {
        if (pos_ + 4 > text_.size()) fail("truncated \\u escape");
        unsigned value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = text_[pos_++];
            value <<= 4;
            if (c >= '0' && c <= '9') {
                value |= static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                value |= static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                value |= static_cast<unsigned>(c - 'A' + 10);
            } else {
                fail("invalid \\u escape");
            }
        }
        return value;
    }

    static void appendUtf8(std::string &out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    void parseString(std::string &raw, std::string &decoded) {
        const std::size_t start = pos_;
        expect('"', "a string");
        while (true) {
            if (atEnd()) fail("unterminated string");
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                break;
            }
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') {
                decoded += c;
                ++pos_;
                continue;
            }
            ++pos_;
            if (atEnd()) fail("unterminated escape");
            const char e = text_[pos_++];
            switch (e) {
                case '"':
                    decoded += '"';
                    break;
                case '\\':
                    decoded += '\\';
                    break;
                case '/':
                    decoded += '/';
                    break;
                case 'b':
                    decoded += '\b';
                    break;
                case 'f':
                    decoded += '\f';
                    break;
                case 'n':
                    decoded += '\n';
                    break;
                case 'r':
                    decoded += '\r';
                    break;
                case 't':
                    decoded += '\t';
                    break;
                case 'u': {
                    uint32_t cp = parseHex4();
                    if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
                        const std::size_t save = pos_;
                        pos_ += 2;
                        const uint32_t low = parseHex4();
                        if (low >= 0xDC00 && low < 0xE000) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                        } else {
                            pos_ = save;
                        }
                    }
                    appendUtf8(decoded, cp);
                    break;
                }
                default:
                    fail("invalid escape");
            }
        }
        raw = std::string(text_.substr(start, pos_ - start));
    }

    JsonNode parseArray(std::size_t depth) {
        JsonNode node;
        node.kind = JsonKind::array;
        ++pos_;
        skipWhitespace();
        if (peek() == ']') {
            ++pos_;
            return node;
        }
        while (true) {
            skipWhitespace();
            node.items.push_back(parseValue(depth + 1));
            skipWhitespace();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            expect(']', "',' or ']'");
            return node;
        }
    }

    JsonNode parseObject(std::size_t depth) {
        JsonNode node;
        node.kind = JsonKind::object;
        ++pos_;
        skipWhitespace();
        if (peek() == '}') {
            ++pos_;
            return node;
        }
        while (true) {
            skipWhitespace();
            JsonMember member;
            if (peek() != '"') fail("expected a member name in quotes");
            parseString(member.rawKey, member.key);
            skipWhitespace();
            expect(':', "':'");
            skipWhitespace();
            member.value = parseValue(depth + 1);
            node.members.push_back(std::move(member));
            skipWhitespace();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            expect('}', "',' or '}'");
            return node;
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

void writeCompact(const JsonNode &node, std::string &out) {
    switch (node.kind) {
        case JsonKind::array:
            out += '[';
            for (std::size_t i = 0; i < node.items.size(); ++i) {
                if (i != 0) out += ',';
                writeCompact(node.items[i], out);
            }
            out += ']';
            return;
        case JsonKind::object:
            out += '{';
            for (std::size_t i = 0; i < node.members.size(); ++i) {
                if (i != 0) out += ',';
                out += node.members[i].rawKey;
                out += ':';
                writeCompact(node.members[i].value, out);
            }
            out += '}';
            return;
        default:
            out += node.raw;
            return;
    }
}

}  // namespace

JsonNode parseJson(std::string_view text) {
    return Parser(text).parseDocument();
}

std::string canonicalJson(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    if (text.empty()) text = "{}";  // as the core reads it (F-3)
    acl::detail::JsonTextWriter writer(true);
    writer.raw(text);
    return writer.take();
}

std::string compactJson(const JsonNode &node) {
    std::string out;
    writeCompact(node, out);
    return out;
}

std::string quoteJson(std::string_view text) {
    std::string out;
    acl::detail::append_json_string(out, text);
    return out;
}

}  // namespace aclconfig
