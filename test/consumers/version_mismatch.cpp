// Headers older than the compiled core: this translation unit pretends to come from an earlier
// aclpp (ACLPP_VERSION one major/minor step below the core's), as an application built against
// stale headers would. acl::check_core_version() must report it, naming both versions.
// Its own executable: the faked macro must not meet the real one in another translation unit.
#include <acl/version.hpp>

#include <cstdint>

// One release below the real one: from 1.0 on an earlier major (x.9.9), for 0.x an earlier
// minor (0.1.9 for 0.2.0). Both are incompatible whatever the patch level.
#if ACLPP_VERSION_MAJOR > 0
#define ACLPP_TEST_FAKE_MAJOR (ACLPP_VERSION_MAJOR - 1)
#define ACLPP_TEST_FAKE_MINOR 9
#elif ACLPP_VERSION_MINOR > 0
#define ACLPP_TEST_FAKE_MAJOR 0
#define ACLPP_TEST_FAKE_MINOR (ACLPP_VERSION_MINOR - 1)
#else
#error "no release is older than 0.0.x: pick another way to fake an older header"
#endif
#define ACLPP_TEST_FAKE_PATCH 9
#undef ACLPP_VERSION
#define ACLPP_VERSION (ACLPP_TEST_FAKE_MAJOR * 10000 + ACLPP_TEST_FAKE_MINOR * 100 + ACLPP_TEST_FAKE_PATCH)

#include <acl/acl.hpp>
#include <cstdio>
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
std::string text(std::uint32_t v) {
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}
}  // namespace

int main() {
    static_assert(acl::header_version == ACLPP_VERSION, "the header version is the faked one");
    const std::uint32_t fake = ACLPP_VERSION;
    const std::uint32_t core = aclppCoreVersion();
    expect(fake < core, "the faked header version is older than the core");

    std::error_code ec;
    acl::check_core_version(ec);
    expect(ec == acl::Errc::api_not_support, "check_core_version(ec) gives Errc::api_not_support");
    expect(ec.category().name() == std::string("acl"), "the error is in the acl category");

    const std::string why = acl::core_version_mismatch();
    expect(why.find(text(fake)) != std::string::npos, "the message names the header version");
    expect(why.find(text(core)) != std::string::npos, "the message names the core version");
    expect(why.find("ACLPP_VERSION") != std::string::npos && why.find("aclppCoreVersion()") != std::string::npos,
           "the message says where each version comes from");

    bool thrown = false;
    try {
        acl::check_core_version();
    } catch (const acl::Error &e) {
        thrown = true;
        const std::string what = e.what();
        expect(e.errc() == acl::Errc::api_not_support, "acl::Error carries ACL_ERROR_API_NOT_SUPPORT");
        expect(e.function() == "acl::check_core_version", "acl::Error names acl::check_core_version");
        expect(what.find(text(fake)) != std::string::npos && what.find(text(core)) != std::string::npos,
               "what() names both versions");
        std::printf("reported: %s\n", e.what());
    }
    expect(thrown, "check_core_version() throws on a mismatch");

    if (failures != 0) return 1;
    return 0;
}
