// acl/version_check.hpp: do these headers and the loaded core library belong together?
//
// The C++ layer is header-only: it is compiled into the application and calls the core's C ABI
// and extensions. An application built against one aclpp's headers and run with another's
// libaclpp (a stale LD_LIBRARY_PATH, a second copy in a container image) would otherwise fail
// in ways that have nothing to do with the real cause. acl::check_core_version() compares
// ACLPP_VERSION (these headers, <acl/version.hpp>) with aclppCoreVersion() (the library the
// process actually loaded) and names both versions when they do not fit.
//
//     acl::check_core_version();          // throws acl::Error (ACL_ERROR_API_NOT_SUPPORT)
//     std::error_code ec;
//     acl::check_core_version(ec);        // ec == acl::Errc::api_not_support on a mismatch
//     std::string why = acl::core_version_mismatch();   // "" when they fit
#pragma once

#include <acl/aclpp_ext.h>

#include <acl/detail/macros.hpp>
#include <acl/error.hpp>
#include <acl/version.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>

namespace acl {
inline namespace v1 {

/// The version of these headers: major * 10000 + minor * 100 + patch (ACLPP_VERSION).
inline constexpr std::uint32_t header_version = ACLPP_VERSION;

/// True when a core of version `core` can serve headers of version `headers` (both encoded as
/// major * 10000 + minor * 100 + patch): the same major version, for 0.x also the same minor
/// version, and a core at least as new as the headers (a later patch release keeps the ABI;
/// an older core may lack what the headers call).
[[nodiscard]] constexpr bool core_version_compatible(std::uint32_t headers, std::uint32_t core) noexcept {
    const std::uint32_t header_major = headers / 10000;
    if (core / 10000 != header_major) return false;
    if (header_major == 0 && core / 100 % 100 != headers / 100 % 100) return false;
    return core >= headers;
}

/// "" when the loaded core fits these headers; otherwise one sentence naming both versions.
/// One snprintf, not a chain of std::string operators: every program that makes a ScopedInit
/// compiles this function, and the chain was most of the code such a program got from the
/// headers (issue 7, target 5). Cold and out of line: its 512-byte buffer must not become part
/// of the stack frame of every function that makes a ScopedInit.
[[nodiscard]] ACLPP_COLD inline std::string core_version_mismatch() {
    const std::uint32_t core = aclppCoreVersion();
    if (core_version_compatible(header_version, core)) return {};
    char text[512];
    const int length = std::snprintf(
        text, sizeof text,
        "aclpp version mismatch: the headers are %u.%u.%u (ACLPP_VERSION %u) but the loaded core library is "
        "%u.%u.%u (aclppCoreVersion() %u); build and run against the same aclpp release (same major version, "
        "for 0.x the same minor version, library at least as new as the headers)",
        header_version / 10000, header_version / 100 % 100, header_version % 100, header_version, core / 10000,
        core / 100 % 100, core % 100, core);
    if (length <= 0) return "aclpp version mismatch";
    return std::string(
        text, static_cast<std::size_t>(length) < sizeof text ? static_cast<std::size_t>(length) : sizeof text - 1);
}

/// The version of the compiled core as text, "major.minor.patch".
[[nodiscard]] inline std::string_view core_version() noexcept {
    const char *text = aclppCoreVersionString();
    return text != nullptr ? std::string_view(text) : std::string_view();
}

/// Checks the loaded core against these headers. Throws acl::Error with
/// ACL_ERROR_API_NOT_SUPPORT and a message naming both versions on a mismatch.
ACLPP_THROWING inline void check_core_version() {
    ACLPP_NEEDS_EXCEPTIONS("acl::check_core_version(ec)");
    if (core_version_compatible(header_version, aclppCoreVersion())) [[likely]]
        return;
    detail::raise_error(ACL_ERROR_API_NOT_SUPPORT, "acl::check_core_version", {}, core_version_mismatch());
}

/// The error_code twin: `ec` is acl::Errc::api_not_support on a mismatch (the text comes from
/// core_version_mismatch()), cleared otherwise.
inline void check_core_version(std::error_code &ec) noexcept {
    detail::assign(
        ec, core_version_compatible(header_version, aclppCoreVersion()) ? ACL_SUCCESS : ACL_ERROR_API_NOT_SUPPORT);
}

}  // namespace v1
}  // namespace acl
