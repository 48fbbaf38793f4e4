// acl/effective_config.hpp: the live effective configuration with provenance as JSON text
// (aclppGetEffectiveConfig, decision A-2). Its own header because a Session reads it and
// <acl/acl.hpp> must not bring the rest of the runtime queries (<acl/runtime.hpp>: their
// LifecycleState needs <chrono>). acl::effective_config() in <acl/json.hpp> parses it.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/detail/caller_buffer.hpp>
#include <acl/error.hpp>
#include <string>
#include <system_error>

namespace acl {
inline namespace v1 {

/// The live effective configuration with provenance, as JSON text (aclppGetEffectiveConfig).
/// ACL_ERROR_UNINITIALIZE when the runtime is not initialised.
[[nodiscard]] inline std::string effective_config_json(std::error_code &ec) {
    std::string out;
    detail::assign(ec, detail::copy_out(aclppGetEffectiveConfig, out));
    return out;
}
ACLPP_THROWING [[nodiscard]] inline std::string effective_config_json() {
    ACLPP_NEEDS_EXCEPTIONS("acl::effective_config_json(ec)");
    std::string out;
    const aclError rc = detail::copy_out(aclppGetEffectiveConfig, out);
    if (rc != ACL_SUCCESS) detail::raise(rc, "aclppGetEffectiveConfig");
    return out;
}

}  // namespace v1
}  // namespace acl
