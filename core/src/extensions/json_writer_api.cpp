// aclppJsonWriter: acl::Config::to_json's writer at run time. The layout is the C++ layer's own
// constexpr acl::detail::JsonTextWriter (also used in constant expressions), compiled once here
// instead of into every program that builds a Config.
#include <acl/aclpp_ext.h>

#include <acl/detail/json_text_writer.hpp>
#include <new>
#include <string_view>

#include "util/guarded_call.hpp"

using aclpp::core::guardedCall;

struct aclppJsonWriter {
    explicit aclppJsonWriter(bool pretty) : text(pretty) {}

    acl::detail::JsonTextWriter text;
    aclError outOfMemory = ACL_SUCCESS;  // sticky: the text may be cut mid-token
    aclError firstError = ACL_SUCCESS;   // what Finish reports: the text lacks a refused token
    bool finished = false;
};

namespace {

aclError put(aclppJsonWriter &w, aclppJsonToken token, std::string_view text) {
    switch (token) {
        case ACLPP_JSON_BEGIN_OBJECT:
            w.text.begin_object();
            return ACL_SUCCESS;
        case ACLPP_JSON_BEGIN_ARRAY:
        case ACLPP_JSON_BEGIN_INLINE_ARRAY:
            w.text.begin_array(token == ACLPP_JSON_BEGIN_INLINE_ARRAY);
            return ACL_SUCCESS;
        case ACLPP_JSON_END_OBJECT:
        case ACLPP_JSON_END_ARRAY:
            if (w.text.depth() == 0) return ACL_ERROR_INVALID_PARAM;
            if (token == ACLPP_JSON_END_OBJECT) {
                w.text.end_object();
            } else {
                w.text.end_array();
            }
            return ACL_SUCCESS;
        case ACLPP_JSON_KEY:
            w.text.key(text);
            return ACL_SUCCESS;
        case ACLPP_JSON_STRING:
            w.text.string(text);
            return ACL_SUCCESS;
        case ACLPP_JSON_RAW:
            w.text.raw(text);
            return ACL_SUCCESS;
    }
    return ACL_ERROR_INVALID_PARAM;
}

}  // namespace

extern "C" {

aclppJsonWriter *aclppJsonWriterCreate(int pretty) {
    return new (std::nothrow) aclppJsonWriter(pretty != 0);
}

aclError aclppJsonWriterPut(aclppJsonWriter *writer, aclppJsonToken token, const char *text, size_t length) {
    if (writer == nullptr || writer->finished || (text == nullptr && length != 0)) return ACL_ERROR_INVALID_PARAM;
    if (writer->outOfMemory != ACL_SUCCESS) return writer->outOfMemory;
    const aclError rc =
        guardedCall([&] { return put(*writer, token, std::string_view(text != nullptr ? text : "", length)); });
    if (rc == ACL_ERROR_BAD_ALLOC) writer->outOfMemory = rc;
    if (rc != ACL_SUCCESS && writer->firstError == ACL_SUCCESS) writer->firstError = rc;
    return rc;
}

aclError aclppJsonWriterFinish(aclppJsonWriter *writer, const char **text, size_t *length) {
    if (writer == nullptr || writer->finished || text == nullptr || length == nullptr) return ACL_ERROR_INVALID_PARAM;
    if (writer->firstError != ACL_SUCCESS) return writer->firstError;
    if (writer->text.depth() != 0) return ACL_ERROR_INVALID_PARAM;
    return guardedCall([&] {
        const std::string &out = writer->text.finish();
        writer->finished = true;
        *text = out.c_str();
        *length = out.size();
        return ACL_SUCCESS;
    });
}

void aclppJsonWriterFree(aclppJsonWriter *writer) {
    delete writer;
}

}  // extern "C"
