// acl/detail/caller_buffer.hpp: reading the core's caller-buffer strings (A-2's string rule:
// a size query, then a copy) into a std::string, and the one such string a Session reads, the
// effective configuration. Included by <acl/runtime.hpp> and <acl/session.hpp>.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/error.hpp>
#include <cstddef>
#include <string>
#include <system_error>

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

/// The live effective configuration with provenance, as JSON text (aclppGetEffectiveConfig).
/// ACL_ERROR_UNINITIALIZE when the runtime is not initialised.
[[nodiscard]] inline std::string effective_config_json(std::error_code &ec) {
    std::string out;
    detail::assign(ec, detail::copy_out(aclppGetEffectiveConfig, out));
    return out;
}
[[nodiscard]] inline std::string effective_config_json() {
    std::string out;
    const aclError rc = detail::copy_out(aclppGetEffectiveConfig, out);
    if (rc != ACL_SUCCESS) detail::raise(rc, "aclppGetEffectiveConfig");
    return out;
}

}  // namespace v1
}  // namespace acl
