// aclppFormatError: the message of the C++ layer's acl::Error (C-3). An Error is built wherever a
// call can throw, so its text is assembled here, once, rather than by inline string code in every
// program that includes <acl/error.hpp>.
#include <string>
#include <string_view>

#include "acl/aclpp_ext.h"
#include "util/copy_out.hpp"
#include "util/guarded_call.hpp"

using namespace aclpp::core;

namespace {

std::string_view view(const char *text, size_t length) noexcept {
    return text != nullptr ? std::string_view(text, length) : std::string_view();
}

}  // namespace

extern "C" {

aclError aclppFormatError(aclError code, const char *function, size_t functionLength, const char *context,
                          size_t contextLength, const char *recent, size_t recentLength, char *buffer, size_t capacity,
                          size_t *required) {
    return guardedCall([&]() -> aclError {
        const std::string_view contextText = view(context, contextLength);
        const std::string_view recentText = view(recent, recentLength);
        std::string text;
        text.reserve(functionLength + contextLength + recentLength + 160);
        text.append(view(function, functionLength)).append(" failed: ");
        text.append(aclppErrorName(code)).append(" (").append(std::to_string(code)).append("): ");
        text.append(aclppErrorDescription(code));
        if (!contextText.empty()) text.append("; ").append(contextText);
        if (!recentText.empty()) text.append("\n").append(recentText);
        return copyOut(text, buffer, capacity, required);
    });
}

}  // extern "C"
