// The C++ program every C++ consumer project builds (Meson subproject, Meson + pkg-config,
// CMake): the umbrella header, the version check, a runtime reference and a validation, as an
// application would use them. Exit status 0 only when every check holds.
#include <acl/acl.hpp>
#include <acl/config.hpp>
#include <acl/version.hpp>
#include <cstdio>
#include <string>
#include <string_view>
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
    // The headers and the library this binary loaded come from the same aclpp.
    expect(ACLPP_VERSION == ACLPP_VERSION_MAJOR * 10000 + ACLPP_VERSION_MINOR * 100 + ACLPP_VERSION_PATCH,
           "ACLPP_VERSION encodes major.minor.patch");
    expect(aclppCoreVersion() == ACLPP_VERSION, "aclppCoreVersion() == ACLPP_VERSION");
    expect(acl::core_version() == std::string_view(ACLPP_VERSION_STRING), "core_version() == ACLPP_VERSION_STRING");
    std::error_code ec;
    acl::check_core_version(ec);
    expect(!ec, "check_core_version(ec) reports no mismatch");
    acl::check_core_version();

    {
        acl::ScopedInit init{acl::ConfigText{R"({"err_msg_mode": "1"})"}};
        expect(init.is_owner(), "the first ScopedInit initialises the runtime");
        acl::ScopedInit second;  // a second component: joins, never fails with 100002
        expect(second.joined(), "a second ScopedInit joins");
    }
    aclppLifecycleState state{};
    expect(aclppGetLifecycleState(&state) == ACL_SUCCESS && state.refCount == 0, "both references are given back");

    aclppReport *report = nullptr;
    const std::string_view bad = R"({"dump": {"dump_mode": "everything"}})";
    expect(aclppValidateBuffer(bad.data(), bad.size(), nullptr, &report) == ACL_ERROR_INVALID_DUMP_CONFIG,
           "validation reports 100009 for a bad dump_mode");
    aclppReportFree(report);

    if (failures != 0) return 1;
    std::printf("aclpp %s (core %s): ok\n", ACLPP_VERSION_STRING, aclppCoreVersionString());
    return 0;
}
