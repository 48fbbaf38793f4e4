// The generated <acl/version.hpp> matches the project version and the compiled core, and
// acl::check_core_version() accepts it (issue "Packaging", versioning).
#include <acl/acl.hpp>
#include <acl/version.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

namespace {
int failures = 0;
void expect(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "FAILED: %s\n", what);
        ++failures;
    }
}
}  // namespace

int main() {
    expect(ACLPP_VERSION == ACLPP_VERSION_MAJOR * 10000 + ACLPP_VERSION_MINOR * 100 + ACLPP_VERSION_PATCH,
           "ACLPP_VERSION is major * 10000 + minor * 100 + patch");
    const std::string dotted = std::to_string(ACLPP_VERSION_MAJOR) + "." + std::to_string(ACLPP_VERSION_MINOR) + "." +
                               std::to_string(ACLPP_VERSION_PATCH);
    expect(dotted == ACLPP_VERSION_STRING, "ACLPP_VERSION_STRING is major.minor.patch");
    expect(dotted == ACLPP_TEST_PROJECT_VERSION, "the header carries meson.project_version()");
    expect(aclppCoreVersion() == ACLPP_VERSION, "aclppCoreVersion() == ACLPP_VERSION");
    expect(std::strcmp(aclppCoreVersionString(), ACLPP_VERSION_STRING) == 0,
           "aclppCoreVersionString() == ACLPP_VERSION_STRING");

    std::error_code ec = acl::make_error_code(acl::Errc::failure);
    acl::check_core_version(ec);
    expect(!ec, "check_core_version(ec) clears ec when the versions match");
    expect(acl::core_version_mismatch().empty(), "core_version_mismatch() is empty when the versions match");
    try {
        acl::check_core_version();
    } catch (const acl::Error &e) {
        std::fprintf(stderr, "unexpected: %s\n", e.what());
        ++failures;
    }

    // The compatibility rule: same major; for 0.x the same minor; the core at least as new.
    static_assert(acl::core_version_compatible(100, 100));
    static_assert(acl::core_version_compatible(100, 101));   // a later core patch release
    static_assert(!acl::core_version_compatible(101, 100));  // an older core
    static_assert(!acl::core_version_compatible(100, 200));  // 0.x: minor versions differ
    static_assert(acl::core_version_compatible(10200, 10300));
    static_assert(!acl::core_version_compatible(10300, 10200));
    static_assert(!acl::core_version_compatible(10000, 20000));
    static_assert(acl::header_version == ACLPP_VERSION);

    if (failures != 0) return 1;
    std::printf("headers and core %s: ok\n", ACLPP_VERSION_STRING);
    return 0;
}
