// acl/detail/caller_buffer.hpp: reading the core's caller-buffer strings (A-2's string rule:
// a size query, then a copy) into a std::string.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <cstddef>
#include <string>

namespace acl {
inline namespace v1 {

namespace detail {
/// Runs a caller-buffer C function (A-2 string rule) into a std::string.
template <class Call>
inline aclError copy_out(Call &&call, std::string &out) {
    std::size_t required = 0;
    char probe[1] = {};
    aclError rc = call(probe, 0, &required);
    if (rc != ACL_SUCCESS) return rc;
    for (int attempt = 0; attempt < 4; ++attempt) {
        out.assign(required, '\0');
        std::size_t needed = 0;
        rc = call(out.data(), out.size(), &needed);
        if (rc != ACL_SUCCESS) return rc;
        if (needed <= out.size()) {
            out.resize(needed > 0 ? needed - 1 : 0);  // drop the terminating NUL
            return ACL_SUCCESS;
        }
        required = needed;  // the value changed between the calls
    }
    return ACL_ERROR_INTERNAL_ERROR;
}
}  // namespace detail

}  // namespace v1
}  // namespace acl
