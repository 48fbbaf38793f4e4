// aclppJsonWalk: the core's JSON reader (simdjson, and the syntax scanner for the position of a
// problem) handed to the C++ layer as events, so that no header parses JSON itself.
#include <acl/aclpp_ext.h>

#include <cstring>
#include <string_view>

#include "json/exact_document.hpp"
#include "json/syntax.hpp"
#include "util/guarded_call.hpp"

using aclpp::core::ExactDocument;
using aclpp::core::ExactMember;
using aclpp::core::ExactValue;
using aclpp::core::guardedCall;
using aclpp::core::JsonType;
using aclpp::core::ParseFailure;

namespace {

class Walk {
public:
    Walk(const ExactDocument &document, aclppJsonEventCallback callback, void *context)
        : document_(document), callback_(callback), context_(context) {}

    aclError value(ExactValue value) {
        switch (value.element.type()) {
            case JsonType::OBJECT: {
                if (aclError rc = emit(ACLPP_JSON_EVENT_BEGIN_OBJECT); rc != ACL_SUCCESS) return rc;
                for (const ExactMember &member : document_.members(value)) {
                    if (aclError rc = emit(ACLPP_JSON_EVENT_KEY, member.key); rc != ACL_SUCCESS) return rc;
                    if (aclError rc = this->value(member.value); rc != ACL_SUCCESS) return rc;
                }
                return emit(ACLPP_JSON_EVENT_END_OBJECT);
            }
            case JsonType::ARRAY: {
                if (aclError rc = emit(ACLPP_JSON_EVENT_BEGIN_ARRAY); rc != ACL_SUCCESS) return rc;
                for (const ExactValue &element : document_.elements(value)) {
                    if (aclError rc = this->value(element); rc != ACL_SUCCESS) return rc;
                }
                return emit(ACLPP_JSON_EVENT_END_ARRAY);
            }
            case JsonType::STRING:
                return emit(ACLPP_JSON_EVENT_STRING, aclpp::core::asString(value.element));
            case JsonType::BOOL: {
                bool flag = false;
                if (value.element.get_bool().get(flag) != simdjson::SUCCESS) return ACL_ERROR_INTERNAL_ERROR;
                return emit(flag ? ACLPP_JSON_EVENT_TRUE : ACLPP_JSON_EVENT_FALSE);
            }
            case JsonType::NULL_VALUE:
                return emit(ACLPP_JSON_EVENT_NULL);
            case JsonType::INT64:
            case JsonType::UINT64:
            case JsonType::DOUBLE:
                return emit(ACLPP_JSON_EVENT_NUMBER, document_.numberText(value));
        }
        return ACL_ERROR_INTERNAL_ERROR;
    }

private:
    aclError emit(aclppJsonEvent event, std::string_view text = {}) {
        return callback_(context_, event, text.empty() ? nullptr : text.data(), text.size());
    }

    const ExactDocument &document_;
    aclppJsonEventCallback callback_;
    void *context_;
};

/// Copies `text` into `buffer`, NUL terminated, cut before a UTF-8 continuation byte.
template <std::size_t N>
void copyCut(char (&buffer)[N], std::string_view text) {
    std::size_t n = text.size() < N ? text.size() : N - 1;
    if (n < text.size()) {
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    }
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
}

void describe(const ParseFailure &failure, aclppJsonSyntaxError &error) {
    error.line = failure.position.line;
    error.column = failure.position.column;
    copyCut(error.message, failure.message);
    copyCut(error.hint, failure.hint);
}

}  // namespace

extern "C" {

aclError aclppJsonWalk(const char *text, size_t length, aclppJsonEventCallback callback, void *context,
                       aclppJsonSyntaxError *error) {
    if (callback == nullptr || (text == nullptr && length != 0)) return ACL_ERROR_INVALID_PARAM;
    return guardedCall([&] {
        const std::string_view json(text != nullptr ? text : "", length);
        ParseFailure failure;
        if (json.empty()) {
            // acl.json reads 0 bytes as {} (F-3); a JSON text has at least one value.
            failure.message = "no JSON value: the text is empty";
            failure.position = {1, 1};
        }
        std::optional<ExactDocument> document;
        if (!json.empty()) document = ExactDocument::parse(json, &failure);
        if (!document) {
            if (error != nullptr) describe(failure, *error);
            return ACL_ERROR_PARSE_FILE;
        }
        return Walk(*document, callback, context).value(document->root());
    });
}

}  // extern "C"
