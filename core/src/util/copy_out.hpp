// The caller-buffer rule of <acl/aclpp_ext.h>: copy at most `capacity` bytes (NUL included),
// always report the full size needed.
#pragma once

#include <cstring>
#include <string_view>

#include "acl/acl.h"

namespace aclpp::core {

inline aclError copyOut(std::string_view text, char *buffer, std::size_t capacity, std::size_t *required) noexcept {
    if (required == nullptr) return ACL_ERROR_INVALID_PARAM;
    *required = text.size() + 1;
    if (buffer != nullptr && capacity > 0) {
        const std::size_t n = text.size() < capacity - 1 ? text.size() : capacity - 1;
        std::memcpy(buffer, text.data(), n);
        buffer[n] = '\0';
    }
    return ACL_SUCCESS;
}

}  // namespace aclpp::core
