// Finding where JSON pointers' values sit in the text: all of a report's pointers in one pass
// (F-6). Only messages need positions, so this runs over text that simdjson has already accepted.
#include <aclpp/json/lexer.hpp>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "json/document.hpp"
#include "json/syntax.hpp"

namespace aclpp::core {
namespace {

// A cursor over text simdjson accepted, moved by the lexer's token rules.
class Scanner {
public:
    explicit Scanner(std::string_view text) : text_(text) {}

    void skipSpace() noexcept { pos_ = aclpp::json::skip_space(text_, pos_); }
    [[nodiscard]] char peek() const noexcept { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    [[nodiscard]] std::size_t pos() const noexcept { return pos_; }
    void advance() noexcept { ++pos_; }

    // Reads a string starting at '"': its text between the quotes, escapes as written.
    std::string_view readRawString() noexcept {
        const std::size_t begin = pos_ + 1;
        pos_ = aclpp::json::string_end(text_, pos_);
        return text_.substr(begin, pos_ - 1 - begin);
    }

    void skipValue() noexcept { pos_ = aclpp::json::value_end(text_, pos_); }

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

struct TokenHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view token) const noexcept { return std::hash<std::string_view>{}(token); }
};

// The pointers asked for, as a tree of their tokens. A scan records in each node where its value
// starts and which visit of its parent it was found in: a duplicate key visits again, and then
// only what that last visit found counts (the last duplicate wins, as in the DOM).
struct Node {
    std::unordered_map<std::string, std::unique_ptr<Node>, TokenHash, std::equal_to<>> children;
    std::size_t offset = 0;
    uint64_t visit = 0;  // 0: not found
    uint64_t parentVisit = 0;
};

class PointerTree {
public:
    explicit PointerTree(std::string_view text) : scanner_(text) {}

    void add(std::string_view pointer) {
        Node *node = &root_;
        while (!pointer.empty()) {
            pointer.remove_prefix(1);  // '/'
            const std::size_t slash = pointer.find('/');
            std::string token = unescapeToken(pointer.substr(0, slash));
            pointer = slash == std::string_view::npos ? std::string_view{} : pointer.substr(slash);
            std::unique_ptr<Node> &child = node->children[std::move(token)];
            if (!child) child = std::make_unique<Node>();
            node = child.get();
        }
    }

    // The one pass: every value on a path to a pointer is visited once per occurrence, the rest
    // is skipped, so the cost is the text's length whatever the number of pointers (F-6).
    void scan() {
        scanner_.skipSpace();
        visit(root_, 0);
    }

    // Offset of the value at `pointer`, or of the nearest ancestor found.
    [[nodiscard]] std::size_t offsetOf(std::string_view pointer) const {
        const Node *node = &root_;
        while (!pointer.empty()) {
            pointer.remove_prefix(1);
            const std::size_t slash = pointer.find('/');
            const std::string token = unescapeToken(pointer.substr(0, slash));
            pointer = slash == std::string_view::npos ? std::string_view{} : pointer.substr(slash);
            const auto child = node->children.find(token);
            if (child == node->children.end() || child->second->visit == 0 ||
                child->second->parentVisit != node->visit) {
                break;
            }
            node = child->second.get();
        }
        return node->offset;
    }

private:
    // The scanner is at the start of `node`'s value; leaves it after the value.
    void visit(Node &node, uint64_t parentVisit) {
        node.offset = scanner_.pos();
        node.visit = ++visits_;
        node.parentVisit = parentVisit;
        const char open = scanner_.peek();
        if (node.children.empty() || (open != '{' && open != '[')) {
            scanner_.skipValue();
            return;
        }
        scanner_.advance();
        std::string decoded;
        for (std::size_t index = 0;; ++index) {
            scanner_.skipSpace();
            Node *child = nullptr;
            if (open == '{') {
                if (scanner_.peek() != '"') break;
                std::string_view key = scanner_.readRawString();
                if (key.find('\\') != std::string_view::npos) {
                    decoded = decodeJsonString(key);
                    key = decoded;
                }
                child = find(node, key);
                scanner_.skipSpace();
                scanner_.advance();  // ':'
                scanner_.skipSpace();
            } else {
                if (scanner_.peek() == ']' || scanner_.peek() == '\0') break;
                char digits[24];
                const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, index);
                child = ec == std::errc{} ? find(node, std::string_view(digits, static_cast<std::size_t>(end - digits)))
                                          : nullptr;
            }
            if (child != nullptr) {
                visit(*child, node.visit);
            } else {
                scanner_.skipValue();
            }
            scanner_.skipSpace();
            if (scanner_.peek() != ',') break;
            scanner_.advance();
        }
        scanner_.skipSpace();
        scanner_.advance();  // the closing '}' or ']' (the text is valid JSON)
    }

    static Node *find(Node &node, std::string_view token) {
        const auto child = node.children.find(token);
        return child == node.children.end() ? nullptr : child->second.get();
    }

    Scanner scanner_;
    Node root_;
    uint64_t visits_ = 0;
};

constinit std::atomic<std::size_t> passes{0};

}  // namespace

std::vector<TextPosition> locatePointers(std::string_view text, const std::vector<std::string_view> &pointers) {
    passes.fetch_add(1, std::memory_order_relaxed);
    PointerTree tree(text);
    for (const std::string_view pointer : pointers) tree.add(pointer);
    tree.scan();

    // Offsets to lines and columns: one more pass, over the offsets in text order.
    std::vector<std::pair<std::size_t, std::size_t>> order;  // offset, index in `pointers`
    order.reserve(pointers.size());
    for (std::size_t i = 0; i < pointers.size(); ++i) order.emplace_back(tree.offsetOf(pointers[i]), i);
    std::sort(order.begin(), order.end());
    std::vector<TextPosition> positions(pointers.size());
    TextPosition at{1, 1};
    std::size_t lineStart = 0;
    std::size_t scanned = 0;
    for (const auto &[offset, index] : order) {
        const std::size_t end = std::min(offset, text.size());
        for (; scanned < end; ++scanned) {
            if (text[scanned] == '\n') {
                ++at.line;
                lineStart = scanned + 1;
            }
        }
        positions[index] = TextPosition{at.line, static_cast<uint32_t>(end - lineStart + 1)};
    }
    return positions;
}

TextPosition locatePointer(std::string_view text, std::string_view pointer) noexcept {
    try {
        return locatePointers(text, {pointer}).front();
    } catch (...) {
        return TextPosition{};  // allocation failure while building a message: no position
    }
}

std::size_t locatePassCount() noexcept {
    return passes.load(std::memory_order_relaxed);
}

}  // namespace aclpp::core
