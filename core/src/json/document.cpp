#include "json/document.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <new>
#include <string>
#include <unordered_map>
#include <utility>

#include "json/syntax.hpp"
#include "text/user_text.hpp"

namespace aclpp::core {
namespace {

// The depth limit (kMaxObjectDepth, kMaxArrayDepth: F-4) is enforced by our own walk; simdjson's
// own limit only bounds its stack.
constexpr std::size_t kParserMaxDepth = 64;

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool isContainer(JsonElement element) noexcept {
    const JsonType type = element.type();
    return type == JsonType::OBJECT || type == JsonType::ARRAY;
}

// One walk over the DOM checks the structural depth (F-4) and finds duplicate keys (F-5).
class StructureWalker {
public:
    explicit StructureWalker(std::vector<DuplicateKey> &duplicates) : duplicates_(duplicates) {}

    bool walk(JsonElement element, std::size_t objectDepth, std::size_t arrayDepth) {
        switch (element.type()) {
            case JsonType::OBJECT: {
                if (++objectDepth > kMaxObjectDepth) return fail(objectDepth, true);
                JsonObject object = asObject(element);
                if (object.size() > 1) checkDuplicates(object);
                for (auto field : object) {
                    if (!isContainer(field.value)) continue;
                    path_.push_back(PathToken{field.key, 0, true});
                    const bool ok = walk(field.value, objectDepth, arrayDepth);
                    path_.pop_back();
                    if (!ok) return false;
                }
                return true;
            }
            case JsonType::ARRAY: {
                if (++arrayDepth > kMaxArrayDepth) return fail(arrayDepth, false);
                std::size_t index = 0;
                const JsonArray array = asArray(element);
                for (JsonElement child : array) {
                    if (!isContainer(child)) {
                        ++index;
                        continue;
                    }
                    path_.push_back(PathToken{{}, index++, false});
                    const bool ok = walk(child, objectDepth, arrayDepth);
                    path_.pop_back();
                    if (!ok) return false;
                }
                return true;
            }
            default:
                return true;
        }
    }

    [[nodiscard]] const std::string &failure() const noexcept { return failure_; }
    [[nodiscard]] const std::string &failurePointer() const noexcept { return failurePointer_; }
    [[nodiscard]] std::string currentPointer() const {
        std::string pointer;
        for (const PathToken &token : path_) {
            if (token.isKey) {
                appendPointerToken(pointer, token.key);
            } else {
                pointer += '/';
                pointer += std::to_string(token.index);
            }
        }
        return pointer;
    }

private:
    struct PathToken {
        std::string_view key;
        std::size_t index;
        bool isKey;
    };

    bool fail(std::size_t depth, bool isObject) {
        failure_ = depthMessage(depth, isObject);
        failurePointer_ = currentPointer();
        return false;
    }

    void checkDuplicates(JsonObject object) {
        // Small objects (the common case) compare pairwise; large ones use a set.
        const std::size_t size = object.size();
        if (size <= 16) {
            std::string_view keys[16];
            std::size_t n = 0;
            for (auto field : object) keys[n++] = field.key;
            for (std::size_t i = 0; i < n; ++i) {
                std::size_t count = 1;
                bool seenBefore = false;
                for (std::size_t j = 0; j < i; ++j) seenBefore |= keys[j] == keys[i];
                if (seenBefore) continue;
                for (std::size_t j = i + 1; j < n; ++j) count += keys[j] == keys[i] ? 1 : 0;
                if (count > 1) record(keys[i], count);
            }
            return;
        }
        // Counted in one pass, reported in the order of their second occurrence (F-6: linear).
        std::unordered_map<std::string_view, std::size_t> counts;
        counts.reserve(size);
        std::vector<std::string_view> duplicated;
        for (auto field : object) {
            if (++counts[field.key] == 2) duplicated.push_back(field.key);
        }
        for (const std::string_view key : duplicated) record(key, counts[key]);
    }

    void record(std::string_view key, std::size_t count) {
        std::string pointer = currentPointer();
        appendPointerToken(pointer, key);
        duplicates_.push_back(DuplicateKey{std::move(pointer), count});
    }

    std::vector<DuplicateKey> &duplicates_;
    std::vector<PathToken> path_;
    std::string failure_;
    std::string failurePointer_;
};

std::string describeSimdjsonError(simdjson::error_code error) {
    switch (error) {
        case simdjson::EMPTY:
            return "no JSON value: the file holds only white space";
        case simdjson::UTF8_ERROR:
            return "the text is not valid UTF-8";
        case simdjson::UNESCAPED_CHARS:
            return "a string holds an unescaped control character";
        case simdjson::UNCLOSED_STRING:
            return "a string is not terminated";
        case simdjson::DEPTH_ERROR:
            return "nesting too deep: at most 10 nested objects and 10 nested arrays are allowed";
        default:
            return std::string("JSON syntax error (") + simdjson::error_message(error) + ")";
    }
}

// The failure path only: simdjson (or the depth walk) said no, the scanner (its `problem` in
// `text`) says where and why. `fallback` and `fallbackPointer` stand when the scanner finds
// nothing, which would mean it and simdjson disagree about the text.
[[gnu::cold]] void describeFailure(std::string_view text, std::optional<SyntaxProblem> problem, std::string fallback,
                                   std::string fallbackPointer, ParseFailure &failure) {
    failure.code = ACL_ERROR_PARSE_FILE;
    if (!problem) {
        failure.message = std::move(fallback);
        failure.pointer = std::move(fallbackPointer);
        if (!failure.pointer.empty()) failure.position = locatePointer(text, failure.pointer);
        return;
    }
    failure.message = std::move(problem->message);
    failure.hint = std::move(problem->hint);
    failure.pointer = std::move(problem->pointer);
    failure.offset = problem->offset;
    failure.hasOffset = true;
    failure.position = positionOf(text, problem->offset);
}

// simdjson rejects an integer beyond the 64-bit integers, which is valid JSON that the
// reference reads as a double (F-3). Written with ".0" it is a number simdjson reads as that
// same double. Cold path: only for a text simdjson rejected and the scanner accepted.
[[gnu::cold]] std::string withWideIntegersAsDoubles(std::string_view text, const std::vector<std::size_t> &ends) {
    std::string out;
    out.reserve(text.size() + 2 * ends.size());
    std::size_t copied = 0;
    for (const std::size_t end : ends) {
        out.append(text, copied, end - copied);
        out += ".0";
        copied = end;
    }
    out.append(text, copied);
    return out;
}

// simdjson's memory errors are no syntax errors: they are ACL_ERROR_BAD_ALLOC like every other
// allocation failure, which the entry points make of std::bad_alloc.
void throwIfOutOfMemory(simdjson::error_code error) {
    if (error == simdjson::MEMALLOC) throw std::bad_alloc();
}

// simdjson::padded_string answers an allocation failure with no buffer, which would parse as
// an error of the text.
simdjson::padded_string paddedCopy(std::string_view text) {
    simdjson::padded_string copy(text);
    if (copy.data() == nullptr) throw std::bad_alloc();
    return copy;
}

// simdjson picks the implementation for this CPU on its first use, inside noexcept functions
// that allocate (the implementations' names are std::strings), where running out of memory
// would terminate the process. That first use happens here, while the library is loaded, so
// that no call of ours makes it under a caller's memory pressure.
[[gnu::constructor]] void chooseSimdjsonImplementation() {
    try {
        (void)simdjson::get_active_implementation()->name();
    } catch (...) {
        // Out of memory while loading: the first parse makes the choice instead.
    }
}

}  // namespace

std::optional<JsonDocument> JsonDocument::parse(std::string_view bytes, ParseFailure &failure, bool padded) {
    JsonDocument document;
    if (bytes.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
        document.bomLength_ = kUtf8Bom.size();
        bytes.remove_prefix(kUtf8Bom.size());
    }
    document.text_ = bytes;

    // A NUL byte is never valid: the reference truncated at it, we reject it (F-3).
    // (An empty view may have no data pointer, which memchr must not get.)
    if (const void *nul = bytes.empty() ? nullptr : std::memchr(bytes.data(), '\0', bytes.size()); nul != nullptr) {
        failure.code = ACL_ERROR_PARSE_FILE;
        failure.offset = static_cast<std::size_t>(static_cast<const char *>(nul) - bytes.data());
        failure.hasOffset = true;
        failure.message = "the file contains a NUL byte";
        failure.position = positionOf(bytes, failure.offset);
        return std::nullopt;
    }

    // A 0-byte file reads as {} (F-3).
    static constexpr std::string_view kEmptyObject = "{}";
    std::string_view toParse = bytes;
    if (bytes.empty() && document.bomLength_ == 0) {
        toParse = kEmptyObject;
        padded = false;
    }

    document.parser_ = std::make_unique<simdjson::dom::parser>();
    simdjson::dom::element root;
    simdjson::error_code error = document.parser_->allocate(std::max<std::size_t>(toParse.size(), 64), kParserMaxDepth);
    throwIfOutOfMemory(error);
    if (error != simdjson::SUCCESS) {
        failure.code = ACL_ERROR_PARSE_FILE;
        failure.message = describeSimdjsonError(error);
        return std::nullopt;
    }
    if (padded) {
        error = document.parser_->parse(toParse.data(), toParse.size(), false).get(root);
    } else {
        document.padded_ = paddedCopy(toParse);
        error = document.parser_->parse(document.padded_).get(root);
    }
    throwIfOutOfMemory(error);
    if (error == simdjson::CAPACITY) {
        failure.code = ACL_ERROR_PARSE_FILE;
        failure.message = describeSimdjsonError(error);
        return std::nullopt;
    }
    if (error != simdjson::SUCCESS) {
        SyntaxScan scan = scanSyntax(toParse);
        if (error == simdjson::NUMBER_ERROR && !scan.problem && !scan.wideIntegerEnds.empty()) {
            // Positions keep referring to text(); only the DOM comes from the copy.
            document.padded_ = paddedCopy(withWideIntegersAsDoubles(toParse, scan.wideIntegerEnds));
            error = document.parser_->parse(document.padded_).get(root);
            throwIfOutOfMemory(error);
        }
        if (error != simdjson::SUCCESS) {
            describeFailure(bytes, std::move(scan.problem), describeSimdjsonError(error), {}, failure);
            return std::nullopt;
        }
    }
    document.root_ = root;

    StructureWalker walker(document.duplicates_);
    if (!walker.walk(root, 0, 0)) {
        describeFailure(bytes, findSyntaxProblem(bytes), walker.failure(), walker.failurePointer(), failure);
        return std::nullopt;
    }
    return std::optional<JsonDocument>(std::move(document));
}

std::optional<JsonElement> findMember(JsonObject object, std::string_view key) noexcept {
    std::optional<JsonElement> found;
    for (auto field : object) {
        if (field.key == key) found = field.value;  // keep going: the last duplicate wins (F-5)
    }
    return found;
}

std::optional<JsonElement> findMember(JsonElement element, std::string_view key) noexcept {
    JsonObject object;
    if (element.get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
    return findMember(object, key);
}

JsonObject asObject(JsonElement element) noexcept {
    JsonObject object;
    if (element.get_object().get(object) != simdjson::SUCCESS) return {};
    return object;
}

JsonArray asArray(JsonElement element) noexcept {
    JsonArray array;
    if (element.get_array().get(array) != simdjson::SUCCESS) return {};
    return array;
}

std::string_view asString(JsonElement element) noexcept {
    std::string_view text;
    if (element.get_string().get(text) != simdjson::SUCCESS) return {};
    return text;
}

void appendPointerToken(std::string &pointer, std::string_view token) {
    pointer += '/';
    for (char c : token) {
        if (c == '~') {
            pointer += "~0";
        } else if (c == '/') {
            pointer += "~1";
        } else {
            pointer += c;
        }
    }
}

std::string childPointer(std::string_view parent, std::string_view token) {
    std::string pointer(parent);
    appendPointerToken(pointer, token);
    return pointer;
}

std::string childPointer(std::string_view parent, std::size_t index) {
    std::string pointer(parent);
    pointer += '/';
    pointer += std::to_string(index);
    return pointer;
}

std::string_view describeType(JsonElement value) noexcept {
    switch (value.type()) {
        case JsonType::OBJECT:
            return "an object";
        case JsonType::ARRAY:
            return "an array";
        case JsonType::STRING:
            return "a string";
        case JsonType::INT64:
        case JsonType::UINT64:
        case JsonType::DOUBLE:
            return "a number";
        case JsonType::BOOL:
            return "a boolean";
        case JsonType::NULL_VALUE:
            return "null";
    }
    return "a value";
}

std::string minifiedJson(JsonElement value) {
    return simdjson::minify(value);
}

std::string describeValue(JsonElement value) {
    switch (value.type()) {
        case JsonType::OBJECT: {
            const std::size_t n = asObject(value).size();
            return "an object with " + std::to_string(n) + (n == 1 ? " member" : " members");
        }
        case JsonType::ARRAY:
            return aclpp::text::arrayText(asArray(value).size());
        case JsonType::STRING:
            return aclpp::text::describedText(asString(value));
        default:
            return simdjson::minify(value);
    }
}

TextPosition positionOf(std::string_view text, std::size_t offset) noexcept {
    offset = std::min(offset, text.size());
    TextPosition position{1, 1};
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++position.line;
            lineStart = i + 1;
        }
    }
    position.column = static_cast<uint32_t>(offset - lineStart + 1);
    return position;
}

}  // namespace aclpp::core
